/// What each event teaches the engine, one method per event, each returning every action the event causes: what
/// it learnt, then (when the focused window's decision may change) `decideAndMove`.
extension Engine {
    mutating func keyboardChanged(_ frame: Rect?, _ moment: inout Moment) -> [Action] {
        // Kept only while a window may wait for the strut to go (`workAreaWaitDeadline`).
        let homesToWaitFor = adjustments.values.contains { homeWaitsForTheWorkArea($0) }
        noteUserInput(keyboardNow: frame, at: moment.now)
        noteKeyboard(frame, now: moment.now, homesWait: homesToWaitFor)
        var again = learnStrutFit()
        if frame == nil {
            forgetContradictions()
            forgetReleasesAndRefusals()
            again = askAgainForRefusedHomes(now: moment.now)
        }
        return again + decideAndMove(&moment)
    }

    /// The keyboard shown while a window has the focus is the user's input in that window (the whole-window source
    /// may speak for it); the keyboard hidden ends every input's effect, so the next show asks again.
    mutating func noteUserInput(keyboardNow frame: Rect?, at now: Int) {
        if frame == nil {
            forgetUserInputs()
        } else if keyboard == nil, let focused = focus?.window.id {
            noteUserInput(in: focused, at: now)
        }
    }

    /// Windows whose restore the window manager refused (it kept them above a docked keyboard's strut) are asked
    /// home again when that may have changed: the keyboard hid, the work area changed.
    mutating func askAgainForRefusedHomes(now: Int) -> [Action] {
        var actions: [Action] = []
        for id in windows.adjustedIDs {
            guard var adjustment = windows[adjusted: id], adjustment.isReturning, adjustment.requests.pending.isEmpty,
                  adjustment.requests.queued == nil, adjustment.current != adjustment.shown
            else { continue }
            actions.append(adjustment.askAgainAsRead(now: now))
            store(adjustment, of: id)
        }
        return actions
    }

    mutating func focusChanged(_ newFocus: Focus?, _ moment: inout Moment) -> [Action] {
        // The keyboard's own window given the focus (a window manager that focuses every window it maps, as
        // blackbox does xvkbd's): the window typed into is still the one before, and stays placed.
        if let newFocus, newFocus.window.isKeyboard, focus != nil { return [] }
        var said: [Action] = []
        if newFocus?.window.id != focus?.window.id {
            forgetReleases()
            if let left = focus?.window.id, windows.isRefused(left), keyboard != nil, let kept = windows[adjusted: left],
               kept.current != home(of: kept) {
                said.append(.note("window \(left): left where the window manager keeps it (\(kept.current)) while the "
                                  + "keyboard is up; home at the hide"))
            }
        }
        takeFocus(newFocus)
        return said + decideAndMove(&moment)
    }

    /// Another window's observation tells nothing.
    mutating func focusObserved(_ id: WindowID, _ observations: XFocusObservations, frame: Rect,
                                _ moment: inout Moment) -> [Action] {
        guard focus?.window.id == id else { return [] }
        noteObserved(observations, frame: frame, takeFrame: windows[adjusted: id] == nil)
        return decideAndMove(&moment)
    }

    mutating func applicationsChanged(_ pids: Set<Int32>, _ moment: inout Moment) -> [Action] {
        noteApplications(pids)
        return decideAndMove(&moment)
    }

    mutating func busChanged(_ status: BusStatus, _ moment: inout Moment) -> [Action] {
        noteBus(status, now: moment.now)
        return decideAndMove(&moment)
    }

    /// A stale repeat of the field already known tells nothing.
    mutating func accessibleFocusChanged(pid: Int32, _ reported: AccessibleField?, _ moment: inout Moment) -> [Action] {
        noteApplication(pid)
        fieldMatched(true)
        if let reported, reported.change == .focus, reported.widget == nil, reported.caret == nil {
            readFieldAgain(after: FieldReads.unknownExtentsMs, now: moment.now)
        }
        if let reported, let widget = reported.widget, widget.minY < 0 || widget.maxY > reported.frameSize.height {
            moment.readingOutOfView = Moment.OutOfView(window: reported.window, frameSize: reported.frameSize)
        }
        let field = reported?.trimmedToItsWindow()
        let beyond = reported.map { liesBeyondItsWindow($0) } ?? false
        guard noteField(field, from: pid, outsideItsWindow: field != nil && beyond) else { return [] }
        moment.readingArrived = field != nil
        if let field, windows[adjusted: field.window]?.layout?.awaitingLayoutAt == field.frameSize {
            changeAdjustment(of: field.window) { adjustment in adjustment.updateLayout { $0.awaitingLayoutAt = nil } }
        }
        return decideAndMove(&moment)
    }

