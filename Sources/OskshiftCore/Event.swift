/// What happened on the display, as the engine is told.
public enum Event: Equatable, Sendable {
    /// An on-screen keyboard became visible with this frame (root coordinates).
    case keyboardShown(Rect)
    /// The visible keyboard moved or resized (a layout switch, a docked keyboard sliding in).
    case keyboardMoved(Rect)
    case keyboardHidden
    /// Keyboard focus moved to another window, or nowhere (nil).
    case focusChanged(Focus?)
    /// The focused window's field changed (another field, the caret moved, the app re-laid out).
    /// `frame` is the window's frame when the rect was read: the field is held relative to it.
    case focusRectChanged(WindowID, FocusRect?, frame: Rect)
    /// A top-level window's frame changed, by our request or by someone else's.
    case windowConfigured(WindowID, frame: Rect)
    /// A window's maximized or fullscreen state changed.
    case windowStateChanged(WindowID, WindowState)
    case windowDestroyed(WindowID)
    case screenChanged(Screen)
    case configurationChanged(Configuration)
    /// At start-up: a window carries a saved original geometry from an earlier run that ended without restoring.
    /// Send it after the initial screen, keyboard and focus events: an unfocused or uncovered window is restored
    /// at once, the focused and covered one is placed again from its saved original.
    case displacedWindowFound(WindowFacts, saved: SavedGeometry)
    /// The animation timer ticked.
    case timerFired
    /// The daemon is stopping: restore everything at once.
    case stopping
}

/// What the engine asks the shell to do.
public enum Action: Hashable, Sendable {
    /// Move and resize a window's outer frame (root coordinates); `extents` convert it to the client size.
    case moveResize(WindowID, frame: Rect, extents: FrameExtents)
    case setMaximized(WindowID, Bool)
    case setFullscreen(WindowID, Bool)
    /// Save the original geometry on the window, so a restart can restore it.
    case saveOriginal(WindowID, SavedGeometry)
    case clearOriginal(WindowID)
    /// Tick `timerFired` every `intervalMs` until `stopTimer`. Only runs while an animation does.
    case startTimer(intervalMs: Int)
    case stopTimer
    /// One line of the decision trace.
    case log(Decision)
}

/// Why a decision came out as it did, for `--verbose` and `oskshift status`.
public struct Decision: Hashable, Sendable, CustomStringConvertible {
    public enum Outcome: Hashable, Sendable {
        case adjust(Rect)
        case restore(Rect)
        case unchanged
        case notCovered
        case excluded(String)
        case released(String)
    }

    public var window: WindowID
    public var source: FocusSource?
    public var field: Rect?
    public var keyboard: Rect?
    public var overlap: Int
    public var mode: AvoidanceMode
    public var outcome: Outcome

    public init(
        window: WindowID, source: FocusSource?, field: Rect?, keyboard: Rect?, overlap: Int, mode: AvoidanceMode,
        outcome: Outcome
    ) {
        self.window = window
        self.source = source
        self.field = field
        self.keyboard = keyboard
        self.overlap = overlap
        self.mode = mode
        self.outcome = outcome
    }

    public var description: String {
        let outcomeText: String
        switch outcome {
        case .adjust(let frame): outcomeText = "adjust to \(frame)"
        case .restore(let frame): outcomeText = "restore to \(frame)"
        case .unchanged: outcomeText = "unchanged"
        case .notCovered: outcomeText = "not covered"
        case .excluded(let why): outcomeText = "excluded (\(why))"
        case .released(let why): outcomeText = "released (\(why))"
        }
        return "window=\(window) source=\(source?.rawValue ?? "-") field=\(field.map { "\($0)" } ?? "-") "
            + "keyboard=\(keyboard.map { "\($0)" } ?? "-") overlap=\(overlap) mode=\(mode.rawValue) "
            + "action=\(outcomeText)"
    }
}
