/// The avoidance engine: a pure state machine. `handle` takes one event and returns the actions it causes, in
/// order. It reads no clock (the shell passes `now`) and touches no server: the shell performs the actions.
///
/// State, in short: the keyboard's frame while one is visible, the focused window, what the X server and the
/// accessibility bus say about the focus inside it (held relative to the window's frame), and one `Adjustment` per
/// window it has moved, holding the ORIGINAL geometry saved at the first move (its life: `Stage`). Each event
/// method says what follows it: an event that changes what the focused window's decision depends on ends in
/// `decideAndMove` (the focus rect from `FocusSelection`, the placement from `Policy`, the difference as moves);
/// one that answers a request releases what was queued behind it; the timer steps animations and deadlines.
///
/// The two-placement limit: each trigger (keyboard shown or moved, focus or caret moved, a new field) allows at most two
/// placements of the focused window, the adjustment and one correction after the application re-laid out; what
/// re-layouts ask beyond that is not done (`Decision.Outcome.holding`), so a window never alternates.
///
/// The state is held in sub-machines that own it and change it only through their own methods (`FocusedWindow`,
/// `TrackedWindows`, `BusFacts`, `KeyboardState`, `WindowManagerModel`, `FieldReads`). Every stored property is
/// `private(set)`: the engine's state changes in this file only, in `handle` and in the named transitions at its end.
/// The `Engine+*.swift` files decide and call those transitions; the rest of the module and the tests only read. The
/// shell reads the public queries only.
public struct Engine: Equatable, Sendable {
    public private(set) var configuration: Configuration
    public private(set) var screen: Screen
    /// The keyboard: its frame, its slide, its last hide (`KeyboardState`).
    private(set) var keyboardState = KeyboardState()
    /// The visible keyboard's frame; nil while no keyboard is visible.
    public var keyboard: Rect? { keyboardState.frame }
    /// The focused window: its facts, the field read in it, the decision made for it (`FocusedWindow`).
    private(set) var focused = FocusedWindow()
    public var focus: Focus? { focused.focus }
    /// The most recent decision about the focused window.
    public var lastDecision: Decision? { focused.lastDecision }
    /// The daemon's connection to the accessibility bus, what the bus said (its applications, their fields, the
    /// windows they own) and the user's inputs (`BusFacts`).
    private(set) var busFacts = BusFacts()
    /// Every window seen: untouched, adjusted (with its `Adjustment`), released to the user or refused by its window
    /// manager (`TrackedWindow`).
    private(set) var windows = TrackedWindows()
    /// What is learnt about how this window manager treats requests (its reading, its own fit above a strut).
    private(set) var windowManager = WindowManagerModel()
    /// What the one timer is set for; only `updateTimer` and `stopTimer` change it.
    private(set) var timer = TimerUse.off
    /// When the focused field is read again (`FieldReads`).
    private(set) var fieldReads = FieldReads()
    /// Running, or on the way out after `stopping`: the engine then only follows its restores home
    /// (`Engine+Stopping.swift`), and asks again once for a window the window manager put elsewhere.
    private(set) var run = Run.running
    var isRunning: Bool { run == .running }
    /// Windows the window manager put elsewhere than home twice at the exit.
    public var windowsLeftAway: [WindowAway] {
        if case .stopping(let leftAway) = run { return leftAway }
        return []
    }

    /// The adjusted windows' adjustments (a view of `windows`).
    var adjustments: [WindowID: Adjustment] { windows.adjustments }

    public init(configuration: Configuration = .defaults, screen: Screen) {
        self.configuration = configuration
        self.screen = screen
    }

    /// `now` is a monotonic time in milliseconds, given by the shell.
    public mutating func handle(_ event: Event, now: Int) -> [Action] {
        guard run == .running else { return whileStopping(event, now: now) }
        expirePendingRequests(now: now)
        keyboardState.expire(now: now)
        var moment = Moment(now: now, isTrigger: Self.isTrigger(event))
        if moment.isTrigger { focused.triggered() }
        switch event {
        case .keyboardShown(let frame), .keyboardMoved(let frame): return keyboardChanged(frame, &moment)
        case .keyboardHidden: return keyboardChanged(nil, &moment)
        case .focusChanged(let newFocus): return focusChanged(newFocus, &moment)
        case .focusObserved(let id, let observations, let frame):
            return focusObserved(id, observations, frame: frame, &moment)
        case .accessibleApplications(let pids): return applicationsChanged(pids, &moment)
        case .windowOnBus(let id, let application, let how): return windowOnBus(id, application, how, &moment)
        case .userInput(let id): return userInput(in: id, &moment)
        case .accessibilityBus(let status): return busChanged(status, &moment)
        case .accessibleFocus(let pid, let reported): return accessibleFocusChanged(pid: pid, reported, &moment)
        case .accessibleFieldUnmatched:
            focused.fieldMatched(false)
            return []
        case .windowConfigured(let id, let frame): return configured(id, frame: frame, real: true, &moment)
        case .windowFrameRead(let id, let frame): return configured(id, frame: frame, real: false, &moment)
        case .windowConfigureSynthetic(let id): return syntheticConfigure(id)
        case .windowStateChanged(let id, let state): return stateChanged(id, state: state, &moment)
        case .windowExtentsChanged(let id, let extents): return extentsChanged(id, extents, &moment)
        case .windowDestroyed(let id): return destroyed(id, &moment)
        case .windowReframed(let id): return reframed(id)
        case .screenChanged(let newScreen):
            screen = newScreen
            return askAgainForRefusedHomes(now: now) + decideAndMove(&moment)
        case .configurationChanged(let newConfiguration):
            configuration = newConfiguration
            return decideAndMove(&moment)
        case .displacedWindowFound(let facts, let saved): return adopt(facts, saved: saved, &moment)
        case .timerFired: return timerFired(&moment)
        case .stopping:
            run = .stopping(leftAway: [])
            return restoreAllAtOnce(now: now)
        }
    }

