import CX11
import OskshiftCore
import Testing

@testable import X11Adapter

/// The adapter reports what it saw; whether a ConfigureNotify answers a move of ours is the engine's call
/// (`AnswerOwed`, `Engine.syntheticConfigure`).
@Suite("ConfigureNotify as the engine hears it")
struct ConfigureNotifyTests {
    let client = WindowID(UInt(Windows.client))

    func managed() -> OpenboxDesktop {
        var desktop = OpenboxDesktop()
        _ = desktop.manage()
        desktop.tree.reads = []
        return desktop
    }

    @Test("A frame's ConfigureNotify with a new rect is reported for its client, the border counted on every side")
    func frameMoved() {
        var desktop = managed()
        let event = Events.configure(Windows.frame, seenOn: desktop.tree.root, x: 300, y: 100, width: 241,
            height: 231, border: 2)
        let frame = Rect(x: 300, y: 100, width: 245, height: 235)
        #expect(desktop.known.configured(event, in: desktop.tree, knownClients: [Windows.client])
            == .windowConfigured(client, frame: frame))
        #expect(desktop.known.rootRects[Windows.frame] == frame)
        #expect(desktop.known.rootBorders[Windows.frame] == 2)
        #expect(desktop.known.lastFrames == [Windows.frame: frame])
        #expect(desktop.tree.reads == [])
    }

    @Test("The same rect again (a restack, a raise on focus) is not reported; the next change is")
    func restackIsNotReported() {
        var desktop = managed()
        let moved = Events.configure(Windows.frame, seenOn: desktop.tree.root, x: 300, y: 100, width: 241,
            height: 231)
        let movedBack = Events.configure(Windows.frame, seenOn: desktop.tree.root, x: 300, y: 250, width: 241,
            height: 231)
        #expect(desktop.known.configured(moved, in: desktop.tree, knownClients: [Windows.client])
            == .windowConfigured(client, frame: Rect(x: 300, y: 100, width: 241, height: 231)))
        #expect(desktop.known.configured(moved, in: desktop.tree, knownClients: [Windows.client]) == nil)
        #expect(desktop.known.configured(movedBack, in: desktop.tree, knownClients: [Windows.client])
            == .windowConfigured(client, frame: OpenboxDesktop.frameRect))
    }

    @Test("The first ConfigureNotify of a frame is reported even at the rect it was created with")
    func firstReportAtTheCreatedRect() {
        var desktop = managed()
        let event = Events.configure(Windows.frame, seenOn: desktop.tree.root, x: 300, y: 250, width: 241,
            height: 231)
        #expect(desktop.known.configured(event, in: desktop.tree, knownClients: [Windows.client])
            == .windowConfigured(client, frame: OpenboxDesktop.frameRect))
    }

    @Test("A frame found at start is not reported at the rect it was found with (a raise), only once it moves")
    func restackOfAFrameFoundAtStart() {
        var known = KnownWindows()
        let tree = OpenboxDesktop().tree
        known.noteRootChild(Windows.frame, x: 300, y: 250, width: 241, height: 231, border: 0)
        known.frameOf[Windows.client] = Windows.frame
        known.reparentedInto[Windows.frame] = Windows.client
        known.noteFrameKnownAtStart(Windows.frame)
        let raised = Events.configure(Windows.frame, seenOn: tree.root, x: 300, y: 250, width: 241, height: 231)
        let moved = Events.configure(Windows.frame, seenOn: tree.root, x: 300, y: 59, width: 241, height: 231)
        #expect(known.configured(raised, in: tree, knownClients: [Windows.client]) == nil)
        #expect(known.configured(moved, in: tree, knownClients: [Windows.client])
            == .windowConfigured(client, frame: Rect(x: 300, y: 59, width: 241, height: 231)))
    }

    @Test("A synthetic ConfigureNotify to a known client is reported as synthetic, whatever rect it carries")
    func syntheticToAKnownClient() {
        var desktop = managed()
        let echo = Events.configure(Windows.client, seenOn: Windows.client, x: 301, y: 270, width: 239, height: 206,
            synthetic: true)
        #expect(desktop.known.configured(echo, in: desktop.tree, knownClients: [Windows.client])
            == .windowConfigureSynthetic(client))
        #expect(desktop.known == OpenboxDesktop.managed)
        #expect(desktop.tree.reads == [])
    }

    @Test("A synthetic ConfigureNotify to a window not tracked as a client is not reported")
    func syntheticToAnUnknownWindow() {
        var desktop = managed()
        let echo = Events.configure(Windows.client, seenOn: Windows.client, x: 301, y: 270, width: 239, height: 206,
            synthetic: true)
        #expect(desktop.known.configured(echo, in: desktop.tree, knownClients: []) == nil)
    }

    @Test("A client's real ConfigureNotify inside its frame (frame-relative x, y) is not reported and changes nothing")
    func realClientConfigureIsNotReported() {
        var desktop = managed()
        let inside = Events.configure(Windows.client, seenOn: Windows.client, x: 1, y: 20, width: 239, height: 180)
        #expect(desktop.known.configured(inside, in: desktop.tree, knownClients: [Windows.client]) == nil)
        #expect(desktop.known == OpenboxDesktop.managed)
    }

    @Test("matchbox's override-redirect frame moving is reported for the client inside it")
    func overrideRedirectFrameMoved() {
        var (tree, known) = MatchboxDesktop.created()
        let event = Events.configure(Windows.frame, seenOn: tree.root, x: 0, y: 100, width: 640, height: 300)
        #expect(known.configured(event, in: tree, knownClients: [Windows.client])
            == .windowConfigured(client, frame: Rect(x: 0, y: 100, width: 640, height: 300)))
        #expect(known.clientOfTopLevel == [Windows.frame: Windows.client])
    }

    @Test("A client that is its own top-level is reported with its own rect")
    func ownTopLevelMoved() {
        let tree = FakeTree()
        tree.add(Windows.client, x: 300, y: 250, width: 239, height: 206, wmState: 1)
        var known = KnownWindows()
        known.wmPresent = true
        let event = Events.configure(Windows.client, seenOn: tree.root, x: 300, y: -100, width: 239, height: 206)
        #expect(known.configured(event, in: tree, knownClients: [Windows.client])
            == .windowConfigured(client, frame: Rect(x: 300, y: -100, width: 239, height: 206)))
    }

    @Test("A root child holding no client keeps its new rect and reports nothing")
    func rootChildWithoutAClient() {
        let tree = FakeTree()
        tree.add(Windows.menu, x: 10, y: 10, width: 80, height: 120, overrideRedirect: true)
        var known = KnownWindows()
        known.wmPresent = true
        let event = Events.configure(Windows.menu, seenOn: tree.root, x: 20, y: 10, width: 80, height: 120)
        #expect(known.configured(event, in: tree, knownClients: []) == nil)
        #expect(known.rootRects == [Windows.menu: Rect(x: 20, y: 10, width: 80, height: 120)])
        #expect(known.lastFrames == [:])
    }

    @Test("A new frame reusing a destroyed frame's XID is reported even at the destroyed one's last rect")
    func destroyedFrameIsForgotten() {
        var desktop = managed()
        let event = Events.configure(Windows.frame, seenOn: desktop.tree.root, x: 300, y: 100, width: 241,
            height: 231)
        let frame = Rect(x: 300, y: 100, width: 241, height: 231)
        #expect(desktop.known.configured(event, in: desktop.tree, knownClients: [Windows.client])
            == .windowConfigured(client, frame: frame))
        desktop.known.destroyed(Windows.frame)
        desktop.known.reparented(Events.reparent(Windows.client, into: Windows.frame, seenOn: desktop.tree.root),
            in: desktop.tree)
        #expect(desktop.known.configured(event, in: desktop.tree, knownClients: [Windows.client])
            == .windowConfigured(client, frame: frame))
    }
}
