@testable import AccessibilityFocus
import OskshiftCore
import Testing

@Suite("Updates as the watcher posts them")
struct AccessibleFocusUpdateTests {
    let entry = Rect(x: 109, y: 178, width: 384, height: 34)
    let caret = Rect(x: 141, y: 186, width: 1, height: 17)

    func update(widget: Rect?, caret: Rect?, editable: Bool = true) -> AccessibleFocusUpdate {
        AccessibleFocusUpdate(editable: editable, pid: 100, widget: widget, caret: caret, lineMode: .single)
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