    /// A window nobody asked to move, moved straight up from under the keyboard to just above it, was moved by the
    /// window manager: it keeps windows out of a docked keyboard's strut by itself (`WindowManagerModel.strutFit`), and puts this
    /// one back where it was when the strut goes (`Untouched.fitted`).
    private mutating func noteUntouched(_ id: WindowID, frame: Rect) -> [Action] {
        guard let before = noteUntouchedFrame(id, frame), frame != before else { return [] }
        // Measured against the keyboard's top, not the work area: KWin moves the windows before the new work area
        // is announced. The keyboard's own window never ends there.
        // The keyboard as last reported may still be a few pixels lower than its window already is (sliding in):
        // the fit is recognised within that, and its slack learnt against the keyboard's next report.
        let reach = -WindowManagerModel.keyboardLag...WindowManagerModel.strutFitReach.upperBound
        guard let keyboard, before.size == frame.size, before.x == frame.x, frame.minY < before.minY,
              before.maxY > keyboard.minY + WindowManagerModel.strutFitReach.upperBound,
              reach.contains(frame.maxY - keyboard.minY)
        else {
            noteFitted(id, from: nil)  // moved otherwise: put back by the window manager, or by the user
            return []
        }
        noteFitted(id, from: before)
        return learnStrutFit()
    }

    /// The window manager's own fit above the strut, learnt once from a window it fitted whose bottom lies within
    /// the reach of such a fit below the keyboard's top as reported now.
    mutating func learnStrutFit() -> [Action] {
        guard windowManager.strutFitSlack == nil, let keyboard else { return [] }
        for (id, frame, before) in windows.fitted {
            guard WindowManagerModel.strutFitReach.contains(frame.maxY - keyboard.minY) else { continue }
            let seen = "window \(id) moved by the window manager itself from \(before) to \(frame), keyboard at \(keyboard)"
            learn(strutFitSlack: frame.maxY - keyboard.minY, from: seen)
            return [.note("window \(id): moved above the keyboard by the window manager itself (from \(before) to "
                          + "\(frame)): a window losing the focus while the keyboard is up goes where it puts those, and "
                          + "a window it moved so goes back where it was")]
        }
        return []
    }

    /// A widget read wholly outside its window, yet on a monitor, in a window we have not resized: the window
    /// itself is smaller than its content there (a tile the window manager shrank). Not a field scrolled out of a
    /// view we shrank (its last rects stay for that), nor an absurd answer off every monitor (unknown).
    private func liesBeyondItsWindow(_ reported: AccessibleField) -> Bool {
        guard reported.widgetLiesOutsideItsWindow, windows[adjusted: reported.window] == nil, let widget = reported.widget,
              let window = focus?.window, window.id == reported.window
        else { return false }
        return screen.monitor(for: widget.offsetBy(dx: window.frame.x, dy: window.frame.y)) != nil
    }

    mutating func extentsChanged(_ id: WindowID, _ extents: FrameExtents, _ moment: inout Moment) -> [Action] {
        noteFocusedExtents(id, extents)
        guard var adjustment = windows[adjusted: id], adjustment.extents != extents else { return decideAndMove(&moment) }
        adjustment.extents = extents
        var actions: [Action] = []
        if case .placed(var placement) = adjustment.stage {
            if let sentWith = placement.movedWithStateChange, sentWith.extents != extents {
                // Decorated out of fullscreen after the move that went with the state request was trusted: that
                // move's client size was computed without the decorations; the same frame is asked for with them.
                placement.movedWithStateChange = nil
                adjustment.stage = .placed(placement)
                if let move = adjustment.askAgainForTarget(now: moment.now) { actions.append(move) }
            } else if placement.animation == nil, adjustment.current != placement.target {
                // A placement asked for with the old extents names a client size that makes another frame with the
                // new ones: openbox takes a maximized window's borders away and gives them back only after the
                // state change the placement waited for (measured: LibreOffice Writer, asked for 1280x550, got
                // 1282x556, its bottom 6 px nearer the keyboard). Asked again with the new extents unless the
                // window is already there; the frame it got meanwhile was no minimum size of the window's.
                placement.layout.keptHeight = nil
                adjustment.stage = .placed(placement)
                if let move = adjustment.askAgainForTarget(now: moment.now) { actions.append(move) }
            }
        }
        store(adjustment, of: id)
        return actions + decideAndMove(&moment)
    }

