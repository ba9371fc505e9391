/// The avoidance engine: a pure state machine. `handle` takes one event and returns the actions to perform, in
/// order. It reads no clock (the shell passes `now`) and touches no server: the shell performs the actions.
///
/// State, in short: the keyboard's frame while one is visible, the focused window and its field (held relative to
/// the window's frame), and one `Adjustment` per window it has moved, holding the ORIGINAL geometry saved at the
/// first move. After every event the engine derives where each window should be (the focused one: the policy's
/// placement from its original frame; every other adjusted one: its original frame) and emits the difference.
public struct Engine: Sendable {
    public private(set) var configuration: Configuration
    public private(set) var screen: Screen
    /// The visible keyboard's frame; nil while no keyboard is visible.
    public private(set) var keyboard: Rect?
    public private(set) var focus: Focus?
    /// The most recent decision about the focused window.
    public private(set) var lastDecision: Decision?

    /// The focused field and caret relative to the focused window's frame, so that they stay valid while the
    /// window is moved and can be placed again from the original frame.
    private var fieldInWindow: Rect?
    private var caretInWindow: Rect?
    private var fieldFrameHeight: Int?
    private var adjustments: [WindowID: Adjustment] = [:]
    /// Windows the user moved or resized while adjusted: left alone until focus leaves them or the keyboard hides.
    private var released: Set<WindowID> = []
    /// Windows whose window manager answered a move by leaving them in place (matchbox's NORMAL windows), until
    /// the keyboard hides.
    private var refused: Set<WindowID> = []
    private var timerRunning = false
    /// After `stopping` the engine answers nothing more: the daemon is on its way out.
    private var stopped = false

    /// How often an animation steps.
    public static let frameIntervalMs = 16
    /// A placement that differs from the current one by at most this many pixels, with the field still clear,
    /// is not worth a move: a keyboard jittering by a pixel does not make the window bounce.
    public static let hysteresis = 4
    /// A requested frame that the server has not reported back within this time is no longer expected.
    public static let pendingLifetimeMs = 1000

    public init(configuration: Configuration = .defaults, screen: Screen) {
        self.configuration = configuration
        self.screen = screen
    }

    /// Every window the engine has moved and not yet put back, by window id.
    public var adjustedWindows: [AdjustedWindow] {
        adjustments.values.filter { !$0.settling }.sorted { $0.id < $1.id }.map {
            AdjustedWindow(id: $0.id, original: $0.original, current: $0.shown, restoring: $0.restoring)
        }
    }

    /// The focused field in root coordinates where its window is now (the field as reported stays where it was
    /// when the window moves). Nil when only the window is known.
    public var focusedField: Rect? {
        guard let focus, let fieldInWindow else { return nil }
        return fieldInWindow.converted(from: focus.window.frame.origin)
    }

    /// `now` is a monotonic time in milliseconds, given by the shell.
    public mutating func handle(_ event: Event, now: Int) -> [Action] {
        guard !stopped else { return [] }
        expirePendingRequests(now: now)
        var actions: [Action] = []
        switch event {
        case .keyboardShown(let frame), .keyboardMoved(let frame):
            keyboard = frame
        case .keyboardHidden:
            keyboard = nil
            released.removeAll()
            // A refusal is believed for one keyboard session: asked again at the next show, a window manager that
            // really refuses costs one request, and a refusal misread in a burst of events does not last.
            refused.removeAll()
        case .focusChanged(let newFocus):
            if newFocus?.window.id != focus?.window.id { released.removeAll() }
            focus = newFocus
            holdField(newFocus?.field, frame: newFocus?.window.frame)
        case .focusRectChanged(let id, let field, let frame):
            guard focus?.window.id == id else { return [] }
            focus?.field = field
            if adjustments[id] == nil { focus?.window.frame = frame }
            holdField(field, frame: frame)
        case .windowConfigured(let id, let frame):
            actions += configured(id, frame: frame)
        case .windowStateChanged(let id, let state):
            actions += stateChanged(id, state: state)
        case .windowDestroyed(let id):
            adjustments[id] = nil
            released.remove(id)
            refused.remove(id)
            if focus?.window.id == id { focus = nil }
        case .screenChanged(let newScreen):
            screen = newScreen
        case .configurationChanged(let newConfiguration):
            configuration = newConfiguration
        case .displacedWindowFound(let facts, let saved):
            actions += adopt(facts, saved: saved)
        case .timerFired:
            actions += stepAnimations(now: now)
        case .stopping:
            stopped = true
            return restoreAllAtOnce()
        }
        actions += reconcile(now: now)
        actions += updateTimer()
        return actions
    }

