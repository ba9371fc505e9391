import CX11
import Glibc
import OskshiftCore

/// The part of the configuration the X side needs: which windows are on-screen keyboards (`[[keyboard]]`), and
/// whether Return presses are watched (`hide_on_return`). Focus sources, modes and margins are the engine's alone.
public struct AdapterSettings: Equatable, Sendable {
    public var keyboards: [KeyboardRule]
    public var watchesReturnKey: Bool

    public init(_ configuration: Configuration) {
        keyboards = configuration.keyboards
        watchesReturnKey = configuration.keyboard.hideOnReturn
    }
}

/// Reads the X server into engine events and performs engine actions on it. Not thread-safe: the thread that
/// created it owns the Display.
public final class X11Adapter {
    let connection: Connection
    var writer: Writer

    /// What the adapter needs of the configuration; every decision about windows is the engine's.
    public var settings: AdapterSettings {
        didSet {
            if settings.keyboards != oldValue.keyboards { reconsiderKeyboards() }
            if settings.watchesReturnKey != oldValue.watchesReturnKey { selectRawEvents() }
        }
    }

    /// The monitors as last read (and sent as `screenChanged`).
    public internal(set) var screen: OskshiftCore.Screen

    /// Another instance took the manager selection (`--replace`): this one should restore and exit.
    public internal(set) var selectionLost = false

    // MARK: What the server has told us

    /// Frames, clients, their rects and map states as the events reported them (KnownWindows.swift).
    var known = KnownWindows()
    /// Clients whose structure and properties we watch.
    var knownClients: Set<Window> = []
    /// Last `_NET_WM_STATE` seen per known client, so that only real changes become events.
    var knownStates: [Window: WindowState] = [:]
    /// Windows that look like on-screen keyboards (visible or not).
    var keyboardCandidates: Set<Window> = []
    /// Root children holding a keyboard candidate, so their ConfigureNotify is recognised.
    var keyboardFrames: Set<Window> = []
    var shownKeyboard: Rect?
    /// The window of the keyboard last seen visible (kept while it is hidden), for `oskshift status`.
    public internal(set) var lastKeyboardWindow: WindowID?
    var focusedClient: Window?
    /// What the server showed of the focus inside the focused window, as last sent.
    var sentObservations: XFocusObservations?
    /// The last press inside each top-level other than a keyboard, relative to that window's frame origin
    /// (the most recent few windows only).
    var presses: [Window: Point] = [:]
    /// The accessory bar (AccessoryBar.swift), once the daemon asked for it, and raw Return presses not yet taken.
    var accessoryBar: AccessoryBar?
    var returnPresses = 0
    /// XInput 2.2: raw touch begins can be selected too.
    var xinputTouch = false
    var pressOrder: [Window] = []
    /// Clients unmapped or reparented to the root: withdrawn unless WM_STATE says otherwise.
    var maybeWithdrawn: Set<Window> = []
    /// The frame reports of those clients, held: a WM letting a withdrawn client go resizes it and hands it to
    /// the root, a frame nobody moved to (reported, the engine took it for the user's move and cleared the saved
    /// geometry that brings the window home when it is mapped again). A client unmapped whose WM_STATE is still
    /// Normal at the settle stays in `maybeWithdrawn`: the WM's answer may come in a later batch. Dropped with a
    /// client withdrawn, or framed again (`reparentNotify`); reported when it is mapped again, or at the settle.
    var heldFrameReports: [Window: [Event]] = [:]
    /// `_NET_FRAME_EXTENTS` per client, read once and dropped when the property changes (openbox removes the
    /// borders of maximized windows, so the extents change with the state).
    var extentsCache: [Window: FrameExtents] = [:]
    /// Clients whose extents came from the tree (the WM publishes no `_NET_FRAME_EXTENTS`: pekwm, i3): they hold
    /// only as long as the frame and the client keep their rects, and are read again after a batch that moved or
    /// resized either (`settleTreeExtents`). A WM resizes the frame and the client one after the other: pekwm
    /// leaving maximized had the client 400 px wide in a frame still 1280 px wide, read as extents 100,780.
    var extentsFromTree: Set<Window> = []
    /// Of those, the ones configured in this batch.
    var treeExtentsStale: Set<Window> = []
    /// Subwindows of each client given FocusChangeMask (FocusWatcher.swift: watchFocus).
    var focusWatched: [Window: Set<Window>] = [:]
    /// XGetInputFocus's answer during one settleFocus (outer nil: not read yet).
    var inputFocusThisSettle: Window?? = nil

