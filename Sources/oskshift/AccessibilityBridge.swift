import AccessibilityFocus
import ConfigFile
import CLinux
import Clock
import Glibc
import OskshiftCore
import X11Adapter

/// The daemon's side of AT-SPI: starts the watcher, turns its reports into engine events (the applications on the
/// bus, and each application's focused editable field matched to its X window, relative to the window's frame),
/// and drives auto-show. It decides nothing about which source counts: the engine does (`FocusSelection`).
///
/// Threads: the watcher runs GLib on a thread of its own (see WatcherLoop for why); everything here runs on the
/// daemon thread. The watcher's eventfd, the auto-show hide timer and the SIGCHLD signalfd are gathered in one
/// epoll descriptor, so the daemon's poll() set grows by one entry and nothing here wakes up unless one of them
/// has something to say.
final class AccessibilityBridge {
    let adapter: X11Adapter
    let watcher: AccessibilityWatcher?
    let autoShow: AutoShow
    /// The daemon's one effect performer (Effects.swift): a field read again goes out there too.
    let effects: Effects
    /// Auto-show's hide timer and the processes of its commands: armed and started by the effect performer, read
    /// here when they have something to say.
    let hideTimer: TimerSource
    let children: ChildProcesses
    let verbose: Bool
    /// Readable when the watcher posted reports, the hide timer expired, or a command ended.
    let fileDescriptor: Int32
    /// Per application, how its last editable field's extents became root pixels (or why not): logged when it
    /// changes, shown by `oskshift status` for the focused window's process.
    private(set) var extentsUse: [Int32: ExtentsUse] = [:]
    /// The X window (and scale) each top-level was matched to at its last screen-path read, by the watcher's
    /// `toplevelID`: where a field read in window coordinates goes (`WindowCoordinates`).
    private var toplevelWindows: [UInt: (window: WindowID, scale: Int)] = [:]
    static let toplevelWindowsKept = 256
    /// Per application, what its coordinates are relative to, learnt from its reads (`ApplicationCoordinates`): how
    /// its fields are placed, and, handed to the watcher, how they are read.
    private var coordinates: [Int32: ApplicationCoordinates] = [:]
    /// Windows whose application is in a sandbox of its own, found by geometry (`SandboxedWindows`).
    private var sandboxed = SandboxedWindows<WindowID>()
    /// The processes the bus names (keyboards left out), and what the engine was last told is on the bus: those and
    /// the sandboxes' window numbers that speak for them. Nil until the bus's first list came.
    private var busApplications: Set<Int32> = []
    private var toldApplications: Set<Int32>?
    private var toldSandboxNumbers: Set<Int32> = []
    /// Processes on the bus that run QtWebEngine without its accessibility variable (`QtWebEnginePages`), with their
    /// Qt version; and every process judged so far (once each, as it joins the bus).
    private var withheldPages: [Int32: Int] = [:]
    private var judgedProcesses: Set<Int32> = []
    /// The watcher's sync markers that came through (`AccessibilityWatcher.sync`), not yet taken by the daemon, with
    /// the watcher's own next timer then.
    private var synced: [(token: Int, nextOwnTimerMs: Int?)] = []
    private var lastOwnerLine: String?

    /// Starts everything on the daemon's main thread. Without an accessibility bus the watcher is nil (the module
    /// logs one line) and auto-show still works for what the X side can tell (nothing, without AT-SPI focus).
    static func start(adapter: X11Adapter, effects: Effects, keyboardSettings: KeyboardSettings, verbose: Bool)
        -> AccessibilityBridge?
    {
        // SIGCHLD is blocked here, before the watcher thread exists, so that thread inherits the mask and the
        // signal is only ever read from the signalfd. The hide delay is armed once (no interval), so it fires one
        // time and the daemon sleeps otherwise; a timer of its own beside the engine's, so neither disturbs the other.
        guard let children = ChildProcesses(), let hideTimer = TimerSource() else {
            Log.say("cannot set up the auto-show timer: \(String(cString: strerror(errno)))")
            return nil
        }
        effects.children = children
        effects.hideTimer = hideTimer
        let autoShow = AutoShow(adapter: adapter, effects: effects, settings: keyboardSettings)
        let hint = adapter.rootTextProperty("AT_SPI_BUS")
        let watcher = AccessibilityWatcher.start(
            busAddressHint: hint, ownPIDsToIgnore: adapter.keyboardProcessIDs, log: { Log.line($0) })
        return AccessibilityBridge(adapter: adapter, watcher: watcher, autoShow: autoShow, hideTimer: hideTimer,
                                   children: children, verbose: verbose)
    }