    // MARK: - Deciding

    /// Derives where every adjusted window and the focused one should be, and emits the difference.
    private mutating func reconcile(now: Int) -> [Action] {
        var actions: [Action] = []
        var focusedTarget: Rect?
        if let focus, let keyboard {
            let decision = decide(focus, keyboard: keyboard)
            if case .adjust(let frame) = decision.outcome { focusedTarget = frame }
            if case .unchanged = decision.outcome { focusedTarget = adjustments[focus.window.id]?.target }
            if decision != lastDecision { actions.append(.log(decision)) }
            lastDecision = decision
        } else if let focus, adjustments[focus.window.id].map({ $0.settling }) ?? true {
            lastDecision = nil
        }
        for id in adjustments.keys.sorted() where !(id == focus?.window.id && focusedTarget != nil) {
            actions += restore(id, now: now)
        }
        if let focus, let target = focusedTarget {
            actions += adjust(focus.window, to: target, now: now)
        }
        return actions
    }

    /// The decision for the focused window against the visible keyboard.
    private func decide(_ focus: Focus, keyboard: Rect) -> Decision {
        let window = focus.window
        let settings = configuration.settings(for: window.wmClass)
        let record = adjustments[window.id]
        let adjustment = record?.settling == true ? nil : record
        let original = record?.original ?? SavedGeometry(frame: window.frame, state: window.state)
        func decision(_ outcome: Decision.Outcome, field: Rect? = nil, overlap: Int = 0) -> Decision {
            Decision(window: window.id, source: focus.field?.source ?? .window, field: field, keyboard: keyboard,
                     overlap: overlap, mode: settings.mode, outcome: outcome)
        }
        if let reason = exclusion(of: window, original: original, mode: settings.mode) {
            return decision(.excluded(reason))
        }
        guard let windowMonitor = screen.monitor(for: original.frame),
              windowMonitor == screen.monitor(for: keyboard)
        else { return decision(.excluded("keyboard on another monitor")) }

        let resizeFullscreen = original.state.fullscreen && configuration.avoidance.fullscreen == .resize
        let extents = record?.extents ?? window.extents
        let input = Policy.Input(
            original: original.frame, field: fieldInWindow, caret: caretInWindow, keyboard: keyboard,
            workArea: resizeFullscreen ? windowMonitor.rect : windowMonitor.workArea, margin: settings.margin,
            mode: resizeFullscreen ? .inset : settings.mode,
            minFrameHeight: max(1, window.minSize?.height ?? 1) + extents.top + extents.bottom,
            fieldFrameHeight: fieldFrameHeight)
        let placement = Policy.place(input)
        var target = placement.frame
        if let adjustment, !adjustment.restoring,
           keepsCurrent(adjustment.target, instead: target ?? original.frame, placement: placement, input: input) {
            target = adjustment.target
        }
        let outcome: Decision.Outcome
        switch (target, adjustment) {
        case (nil, nil): outcome = .notCovered
        case (nil, .some): outcome = .restore(original.frame)
        case (.some(let frame), let adjustment?) where adjustment.target == frame && !adjustment.restoring:
            outcome = .unchanged
        case (.some(let frame), _): outcome = .adjust(frame)
        }
        return decision(outcome, field: placement.guarded, overlap: placement.overlap)
    }

