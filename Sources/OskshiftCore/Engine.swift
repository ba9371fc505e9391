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
/// `TrackedWindows`, `BusFacts`, `KeyboardState`, `WindowManagerModel`, `FieldReads`); the configuration, the screen,
/// the timer and the run change only in this file. The shell reads the public queries only.
public struct Engine: Equatable, Sendable {
    public private(set) var configuration: Configuration
    public private(set) var screen: Screen
    /// The keyboard: its frame, its slide, its last hide (`KeyboardState`).
    var keyboardState = KeyboardState()
    /// The visible keyboard's frame; nil while no keyboard is visible.
    public var keyboard: Rect? { keyboardState.frame }
    /// The focused window: its facts, the field read in it, the decision made for it (`FocusedWindow`).
    var focused = FocusedWindow()
    public var focus: Focus? { focused.focus }
    /// The most recent decision about the focused window.
    public var lastDecision: Decision? { focused.lastDecision }
    /// The daemon's connection to the accessibility bus, what the bus said (its applications, their fields, the
    /// windows they own) and the user's inputs (`BusFacts`).
    var busFacts = BusFacts()
    /// Every window seen: untouched, adjusted (with its `Adjustment`), released to the user or refused by its window
    /// manager (`TrackedWindow`).
    var windows = TrackedWindows()
    /// What is learnt about how this window manager treats requests (its reading, its own fit above a strut).
    var windowManager = WindowManagerModel()
    /// What the one timer is set for; only `updateTimer` and `stopTimer` change it.
    private var timer = TimerUse.off
    /// When the focused field is read again (`FieldReads`).
    var fieldReads = FieldReads()
    /// Running, or on the way out after `stopping`: the engine then only follows its restores home
    /// (`Engine+Stopping.swift`), and asks again once for a window the window manager put elsewhere.
    private var run = Run.running
    var isRunning: Bool { run == .running }
    /// Windows the window manager put elsewhere than home twice at the exit.
    public var windowsLeftAway: [WindowAway] {
        if case .stopping(let leftAway) = run { return leftAway }
        return []
    }

    /// The adjusted windows' adjustments (a view of `windows`).
    var adjustments: [WindowID: Adjustment] { windows.adjustments }

    /// How often an animation steps.
    public static let frameIntervalMs = 16
    /// An application joins the accessibility bus with an asynchronous call (GTK's `Embed`), so the registry's
    /// word that it is there can reach the daemon after its first window has mapped and taken the focus. A window
    /// mapped less than this long ago, of a process the bus has not named yet, is not moved by the X-side sources
    /// until then, when the order asks the bus at all (seen: a GTK form mapped under a docked keyboard was moved
    /// 8 px by the `window` source, then put back when its application said no field was focused).
    public static let busJoiningGraceMs = 250
    /// The longest the daemon waits for its own first answer from the bus (the applications on it and the focus
    /// they had) before the X-side sources speak for every window. Measured here: the answer comes within tens of
    /// milliseconds of the watcher's start, so a covered field is served by the bus well inside 300 ms of start.
    public static let busAnswerGraceMs = 500
    /// A placement that differs from the current one by at most this many pixels, with the field still clear,
    /// is not worth a move: a keyboard jittering by a pixel does not make the window bounce.
    public static let hysteresis = 4
    /// A requested frame that the server has not reported back within this time is no longer expected (a late answer
    /// is still recognised as ours: `Requests.requested`).
    public static let pendingLifetimeMs = 1000
    /// A request the server has not answered within this time was most likely ignored without a word (a window
    /// manager keeping a window at its minimum size sends no ConfigureNotify when nothing changes).
    public static let unansweredAfterMs = 150
    /// How long after the keyboard hid a maximized window waits for a docked keyboard's strut to go before it is
    /// maximized again (measured: onboard's strut goes 30-60 ms after its window starts hiding, under IceWM).
    public static let strutGoneWithinMs = 500

    /// An application on the bus that owns a window, and how that was found.
    struct BusOwner: Equatable, Sendable {
        var application: Int32
        var matchedBy: BusMatch
    }

    /// The daemon's own connection to the accessibility bus.
    enum BusConnection: Equatable, Sendable {
        /// No bus, or none announced: the X-side sources speak for every application not named on it.
        case notUsed
        /// Joining since this time; the applications' list came or not yet.
        case joining(since: Int, applicationsKnown: Bool)
        /// The bus has been asked: its list of applications and the focus they had are known.
        case listening

        /// Its list of applications has come at least once.
        var knowsApplications: Bool {
            switch self {
            case .notUsed, .joining(_, applicationsKnown: false): return false
            case .joining(_, applicationsKnown: true), .listening: return true
            }
        }
    }

    /// The engine's life: it runs until the daemon stops, then follows its windows home.
    enum Run: Equatable, Sendable {
        case running
        /// Stopping; the windows the window manager put elsewhere than home twice.
        case stopping(leftAway: [WindowAway])
    }

    /// What the one timer is for.
    enum TimerUse: Equatable, Sendable {
        case off
        /// An animation: a tick every frame.
        case frames
        /// One tick at this time: the end of a window's wait for its application on the bus, or when a queued move
        /// goes out unless its window is configured first.
        case once(at: Int)
    }

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

/// What one event's handling knows about itself, passed down instead of kept in the engine.
struct Moment {
    /// The event's time.
    let now: Int
    /// The event starts a new placement (`Engine.isTrigger`).
    let isTrigger: Bool
    /// The event brought a reading of the focused field.
    var readingArrived = false
    /// That reading put the field (partly) above or below its window's frame, before it was cut to the frame.
    var readingOutOfView: OutOfView?

    /// A field out of view in this window, read at this frame size.
    struct OutOfView: Equatable {
        var window: WindowID
        var frameSize: Size
    }
}

/// A window the engine has moved, as `oskshift status` shows it.
public struct AdjustedWindow: Equatable, Sendable {
    public var id: WindowID
    public var original: SavedGeometry
    public var current: Rect
    public var restoring: Bool
}

/// The focused field as read at its window's original size.
struct ReferenceField: Equatable, Sendable {
    var window: WindowID
    /// The accessible field's identity; nil for fields from the X sources.
    var identity: UInt?
    /// Relative to the window frame's origin.
    var rect: Rect

    func matches(_ window: WindowID, _ identity: UInt?) -> Bool {
        self.window == window && self.identity == identity
    }
}
