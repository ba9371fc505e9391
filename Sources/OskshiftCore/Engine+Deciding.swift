/// Where the focused window should be, and every other adjusted one: the decisions, derived after every event.
extension Engine {

    /// What follows any change of what the focused window's decision depends on: the decision, the moves it needs
    /// (the focused window to its placement, every other adjusted one home), the application asked to reveal its
    /// field once the window is still at a smaller size, and the timer for whatever is due next.
    mutating func decideAndMove(_ moment: inout Moment) -> [Action] {
        var actions = placeAndRestore(moment)
        if keyboardState.hiddenAt != nil,
           !adjustments.values.contains(where: { !$0.isHomeward && homeWaitsForTheWorkArea($0) }) {
            noteNoHomeWaits()  // no window waits for the strut to go
        }
        actions += revealFieldOnceShrunk(moment)
        actions += updateTimer(now: moment.now)
        return actions
    }

    /// Derives where every adjusted window and the focused one should be, and emits the difference.
    private mutating func placeAndRestore(_ moment: Moment) -> [Action] {
        let now = moment.now
        var actions: [Action] = []
        var focusedTarget: Rect?
        if let focus {
            noteFieldAtOriginal(focus.window, now: now)
            noteKeptHeight(focus.window.id, now: now)
        }
        // A keyboard sliding in is placed for where it will rest: each of its steps needs no move of its own.
        if let focus, let keyboard = keyboardState.placedFor {
            let decision = decide(focus, keyboard: keyboard, moment)
            let adjustment = windows[adjusted: focus.window.id]
            switch decision.outcome {
            case .adjust(let frame): focusedTarget = frame
            case .unchanged, .holding, .staysUp:
                if let adjustment, !adjustment.isReturning { focusedTarget = adjustment.target }
            case .waiting:
                // Left as it is: an adjustment in place stays, a restore under way goes on.
                if let adjustment, !adjustment.isHomeward { focusedTarget = adjustment.target }
            default: break
            }
            noteReading(decision, of: focus.window, moment)
            if decision != lastDecision { actions.append(.log(decision)) }
            decided(decision)
        } else if let focus, windows[adjusted: focus.window.id].map({ $0.isReturning }) ?? true {
            decided(nil)
        }
        for id in windows.adjustedIDs where !(id == focus?.window.id && focusedTarget != nil) {
            // Where the window manager keeps a window it refused to move (above a docked keyboard's strut), it
            // stays while the keyboard is up: a restore now would be refused too.
            if windows.isRefused(id), keyboard != nil, let kept = windows[adjusted: id], kept.current != home(of: kept) {
                continue
            }
            actions += restore(id, now: now)
        }
        if let focus, let target = focusedTarget {
            actions += adjust(focus.window, to: target, now: now)
        }
        return actions
    }

    /// Keeps the focused field as read at the window's original size, the reference for "does it fit".
    mutating func noteFieldAtOriginal(_ window: WindowFacts, now: Int) {
        guard case .field(let field) = choice(for: window, now: now) else { return }
        let identity = identity(of: window)
        let originalSize = windows[adjusted: window.id]?.original.frame.size ?? window.frame.size
        noteReferenceField(ReferenceField(window: window.id, identity: identity, rect: field.rect),
                          atOriginalSize: fieldReadAt(window) == originalSize)
    }

    /// The window manager (or the application's minimum size) kept the window taller than we asked: from then on
    /// the placement works with the height it really has. Known once the animation ended and no request of ours
    /// is younger than `unansweredAfterMs` (a request that changes nothing gets no ConfigureNotify at all).
    mutating func noteKeptHeight(_ id: WindowID, now: Int) {
        guard var adjustment = windows[adjusted: id], case .placed(let placement) = adjustment.stage, !adjustment.leftState,
              placement.animation == nil, adjustment.requests.queued == nil,
              adjustment.current.height > placement.target.height,
              !adjustment.requests.pending.contains(where: { now - $0.time < Engine.unansweredAfterMs })
        else { return }
        let kept = adjustment.current.height
        adjustment.updateLayout { $0.keptHeight = kept }
        store(adjustment, of: id)
    }

    /// The accessible field's identity in `window`; nil for the X sources.
    func identity(of window: WindowFacts) -> UInt? {
        if case .editable(let field) = accessibleState(of: window) { return field.identity }
        return nil
    }