    /// Events that start a new placement (the user or the keyboard did something); the others (a window
    /// configured, a field re-read because the application re-laid out, a timer) only follow one.
    static func isTrigger(_ event: Event) -> Bool {
        switch event {
        case .keyboardShown, .keyboardMoved, .focusChanged, .focusObserved, .accessibleApplications, .accessibilityBus,
             .windowOnBus, .screenChanged, .configurationChanged, .windowStateChanged, .displacedWindowFound:
            return true
        case .windowExtentsChanged:
            return false
        case .accessibleFocus(_, let field):
            return field.map { $0.change == .focus || $0.change == .caret } ?? true
        case .keyboardHidden, .windowConfigured, .windowConfigureSynthetic, .windowFrameRead, .windowDestroyed,
             .windowReframed, .timerFired, .stopping, .accessibleFieldUnmatched:
            return false
        case .userInput:
            // What the press or key changes comes as its own trigger (the press observed, the caret moved); the
            // input itself only lets the whole window speak, and typing must not lift the two-placement limit.
            return false
        }
    }
}

extension Engine {
    /// The one timer set for what is due next: every frame while an animation runs, else once at the next deadline.
    mutating func updateTimer(now: Int) -> [Action] {
        let wanted: TimerUse
        if adjustments.values.contains(where: { $0.animation != nil }) {
            wanted = .frames
        } else if let deadline = nextDeadline(at: now) {
            wanted = .once(at: deadline)
        } else {
            wanted = .off
        }
        guard wanted != timer else { return [] }
        timer = wanted
        switch wanted {
        case .off: return [.stopTimer]
        case .frames: return [.startTimer(intervalMs: Engine.frameIntervalMs)]
        case .once(let deadline): return [.startTimer(intervalMs: max(1, deadline - now))]
        }
    }

    /// The timer stopped for good: the daemon is on its way out.
    mutating func stopTimer() -> [Action] {
        guard timer != .off else { return [] }
        timer = .off
        return [.stopTimer]
    }

    /// A window the window manager put elsewhere than home twice at the exit.
    mutating func noteLeftAway(_ window: WindowAway) {
        run = .stopping(leftAway: windowsLeftAway + [window])
    }
}

// The engine's state changes, each named: the only writers of its sub-machines, so that what the engine knows is
// changed here and nowhere else. The methods in the `Engine+*.swift` files decide; these transitions record.

/// The keyboard.
extension Engine {
    mutating func noteKeyboard(_ frame: Rect?, now: Int, homesWait: Bool) {
        keyboardState.change(to: frame, on: screen, now: now, homesWait: homesWait)
    }

    /// No window waits for a docked keyboard's strut to go any more.
    mutating func noteNoHomeWaits() { keyboardState.noHomeWaits() }
}

/// The focused window.
extension Engine {
    mutating func takeFocus(_ newFocus: Focus?) { focused.changed(to: newFocus) }

    mutating func noteObserved(_ observations: XFocusObservations, frame: Rect, takeFrame: Bool) {
        focused.observed(observations, frame: frame, takeFrame: takeFrame)
    }

    mutating func noteFocusedFrame(_ id: WindowID, _ frame: Rect) { focused.configured(id, frame: frame) }
    mutating func noteFocusedExtents(_ id: WindowID, _ extents: FrameExtents) { focused.extentsChanged(id, extents) }
    mutating func noteFocusedState(_ id: WindowID, _ state: WindowState) { focused.stateChanged(id, state) }
    mutating func fieldMatched(_ matched: Bool) { focused.fieldMatched(matched) }

