import CX11
import OskshiftCore

@testable import X11Adapter

/// The windows of the scenarios: a client 239x206 (the size measured in the note on window managers) in a frame.
enum Windows {
    static let frame: Window = 0x100
    static let client: Window = 0x200
    /// A second client, and an override-redirect menu.
    static let other: Window = 0x300
    static let menu: Window = 0x400
    /// oskshift's manager-selection window.
    static let own: Window = 0x500
}

/// openbox taking a client on, as the root's SubstructureNotify and the client's StructureNotify report it: the
/// application creates its window on the root, openbox creates a frame (1,1,20,5 borders), reparents the client
/// into it, sets WM_STATE, and maps both.
struct OpenboxDesktop {
    let tree = FakeTree()
    var known = KnownWindows()
    static let frameRect = Rect(x: 300, y: 250, width: 241, height: 231)
    static let mappedAtMs = 1_000

    /// The tree as the server holds it once the client is managed; `withWMState` false: before openbox set it.
    init(withWMState: Bool = true) {
        known.wmPresent = true
        known.ownWindow = Windows.own
        tree.add(Windows.frame, x: 300, y: 250, width: 241, height: 231)
        tree.add(Windows.client, in: Windows.frame, x: 1, y: 20, width: 239, height: 206,
            wmState: withWMState ? 1 : nil, frameExtents: [1, 1, 20, 5])
        // The adapter selects StructureNotifyMask on every new root child that is not override-redirect.
        tree.watched = [Windows.frame, Windows.client]
    }

    /// Up to the frame's MapNotify, which is returned.
    mutating func manage() -> KnownWindows.Mapped? {
        known.created(Events.create(Windows.client, parent: tree.root, width: 239, height: 206), root: tree.root)
        known.created(Events.create(Windows.frame, parent: tree.root, x: 300, y: 250, width: 241, height: 231),
            root: tree.root)
        known.reparented(Events.reparent(Windows.client, into: Windows.frame, seenOn: tree.root, x: 1, y: 20),
            in: tree)
        _ = known.mapped(Events.map(Windows.client, seenOn: Windows.client), in: tree, now: 990)
        return known.mapped(Events.map(Windows.frame, seenOn: tree.root), in: tree, now: Self.mappedAtMs)
    }

    /// What the bookkeeping holds once openbox has managed the client.
    static var managed: KnownWindows {
        var expected = KnownWindows()
        expected.wmPresent = true
        expected.ownWindow = Windows.own
        expected.rootRects = [Windows.frame: frameRect]
        expected.rootBorders = [Windows.frame: 0]
        expected.frameOf = [Windows.frame: Windows.frame, Windows.client: Windows.frame]
        expected.framedDirectly = [Windows.client]
        expected.mapStates = [Windows.frame: true, Windows.client: true]
        expected.overrideRedirects = [Windows.frame: false, Windows.client: false]
        expected.mappedAt = [Windows.frame: mappedAtMs]
        expected.clientOfTopLevel = [Windows.frame: Windows.client]
        expected.reparentedInto = [Windows.frame: Windows.client]
        return expected
    }
}
