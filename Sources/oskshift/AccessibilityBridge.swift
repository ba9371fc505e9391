import AccessibilityFocus
import CLinux
import Glibc
import OskshiftCore
import X11Adapter

/// The daemon's side of AT-SPI: starts the watcher, turns its updates into the `caret` and `widget` focus sources
/// of the X11 adapter (`AccessibleFocusProvider`), and drives auto-show.
///
/// Threads: the watcher runs GLib on a thread of its own (see WatcherLoop for why); everything here runs on the
/// daemon thread. The watcher's eventfd, the auto-show hide timer and the SIGCHLD signalfd are gathered in one
/// epoll descriptor, so the daemon's poll() set grows by one entry and nothing here wakes up unless one of them
/// has something to say.
final class AccessibilityBridge: AccessibleFocusProvider {
    let adapter: X11Adapter
    let watcher: AccessibilityWatcher?
    let autoShow: AutoShow
    let verbose: Bool
    /// Readable when the watcher posted updates, the hide timer expired, or a command ended.
    let fileDescriptor: Int32
    /// Per top-level, the last AT-SPI field seen in it, RELATIVE to the window's frame origin: the adapter asks
    /// for it in root coordinates at whatever frame the window has then, so the daemon's own moves need no new
    /// AT-SPI read (they produce none).
    private var held: [WindowID: AccessibleFocusUpdate] = [:]
    /// The last editable update matched no X window (its window not mapped or framed yet, or its top-level read
    /// from another moment than the window): asked again when a window is configured.
    private var unmatched = false
    private var heldOrder: [WindowID] = []
    /// The editable field AT-SPI last reported in the window that has the X focus; nil when none (focus on a
    /// button, or in an application that does not speak AT-SPI). For the accessory bar and `hide_on_return`.
    var focusedField: AccessibleFocusUpdate? {
        adapter.focusedWindow.flatMap { held[$0] }
    }

    /// Starts everything on the daemon's main thread. Without an accessibility bus the watcher is nil (the module
    /// logs one line) and auto-show still works for what the X side can tell (nothing, without AT-SPI focus).
    static func start(adapter: X11Adapter, verbose: Bool) -> AccessibilityBridge? {
        // SIGCHLD is blocked here, before the watcher thread exists, so that thread inherits the mask and the
        // signal is only ever read from the signalfd.
        guard let children = ChildProcesses(), let autoShow = AutoShow(adapter: adapter, children: children) else {
            Log.say("cannot set up the auto-show timer: \(String(cString: strerror(errno)))")
            return nil
        }
        let hint = adapter.rootTextProperty("AT_SPI_BUS")
        let watcher = AccessibilityWatcher.start(
            busAddressHint: hint, ownPIDsToIgnore: adapter.keyboardProcessIDs, log: { Log.line($0) })
        return AccessibilityBridge(adapter: adapter, watcher: watcher, autoShow: autoShow, verbose: verbose)
    }

    private init(adapter: X11Adapter, watcher: AccessibilityWatcher?, autoShow: AutoShow, verbose: Bool) {
        self.adapter = adapter
        self.watcher = watcher
        self.autoShow = autoShow
        self.verbose = verbose
        fileDescriptor = epoll_create1(Int32(EPOLL_CLOEXEC))
        var sources = [autoShow.timer.fileDescriptor, autoShow.children.fileDescriptor]
        if let watcher { sources.append(watcher.fileDescriptor) }
        for fd in sources {
            var interest = epoll_event()
            interest.events = EPOLLIN.rawValue
            interest.data.fd = fd
            epoll_ctl(fileDescriptor, EPOLL_CTL_ADD, fd, &interest)
        }
    }

    /// Stops the watcher thread. The caller restores windows first.
    func stop() {
        watcher?.stop()
    }

    /// After `fileDescriptor` polled readable: reads every source (each read is non-blocking, so asking one that
    /// has nothing is harmless) and returns the engine events that follow.
    func service() -> [Event] {
        var events: [Event] = []
        if let watcher {
            let updates = watcher.drain()
            if !updates.isEmpty { events += take(updates) }
        }
        for (pid, status) in autoShow.children.reap() where verbose {
            Log.line("note: auto-show command \(pid) ended with status \(status)")
        }
        if autoShow.timer.read() > 0 {
            autoShow.handle(.hideTimerFired(keyboardVisible: adapter.isKeyboardVisible))
        }
        return events
    }

