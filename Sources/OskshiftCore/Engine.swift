/// The avoidance engine: a pure state machine. `handle` takes one event and returns the actions to perform, in
/// order. It reads no clock (the shell passes `now`) and touches no server: the shell performs the actions.
///
/// State, in short: the keyboard's frame while one is visible, the focused window, what the X server and the
/// accessibility bus say about the focus inside it (held relative to the window's frame), and one `Adjustment` per
/// window it has moved, holding the ORIGINAL geometry saved at the first move. After every event the engine picks
/// the focus rect (`FocusSelection`), derives where each window should be (the focused one: the policy's placement
/// from its original frame; every other adjusted one: its original frame) and emits the difference.
///
/// Settling: each trigger (keyboard shown or moved, focus or caret moved, a new field) allows at most two
/// placements of the focused window, the adjustment and one correction after the application re-laid out; what
/// re-layouts ask beyond that is not done (`Decision.Outcome.holding`), so a window never alternates.
public struct Engine: Sendable {
    public private(set) var configuration: Configuration
    public private(set) var screen: Screen
    /// The visible keyboard's frame; nil while no keyboard is visible.
    public private(set) var keyboard: Rect?
    public private(set) var focus: Focus?
    /// The most recent decision about the focused window.
    public private(set) var lastDecision: Decision?

