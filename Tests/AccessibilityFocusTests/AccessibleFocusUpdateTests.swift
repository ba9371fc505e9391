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

    @Test("A window-coordinate sample is scaled with the rest, counts as content, and is named apart in the trace")
    func windowCoordinateSample() {
        var sampled = update(widget: entry, caret: nil)
        sampled.sampleInWindow = Rect(x: 8, y: 8, width: 384, height: 34)
        #expect(sampled.scaled(by: 2).sampleInWindow == Rect(x: 16, y: 16, width: 768, height: 68))
        #expect(!sampled.hasSameContent(as: update(widget: entry, caret: nil)))
        #expect(sampled.description == "t=0 change=focus editable pid=100 toolkit=- lines=single widget=384x34+109+178 "
            + "caret=- toplevel=- sample-in-window=384x34+8+8")
        // The e2e tests tell a read in window coordinates by " in-window=".
        #expect(!sampled.description.contains(" in-window="))
    }
}