    /// Every engine event passes here first: auto-show wants to know when the keyboard comes and goes.
    func observe(_ event: Event) {
        switch event {
        case .keyboardShown: autoShow.handle(.keyboardVisibility(true))
        case .keyboardHidden: autoShow.handle(.keyboardVisibility(false))
        case .windowDestroyed(let id): forget(id)
        case .windowConfigured(let id, _) where held[id] != nil || unmatched:
            // GTK's answers right after a move can mix two moments, and a field read before its window was framed
            // matches nothing: a read once the window is still settles both.
            watcher?.rereadAfterWindowMoves()
        case .configurationChanged(let configuration): autoShow.policy.settings = configuration.keyboard
        default: break
        }
    }

    /// One drained batch: the keyboards' own updates dropped (the watcher was told their PIDs at start; a keyboard
    /// started later is filtered here), then the last update is what counts for the field, and the last focus
    /// change for auto-show.
    private func take(_ updates: [AccessibleFocusUpdate]) -> [Event] {
        let keyboards = adapter.keyboardProcessIDs
        let relevant = updates.filter { $0.pid == 0 || !keyboards.contains($0.pid) }
        guard let last = relevant.last else { return [] }
        if verbose { Log.line("accessibility: \(last)") }
        let events = apply(last)
        if let focus = relevant.last(where: { $0.change == .focus }) {
            autoShow.handle(.focus(editable: focus.editable, keyboardVisible: adapter.isKeyboardVisible))
        }
        return events
    }

    /// Holds the update for its window (relative to the frame it was read against) and has the adapter ask its
    /// sources again, which gives `focusRectChanged` or `focusChanged` as the configured order decides.
    private func apply(_ update: AccessibleFocusUpdate) -> [Event] {
        guard update.editable else {
            // Focus went to a button, a list...: caret and widget know nothing now; the next sources decide.
            unmatched = false
            for (id, field) in held where update.pid == 0 || field.pid == update.pid { forget(id) }
            return adapter.accessibleFocusChanged(in: nil)
        }
        let candidates = adapter.topLevelCandidates(pid: update.pid).map {
            AccessibleWindowCandidate(id: $0.id, pid: $0.pid, frame: $0.frame, client: $0.client)
        }
        guard let match = AccessibleWindowMatcher.match(update, among: candidates),
            let window = candidates.first(where: { $0.id == match.id })
        else {
            if verbose { Log.line("note: accessibility: no X window matches pid \(update.pid)") }
            unmatched = true
            return []
        }
        unmatched = false
        let root = match.apply(to: update)
        let origin = Self.frameOrigin(reportedBy: root.toplevel, window: window, tolerance: match.scale + 1)
        var relative = root
        relative.widget = root.widget?.relative(to: origin)
        relative.caret = root.caret?.relative(to: origin)
        relative.toplevel = root.toplevel?.relative(to: origin)
        hold(relative, for: match.id)
        return adapter.accessibleFocusChanged(in: match.id)
    }

    /// Where the window's frame was when the application read the rects. GTK3 reports the WM frame as the
    /// top-level, other toolkits the client window; either gives the frame's origin at read time, which differs
    /// from the frame now when the window moved (e.g. by us) between the read and this moment. Without a usable
    /// top-level the frame now is the best guess.
    static func frameOrigin(
        reportedBy toplevel: Rect?, window: AccessibleWindowCandidate<WindowID>, tolerance: Int
    ) -> Point {
        guard let toplevel else { return window.frame.origin }
        func sameSize(_ a: Rect, _ b: Rect) -> Bool {
            abs(a.width - b.width) <= tolerance && abs(a.height - b.height) <= tolerance
        }
        if sameSize(toplevel, window.frame) { return toplevel.origin }
        if sameSize(toplevel, window.client) {
            return Point(x: toplevel.x - (window.client.x - window.frame.x),
                         y: toplevel.y - (window.client.y - window.frame.y))
        }
        return window.frame.origin
    }

    private func hold(_ update: AccessibleFocusUpdate, for id: WindowID) {
        held[id] = update
        heldOrder.removeAll { $0 == id }
        heldOrder.append(id)
        // Windows are forgotten when destroyed; the cap only bounds what a leak elsewhere could cost.
        if heldOrder.count > 64 { forget(heldOrder[0]) }
    }

    private func forget(_ id: WindowID) {
        held[id] = nil
        heldOrder.removeAll { $0 == id }
    }

    // MARK: AccessibleFocusProvider

    func focusRect(_ source: FocusSource, in window: WindowFacts) -> FocusRect? {
        guard let relative = held[window.id]?.focusRect(for: source) else { return nil }
        let origin = window.frame.origin
        return FocusRect(rect: relative.rect.converted(from: origin), caret: relative.caret?.converted(from: origin),
                         source: relative.source)
    }
}
