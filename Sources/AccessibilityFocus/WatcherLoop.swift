import CATSPI
import Clock
import OskshiftCore
import Synchronization

/// The watcher thread's side: libatspi's listeners, the focus tracker and the reads, all confined to the one
/// thread that runs the GLib main loop.
///
/// Why a dedicated thread rather than the daemon's poll() loop: GLib's context could be driven from poll()
/// (g_main_context_query/check/dispatch with its changing fd set), but libatspi's reads are synchronous D-Bus
/// calls that block their thread until the application answers: up to 800 ms, and up to the startup grace
/// period for an application that connected moments ago. On the daemon thread one slow application would
/// freeze window moves and the keyboard tracking; here it only delays the next AT-SPI update. The thread
/// sleeps in poll() inside GLib with no timeout sources of ours (no wake-ups while nothing happens) and
/// wakes the daemon through the UpdateChannel's eventfd.
///
/// libatspi attaches application connections to the DEFAULT main context (`g_main_context_default`, hard-coded
/// in atspi-misc.c), so this loop runs the default context; nothing else in the daemon uses GLib.
final class WatcherLoop: @unchecked Sendable {
    // @unchecked: built on the starting thread, then used only on the watcher thread; `quit()` is the one call
    // from another thread and g_main_loop_quit is thread-safe.

    let channel: UpdateChannel<WatcherReport>
    private let log: @Sendable (String) -> Void
    private var tracker: FocusTracker<AccessiblePointer>
    private var reader: AccessibleReader
    private var listener: UnsafeMutablePointer<AtspiEventListener>?
    private let loop: OpaquePointer
    /// References that keep the tracked field and its top-level alive, so that libatspi hands out the same
    /// pointer for them in later events (it caches one object per application and path while referenced).
    private var heldField: AccessiblePointer?
    private var heldToplevel: AccessiblePointer?
    private var lastPosted: AccessibleFocusUpdate?
    private lazy var browserContent = BrowserContentActivation(log: log)  // Chromium's pages (see that file)
    /// The page-content checks still to come.
    var browserContentTimers: OwnTimers { browserContent.ownTimers }

    /// `serially`: work running now, and work that arrived meanwhile.
    private var busy = false
    private var deferred: [() -> Void] = []
    /// The retries of new applications' focus searches still to come (`lookAgain`).
    var ownTimers = OwnTimers()
    /// New applications' focus searches under way: a focus they announce meanwhile overtakes them.
    private var searches: [NewApplication] = []
    /// Applications on the bus, reported as they come and go.
    private var registry: ApplicationRegistry?

    init(channel: UpdateChannel<WatcherReport>, ignoredPIDs: Set<Int32>, learnt: LearntCoordinates,
         log: @escaping @Sendable (String) -> Void) {
        self.channel = channel
        reader = AccessibleReader(learnt: learnt)
        self.log = log
        tracker = FocusTracker(ignoredPIDs: ignoredPIDs)
        loop = g_main_loop_new(nil, 0)
    }

    deinit {
        g_main_loop_unref(loop)
    }

    /// On the watcher thread: connects (`atspi_init`) and registers the listeners. The caller has made sure a
    /// bus is reachable at `AT_SPI_BUS_ADDRESS`; false (after logging) when libatspi still refuses.
    func connect() -> Bool {
        let status = atspi_init()
        guard status == 0 || status == 1 else {
            log("accessibility: atspi_init failed (\(status)); caret and widget sources disabled")
            return false
        }
        // Answers slower than this are dropped (the update is lost, not the daemon). libatspi's default grace of
        // 15 s for an application's first seconds would stall every other application for as long.
        atspi_set_timeout(800, 3000)
        let userData = Unmanaged.passUnretained(self).toOpaque()
        guard let listener = atspi_event_listener_new(watcherEventCallback, userData, nil) else {
            log("accessibility: atspi_event_listener_new failed; caret and widget sources disabled")
            return false
        }
        self.listener = listener
        for name in WatchedEvent.registeredNames {
            var error: UnsafeMutablePointer<GError>?
            if atspi_event_listener_register(listener, name, &error) == 0 {
                log("accessibility: cannot listen to \(name): \(Self.message(error))")
            }
            if let error { g_error_free(error) }
        }
        let channel = self.channel
        registry = ApplicationRegistry(log: log, changed: { channel.post(.applications($0)) },
                                       added: { [unowned self] in lookForTheFocus(ofNewApplication: $0) })
        if let address = getenv("AT_SPI_BUS_ADDRESS") { registry?.start(address: String(cString: address)) }
        browserContent.start()
        return true
    }