    /// A window's layout learnt a top limit or more of a snap zone: the model holds it for the windows after it.
    mutating func noteTopClamp(of id: WindowID, _ layout: Layout?, limitBefore: Int?, snapBefore: TopSnap?,
                               room: Rect) {
        guard let limit = layout?.topLimit, limit != limitBefore || layout?.snap != snapBefore else { return }
        learn(topLimit: limit, snap: layout?.snap, workAreaTop: room.minY,
                            from: "window \(id): kept at top \(limit) on a work area from \(room.minY)")
    }

    /// A window manager took the window on anew: its own placement comes first, and teaches no reading.
    mutating func reframed(_ id: WindowID) -> [Action] {
        changeAdjustment(of: id) { $0.requests.newlyFramed = true }
        return []
    }

    mutating func destroyed(_ id: WindowID, _ moment: inout Moment) -> [Action] {
        forget(id)
        return decideAndMove(&moment)
    }

    /// A frame reported for a window: from the frame's own ConfigureNotify (`real`), or read from the server after
    /// a synthetic one. What it means for an adjusted window, the window decides (`Adjustment.land`); the engine
    /// acts on the verdict.
    mutating func configured(_ id: WindowID, frame: Rect, real: Bool, _ moment: inout Moment) -> [Action] {
        if focused.fieldUnmatched || busFacts.field(in: id) != nil {
            readFieldAgain(after: FieldReads.afterWindowMovesMs, now: moment.now)
        }
        noteFocusedFrame(id, frame)
        guard var adjustment = windows[adjusted: id] else {
            return noteUntouched(id, frame: frame) + decideAndMove(&moment)
        }
        let room = screen.monitor(for: frame)?.workArea ?? frame
        let believed = adjustment.requests.belief
        let limitBefore = adjustment.layout?.topLimit
        let snapBefore = adjustment.layout?.snap
        let targetBefore = adjustment.target
        let sizeBefore = adjustment.current.size
        let landing = adjustment.land(frame, real: real, room: room, keyboard: keyboard, windowManager: windowManager)
        noteTopClamp(of: id, adjustment.layout, limitBefore: limitBefore, snapBefore: snapBefore, room: room)
        var learnt = noteBelief(of: id, from: believed, to: adjustment.requests.belief)
        switch landing {
        case .home:
            endAdjustment(id, at: frame)
        case .homeRefused:
            learnt.append(.note("window \(id): the window manager keeps it at \(frame) for now; home asked again when "
                                + "the work area changes"))
            store(adjustment, of: id)
        case .reframedAway:
            learnt.append(.note("window \(id): framed anew at \(frame) before its restore landed; home asked again"))
            learnt += askAgain(&adjustment, now: moment.now)
            store(adjustment, of: id)
        case .lateAnswerAway:
            store(adjustment, of: id)
            learnt += lateAnswerAfterRefusal(id, at: frame, &adjustment, now: moment.now)
        case .misread(let reading):
            learnt.append(.note("window \(id): the window manager reads a move request so: \(reading); asked again"))
            learnt += askAgain(&adjustment, now: moment.now)
            if frame.size != sizeBefore { layoutsFollow(misreadResize: id) }
            store(adjustment, of: id)
        case .clamped(let top):
            store(adjustment, of: id)
            if limitBefore != top { learnt += noteNewLimit(of: adjustment, top: top) }
        case .refused:
            learnt += believeRefusal(of: id, at: frame, restoring: adjustment.isRestoring)
            store(adjustment, of: id)
        case .stepNotGranted, .framedWithOtherExtents:
            if let move = adjustment.askAgainForTarget(now: moment.now) { learnt.append(move) }
            store(adjustment, of: id)
        case .placedByWindowManager:
            store(adjustment, of: id)
            learnt += placedByWindowManager(id, at: frame, wanted: targetBefore, now: moment.now)
        case .resizedByApplication:
            awaitNewLayout(of: id, at: frame, &adjustment)
            store(adjustment, of: id)
        case .movedByUser:
            return release(id, frame: frame, reason: "moved or resized by the user") + decideAndMove(&moment)
        case .ours, .normalGeometry, .repeated:
            store(adjustment, of: id)
        }
        return learnt + sendQueuedRequest(of: id, now: moment.now) + decideAndMove(&moment)
    }

