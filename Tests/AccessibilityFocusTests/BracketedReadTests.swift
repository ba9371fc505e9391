@testable import AccessibilityFocus
import OskshiftCore
import Testing

@Suite("A field's screen rects read between two reads of its top-level")
struct BracketedReadTests {
    /// An application whose window moves from y 179 to y 400 after `moveAfter` calls (each top-level or field
    /// read is one call), as GTK 3 under blackbox took in the window manager's restore between two reads.
    final class MovingWindow {
        var calls = 0
        let moveAfter: Int
        init(moveAfter: Int) { self.moveAfter = moveAfter }
        var windowY: Int { calls > moveAfter ? 400 : 179 }
        func toplevel() -> Rect? {
            calls += 1
            return Rect(x: 100, y: windowY, width: 402, height: 333)
        }
        func field() -> Rect {
            calls += 1
            return Rect(x: 109, y: windowY + 281, width: 384, height: 34)
        }
    }

    @Test("A window that stands still: the field is read once, between two reads of the top-level")
    func standingStill() {
        let window = MovingWindow(moveAfter: 100)
        let read = BracketedRead.read(toplevel: window.toplevel, fields: window.field)
        #expect(read.fields == Rect(x: 109, y: 460, width: 384, height: 34))
        #expect(read.toplevel == Rect(x: 100, y: 179, width: 402, height: 333))
        #expect(window.calls == 3)
    }

    @Test("A window moved between the field's read and the top-level's: read again, the field 281 px below its top")
    func movedBetweenTheReads() {
        let window = MovingWindow(moveAfter: 2)
        let read = BracketedRead.read(toplevel: window.toplevel, fields: window.field)
        #expect(read.fields == Rect(x: 109, y: 681, width: 384, height: 34))
        #expect(read.toplevel == Rect(x: 100, y: 400, width: 402, height: 333))
        #expect(window.calls == 5)
    }

    @Test("A window that moves at every read: the third read is taken as it is, no more calls")
    func neverStill() {
        var y = 0
        let read = BracketedRead.read(toplevel: { () -> Rect? in y += 10; return Rect(x: 0, y: y, width: 10, height: 10) },
                                      fields: { y })
        #expect(read.fields == 30)
        #expect(read.toplevel == Rect(x: 0, y: 40, width: 10, height: 10))
    }

    @Test("No top-level to read: the field is read once")
    func withoutTopLevel() {
        var reads = 0
        let read = BracketedRead.read(toplevel: { () -> Rect? in nil }, fields: { () -> Int in reads += 1; return reads })
        #expect(read.fields == 1)
        #expect(read.toplevel == nil)
    }
}
