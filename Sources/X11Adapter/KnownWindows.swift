import CX11
import OskshiftCore

/// Frames, clients and their rects as the server last reported them, so that the hot paths (a keyboard show, a
/// focus change, every ConfigureNotify) need not walk the tree (QueryTree x2) and read the geometry (GetGeometry)
/// again. A value with one method per X event: the adapter's dispatch calls them, and the unit tests feed them
/// event structs and a made-up tree (WindowTree.swift).
///
/// Every root child's rect comes from events the root's SubstructureNotifyMask already brings: CreateNotify,
/// then ConfigureNotify at every change; it is dropped when the window is destroyed, leaves the root, or moves
/// by gravity. A client's frame comes from ReparentNotify (on the root, and on the client itself, whose
/// StructureNotifyMask is selected), or at start from the root child holding it; a parent that is not a known
/// root child leaves the frame unknown. Whatever is unknown is read from the server (KnownWindows+Lookups.swift).
///
/// Map state and the override-redirect flag come from CreateNotify, MapNotify and UnmapNotify, which the root
/// (for its children) and every watched client (StructureNotifyMask) receive; they replace XGetWindowAttributes,
/// which costs two round trips (Xlib adds a GetGeometry). Override-redirect only takes effect at a map, and
/// MapNotify reports it as it was then.
struct KnownWindows: Equatable {
    /// A WM redirects the root's substructure. Without one, a plain mapped root child is its own client.
    var wmPresent = false
    /// Our manager-selection window: never anyone's client.
    var ownWindow: Window = 0

    /// Root children's outer rects (border included) as last reported.
    var rootRects: [Window: Rect] = [:]
    /// Root children's X border widths as last reported (CreateNotify, ConfigureNotify, the read at start): a
    /// client that is its own top-level is placed by its border's outer corner (MoveResizeRequest.swift).
    var rootBorders: [Window: Int] = [:]
    /// A client's root child: its WM frame, or itself.
    var frameOf: [Window: Window] = [:]
    /// Clients seen reparented straight into their frame (their parent is the frame).
    var framedDirectly: Set<Window> = []
    var mapStates: [Window: Bool] = [:]
    var overrideRedirects: [Window: Bool] = [:]
    /// When each root child was last seen mapped (MonotonicClock ms, from its MapNotify); none for windows already
    /// mapped when the daemon started.
    var mappedAt: [Window: Int] = [:]
    /// Each client's frame rect as last reported to the engine: a ConfigureNotify that leaves it unchanged is a
    /// restack (a raise on focus), not an answer to a move, and must not be taken for a refusal.
    var lastFrames: [Window: Rect] = [:]

    /// Root child (WM frame, or the client itself) to its managed client.
    var clientOfTopLevel: [Window: Window] = [:]
    /// Root child to the client the WM reparented into it (ReparentNotify on the root; `_NET_CLIENT_LIST` at
    /// start): the client lookup then checks that one window instead of searching the frame's tree (openbox's
    /// frames hold ~50 decoration windows, 2 round trips each) at every ConfigureNotify until the WM sets WM_STATE.
    var reparentedInto: [Window: Window] = [:]
    /// Override-redirect root children found to hold no client when mapped (menus, tooltips): not searched again
    /// at every ConfigureNotify.
    var notClients: Set<Window> = []
}

/// What the events and the reads record.
extension KnownWindows {
    /// An X rect as the engine counts it: the border, on every side, included.
    static func outerRect(x: Int32, y: Int32, width: Int32, height: Int32, border: Int32) -> Rect {
        Rect(x: Int(x), y: Int(y), width: Int(width + 2 * border), height: Int(height + 2 * border))
    }

    /// The rect of a root child, as reported (outer rect, border included).
    mutating func noteRootChild(_ window: Window, x: Int32, y: Int32, width: Int32, height: Int32, border: Int32) {
        rootRects[window] = Self.outerRect(x: x, y: y, width: width, height: height, border: border)
        rootBorders[window] = Int(border)
    }

    /// A client's frame found at start: the engine reads its rect with the window's facts, so a first
    /// ConfigureNotify at that rect is a restack (openbox raising the window it activates), not news. Reported, it
    /// reached the engine while a move of ours was pending and was taken for a refusal; the move then landed with
    /// the window forgotten, and a daemon stopped then left it there (seen in `make bench`'s first events).
    mutating func noteFrameKnownAtStart(_ frame: Window) {
        if let rect = rootRects[frame] { lastFrames[frame] = rect }
    }

    /// A ReparentNotify for `window` (seen on the root or on the window), of that `serial`: its new parent decides
    /// its frame.
    mutating func noteReparent(_ window: Window, parent: Window, serial: UInt, in tree: some WindowTree) {
        framedDirectly.remove(window)
        if parent == tree.root {
            frameOf[window] = window
            rootRects[window] = nil  // ReparentNotify has no size; the next ConfigureNotify (or a query) tells
            rootBorders[window] = nil
        } else {
            frameOf[window] = rootRects[parent] != nil ? parent : nil
            if rootRects[parent] != nil { framedDirectly.insert(window) }
            rootRects[window] = nil  // no longer a root child
            rootBorders[window] = nil
            // Off the root, its Map/UnmapNotify reach us only if we selected StructureNotifyMask on it ourselves,
            // and only from when the server applied that selection. The adapter selects it when it handles the
            // CreateNotify; on a loaded machine that may be after the WM reparented and mapped the window (xvkbd's
            // MapNotify never reached us, and its "unmapped" from the CreateNotify hid the keyboard for good).
            // Reparented before the selection, its map state is unknown: read once, and kept current from then on.
            if !tree.isWatched(window, atEventSerial: serial) {
                mapStates[window] = nil
                overrideRedirects[window] = nil
            }
        }
    }

    mutating func noteMapped(_ window: Window, _ mapped: Bool, overrideRedirect: Int32? = nil) {
        mapStates[window] = mapped
        if let overrideRedirect { overrideRedirects[window] = overrideRedirect != 0 }
    }
}