    mutating func noteReferenceField(_ field: ReferenceField, atOriginalSize: Bool) {
        focused.noteField(field, atOriginalSize: atOriginalSize)
    }

    mutating func holdReading(_ decision: Decision, field: AccessibleField, _ moment: Moment) {
        focused.noteReading(decision, field: field, keyboard: keyboard, moment)
    }

    mutating func decided(_ decision: Decision?) { focused.decided(decision) }
    mutating func forgetContradictions() { focused.forgetContradictions() }
    mutating func laidOutAnew(_ id: WindowID) { focused.laidOutAnew(id) }
    mutating func headed(_ id: WindowID) { focused.headed(id) }
}

/// What the accessibility bus said, and the user's inputs.
extension Engine {
    mutating func noteBus(_ status: BusStatus, now: Int) { busFacts.connectionChanged(status, now: now) }
    mutating func noteApplications(_ pids: Set<Int32>) { busFacts.applicationsChanged(to: pids) }
    mutating func noteApplication(_ pid: Int32) { busFacts.noteApplication(pid) }

    /// False when the bus had already said so.
    mutating func noteOwner(_ owner: BusOwner, of id: WindowID) -> Bool { busFacts.noteOwner(owner, of: id) }

    /// False for a stale repeat of the field already known.
    mutating func noteField(_ field: AccessibleField?, from pid: Int32, outsideItsWindow: Bool) -> Bool {
        busFacts.report(field, from: pid, outsideItsWindow: outsideItsWindow)
    }

    mutating func noteUserInput(in id: WindowID, at now: Int) { busFacts.noteUserInput(in: id, at: now) }
    mutating func forgetUserInputs() { busFacts.forgetUserInputs() }
}

/// Every window seen.
extension Engine {
    /// The window's adjustment as it is now; nil once it has none (home, or forgotten).
    mutating func store(_ adjustment: Adjustment?, of id: WindowID) { windows[adjusted: id] = adjustment }

    /// A change to an adjusted window's adjustment; nothing for a window without one.
    mutating func changeAdjustment(of id: WindowID, _ change: (inout Adjustment) -> Void) {
        guard var adjustment = windows[adjusted: id] else { return }
        change(&adjustment)
        windows[adjusted: id] = adjustment
    }

    mutating func endAdjustment(_ id: WindowID, at frame: Rect) { windows.endAdjustment(id, at: frame) }
    mutating func release(_ id: WindowID, at frame: Rect) { windows.release(id, at: frame) }

    /// False when the window was refused already.
    mutating func refuse(_ id: WindowID) -> Bool { windows.refuse(id) }
    mutating func withdrawRefusal(_ id: WindowID) { windows.withdrawRefusal(id) }
    mutating func noteAskedAgainAtExit(_ id: WindowID) { windows.noteAskedAgainAtExit(id) }
    mutating func forgetReleases() { windows.forgetReleases() }
    mutating func forgetReleasesAndRefusals() { windows.forgetReleasesAndRefusals() }

    /// The untouched window's frame before this one, when it was seen before.
    mutating func noteUntouchedFrame(_ id: WindowID, _ frame: Rect) -> Rect? { windows.noteFrame(id, frame) }
    mutating func noteFitted(_ id: WindowID, from before: Rect?) { windows.noteFitted(id, from: before) }
    mutating func takeFittedFrom(_ id: WindowID) -> Rect? { windows.takeFittedFrom(id) }

    /// A window gone: nothing of it is kept (a window withdrawn while moved is found again by its saved geometry,
    /// `adopt`).
    mutating func forget(_ id: WindowID) {
        windows.forget(id)
        busFacts.forget(id)
        focused.destroyed(id)
    }
}

/// The window manager's model.
extension Engine {
    mutating func learn(topLimit: Int, snap: TopSnap?, workAreaTop: Int, from evidence: String) {
        windowManager.learn(topLimit: topLimit, snap: snap, workAreaTop: workAreaTop, from: evidence)
    }

    mutating func learn(reading: Reading, from evidence: String) { windowManager.learn(reading: reading, from: evidence) }
    mutating func learn(strutFitSlack slack: Int, from evidence: String) {
        windowManager.learn(strutFitSlack: slack, from: evidence)
    }
}

/// When the focused field is read again.
extension Engine {
    mutating func readFieldAgain(after delays: [Int], now: Int) { fieldReads.readAgain(after: delays, now: now) }
    mutating func fieldReadsDue(at now: Int) -> [Action] { fieldReads.due(at: now) }
    mutating func revealField(in id: WindowID, now: Int) -> Action { fieldReads.reveal(id, now: now) }
    mutating func revealFieldSooner(now: Int) -> Bool { fieldReads.revealSooner(now: now) }
    mutating func revealFieldAgain(in id: WindowID, now: Int) { fieldReads.revealAgain(id, now: now) }
}