    /// On the watcher thread: runs until `quit()`, then lets go of everything libatspi holds for us.
    func run() {
        // The focus an application already had before we listened (InitialFocus), as if it had just moved there.
        serially { [unowned self] in
            defer { channel.post(.initialFocusRead) }
            // The windows already active are reported too: a sandboxed application's window is found by its place
            // even with the focus on a button.
            guard let focused = InitialFocus.find(using: reader, active: { [unowned self] in reportActive($0) })
            else { return }
            perform(tracker.handle(.focused(focused, pid: reader.pid(of: focused), kind: reader.kind(of: focused))),
                    timeMs: Self.now())
            g_object_unref(UnsafeMutableRawPointer(focused))
        }
        g_main_loop_run(loop)
        browserContent.stop()
        if let listener {
            for name in WatchedEvent.registeredNames {
                var error: UnsafeMutablePointer<GError>?
                _ = atspi_event_listener_deregister(listener, name, &error)
                if let error { g_error_free(error) }
            }
            g_object_unref(UnsafeMutableRawPointer(listener))
            self.listener = nil
        }
        searches.removeAll()  // their references to applications go before libatspi does
        hold(field: nil)
        hold(toplevel: nil)
        registry?.stop()
        _ = atspi_exit()
    }

    /// Once a new application's window is not active yet, it is looked at again after these delays (ms from the
    /// registration): one-shot GLib timers in a new application's first second only.
    static let newApplicationRetriesMs: [UInt32] = [100, 300, 1000]

    /// On the watcher thread, when an application has joined the bus: its active window may hold a focus the watcher
    /// never heard, which would otherwise stay unknown until the focus moves or a key is typed. GTK 4.8 sends no focus
    /// event for its first window's first activation, and a GTK 3 form that i3 focused as it mapped announced that
    /// focus before its application had joined the bus (then nobody heard it); any application can do the latter, so
    /// every one is looked at (`NewApplicationLook`), whatever its toolkit. Looked for once the loop is idle (libatspi
    /// learns of the new application from its own copy of the registry's signal, which may come after ours), then
    /// again while no window of it is active.
    private func lookForTheFocus(ofNewApplication busName: String) {
        let request = Unmanaged.passRetained(NewApplication(loop: self, busName: busName)).toOpaque()
        g_idle_add_full(G_PRIORITY_DEFAULT_IDLE, newApplicationCallback, request, newApplicationRelease)
    }

    /// One look; another later while no window of the application is active. An active window is searched a step
    /// per turn of the main loop (`FocusSearch`: events and sync markers go first), the search due now meanwhile.
    fileprivate func searchFocus(_ request: NewApplication) {
        if let timer = request.timer {
            ownTimers.fired(timer)
            request.timer = nil
        }
        serially { [unowned self] in
            guard let application = InitialFocus.application(named: request.busName) else { return }
            defer { g_object_unref(UnsafeMutableRawPointer(application)) }
            let pid = reader.pid(of: application)
            let (followed, ignored) = (tracker.isTracking(pid: pid), tracker.ignoredPIDs.contains(pid))
            // The active window is asked for only when the answer can matter (a few round trips).
            let window = followed || ignored ? nil : InitialFocus.activeWindow(of: application, using: reader)
            switch NewApplicationLook.decide(fieldFollowed: followed, ignored: ignored,
                                             hasActiveWindow: window != nil) {
            case .leave: return
            case .lookAgain: return lookAgain(request)
            case .search: break
            }
            guard let window else { return }
            defer { g_object_unref(UnsafeMutableRawPointer(window)) }
            g_object_ref(UnsafeMutableRawPointer(application))
            request.application = application
            request.pid = pid
            searches.append(request)
            request.search = FocusSearch(window: window, budget: InitialFocus.budget,
                                         skipsHidden: InitialFocus.marksFieldsShowing(window, using: reader))
            request.timer = ownTimers.armed(dueMs: MonotonicClock.milliseconds())
            continueSearch(request)
        }
    }