    /// The window manager refuses to move the window: nothing more is asked while the keyboard is up.
    mutating func believeRefusal(of id: WindowID, at frame: Rect, restoring: Bool) -> [Action] {
        guard refuse(id), restoring, keyboard != nil else { return [] }
        return [.note("window \(id): left where the window manager keeps it (\(frame)) while the keyboard is up; "
                      + "home at the hide")]
    }

    /// The application resized its focused window: the field is read again in the new layout before it is placed.
    mutating func awaitNewLayout(of id: WindowID, at frame: Rect, _ adjustment: inout Adjustment) {
        guard let focus, focus.window.id == id, case .editable = accessibleState(of: focus.window) else { return }
        adjustment.updateLayout { $0.awaitingLayoutAt = frame.size }
        laidOutAnew(id)  // a new layout: placed again as after a trigger
    }

    /// Our move landed at another size (the window manager's reading not learnt yet: marco's first landing is 20 px
    /// wider and taller) and is asked again at the size wanted: the application lays out at the size passed through,
    /// then at the size wanted, and a field read at the size wanted may still be the passing layout's (GTK 3 answers
    /// the top-level from the server and the entry from its last allocation: measured 20 px lower and wider). As
    /// after the application's own resize, its layouts that follow are followed afresh: held by the two-placement
    /// limit, the passing layout's field kept the form 20 px above the place every later show gave it.
    mutating func layoutsFollow(misreadResize id: WindowID) {
        laidOutAnew(id)
    }

    /// A move of ours landed after a refusal was read (the frame read before the window manager got to the move,
    /// fluxbox under load): the window manager moves the window after all. While the keyboard is up it is placed
    /// again (the decision that follows); after the hide it is sent home, its saved original cleared with the move.
    mutating func lateAnswerAfterRefusal(_ id: WindowID, at frame: Rect, _ adjustment: inout Adjustment,
                                         now: Int) -> [Action] {
        if keyboard != nil {
            adjustment.shown = frame
            adjustment.stage = .placed(Placement(target: frame, animation: nil, layout: Layout(),
                                                 movedWithStateChange: nil))
            store(adjustment, of: id)
            withdrawRefusal(id)
            // Away from home again: saved again, cleared when the refusal was read at home.
            return [.note("window \(id): a move of ours landed late at \(frame): the refusal read before was none; "
                          + "placed again"), .saveOriginal(id, adjustment.original)]
        }
        let actions = askAgain(&adjustment, now: now) + [.clearOriginal(id)]
        store(adjustment, of: id)
        return [.note("window \(id): a move of ours landed late at \(frame), after a refusal was read; home asked "
                      + "again")] + actions
    }

    /// A top limit met for the first time (or a snap zone to try above it), said in the log. The window manager's
    /// answer, not a re-layout: the placement within it is a new start (the same limit met again is not: no round
    /// of requests against it).
    mutating func noteNewLimit(of adjustment: Adjustment, top: Int) -> [Action] {
        let id = adjustment.id
        var said: [Action] = [.note("window \(id): title bar kept below the top by the window manager (frame top \(top))")]
        if case .allowedAbove(let above) = adjustment.layout?.snap {
            said.append(.note("window \(id): tried once at frame top \(above), above the title bar's height (a snap "
                              + "zone allows it)"))
        }
        laidOutAnew(id)
        return said
    }

    /// Asks again for the frame last wanted. A returning window's restore still queued carried the clearing of
    /// its saved geometry (`sendQueuedRequest`): it goes out with the request that replaces it.
    func askAgain(_ adjustment: inout Adjustment, now: Int) -> [Action] {
        let clears = adjustment.isReturning && adjustment.requests.queued != nil
        let move = adjustment.askAgainAsRead(now: now)
        return clears ? [move, .clearOriginal(adjustment.id)] : [move]
    }

