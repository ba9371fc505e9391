import CX11
import OskshiftCore

/// The server reads that finding a client's frame, its rects and its extents needs: the seam between the adapter's
/// translation (KnownWindows, Tree.swift's walks, `topLevel(client:)`) and Xlib. `Connection` answers from the
/// server, a round trip each unless its property cache holds the value; the unit tests answer from a tree they
/// build, and count the reads.
protocol WindowTree {
    var root: Window { get }
    /// Parent and children. Nil when the window is gone. The corresponding Xlib call is XQueryTree.
    func queryTree(_ window: Window) -> (parent: Window, children: [Window])?
    /// The corresponding Xlib call is XGetWindowAttributes.
    func attributes(_ window: Window) -> XWindowAttributes?
    /// The outer rect (border included) in the parent's coordinates. The corresponding Xlib call is XGetGeometry.
    func geometry(_ window: Window) -> Rect?
    /// The inside rect in root coordinates. The corresponding Xlib calls are XGetGeometry and XTranslateCoordinates.
    func rootRect(_ window: Window) -> Rect?
    /// WM_STATE's first word: 0 withdrawn, 1 normal, 3 iconic. Nil when the window has none.
    func wmState(_ window: Window) -> Int?
    /// `_NET_FRAME_EXTENTS` as the server holds it, when it is CARDINAL/32 with at least 4 items; whether the
    /// values are sane is the reader's business (`extents(client:frame:frameRect:)`).
    func frameExtentsItems(_ client: Window) -> [Int]?
    /// This connection selected the window's StructureNotifyMask (and PropertyChangeMask): its Map/UnmapNotify
    /// reach us even off the root, so what they say may be kept.
    func isWatched(_ window: Window) -> Bool
    /// Watched already when the server generated an event of this serial (`XAnyEvent.serial`, the last request of
    /// ours it had processed): what the window did after that event reaches us; before the selection it did not.
    func isWatched(_ window: Window, atEventSerial serial: UInt) -> Bool
}

extension Connection: WindowTree {
    func frameExtentsItems(_ client: Window) -> [Int]? {
        longs(client, atoms.netFrameExtents, type: XA_CARDINAL, minCount: 4)
    }

    func isWatched(_ window: Window) -> Bool {
        propertyCache.watched.contains(window)
    }

    func isWatched(_ window: Window, atEventSerial serial: UInt) -> Bool {
        guard isWatched(window), let since = watchedSince[window] else { return false }
        return since <= serial
    }
}