    /// The X server's view of the focus inside the focused window, relative to its frame, and the frame's size
    /// when it was read.
    private var observed = XFocusObservations.none
    private var observedFrameSize: Size?
    /// Processes on the accessibility bus, and the editable field each one has focused (none: focus elsewhere).
    private var accessibleApplications: Set<Int32> = []
    /// The daemon listens to the accessibility bus: its list of applications has come at least once.
    private var listensToBus = false
    /// Where the daemon's own connection to the bus stands.
    private var bus = BusConnection.notUsed
    private var accessibleFields: [Int32: AccessibleField] = [:]
    /// The focused field as read at the window's original size: whether a multi-line field fits above the keyboard
    /// is decided from it, so that a re-layout of the shrunk window never flips the decision.
    private var fieldAtOriginal: ReferenceField?
    /// Placements of the focused window since the last trigger, and whether the event being handled is one.
    private var placementsSinceTrigger = 0
    private var handlingTrigger = false
    /// `now` of the event being handled.
    private var clock = 0
    private var adjustments: [WindowID: Adjustment] = [:]
    /// Windows the user moved or resized while adjusted: left alone until focus leaves them or the keyboard hides.
    private var released: Set<WindowID> = []
    /// Windows whose window manager answered a move by leaving them in place (matchbox's NORMAL windows), until
    /// the keyboard hides.
    private var refused: Set<WindowID> = []
    private var timer = TimerUse.off
    /// After `stopping` the engine answers nothing more: the daemon is on its way out.
    private var stopped = false

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
        adjustments.values.filter { !$0.settling }.sorted { $0.id < $1.id }.map {
            AdjustedWindow(id: $0.id, original: $0.original, current: $0.shown, restoring: $0.restoring)
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

    /// The editable field the focused window's application reported, when it is on the accessibility bus and its
    /// focus is on editable text in that window.
    public var focusedAccessibleField: AccessibleField? {
        guard let focus, case .editable(let field) = accessibleState(of: focus.window) else { return nil }
        return field
    }

    /// How the focus rect of `window` is chosen now.
    func choice(for window: WindowFacts) -> FocusSelection.Choice {
        if let why = waitingForBus(window) { return .nothing(why) }
        return FocusSelection.choose(
            accessible: accessibleState(of: window), observed: observed,
            frameSize: observedFrameSize ?? window.frame.size,
            order: configuration.settings(for: window.wmClass).focus, pointerBand: configuration.avoidance.pointerBand)
    }

    /// Why nothing about `window` can be decided yet, while the bus may still speak for it: the daemon has not yet
    /// heard from the bus itself, or the window is new and its application may still be joining.
    func waitingForBus(_ window: WindowFacts) -> String? {
        if busAnswerDeadline(of: window) != nil { return "the daemon has not yet asked the accessibility bus" }
        if busJoiningDeadline(of: window) != nil { return "waiting for its application on the accessibility bus" }
        return nil
    }

    /// When the daemon's wait for its own first answer from the bus ends, while it waits and the order asks the bus.
    func busAnswerDeadline(of window: WindowFacts) -> Int? {
        guard case .joining(let since, _) = bus, FocusSelection.asksBus(configuration.settings(for: window.wmClass).focus)
        else { return nil }
        let deadline = since + Engine.busAnswerGraceMs
        return clock < deadline ? deadline : nil
    }

    /// When `window`'s wait for its application on the bus ends, while it waits (`busJoiningGraceMs`): only a
    /// window mapped since the daemon started, with a `_NET_WM_PID` the bus has not named, while the daemon listens
    /// to the bus and the order asks it.
    func busJoiningDeadline(of window: WindowFacts) -> Int? {
        let order = configuration.settings(for: window.wmClass).focus
        guard listensToBus, FocusSelection.asksBus(order), let pid = window.pid,
              !accessibleApplications.contains(pid), let mapped = window.mappedAtMs
        else { return nil }
        let deadline = mapped + Engine.busJoiningGraceMs
        return clock < deadline ? deadline : nil
    }

    /// What the accessibility bus says about `window`: its application's editable field when it is in this window;
    /// "no editable focus" when its application is on the bus; else silent.
    func accessibleState(of window: WindowFacts) -> FocusSelection.AccessibleState {
        if let field = accessibleFields.values.first(where: { $0.window == window.id }) { return .editable(field) }
        if let pid = window.pid, accessibleApplications.contains(pid) { return .noEditableFocus }
        return .silent
    }

    /// `now` is a monotonic time in milliseconds, given by the shell.
    public mutating func handle(_ event: Event, now: Int) -> [Action] {
        guard !stopped else { return [] }
        clock = now
        expirePendingRequests(now: now)
        handlingTrigger = Self.isTrigger(event)
        if handlingTrigger { placementsSinceTrigger = 0 }
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
            if newFocus?.window.id != focus?.window.id {
                released.removeAll()
                fieldAtOriginal = nil
            }
            focus = newFocus
            observed = newFocus?.observed ?? .none
            observedFrameSize = newFocus?.window.frame.size
        case .focusObserved(let id, let newObservations, let frame):
            guard focus?.window.id == id else { return [] }
            if adjustments[id] == nil { focus?.window.frame = frame }
            observed = newObservations
            observedFrameSize = frame.size
        case .accessibleApplications(let pids):
            listensToBus = true
            if case .joining(let since, _) = bus { bus = .joining(since: since, applicationsKnown: true) }
            accessibleApplications = pids
            accessibleFields = accessibleFields.filter { $0.key == 0 || pids.contains($0.key) }
        case .accessibilityBus(let status):
            switch status {
            case .connecting: bus = .joining(since: now, applicationsKnown: false)
            case .initialFocusRead:
                if case .joining(_, applicationsKnown: true) = bus { bus = .listening }
            case .absent: bus = .notUsed
            }
        case .accessibleFocus(let pid, let reported):
            if pid != 0 { accessibleApplications.insert(pid) }
            let field = reported?.trimmedToItsWindow()
            let previous = accessibleFields[pid]
            if let field, let previous, field.isStaleRepeat(of: previous) { return [] }
            accessibleFields[pid] = field?.keepingKnownRects(of: previous)
            if let field, adjustments[field.window]?.awaitingLayoutAt == field.frameSize {
                adjustments[field.window]?.awaitingLayoutAt = nil
            }
        case .windowConfigured(let id, let frame):
            actions += configured(id, frame: frame)
        case .windowStateChanged(let id, let state):
            actions += stateChanged(id, state: state, now: now)
        case .windowExtentsChanged(let id, let extents):
            adjustments[id]?.extents = extents
            if focus?.window.id == id { focus?.window.extents = extents }
        case .windowDestroyed(let id):
            adjustments[id] = nil
            released.remove(id)
            refused.remove(id)
            if focus?.window.id == id { focus = nil }
            accessibleFields = accessibleFields.filter { $0.value.window != id }
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
        actions += sendQueuedRequests(now: now)
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
        case .keyboardHidden, .windowConfigured, .windowDestroyed, .timerFired, .stopping:
            return false
        }
    }

    // MARK: - Deciding

