/// The avoidance engine: a pure state machine. `handle` takes one event and returns the actions to perform, in
/// order. It reads no clock (the shell passes `now`) and touches no server: the shell performs the actions.
///
/// State, in short: the keyboard's frame while one is visible, the focused window, what the X server and the
/// accessibility bus say about the focus inside it (held relative to the window's frame), and one `Adjustment` per
/// window it has moved, holding the ORIGINAL geometry saved at the first move. After every event the engine picks
/// the focus rect (`FocusSelection`), derives where each window should be (the focused one: the policy's placement
/// from its original frame; every other adjusted one: its original frame) and emits the difference.
///
/// The two-placement limit: each trigger (keyboard shown or moved, focus or caret moved, a new field) allows at most two
/// placements of the focused window, the adjustment and one correction after the application re-laid out; what
/// re-layouts ask beyond that is not done (`Decision.Outcome.holding`), so a window never alternates.
public struct Engine: Sendable {
    public internal(set) var configuration: Configuration
    public internal(set) var screen: Screen
    /// The visible keyboard's frame; nil while no keyboard is visible.
    public internal(set) var keyboard: Rect?
    public internal(set) var focus: Focus?
    /// The most recent decision about the focused window.
    public internal(set) var lastDecision: Decision?

    /// The X server's view of the focus inside the focused window, relative to its frame, and the frame's size
    /// when it was read.
    var observed = XFocusObservations.none
    var observedFrameSize: Size?
    /// Processes on the accessibility bus, and the editable field each one has focused (none: focus elsewhere).
    var accessibleApplications: Set<Int32> = []
    /// The daemon listens to the accessibility bus: its list of applications has come at least once.
    var listensToBus = false
    /// Where the daemon's own connection to the bus stands.
    var bus = BusConnection.notUsed
    var accessibleFields: [Int32: AccessibleField] = [:]
    /// The focused field as read at the window's original size: whether a multi-line field fits above the keyboard
    /// is decided from it, so that a re-layout of the shrunk window never flips the decision.
    var fieldAtOriginal: ReferenceField?
    /// Placements of the focused window since the last trigger, and whether the event being handled is one.
    var placementsSinceTrigger = 0
    var handlingTrigger = false
    /// `now` of the event being handled.
    var clock = 0
    var adjustments: [WindowID: Adjustment] = [:]
    /// Windows the user moved or resized while adjusted: left alone until focus leaves them or the keyboard hides.
    var released: Set<WindowID> = []
    /// Windows whose window manager answered a move by leaving them in place (matchbox's NORMAL windows), until
    /// the keyboard hides.
    var refused: Set<WindowID> = []
    var timer = TimerUse.off
    /// When the focused field is read again (`FieldReads`), and whether the last editable report matched no window.
    var fieldReads = FieldReads()
    var fieldUnmatched = false
    /// The focused field's last reading that needed a placement, whether the event being handled is a reading of
    /// it, and the field found contradicting itself (`Engine+Contradiction`).
    var lastCoveredReading: CoveredReading?
    var readingJustArrived = false
    /// The reading that arrived with the event being handled put the field (partly) above or below its window's
    /// frame, before it was cut to the frame: out of view in that window, read at that frame size.
    var readingOutOfView: (window: WindowID, frameSize: Size)?
    var selfContradicting: FieldKey?
    /// After `stopping` the engine answers nothing more: the daemon is on its way out.
    var stopped = false

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

    /// The daemon's own connection to the accessibility bus.
    enum BusConnection: Equatable {
        /// No bus, or none announced: the X-side sources speak for every application not named on it.
        case notUsed
        /// Joining since this time; the applications' list came or not yet.
        case joining(since: Int, applicationsKnown: Bool)
        /// The bus has been asked: its list of applications and the focus they had are known.
        case listening
    }

    /// What the one timer is for.
    enum TimerUse: Equatable {
        case off
        /// An animation: a tick every frame.
        case frames
        /// One tick at this time: the end of a window's wait for its application on the bus, or when a queued move
        /// goes out unless its window is configured first.
        case once(at: Int)
    }
    /// A placement that differs from the current one by at most this many pixels, with the field still clear,
    /// is not worth a move: a keyboard jittering by a pixel does not make the window bounce.
    public static let hysteresis = 4
    /// A requested frame that the server has not reported back within this time is no longer expected (a late answer
    /// is still recognised as ours: `Adjustment.requested`).
    public static let pendingLifetimeMs = 1000
    /// A request the server has not answered within this time was most likely ignored without a word (a window
    /// manager keeping a window at its minimum size sends no ConfigureNotify when nothing changes).
    public static let unansweredAfterMs = 150

    public init(configuration: Configuration = .defaults, screen: Screen) {
        self.configuration = configuration
        self.screen = screen
    }