    /// Why a window is never adjusted, or nil when it may be.
    private func exclusion(of window: WindowFacts, original: SavedGeometry, mode: AvoidanceMode) -> String? {
        if window.isKeyboard { return "the keyboard itself" }
        if window.overrideRedirect { return "override-redirect" }
        switch window.kind {
        case .dock, .desktop, .toolbar, .splash, .menu, .notification: return "window type \(window.kind.rawValue)"
        case .normal, .dialog, .utility, .other: break
        }
        if mode == .none { return "mode none" }
        if refused.contains(window.id) { return "the window manager refuses to move it" }
        if released.contains(window.id) { return "moved by the user" }
        if original.state.fullscreen && configuration.avoidance.fullscreen == .skip { return "fullscreen" }
        if original.state.isMaximized && configuration.avoidance.maximized == .skip { return "maximized" }
        return nil
    }

    /// Hysteresis: stay at the current placement when the new one is only a few pixels off vertically and the
    /// field is still clear where the window is.
    private func keepsCurrent(_ current: Rect, instead new: Rect, placement: Policy.Placement,
                              input: Policy.Input) -> Bool {
        guard current != new, current.size == new.size, current.x == new.x,
              abs(current.y - new.y) <= Engine.hysteresis, current.size == input.original.size
        else { return false }
        let fieldThere = placement.guarded.offsetBy(dy: current.y - input.original.y)
        return !Policy.isCovered(fieldThere, by: input.keyboard, margin: input.margin)
    }

    // MARK: - Moving

    private mutating func adjust(_ window: WindowFacts, to target: Rect, now: Int) -> [Action] {
        var actions: [Action] = []
        if var adjustment = adjustments[window.id], !adjustment.settling {
            guard adjustment.target != target || adjustment.restoring else { return [] }
            adjustment.restoring = false
            adjustments[window.id] = adjustment
        } else {
            // A window still settling after a restore starts again from the same original, with its requests
            // still in flight; any other from where it is now.
            let settling = adjustments[window.id]
            let saved = settling?.original ?? SavedGeometry(frame: window.frame, state: window.state)
            var adjustment = Adjustment(id: window.id, original: saved, extents: settling?.extents ?? window.extents,
                                        current: settling?.current ?? window.frame)
            if let settling {
                adjustment.shown = settling.leftState ? saved.frame : settling.shown
                adjustment.pending = settling.pending
            }
            actions.append(.saveOriginal(window.id, saved))
            if saved.state.fullscreen {
                actions.append(.setFullscreen(window.id, false))
                adjustment.leftState = true
            } else if saved.state.isMaximized {
                actions.append(.setMaximized(window.id, false))
                adjustment.leftState = true
            }
            adjustments[window.id] = adjustment
        }
        return actions + head(window.id, to: target, now: now)
    }

    private mutating func restore(_ id: WindowID, now: Int) -> [Action] {
        guard var adjustment = adjustments[id], !adjustment.restoring, !adjustment.settling else { return [] }
        adjustment.restoring = true
        adjustments[id] = adjustment
        // The window manager puts it back when it is maximized (or made fullscreen) again.
        if adjustment.leftState { return finishRestore(id, now: now) }
        return head(id, to: adjustment.original.frame, now: now)
    }

    /// Sets a window's target: at once when animation is off, else the animation starts from where it is shown.
    private mutating func head(_ id: WindowID, to target: Rect, now: Int) -> [Action] {
        guard var adjustment = adjustments[id] else { return [] }
        adjustment.target = target
        var actions: [Action] = []
        let duration = configuration.animation.durationMs
        if duration == 0 || adjustment.shown == target {
            adjustment.animation = nil
            if adjustment.shown != target { actions.append(request(&adjustment, target, now: now)) }
        } else {
            adjustment.animation = Animation(from: adjustment.shown, to: target, start: now, duration: duration,
                                             curve: configuration.animation.curve)
        }
        adjustments[id] = adjustment
        if adjustment.restoring && adjustment.animation == nil { actions += finishRestore(id, now: now) }
        return actions
    }

