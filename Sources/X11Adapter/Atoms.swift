import CX11
import Glibc
import OskshiftCore

/// Every atom oskshift uses, interned once at start-up with a single XInternAtoms round trip.
struct Atoms {
    let wmState: Atom
    let wmClass: Atom
    let wmName: Atom
    let wmNormalHints: Atom
    let wmSizeHints: Atom
    let netWMName: Atom
    let utf8String: Atom
    let netSupported: Atom
    let netSupportingWMCheck: Atom
    let netActiveWindow: Atom
    let netWMState: Atom
    let netWMStateHidden: Atom
    let netWMStateMaximizedVert: Atom
    let netWMStateMaximizedHorz: Atom
    let netWMStateFullscreen: Atom
    let netFrameExtents: Atom
    let netWMWindowType: Atom
    let netMoveResizeWindow: Atom
    let netWorkarea: Atom
    let netCurrentDesktop: Atom
    let originalGeometry: Atom
    let manager: Atom
    let timestampProbe: Atom
    /// `_OSKSHIFT_S<screen>`, the ICCCM manager selection that keeps one instance per display.
    let managerSelection: Atom
    /// `_OSKSHIFT_STATUS`, the daemon's state as JSON on its selection window (`oskshift status` reads it).
    let status: Atom
    /// `_OSKSHIFT_SYNC`, the ClientMessage a client sends the selection window to sync with the daemon, and
    /// `_OSKSHIFT_SYNC_REPLY`, the property the daemon answers with on the client's own window (SyncRequest.swift).
    let sync: Atom
    let syncReply: Atom
    /// `_NET_WM_WINDOW_TYPE_*` to the kinds the engine distinguishes.
    let windowKinds: [Atom: WindowKind]

    /// The corresponding Xlib call is XInternAtoms.
    init(display: OpaquePointer, screenNumber: Int32) {
        let kinds: [(String, WindowKind)] = [
            ("_NET_WM_WINDOW_TYPE_NORMAL", .normal), ("_NET_WM_WINDOW_TYPE_DIALOG", .dialog),
            ("_NET_WM_WINDOW_TYPE_UTILITY", .utility), ("_NET_WM_WINDOW_TYPE_TOOLBAR", .toolbar),
            ("_NET_WM_WINDOW_TYPE_DOCK", .dock), ("_NET_WM_WINDOW_TYPE_DESKTOP", .desktop),
            ("_NET_WM_WINDOW_TYPE_SPLASH", .splash), ("_NET_WM_WINDOW_TYPE_MENU", .menu),
            ("_NET_WM_WINDOW_TYPE_DROPDOWN_MENU", .menu), ("_NET_WM_WINDOW_TYPE_POPUP_MENU", .menu),
            ("_NET_WM_WINDOW_TYPE_COMBO", .menu), ("_NET_WM_WINDOW_TYPE_TOOLTIP", .notification),
            ("_NET_WM_WINDOW_TYPE_NOTIFICATION", .notification), ("_NET_WM_WINDOW_TYPE_DND", .notification),
        ]
        let names = [
            "WM_STATE", "WM_CLASS", "WM_NAME", "WM_NORMAL_HINTS", "WM_SIZE_HINTS", "_NET_WM_NAME", "UTF8_STRING",
            "_NET_SUPPORTED", "_NET_SUPPORTING_WM_CHECK", "_NET_ACTIVE_WINDOW", "_NET_WM_STATE",
            "_NET_WM_STATE_HIDDEN", "_NET_WM_STATE_MAXIMIZED_VERT", "_NET_WM_STATE_MAXIMIZED_HORZ",
            "_NET_WM_STATE_FULLSCREEN", "_NET_FRAME_EXTENTS", "_NET_WM_WINDOW_TYPE", "_NET_MOVERESIZE_WINDOW",
            "_NET_WORKAREA", "_NET_CURRENT_DESKTOP", "_OSKSHIFT_ORIGINAL_GEOMETRY", "MANAGER",
            "_OSKSHIFT_TIMESTAMP", "_OSKSHIFT_S\(screenNumber)",
            "_OSKSHIFT_STATUS", "_OSKSHIFT_SYNC", "_OSKSHIFT_SYNC_REPLY",
        ] + kinds.map(\.0)

        var cNames: [UnsafeMutablePointer<CChar>?] = names.map { strdup($0) }
        defer { cNames.forEach { free($0) } }
        var atoms = [Atom](repeating: 0, count: names.count)
        _ = XInternAtoms(display, &cNames, Int32(names.count), 0, &atoms)

        var next = atoms.makeIterator()
        func take() -> Atom { next.next()! }
        wmState = take()
        wmClass = take()
        wmName = take()
        wmNormalHints = take()
        wmSizeHints = take()
        netWMName = take()
        utf8String = take()
        netSupported = take()
        netSupportingWMCheck = take()
        netActiveWindow = take()
        netWMState = take()
        netWMStateHidden = take()
        netWMStateMaximizedVert = take()
        netWMStateMaximizedHorz = take()
        netWMStateFullscreen = take()
        netFrameExtents = take()
        netWMWindowType = take()
        netMoveResizeWindow = take()
        netWorkarea = take()
        netCurrentDesktop = take()
        originalGeometry = take()
        manager = take()
        timestampProbe = take()
        managerSelection = take()
        status = take()
        sync = take()
        syncReply = take()
        var kindMap: [Atom: WindowKind] = [:]
        for (_, kind) in kinds { kindMap[take()] = kind }
        windowKinds = kindMap
    }
}
