import CX11
import OskshiftCore

@testable import X11Adapter

/// A window tree made up by a test, answering the adapter's reads the way an X server would, and writing down each
/// read, so that a test can tell what was answered from the events alone (no reads) from what took round trips.
final class FakeTree: WindowTree {
    struct Node {
        var parent: Window
        /// X's geometry: the border's outer top-left in the parent, the size inside the border.
        var x: Int, y: Int, width: Int, height: Int
        var border = 0
        var mapped = true
        var overrideRedirect = false
        /// WM_STATE's first word; nil: no WM_STATE (not a managed client).
        var wmState: Int?
        /// `_NET_FRAME_EXTENTS` items as the server holds them (C longs), nil when unset.
        var frameExtents: [Int]?
    }

    let root: Window = 0x1
    private(set) var nodes: [Window: Node] = [:]
    /// Children in stacking order, bottom first, as XQueryTree lists them.
    private var order: [Window] = []
    /// Windows whose StructureNotifyMask the adapter selected.
    var watched: Set<Window> = []
    /// Every read, in order, e.g. "QueryTree 0x200".
    var reads: [String] = []

    /// Adds a window; `x`, `y` are in its parent's coordinates.
    @discardableResult
    func add(_ window: Window, in parent: Window? = nil, x: Int, y: Int, width: Int, height: Int, border: Int = 0,
        wmState: Int? = nil, frameExtents: [Int]? = nil, overrideRedirect: Bool = false, mapped: Bool = true)
        -> Window
    {
        nodes[window] = Node(parent: parent ?? root, x: x, y: y, width: width, height: height, border: border,
            mapped: mapped, overrideRedirect: overrideRedirect, wmState: wmState, frameExtents: frameExtents)
        order.append(window)
        return window
    }

    func update(_ window: Window, _ change: (inout Node) -> Void) {
        change(&nodes[window]!)
    }

    func remove(_ window: Window) {
        nodes[window] = nil
        order.removeAll { $0 == window }
    }

    func queryTree(_ window: Window) -> (parent: Window, children: [Window])? {
        reads.append("QueryTree \(hex(window))")
        let children = order.filter { nodes[$0]?.parent == window }
        if window == root { return (0, children) }
        guard let node = nodes[window] else { return nil }
        return (node.parent, children)
    }

    func attributes(_ window: Window) -> XWindowAttributes? {
        reads.append("GetWindowAttributes \(hex(window))")
        guard let node = nodes[window] else { return nil }
        var attributes = XWindowAttributes()
        attributes.x = Int32(node.x)
        attributes.y = Int32(node.y)
        attributes.width = Int32(node.width)
        attributes.height = Int32(node.height)
        attributes.border_width = Int32(node.border)
        attributes.override_redirect = node.overrideRedirect ? 1 : 0
        attributes.map_state = !node.mapped ? IsUnmapped : isViewable(window) ? IsViewable : IsUnviewable
        return attributes
    }

    func geometry(_ window: Window) -> Rect? {
        reads.append("GetGeometry \(hex(window))")
        guard let node = nodes[window] else { return nil }
        return Rect(x: node.x, y: node.y, width: node.width + 2 * node.border, height: node.height + 2 * node.border)
    }

    func rootRect(_ window: Window) -> Rect? {
        reads.append("GetGeometry+TranslateCoordinates \(hex(window))")
        guard let node = nodes[window], let origin = insideOrigin(window) else { return nil }
        return Rect(x: origin.x, y: origin.y, width: node.width, height: node.height)
    }

    func wmState(_ window: Window) -> Int? {
        reads.append("WM_STATE \(hex(window))")
        return nodes[window]?.wmState
    }

    func frameExtentsItems(_ client: Window) -> [Int]? {
        reads.append("_NET_FRAME_EXTENTS \(hex(client))")
        guard let items = nodes[client]?.frameExtents, items.count >= 4 else { return nil }
        return items
    }

    func isWatched(_ window: Window) -> Bool { watched.contains(window) }

