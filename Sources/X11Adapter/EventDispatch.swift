import CX11
import Clock
import OskshiftCore

/// The bottom half: each X event only updates state, emits what it alone proves, and marks what must be
/// queried once the queue is empty.
extension X11Adapter {
    func dispatch(_ event: inout XEvent) {
        // Before anything may consume the event: cached properties must never outlive a change.
        if event.type == PropertyNotify { connection.propertyChanged(event.xproperty.window, event.xproperty.atom) }
        if event.type == DestroyNotify { connection.windowDestroyed(event.xdestroywindow.window) }
        if let accessoryBar, accessoryBar.handle(&event) { return }
        switch event.type {
        case ConfigureNotify: configureNotify(event.xconfigure)
        case CreateNotify: createNotify(event.xcreatewindow)
        case MapNotify: mapNotify(event.xmap)
        case UnmapNotify: unmapNotify(event.xunmap)
        case DestroyNotify:
            forget(event.xdestroywindow.window)
            known.destroyed(event.xdestroywindow.window)
        case GravityNotify: known.movedByGravity(event.xgravity, root: connection.root)
        case ReparentNotify: reparentNotify(event.xreparent)
        case PropertyNotify: propertyNotify(event.xproperty)
        case FocusIn, FocusOut:
            // While the WM names the active window, only its PropertyNotify can change the focused client; the
            // input focus decides only when there is no WM support or the property is 0.
            if !supportsActiveWindow || activeWindowUnset { focusDirty = true }
            fieldDirty = true
        case ClientMessage: syncRequested(event.xclient)
        case SelectionClear:
            if event.xselectionclear.window == managerWindow,
                event.xselectionclear.selection == connection.atoms.managerSelection
            {
                selectionLost = true
            }
        case GenericEvent:
            if let opcode = xinputOpcode, event.xcookie.extension == opcode,
                event.xcookie.evtype == XI_RawButtonPress || event.xcookie.evtype == XI_RawTouchBegin
            {
                recordPress()
            } else if let opcode = xinputOpcode, event.xcookie.extension == opcode,
                event.xcookie.evtype == XI_RawKeyPress
            {
                recordKeyPress(&event)
            }
        default:
            if let base = randrEventBase, event.type == base + RRScreenChangeNotify {
                // Keeps Xlib's idea of the screen size current.
                XRRUpdateConfiguration(&event)
                screenDirty = true
            }
        }
    }

    func configureNotify(_ event: XConfigureEvent) {
        let window = event.window
        if window == connection.root {
            // The root resized (xrandr -s): monitors change without an RandR monitor event.
            screenDirty = true
            return
        }
        if keyboardFrames.contains(window) || keyboardCandidates.contains(window) {
            keyboardDirty = true
        } else if keyboardDirty {
            // The keyboard moved earlier in this batch: the engine hears of that before another window's move,
            // which a window manager fitting windows above the keyboard's strut made in answer to it (KWin fits
            // to the keyboard's window as it is; heard first, the fit read as placed above a keyboard 14 px lower).
            settleKeyboard()
        }
        let report = known.configured(event, in: connection, knownClients: knownClients)
        noteTreeExtentsStale(after: event, report: report)
        guard let report else { return }
        if let client = Self.reportedWindow(report), maybeWithdrawn.contains(client) {
            // Each report carries the whole frame: the newest of each kind is all a later one needs.
            heldFrameReports[client, default: []].removeAll { Self.sameKind($0, report) }
            heldFrameReports[client, default: []].append(report)
            return
        }
        output.append(report)
    }

    /// A real ConfigureNotify of a client whose extents come from the tree, or of its frame: they are read again
    /// at the settle.
    func noteTreeExtentsStale(after event: XConfigureEvent, report: Event?) {
        guard !extentsFromTree.isEmpty, event.send_event == 0 else { return }
        let client = report.flatMap(Self.reportedWindow) ?? event.window
        if extentsFromTree.contains(client) { treeExtentsStale.insert(client) }
    }

    static func sameKind(_ one: Event, _ other: Event) -> Bool {
        switch (one, other) {
        case (.windowConfigured, .windowConfigured), (.windowConfigureSynthetic, .windowConfigureSynthetic): true
        default: false
        }
    }

    static func reportedWindow(_ report: Event) -> Window? {
        switch report {
        case .windowConfigured(let id, _), .windowConfigureSynthetic(let id): return Window(id.raw)
        default: return nil
        }
    }

