/// Placing and restoring windows: the requests, the animation, the timer.
extension Engine {

    mutating func adjust(_ window: WindowFacts, to target: Rect, now: Int) -> [Action] {
        var actions: [Action] = []
        if var adjustment = adjustments[window.id], adjustment.phase != .returning {
            guard adjustment.target != target || adjustment.phase == .restoring else { return [] }
            if adjustment.phase == .restoring { adjustment.phase = .placed }
            adjustments[window.id] = adjustment
        } else {
            // A window still returning after a restore starts again from the same original, with its requests
            // still in flight; any other from where it is now.
            let returning = adjustments[window.id]
            let saved = returning?.original ?? SavedGeometry(frame: window.frame, state: window.state)
            let leavesState = saved.state.fullscreen || saved.state.isMaximized
            var adjustment = Adjustment(id: window.id, original: saved, extents: returning?.extents ?? window.extents,
                                        current: returning?.current ?? window.frame, leftState: leavesState)
            adjustment.savedOn = returning?.savedOn ?? screen
            if let returning {
                adjustment.shown = returning.leftState ? saved.frame : returning.shown
                adjustment.pending = returning.pending
                adjustment.awaitingAnswerSince = returning.awaitingAnswerSince
                adjustment.queued = returning.queued
                adjustment.requested = returning.requested
            }
            // A restore still queued has not cleared the saved geometry yet.
            if returning?.queued == nil { actions.append(.saveOriginal(window.id, saved)) }
            if leavesState {
                actions.append(saved.state.fullscreen ? .setFullscreen(window.id, false) : .setMaximized(window.id, false))
                adjustment.phase = .leavingState
            }
            adjustments[window.id] = adjustment
        }
        return actions + head(window.id, to: target, now: now)
    }

    mutating func restore(_ id: WindowID, now: Int) -> [Action] {
        guard var adjustment = adjustments[id], !adjustment.phase.isHomeward else { return [] }
        adjustment.phase = .restoring
        adjustment.revealedAtHeight = nil
        adjustments[id] = adjustment
        // The window manager puts it back when it is maximized (or made fullscreen) again.
        if adjustment.leftState { return finishRestore(id, now: now) }
        return head(id, to: home(of: adjustment), now: now)
    }