    /// The window manager moved an adjusted window up above a docked keyboard's strut itself. Within a few pixels
    /// of our own placement it fitted the window into the strut of a keyboard still sliding in (KWin, a strut
    /// 1-3 px lower than the keyboard's final top, before the daemon hears of the keyboard's last move): the
    /// placement is still ours, decided again at the keyboard's next report (left there for the rest of the show,
    /// the window stayed 1 px off the place of every other show). Farther, where it is the window manager's own
    /// place: left there while the keyboard is up when its field is clear by the margin (no fight), else placed
    /// from there by the margin.
    mutating func placedByWindowManager(_ id: WindowID, at frame: Rect, wanted: Rect, now: Int) -> [Action] {
        guard fieldIsClear(in: id, at: frame, now: now) else { return [] }
        if frame.size == wanted.size, frame.x == wanted.x, abs(frame.minY - wanted.minY) <= Engine.hysteresis {
            return [.note("window \(id): the window manager fitted it above a docked keyboard's strut itself, "
                          + "\(wanted.minY - frame.minY) px from our placement; placed again at the keyboard's next move")]
        }
        refuse(id)
        return [.note("window \(id): the window manager placed it above the keyboard itself (a docked keyboard's "
                      + "strut); left there while the keyboard is up")]
    }

    /// A reading tried and confirmed is the window manager's: the windows adjusted next start with it. One that
    /// was not is dropped, and said so.
    mutating func noteBelief(of id: WindowID, from before: ReadingBelief, to after: ReadingBelief) -> [Action] {
        guard case .trying(let tried, _) = before, after != before else { return [] }
        if case .settled(let reading) = after {
            learn(reading: reading, from: "window \(id): asked as read, landed where wanted")
            return [.note("window \(id): the window manager's reading confirmed: \(reading)")]
        }
        return [.note("window \(id): \(tried) was no reading of the window manager's (the request landed elsewhere "
                      + "again); not learnt")]
    }

    /// The focused window's field lies clear of the keyboard by the margin with the window's frame at `frame`.
    func fieldIsClear(in id: WindowID, at frame: Rect, now: Int) -> Bool {
        guard let focus, focus.window.id == id, let keyboard else { return true }
        let margin = configuration.settings(for: focus.window.wmClass).margin
        switch choice(for: focus.window, now: now) {
        case .field(let field):
            return !Policy.isCovered(field.rect.converted(from: frame.origin), by: keyboard, margin: margin)
        case .wholeWindow:
            return !Policy.isCovered(frame, by: keyboard, margin: margin)
        case .nothing:
            return true
        }
    }

    /// A synthetic ConfigureNotify: the echo of a move the frame's ConfigureNotify answered (nothing to learn), or
    /// the window manager's only answer to our move (where the window is then is read from the server).
    mutating func syntheticConfigure(_ id: WindowID) -> [Action] {
        guard let owed = windows[adjusted: id]?.requests.owed else { return [] }
        switch owed {
        case .none: return []
        case .echo: changeAdjustment(of: id) { $0.requests.owed = .none }
        case .echoThenAny: changeAdjustment(of: id) { $0.requests.owed = .any }
        case .any:
            changeAdjustment(of: id) { $0.requests.owed = .none }
            return [.readFrame(id)]
        }
        return []
    }

