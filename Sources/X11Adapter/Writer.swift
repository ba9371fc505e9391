import CX11
import OskshiftCore

/// Every request that acts on other clients goes through here: each change to a window we do not own (moves and
/// resizes, `_NET_WM_STATE`, the saved-geometry property, mapping and unmapping a keyboard for auto-show), the keys
/// typed into the focused application through XTest, the status property that `oskshift status` reads, and the
/// answers to sync requests (which also count the requests that move windows). So what
/// the daemon does to the desktop can be read in one file.
///
/// Requests that change the server elsewhere, on purpose:
/// - AccessoryBar.swift creates, places, maps, raises and draws the bar: our own override-redirect window, which
///   no WM or other client acts on, driven by the bar's own state (where it is, which button is held).
/// - ManagerSelection.swift runs the ICCCM manager-selection handshake: creates our selection window, appends
///   nothing to a property of it for a server timestamp, takes the selection (XSetSelectionOwner) and announces it
///   (MANAGER on the root). A start-up sequence whose requests alternate with reads and waits, done once before
///   any engine action.
/// - Event selection (Connection.selectInput, XRRSelectInput and XISelectEvents in Extensions.swift) changes only
///   which events this client is sent.
/// - XInternAtom(s) with only_if_exists false (Atoms.swift, Facts.swift, X11Adapter.swift) may add a name to the
///   server's atom table.
struct Writer {
    let connection: Connection
    /// The WM lists `_NET_MOVERESIZE_WINDOW` in `_NET_SUPPORTED`.
    var supportsMoveResize: Bool
    /// Every move, resize and state request performed, numbered: what a sync answer counts since a mark.
    var journal = RequestJournal()

    /// Performs one action that touches the server. The others are the daemon's effect performer's (Effects.swift):
    /// it hands these on.
    /// `knownBorder` is a root child's X border width as last reported (KnownWindows), nil when unknown.
    func perform(_ action: Action, knownBorder: (Window) -> Int? = { _ in nil }) {
        switch action {
        case .moveResize(let id, let frame, let extents):
            moveResize(id.raw, frame: frame, extents: extents, knownBorder: knownBorder)
        case .setMaximized(let id, let on):
            let atoms = connection.atoms
            sendState(id.raw, add: on, atoms.netWMStateMaximizedVert, atoms.netWMStateMaximizedHorz)
        case .setFullscreen(let id, let on):
            sendState(id.raw, add: on, connection.atoms.netWMStateFullscreen, 0)
        case .saveOriginal(let id, let saved):
            saveOriginal(id.raw, saved)
        case .clearOriginal(let id):
            XDeleteProperty(connection.display, id.raw, connection.atoms.originalGeometry)
        case .typeTab(let backward):
            typeTab(backward: backward)
        case .startTimer, .stopTimer, .log, .readField, .revealField, .readFrame, .note, .showKeyboard, .hideKeyboard,
            .armHideTimer, .cancelHideTimer, .turnOnAccessibilitySwitch:
            break
        }
    }

    /// Encoded by MoveResizeRequest.swift.
    private func moveResize(_ client: Window, frame: Rect, extents: FrameExtents, knownBorder: (Window) -> Int?) {
        let request = MoveResizeRequest(frame: frame, extents: extents, supportsMoveResize: supportsMoveResize,
            placement: placement(of: client, knownBorder: knownBorder))
        switch request {
        case .netMoveResizeWindow(let flags, let x, let y, let width, let height):
            sendClientMessage(client, connection.atoms.netMoveResizeWindow, (flags, x, y, width, height, 0))
        case .configureClient(let x, let y, let width, let height):
            XMoveResizeWindow(connection.display, client, Int32(x), Int32(y), UInt32(width), UInt32(height))
        }
    }

    /// In a frame, or its own top-level with its X border: from the tree (a QueryTree), and the border as last
    /// reported, else from the server (XGetGeometry).
    private func placement(of client: Window, knownBorder: (Window) -> Int?) -> MoveResizeRequest.Placement {
        guard let parent = connection.queryTree(client)?.parent, parent == connection.root else { return .reparented }
        return .ownTopLevel(border: knownBorder(client) ?? connection.borderWidth(client) ?? 0)
    }

    /// Shows or hides a keyboard window for auto-show: XMapWindow (the WM manages it again) or XUnmapWindow (the
    /// WM withdraws it), exactly what `xdotool windowmap` / `windowunmap` do to these keyboards.
    func setMapped(_ window: Window, _ mapped: Bool) {
        if mapped {
            XMapRaised(connection.display, window)
        } else {
            XUnmapWindow(connection.display, window)
        }
    }

    /// The accessory bar's previous / next: Tab, or Shift+Tab, typed through XTest into whatever holds the X input
    /// focus. Here because it changes what another client receives.
    private func typeTab(backward: Bool) {
        let display = connection.display
        let tab = UInt32(XKeysymToKeycode(display, KeySym(XK_Tab)))
        let shift = UInt32(XKeysymToKeycode(display, KeySym(XK_Shift_L)))
        guard tab != 0 else { return }
        if backward, shift != 0 { XTestFakeKeyEvent(display, shift, 1, 0) }
        XTestFakeKeyEvent(display, tab, 1, 0)
        XTestFakeKeyEvent(display, tab, 0, 0)
        if backward, shift != 0 { XTestFakeKeyEvent(display, shift, 0, 0) }
    }

    /// The daemon's status (JSON, UTF8_STRING) on its own manager-selection window, for `oskshift status`.
    /// One request, no reply: the status command waits for the PropertyNotify it causes.
    func publishStatus(on window: Window, json: String) {
        var bytes = Array(json.utf8)
        let count = Int32(bytes.count)
        _ = XChangeProperty(
            connection.display, window, connection.atoms.status, connection.atoms.utf8String, 8, PropModeReplace,
            &bytes, count)
    }

    /// The answer to a sync request (JSON, UTF8_STRING) on the caller's own window: it waits for the
    /// PropertyNotify (SyncRequest.swift).
    func answerSync(on window: Window, json: String) {
        var bytes = Array(json.utf8)
        _ = XChangeProperty(
            connection.display, window, connection.atoms.syncReply, connection.atoms.utf8String, 8, PropModeReplace,
            &bytes, Int32(bytes.count))
    }

    /// `_NET_WM_STATE` add (1) or remove (0) one or two properties, source 2.
    private func sendState(_ client: Window, add: Bool, _ first: Atom, _ second: Atom) {
        sendClientMessage(client, connection.atoms.netWMState, (add ? 1 : 0, Int(first), Int(second), 2, 0, 0))
    }

    private func saveOriginal(_ client: Window, _ saved: SavedGeometry) {
        var words = SavedGeometryProperty.encode(saved)
        let count = Int32(words.count)
        words.withUnsafeMutableBytes { bytes in
            _ = XChangeProperty(
                connection.display, client, connection.atoms.originalGeometry, XA_CARDINAL, 32, PropModeReplace,
                bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), count)
        }
    }

    /// An EWMH request to the window manager: a ClientMessage on the root with SubstructureRedirect|Notify.
    /// The corresponding Xlib call is XSendEvent.
    private func sendClientMessage(_ window: Window, _ type: Atom, _ data: (Int, Int, Int, Int, Int, Int)) {
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.display = connection.display
        event.xclient.window = window
        event.xclient.message_type = type
        event.xclient.format = 32
        event.xclient.data.l = (data.0, data.1, data.2, data.3, data.4)
        _ = XSendEvent(
            connection.display, connection.root, 0, SubstructureRedirectMask | SubstructureNotifyMask, &event)
    }
}
