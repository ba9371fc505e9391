import CX11
import OskshiftCore
import Testing

@testable import X11Adapter

@Suite("Frames and clients as the events report them")
struct FrameBookkeepingTests {
    @Test("A client reparented into a frame the root created has that frame, learnt from one WM_STATE read")
    func reparentedIntoAFrame() {
        var desktop = OpenboxDesktop()
        #expect(desktop.manage() == .client(Windows.client))
        #expect(desktop.known == OpenboxDesktop.managed)
        #expect(desktop.tree.reads == ["WM_STATE 0x200"])
    }

    @Test("A managed client's top-level is answered from the events: only its extents are read")
    func topLevelWithoutARoundTrip() {
        var desktop = OpenboxDesktop()
        _ = desktop.manage()
        desktop.tree.reads = []
        #expect(desktop.known.topLevel(client: Windows.client, in: desktop.tree) == TopLevel(
            client: Windows.client, frame: Windows.frame, frameRect: OpenboxDesktop.frameRect,
            extents: FrameExtents(left: 1, right: 1, top: 20, bottom: 5)))
        #expect(desktop.known.frame(of: Windows.client, in: desktop.tree) == Windows.frame)
        #expect(desktop.known.rect(ofRootChild: Windows.frame, in: desktop.tree) == OpenboxDesktop.frameRect)
        #expect(desktop.tree.reads == ["_NET_FRAME_EXTENTS 0x200"])
    }

    @Test("A frame whose client has no WM_STATE yet maps as awaiting it; once set, the client is that one window")
    func frameMappedBeforeWMState() {
        var desktop = OpenboxDesktop(withWMState: false)
        #expect(desktop.manage() == .awaitingWMState(Windows.client))
        #expect(desktop.known.clientOfTopLevel == [:])
        desktop.tree.update(Windows.client) { $0.wmState = 1 }
        desktop.tree.reads = []
        #expect(desktop.known.client(ofTopLevel: Windows.frame, in: desktop.tree) == Windows.client)
        // The one candidate is checked; the frame's tree is not searched.
        #expect(desktop.tree.reads == ["WM_STATE 0x200"])
        #expect(desktop.known.clientOfTopLevel == [Windows.frame: Windows.client])
    }

    @Test("A client reparented into a window that is not a root child has no known frame; the tree is walked")
    func reparentedIntoAWrapper() {
        let tree = FakeTree()
        let wrapper: Window = 0x150
        tree.add(Windows.frame, x: 290, y: 240, width: 265, height: 252)
        tree.add(wrapper, in: Windows.frame, x: 13, y: 33, width: 239, height: 206)
        tree.add(Windows.client, in: wrapper, x: 0, y: 0, width: 239, height: 206, wmState: 1)
        var known = KnownWindows()
        known.created(Events.create(Windows.frame, parent: tree.root, x: 290, y: 240, width: 265, height: 252),
            root: tree.root)
        known.reparented(Events.reparent(Windows.client, into: wrapper, seenOn: Windows.client), in: tree)
        #expect(known.frameOf[Windows.client] == nil)
        #expect(known.framedDirectly.isEmpty)
        #expect(known.frame(of: Windows.client, in: tree) == Windows.frame)
        #expect(tree.reads == ["QueryTree 0x200", "QueryTree 0x150", "QueryTree 0x100"])
    }

    @Test("A client that is its own top-level (no reparenting WM frame) is its own frame and its own client")
    func ownTopLevel() {
        let tree = FakeTree()
        tree.add(Windows.client, x: 300, y: 250, width: 239, height: 206, wmState: 1)
        var known = KnownWindows()
        known.wmPresent = true
        known.created(Events.create(Windows.client, parent: tree.root, x: 300, y: 250, width: 239, height: 206),
            root: tree.root)
        #expect(known.mapped(Events.map(Windows.client, seenOn: tree.root), in: tree, now: 5)
            == .client(Windows.client))
        #expect(known.frameOf == [Windows.client: Windows.client])
        #expect(known.rootRects == [Windows.client: Rect(x: 300, y: 250, width: 239, height: 206)])
        #expect(known.rootBorders == [Windows.client: 0])
        #expect(known.clientOfTopLevel == [Windows.client: Windows.client])
        #expect(tree.reads == ["WM_STATE 0x200"])
    }

    @Test("A client handed back to the root is its own frame again, its rect unknown until its next ConfigureNotify")
    func handedBackToTheRoot() {
        var desktop = OpenboxDesktop()
        _ = desktop.manage()
        desktop.known.reparented(Events.reparent(Windows.client, into: desktop.tree.root, seenOn: desktop.tree.root),
            in: desktop.tree)
        var expected = OpenboxDesktop.managed
        expected.frameOf[Windows.client] = Windows.client
        expected.framedDirectly = []
        expected.reparentedInto = [:]
        #expect(desktop.known == expected)
    }

    @Test("Off the root, an unwatched window's map state is forgotten and a watched one's kept")
    func mapStateOffTheRoot() {
        var desktop = OpenboxDesktop()
        desktop.tree.watched = [Windows.frame]
        desktop.known.created(Events.create(Windows.client, parent: desktop.tree.root, width: 239, height: 206),
            root: desktop.tree.root)
        desktop.known.created(Events.create(Windows.frame, parent: desktop.tree.root, width: 241, height: 231),
            root: desktop.tree.root)
        desktop.known.reparented(Events.reparent(Windows.client, into: Windows.frame, seenOn: desktop.tree.root),
            in: desktop.tree)
        #expect(desktop.known.mapStates == [Windows.frame: false])
        #expect(desktop.known.overrideRedirects == [Windows.frame: false])
    }

    @Test("A client reparented before our selection of its events applied has its map state read, not assumed unmapped")
    func reparentedBeforeTheSelectionApplied() {
        var desktop = OpenboxDesktop()
        // The adapter selected the client's events late (request 40); the WM reparented it at request 25, then
        // mapped it, a MapNotify that never reached us.
        desktop.tree.watchedSince = [Windows.client: 40]
        desktop.known.created(Events.create(Windows.client, parent: desktop.tree.root, width: 239, height: 206),
            root: desktop.tree.root)
        desktop.known.created(Events.create(Windows.frame, parent: desktop.tree.root, x: 300, y: 250, width: 241,
            height: 231), root: desktop.tree.root)
        desktop.known.reparented(Events.reparent(Windows.client, into: Windows.frame, seenOn: desktop.tree.root,
            x: 1, y: 20, serial: 25), in: desktop.tree)
        #expect(desktop.known.mapStates == [Windows.frame: false])
        _ = desktop.known.mapped(Events.map(Windows.frame, seenOn: desktop.tree.root), in: desktop.tree, now: 1_000)
        desktop.tree.reads = []
        #expect(desktop.known.isViewable(Windows.client, in: desktop.tree) == true)
        #expect(desktop.tree.reads == ["GetWindowAttributes 0x200"])
        #expect(desktop.known.mapStates == [Windows.frame: true, Windows.client: true])
    }

    @Test("A client in a mapped frame is viewable, in an unmapped one not, both known without a round trip")
    func viewableFromTheEvents() {
        var desktop = OpenboxDesktop()
        _ = desktop.manage()
        desktop.tree.reads = []
        #expect(desktop.known.isViewable(Windows.client, in: desktop.tree) == true)
        desktop.known.noteMapped(Windows.frame, false)
        #expect(desktop.known.isViewable(Windows.client, in: desktop.tree) == false)
        #expect(desktop.tree.reads == [])
    }

    @Test("A window whose map state no event reported is asked, and the answer kept for a root child")
    func viewableAskedOfTheServer() {
        let tree = FakeTree()
        tree.add(Windows.frame, x: 0, y: 0, width: 100, height: 100)
        var known = KnownWindows()
        known.noteRootChild(Windows.frame, x: 0, y: 0, width: 100, height: 100, border: 0)
        #expect(known.isViewable(Windows.frame, in: tree) == true)
        #expect(tree.reads == ["GetWindowAttributes 0x100"])
        #expect(known.mapStates == [Windows.frame: true])
        #expect(known.overrideRedirects == [Windows.frame: false])
        #expect(known.isViewable(Windows.client, in: tree) == nil)
    }

    @Test("matchbox's override-redirect frame holding a client is mapped as that client's frame")
    func overrideRedirectFrame() {
        var (tree, known) = MatchboxDesktop.created()
        let mapped = known.mapped(Events.map(Windows.frame, seenOn: tree.root, overrideRedirect: true), in: tree,
            now: 7)
        #expect(mapped == .client(Windows.client))
        #expect(known.notClients.isEmpty)
        #expect(known.overrideRedirects == [Windows.frame: true])
        // No ReparentNotify told which client: the frame's tree is searched for WM_STATE.
        #expect(tree.reads == ["WM_STATE 0x100", "QueryTree 0x100", "WM_STATE 0x200"])
    }

    @Test("An override-redirect root child holding no client is remembered and not searched again")
    func menuIsNotSearchedAgain() {
        let tree = FakeTree()
        tree.add(Windows.menu, x: 10, y: 10, width: 80, height: 120, overrideRedirect: true)
        var known = KnownWindows()
        known.wmPresent = true
        #expect(known.mapped(Events.map(Windows.menu, seenOn: tree.root, overrideRedirect: true), in: tree, now: 7)
            == .unmanaged)
        #expect(known.notClients == [Windows.menu])
        tree.reads = []
        #expect(known.client(ofTopLevel: Windows.menu, in: tree) == nil)
        #expect(tree.reads == [])
    }

    @Test("Without a window manager a plain viewable root child is its own client; with one it is unmanaged")
    func noWindowManager() {
        let tree = FakeTree()
        tree.add(Windows.other, x: 0, y: 0, width: 300, height: 200)
        var alone = KnownWindows()
        #expect(alone.mapped(Events.map(Windows.other, seenOn: tree.root), in: tree, now: 1) == .client(Windows.other))
        var managed = KnownWindows()
        managed.wmPresent = true
        #expect(managed.mapped(Events.map(Windows.other, seenOn: tree.root), in: tree, now: 1) == .unmanaged)
        #expect(managed.notClients.isEmpty)
    }

    @Test("Our own window is never taken for a client, WM or not")
    func ownWindowIsNoClient() {
        let tree = FakeTree()
        tree.add(Windows.own, x: -1, y: -1, width: 1, height: 1)
        var known = KnownWindows()
        known.ownWindow = Windows.own
        #expect(known.mapped(Events.map(Windows.own, seenOn: tree.root), in: tree, now: 3) == nil)
        #expect(known.mappedAt == [Windows.own: 3])
        #expect(known.client(ofTopLevel: Windows.own, in: tree) == nil)
    }

    @Test("Destroying the frame forgets it and the frame of the client it held; destroying the client forgets the rest")
    func destroyForgetsBoth() {
        var desktop = OpenboxDesktop()
        _ = desktop.manage()
        desktop.known.destroyed(Windows.frame)
        var expected = OpenboxDesktop.managed
        expected.rootRects = [:]
        expected.rootBorders = [:]
        expected.frameOf = [:]
        expected.mapStates = [Windows.client: true]
        expected.overrideRedirects = [Windows.client: false]
        expected.mappedAt = [:]
        expected.clientOfTopLevel = [:]
        expected.reparentedInto = [:]
        #expect(desktop.known == expected)
        desktop.known.destroyed(Windows.client)
        var empty = KnownWindows()
        empty.wmPresent = true
        empty.ownWindow = Windows.own
        #expect(desktop.known == empty)
    }

    @Test("A withdrawn client is no root child's client any more; its frame stays known until destroyed")
    func withdrawnClient() {
        var desktop = OpenboxDesktop()
        _ = desktop.manage()
        desktop.known.withdrawn(Windows.client)
        var expected = OpenboxDesktop.managed
        expected.clientOfTopLevel = [:]
        #expect(desktop.known == expected)
    }

    @Test("A root child moved by its gravity has no known rect; a gravity move inside a frame changes nothing")
    func movedByGravity() {
        var desktop = OpenboxDesktop()
        _ = desktop.manage()
        desktop.known.movedByGravity(Events.gravity(Windows.client, seenOn: Windows.client, x: 1, y: 20),
            root: desktop.tree.root)
        #expect(desktop.known == OpenboxDesktop.managed)
        desktop.known.movedByGravity(Events.gravity(Windows.frame, seenOn: desktop.tree.root, x: 300, y: 0),
            root: desktop.tree.root)
        #expect(desktop.known.rootRects == [:])
        #expect(desktop.known.rootBorders == [:])
    }

    @Test("A client's place in its frame is read the same when the frame has moved since it was last reported")
    func extentsFromTheTreeWithTheFrameMovedSince() {
        let tree = FakeTree()
        // twm: a frame with a 2 px X border around a 19 px title and the client, at +100+237 on the server.
        tree.add(0x100, x: 100, y: 237, width: 400, height: 319, border: 2)
        tree.add(0x200, in: 0x100, x: 0, y: 19, width: 400, height: 300, wmState: 1)
        let lastReported = Rect(x: 98, y: 235, width: 404, height: 323)
        #expect(tree.extents(client: 0x200, frame: 0x100, frameRect: lastReported)
            == FrameExtents(left: 2, right: 2, top: 21, bottom: 2))
    }
}