    private func request(_ adjustment: inout Adjustment, _ frame: Rect, now: Int) -> Action {
        adjustment.shown = frame
        adjustment.pending.append(PendingRequest(frame: frame, time: now))
        return .moveResize(adjustment.id, frame: frame, extents: adjustment.extents)
    }

    /// The window is back at its original frame (or is handed back to the window manager's maximized or
    /// fullscreen state): forget it and clear the saved geometry.
    private mutating func finishRestore(_ id: WindowID, now: Int) -> [Action] {
        guard var adjustment = adjustments[id] else { return [] }
        let actions = restoringActions(adjustment)
        for case .moveResize(_, let frame, _) in actions {
            adjustment.pending.append(PendingRequest(frame: frame, time: now))
        }
        if adjustment.leftState {  // the window manager answers the state change with the original frame
            adjustment.pending.append(PendingRequest(frame: adjustment.original.frame, time: now))
        }
        adjustment.shown = adjustment.original.frame
        adjustment.animation = nil
        adjustment.settling = true
        adjustments[id] = adjustment.pending.isEmpty ? nil : adjustment
        if focus?.window.id == id { focus?.window.frame = adjustment.original.frame }
        return actions
    }

    private func restoringActions(_ adjustment: Adjustment) -> [Action] {
        let id = adjustment.id
        var actions: [Action] = []
        if adjustment.leftState {
            // The frame the window manager gave when the state was left is its remembered normal geometry: put it
            // back there first, so that a later unmaximize by the user lands where it did before.
            if let normal = adjustment.normalFrame, normal != adjustment.shown {
                actions.append(.moveResize(id, frame: normal, extents: adjustment.extents))
            }
            if adjustment.original.state.fullscreen {
                actions.append(.setFullscreen(id, true))
            } else {
                actions.append(.setMaximized(id, true))
            }
        } else if adjustment.shown != adjustment.original.frame {
            actions.append(.moveResize(id, frame: adjustment.original.frame, extents: adjustment.extents))
        }
        actions.append(.clearOriginal(id))
        return actions
    }

    private mutating func restoreAllAtOnce() -> [Action] {
        var actions = adjustments.values.filter { !$0.settling }.sorted { $0.id < $1.id }
            .flatMap { restoringActions($0) }
        adjustments.removeAll()
        if timerRunning {
            actions.append(.stopTimer)
            timerRunning = false
        }
        return actions
    }

    private mutating func stepAnimations(now: Int) -> [Action] {
        var actions: [Action] = []
        for id in adjustments.keys.sorted() {
            guard var adjustment = adjustments[id], let animation = adjustment.animation else { continue }
            let frame = animation.frame(at: now)
            if frame != adjustment.shown { actions.append(request(&adjustment, frame, now: now)) }
            if animation.isFinished(at: now) { adjustment.animation = nil }
            adjustments[id] = adjustment
            if adjustment.restoring && adjustment.animation == nil { actions += finishRestore(id, now: now) }
        }
        return actions
    }

    private mutating func updateTimer() -> [Action] {
        let animating = adjustments.values.contains { $0.animation != nil }
        guard animating != timerRunning else { return [] }
        timerRunning = animating
        return [animating ? .startTimer(intervalMs: Engine.frameIntervalMs) : .stopTimer]
    }

    // MARK: - Learning what happened

    private mutating func holdField(_ field: FocusRect?, frame: Rect?) {
        guard let field, let frame, field.source != .window else {
            fieldInWindow = nil
            caretInWindow = nil
            fieldFrameHeight = nil
            return
        }
        fieldFrameHeight = frame.height
        fieldInWindow = field.rect.relative(to: frame.origin)
        caretInWindow = field.caret?.relative(to: frame.origin)
    }

