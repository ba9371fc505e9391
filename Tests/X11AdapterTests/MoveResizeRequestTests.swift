import OskshiftCore
import Testing

@testable import X11Adapter

@Suite("What the writer asks a window manager for")
struct MoveResizeRequestTests {
    let openboxExtents = FrameExtents(left: 1, right: 1, top: 20, bottom: 5)

    func request(_ frame: Rect, _ extents: FrameExtents, supportsMoveResize: Bool = true,
        placement: MoveResizeRequest.Placement = .reparented) -> MoveResizeRequest
    {
        MoveResizeRequest(frame: frame, extents: extents, supportsMoveResize: supportsMoveResize,
            placement: placement)
    }

    @Test("The flags say gravity NorthWest, x, y, width and height given, from a pager or tool")
    func flags() {
        #expect(MoveResizeRequest.netMoveResizeFlags == 0x2F01)
    }

    @Test("_NET_MOVERESIZE_WINDOW carries the frame's top-left and the client's size (openbox: the frame lands there)")
    func netMoveResizeUnderOpenbox() {
        #expect(request(Rect(x: 300, y: 250, width: 241, height: 231), openboxExtents)
            == .netMoveResizeWindow(flags: 0x2F01, x: 300, y: 250, width: 239, height: 206))
        #expect(request(Rect(x: 300, y: -100, width: 241, height: 131), openboxExtents)
            == .netMoveResizeWindow(flags: 0x2F01, x: 300, y: -100, width: 239, height: 106))
    }

    @Test("Whether the client is reparented is not asked when the WM takes _NET_MOVERESIZE_WINDOW (a QueryTree)")
    func noTreeQueryForTheMessage() {
        var asked = false
        func placement() -> MoveResizeRequest.Placement {
            asked = true
            return .reparented
        }
        _ = MoveResizeRequest(frame: Rect(x: 0, y: 0, width: 241, height: 231), extents: openboxExtents,
            supportsMoveResize: true, placement: placement())
        #expect(!asked)
    }

    @Test("marco's X frame as read, sent back, asks for a client 20 px wider and taller than the one it holds")
    func marcoFrameSentBack() {
        // The frame read under marco (WindowManagerReadingsTests.marco), moved up: its invisible borders count as
        // client size, because _NET_FRAME_EXTENTS leaves them out.
        #expect(request(Rect(x: 290, y: 100, width: 265, height: 252), FrameExtents(left: 3, right: 3, top: 23,
            bottom: 3)) == .netMoveResizeWindow(flags: 0x2F01, x: 290, y: 100, width: 259, height: 226))
    }

    @Test("i3's frame read from the tree is sent as the frame's top-left, which i3 takes for the client's")
    func i3FrameSentBack() {
        // i3 then puts the client at 298, 100: 2 px left of and 18 px above where the frame was asked to be.
        #expect(request(Rect(x: 298, y: 100, width: 243, height: 226), FrameExtents(left: 2, right: 2, top: 18,
            bottom: 2)) == .netMoveResizeWindow(flags: 0x2F01, x: 298, y: 100, width: 239, height: 206))
    }

    @Test("Without the message, a reparented client's ConfigureRequest carries the frame's top-left (ICCCM gravity)")
    func configureRequestForAReparentedClient() {
        #expect(request(Rect(x: 300, y: 100, width: 241, height: 231), openboxExtents, supportsMoveResize: false)
            == .configureClient(x: 300, y: 100, width: 239, height: 206))
    }

    @Test("A client that is its own top-level without a border is asked for its client rect")
    func configureRequestForAnUnreparentedClient() {
        #expect(request(Rect(x: 300, y: 100, width: 239, height: 206), .none, supportsMoveResize: false,
            placement: .ownTopLevel(border: 0)) == .configureClient(x: 300, y: 100, width: 239, height: 206))
        #expect(request(Rect(x: 300, y: 100, width: 241, height: 231), openboxExtents, supportsMoveResize: false,
            placement: .ownTopLevel(border: 0)) == .configureClient(x: 301, y: 120, width: 239, height: 206))
    }

    @Test("A client that is its own top-level with a 2 px X border is asked for the frame's corner, inside size")
    func configureRequestForAnUnreparentedClientWithABorder() {
        // The frame is the server's outer rect (243x210 for a 239x206 client); the extents from the tree are the
        // border. XConfigureWindow places the border's outer corner at x, y: the frame lands where it is asked.
        #expect(request(Rect(x: 300, y: 100, width: 243, height: 210), FrameExtents(left: 2, right: 2, top: 2,
            bottom: 2), supportsMoveResize: false, placement: .ownTopLevel(border: 2))
            == .configureClient(x: 300, y: 100, width: 239, height: 206))
    }

    @Test("A reparented client's X border stays out of the request: the frame's corner and the size inside it")
    func configureRequestForAReparentedClientWithABorder() {
        // The frame's rect in root coordinates counts every border; the extents from the tree count the client's
        // border too (client's inside origin less the frame's outer one), so the size sent is inside it.
        #expect(request(Rect(x: 300, y: 100, width: 247, height: 232), FrameExtents(left: 4, right: 4, top: 22,
            bottom: 4), supportsMoveResize: false)
            == .configureClient(x: 300, y: 100, width: 239, height: 206))
    }

    @Test("A frame no bigger than its extents asks for a 1x1 client, never an empty one")
    func neverEmpty() {
        #expect(request(Rect(x: 0, y: 0, width: 2, height: 20), openboxExtents)
            == .netMoveResizeWindow(flags: 0x2F01, x: 0, y: 0, width: 1, height: 1))
        #expect(request(Rect(x: 0, y: 0, width: 2, height: 20), openboxExtents, supportsMoveResize: false)
            == .configureClient(x: 0, y: 0, width: 1, height: 1))
    }
}
