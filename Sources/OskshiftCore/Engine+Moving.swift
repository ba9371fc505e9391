/// Placing and restoring windows: the requests, the animation, the timer.
extension Engine {

    mutating func adjust(_ window: WindowFacts, to target: Rect, now: Int) -> [Action] {
        var actions: [Action] = []
        if var adjustment = windows[adjusted: window.id], !adjustment.isReturning {
            guard adjustment.target != target || adjustment.isRestoring else { return [] }
            if case .restoring(_, let animation, let layout) = adjustment.stage {
                adjustment.stage = .placed(Placement(target: target, animation: animation, layout: layout,
                                                     movedWithStateChange: nil))
            }
            store(adjustment, of: window.id)
        } else {
            // A window still returning after a restore starts again from the same original, with its requests
            // still in flight; any other from where it is now.
            let returning = windows[adjusted: window.id]
            // A window the window manager moved above the strut itself belongs where it puts it back afterwards.
            let before = takeFittedFrom(window.id).flatMap { $0.size == window.frame.size ? $0 : nil }
            let saved = returning?.original ?? SavedGeometry(frame: before ?? window.frame, state: window.state)
            let leavesState = saved.state.fullscreen || saved.state.isMaximized
            let current = returning?.current ?? window.frame
            var adjustment = Adjustment(
                id: window.id, original: saved, savedOn: returning?.savedOn ?? screen,
                extents: returning?.extents ?? window.extents, current: current, leftState: leavesState,
                stage: leavesState
                    ? .leavingState(target: current, layout: Layout(), movedWith: nil)
                    : .placed(Placement(target: current, animation: nil, layout: Layout(), movedWithStateChange: nil)))
            adjustment.requests.belief = .settled(windowManager.readingInUse)
            if let returning {
                adjustment.shown = returning.leftState ? saved.frame : returning.shown
                adjustment.requests = returning.requests
            }
            // A restore still queued has not cleared the saved geometry yet.
            if returning?.requests.queued == nil { actions.append(.saveOriginal(window.id, saved)) }
            if leavesState {
                actions.append(saved.state.fullscreen ? .setFullscreen(window.id, false) : .setMaximized(window.id, false))
            }
            store(adjustment, of: window.id)
        }
        return actions + head(window.id, to: target, now: now)
    }

    mutating func restore(_ id: WindowID, now: Int) -> [Action] {
        guard var adjustment = windows[adjusted: id], !adjustment.isHomeward,
              workAreaWaitDeadline(for: adjustment, now: now) == nil, !waitsForTheHide(adjustment)
        else { return [] }
        if let fitted = fittedAboveStrut(adjustment) {
            // Where the window manager puts every window nobody moved: there while the keyboard is up.
            return adjustment.target == fitted ? [] : head(id, to: fitted, now: now)
        }
        var layout = adjustment.layout ?? Layout()
        layout.revealedAtHeight = nil
        adjustment.stage = .restoring(to: adjustment.target, animation: adjustment.animation, layout: layout)
        store(adjustment, of: id)
        // The window manager puts it back when it is maximized (or made fullscreen) again.
        if adjustment.leftState { return finishRestore(id, now: now) }
        return head(id, to: home(of: adjustment), now: now)
    }

    /// Home, moved up above a docked keyboard's strut as the window manager does with every window nobody moved
    /// (KWin grants our request for home under the strut, and would have put the window above it): only while the
    /// keyboard is up, for a window in its normal state whose home reaches under the strut.
    func fittedAboveStrut(_ adjustment: Adjustment) -> Rect? {
        guard let keyboard, adjustment.home == .frame, !adjustment.leftState else { return nil }
        let home = home(of: adjustment)
        // A strut: the work area ends at the keyboard's top.
        guard let area = screen.monitor(for: home)?.workArea,
              area.maxY <= keyboard.minY + WindowManagerModel.strutFitReach.upperBound,
              let fitted = windowManager.fittedAboveStrut(home, keyboard: keyboard)
        else { return nil }
        return fitted.minY >= area.minY ? fitted : nil
    }

    /// A window maximized again while a docked keyboard's strut still narrows the work area is maximized into that
    /// smaller area, and IceWM does not refit it when the strut goes a moment later; a window given its height
    /// back then is fitted into that area by openbox (its bottom on the strut). Its home waits until its monitor's
    /// work area is the one it was saved with again, or `strutGoneWithinMs` after the hide.
    func workAreaWaitDeadline(for adjustment: Adjustment, now: Int) -> Int? {
        guard keyboard == nil, isRunning, let hidden = keyboardState.hiddenAt, homeWaitsForTheWorkArea(adjustment),
              workAreaNarrowed(since: adjustment)
        else { return nil }
        let deadline = hidden + Engine.strutGoneWithinMs
        return now < deadline ? deadline : nil
    }

