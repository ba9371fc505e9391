@testable import AccessibilityFocus
import OskshiftCore
import Testing

@Suite("Updates as focus rects for the engine")
struct AccessibleFocusUpdateTests {
    let entry = Rect(x: 109, y: 178, width: 384, height: 34)
    let caret = Rect(x: 141, y: 186, width: 1, height: 17)

    func update(widget: Rect?, caret: Rect?, editable: Bool = true) -> AccessibleFocusUpdate {
        AccessibleFocusUpdate(editable: editable, pid: 100, widget: widget, caret: caret, lineMode: .single)
    }

    @Test("The caret source carries the whole field and the caret box; the widget source only the field")
    func sources() {
        let both = update(widget: entry, caret: caret)
        #expect(both.focusRect(for: .caret) == FocusRect(rect: entry, caret: caret, source: .caret))
        #expect(both.focusRect(for: .widget) == FocusRect(rect: entry, source: .widget))
        #expect(both.focusRect(for: .inputFocus) == nil)
        #expect(both.focusRect(for: .pointer) == nil)
        #expect(both.focusRect(for: .window) == nil)
    }

    @Test("Without the field's extents the caret source uses the caret box as the field")
    func caretWithoutWidget() {
        #expect(update(widget: nil, caret: caret).focusRect(for: .caret)
            == FocusRect(rect: caret, caret: caret, source: .caret))
        #expect(update(widget: nil, caret: caret).focusRect(for: .widget) == nil)
    }

    @Test("An unknown caret leaves the caret source to the next one")
    func unknownCaret() {
        #expect(update(widget: entry, caret: nil).focusRect(for: .caret) == nil)
    }

    @Test("Focus outside editable fields gives no focus rect")
    func leftEditable() {
        #expect(AccessibleFocusUpdate.leftEditable(pid: 100, timeMs: 5).focusRect(for: .widget) == nil)
        #expect(update(widget: entry, caret: caret, editable: false).focusRect(for: .caret) == nil)
    }

    @Test("Scaling multiplies every rect")
    func scaling() {
        let scaled = update(widget: entry, caret: caret).scaled(by: 2)
        #expect(scaled.widget == Rect(x: 218, y: 356, width: 768, height: 68))
        #expect(scaled.caret == Rect(x: 282, y: 372, width: 2, height: 34))
    }

    @Test("Updates that differ only in cause and time have the same content")
    func sameContent() {
        var later = update(widget: entry, caret: caret)
        later.change = .caret
        later.timeMs = 99
        #expect(later.hasSameContent(as: update(widget: entry, caret: caret)))
        #expect(!later.hasSameContent(as: update(widget: entry, caret: caret.offsetBy(dx: 8))))
    }
}
