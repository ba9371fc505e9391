import OskshiftCore

/// What a running oskshift tells `oskshift status`: the keyboard, the focus and the windows it moved.
/// The daemon builds it from its engine after each event batch and publishes it as JSON; the status command
/// parses it back and prints it for people or for scripts.
public struct StatusReport: Equatable, Sendable {
    public struct Keyboard: Equatable, Sendable {
        public var window: WindowID
        /// The frame in root coordinates: where it is while visible, where it was last seen while hidden.
        public var rect: Rect
        public var visible: Bool

        public init(window: WindowID, rect: Rect, visible: Bool) {
            self.window = window
            self.rect = rect
            self.visible = visible
        }
    }

    public struct Focus: Equatable, Sendable {
        public var window: WindowID
        /// `instance/Class`, or nil when the window has no WM_CLASS.
        public var wmClass: String?
        public var frame: Rect
        /// The field in root coordinates where the window is now; nil when only the window is known.
        public var field: Rect?
        /// The focus source that gave the field (`window` when none did).
        public var source: String
        /// How the window's application's AT-SPI extents became root pixels, or the fallback when they could not
        /// (e.g. "window-relative (GTK 4.8.3), placed at its X window's client position"); nil when its
        /// application has reported no editable field.
        public var extents: String?
        /// Why that source is an X-side fallback although the configured order asks the accessibility bus
        /// (`Engine.focusFallback`); nil when it is not one.
        public var fallback: String?
        /// The application on the accessibility bus that owns the window and how it was found (e.g. "pid 4242, found
        /// by geometry"); nil when none is known to.
        public var busApplication: String?

        public init(window: WindowID, wmClass: String?, frame: Rect, field: Rect?, source: String,
                    extents: String? = nil, fallback: String? = nil, busApplication: String? = nil) {
            self.busApplication = busApplication
            self.fallback = fallback
            self.window = window
            self.wmClass = wmClass
            self.frame = frame
            self.field = field
            self.source = source
            self.extents = extents
        }
    }

    public struct Adjusted: Equatable, Sendable {
        public var window: WindowID
        public var original: Rect
        /// `normal`, `maximized`, `fullscreen`...: the state it goes back to.
        public var originalState: String
        public var current: Rect
        /// On its way back to the original (animating).
        public var restoring: Bool

        public init(window: WindowID, original: Rect, originalState: String, current: Rect, restoring: Bool) {
            self.window = window
            self.original = original
            self.originalState = originalState
            self.current = current
            self.restoring = restoring
        }
    }

    public var display: String
    public var pid: Int
    /// Nil until a keyboard has been seen.
    public var keyboard: Keyboard?
    public var focus: Focus?
    public var adjusted: [Adjusted]
    /// The engine's latest decision, as the `decision:` log line prints it.
    public var lastDecision: String?

    public init(display: String, pid: Int, keyboard: Keyboard?, focus: Focus?, adjusted: [Adjusted],
        lastDecision: String?)
    {
        self.display = display
        self.pid = pid
        self.keyboard = keyboard
        self.focus = focus
        self.adjusted = adjusted
        self.lastDecision = lastDecision
    }
}

extension StatusReport {
    /// The report for an engine's current state. `keyboard` is the keyboard window the adapter saw last (the
    /// engine knows rects, not windows); `extents` says how a process's AT-SPI extents are used (nil: unknown);
    /// `now` is the engine's clock when the report is made (the bus's waits end with time).
    public init(engine: Engine, keyboard: Keyboard?, display: String, pid: Int, now: Int,
                extents: (Int32) -> String? = { _ in nil }) {
        let focus = engine.focus.map { focus in
            Focus(
                window: focus.window.id,
                wmClass: focus.window.wmClass.map { "\($0.instance)/\($0.className)" },
                frame: focus.window.frame, field: engine.focusedField(at: now),
                source: engine.focusSource(at: now)?.rawValue ?? "-", extents: focus.window.pid.flatMap(extents),
                fallback: engine.focusFallback(at: now),
                busApplication: engine.busApplication(of: focus.window).map {
                    "pid \($0.application), found by \($0.matchedBy.rawValue)"
                })
        }
        self.init(
            display: display, pid: pid, keyboard: keyboard, focus: focus,
            adjusted: engine.adjustedWindows.map {
                Adjusted(
                    window: $0.id, original: $0.original.frame, originalState: StatusReport.stateName($0.original.state),
                    current: $0.current, restoring: $0.restoring)
            },
            lastDecision: engine.lastDecision?.description)
    }

    static func stateName(_ state: WindowState) -> String {
        var words: [String] = []
        if state.maximizedVertically && state.maximizedHorizontally {
            words.append("maximized")
        } else if state.maximizedVertically {
            words.append("maximized-vertically")
        } else if state.maximizedHorizontally {
            words.append("maximized-horizontally")
        }
        if state.fullscreen { words.append("fullscreen") }
        return words.isEmpty ? "normal" : words.joined(separator: "+")
    }
}