    /// Sets a window's target: at once when animation is off, else the animation starts from where it is shown.
    mutating func head(_ id: WindowID, to target: Rect, now: Int) -> [Action] {
        guard var adjustment = adjustments[id] else { return [] }
        // A restore counts too: adjust, restore, adjust within one trigger is the back and forth the limit forbids.
        if id == focus?.window.id { placementsSinceTrigger += 1 }
        adjustment.target = target
        if adjustment.phase == .leavingState {
            guard adjustment.original.state.fullscreen else {
                adjustments[id] = adjustment  // moved once the window manager reports the state left
                return []
            }
            // In the same step as leaving fullscreen, and at once: the window manager carries the two requests out in
            // order, and the state change is a jump of its own (an animation would start from the normal geometry
            // the window manager remembers, which nobody saw, and resize the page at every frame).
            adjustment.animation = nil
            var actions: [Action] = []
            if adjustment.shown != target, let move = adjustment.request(target, now: now) { actions.append(move) }
            adjustment.movedWithStateChange = adjustment.extents
            adjustments[id] = adjustment
            return actions
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
        if adjustment.phase == .restoring && adjustment.animation == nil { actions += finishRestore(id, now: now) }
        return actions
    }

    /// The window is back at its original frame (or is handed back to the window manager's maximized or
    /// fullscreen state): forget it and clear the saved geometry.
    mutating func finishRestore(_ id: WindowID, now: Int) -> [Action] {
        guard var adjustment = adjustments[id] else { return [] }
        var actions: [Action] = []
        if adjustment.leftState {
            adjustment.queued = nil  // the state change puts the window back, after whatever is in flight
            actions = restoringActions(adjustment)
            for case .moveResize(_, let frame, _) in actions {
                adjustment.pending.append(PendingRequest(frame: frame, time: now))
                adjustment.noteRequested(frame)
                adjustment.answer = adjustment.answer.sent
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
        adjustment.phase = .returning
        adjustments[id] = adjustment.pending.isEmpty && adjustment.queued == nil ? nil : adjustment
        if focus?.window.id == id { focus?.window.frame = adjustment.shown }
        return actions
    }

    func restoringActions(_ adjustment: Adjustment) -> [Action] {
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
    func home(of adjustment: Adjustment) -> Rect {
        guard let savedOn = adjustment.savedOn, savedOn != screen else { return adjustment.original.frame }
        return screen.restorePlace(for: adjustment.original.frame)
    }

    mutating func restoreAllAtOnce() -> [Action] {
        // Everything at once, queued or not: the window manager applies them in order, after whatever is in flight.
        var actions = adjustments.values.sorted { $0.id < $1.id }.flatMap { adjustment -> [Action] in
            if adjustment.phase != .returning { return restoringActions(adjustment) }
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

    mutating func stepAnimations(now: Int) -> [Action] {
        var actions: [Action] = []
        for id in adjustments.keys.sorted() {
            guard var adjustment = adjustments[id], let animation = adjustment.animation else { continue }
            let frame = animation.frame(at: now)
            if frame != adjustment.shown, let move = adjustment.request(frame, now: now) { actions.append(move) }
            if animation.isFinished(at: now) { adjustment.animation = nil }
            adjustments[id] = adjustment
            if adjustment.phase == .restoring && adjustment.animation == nil { actions += finishRestore(id, now: now) }
        }
        return actions
    }

    mutating func updateTimer() -> [Action] {
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
    /// is up), a queued move's time to go out, or a read of the focused field.
    public var nextDeadline: Int? {
        var next = fieldReads.nextDeadline
        if let focus, keyboard != nil {
            for deadline in [busAnswerDeadline(of: focus.window), busJoiningDeadline(of: focus.window)] {
                if let deadline, deadline < next ?? Int.max { next = deadline }
            }
        }
        for adjustment in adjustments.values {
            if let deadline = adjustment.queuedDeadline, deadline < next ?? Int.max { next = deadline }
            if let deadline = adjustment.confirmMoveBy, deadline < next ?? Int.max { next = deadline }
        }
        return next
    }

    /// A move sent with the request to leave fullscreen and still unanswered `Engine.unansweredAfterMs` after the
    /// state was left was dropped (a window manager that handled it while still fullscreen): asked again.
    mutating func confirmMovesWithStateChange(now: Int) -> [Action] {
        var actions: [Action] = []
        for id in adjustments.keys.sorted() {
            guard var adjustment = adjustments[id], let deadline = adjustment.confirmMoveBy, deadline <= now
            else { continue }
            adjustment.confirmMoveBy = nil
            adjustment.movedWithStateChange = nil
            if adjustment.phase == .placed, adjustment.animation == nil, adjustment.current != adjustment.target {
                adjustment.pending.removeAll { $0.frame == adjustment.target }
                adjustment.awaitingAnswerSince = nil
                if let move = adjustment.request(adjustment.target, now: now) { actions.append(move) }
            }
            adjustments[id] = adjustment
        }
        return actions
    }

    /// Sends the frames queued behind a request in flight once it is answered or given up on; a returning window's
    /// saved geometry is cleared with its restoring move.
    mutating func sendQueuedRequests(now: Int) -> [Action] {
        guard adjustments.values.contains(where: { $0.queued != nil }) else { return [] }
        var actions: [Action] = []
        for id in adjustments.keys.sorted() {
            guard var adjustment = adjustments[id], adjustment.queued != nil, !adjustment.awaitsAnswer(at: now)
            else { continue }
            if let move = adjustment.releaseQueued(now: now) { actions.append(move) }
            if adjustment.phase == .returning { actions.append(.clearOriginal(id)) }
            adjustments[id] = adjustment.phase == .returning && adjustment.pending.isEmpty ? nil : adjustment
        }
        return actions
    }
}
