import CX11
import OskshiftCore

/// The focused top-level and its focused field.
extension X11Adapter {
    /// `_NET_ACTIVE_WINDOW` when the WM supports it, else the X input focus. The WM sets the property to 0 for a
    /// moment at every focus change: a 0 falls back to the input focus, and when that names no client either,
    /// the focus stays where it was (a window that goes away is reported by `windowDestroyed`).
    func focusedClientNow() -> Window? {
        if supportsActiveWindow {
            let active = connection.windowProperty(connection.root, connection.atoms.netActiveWindow)
            activeWindowUnset = active == nil
            if let active {
                // The WM names the client itself: no tree walk for a client we already know.
                if knownClients.contains(active) { return active }
                return connection.client(containing: active) ?? active
            }
            if let client = inputFocusClient() { return client }
            // A known client is still there: its DestroyNotify or withdrawal would have forgotten it.
            if let current = focusedClient,
                knownClients.contains(current) || connection.attributes(current) != nil
            {
                return current
            }
            return nil
        }
        return inputFocusClient()
    }

    /// The X input focus window, read once per settle (the watcher and the `input-focus` source both ask).
    /// The corresponding Xlib call is XGetInputFocus.
    func inputFocusWindow() -> Window? {
        if let known = inputFocusThisSettle { return known }
        var window: Window = 0
        var revert: Int32 = 0
        XGetInputFocus(connection.display, &window, &revert)
        let focus: Window? = window > 1 ? window : nil  // None = 0, PointerRoot = 1
        inputFocusThisSettle = .some(focus)
        return focus
    }

    func inputFocusClient() -> Window? {
        guard let focus = inputFocusWindow() else { return nil }
        // Known windows first: a client, or a subwindow of one that watchFocus found; else walk up the tree.
        if knownClients.contains(focus) { return focus }
        if let owner = focusWatched.first(where: { $0.value.contains(focus) })?.key { return owner }
        return connection.client(containing: focus)
    }

    func settleFocus() {
        guard focusDirty || fieldDirty else { return }
        inputFocusThisSettle = nil
        defer { inputFocusThisSettle = nil }
        let refocus = focusDirty
        focusDirty = false
        fieldDirty = false
        let client = refocus ? focusedClientNow() : focusedClient
        if client != focusedClient {
            focusedClient = client
            sentObservations = nil
            guard let client, let facts = facts(client: client)
            else {
                focusedClient = nil
                output.append(.focusChanged(nil))
                return
            }
            track(client)
            watchFocus(inside: client)
            let observed = observations(facts)
            sentObservations = observed
            output.append(.focusChanged(Focus(window: facts, observed: observed)))
            return
        }
        // One frame for the observations and for the event (`facts.frame`, read once): the WM may move the window
        // between two reads, and a rect computed against one frame but sent with the other would look like another.
        guard let client, let facts = facts(client: client)
        else { return }
        watchFocus(inside: client)
        let observed = observations(facts)
        if observed != sentObservations {
            sentObservations = observed
            output.append(.focusObserved(WindowID(client), observed, frame: facts.frame))
        }
    }

    /// FocusIn is only reported on windows that selected FocusChangeMask, and a move between two subwindows
    /// reaches neither their common ancestor nor the root: so every subwindow of the focused client selects it.
    /// The walk is done again only when the input focus sits on a window that is neither a known client nor a
    /// walked subwindow: maybe a subwindow created since, reached from a watched one (whose FocusOut brought us).
    /// Xlib and xcb hand out XIDs in increasing order, so a walked set never names a recycled window.
    func watchFocus(inside client: Window) {
        if focusWatched[client] != nil {
            guard let focus = inputFocusWindow(), !knownClients.contains(focus),
                !focusWatched.values.contains(where: { $0.contains(focus) })
            else { return }
        }
        let windows = connection.descendants(of: client)
        for window in windows {
            connection.selectInput(window, FocusChangeMask)
        }
        focusWatched[client] = Set(windows)
    }

    /// What the server shows of the focus inside the window, relative to its frame: the X input focus's
    /// subwindow and the last press. Which of them counts is the engine's choice (`FocusSelection`). The press is
    /// kept relative to the client and placed in the frame with the frame's extents now, which go with them (the
    /// engine places them again when the extents change: `XFocusObservations.placed(inFrameWith:)`).
    func observations(_ facts: WindowFacts) -> XFocusObservations {
        let client = Window(facts.id.raw)
        return XFocusObservations(
            inputFocus: inputFocusRect(client: client, frame: facts.frame)?.relative(to: facts.frame.origin),
            press: presses[client].map { Point(x: $0.x + facts.extents.left, y: $0.y + facts.extents.top) },
            extents: facts.extents)
    }

    /// The X focus window when it is a strict descendant of the client, in root coordinates; tiny focus proxies
    /// (toolkits park the focus on a 1x1 window) tell nothing and are skipped.
    func inputFocusRect(client: Window, frame: Rect) -> Rect? {
        // Another known client is a top-level, never inside this one: no need to walk up from it.
        guard let focus = inputFocusWindow(), focus != client, !knownClients.contains(focus),
            connection.isDescendant(focus, of: client),
            let rect = connection.rootRect(focus), rect.width >= 4, rect.height >= 4,
            let visible = rect.intersection(frame)
        else { return nil }
        return visible
    }

    /// Records a press for the `pointer` source. Raw XInput2 events carry no position and no window, so the
    /// pointer is asked where it is, and the window under it is judged against the screen as it was at the press
    /// (`PressTarget`: a keyboard mapped over the point since is not where the press landed); the press is kept relative to the client window it landed in, which stays
    /// valid after that window is moved, and also after its frame gains or loses decorations: a fullscreen window
    /// that leaves fullscreen gets openbox's title bar, and its content, with the point tapped, moves 20 px down in
    /// its frame (kept relative to the frame, the tap's band was placed 20 px short of the margin). The
    /// corresponding Xlib call is XQueryPointer.
    func recordPress() {
        var rootReturn: Window = 0, child: Window = 0
        var rootX: Int32 = 0, rootY: Int32 = 0, winX: Int32 = 0, winY: Int32 = 0
        var buttons: UInt32 = 0
        guard XQueryPointer(connection.display, connection.root, &rootReturn, &child, &rootX, &rootY, &winX, &winY,
            &buttons) != 0
        else { return }
        let known = self.known, connection = self.connection
        guard let target = PressTarget.rootChild(at: Point(x: Int(rootX), y: Int(rootY)), pointerChild: child,
                shown: { known.shownRect(ofRootChild: $0) },
                stacking: { connection.queryTree(connection.root)?.children ?? [] }),
            !keyboardFrames.contains(target),
            let client = clientFor(topLevel: target), !keyboardCandidates.contains(client),
            let frame = connection.geometry(target)  // live: the frame's ConfigureNotify may still be queued
        else { return }
        let extents = currentExtents(client)
        let inClient = Point(x: Int(rootX) - frame.x - extents.left, y: Int(rootY) - frame.y - extents.top)
        if presses.updateValue(inClient, forKey: client) == nil {
            pressOrder.append(client)
            if pressOrder.count > 16 { presses[pressOrder.removeFirst()] = nil }
        }
        // Before the observation the settle sends: the engine takes the press with the input it is.
        output.append(.userInput(WindowID(client)))
        if client == focusedClient { fieldDirty = true }
    }
}