    /// A keyboard sliding out clears the field of a window that left its maximized state, or was made shorter,
    /// before it hides: its home waits for the hide (and then for the strut to go).
    func waitsForTheHide(_ adjustment: Adjustment) -> Bool {
        guard keyboard != nil, keyboardState.goingDown, isRunning, homeWaitsForTheWorkArea(adjustment) else { return false }
        return workAreaNarrowed(since: adjustment)
    }

    /// Going home puts a state back or changes the window's size: the window manager fits either into the work
    /// area as it is then. A move at the same size is not fitted, and needs no wait.
    func homeWaitsForTheWorkArea(_ adjustment: Adjustment) -> Bool {
        if case .windowState = adjustment.home { return true }
        return adjustment.shown.size != home(of: adjustment).size
    }

    /// The window's monitor has another work area than when its geometry was saved (a docked keyboard's strut).
    func workAreaNarrowed(since adjustment: Adjustment) -> Bool {
        guard let monitor = screen.monitor(for: adjustment.original.frame),
              let saved = adjustment.savedOn?.monitor(for: adjustment.original.frame)
        else { return false }
        return saved.workArea != monitor.workArea
    }

    /// Sets a window's target: at once when animation is off, else the animation starts from where it is shown.
    mutating func head(_ id: WindowID, to target: Rect, now: Int) -> [Action] {
        guard var adjustment = windows[adjusted: id] else { return [] }
        // A restore counts too: adjust, restore, adjust within one trigger is the back and forth the limit forbids.
        headed(id)
        var actions: [Action] = []
        switch adjustment.stage {
        case .returning:
            return []
        case .leavingState(_, let layout, let movedWith):
            guard adjustment.original.state.fullscreen else {
                // Moved once the window manager reports the state left.
                adjustment.stage = .leavingState(target: target, layout: layout, movedWith: movedWith)
                store(adjustment, of: id)
                return []
            }
            // In the same step as leaving fullscreen, and at once: the window manager carries the two requests out
            // in order, and the state change is a jump of its own (an animation would start from the normal
            // geometry the window manager remembers, which nobody saw, and resize the page at every frame).
            if adjustment.shown != target, let move = adjustment.request(target, now: now) { actions.append(move) }
            adjustment.stage = .leavingState(target: target, layout: layout, movedWith: adjustment.extents)
            store(adjustment, of: id)
            return actions
        case .placed, .restoring:
            var animation: Animation?
            let duration = configuration.animation.durationMs
            if duration == 0 || adjustment.shown == target {
                if adjustment.shown != target, let move = adjustment.request(target, now: now) { actions.append(move) }
            } else {
                animation = Animation(from: adjustment.shown, to: target, start: now, duration: duration,
                                      curve: configuration.animation.curve)
            }
            adjustment.heading(to: target, animation: animation)
            store(adjustment, of: id)
            if adjustment.isRestoring && animation == nil { actions += finishRestore(id, now: now) }
            return actions
        }
    }

    /// The window is back at its original frame (or is handed back to the window manager's maximized or
    /// fullscreen state): forget it and clear the saved geometry.
    mutating func finishRestore(_ id: WindowID, now: Int) -> [Action] {
        guard var adjustment = windows[adjusted: id] else { return [] }
        var actions: [Action] = []
        if adjustment.leftState {
            adjustment.requests.dropQueued()  // the state change puts the window back, after whatever is in flight
            actions = restoringActions(adjustment)
            for case .moveResize(_, let asked, _) in actions {
                adjustment.requests.noteSentAlongside(adjustment.requests.reading.landing(of: asked), asked: asked,
                                                      extents: adjustment.extents, now: now)
            }
            // The window manager answers the state change with the original frame.
            adjustment.requests.pending.append(PendingRequest(frame: adjustment.original.frame, time: now))
        } else {
            let home = home(of: adjustment)
            if adjustment.shown != home || adjustment.requests.queued != nil,
               let move = adjustment.request(home, now: now) {
                actions.append(move)
            }
            // Cleared with the move: a daemon killed while the move waits behind the request in flight finds the
            // saved geometry at its next start and puts the window back. A window read at home after a refusal is
            // home too (nothing left on it for a later start to misapply); a move of ours landing late saves it
            // again (`lateAnswerAfterRefusal`).
            if adjustment.requests.queued == nil { actions.append(.clearOriginal(id)) }
        }
        let watched = mayStillLandAway(adjustment, home: home(of: adjustment))
        adjustment.shown = home(of: adjustment)
        adjustment.stage = .returning
        let done = adjustment.requests.pending.isEmpty && adjustment.requests.queued == nil && !watched
        store(done ? nil : adjustment, of: id)
        noteFocusedFrame(id, adjustment.shown)
        return actions
    }