    // MARK: What the WM and server offer
    var supportsActiveWindow = false
    /// `_NET_ACTIVE_WINDOW` was absent or 0 at the last read: the X input focus decides (FocusWatcher.swift).
    var activeWindowUnset = true
    var xinputOpcode: Int32?
    var randrEventBase: Int32?
    /// Our manager-selection window; the window lookups must never take it for a client.
    var managerWindow: Window {
        get { known.ownWindow }
        set { known.ownWindow = newValue }
    }

    // MARK: The top half's to-do list, filled by the event handlers
    var keyboardDirty = false
    var focusDirty = false
    var fieldDirty = false
    var screenDirty = false
    /// Round trips postponed until the batch's requests are out (LateChecks.swift).
    var lateChecks = LateChecks()
    var output: [Event] = []
    var notes: [String] = []
    /// Windows destroyed in reports the engine has not been fed yet: no request goes to their ids meanwhile.
    var pendingEnds = PendingEnds()
    /// `_OSKSHIFT_SYNC` requests read and not yet answered (SyncRequest.swift).
    var syncRequests: [SyncRequest] = []

    /// Opens the display (nil: $DISPLAY). Nothing is watched until `start()`.
    public init(displayName: String?, settings: AdapterSettings) throws(ConnectionError) {
        connection = try Connection(displayName: displayName)
        writer = Writer(connection: connection, supportsMoveResize: false)
        self.settings = settings
        screen = OskshiftCore.Screen(monitors: [])
    }

    /// The display's name as Xlib resolved it, e.g. ":1".
    public var displayName: String { connection.name }

    /// The X connection's socket, for poll(2).
    public var fileDescriptor: Int32 { connection.fileDescriptor }

    /// Events are waiting in Xlib's queue or on the socket. The corresponding Xlib call is XPending.
    public var hasPendingEvents: Bool { XPending(connection.display) > 0 }

    /// Performs the server-side actions (moves, states, saved geometry). Call `flush()` after a batch.
    public func perform(_ action: Action) {
        if let target = WindowLife.target(of: action),
            pendingEnds.holdsBack(action) || WindowLife.isStale(action, unhandled: connection.unhandledEvents())
        {
            notes.append("request dropped: \(WindowID(target)) was destroyed or its id reused, events not yet handled")
            return
        }
        writer.perform(action, knownBorder: { [known] in known.rootBorders[$0] })
        writer.journal.record(action)
        // Out at once, while the window checked just above is still the one it names: the batch's flush may come
        // after the rest of a long batch (a storm of windows), long enough for its id to be reused meanwhile.
        if WindowLife.target(of: action) != nil { connection.flush() }
    }

    /// The window's frame read from the server (`Action.readFrame`). Not from `rootRects`: the frame's own
    /// ConfigureNotify may still be queued behind the synthetic one that made the engine ask (matchbox sends its
    /// synthetic answer first), and a stale rect would read as a refusal.
    public func readFrame(_ id: WindowID) -> Event? {
        guard let topLevel = connection.topLevel(client: Window(id.raw)) else { return nil }
        return .windowFrameRead(id, frame: topLevel.frameRect)
    }

    /// The client's frame extents now, from the cache or (once) from the server.
    func currentExtents(_ client: Window) -> FrameExtents {
        if let cached = extentsCache[client] { return cached }
        let extents = topLevel(client: client)?.extents ?? .none
        extentsCache[client] = extents
        if connection.frameExtentsItems(client) == nil { extentsFromTree.insert(client) } else {
            extentsFromTree.remove(client)
        }
        return extents
    }

    /// The extents read from the tree of the clients configured in this batch, read again once the batch's events
    /// are handled (the WM's resizes of the frame and of the client have then both been seen, when they came
    /// together) and reported when they changed: the engine asks again for a placement sent with the old ones.
    func settleTreeExtents() {
        let stale = treeExtentsStale
        treeExtentsStale.removeAll()
        for client in stale where knownClients.contains(client) && extentsCache[client] != nil { rereadExtents(client) }
    }

