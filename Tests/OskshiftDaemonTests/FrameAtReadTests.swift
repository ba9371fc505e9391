import AccessibilityFocus
import OskshiftCore
import Testing

@testable import oskshift

/// The window's frame when an application read its field's rects, from the top-level it reported with them.
@Suite("The frame at the moment of the read")
struct FrameAtReadTests {
    /// openbox's frame around the client: 1 px sides, a 20 px title, 5 px bottom.
    let frame = Rect(x: 100, y: 80, width: 402, height: 325)
    let client = Rect(x: 101, y: 100, width: 400, height: 300)

    func window(frame: Rect? = nil, client: Rect? = nil) -> AccessibleWindowCandidate<WindowID> {
        AccessibleWindowCandidate(id: WindowID(0x100), pid: 42, frame: frame ?? self.frame, client: client ?? self.client)
    }

    @Test("A top-level the size of the frame is the frame at read time (GTK3 reports the WM frame)")
    func frameSizedTopLevel() {
        let read = Rect(x: 100, y: 200, width: 402, height: 325)
        #expect(AccessibilityBridge.frameAtRead(reportedBy: read, window: window(), tolerance: 2) == read)
    }

    @Test("A top-level the size of the client is grown by the decorations (Qt and browsers report the client)")
    func clientSizedTopLevel() {
        let read = Rect(x: 101, y: 220, width: 400, height: 300)
        #expect(AccessibilityBridge.frameAtRead(reportedBy: read, window: window(), tolerance: 2)
            == Rect(x: 100, y: 200, width: 402, height: 325))
    }

    @Test("The frame without its X border at the frame's place (GTK3 under twm) is the frame, border included")
    func frameInsideItsXBorder() {
        // twm: a 2 px X border around a frame holding a 19 px title above the client; GTK3 reports the frame's
        // place with its size inside the border (XGetGeometry's), the engine's frame has the border.
        let frame = Rect(x: 100, y: 400, width: 404, height: 323)
        let client = Rect(x: 102, y: 421, width: 400, height: 300)
        #expect(AccessibilityBridge.frameAtRead(reportedBy: Rect(x: 100, y: 400, width: 400, height: 319),
            window: window(frame: frame, client: client), tolerance: 2) == frame)
    }

    @Test("The frame's place and width with the client's height (LibreOffice after an unmaximize) is the frame now")
    func frameWidthWithClientHeight() {
        let read = Rect(x: 100, y: 80, width: 402, height: 300)
        #expect(AccessibilityBridge.frameAtRead(reportedBy: read, window: window(), tolerance: 2) == frame)
    }

    @Test("Read before an inset shrank the window: the frame's width tells it, the height is the reported one")
    func readBeforeTheHeightChanged() {
        let shrunkFrame = Rect(x: 100, y: 0, width: 402, height: 200)
        let shrunkClient = Rect(x: 101, y: 20, width: 400, height: 175)
        let read = Rect(x: 100, y: 80, width: 402, height: 325)
        #expect(AccessibilityBridge.frameAtRead(reportedBy: read, window: window(frame: shrunkFrame, client: shrunkClient),
                                                tolerance: 2) == read)
    }

    @Test("A client-wide top-level of another height is grown by the decorations too")
    func clientWideOfAnotherHeight() {
        let read = Rect(x: 101, y: 20, width: 400, height: 175)
        #expect(AccessibilityBridge.frameAtRead(reportedBy: read, window: window(), tolerance: 2)
            == Rect(x: 100, y: 0, width: 402, height: 200))
    }

    @Test("Within the tolerance of a HiDPI rounding, the frame at read is at the place reported with the server's size")
    func withinTheTolerance() {
        let read = Rect(x: 100, y: 200, width: 403, height: 324)
        #expect(AccessibilityBridge.frameAtRead(reportedBy: read, window: window(), tolerance: 2)
            == Rect(x: 100, y: 200, width: 402, height: 325))
    }

    @Test("The frame as drawn inside invisible borders (GTK3 under marco) gives the X frame at read, borders included")
    func drawnFrameInsideInvisibleBorders() {
        // marco: the X frame holds 10 px invisible borders around the frame _NET_FRAME_EXTENTS (3,3,23,3) describes;
        // GTK3 reports the client grown by the extents. Read after our move landed on the server and before its
        // ConfigureNotify reached us (the frame known is still the old one): measured 406x326+100+181 for the X
        // frame known at 426x346+90+191, which landed at 426x346+90+171.
        let known = AccessibleWindowCandidate(id: WindowID(0x100), pid: 42, frame: Rect(x: 90, y: 191, width: 426, height: 346),
                                              client: Rect(x: 93, y: 214, width: 420, height: 320),
                                              invisibleBorders: FrameExtents(left: 10, right: 10, top: 10, bottom: 10))
        #expect(AccessibilityBridge.frameAtRead(reportedBy: Rect(x: 100, y: 181, width: 406, height: 326), window: known,
                                                tolerance: 2) == Rect(x: 90, y: 171, width: 426, height: 346))
    }

    @Test("Window-relative rects (GTK 4) were placed at the client now: the frame now, whatever the top-level")
    func windowRelativeMeansTheFrameNow() {
        let placed = Rect(x: 101, y: 100, width: 400, height: 300)
        #expect(AccessibilityBridge.frameAtRead(reportedBy: placed, window: window(frame: frame.offsetBy(dx: 0, dy: -90)),
                                                tolerance: 2, coordinates: .window) == frame.offsetBy(dx: 0, dy: -90))
    }

    @Test("No top-level, or one of no size the window has, gives the frame now")
    func unusableTopLevel() {
        #expect(AccessibilityBridge.frameAtRead(reportedBy: nil, window: window(), tolerance: 2) == frame)
        #expect(AccessibilityBridge.frameAtRead(reportedBy: Rect(x: 0, y: 0, width: 1280, height: 800),
                                                window: window(), tolerance: 2) == frame)
    }
}

@Suite("The frame at the moment of the read, undecorated sides")
struct FrameAtReadUndecoratedTests {
    @Test("Sides without borders cannot tell frame from client by width: the client, grown by the title")
    func undecoratedSidesMeanTheClient() {
        let window = AccessibleWindowCandidate(id: WindowID(0x100), pid: 42, frame: Rect(x: 0, y: 0, width: 400, height: 320),
                                               client: Rect(x: 0, y: 20, width: 400, height: 300))
        #expect(AccessibilityBridge.frameAtRead(reportedBy: Rect(x: 0, y: 20, width: 400, height: 200), window: window,
                                                tolerance: 2) == Rect(x: 0, y: 0, width: 400, height: 220))
    }
}
