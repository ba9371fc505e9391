import CX11
import OskshiftCore

/// Answers from what the events said when they said enough; otherwise read from the server, as before there was
/// any bookkeeping.
extension KnownWindows {
    /// `WindowTree.topLevel(client:)` from the known frame and rect when both are known.
    func topLevel(client: Window, in tree: some WindowTree) -> TopLevel? {
        guard let frame = frameOf[client], let frameRect = rootRects[frame] else {
            return tree.topLevel(client: client)
        }
        return TopLevel(client: client, frame: frame, frameRect: frameRect,
            extents: tree.extents(client: client, frame: frame, frameRect: frameRect))
    }

    /// The root child holding `window` (itself or its WM frame), known or read.
    func frame(of window: Window, in tree: some WindowTree) -> Window? {
        if let frame = frameOf[window], rootRects[frame] != nil { return frame }
        return tree.topLevel(of: window)
    }

    /// A root child's rect, known or read.
    func rect(ofRootChild window: Window, in tree: some WindowTree) -> Rect? {
        rootRects[window] ?? tree.geometry(window)
    }

    /// Viewable: mapped, and so is its frame when the frame is its parent (seen reparented straight into a root
    /// child; at start only the root-child ancestor is known). Otherwise, or when a state is unknown, the server
    /// is asked. Nil when the window is gone.
    mutating func isViewable(_ window: Window, in tree: some WindowTree) -> Bool? {
        if let frame = frameOf[window], frame == window || framedDirectly.contains(window),
            let own = mapStates[window], let framed = mapStates[frame]
        {
            return own && framed
        }
        return attributes(window, in: tree).map { $0.map_state == IsViewable }
    }

    /// The client's own override-redirect flag (some WMs, matchbox, make their frames override-redirect), known or
    /// read. Nil when the window is gone.
    mutating func overrideRedirect(of client: Window, in tree: some WindowTree) -> Bool? {
        overrideRedirects[client] ?? attributes(client, in: tree).map { $0.override_redirect != 0 }
    }

    /// XGetWindowAttributes, keeping what later events will keep current: only for windows whose Map/UnmapNotify
    /// we receive (a root child, or a watched window).
    mutating func attributes(_ window: Window, in tree: some WindowTree) -> XWindowAttributes? {
        guard let attributes = tree.attributes(window) else { return nil }
        if rootRects[window] != nil || tree.isWatched(window) {
            noteMapped(window, attributes.map_state != IsUnmapped, overrideRedirect: attributes.override_redirect)
        }
        return attributes
    }

    /// The managed client inside a root child (remembered), or the child itself when no WM manages anything.
    mutating func client(ofTopLevel topLevel: Window, in tree: some WindowTree) -> Window? {
        if let client = clientOfTopLevel[topLevel] { return client }
        if notClients.contains(topLevel) { return nil }
        if let candidate = reparentedInto[topLevel] {
            // Not a client before WM_STATE is set; its PropertyNotify (selected since CreateNotify) tracks it then.
            guard tree.wmState(candidate) != nil else { return nil }
            clientOfTopLevel[topLevel] = candidate
            return candidate
        }
        var client = tree.client(inTopLevel: topLevel)
        if client == nil, !wmPresent, topLevel != ownWindow,
            let attributes = tree.attributes(topLevel), attributes.override_redirect == 0,
            attributes.map_state == IsViewable
        {
            client = topLevel
        }
        if let client { clientOfTopLevel[topLevel] = client }
        return client
    }
}