    /// A refusal believed from a frame read may have raced the window manager's answer: the window read where it
    /// was, home, while a move of ours it had not handled yet lands later (fluxbox under load: the form stayed
    /// 162 px up for good, its saved original forgotten). Such a window is not forgotten at home: it is followed,
    /// nothing asked (a window manager that really refuses is asked nothing more), and placed again or sent home if
    /// a move of ours lands after all (`Landing.lateAnswerAway`).
    func mayStillLandAway(_ adjustment: Adjustment, home: Rect) -> Bool {
        windows.isRefused(adjustment.id) && adjustment.requests.requested.contains { $0 != home }
    }

    func restoringActions(_ adjustment: Adjustment) -> [Action] {
        let id = adjustment.id
        var actions: [Action] = []
        if case .windowState(let normalFrame) = adjustment.home {
            // The frame the window manager gave when the state was left is its remembered normal geometry: put it
            // back there first, so that a later unmaximize by the user lands where it did before.
            if let normal = normalFrame.map({ screen.restorePlace(for: $0) }), normal != adjustment.shown {
                actions.append(.moveResize(id, frame: adjustment.requests.reading.request(for: normal),
                                           extents: adjustment.extents))
            }
            if adjustment.original.state.fullscreen {
                actions.append(.setFullscreen(id, true))
            } else {
                actions.append(.setMaximized(id, true))
            }
        } else if adjustment.shown != home(of: adjustment) || adjustment.requests.queued != nil {
            actions.append(.moveResize(id, frame: adjustment.requests.reading.request(for: home(of: adjustment)),
                                       extents: adjustment.extents))
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

    mutating func stepAnimations(now: Int) -> [Action] {
        var actions: [Action] = []
        for id in windows.adjustedIDs {
            guard var adjustment = windows[adjusted: id], let animation = adjustment.animation else { continue }
            let frame = animation.frame(at: now)
            if frame != adjustment.shown, let move = adjustment.request(frame, now: now) { actions.append(move) }
            let finished = animation.isFinished(at: now)
            if finished { adjustment.heading(to: adjustment.target, animation: nil) }
            store(adjustment, of: id)
            if adjustment.isRestoring && finished { actions += finishRestore(id, now: now) }
        }
        return actions
    }

    /// A move sent with the request to leave fullscreen and still unanswered `Engine.unansweredAfterMs` after the
    /// state was left was dropped (a window manager that handled it while still fullscreen): asked again.
    mutating func confirmMovesWithStateChange(now: Int) -> [Action] {
        var actions: [Action] = []
        for id in windows.adjustedIDs {
            guard var adjustment = windows[adjusted: id], case .placed(var placement) = adjustment.stage,
                  let deadline = placement.movedWithStateChange?.confirmBy, deadline <= now
            else { continue }
            placement.movedWithStateChange = nil
            adjustment.stage = .placed(placement)
            if placement.animation == nil, adjustment.current != placement.target,
               let move = adjustment.askAgainForTarget(now: now) {
                actions.append(move)
            }
            store(adjustment, of: id)
        }
        return actions
    }

    /// Sends the frame queued behind a window's request in flight once it is answered or given up on; a returning
    /// window's saved geometry is cleared with its restoring move.
    mutating func sendQueuedRequest(of id: WindowID, now: Int) -> [Action] {
        guard var adjustment = windows[adjusted: id], adjustment.requests.queued != nil,
              !adjustment.requests.awaitsAnswer(at: now)
        else { return [] }
        var actions: [Action] = []
        if let move = adjustment.releaseQueued(now: now) { actions.append(move) }
        if adjustment.isReturning { actions.append(.clearOriginal(id)) }
        store(adjustment.isReturning && adjustment.requests.pending.isEmpty ? nil : adjustment, of: id)
        return actions
    }
}