    /// Every new top-level window is watched from its creation: a client is recognised when the WM sets its
    /// WM_STATE, which may come after the frame's MapNotify.
    func createNotify(_ event: XCreateWindowEvent) {
        known.created(event, root: connection.root)
        guard event.parent == connection.root, event.override_redirect == 0, event.window != managerWindow else {
            return
        }
        connection.selectInput(event.window, Self.clientMask, cacheProperties: true)
        // Without `_NET_ACTIVE_WINDOW` the focus is learnt from FocusIn only, reported from this selection on (the
        // root selects none). A daemon behind the server handles the CreateNotify after a window manager that
        // focuses at the map (twm, the pointer over the new window) gave it the focus and GTK moved it to a child:
        // no FocusIn ever comes, so the input focus is read once at the settle. Not where the window manager names
        // the active window: its PropertyNotify says so, and a read here met openbox's just-created 1x1 frame.
        if !supportsActiveWindow || activeWindowUnset { focusDirty = true }
    }

    func mapNotify(_ event: XMapEvent) {
        let window = event.window
        let mapped = known.mapped(event, in: connection, now: MonotonicClock.milliseconds())
        if knownClients.contains(window), let held = heldFrameReports.removeValue(forKey: window) { output += held }
        if keyboardCandidates.contains(window) || keyboardFrames.contains(window) { keyboardDirty = true }
        switch mapped {
        case .client(let client)?:
            track(client)
        case .awaitingWMState(let waiting)?:
            // A frame whose client awaits WM_STATE is no keyboard itself, but its client may be one: mapped in a
            // mapped frame, it is on screen now. openbox sets WM_STATE ~0.5 ms after this MapNotify (measured), and
            // the show need not wait for it; the client is tracked when WM_STATE comes, as before.
            considerKeyboard(waiting)
        case .unmanaged?:
            considerUnmanaged(window)
        case nil:
            break
        }
    }

    func unmapNotify(_ event: XUnmapEvent) {
        let window = event.window
        known.noteMapped(window, false)
        if keyboardCandidates.contains(window) || keyboardFrames.contains(window) { keyboardDirty = true }
        if knownClients.contains(window) { maybeWithdrawn.insert(window) }
    }

    func reparentNotify(_ event: XReparentEvent) {
        let window = event.window
        known.reparented(event, in: connection)
        if keyboardCandidates.contains(window) { keyboardDirty = true }
        // A WM that unmanages a client hands it back to the root; a (restarted) WM that takes a known client on
        // places it on its own first.
        if event.parent == connection.root, knownClients.contains(window) { maybeWithdrawn.insert(window) }
        if event.parent != connection.root, knownClients.contains(window) {
            heldFrameReports[window] = nil  // its frames at the root, superseded by the new frame's
            output.append(.windowReframed(WindowID(window)))
        }
    }

    func propertyNotify(_ event: XPropertyEvent) {
        let atoms = connection.atoms
        let window = event.window, name = event.atom
        if window == connection.root {
            switch name {
            case atoms.netActiveWindow: focusDirty = true
            case atoms.netWorkarea, atoms.netCurrentDesktop: screenDirty = true
            case atoms.netSupported, atoms.netSupportingWMCheck: readWMSupport()
            default: break
            }
            return
        }
        if name == atoms.wmState, !knownClients.contains(window) {
            // The WM has just taken this client on. A keyboard is already on screen from its frame's MapNotify.
            if keyboardCandidates.contains(window) {
                lateChecks.managed.insert(window)
                return
            }
            trackIfManaged(window)
            return
        }
        guard knownClients.contains(window) || keyboardCandidates.contains(window) else { return }
        switch name {
        case atoms.netWMState:
            if keyboardCandidates.contains(window) {
                keyboardDirty = true
                // A keyboard's own state moves no other window: read after the batch's requests are out.
                if knownClients.contains(window) { lateChecks.states.insert(window) }
                return
            }
            guard knownClients.contains(window) else { return }
            readState(of: window)
        case atoms.wmState:
            maybeWithdrawn.insert(window)
        case atoms.netFrameExtents:
            if knownClients.contains(window) { rereadExtents(window) } else { extentsCache[window] = nil }
        case atoms.wmClass, atoms.wmName, atoms.netWMName:
            considerKeyboard(window)
        default:
            break
        }
    }

    /// A known client's `_NET_WM_STATE` changed: read it, and report it when it differs from the last one seen.
    func readState(of window: Window) {
        let state = connection.windowState(window).state
        if knownStates[window] != state {
            knownStates[window] = state
            // openbox changes the borders with the state: the engine has the new extents before the state.
            rereadExtents(window)
            output.append(.windowStateChanged(WindowID(window), state))
        }
    }

    /// A client not known yet got a WM_STATE: the WM has taken it on unless the state says Withdrawn.
    func trackIfManaged(_ window: Window) {
        if let state = connection.wmState(window), state != 0 { track(window) }
    }
}