    /// Derives where every adjusted window and the focused one should be, and emits the difference.
    private mutating func reconcile(now: Int) -> [Action] {
        var actions: [Action] = []
        var focusedTarget: Rect?
        if let focus {
            noteFieldAtOriginal(focus.window)
            noteKeptHeight(focus.window.id)
        }
        if let focus, let keyboard {
            let decision = decide(focus, keyboard: keyboard)
            if case .adjust(let frame) = decision.outcome { focusedTarget = frame }
            switch decision.outcome {
            case .unchanged, .holding:
                if let adjustment = adjustments[focus.window.id], !adjustment.settling { focusedTarget = adjustment.target }
            case .waiting:
                // Left as it is: an adjustment in place stays, a restore under way goes on.
                if let adjustment = adjustments[focus.window.id], !adjustment.restoring, !adjustment.settling {
                    focusedTarget = adjustment.target
                }
            default: break
            }
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
        let choice = self.choice(for: window)
        var field: FocusRect?
        var source: FocusSource?
        switch choice {
        case .field(let chosen): (field, source) = (chosen, chosen.source)
        case .wholeWindow: source = .window
        case .nothing: break
        }
        func decision(_ outcome: Decision.Outcome, field: Rect? = nil, overlap: Int = 0) -> Decision {
            Decision(window: window.id, source: source, field: field, keyboard: keyboard,
                     overlap: overlap, mode: settings.mode, outcome: outcome)
        }
        if let reason = exclusion(of: window, original: original, mode: settings.mode) {
            return decision(.excluded(reason))
        }
        if let why = waitingForBus(window) { return decision(.waiting(why)) }
        if case .nothing(let why) = choice { return decision(.noField(why)) }
        if field != nil, let readAt = fieldReadAt(window), readInPassing(readAt, record: record) {
            return decision(.waiting("the field was read at \(readAt.width)x\(readAt.height), while the window was moving"))
        }
        if case .editable(let accessible) = accessibleState(of: window), adjustment == nil,
           accessible.frameSize != window.frame.size {
            // Read in another layout than the window has now (it was resized, maximized or made fullscreen by its
            // owner): wait for the application's report at this size.
            return decision(.noField("waiting for the application's layout at \(window.frame.width)x\(window.frame.height)"))
        }
        guard let windowMonitor = screen.monitor(for: original.frame),
              windowMonitor == screen.monitor(for: keyboard)
        else { return decision(.excluded("keyboard on another monitor")) }
        let fieldFrameHeight: Int?
        if case .editable(let accessible) = accessibleState(of: window), field != nil {
            fieldFrameHeight = accessible.frameSize.height
        } else {
            fieldFrameHeight = field == nil ? nil : observedFrameSize?.height
        }

        // A fullscreen window covers the panels (its room is the monitor) and is panned unless told to inset.
        let fullscreen = original.state.fullscreen && configuration.avoidance.fullscreen == .adjust
        let extents = record?.extents ?? window.extents
        var input = Policy.Input(
            original: original.frame, field: field?.rect, caret: field?.caret, keyboard: keyboard,
            workArea: fullscreen ? windowMonitor.rect : windowMonitor.workArea, margin: settings.margin,
            mode: fullscreen && settings.mode != .inset ? .offset : settings.mode,
            minFrameHeight: max(1, window.minSize?.height ?? 1) + extents.top + extents.bottom,
            fieldFrameHeight: fieldFrameHeight,
            fieldAtOriginal: fieldAtOriginal?.matches(window.id, identity(of: window)) == true
                ? fieldAtOriginal?.rect : nil)
        input.keptHeight = adjustment?.keptHeight
        input.isText = field.map { $0.source == .caret || $0.source == .widget } ?? false
        let placement = Policy.place(input)
        var target = placement.frame
        if let adjustment, !adjustment.restoring,
           keepsCurrent(adjustment.target, instead: target ?? original.frame, placement: placement, input: input) {
            target = adjustment.target
        }
        if let adjustment, adjustment.awaitingLayoutAt != nil, !adjustment.restoring {
            return decision(.unchanged)  // the application resized itself; its field at that size comes next
        }
        let outcome: Decision.Outcome
        // A re-layout after two placements since the last trigger moves nothing: the window holds still.
        let holds = !handlingTrigger && placementsSinceTrigger >= 2
        switch (target, adjustment) {
        case (nil, nil): outcome = .notCovered
        case (nil, let adjustment?) where holds && !adjustment.restoring: outcome = .holding
        case (nil, .some): outcome = .restore(original.frame)
        case (.some(let frame), let adjustment?) where adjustment.target == frame && !adjustment.restoring:
            outcome = .unchanged
        case (.some, let adjustment?) where holds && !adjustment.restoring: outcome = .holding
        case (.some, nil) where holds: outcome = .holding  // restored since the trigger: placed again only by the next
        case (.some(let frame), _): outcome = .adjust(frame)
        }
        return decision(outcome, field: placement.guarded, overlap: placement.overlap)
    }

    /// The frame size the focused window's field was read at.
    private func fieldReadAt(_ window: WindowFacts) -> Size? {
        if case .editable(let accessible) = accessibleState(of: window) { return accessible.frameSize }
        return observedFrameSize
    }

    /// A field read at a size the window only passed through (a placement or a restore under way, an animation's
    /// step, the shrunk size of a window on its way home) belongs to no layout the policy can trust: taken for one,
    /// a field that is clear at the original size shrank the window again halfway home. The window goes on where it
    /// was heading, and the field read once it is still decides. Trusted: a read at the original size, and for a
    /// placed window one at the size it was asked for, or at the size it keeps once still (a minimum size the
    /// window manager enforces, an application that resized itself).
    private func readInPassing(_ readAt: Size, record: Adjustment?) -> Bool {
        guard let record, readAt != record.original.frame.size else { return false }
        if record.restoring || record.settling { return true }
        if readAt == record.target.size { return false }
        let still = record.animation == nil && record.pending.isEmpty && record.queued == nil
        return !(still && readAt == record.current.size)
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
        // Home is only resisted for a field that is just clear there (a keyboard jittering by a pixel would cover
        // it again); one clearly clear at the original geometry always sends the window home.
        if new == input.original && placement.overlap <= -Engine.hysteresis { return false }
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
            adjustment.savedOn = settling?.savedOn ?? screen
            if let settling {
                adjustment.shown = settling.leftState ? saved.frame : settling.shown
                adjustment.pending = settling.pending
                adjustment.awaitingAnswerSince = settling.awaitingAnswerSince
                adjustment.queued = settling.queued
                adjustment.requested = settling.requested
            }
            // A restore still queued has not cleared the saved geometry yet.
            if settling?.queued == nil { actions.append(.saveOriginal(window.id, saved)) }
            if saved.state.fullscreen {
                actions.append(.setFullscreen(window.id, false))
                adjustment.leftState = true
                adjustment.awaitingStateExit = true
            } else if saved.state.isMaximized {
                actions.append(.setMaximized(window.id, false))
                adjustment.leftState = true
                adjustment.awaitingStateExit = true
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
        return head(id, to: home(of: adjustment), now: now)
    }

    /// Sets a window's target: at once when animation is off, else the animation starts from where it is shown.
    private mutating func head(_ id: WindowID, to target: Rect, now: Int) -> [Action] {
        guard var adjustment = adjustments[id] else { return [] }
        // A restore counts too: adjust, restore, adjust within one trigger is the back and forth the limit forbids.
        if id == focus?.window.id { placementsSinceTrigger += 1 }
        adjustment.target = target
        if adjustment.awaitingStateExit && !adjustment.restoring {
            adjustments[id] = adjustment  // moved once the window manager reports the state left
            return []
        }
        var actions: [Action] = []
        let duration = configuration.animation.durationMs
        if duration == 0 || adjustment.shown == target {
            adjustment.animation = nil
            if adjustment.shown != target, let move = adjustment.request(target, now: now) { actions.append(move) }
        } else {
            adjustment.animation = Animation(from: adjustment.shown, to: target, start: now, duration: duration,
                                             curve: configuration.animation.curve)
        }
        adjustments[id] = adjustment
        if adjustment.restoring && adjustment.animation == nil { actions += finishRestore(id, now: now) }
        return actions
    }

    /// The window is back at its original frame (or is handed back to the window manager's maximized or
    /// fullscreen state): forget it and clear the saved geometry.
    private mutating func finishRestore(_ id: WindowID, now: Int) -> [Action] {
        guard var adjustment = adjustments[id] else { return [] }
        var actions: [Action] = []
        if adjustment.leftState {
            adjustment.queued = nil  // the state change puts the window back, after whatever is in flight
            actions = restoringActions(adjustment)
            for case .moveResize(_, let frame, _) in actions {
                adjustment.pending.append(PendingRequest(frame: frame, time: now))
                adjustment.noteRequested(frame)
            }
            // The window manager answers the state change with the original frame.
            adjustment.pending.append(PendingRequest(frame: adjustment.original.frame, time: now))
        } else {
            let home = home(of: adjustment)
            if adjustment.shown != home || adjustment.queued != nil, let move = adjustment.request(home, now: now) {
                actions.append(move)
            }
            // Cleared with the move: a daemon killed while the move waits behind the request in flight finds the
            // saved geometry at its next start and puts the window back.
            if adjustment.queued == nil { actions.append(.clearOriginal(id)) }
        }
        adjustment.shown = home(of: adjustment)
        adjustment.animation = nil
        adjustment.settling = true
        adjustments[id] = adjustment.pending.isEmpty && adjustment.queued == nil ? nil : adjustment
        if focus?.window.id == id { focus?.window.frame = adjustment.shown }
        return actions
    }

    private func restoringActions(_ adjustment: Adjustment) -> [Action] {
        let id = adjustment.id
        var actions: [Action] = []
        if adjustment.leftState {
            // The frame the window manager gave when the state was left is its remembered normal geometry: put it
            // back there first, so that a later unmaximize by the user lands where it did before.
            if let normal = adjustment.normalFrame.map({ screen.restorePlace(for: $0) }), normal != adjustment.shown {
                actions.append(.moveResize(id, frame: normal, extents: adjustment.extents))
            }
            if adjustment.original.state.fullscreen {
                actions.append(.setFullscreen(id, true))
            } else {
                actions.append(.setMaximized(id, true))
            }
        } else if adjustment.shown != home(of: adjustment) || adjustment.queued != nil {
            actions.append(.moveResize(id, frame: home(of: adjustment), extents: adjustment.extents))
        }
        actions.append(.clearOriginal(id))
        return actions
    }

    /// Where a restored window goes: its original frame, unless the monitors changed since it was saved and the
    /// original no longer lies on one (then the nearest place fully on the current monitor). A geometry found saved
    /// by an earlier run goes back exactly: what the monitors were then is not known.
    private func home(of adjustment: Adjustment) -> Rect {
        guard let savedOn = adjustment.savedOn, savedOn != screen else { return adjustment.original.frame }
        return screen.restorePlace(for: adjustment.original.frame)
    }

    private mutating func restoreAllAtOnce() -> [Action] {
        // Everything at once, queued or not: the window manager applies them in order, after whatever is in flight.
        var actions = adjustments.values.sorted { $0.id < $1.id }.flatMap { adjustment -> [Action] in
            if !adjustment.settling { return restoringActions(adjustment) }
            guard let home = adjustment.queued else { return [] }  // its restore went out already
            return [.moveResize(adjustment.id, frame: home, extents: adjustment.extents), .clearOriginal(adjustment.id)]
        }
        adjustments.removeAll()
        if timer != .off {
            actions.append(.stopTimer)
            timer = .off
        }
        return actions
    }

    private mutating func stepAnimations(now: Int) -> [Action] {
        var actions: [Action] = []
        for id in adjustments.keys.sorted() {
            guard var adjustment = adjustments[id], let animation = adjustment.animation else { continue }
            let frame = animation.frame(at: now)
            if frame != adjustment.shown, let move = adjustment.request(frame, now: now) { actions.append(move) }
            if animation.isFinished(at: now) { adjustment.animation = nil }
            adjustments[id] = adjustment
            if adjustment.restoring && adjustment.animation == nil { actions += finishRestore(id, now: now) }
        }
        return actions
    }

    private mutating func updateTimer() -> [Action] {
        let wanted: TimerUse
        if adjustments.values.contains(where: { $0.animation != nil }) {
            wanted = .frames
        } else if let deadline = nextDeadline {
            wanted = .once(at: deadline)
        } else {
            wanted = .off
        }
        guard wanted != timer else { return [] }
        timer = wanted
        switch wanted {
        case .off: return [.stopTimer]
        case .frames: return [.startTimer(intervalMs: Engine.frameIntervalMs)]
        case .once(let deadline): return [.startTimer(intervalMs: max(1, deadline - clock))]
        }
    }

    /// The next one-off tick: the end of the focused window's wait for its application on the bus (while the keyboard
    /// is up), or a queued move's time to go out.
    private var nextDeadline: Int? {
        var next: Int?
        if let focus, keyboard != nil {
            next = [busAnswerDeadline(of: focus.window), busJoiningDeadline(of: focus.window)].compactMap { $0 }.min()
        }
        for adjustment in adjustments.values {
            if let deadline = adjustment.queuedDeadline, deadline < next ?? Int.max { next = deadline }
        }
        return next
    }

    /// Sends the frames queued behind a request in flight once it is answered or given up on; a settling window's
    /// saved geometry is cleared with its restoring move.
    private mutating func sendQueuedRequests(now: Int) -> [Action] {
        guard adjustments.values.contains(where: { $0.queued != nil }) else { return [] }
        var actions: [Action] = []
        for id in adjustments.keys.sorted() {
            guard var adjustment = adjustments[id], adjustment.queued != nil, !adjustment.awaitsAnswer(at: now)
            else { continue }
            if let move = adjustment.releaseQueued(now: now) { actions.append(move) }
            if adjustment.settling { actions.append(.clearOriginal(id)) }
            adjustments[id] = adjustment.settling && adjustment.pending.isEmpty ? nil : adjustment
        }
        return actions
    }

    // MARK: - Learning what happened

    /// Keeps the focused field as read at the window's original size, the reference for "does it fit".
    private mutating func noteFieldAtOriginal(_ window: WindowFacts) {
        guard case .field(let field) = choice(for: window) else { return }
        let identity = identity(of: window)
        let originalSize = adjustments[window.id]?.original.frame.size ?? window.frame.size
        let readAt: Size?
        if case .editable(let accessible) = accessibleState(of: window) {
            readAt = accessible.frameSize
        } else {
            readAt = observedFrameSize
        }
        if readAt == originalSize {
            fieldAtOriginal = ReferenceField(window: window.id, identity: identity, rect: field.rect)
        } else if fieldAtOriginal?.matches(window.id, identity) != true {
            fieldAtOriginal = nil
        }
    }

    /// The window manager (or the application's minimum size) kept the window taller than we asked: from then on
    /// the placement works with the height it really has. Known once the animation ended and no request of ours
    /// is younger than `unansweredAfterMs` (a request that changes nothing gets no ConfigureNotify at all).
    private mutating func noteKeptHeight(_ id: WindowID) {
        guard var adjustment = adjustments[id], !adjustment.restoring, !adjustment.settling, !adjustment.leftState,
              adjustment.animation == nil, adjustment.queued == nil, adjustment.current.height > adjustment.target.height,
              !adjustment.pending.contains(where: { clock - $0.time < Engine.unansweredAfterMs })
        else { return }
        adjustment.keptHeight = adjustment.current.height
        adjustments[id] = adjustment
    }

    /// The accessible field's identity in `window`; nil for the X sources.
    private func identity(of window: WindowFacts) -> UInt? {
        if case .editable(let field) = accessibleState(of: window) { return field.identity }
        return nil
    }

    /// Tells our own moves (a frame we asked for), the window manager's answers (another frame while a request is
    /// pending) and refusals (the same frame again) from the user's moves (a new frame with nothing pending).
    private mutating func configured(_ id: WindowID, frame: Rect) -> [Action] {
        if focus?.window.id == id { focus?.window.frame = frame }
        adjustments[id]?.awaitingAnswerSince = nil  // the window manager got to our request (or to the user's)
        guard var adjustment = adjustments[id] else { return [] }
        if adjustment.settling {
            // Our restoring requests coming back; once none is left, the window is on its own again.
            if let index = adjustment.pending.firstIndex(where: { $0.frame == frame }) {
                adjustment.pending.removeFirst(index + 1)
            } else if !adjustment.requested.contains(frame) {
                adjustment.pending.removeAll()  // moved elsewhere, by the user
            }
            adjustment.current = frame
            adjustments[id] = adjustment.pending.isEmpty && adjustment.queued == nil ? nil : adjustment
            return []
        }
        if let index = adjustment.pending.firstIndex(where: { $0.frame == frame }) {
            adjustment.pending.removeFirst(index + 1)
            adjustment.current = frame
            adjustments[id] = adjustment
            // The shrunk size is on the server: its application can now bring the field into the smaller view.
            let shrunk = frame == adjustment.target && frame.height < adjustment.original.frame.height
            if shrunk, adjustment.animation == nil, focus?.window.id == id, focusedAccessibleField != nil {
                return [.revealField(id)]
            }
            return []
        }
        if adjustment.leftState && adjustment.normalFrame == nil {
            // The window manager's answer to leaving maximized or fullscreen state: its remembered normal geometry.
            adjustment.normalFrame = frame
            adjustment.current = frame
            adjustments[id] = adjustment
            return []
        }
        if !adjustment.pending.isEmpty {
            if frame == adjustment.current && !adjustment.leftState {
                refused.insert(id)
                adjustment.pending.removeAll()
                adjustment.queued = nil
                adjustment.shown = frame
            }
            // Else the window manager's answer to a request of ours, granted in part (a minimum size it keeps), or
            // another move while ours are pending: which request it answers is not known, so all stay pending.
            adjustment.current = frame
            adjustments[id] = adjustment
            return []
        }
        guard frame != adjustment.current else { return [] }  // restacking, or a repeat
        if adjustment.requested.contains(frame) {
            // A late answer to a request of ours (the window manager was seconds behind).
            adjustment.current = frame
            adjustments[id] = adjustment
            return []
        }
        if frame.x == adjustment.current.x && frame.width == adjustment.current.width
            && frame.height != adjustment.current.height {
            // Only the height changed (and the top, when the window manager kept the taller window on screen):
            // the application resized itself (a text view grew with its text, and its minimum size with it),
            // which is no move of the user's. Placed again from the height it has now.
            adjustment.current = frame
            adjustment.shown = frame
            adjustment.keptHeight = frame.height > adjustment.target.height ? frame.height : nil
            if let focus, focus.window.id == id, case .editable = accessibleState(of: focus.window) {
                adjustment.awaitingLayoutAt = frame.size
                placementsSinceTrigger = 0  // a new layout: placed again as after a trigger
            }
            adjustments[id] = adjustment
            return []
        }
        return release(id, frame: frame, reason: "moved or resized by the user")
    }

    private mutating func stateChanged(_ id: WindowID, state: WindowState, now: Int) -> [Action] {
        if focus?.window.id == id { focus?.window.state = state }
        if var adjustment = adjustments[id], adjustment.awaitingStateExit, !state.isMaximized, !state.fullscreen {
            // The state we asked to leave is left: the placement that waited goes out now, from where the window
            // manager put the window.
            adjustment.awaitingStateExit = false
            adjustment.shown = adjustment.current
            adjustments[id] = adjustment
            if adjustment.restoring { return [] }
            return head(id, to: adjustment.target, now: now)
        }
        guard let adjustment = adjustments[id], !adjustment.restoring, !adjustment.settling,
              state.isMaximized || state.fullscreen
        else { return [] }
        // Maximized or made fullscreen by its application, the window manager or the user: that is the window's
        // new home, and nothing from before is to be restored. It is placed again from its new geometry once the
        // application reported its field at that size.
        adjustments[id] = nil
        return [.clearOriginal(id)]
    }

    /// The user took the window over: forget the original and never restore it.
    private mutating func release(_ id: WindowID, frame: Rect, reason: String) -> [Action] {
        adjustments[id] = nil
        var actions: [Action] = [.clearOriginal(id)]
        if focus?.window.id == id {
            focus?.window.frame = frame
            released.insert(id)
            let decision = Decision(window: id, source: lastDecision?.source, field: nil,
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

    /// Requests too old to expect an answer for. Not a settling window's: it keeps its original until its restore
    /// is answered, so that a window refocused meanwhile starts again from it, not from a frame reported late.
    private mutating func expirePendingRequests(now: Int) {
        for (id, adjustment) in adjustments where !adjustment.pending.isEmpty && !adjustment.settling {
            adjustments[id]?.pending.removeAll { now - $0.time > Engine.pendingLifetimeMs }
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