    /// The next step of a new application's focus search, after what the main loop has ready now.
    private func continueSearch(_ request: NewApplication) {
        let retained = Unmanaged.passRetained(request).toOpaque()
        g_idle_add_full(G_PRIORITY_DEFAULT_IDLE, searchStepCallback, retained, newApplicationRelease)
    }

    fileprivate func searchStep(_ request: NewApplication) {
        serially { [unowned self] in
            guard let search = request.search, let application = request.application else { return }
            search.step(using: reader)
            guard search.isDone else { return continueSearch(request) }
            if let timer = request.timer { ownTimers.fired(timer) }
            let focused = search.takeResult()
            searches.removeAll { $0 === request }
            (request.search, request.timer) = (nil, nil)
            defer { if let focused { g_object_unref(UnsafeMutableRawPointer(focused)) } }
            // Its focus may have been announced between two steps: that announcement is newer than this search.
            guard NewApplicationLook.takesResult(fieldFollowed: tracker.isTracking(pid: request.pid),
                                                 focusAnnouncedMeanwhile: request.overtaken) else { return }
            // Its window may have activated before it joined (then that announcement went unheard): its place tells
            // which X window it is when no window carries its number. Asked only of an application that has
            // answered: one that does not would hold this thread for the call's whole timeout once more.
            reportActiveWindows(of: application)
            guard let focused else { return }
            perform(tracker.handle(.focused(focused, pid: reader.pid(of: focused), kind: reader.kind(of: focused))),
                    timeMs: Self.now())
        }
    }

    private func lookAgain(_ request: NewApplication) {
        guard !request.retries.isEmpty else { return }
        let next = request.retries.removeFirst()
        let delay = next - min(next, request.waitedMs)
        request.waitedMs = next
        request.timer = ownTimers.armed(dueMs: MonotonicClock.milliseconds() + Int(delay))
        let retained = Unmanaged.passRetained(request).toOpaque()
        g_timeout_add_full(G_PRIORITY_DEFAULT, delay, newApplicationCallback, retained, newApplicationRelease)
    }

    /// From any thread.
    func quit() {
        g_main_loop_quit(loop)
    }

    /// On the watcher thread: `body` with the followed field (FieldScrolling.swift), then the field read and posted
    /// even when unchanged; nothing without a followed field (`FocusTracker.followedField`: also one that lost the
    /// focus to a window whose events are ignored, a keyboard's).
    func withTrackedFieldThenReread(_ body: @escaping (AccessiblePointer) -> Void) {
        serially { [unowned self] in
            guard let field = tracker.followedField else { return }
            body(field)
            lastPosted = nil
            perform(.read(field, .still), timeMs: Self.now())
        }
    }

    // MARK: - Events

    fileprivate func handle(_ event: UnsafeMutablePointer<AtspiEvent>) {
        let timeMs = Self.now(), receivedUs = MonotonicClock.microseconds()
        guard let source = event.pointee.source, let type = event.pointee.type else { return }
        guard let watched = WatchedEvent.classify(type: String(cString: type), detail1: event.pointee.detail1)
        else { return }
        let size = watched == .boundsChanged
            ? oskshift_atspi_event_rect(event).map { Size(width: Int($0.pointee.width), height: Int($0.pointee.height)) }
            : nil
        // The event is freed when this callback returns; a handling deferred by `serially` keeps its source.
        g_object_ref(UnsafeMutableRawPointer(source))
        serially { [unowned self] in
            defer { g_object_unref(UnsafeMutableRawPointer(source)) }
            let input: FocusTracker<AccessiblePointer>.Input
            switch watched {
            case .focused:
                let (pid, kind) = (reader.pid(of: source), reader.kind(of: source))
                for search in searches
                where NewApplicationLook.overtakes(focusOf: kind, pid: pid, searchedPID: search.pid) {
                    search.overtaken = true
                }
                input = .focused(source, pid: pid, kind: kind)
            case .unfocused:
                input = .unfocused(source)
            case .caretMoved:
                input = .caretMoved(source)
            case .textChanged:
                input = .textChanged(source)
            case .boundsChanged:
                input = .boundsChanged(source, size: size)
            case .windowActivated:
                input = .windowActivated(source, pid: reader.pid(of: source))
                reportActive(source)
            }
            perform(tracker.handle(input), timeMs: timeMs, receivedUs: receivedUs)
        }
    }