    private init(adapter: X11Adapter, watcher: AccessibilityWatcher?, autoShow: AutoShow, hideTimer: TimerSource,
                 children: ChildProcesses, verbose: Bool) {
        self.adapter = adapter
        self.watcher = watcher
        self.autoShow = autoShow
        effects = autoShow.effects
        self.hideTimer = hideTimer
        self.children = children
        self.verbose = verbose
        fileDescriptor = epoll_create1(Int32(EPOLL_CLOEXEC))
        var sources = [hideTimer.fileDescriptor, children.fileDescriptor]
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
            let reports = watcher.drain()
            if !reports.isEmpty { events += take(reports) }
        }
        for (pid, status) in children.reap() where verbose {
            Log.line("note: auto-show command \(pid) ended with status \(status)")
        }
        if hideTimer.read() > 0 {
            autoShow.handle(.hideTimerFired(keyboardVisible: adapter.isKeyboardVisible))
        }
        return events
    }

    /// The sync markers the watcher posted, in order; the events of their batch have been returned by `service()`.
    func takeSynced() -> [(token: Int, nextOwnTimerMs: Int?)] {
        defer { synced.removeAll() }
        return synced
    }

    /// Every engine event passes here first: auto-show wants to know when the keyboard comes and goes.
    func observe(_ event: Event) {
        switch event {
        case .keyboardShown: autoShow.handle(.keyboardVisibility(true))
        case .keyboardHidden: autoShow.handle(.keyboardVisibility(false))
        case .configurationChanged(let configuration): autoShow.policy.settings = configuration.keyboard
        default: break
        }
    }

    /// One drained batch: the keyboards' own updates dropped (the watcher was told their PIDs at start; a keyboard
    /// started later is filtered here); per application the last update counts (earlier ones are superseded), and
    /// the last focus change drives auto-show.
    private func take(_ reports: [WatcherReport]) -> [Event] {
        let keyboards = adapter.keyboardProcessIDs
        var events: [Event] = []
        var updates: [AccessibleFocusUpdate] = []
        var initialFocusRead = false
        for report in reports {
            switch report {
            case .applications(let pids):
                busApplications = pids.subtracting(keyboards)
                judgePages(of: busApplications)
                events += applicationsChanged(force: true)
                keepExtentsUse(of: pids)
            case .focus(let update) where update.pid == 0 || !keyboards.contains(update.pid):
                let superseded = Self.keepLast(update, in: &updates)
                if verbose {
                    // The trace keeps what was read (and when: a traced log times the first of a pair), not only
                    // what counted.
                    for earlier in superseded { Log.line("note: accessibility: superseded in its batch: \(earlier)") }
                }
            case .focus:
                break
            case .synced(let token, let next):
                synced.append((token, next))
            case .initialFocusRead:
                // After the updates of the same batch: the focus they carry is what the engine is waiting for.
                initialFocusRead = true
            case .activeWindow(let active) where !keyboards.contains(active.pid):
                events += owner(of: active)
            case .activeWindow:
                break
            }
        }
        for update in updates {
            if verbose { Log.line("accessibility: \(update)") }
            events += apply(update).map { withholdingItsProcess($0, if: withheldPages[update.pid] != nil) }
        }
        if initialFocusRead { events.append(.accessibilityBus(.initialFocusRead)) }
        let focusChanges = reports.compactMap { report -> AccessibleFocusUpdate? in
            if case .focus(let update) = report, update.change == .focus, !keyboards.contains(update.pid) {
                return update
            }
            return nil
        }
        if let focus = focusChanges.last {
            autoShow.handle(.focus(editable: focus.editable, keyboardVisible: adapter.isKeyboardVisible))
        }
        return events
    }

    /// Per application the last update of a batch counts: `update` replaces the earlier ones of its application in
    /// `updates`, which are returned. A focus change so superseded by a later read of the application's field (the
    /// new field's bounds) is still the trigger it was: reported as a re-layout, the new field was held by the
    /// two-placement limit of the field before it (seen: Tab through a form under xfwm4 with a docked onboard, the
    /// focus event and the new entry's bounds event drained together).
    static func keepLast(_ update: AccessibleFocusUpdate, in updates: inout [AccessibleFocusUpdate])
        -> [AccessibleFocusUpdate] {
        let superseded = updates.filter { $0.pid == update.pid }
        var kept = update
        if superseded.contains(where: { $0.change == .focus }) { kept.change = .focus }
        updates.removeAll { $0.pid == update.pid }
        updates.append(kept)
        return superseded
    }

    /// The update as the engine takes it: the field matched to its X window, relative to that window's frame as
    /// it was when the application read it.
    private func apply(_ read: AccessibleFocusUpdate) -> [Event] {
        guard read.editable else { return [.accessibleFocus(pid: read.pid, nil)] }
        var candidates = candidates(of: read.pid)
        guard let update = asReported(read, among: candidates) else {
            effects.perform(.readField)
            return [.accessibleFieldUnmatched(pid: read.pid)]
        }
        if let inWindow = update.widgetInWindow { return applyInWindow(update, inWindow, among: candidates) }
        var match = AccessibleWindowMatcher.match(update, among: candidates)
        var events: [Event] = []
        if AccessibleWindowMatcher.processHasNoWindow(update, among: candidates) {
            let everyWindow = self.candidates(of: 0)
            let found = AccessibleWindowMatcher.matchByGeometry(update, among: everyWindow)
            var windowPIDs: [WindowID: Int32] = [:]
            for window in everyWindow { windowPIDs[window.id] = window.pid }
            let learnt = sandboxed.learn(from: found, application: update.pid, windowPIDs: windowPIDs)
            switch found {
            case .one(let byGeometry):
                match = byGeometry
                candidates = everyWindow
                note(ExtentsUse.of(update, byGeometry: found, windowPID: windowPIDs[byGeometry.id]), pid: update.pid)
                if learnt { events.append(.windowOnBus(byGeometry.id, application: update.pid, matchedBy: .geometry)) }
            case .several(let windows):
                match = nil
                note(ExtentsUse.of(update, byGeometry: found, windowPID: nil), pid: update.pid)
                if verbose {
                    Log.line("note: accessibility: pid \(update.pid)'s top-level lines up with "
                        + windows.map { "\($0)" }.joined(separator: ", ") + " alike: not moved")
                }
            case .none:
                note(match == nil ? ExtentsUse.of(update, byGeometry: found, windowPID: nil)
                                  : ExtentsUse.of(update, match: match), pid: update.pid)
            }
            if learnt { events += applicationsChanged() }
        } else {
            note(ExtentsUse.of(update, match: match), pid: update.pid)
        }
        guard let match, var window = candidates.first(where: { $0.id == match.id }) else {
            if verbose { Log.line("note: accessibility: no X window matches pid \(update.pid)") }
            return events + [.accessibleFieldUnmatched(pid: update.pid)]
        }
        if update.toplevelID != 0 {
            if toplevelWindows.count >= Self.toplevelWindowsKept { toplevelWindows.removeAll() }
            toplevelWindows[update.toplevelID] = (match.id, match.scale)
        }
        let root = match.apply(to: update)
        if let toplevel = root.toplevel, match.coordinates == .screen,
           !Self.isFrame(toplevel, of: window, tolerance: match.scale + 1) {
            // Read only here: three round trips, for a top-level that is not the frame as the server has it.
            window.invisibleBorders = adapter.invisibleBorders(of: window.id)
        }
        let frame = Self.frameAtRead(reportedBy: root.toplevel, window: window, tolerance: match.scale + 1,
                                     coordinates: match.coordinates)
        if let inWindow = root.sampleInWindow, let onScreen = root.widget, match.coordinates == .screen {
            // The client where it was at the read: the frame at the read, with the client's place in it now.
            let client = Point(x: frame.x + window.client.x - window.frame.x, y: frame.y + window.client.y - window.frame.y)
            learnWindowCoordinates(of: update.pid, from: WindowCoordinates.Sample(
                onScreen: onScreen, inWindow: inWindow, client: client, frame: frame.origin, scale: match.scale))
        }
        let change: AccessibleField.Change
        switch update.change {
        case .focus: change = .focus
        case .caret, .text: change = .caret
        case .bounds: change = .relayout
        case .still: change = .still
        }
        let field = AccessibleField(
            window: match.id, identity: update.fieldID, widget: root.widget?.relative(to: frame.origin),
            caret: root.caret?.relative(to: frame.origin), frameSize: frame.size, change: change,
            singleLine: update.lineMode == .single)
        return events + [.accessibleFocus(pid: update.pid, field)]
    }

    /// The X window an application's active top-level is, when no window carries the application's process number:
    /// the one window whose frame or client lines up with it (`geometry`), or among windows that line up alike the one
    /// with the X focus (`geometry and the X focus`). Said to the engine (`windowOnBus`), and in the verbose log once
    /// per change: from then on the application's focus speaks for that window, a button's too.
    private func owner(of active: ActiveToplevel) -> [Event] {
        let everyWindow = candidates(of: 0)
        let window: WindowID, how: BusMatch
        switch AccessibleWindowMatcher.owner(of: active, among: everyWindow) {
        case .byProcess:
            return []
        case .found(let found, let match):
            (window, how) = (found, match)
        case .undecided(let windows):
            logOwner("\(active) lines up with " + windows.map { "\($0)" }.joined(separator: ", ")
                     + " alike, none with the X focus: no window found")
            return []
        case .none:
            logOwner("\(active) lines up with no X window")
            return []
        }
        let windowPID = everyWindow.first { $0.id == window }?.pid
        if let windowPID { sandboxed.note(window: window, windowPID: windowPID, application: active.pid) }
        logOwner("window \(window) belongs to pid \(active.pid) on the bus, found by \(how.rawValue): its top-level "
                 + "\(active.toplevel) (\(active.toolkit)); the window's _NET_WM_PID "
                 + (windowPID.map(String.init) ?? "none"))
        return [.windowOnBus(window, application: active.pid, matchedBy: how)] + applicationsChanged()
    }

    /// The verbose log's line about an active top-level's window, once per change.
    private func logOwner(_ line: String) {
        guard verbose, line != lastOwnerLine else { return }
        lastOwnerLine = line
        Log.line("accessibility: \(line)")
    }

    /// The windows that may hold a field of `pid` (every window for 0): its own (`_NET_WM_PID`), those without a
    /// number, and those where a field of it was found by geometry before (a sandbox's).
    private func candidates(of pid: Int32) -> [AccessibleWindowCandidate<WindowID>] {
        let focused = adapter.focusedWindow
        var found = adapter.topLevelCandidates(pid: pid)
        if pid != 0, sandboxed.hasWindows(of: pid) {
            let known = found.map(\.id)
            found += adapter.topLevelCandidates(pid: 0).filter {
                !known.contains($0.id) && sandboxed.application(of: $0.id) == pid
            }
        }
        return found.map {
            AccessibleWindowCandidate(id: $0.id, pid: $0.pid, frame: $0.frame, client: $0.client,
                                      focused: $0.id == focused)
        }
    }

    /// `.accessibleApplications` when what the engine should know is on the bus changed (always with `force`): the
    /// processes the bus names and the sandboxes' window numbers that speak for them. Nothing before the bus's first
    /// list: the engine waits for that list at start.
    private func applicationsChanged(force: Bool = false) -> [Event] {
        guard force || toldApplications != nil else { return [] }
        // Every window's number is read only while some window was found by geometry.
        let windows = sandboxed.isEmpty ? [] : adapter.topLevelCandidates(pid: 0).map { (id: $0.id, pid: $0.pid) }
        let applications = busApplications.union(sandboxed.windowPIDs(speakingFor: busApplications, windows: windows))
            .subtracting(withheldPages.keys)
        guard force || applications != toldApplications else { return [] }
        let speaking = applications.subtracting(busApplications)
        if verbose, speaking != toldSandboxNumbers {
            Log.line("note: accessibility: window process numbers speaking for sandboxed applications on the bus: "
                + (speaking.isEmpty ? "none" : speaking.sorted().map(String.init).joined(separator: ", ")))
        }
        toldSandboxNumbers = speaking
        toldApplications = applications
        return [.accessibleApplications(applications)]
    }

    /// Judges each process that joined the bus once: one that runs QtWebEngine without its accessibility variable
    /// withholds its pages (`QtWebEnginePages`), and is not named to the engine as an application on the bus.
    private func judgePages(of processes: Set<Int32>) {
        for pid in processes.subtracting(judgedProcesses) {
            guard case .success(let maps) = FileSystem.readFile("/proc/\(pid)/maps"),
                  case .success(let environment) = FileSystem.readFile("/proc/\(pid)/environ")
            else { continue }  // another user's process, or gone: judged at its next list
            judgedProcesses.insert(pid)
            let mapsText = String(decoding: maps, as: UTF8.self)[...]
            guard QtWebEnginePages.withheld(maps: mapsText, environment: String(decoding: environment, as: UTF8.self)[...]),
                  let qt = QtWebEnginePages.qtVersion(maps: mapsText)
            else { continue }
            withheldPages[pid] = qt
            note(.pagesWithheld(qt: qt), pid: pid)
        }
        judgedProcesses.formIntersection(processes)
        withheldPages = withheldPages.filter { processes.contains($0.key) }
    }

    /// An event about a process that withholds its pages names no process (0, as when the bus does not say): the
    /// engine would otherwise take the process for one on the bus, authoritative about a focus it cannot report (a
    /// tap on a page input reports the view focused). The field it does report still counts for its window.
    private func withholdingItsProcess(_ event: Event, if withheld: Bool) -> Event {
        guard withheld else { return event }
        switch event {
        case .accessibleFocus(_, let field): return .accessibleFocus(pid: 0, field)
        case .accessibleFieldUnmatched: return .accessibleFieldUnmatched(pid: 0)
        default: return event
        }
    }

    /// Events the engine must take before `event`: a window that may belong to a sandbox not on the bus got the
    /// focus while its number speaks for one that is (every sandbox numbers its processes from 1), so what is on the
    /// bus is worked out again first; a destroyed window is forgotten.
    func eventsBefore(_ event: Event) -> [Event] {
        switch event {
        case .windowDestroyed(let id):
            sandboxed.forget(window: id)
            return []
        case .focusChanged(let focus?):
            guard let pid = focus.window.pid, let told = toldApplications, told.contains(pid),
                  !busApplications.contains(pid), sandboxed.application(of: focus.window.id) == nil
            else { return [] }
            return applicationsChanged()
        default:
            return []
        }
    }

    /// Remembers how `pid`'s extents are used, and says so in the verbose log when that changed.
    private func note(_ use: ExtentsUse, pid: Int32) {
        guard extentsUse[pid] != use else { return }
        extentsUse[pid] = use
        if verbose { Log.line("accessibility: pid \(pid)'s field extents: \(use)") }
    }

    /// How the extents of the application in `window` (whose `_NET_WM_PID` is `pid`) are used: a sandboxed
    /// application's are kept under its process as the bus reports it, not its window's number.
    func extentsUse(inWindow window: WindowID?, pid: Int32) -> ExtentsUse? {
        if let window, let application = sandboxed.application(of: window) { return extentsUse[application] }
        return extentsUse[pid]
    }

    /// Forgets applications that left the bus.
    func keepExtentsUse(of pids: Set<Int32>) {
        extentsUse = extentsUse.filter { pids.contains($0.key) }
        let kept = coordinates.filter { pids.contains($0.key) }
        if kept.count != coordinates.count {
            coordinates = kept
            watcher?.learnt(coordinates: kept)
        }
    }

    /// A screen-coordinate read as its application's coordinates are: its window's once learnt (`ScreenCoordinates`:
    /// GTK 4, whose "screen" extents are the same numbers; there an editable that is not multi-line is a single
    /// line, as the watcher reads it from then on). Nil for a read that is set aside, its field asked again: a
    /// suspect one, and the one that settles it.
    private func asReported(_ read: AccessibleFocusUpdate, among candidates: [AccessibleWindowCandidate<WindowID>])
        -> AccessibleFocusUpdate?
    {
        guard read.pid != 0, read.coordinates == .screen, read.widgetInWindow == nil else { return read }
        let before = coordinates[read.pid] ?? ApplicationCoordinates()
        var learnt = before
        let step = learnt.screen.observe(read, among: candidates, nowMs: UInt64(MonotonicClock.milliseconds()))
        if learnt != before {
            coordinates[read.pid] = learnt
            watcher?.learnt(coordinates: coordinates)
        }
        switch step {
        case .screen:
            return read
        case .readAgain:
            if verbose {
                Log.line("note: accessibility: pid \(read.pid)'s top-level \(read.toplevel.map { "\($0)" } ?? "-") "
                         + "lines up with no window on the screen and fits one as window-relative; read again")
            }
            return nil
        case .windowRelative:
            if !before.screen.isWindowRelative {
                // The read that settled it was asked in screen coordinates, where GTK 4 refuses its caret box (a text
                // view placed by its whole widget, not its caret): the field is read again as the watcher now asks.
                if verbose { Log.line("accessibility: pid \(read.pid)'s screen coordinates: \(learnt.screen)") }
                return nil
            }
            // A read asked in screen coordinates before the watcher knew: the same numbers.
            var update = read
            update.coordinates = .window
            update.sampleInWindow = nil
            if update.lineMode == .unknown { update.lineMode = .single }
            return update
        }
    }

    /// Takes a sample of `pid`'s window coordinates; what it rules out is logged, with the sample, and handed to the
    /// watcher.
    private func learnWindowCoordinates(of pid: Int32, from sample: WindowCoordinates.Sample) {
        guard pid != 0 else { return }
        var learnt = coordinates[pid] ?? ApplicationCoordinates()
        guard learnt.window.learn(from: sample) else { return }
        coordinates[pid] = learnt
        watcher?.learnt(coordinates: coordinates)
        if verbose { Log.line("accessibility: pid \(pid)'s window coordinates: \(learnt.window)") }
    }

    /// A field read in window coordinates (a focus, caret or text read of a single-line field): placed on the X
    /// window its top-level was matched to, at that window's frame now (its size is the layout the application
    /// answered in: a person focusing or typing in a field is not resizing its window). Without that window (gone,
    /// or never matched), the field is read again on the screen path.
    private func applyInWindow(_ update: AccessibleFocusUpdate, _ inWindow: Rect,
                               among candidates: [AccessibleWindowCandidate<WindowID>]) -> [Event] {
        // The candidates include the windows a sandboxed application's fields were found in by geometry.
        guard let known = toplevelWindows[update.toplevelID],
              let window = candidates.first(where: { $0.id == known.window })
        else {
            toplevelWindows[update.toplevelID] = nil
            if verbose { Log.line("note: accessibility: top-level \(update.toplevelID) has no X window; read again") }
            effects.perform(.readField)
            return [.accessibleFieldUnmatched(pid: update.pid)]
        }
        guard let origin = coordinates[update.pid]?.window.origin(onFrame: window.frame, client: window.client) else {
            // Relative to the client or the frame, not known which yet, and this window's two differ: the screen
            // path places it, and samples the application again.
            if verbose { Log.line("note: accessibility: pid \(update.pid)'s window coordinates undecided; read again") }
            effects.perform(.readField)
            return [.accessibleFieldUnmatched(pid: update.pid)]
        }
        let widget = WindowCoordinates.fieldRelativeToFrame(inWindow, origin: origin, scale: known.scale,
                                                            frame: window.frame, client: window.client)
        let field = AccessibleField(
            window: known.window, identity: update.fieldID, widget: widget, caret: nil, frameSize: window.frame.size,
            change: update.change == .focus ? .focus : .caret, singleLine: update.lineMode == .single)
        return [.accessibleFocus(pid: update.pid, field)]
    }

    /// The window's frame when the application read the rects. GTK3 reports the WM frame as the top-level, other
    /// toolkits the client window; either gives the frame at read time, which differs from the frame now when the
    /// window moved or was resized (e.g. by us) between the read and this moment. Widths tell frame from client
    /// when the height changed since (an inset changes heights only). Without a usable top-level the frame now is
    /// the best guess.
    ///
    /// Window-relative rects (GTK 4) were placed at the client's position now, so the frame now is theirs: they do
    /// not go stale when the window moves.
    /// The widest X border of a frame a top-level is taken to be inside of (twm's default is 2 px).
    static let frameBorderLimit = 8

    /// The top-level as reported has the window frame's size, within the tolerance of the application's scale.
    static func isFrame(_ toplevel: Rect, of window: AccessibleWindowCandidate<WindowID>, tolerance: Int) -> Bool {
        abs(toplevel.width - window.frame.width) <= tolerance && abs(toplevel.height - window.frame.height) <= tolerance
    }

    static func frameAtRead(
        reportedBy toplevel: Rect?, window: AccessibleWindowCandidate<WindowID>, tolerance: Int,
        coordinates: AccessibleFocusUpdate.Coordinates = .screen
    ) -> Rect {
        guard let toplevel, coordinates == .screen else { return window.frame }
        let decoration = Size(width: window.frame.width - window.client.width,
                              height: window.frame.height - window.client.height)
        let offset = Point(x: window.client.x - window.frame.x, y: window.client.y - window.frame.y)
        func close(_ a: Int, _ b: Int) -> Bool { abs(a - b) <= tolerance }
        if isFrame(toplevel, of: window, tolerance: tolerance) {
            // At the place reported, with the server's size: a scaled application rounds its size (GTK at scale 2
            // reported 602x366 for a 602x365 frame), and a read taken at a size the window never has is waited on
            // for ever ("waiting for the application's layout"). Within the tolerance no resize can be told apart.
            return Rect(x: toplevel.x, y: toplevel.y, width: window.frame.width, height: window.frame.height)
        }
        let hidden = window.invisibleBorders
        if hidden != .none, close(toplevel.width, window.frame.width - hidden.left - hidden.right),
           close(toplevel.height, window.frame.height - hidden.top - hidden.bottom) {
            // The frame as drawn, inside the X frame's invisible borders (GTK3 under marco). Else the frame now:
            // read after our move landed and before its ConfigureNotify reached us, the field was taken 20 px off.
            return hidden.frameRect(ofClient: toplevel)
        }
        if toplevel.origin == window.frame.origin, toplevel.width == window.frame.width,
           toplevel.height == window.client.height, window.client.height != window.frame.height {
            // The frame's place and width with the client's height: LibreOffice (gtk3) reported 902x560+99+130 for
            // its 902x585+99+130 frame (client 900x560) for seconds after its window was unmaximized and resized.
            // Taken for the client, the frame at read was 2 px wider than it is and 20 px higher, and the engine
            // waited for a layout at a size the window never had. At the frame's place now, it is the frame now.
            return window.frame
        }
        let border = (window.frame.width - toplevel.width) / 2
        if toplevel.origin == window.frame.origin, border > 0, border <= Self.frameBorderLimit,
           window.frame.width - toplevel.width == 2 * border, window.frame.height - toplevel.height == 2 * border {
            // The frame inside its X border, at the frame's place: GTK3 reports XGetGeometry's size, which leaves
            // the border out, where the engine's frame (the server's outer rect) has it (twm: 2 px; as the
            // client, the frame at read was 19 px higher than it is, and the engine waited for it).
            return Rect(x: toplevel.x, y: toplevel.y, width: window.frame.width, height: window.frame.height)
        }
        if close(toplevel.width, window.client.width) && close(toplevel.height, window.client.height) {
            return Rect(x: toplevel.x - offset.x, y: toplevel.y - offset.y,
                        width: toplevel.width + decoration.width, height: toplevel.height + decoration.height)
        }
        // Only the width to tell: the nearer of the two (openbox's sides are 1 px each, within a HiDPI tolerance
        // of both). Undecorated sides cannot tell them apart: the client, as the toolkits other than GTK3 report.
        let fromFrame = abs(toplevel.width - window.frame.width), fromClient = abs(toplevel.width - window.client.width)
        guard min(fromFrame, fromClient) <= tolerance else { return window.frame }
        if fromFrame < fromClient || (fromFrame == fromClient && decoration.width != 0) { return toplevel }
        return Rect(x: toplevel.x - offset.x, y: toplevel.y - offset.y,
                    width: toplevel.width + decoration.width, height: toplevel.height + decoration.height)
    }
}