    /// Reads a known client's frame extents again and reports them when they changed (the engine converts its
    /// frames to client sizes with them).
    func rereadExtents(_ client: Window) {
        let old = extentsCache[client]
        extentsCache[client] = nil
        let now = currentExtents(client)
        if now != old { output.append(.windowExtentsChanged(WindowID(client), now)) }
    }

    public func flush() { connection.flush() }

    /// A round trip, so that everything sent has been processed.
    public func sync() { connection.sync() }

    /// Protocol errors reported since the last call (BadWindow and the like; never fatal).
    public func takeErrors() -> [XErrorRecord] { XErrorHandlers.take() }

    /// Remarks worth a verbose log line (a rejected saved geometry, a missing extension).
    public func takeNotes() -> [String] {
        defer { notes.removeAll() }
        return notes
    }

    static let rootMask = SubstructureNotifyMask | StructureNotifyMask | PropertyChangeMask
    static let clientMask = StructureNotifyMask | PropertyChangeMask | FocusChangeMask

    /// Starts watching and returns the state as events: `screenChanged`, `keyboardShown` when one is visible,
    /// `displacedWindowFound` per window left moved by an earlier run, then `focusChanged`.
    public func start() -> [Event] {
        connection.selectInput(connection.root, Self.rootMask, cacheProperties: true)
        setUpRandR()
        setUpXInput()
        readWMSupport()
        screen = connection.readScreen()
        output = [.screenChanged(screen)]

        var displaced: [Event] = []
        let clientList = XInternAtom(connection.display, "_NET_CLIENT_LIST", 0)
        for client in connection.property(connection.root, clientList, maxLongs: 65536)?.longs ?? [] {
            if let frame = connection.topLevel(of: Window(client)), frame != Window(client) {
                known.reparentedInto[frame] = Window(client)
            }
        }
        for child in connection.queryTree(connection.root)?.children ?? [] {
            guard let attributes = connection.attributes(child) else { continue }
            known.noteRootChild(child, x: attributes.x, y: attributes.y, width: attributes.width,
                height: attributes.height, border: attributes.border_width)
            known.noteMapped(child, attributes.map_state != IsUnmapped, overrideRedirect: attributes.override_redirect)
            if let client = clientFor(topLevel: child) {
                known.frameOf[client] = child
                known.noteFrameKnownAtStart(child)
                if let found = startTracking(client) { displaced.append(found) }
            } else if attributes.override_redirect == 0, child != managerWindow {
                // Withdrawn now; recognised when a WM sets its WM_STATE. Whether it is a keyboard is read now,
                // into the property cache that its PropertyNotify keeps true: a keyboard hidden at start then
                // shows without those round trips on its first show (4 of them, 1.5-2.5 ms, measured).
                connection.selectInput(child, Self.clientMask, cacheProperties: true)
                if attributes.map_state == IsViewable {
                    considerUnmanaged(child)
                } else {
                    considerKeyboard(child)
                    if keyboardCandidates.contains(child) {
                        _ = connection.wmState(child)
                        _ = connection.windowState(child)
                    }
                }
            } else if attributes.map_state == IsViewable {
                considerUnmanaged(child)
            }
        }
        keyboardDirty = true
        settleKeyboard()
        // Focus first: the engine then places a still-covered window from its saved original directly, instead
        // of restoring it and moving it again.
        focusDirty = true
        settleFocus()
        output += displaced
        return takeOutput()
    }

    /// Handles every queued event, then queries the server once for what they made stale, and returns the
    /// resulting engine events in order.
    public func drain() -> [Event] {
        var event = XEvent()
        while XPending(connection.display) > 0 {
            XNextEvent(connection.display, &event)
            dispatch(&event)
        }
        lateChecks.postponing = true
        settle()
        lateChecks.postponing = false
        return takeOutput()
    }

    func takeOutput() -> [Event] {
        defer { output.removeAll() }
        pendingEnds.reported(output)
        return output
    }

    /// The daemon fed one of the reports to the engine (`PendingEnds`).
    public func fed(_ event: Event) { pendingEnds.fed(event) }

    /// The daemon fed the whole batch.
    public func batchFed() { pendingEnds.batchFed() }

