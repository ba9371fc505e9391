import CX11
import OskshiftCore
import Testing

@testable import X11Adapter

/// Each WM's frame after `_NET_MOVERESIZE_WINDOW` x, y = 300, 250 for a client 239x206, as measured on Xvfb (the
/// note on window managers, docs/x11-adapter.md "Window managers' readings"), and what the adapter makes of it.
@Suite("Frames, clients and extents as each window manager leaves them")
struct WindowManagerReadingsTests {
    let client = Rect(x: 0, y: 0, width: 239, height: 206)

    /// A frame on the root with the client inside at `offset`, and `_NET_FRAME_EXTENTS` when the WM sets it.
    func desktop(frame: Rect, offset: Point, extents: [Int]?) -> FakeTree {
        let tree = FakeTree()
        tree.add(Windows.frame, x: frame.x, y: frame.y, width: frame.width, height: frame.height)
        tree.add(Windows.client, in: Windows.frame, x: offset.x, y: offset.y, width: 239, height: 206, wmState: 1,
            frameExtents: extents)
        return tree
    }

    @Test("openbox: the frame is the X frame, and client plus _NET_FRAME_EXTENTS fill it exactly")
    func openbox() {
        let tree = desktop(frame: Rect(x: 300, y: 250, width: 241, height: 231), offset: Point(x: 1, y: 20),
            extents: [1, 1, 20, 5])
        let read = tree.topLevel(client: Windows.client)
        #expect(read == TopLevel(client: Windows.client, frame: Windows.frame,
            frameRect: Rect(x: 300, y: 250, width: 241, height: 231),
            extents: FrameExtents(left: 1, right: 1, top: 20, bottom: 5)))
        #expect(read.map { $0.extents.clientRect(ofFrame: $0.frameRect) } == tree.rootRect(Windows.client))
    }

    @Test("marco: the X frame holds 10 px invisible borders on every side that _NET_FRAME_EXTENTS leaves out")
    func marco() {
        let tree = desktop(frame: Rect(x: 290, y: 240, width: 265, height: 252), offset: Point(x: 13, y: 33),
            extents: [3, 3, 23, 3])
        let read = tree.topLevel(client: Windows.client)
        #expect(read == TopLevel(client: Windows.client, frame: Windows.frame,
            frameRect: Rect(x: 290, y: 240, width: 265, height: 252),
            extents: FrameExtents(left: 3, right: 3, top: 23, bottom: 3)))
        // The client as frame minus extents is 20 px wider and taller than the client on the server.
        #expect(read.map { $0.extents.clientRect(ofFrame: $0.frameRect) } == Rect(x: 293, y: 263, width: 259,
            height: 226))
        #expect(tree.rootRect(Windows.client) == Rect(x: 303, y: 273, width: 239, height: 206))
    }

    @Test("mutter: invisible borders of 10 px left, right and below, 8 px above the title, none in the extents")
    func mutter() {
        let tree = desktop(frame: Rect(x: 290, y: 242, width: 259, height: 261), offset: Point(x: 10, y: 45),
            extents: [0, 0, 37, 0])
        let read = tree.topLevel(client: Windows.client)
        #expect(read?.extents == FrameExtents(left: 0, right: 0, top: 37, bottom: 0))
        #expect(read.map { $0.extents.clientRect(ofFrame: $0.frameRect) } == Rect(x: 290, y: 279, width: 259,
            height: 224))
        #expect(tree.rootRect(Windows.client) == Rect(x: 300, y: 287, width: 239, height: 206))
    }

    @Test("i3 sets no _NET_FRAME_EXTENTS: the extents are the client's offsets inside its frame")
    func i3() {
        let tree = desktop(frame: Rect(x: 298, y: 232, width: 243, height: 226), offset: Point(x: 2, y: 18),
            extents: nil)
        #expect(tree.topLevel(client: Windows.client) == TopLevel(client: Windows.client, frame: Windows.frame,
            frameRect: Rect(x: 298, y: 232, width: 243, height: 226),
            extents: FrameExtents(left: 2, right: 2, top: 18, bottom: 2)))
    }

    @Test("A _NET_FRAME_EXTENTS value over 4096 (-1 as a CARDINAL) is not believed: the tree tells the extents")
    func malformedExtents() {
        let tree = desktop(frame: Rect(x: 300, y: 250, width: 241, height: 231), offset: Point(x: 1, y: 20),
            extents: [1, 1, -1, 5])
        #expect(tree.topLevel(client: Windows.client)?.extents == FrameExtents(left: 1, right: 1, top: 20, bottom: 5))
    }

    @Test("A client that is its own top-level with a 2 px X border: the border is its frame, 2 px on every side")
    func unreparentedWithABorder() {
        let tree = FakeTree()
        tree.add(Windows.client, x: 300, y: 250, width: 239, height: 206, border: 2, wmState: 1)
        let read = tree.topLevel(client: Windows.client)
        #expect(read == TopLevel(client: Windows.client, frame: Windows.client,
            frameRect: Rect(x: 300, y: 250, width: 243, height: 210),
            extents: FrameExtents(left: 2, right: 2, top: 2, bottom: 2)))
        #expect(read.map { $0.extents.clientRect(ofFrame: $0.frameRect) } == tree.rootRect(Windows.client))
    }

    @Test("kwin_x11 without a decoration plugin: the client is its own frame, with no extents")
    func kwinWithoutDecorations() {
        let tree = FakeTree()
        tree.add(Windows.client, x: 300, y: 250, width: 239, height: 206, wmState: 1)
        #expect(tree.topLevel(client: Windows.client) == TopLevel(client: Windows.client, frame: Windows.client,
            frameRect: Rect(x: 300, y: 250, width: 239, height: 206), extents: .none))
    }

    @Test("A client reaching outside its frame gives no extents rather than negative ones")
    func clientOutsideItsFrame() {
        let tree = desktop(frame: Rect(x: 300, y: 250, width: 100, height: 100), offset: Point(x: 1, y: 20),
            extents: nil)
        #expect(tree.topLevel(client: Windows.client)?.extents == FrameExtents.none)
    }

    @Test("A client nested two levels down is found from its frame, from a subwindow, and from the frame itself")
    func nestedClient() {
        let tree = FakeTree()
        let wrapper: Window = 0x150, entry: Window = 0x210
        tree.add(Windows.frame, x: 290, y: 240, width: 265, height: 252)
        tree.add(0x120, in: Windows.frame, x: 0, y: 0, width: 265, height: 33)  // a title-bar decoration
        tree.add(wrapper, in: Windows.frame, x: 13, y: 33, width: 239, height: 206)
        tree.add(Windows.client, in: wrapper, x: 0, y: 0, width: 239, height: 206, wmState: 1)
        tree.add(entry, in: Windows.client, x: 10, y: 150, width: 200, height: 24)
        #expect(tree.topLevel(of: Windows.client) == Windows.frame)
        #expect(tree.client(inTopLevel: Windows.frame) == Windows.client)
        #expect(tree.client(containing: entry) == Windows.client)
        #expect(tree.client(containing: Windows.frame) == Windows.client)
        #expect(tree.isDescendant(entry, of: Windows.client))
        #expect(!tree.isDescendant(Windows.client, of: entry))
        #expect(Set(tree.descendants(of: Windows.frame)) == [0x120, wrapper, Windows.client, entry])
    }

    @Test("A client 4 levels below its frame, or among over 64 windows on one level, is not searched for")
    func searchLimits() {
        let tree = FakeTree()
        tree.add(Windows.frame, x: 0, y: 0, width: 100, height: 100)
        var parent = Windows.frame
        for level: Window in 1...3 {
            tree.add(0x1000 + level, in: parent, x: 0, y: 0, width: 100, height: 100)
            parent = 0x1000 + level
        }
        tree.add(Windows.client, in: parent, x: 0, y: 0, width: 100, height: 100, wmState: 1)
        #expect(tree.client(inTopLevel: Windows.frame) == nil)

        let wide = FakeTree()
        wide.add(Windows.frame, x: 0, y: 0, width: 100, height: 100)
        for child: Window in 0..<65 { wide.add(0x2000 + child, in: Windows.frame, x: 0, y: 0, width: 1, height: 1) }
        wide.update(0x2000 + 64) { $0.wmState = 1 }
        #expect(wide.client(inTopLevel: Windows.frame) == nil)
    }

    @Test("A window that is gone has no top-level and no client")
    func goneWindow() {
        let tree = FakeTree()
        #expect(tree.topLevel(of: Windows.client) == nil)
        #expect(tree.topLevel(client: Windows.client) == nil)
        #expect(tree.client(containing: Windows.client) == nil)
    }
}