    /// The serial of the request that selected each watched window (none: before any event of the test).
    var watchedSince: [Window: UInt] = [:]

    func isWatched(_ window: Window, atEventSerial serial: UInt) -> Bool {
        watched.contains(window) && (watchedSince[window] ?? 0) <= serial
    }

    /// The window's inside top-left in root coordinates, as XTranslateCoordinates gives it.
    private func insideOrigin(_ window: Window) -> Point? {
        if window == root { return Point(x: 0, y: 0) }
        guard let node = nodes[window], let parent = insideOrigin(node.parent) else { return nil }
        return Point(x: parent.x + node.x + node.border, y: parent.y + node.y + node.border)
    }

    private func isViewable(_ window: Window) -> Bool {
        if window == root { return true }
        guard let node = nodes[window], node.mapped else { return false }
        return isViewable(node.parent)
    }
}

func hex(_ window: Window) -> String { "0x" + String(window, radix: 16) }

/// X events as the server delivers them, built field by field as Xlib's structs are.
enum Events {
    static func create(_ window: Window, parent: Window, x: Int32 = 0, y: Int32 = 0, width: Int32, height: Int32,
        border: Int32 = 0, overrideRedirect: Bool = false) -> XCreateWindowEvent
    {
        var event = XCreateWindowEvent()
        event.type = CreateNotify
        event.parent = parent
        event.window = window
        event.x = x
        event.y = y
        event.width = width
        event.height = height
        event.border_width = border
        event.override_redirect = overrideRedirect ? 1 : 0
        return event
    }

    /// `seenOn`: the window whose selection brought it (the parent's SubstructureNotify, or the window's own).
    static func map(_ window: Window, seenOn event: Window, overrideRedirect: Bool = false) -> XMapEvent {
        var map = XMapEvent()
        map.type = MapNotify
        map.event = event
        map.window = window
        map.override_redirect = overrideRedirect ? 1 : 0
        return map
    }

    static func reparent(_ window: Window, into parent: Window, seenOn event: Window, x: Int32 = 0, y: Int32 = 0,
        serial: UInt = 0) -> XReparentEvent
    {
        var reparent = XReparentEvent()
        reparent.type = ReparentNotify
        reparent.serial = serial
        reparent.event = event
        reparent.window = window
        reparent.parent = parent
        reparent.x = x
        reparent.y = y
        return reparent
    }

    /// `synthetic`: sent by a client (XSendEvent), as WMs answer a client's ConfigureRequest (ICCCM 4.1.5).
    static func configure(_ window: Window, seenOn event: Window, x: Int32, y: Int32, width: Int32, height: Int32,
        border: Int32 = 0, synthetic: Bool = false) -> XConfigureEvent
    {
        var configure = XConfigureEvent()
        configure.type = ConfigureNotify
        configure.send_event = synthetic ? 1 : 0
        configure.event = event
        configure.window = window
        configure.x = x
        configure.y = y
        configure.width = width
        configure.height = height
        configure.border_width = border
        return configure
    }

    static func gravity(_ window: Window, seenOn event: Window, x: Int32, y: Int32) -> XGravityEvent {
        var gravity = XGravityEvent()
        gravity.type = GravityNotify
        gravity.event = event
        gravity.window = window
        gravity.x = x
        gravity.y = y
        return gravity
    }
}

/// matchbox-window-manager's desktop as the tests meet it: an override-redirect frame holding a managed client,
/// its creation seen.
enum MatchboxDesktop {
    static func created() -> (tree: FakeTree, known: KnownWindows) {
        let tree = FakeTree()
        tree.add(Windows.frame, x: 0, y: 0, width: 640, height: 480, overrideRedirect: true)
        tree.add(Windows.client, in: Windows.frame, x: 0, y: 22, width: 640, height: 458, wmState: 1)
        var known = KnownWindows()
        known.wmPresent = true
        known.created(Events.create(Windows.frame, parent: tree.root, width: 640, height: 480, overrideRedirect: true),
            root: tree.root)
        return (tree, known)
    }
}