    /// The top half: one query per kind of staleness, after the queue is empty.
    func settle() {
        settleWithdrawn()
        settleTreeExtents()
        if screenDirty {
            screenDirty = false
            let fresh = connection.readScreen()
            if fresh != screen {
                screen = fresh
                output.append(.screenChanged(fresh))
                keyboardDirty = true
            }
        }
        settleKeyboard()
        settleFocus()
    }

    /// `_NET_SUPPORTED` (for `_NET_MOVERESIZE_WINDOW` and `_NET_ACTIVE_WINDOW`) and whether a WM redirects the
    /// root's substructure at all.
    func readWMSupport() {
        let supported = Set(connection.atomList(connection.root, connection.atoms.netSupported, maxLongs: 4096))
        writer.supportsMoveResize = supported.contains(connection.atoms.netMoveResizeWindow)
        supportsActiveWindow = supported.contains(connection.atoms.netActiveWindow)
        let masks = connection.attributes(connection.root)?.all_event_masks ?? 0
        known.wmPresent = masks & SubstructureRedirectMask != 0
    }

    /// Starts watching a client (`startTracking`), and reports it displaced when it carries our saved geometry.
    func track(_ client: Window) {
        if let found = startTracking(client) { output.append(found) }
    }

    /// Starts watching a client: its structure, properties and focus, and whether it is a keyboard. Returns the
    /// report of a client that carries a saved original geometry: left moved by an earlier run (found at start,
    /// which reports those after the focus), or withdrawn while we had it moved and mapped again. Whether the saved
    /// geometry is plausible is the engine's call (`Engine.adopt`), made in one place.
    func startTracking(_ client: Window) -> Event? {
        guard client != managerWindow, knownClients.insert(client).inserted else { return nil }
        connection.selectInput(client, Self.clientMask, cacheProperties: true)
        knownStates[client] = connection.windowState(client).state
        considerKeyboard(client)
        guard let saved = connection.savedGeometry(client), let facts = facts(client: client) else { return nil }
        return .displacedWindowFound(facts, saved: saved)
    }

    /// What the adapter keeps about a client it no longer tracks; the frames' side is `known.destroyed` or
    /// `known.withdrawn`.
    func forget(_ window: Window) {
        if knownClients.remove(window) != nil { output.append(.windowDestroyed(WindowID(window))) }
        knownStates[window] = nil
        maybeWithdrawn.remove(window)
        heldFrameReports[window] = nil
        if keyboardCandidates.remove(window) != nil { keyboardDirty = true }
        presses[window] = nil
        pressOrder.removeAll { $0 == window }
        extentsCache[window] = nil
        extentsFromTree.remove(window)
        treeExtentsStale.remove(window)
        focusWatched[window] = nil
        if focusedClient == window {
            // The engine forgets a destroyed window; a new client that reuses its XID must be announced afresh.
            focusedClient = nil
            sentObservations = nil
            focusDirty = true
        }
    }

    /// A withdrawn client (WM_STATE gone or Withdrawn, or no WM and unmapped) is as good as destroyed for the
    /// engine. Iconified clients keep WM_STATE = 3 and stay known.
    func settleWithdrawn() {
        if lateChecks.postponing {
            // A keyboard's withdrawal moves no other window; its hide is known from the map states already.
            let keyboards = maybeWithdrawn.intersection(keyboardCandidates)
            lateChecks.withdrawn.formUnion(keyboards)
            maybeWithdrawn.subtract(keyboards)
        }
        var unanswered: Set<Window> = []
        for window in maybeWithdrawn {
            // Forgetting a client is not undone by a later event: decided on the server's values, not on cached
            // ones that events still queued (a quick re-map, the WM's new WM_STATE) may be about to change.
            connection.propertyChanged(window, connection.atoms.wmState)
            let state = connection.wmState(window)
            let mapped = connection.attributes(window).map { $0.map_state != IsUnmapped } ?? false
            let withdrawn = known.wmPresent ? (state == nil || state == 0) && !mapped : !mapped
            if withdrawn {
                forget(window)
                known.withdrawn(window)
            } else if known.wmPresent, !mapped, state == 1 {
                unanswered.insert(window)  // unmapped, and the WM has not answered yet: its answer may be next
            }
        }
        maybeWithdrawn = unanswered
        for window in heldFrameReports.keys.sorted() where !maybeWithdrawn.contains(window) {
            output += heldFrameReports.removeValue(forKey: window) ?? []
        }
    }
}