    mutating func stateChanged(_ id: WindowID, state: WindowState, _ moment: inout Moment) -> [Action] {
        noteFocusedState(id, state)
        guard var adjustment = windows[adjusted: id] else { return decideAndMove(&moment) }
        if case .leavingState(let target, let layout, let movedWith) = adjustment.stage,
           !state.isMaximized, !state.fullscreen {
            var placement = Placement(target: target, animation: nil, layout: layout, movedWithStateChange: nil)
            if let sentWith = movedWith {
                // The placement went out with the request to leave fullscreen. Answered, or still on its way with
                // the extents it was computed with: nothing more to send; checked once more a little later.
                if adjustment.current == target {
                    adjustment.stage = .placed(placement)
                    store(adjustment, of: id)
                    return decideAndMove(&moment)
                }
                if sentWith == adjustment.extents, adjustment.requests.pending.contains(where: { $0.frame == target }) {
                    adjustment.shown = target
                    placement.movedWithStateChange = StateMove(extents: sentWith,
                                                               confirmBy: moment.now + Engine.unansweredAfterMs)
                    adjustment.stage = .placed(placement)
                    store(adjustment, of: id)
                    return decideAndMove(&moment)
                }
                // Decorated out of fullscreen (other extents): the frame asked for needs another client size.
                adjustment.requests.answered()
            }
            // The state we asked to leave is left: the placement that waited goes out now, from where the window
            // manager put the window.
            adjustment.shown = adjustment.current
            adjustment.stage = .placed(placement)
            store(adjustment, of: id)
            return head(id, to: target, now: moment.now) + decideAndMove(&moment)
        }
        if case .leavingState = adjustment.stage, !adjustment.original.state.fullscreen, !state.fullscreen {
            // Still partly maximized on its way out of it: fluxbox drops maximized vertically first.
            return decideAndMove(&moment)
        }
        guard !adjustment.isHomeward, state.isMaximized || state.fullscreen else { return decideAndMove(&moment) }
        // Maximized or made fullscreen by its application, the window manager or the user: that is the window's
        // new home, and nothing from before is to be restored. It is placed again from its new geometry once the
        // application reported its field at that size.
        store(nil, of: id)
        return [.clearOriginal(id)] + decideAndMove(&moment)
    }

    /// The user took the window over: forget the original and never restore it.
    mutating func release(_ id: WindowID, frame: Rect, reason: String) -> [Action] {
        endAdjustment(id, at: frame)
        var actions: [Action] = [.clearOriginal(id)]
        if focused.isFocused(id) {
            noteFocusedFrame(id, frame)
            release(id, at: frame)
            let decision = Decision(window: id, source: lastDecision?.source, field: nil,
                                    keyboard: keyboard, overlap: 0,
                                    mode: configuration.settings(for: focus?.window.wmClass).mode,
                                    outcome: .released(reason))
            decided(decision)
            actions.append(.log(decision))
        }
        return actions
    }

    /// A window still carrying a saved geometry from an earlier run: take it back as adjusted, so it is restored
    /// unless it is still legitimately covered.
    mutating func adopt(_ facts: WindowFacts, saved: SavedGeometry, _ moment: inout Moment) -> [Action] {
        guard saved.isPlausible(on: screen) else {
            let decision = Decision(window: facts.id, source: nil, field: nil, keyboard: keyboard, overlap: 0,
                                    mode: configuration.settings(for: facts.wmClass).mode,
                                    outcome: .excluded("implausible saved geometry \(saved.frame)"))
            return [.log(decision), .clearOriginal(facts.id)]
        }
        let leftState = (saved.state.isMaximized && !facts.state.isMaximized)
            || (saved.state.fullscreen && !facts.state.fullscreen)
        // Moved by a daemon before, which only the user's input in it lets the whole window do: as then, it may be
        // placed again whole while the keyboard is up and it has the focus.
        noteUserInput(in: facts.id, at: moment.now)
        let adjustment = Adjustment(
            id: facts.id, original: saved, savedOn: nil, extents: facts.extents, current: facts.frame,
            leftState: leftState,
            stage: .placed(Placement(target: facts.frame, animation: nil, layout: Layout(), movedWithStateChange: nil)))
        store(adjustment, of: facts.id)
        return decideAndMove(&moment)
    }

    /// The one timer: animation frames, moves queued behind an unanswered request, fullscreen moves to check, the
    /// focused field's reads, the end of a wait for the bus.
    mutating func timerFired(_ moment: inout Moment) -> [Action] {
        var actions = stepAnimations(now: moment.now)
        for id in windows.adjustedIDs { actions += sendQueuedRequest(of: id, now: moment.now) }
        actions += confirmMovesWithStateChange(now: moment.now)
        actions += fieldReadsDue(at: moment.now)
        return actions + decideAndMove(&moment)
    }

    /// Requests too old to expect an answer for. Not a returning window's: it keeps its original until its restore
    /// is answered, so that a window refocused meanwhile starts again from it, not from a frame reported late.
    mutating func expirePendingRequests(now: Int) {
        for (id, adjustment) in adjustments where !adjustment.requests.pending.isEmpty && !adjustment.isReturning {
            changeAdjustment(of: id) { $0.requests.expire(now: now) }
        }
    }
}
