import CX11
import OskshiftCore

/// A client top-level as the AT-SPI matcher needs it: process, frame and client rects in root coordinates.
public struct TopLevelCandidate: Sendable, Equatable {
    public var id: WindowID
    /// `_NET_WM_PID`; nil when the client does not set it.
    public var pid: Int32?
    public var frame: Rect
    public var client: Rect
}

/// What the daemon's AT-SPI bridge and auto-show ask of the server. Reads only, except the keyboard map/unmap,
/// which go through the Writer like every other request.
extension X11Adapter {
    /// A STRING (or UTF8_STRING) property of the root window, e.g. `AT_SPI_BUS`; nil when absent or not text.
    /// Xlib caches interned atoms, so asking again costs no round trip.
    public func rootTextProperty(_ name: String) -> String? {
        let atom = XInternAtom(connection.display, name, 1)
        guard atom != 0, let raw = connection.property(connection.root, atom, maxLongs: 1024), raw.format == 8,
            raw.type == XA_STRING || raw.type == connection.atoms.utf8String
        else { return nil }
        return String(decoding: raw.bytes.prefix { $0 != 0 }, as: UTF8.self)
    }

    func processID(_ window: Window) -> Int32? { connection.processID(window) }

    /// Known clients that may hold an accessible of process `pid`: those with that `_NET_WM_PID` and those without
    /// any (the matcher then decides by geometry). Keyboards are never candidates.
    public func topLevelCandidates(pid: Int32) -> [TopLevelCandidate] {
        var result: [TopLevelCandidate] = []
        for client in knownClients.sorted() where !keyboardCandidates.contains(client) {
            let clientPID = processID(client)
            if let clientPID, pid != 0, clientPID != pid { continue }
            guard let topLevel = topLevel(client: client) else { continue }
            result.append(TopLevelCandidate(
                id: WindowID(client), pid: clientPID, frame: topLevel.frameRect,
                client: topLevel.extents.clientRect(ofFrame: topLevel.frameRect)))
        }
        return result
    }

    /// What the client's X frame holds beyond the frame its window manager draws (`WindowTree.invisibleBorders`):
    /// three round trips, so asked only for a window whose top-level as an application reported it is not its frame.
    public func invisibleBorders(of id: WindowID) -> FrameExtents {
        guard let topLevel = topLevel(client: Window(id.raw)) else { return .none }
        return connection.invisibleBorders(of: topLevel)
    }

    /// The processes of every window taken for an on-screen keyboard: their AT-SPI focus events are not fields.
    public var keyboardProcessIDs: Set<Int32> {
        Set(keyboardCandidates.compactMap { processID($0) })
    }

    /// A keyboard is visible (as last sent to the engine).
    public var isKeyboardVisible: Bool { shownKeyboard != nil }

    /// The focused client, as last sent to the engine.
    public var focusedWindow: WindowID? { focusedClient.map { WindowID($0) } }

    /// Maps an on-screen keyboard window that exists but is hidden (unmapped, withdrawn, or iconified), for
    /// auto-show; returns it, or nil when there is none. Withdrawn windows are no longer known clients (the WM
    /// handed them back to the root), so the root's unmapped children are searched too; this runs once per
    /// show, not per event.
    public func mapHiddenKeyboard() -> WindowID? {
        var hidden = keyboardCandidates.sorted().filter { candidate in
            guard let attributes = connection.attributes(candidate) else { return false }
            return attributes.map_state == IsUnmapped || connection.windowState(candidate).hidden
        }
        if hidden.isEmpty {
            for child in connection.queryTree(connection.root)?.children ?? [] where child != managerWindow {
                guard let attributes = connection.attributes(child), attributes.override_redirect == 0,
                    attributes.map_state == IsUnmapped,
                    connection.isKeyboard(child, wmClass: connection.wmClass(child), extra: settings.keyboards)
                else { continue }
                hidden.append(child)
            }
        }
        // onboard's helper windows are unmapped too; it is shown through D-Bus before this is tried.
        guard let window = hidden.first else { return nil }
        writer.setMapped(window, true)
        flush()
        return WindowID(window)
    }

    /// Unmaps a keyboard window that auto-show mapped (as `xdotool windowunmap` does; the WM withdraws it).
    public func unmapKeyboard(_ window: WindowID) {
        writer.setMapped(Window(window.raw), false)
        flush()
    }
}
