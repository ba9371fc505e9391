import CX11
import OskshiftCore

/// Frames and their rects as the server last reported them, so that the hot paths (a keyboard show, a focus
/// change) need not walk the tree (QueryTree x2) and read the geometry (GetGeometry) again.
///
/// Every root child's rect comes from events the root's SubstructureNotifyMask already brings: CreateNotify,
/// then ConfigureNotify at every change; it is dropped when the window is destroyed, leaves the root, or moves
/// by gravity. A client's frame comes from ReparentNotify (on the root, and on the client itself, whose
/// StructureNotifyMask is selected), or at start from the root child holding it; a parent that is not a known
/// root child leaves the frame unknown. Whatever is unknown is read from the server as before.
///
/// Map state and the override-redirect flag come from CreateNotify, MapNotify and UnmapNotify, which the root
/// (for its children) and every watched client (StructureNotifyMask) receive; they replace XGetWindowAttributes,
/// which costs two round trips (Xlib adds a GetGeometry). Override-redirect only takes effect at a map, and
/// MapNotify reports it as it was then.
extension X11Adapter {
    /// The rect of a root child, as reported (outer rect, border included).
    func noteRootChild(_ window: Window, x: Int32, y: Int32, width: Int32, height: Int32, border: Int32) {
        rootRects[window] = Rect(
            x: Int(x), y: Int(y), width: Int(width + 2 * border), height: Int(height + 2 * border))
    }

    /// A ReparentNotify for `window` (seen on the root or on the window): its new parent decides its frame.
    func noteReparent(_ window: Window, parent: Window) {
        framedDirectly.remove(window)
        if parent == connection.root {
            frameOf[window] = window
            rootRects[window] = nil  // ReparentNotify has no size; the next ConfigureNotify (or a query) tells
        } else {
            frameOf[window] = rootRects[parent] != nil ? parent : nil
            if rootRects[parent] != nil { framedDirectly.insert(window) }
            rootRects[window] = nil  // no longer a root child
            // Off the root, its Map/UnmapNotify reach us only if we selected StructureNotifyMask on it ourselves.
            if !connection.propertyCache.watched.contains(window) {
                mapStates[window] = nil
                overrideRedirects[window] = nil
            }
        }
    }

    func noteMapped(_ window: Window, _ mapped: Bool, overrideRedirect: Int32? = nil) {
        mapStates[window] = mapped
        if let overrideRedirect { overrideRedirects[window] = overrideRedirect != 0 }
    }

    /// Viewable: mapped, and so is its frame when the frame is its parent (seen reparented straight into a root
    /// child; at start only the root-child ancestor is known). Otherwise, or when a state is unknown, the server
    /// is asked.
    func isViewable(_ window: Window) -> Bool? {
        if let frame = frameOf[window], frame == window || framedDirectly.contains(window),
            let own = mapStates[window], let framed = mapStates[frame]
        {
            return own && framed
        }
        return attributes(window).map { $0.map_state == IsViewable }
    }

    /// DestroyNotify: the window and every client that it framed lose their entries.
    func forgetFrame(_ window: Window) {
        rootRects[window] = nil
        frameOf[window] = nil
        framedDirectly.remove(window)
        mapStates[window] = nil
        overrideRedirects[window] = nil
        mappedAt[window] = nil
        for (client, frame) in frameOf where frame == window { frameOf[client] = nil }
    }

    /// `Connection.topLevel(client:)` from the known frame and rect when both are known.
    func topLevel(client: Window) -> TopLevel? {
        guard let frame = frameOf[client], let frameRect = rootRects[frame] else {
            return connection.topLevel(client: client)
        }
        return TopLevel(client: client, frame: frame, frameRect: frameRect,
            extents: connection.extents(client: client, frame: frame, frameRect: frameRect))
    }

    /// The root child holding `window` (itself or its WM frame), known or read.
    func frame(of window: Window) -> Window? {
        if let frame = frameOf[window], rootRects[frame] != nil { return frame }
        return connection.topLevel(of: window)
    }

    /// A root child's rect, known or read.
    func rect(ofRootChild window: Window) -> Rect? {
        rootRects[window] ?? connection.geometry(window)
    }

    /// XGetWindowAttributes, keeping what later events will keep current: only for windows whose Map/UnmapNotify
    /// we receive (a root child, or a window we selected StructureNotifyMask on).
    func attributes(_ window: Window) -> XWindowAttributes? {
        guard let attributes = connection.attributes(window) else { return nil }
        if rootRects[window] != nil || connection.propertyCache.watched.contains(window) {
            noteMapped(window, attributes.map_state != IsUnmapped, overrideRedirect: attributes.override_redirect)
        }
        return attributes
    }

    /// `Connection.facts(client:keyboards:)` with the known frame and override-redirect flag, and when the frame
    /// was mapped.
    func facts(client: Window) -> WindowFacts? {
        guard let topLevel = topLevel(client: client),
            let overrideRedirect = overrideRedirects[client] ?? attributes(client).map({ $0.override_redirect != 0 })
        else { return nil }
        var facts = connection.facts(topLevel: topLevel, overrideRedirect: overrideRedirect,
            keyboards: settings.keyboards)
        facts?.mappedAtMs = mappedAt[topLevel.frame]
        return facts
    }
}
