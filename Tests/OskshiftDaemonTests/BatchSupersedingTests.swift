import AccessibilityFocus
import OskshiftCore
import Testing

@testable import oskshift

/// Per application the last update of a drained batch counts (`AccessibilityBridge.keepLast`).
@Suite("Updates superseded in their batch")
struct BatchSupersedingTests {
    static func update(_ pid: Int32, field: UInt, _ change: AccessibleFocusUpdate.Change, y: Int = 500)
        -> AccessibleFocusUpdate {
        AccessibleFocusUpdate(editable: true, pid: pid, fieldID: field, widget: Rect(x: 10, y: y, width: 100, height: 30),
                              change: change)
    }

    @Test("The last update of an application replaces its earlier ones in the batch, other applications' stay")
    func lastUpdatePerApplicationCounts() {
        var updates = [Self.update(1, field: 7, .bounds, y: 400), Self.update(2, field: 9, .caret)]
        let superseded = AccessibilityBridge.keepLast(Self.update(1, field: 7, .bounds, y: 420), in: &updates)
        #expect(superseded == [Self.update(1, field: 7, .bounds, y: 400)])
        #expect(updates == [Self.update(2, field: 9, .caret), Self.update(1, field: 7, .bounds, y: 420)])
    }

    @Test("A focus change superseded by the new field's bounds in the same batch still reaches the engine as a focus change")
    func supersededFocusChangeStaysATrigger() {
        var updates = [Self.update(1, field: 8, .focus)]
        _ = AccessibilityBridge.keepLast(Self.update(1, field: 8, .bounds, y: 540), in: &updates)
        #expect(updates == [Self.update(1, field: 8, .focus, y: 540)])
    }

    @Test("A re-layout after a re-layout stays a re-layout")
    func relayoutStaysRelayout() {
        var updates = [Self.update(1, field: 8, .bounds)]
        _ = AccessibilityBridge.keepLast(Self.update(1, field: 8, .still, y: 540), in: &updates)
        #expect(updates == [Self.update(1, field: 8, .still, y: 540)])
    }
}