    /// Runs `work` now, or, when called from inside other work, right after it. libatspi waits for the answers
    /// of its D-Bus calls by iterating this thread's main context, so an event (or a timer) can be dispatched in
    /// the middle of a read that is changing the tracker or the reader; Swift's exclusivity check aborts the
    /// process on such an overlap (seen under load, valgrind making every call slow). One piece of work at a time.
    private func serially(_ work: @escaping () -> Void) {
        if busy {
            deferred.append(work)
            return
        }
        busy = true
        work()
        while !deferred.isEmpty { deferred.removeFirst()() }
        busy = false
    }

    /// `serially` for the watcher's own extensions (the sync marker).
    func afterCurrentWork(_ work: @escaping () -> Void) {
        serially(work)
    }

    private func perform(_ action: FocusTracker<AccessiblePointer>.Action, timeMs: UInt64,
                         receivedUs: UInt64 = MonotonicClock.microseconds()) {
        switch action {
        case .none:
            break
        case .read(let field, let change):
            // A focus event walks up to the top-level again; caret, text and bounds reads of the field followed
            // since reuse what that walk found.
            let known = change != .focus && field == heldField ? heldToplevel : nil
            hold(field: field)
            var (update, toplevel) = reader.read(field, change: change, timeMs: timeMs, knownToplevel: known)
            // The tracked field is held, so libatspi keeps this object (and its address) for it until it is let go.
            update.fieldID = UInt(bitPattern: field)
            // An accessible its application has dropped names no process any more (LibreOffice drops a paragraph's
            // once it scrolled out of view): the field is still the one followed, of the process its focus named.
            if update.pid == 0, field == tracker.followedField, let pid = tracker.followedPID { update.pid = pid }
            update.receivedUs = receivedUs
            update.readUs = MonotonicClock.microseconds()
            hold(toplevel: toplevel)
            _ = tracker.handle(.toplevelRead(field: field, toplevel: toplevel, size: update.toplevel?.size))
            post(update)  // unknown extents are asked again by the daemon (`FieldReads` in the engine)
        case .leftEditable(let pid):
            hold(field: nil)
            hold(toplevel: nil)
            post(.leftEditable(pid: pid, timeMs: timeMs))
        case .findFocus(let window):
            // Only where fields are not marked showing (GTK 4, which also announces no focus as its first window
            // activates): other toolkits announce the focus of a window they activate, and a browser's tree is
            // large (the search is bounded, but each accessible costs a state read).
            guard !InitialFocus.marksFieldsShowing(window, using: reader),
                  let focused = InitialFocus.find(in: window, using: reader)
            else { return }
            defer { g_object_unref(UnsafeMutableRawPointer(focused)) }
            perform(tracker.handle(.focused(focused, pid: reader.pid(of: focused), kind: reader.kind(of: focused))),
                    timeMs: timeMs)
        case .askWhetherFocused(let accessible):
            // One state read per caret move elsewhere (a late one of the previous field, or the first of a field
            // whose focus was never announced); a focused editable is then taken as focused.
            guard reader.hasState(accessible, ATSPI_STATE_FOCUSED), reader.kind(of: accessible) == .editable
            else { return }
            perform(tracker.handle(.focused(accessible, pid: reader.pid(of: accessible), kind: .editable)),
                    timeMs: timeMs)
        }
    }

