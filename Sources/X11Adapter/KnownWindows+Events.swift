import CX11
import OskshiftCore

/// What one X event teaches, and what of it the engine must hear.
extension KnownWindows {
    /// CreateNotify: a new root child is its own frame until a WM reparents it. Every window is created unmapped.
    mutating func created(_ event: XCreateWindowEvent, root: Window) {
        if event.parent == root {
            noteRootChild(event.window, x: event.x, y: event.y, width: event.width, height: event.height,
                border: event.border_width)
            frameOf[event.window] = event.window
        }
        noteMapped(event.window, false, overrideRedirect: event.override_redirect)
    }

    /// What a root child's MapNotify asks of the adapter.
    enum Mapped: Equatable {
        /// It is a client, or the frame of one: track that client.
        case client(Window)
        /// A frame whose client has no WM_STATE yet: that client may be a keyboard, on screen now.
        case awaitingWMState(Window)
        /// No client in it (an override-redirect window, or an unmanaged one): it may be a keyboard itself.
        case unmanaged
    }

    /// MapNotify. Nil when it is a window's own notification, not its parent's (the root's), or ours.
    mutating func mapped(_ event: XMapEvent, in tree: some WindowTree, now: Int) -> Mapped? {
        let window = event.window
        noteMapped(window, true, overrideRedirect: event.override_redirect)
        guard event.event == tree.root else { return nil }
        mappedAt[window] = now
        guard window != ownWindow else { return nil }
        // A frame may be override-redirect (matchbox-window-manager's are): look for a client in any case.
        notClients.remove(window)
        clientOfTopLevel[window] = nil
        if let client = client(ofTopLevel: window, in: tree) { return .client(client) }
        if let waiting = reparentedInto[window] { return .awaitingWMState(waiting) }
        if event.override_redirect != 0 { notClients.insert(window) }
        return .unmanaged
    }

    /// ReparentNotify, seen on the root (for its children) or on a watched window itself.
    mutating func reparented(_ event: XReparentEvent, in tree: some WindowTree) {
        let window = event.window
        noteReparent(window, parent: event.parent, serial: UInt(event.serial), in: tree)
        clientOfTopLevel[window] = nil
        notClients.remove(window)
        if event.event == tree.root {
            if let old = reparentedInto.first(where: { $0.value == window })?.key { reparentedInto[old] = nil }
            if event.parent != tree.root { reparentedInto[event.parent] = window }
        }
    }

    /// ConfigureNotify of any window but the root itself; the event for the engine, if any.
    ///
    /// A root child's (the WM frame, or an unreparented client) rect is already in root coordinates; it is
    /// reported for the client inside when it changed. Not only for managed frames: matchbox-window-manager's
    /// frames are override-redirect. A WM's synthetic ConfigureNotify to a client is an echo of a real move or its
    /// answer to a request it refused: which one, the engine decides (it knows what it asked for), and it asks for
    /// the frame when it needs it (`Action.readFrame`).
    mutating func configured(_ event: XConfigureEvent, in tree: some WindowTree, knownClients: Set<Window>)
        -> Event?
    {
        let window = event.window
        if event.event == tree.root {
            noteRootChild(window, x: event.x, y: event.y, width: event.width, height: event.height,
                border: event.border_width)
            let frame = Self.outerRect(x: event.x, y: event.y, width: event.width, height: event.height,
                border: event.border_width)
            guard let client = client(ofTopLevel: window, in: tree) else { return nil }
            guard lastFrames[window] != frame else { return nil }  // a restack
            lastFrames[window] = frame
            return .windowConfigured(WindowID(client), frame: frame)
        }
        if event.send_event != 0, knownClients.contains(window) { return .windowConfigureSynthetic(WindowID(window)) }
        return nil
    }

    /// GravityNotify: a root child moved by its gravity when the root resized; no ConfigureNotify brings its rect.
    mutating func movedByGravity(_ event: XGravityEvent, root: Window) {
        if event.event == root {
            rootRects[event.window] = nil
            rootBorders[event.window] = nil
        }
    }

    /// DestroyNotify: everything about the window, and the frame of every client it held. The XID may come back
    /// as another window.
    mutating func destroyed(_ window: Window) {
        forgetAsTopLevel(window)
        rootRects[window] = nil
        rootBorders[window] = nil
        frameOf[window] = nil
        framedDirectly.remove(window)
        mapStates[window] = nil
        overrideRedirects[window] = nil
        mappedAt[window] = nil
        for (client, frame) in frameOf where frame == window { frameOf[client] = nil }
    }

    /// A client withdrawn (unmanaged, still alive): no root child holds it as its client any more.
    mutating func withdrawn(_ client: Window) {
        forgetAsTopLevel(client)
        for (topLevel, known) in clientOfTopLevel where known == client { clientOfTopLevel[topLevel] = nil }
    }

    /// What is kept about `window` as a root child that holds (or may hold) a client.
    private mutating func forgetAsTopLevel(_ window: Window) {
        clientOfTopLevel[window] = nil
        reparentedInto[window] = nil
        notClients.remove(window)
        lastFrames[window] = nil
    }
}