    /// Tells our own moves (a frame we asked for), the window manager's answers (another frame while a request is
    /// pending) and refusals (the same frame again) from the user's moves (a new frame with nothing pending).
    private mutating func configured(_ id: WindowID, frame: Rect) -> [Action] {
        if focus?.window.id == id { focus?.window.frame = frame }
        guard var adjustment = adjustments[id] else { return [] }
        if adjustment.settling {
            // Our restoring requests coming back; once none is left, the window is on its own again.
            if let index = adjustment.pending.firstIndex(where: { $0.frame == frame }) {
                adjustment.pending.removeFirst(index + 1)
            } else {
                adjustment.pending.removeAll()
            }
            adjustment.current = frame
            adjustments[id] = adjustment.pending.isEmpty ? nil : adjustment
            return []
        }
        if let index = adjustment.pending.firstIndex(where: { $0.frame == frame }) {
            adjustment.pending.removeFirst(index + 1)
            adjustment.current = frame
            adjustments[id] = adjustment
            return []
        }
        if !adjustment.pending.isEmpty {
            if frame == adjustment.current && !adjustment.leftState {
                refused.insert(id)
                adjustment.pending.removeAll()
                adjustment.shown = frame
            } else if adjustment.leftState && adjustment.normalFrame == nil {
                adjustment.normalFrame = frame
            }
            adjustment.current = frame
            adjustments[id] = adjustment
            return []
        }
        guard frame != adjustment.current else { return [] }  // restacking, or a repeat
        return release(id, frame: frame, reason: "moved or resized by the user")
    }

    private mutating func stateChanged(_ id: WindowID, state: WindowState) -> [Action] {
        if focus?.window.id == id { focus?.window.state = state }
        guard let adjustment = adjustments[id], !adjustment.restoring, !adjustment.settling,
              state.isMaximized || state.fullscreen
        else { return [] }
        return release(id, frame: adjustment.current, reason: "maximized or made fullscreen by the user")
    }

    /// The user took the window over: forget the original and never restore it.
    private mutating func release(_ id: WindowID, frame: Rect, reason: String) -> [Action] {
        adjustments[id] = nil
        var actions: [Action] = [.clearOriginal(id)]
        if focus?.window.id == id {
            focus?.window.frame = frame
            released.insert(id)
            let decision = Decision(window: id, source: focus?.field?.source ?? .window, field: nil,
                                    keyboard: keyboard, overlap: 0,
                                    mode: configuration.settings(for: focus?.window.wmClass).mode,
                                    outcome: .released(reason))
            lastDecision = decision
            actions.append(.log(decision))
        }
        return actions
    }

    /// A window still carrying a saved geometry from an earlier run: take it back as adjusted, so it is restored
    /// unless it is still legitimately covered.
    private mutating func adopt(_ facts: WindowFacts, saved: SavedGeometry) -> [Action] {
        guard saved.isPlausible(on: screen) else {
            let decision = Decision(window: facts.id, source: nil, field: nil, keyboard: keyboard, overlap: 0,
                                    mode: configuration.settings(for: facts.wmClass).mode,
                                    outcome: .excluded("implausible saved geometry \(saved.frame)"))
            return [.log(decision), .clearOriginal(facts.id)]
        }
        var adjustment = Adjustment(id: facts.id, original: saved, extents: facts.extents, current: facts.frame)
        adjustment.leftState = (saved.state.isMaximized && !facts.state.isMaximized)
            || (saved.state.fullscreen && !facts.state.fullscreen)
        adjustments[facts.id] = adjustment
        return []
    }

    private mutating func expirePendingRequests(now: Int) {
        for (id, adjustment) in adjustments where !adjustment.pending.isEmpty {
            adjustments[id]?.pending.removeAll { now - $0.time > Engine.pendingLifetimeMs }
            if adjustment.settling && adjustments[id]?.pending.isEmpty == true { adjustments[id] = nil }
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