    /// Posts an application's active top-level, so that the daemon can tell which X window it owns when no window
    /// carries its process number (one round trip: the top-level's extents). Not a keyboard's.
    private func reportActive(_ window: AccessiblePointer) {
        let pid = reader.pid(of: window)
        guard pid != 0, !tracker.ignoredPIDs.contains(pid), let toplevel = reader.screenExtents(of: window)?.fieldRect
        else { return }
        let toolkit = AccessibleReader.toolkit(ofApplicationOf: window).name
        channel.post(.activeWindow(ActiveToplevel(pid: pid, toplevel: toplevel, toolkit: toolkit,
                                                  coordinates: reader.coordinates(of: window))))
    }

    /// Reports every active top-level of `application` (`reportActive`).
    private func reportActiveWindows(of application: AccessiblePointer) {
        for window in children(of: application, limit: InitialFocus.childLimit) {
            if reader.hasState(window, ATSPI_STATE_ACTIVE) { reportActive(window) }
            g_object_unref(UnsafeMutableRawPointer(window))
        }
    }

    private func post(_ update: AccessibleFocusUpdate) {
        if let lastPosted, lastPosted.hasSameContent(as: update) { return }
        lastPosted = update
        channel.post(.focus(update))
    }

    private static func now() -> UInt64 { UInt64(MonotonicClock.milliseconds()) }

    private func hold(field: AccessiblePointer?) {
        guard field != heldField else { return }
        if let field { g_object_ref(UnsafeMutableRawPointer(field)) }
        if let heldField { g_object_unref(UnsafeMutableRawPointer(heldField)) }
        heldField = field
    }

    /// Takes over a reference the caller already owns.
    private func hold(toplevel: AccessiblePointer?) {
        if let heldToplevel { g_object_unref(UnsafeMutableRawPointer(heldToplevel)) }
        heldToplevel = toplevel
    }

    private static func message(_ error: UnsafeMutablePointer<GError>?) -> String {
        guard let text = error?.pointee.message else { return "unknown error" }
        return String(cString: text)
    }
}

/// libatspi calls this with a copy of the event that the listener owns (atspi-event-listener.c).
private let watcherEventCallback: AtspiEventListenerCB = { event, userData in
    guard let event else { return }
    if let userData {
        Unmanaged<WatcherLoop>.fromOpaque(userData).takeUnretainedValue().handle(event)
    }
    oskshift_atspi_event_free(event)
}

/// A new application's focus search on its way to the idle callback or a retry's timer, owned by its GLib source.
private final class NewApplication {
    unowned let loop: WatcherLoop
    let busName: String
    /// Retries still to come (`WatcherLoop.newApplicationRetriesMs`, from the first look).
    var retries: [UInt32]
    var waitedMs: UInt32 = 0
    /// The retry's entry in `ownTimers` while it waits, or the search's while it runs (due now).
    var timer: Int?
    /// The search of its active window under way, and the application (a held reference) it belongs to.
    var search: FocusSearch?
    var application: AccessiblePointer?
    /// Its process, and whether it announced a focus while its window was searched (`NewApplicationLook`).
    var pid: Int32 = 0
    var overtaken = false

    init(loop: WatcherLoop, busName: String) {
        self.loop = loop
        self.busName = busName
        retries = WatcherLoop.newApplicationRetriesMs
    }

    deinit {
        if let application { g_object_unref(UnsafeMutableRawPointer(application)) }
    }
}

private let newApplicationCallback: GSourceFunc = { data in
    if let data {
        let request = Unmanaged<NewApplication>.fromOpaque(data).takeUnretainedValue()
        request.loop.searchFocus(request)
    }
    return 0  // G_SOURCE_REMOVE: one shot (a retry is a source of its own)
}

private let searchStepCallback: GSourceFunc = { data in
    if let data {
        let request = Unmanaged<NewApplication>.fromOpaque(data).takeUnretainedValue()
        request.loop.searchStep(request)
    }
    return 0  // G_SOURCE_REMOVE: the next step is a source of its own
}

private let newApplicationRelease: GDestroyNotify = { data in
    if let data { Unmanaged<NewApplication>.fromOpaque(data).release() }
}