    /// Every window the engine has moved and not yet put back, by window id.
    public var adjustedWindows: [AdjustedWindow] {
        adjustments.values.filter { $0.phase != .returning }.sorted { $0.id < $1.id }.map {
            AdjustedWindow(id: $0.id, original: $0.original, current: $0.shown, restoring: $0.phase == .restoring)
        }
    }

    /// The focused field in root coordinates where its window is now (the field as reported stays where it was
    /// when the window moves). Nil when only the window is known, or nothing has to clear the keyboard.
    public var focusedField: Rect? {
        guard let focus, case .field(let field) = choice(for: focus.window) else { return nil }
        return field.rect.converted(from: focus.window.frame.origin)
    }

    /// The source that gives the focused window's focus rect now (`window` for the whole window); nil when
    /// nothing in it has to clear the keyboard.
    public var focusSource: FocusSource? {
        guard let focus else { return nil }
        switch choice(for: focus.window) {
        case .field(let field): return field.source
        case .wholeWindow: return .window
        case .nothing: return nil
        }
    }

    /// Why the focused window's focus rect comes from the X side although the order asks the accessibility bus
    /// (e.g. "the pointer band around the last press: its application is not on the accessibility bus"); nil when
    /// the bus speaks for it, or nothing does.
    public var focusFallback: String? {
        guard let focus else { return nil }
        return fallback(for: focus.window, source: focusSource)
    }

    /// The editable field the focused window's application reported, when it is on the accessibility bus and its
    /// focus is on editable text in that window.
    public var focusedAccessibleField: AccessibleField? {
        guard let focus, case .editable(let field) = accessibleState(of: focus.window) else { return nil }
        return field
    }


    /// `now` is a monotonic time in milliseconds, given by the shell.
    public mutating func handle(_ event: Event, now: Int) -> [Action] {
        guard !stopped else { return [] }
        clock = now
        expirePendingRequests(now: now)
        handlingTrigger = Self.isTrigger(event)
        if handlingTrigger { placementsSinceTrigger = 0 }
        readingJustArrived = false
        readingOutOfView = nil
        let learnt: [Action]?
        switch event {
        case .keyboardShown(let frame), .keyboardMoved(let frame): learnt = keyboardChanged(frame)
        case .keyboardHidden: learnt = keyboardChanged(nil)
        case .focusChanged(let newFocus): learnt = focusChanged(newFocus)
        case .focusObserved(let id, let observations, let frame): learnt = focusObserved(id, observations, frame: frame)
        case .accessibleApplications(let pids): learnt = applicationsChanged(pids)
        case .accessibilityBus(let status): learnt = busChanged(status, now: now)
        case .accessibleFocus(let pid, let reported): learnt = accessibleFocusChanged(pid: pid, reported)
        case .accessibleFieldUnmatched:
            fieldUnmatched = true
            learnt = nil
        case .windowConfigured(let id, let frame):
            if let owed = adjustments[id]?.answer { adjustments[id]?.answer = owed.configured }
            learnt = configured(id, frame: frame)
        case .windowConfigureSynthetic(let id): learnt = syntheticConfigure(id)
        case .windowFrameRead(let id, let frame): learnt = configured(id, frame: frame)
        case .windowStateChanged(let id, let state): learnt = stateChanged(id, state: state, now: now)
        case .windowExtentsChanged(let id, let extents): learnt = extentsChanged(id, extents)
        case .windowDestroyed(let id): learnt = destroyed(id)
        case .screenChanged(let newScreen):
            screen = newScreen
            learnt = []
        case .configurationChanged(let newConfiguration):
            configuration = newConfiguration
            learnt = []
        case .displacedWindowFound(let facts, let saved): learnt = adopt(facts, saved: saved)
        case .timerFired: learnt = stepAnimations(now: now)
        case .stopping:
            stopped = true
            return restoreAllAtOnce()
        }
        // nil: the event told nothing new (another window's observation, a stale repeat), and nothing is derived.
        guard var actions = learnt else { return [] }
        actions += reconcile(now: now)
        actions += sendQueuedRequests(now: now)
        actions += confirmMovesWithStateChange(now: now)
        actions += revealFieldOnceShrunk()
        actions += fieldReads.due(at: now)
        actions += updateTimer()
        return actions
    }

    /// Events that start a new placement (the user or the keyboard did something); the others (a window
    /// configured, a field re-read because the application re-laid out, a timer) only follow one.
    static func isTrigger(_ event: Event) -> Bool {
        switch event {
        case .keyboardShown, .keyboardMoved, .focusChanged, .focusObserved, .accessibleApplications, .accessibilityBus,
             .screenChanged, .configurationChanged, .windowStateChanged, .displacedWindowFound:
            return true
        case .windowExtentsChanged:
            return false
        case .accessibleFocus(_, let field):
            return field.map { $0.change == .focus || $0.change == .caret } ?? true
        case .keyboardHidden, .windowConfigured, .windowConfigureSynthetic, .windowFrameRead, .windowDestroyed, .timerFired, .stopping, .accessibleFieldUnmatched:
            return false
        }
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