    /// The decision for the focused window against the visible keyboard.
    func decide(_ focus: Focus, keyboard: Rect, _ moment: Moment) -> Decision {
        let window = focus.window
        let settings = configuration.settings(for: window.wmClass)
        let record = windows[adjusted: window.id]
        let original = record?.original ?? SavedGeometry(frame: window.frame, state: window.state)
        let choice = self.choice(for: window, now: moment.now)
        var field: FocusRect?
        var source: FocusSource?
        switch choice {
        case .field(let chosen): (field, source) = (chosen, chosen.source)
        case .wholeWindow: source = .window
        case .nothing: break
        }
        var made = Decision(window: window.id, source: source, field: nil, keyboard: keyboard, overlap: 0,
                            mode: settings.mode, outcome: .unchanged, fallback: fallback(for: window, source: source))
        if let outcome = reasonNotToPlace(window, record: record, original: original, choice: choice,
                                          mode: settings.mode, now: moment.now) {
            made.outcome = outcome
            return made
        }
        guard let monitor = screen.monitor(for: original.frame), monitor == screen.monitor(for: keyboard) else {
            made.outcome = .excluded("keyboard on another monitor")
            return made
        }
        let adjustment = record?.isReturning == true ? nil : record
        let input = policyInput(window, adjustment: adjustment, record: record, original: original, field: field,
                                keyboard: keyboard, monitor: monitor, settings: settings)
        let placement = Policy.place(input)
        // Restoring, the window is heading home: no placement of its to keep or to wait for.
        let placedOrPlacing = adjustment.map { !$0.isRestoring } ?? false
        if placedOrPlacing, let awaited = adjustment?.layout?.awaitingLayoutAt, awaited == adjustment?.current.size {
            // The application resized itself; its field at that size comes next. Not once the window has another
            // size again (KWin fits a window into a docked keyboard's work area between two steps of ours, and
            // the next step resizes it on): no field is ever read at that size.
            return made
        }
        var target = placement.frame
        if let adjustment, placedOrPlacing,
           keepsCurrent(adjustment.target, instead: target ?? original.frame, placement: placement, input: input) {
            target = adjustment.target
        }
        made.field = placement.guarded
        made.overlap = placement.overlap
        made.outcome = outcome(placing: target, adjustment: adjustment, placedOrPlacing: placedOrPlacing,
                               original: original, window, moment)
        if let top = input.topLimit, let frame = target, frame.minY == top {
            made.limit = "title bar kept below the top by the window manager, frame top \(top)"
        }
        return made
    }

    /// Why the focused window is not placed at all (excluded, waiting, no field to show, a reading not to trust),
    /// or nil when the policy decides.
    private func reasonNotToPlace(_ window: WindowFacts, record: Adjustment?, original: SavedGeometry,
                                  choice: FocusSelection.Choice, mode: AvoidanceMode, now: Int) -> Decision.Outcome? {
        let adjustment = record?.isReturning == true ? nil : record
        if let reason = exclusion(of: window, original: original, mode: mode) { return .excluded(reason) }
        if let why = waitingForBus(window, now: now) { return .waiting(why) }
        let accessible: AccessibleField?
        if case .editable(let field) = accessibleState(of: window) { accessible = field } else { accessible = nil }
        if let accessible, accessible.outsideItsWindow, adjustment == nil, accessible.frameSize == window.frame.size {
            let size = "\(window.frame.width)x\(window.frame.height)"
            return .noField("the field lies outside the window at \(size), which the window manager or its "
                            + "application made smaller than its content: no move of the window shows it")
        }
        if case .nothing(let why) = choice { return .noField(why) }
        let reread = accessible.map { $0.change == .still || $0.change == .relayout } ?? false
        if case .field = choice, let readAt = fieldReadAt(window),
           readInPassing(readAt, record: record, reread: reread, now: now) {
            return .waiting("the field was read at \(readAt.width)x\(readAt.height), while the window was moving")
        }
        if let accessible, adjustment == nil, accessible.frameSize != window.frame.size {
            // Read in another layout than the window has now (it was resized, maximized or made fullscreen by its
            // owner): wait for the application's report at this size.
            return .noField("waiting for the application's layout at \(window.frame.width)x\(window.frame.height)")
        }
        return nil
    }

    /// What the policy is asked: the window's original geometry, the field, the keyboard, the room on the monitor,
    /// and what is learnt about this window (the height it keeps, the window manager's limits).
    private func policyInput(_ window: WindowFacts, adjustment: Adjustment?, record: Adjustment?,
                             original: SavedGeometry, field: FocusRect?, keyboard: Rect, monitor: Monitor,
                             settings: EffectiveSettings) -> Policy.Input {
        let fieldFrameHeight = field == nil ? nil : fieldReadAt(window)?.height
        // A fullscreen window covers the panels (its room is the monitor) and is panned unless told to inset.
        let fullscreen = original.state.fullscreen && configuration.avoidance.fullscreen == .adjust
        let extents = record?.extents ?? window.extents
        var input = Policy.Input(
            original: original.frame, field: field?.rect, caret: field?.caret, keyboard: keyboard,
            workArea: fullscreen ? monitor.rect : monitor.workArea, margin: settings.margin,
            mode: fullscreen && settings.mode != .inset ? .offset : settings.mode,
            minFrameHeight: max(1, window.minSize?.height ?? 1) + extents.top + extents.bottom,
            fieldFrameHeight: fieldFrameHeight,
            fieldAtOriginal: focused.fieldAtOriginal(of: window.id, identity: identity(of: window)))
        input.keptHeight = adjustment?.layout?.keptHeight
        // The window's own limit once it met one; before, the one the window manager showed with another window.
        let workAreaTop = input.workArea.minY
        input.topLimit = adjustment?.layout?.topLimit ?? windowManager.topLimit(workAreaTop: workAreaTop)
        let snap = adjustment?.layout?.topLimit != nil
            ? adjustment?.layout?.snap : windowManager.topSnap(workAreaTop: workAreaTop)
        if case .allowedAbove(let top) = snap { input.topAllowedAbove = top }
        input.isText = field.map { $0.source == .caret || $0.source == .widget } ?? false
        return input
    }

