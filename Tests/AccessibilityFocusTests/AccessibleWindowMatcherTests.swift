@testable import AccessibilityFocus
import OskshiftCore
import Testing

/// Numbers measured on Xvfb + openbox (frame extents 1, 1, 20, 5) with tests/fixtures/gtk_form.py.
@Suite("Matching an update to its X window, and GTK3's HiDPI scale")
struct AccessibleWindowMatcherTests {
    typealias Candidate = AccessibleWindowCandidate<UInt>

    @Test("GTK3 at scale 1: the reported top-level is the WM frame")
    func gtkScaleOne() {
        let update = AccessibleFocusUpdate(
            editable: true, pid: 16386, widget: Rect(x: 109, y: 178, width: 384, height: 34),
            toplevel: Rect(x: 100, y: 150, width: 402, height: 325))
        let form = Candidate(id: 1, pid: 16386, frame: Rect(x: 100, y: 150, width: 402, height: 325),
                             client: Rect(x: 101, y: 170, width: 400, height: 300))
        let other = Candidate(id: 2, pid: 999, frame: Rect(x: 100, y: 150, width: 402, height: 325),
                              client: Rect(x: 101, y: 170, width: 400, height: 300))
        let match = AccessibleWindowMatcher.match(update, among: [other, form])
        #expect(match == AccessibleWindowMatch(id: 1, scale: 1, correction: Point(x: 0, y: 0)))
        #expect(match?.apply(to: update) == update)
    }

    @Test("GTK3 at GDK_SCALE=2 reports logical pixels: scale 2, to within a pixel of the X geometry")
    func gtkScaleTwo() {
        // X: client 800x600+201+195, frame 802x625+200+175. AT-SPI: entry 384x34+108+105, frame 401x313+100+87.
        let update = AccessibleFocusUpdate(
            editable: true, pid: 16932, widget: Rect(x: 108, y: 105, width: 384, height: 34),
            caret: Rect(x: 140, y: 113, width: 1, height: 17), toplevel: Rect(x: 100, y: 87, width: 401, height: 313))
        let form = Candidate(id: 7, pid: 16932, frame: Rect(x: 200, y: 175, width: 802, height: 625),
                             client: Rect(x: 201, y: 195, width: 800, height: 600))
        let match = AccessibleWindowMatcher.match(update, among: [form])
        #expect(match?.scale == 2)
        let widget = match?.apply(to: update).widget
        // The entry sits 8 logical (16 device) pixels inside the client: 768x68+217+211.
        #expect(widget.map { abs($0.x - 217) <= 1 && abs($0.y - 211) <= 1 } == true)
        #expect(widget?.size == Size(width: 768, height: 68))
    }

    @Test("A window of another process never matches")
    func otherProcess() {
        let update = AccessibleFocusUpdate(editable: true, pid: 5, widget: Rect(x: 10, y: 10, width: 50, height: 20))
        let window = Candidate(id: 1, pid: 6, frame: Rect(x: 0, y: 0, width: 500, height: 500),
                               client: Rect(x: 0, y: 0, width: 500, height: 500))
        #expect(AccessibleWindowMatcher.match(update, among: [window]) == nil)
    }

    @Test("Without a top-level, a field inside the client rect matches at scale 1")
    func containment() {
        let update = AccessibleFocusUpdate(editable: true, pid: 5, widget: Rect(x: 20, y: 40, width: 50, height: 20))
        let window = Candidate(id: 3, pid: nil, frame: Rect(x: 0, y: 0, width: 500, height: 500),
                               client: Rect(x: 1, y: 20, width: 498, height: 475))
        #expect(AccessibleWindowMatcher.match(update, among: [window])
            == AccessibleWindowMatch(id: 3, scale: 1, correction: Point(x: 0, y: 0)))
    }

    @Test("Focus outside editable fields matches no window")
    func leftEditable() {
        let window = Candidate(id: 3, pid: 5, frame: Rect(x: 0, y: 0, width: 500, height: 500),
                               client: Rect(x: 0, y: 0, width: 500, height: 500))
        #expect(AccessibleWindowMatcher.match(.leftEditable(pid: 5, timeMs: 0), among: [window]) == nil)
    }
}

@Suite("Chromium's scaled content")
struct ChromiumScaleTests {
    @Test("Chromium at device scale 2 is matched at scale 1: its fields are real pixels, its top-level is not")
    func chromiumIsNeverScaled() throws {
        let update = AccessibleFocusUpdate(editable: true, pid: 7, widget: Rect(x: 80, y: 608, width: 1200, height: 72),
                                           toplevel: Rect(x: 0, y: 0, width: 640, height: 400), toolkit: "Chromium")
        let window = AccessibleWindowCandidate(id: 1, pid: 7, frame: Rect(x: 0, y: 0, width: 1280, height: 800),
                                               client: Rect(x: 0, y: 0, width: 1280, height: 800))
        let match = try #require(AccessibleWindowMatcher.match(update, among: [window]))
        #expect(match.scale == 1)
        #expect(match.apply(to: update).widget == Rect(x: 80, y: 608, width: 1200, height: 72))
    }
}