    /// The outcome of a placement: the window moved, left, held by the two-placement limit, kept up against a
    /// contradicting field, or sent home.
    private func outcome(placing target: Rect?, adjustment: Adjustment?, placedOrPlacing: Bool,
                         original: SavedGeometry, _ window: WindowFacts, _ moment: Moment) -> Decision.Outcome {
        // A re-layout after two placements since the last trigger moves nothing: the window holds still.
        let holds = !moment.isTrigger && focused.placementsSinceTrigger >= 2
        switch (target, adjustment) {
        case (nil, nil): return .notCovered
        case (nil, .some) where holds && placedOrPlacing: return .holding
        case (nil, .some) where placedOrPlacing && contradicts(window, moment):
            return .staysUp("the field was covered at its last reading, at this layout")
        case (nil, .some): return .restore(original.frame)
        case (.some(let frame), let adjustment?) where adjustment.target == frame && placedOrPlacing:
            return .unchanged
        case (.some, .some) where holds && placedOrPlacing: return .holding
        case (.some, nil) where holds: return .holding  // restored since the trigger: placed again only by the next
        case (.some(let frame), _): return .adjust(frame)
        }
    }

    /// The frame size the focused window's field was read at.
    func fieldReadAt(_ window: WindowFacts) -> Size? {
        if case .editable(let accessible) = accessibleState(of: window) { return accessible.frameSize }
        return focused.observedFrameSize
    }

    /// A field read at a size the window only passed through (a placement or a restore under way, an animation's
    /// step, the shrunk size of a window on its way home, the normal geometry a window leaving fullscreen passes
    /// through before our move's answer) belongs to no layout the policy can trust: taken for one,
    /// a field that is clear at the original size shrank the window again halfway home. The window goes on where it
    /// was heading, and the field read once it is still decides. Trusted: a read at the original size, and for a
    /// placed window one at the size it was asked for, or at the size it keeps once still (a minimum size the
    /// window manager enforces, an application that resized itself). Not trusted at the original size: a re-read
    /// or re-layout (`reread`; not the user's focus or caret move) of a placed window that the server already has
    /// at another size, which the application has not taken in yet (Chromium under load answered a ScrollTo into
    /// its shrunk window with its top-level at the new place but the old height, the input scrolled to the top:
    /// clear at home, the window was sent home for good).
    func readInPassing(_ readAt: Size, record: Adjustment?, reread: Bool, now: Int) -> Bool {
        guard let record else { return false }
        if readAt == record.original.frame.size {
            return reread && !record.isHomeward && record.target.size != readAt && record.current.size != readAt
        }
        if record.isHomeward { return true }
        if readAt == record.target.size { return false }
        // The move sent with leaving fullscreen is not answered yet: the window manager's normal geometry is a
        // size the window only passes through (and a browser's report read then still describes the fullscreen page).
        if case .placed(let placement) = record.stage, placement.movedWithStateChange != nil { return true }
        return !(record.isStill(at: now) && readAt == record.current.size)
    }

    /// Why a window is never adjusted, or nil when it may be.
    func exclusion(of window: WindowFacts, original: SavedGeometry, mode: AvoidanceMode) -> String? {
        if window.isKeyboard { return "the keyboard itself" }
        if window.overrideRedirect { return "override-redirect" }
        switch window.kind {
        case .dock, .desktop, .toolbar, .splash, .menu, .notification: return "window type \(window.kind.rawValue)"
        case .normal, .dialog, .utility, .other: break
        }
        if mode == .none { return "mode none" }
        if windows.isRefused(window.id) {
            return "the window manager refuses to move it: tiled, or a window it keeps in place"
        }
        if windows.isReleased(window.id) { return "moved by the user" }
        if original.state.fullscreen && configuration.avoidance.fullscreen == .skip { return "fullscreen" }
        if original.state.isMaximized && configuration.avoidance.maximized == .skip { return "maximized" }
        return nil
    }

    /// Hysteresis: stay at the current placement when the new one is only a few pixels off vertically and the
    /// field is still clear where the window is.
    func keepsCurrent(_ current: Rect, instead new: Rect, placement: Policy.Placement,
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
}
