/// What each event teaches the engine, one method per event. Each returns the actions the event itself causes, or
/// nil when it told nothing new; the derived moves follow in `handle` (`reconcile`).
extension Engine {
    mutating func keyboardChanged(_ frame: Rect?) -> [Action]? {
        keyboard = frame
        if frame == nil {
            forgetContradictions()
            released.removeAll()
            // A refusal is believed for one keyboard session: asked again at the next show, a window manager that
            // really refuses costs one request, and a refusal misread in a burst of events does not last.
            refused.removeAll()
        }
        return []
    }

    mutating func focusChanged(_ newFocus: Focus?) -> [Action]? {
        if newFocus?.window.id != focus?.window.id {
            released.removeAll()
            fieldAtOriginal = nil
            forgetContradictions()
        }
        focus = newFocus
        observed = newFocus?.observed ?? .none
        observedFrameSize = newFocus?.window.frame.size
        return []
    }

    mutating func focusObserved(_ id: WindowID, _ observations: XFocusObservations, frame: Rect) -> [Action]? {
        guard focus?.window.id == id else { return nil }
        if adjustments[id] == nil { focus?.window.frame = frame }
        observed = observations
        observedFrameSize = frame.size
        return []
    }

    mutating func applicationsChanged(_ pids: Set<Int32>) -> [Action]? {
        listensToBus = true
        if case .joining(let since, _) = bus { bus = .joining(since: since, applicationsKnown: true) }
        accessibleApplications = pids
        accessibleFields = accessibleFields.filter { $0.key == 0 || pids.contains($0.key) }
        return []
    }

    mutating func busChanged(_ status: BusStatus, now: Int) -> [Action]? {
        switch status {
        case .connecting: bus = .joining(since: now, applicationsKnown: false)
        case .initialFocusRead:
            if case .joining(_, applicationsKnown: true) = bus { bus = .listening }
        case .absent: bus = .notUsed
        }
        return []
    }

    mutating func accessibleFocusChanged(pid: Int32, _ reported: AccessibleField?) -> [Action]? {
        if pid != 0 { accessibleApplications.insert(pid) }
        fieldUnmatched = false
        if let reported, reported.change == .focus, reported.widget == nil, reported.caret == nil {
            fieldReads.readAgain(after: FieldReads.unknownExtentsMs, now: clock)
        }
        if let reported, let widget = reported.widget, widget.minY < 0 || widget.maxY > reported.frameSize.height {
            readingOutOfView = (reported.window, reported.frameSize)
        }
        let field = reported?.trimmedToItsWindow()
        // One field per window: a window belongs to one process. A report about a window that names no process
        // (0: the application could not be asked, e.g. LibreOffice had already dropped the paragraph's accessible
        // after it scrolled out of view) belongs to the application that has that window's field; any other
        // process's field in that window is replaced (two answers for one window, picked by chance, restored
        // LibreOffice Writer with its caret under the keyboard and then ignored its next paragraphs).
        var owner = pid
        if pid == 0, let field, let known = accessibleFields.first(where: { $0.value.window == field.window })?.key {
            owner = known
        }
        let previous = accessibleFields[owner]
        if let field, let previous, field.isStaleRepeat(of: previous) { return nil }
        if let field { accessibleFields = accessibleFields.filter { $0.key == owner || $0.value.window != field.window } }
        accessibleFields[owner] = field?.keepingKnownRects(of: previous)
        readingJustArrived = field != nil
        if let field, adjustments[field.window]?.awaitingLayoutAt == field.frameSize {
            adjustments[field.window]?.awaitingLayoutAt = nil
        }
        return []
    }

    mutating func extentsChanged(_ id: WindowID, _ extents: FrameExtents) -> [Action]? {
        if focus?.window.id == id { focus?.window.extents = extents }
        guard var adjustment = adjustments[id], adjustment.extents != extents else { return [] }
        adjustment.extents = extents
        if adjustment.phase == .placed, let sentWith = adjustment.movedWithStateChange, sentWith != extents {
            // Decorated out of fullscreen after the move that went with the state request was trusted: that move's
            // client size was computed without the decorations; the same frame is asked for with them.
            adjustment.movedWithStateChange = nil
            adjustment.confirmMoveBy = nil
            adjustment.awaitingAnswerSince = nil
            let move = adjustment.request(adjustment.target, now: clock)
            adjustments[id] = adjustment
            return move.map { [$0] } ?? []
        }
        // A placement asked for with the old extents names a client size that makes another frame with the new
        // ones: openbox takes a maximized window's borders away and gives them back only after the state change
        // the placement waited for (measured: LibreOffice Writer, asked for 1280x550, got 1282x556, its bottom
        // 6 px nearer the keyboard). Asked again with the new extents unless the window is already there; the
        // frame it got meanwhile was no minimum size of the window's.
        if adjustment.phase == .placed, adjustment.animation == nil, adjustment.current != adjustment.target {
            adjustment.pending.removeAll { $0.frame == adjustment.target }
            adjustment.keptHeight = nil
            adjustment.queued = nil
            adjustment.awaitingAnswerSince = nil
            let move = adjustment.request(adjustment.target, now: clock)
            adjustments[id] = adjustment
            return move.map { [$0] } ?? []
        }
        adjustments[id] = adjustment
        return []
    }

    mutating func destroyed(_ id: WindowID) -> [Action]? {
        adjustments[id] = nil
        released.remove(id)
        refused.remove(id)
        if focus?.window.id == id { focus = nil }
        accessibleFields = accessibleFields.filter { $0.value.window != id }
        return []
    }


    /// Keeps the focused field as read at the window's original size, the reference for "does it fit".
    mutating func noteFieldAtOriginal(_ window: WindowFacts) {
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
    mutating func noteKeptHeight(_ id: WindowID) {
        guard var adjustment = adjustments[id], adjustment.phase == .placed, !adjustment.leftState,
              adjustment.animation == nil, adjustment.queued == nil, adjustment.current.height > adjustment.target.height,
              !adjustment.pending.contains(where: { clock - $0.time < Engine.unansweredAfterMs })
        else { return }
        adjustment.keptHeight = adjustment.current.height
        adjustments[id] = adjustment
    }

    /// The accessible field's identity in `window`; nil for the X sources.
    func identity(of window: WindowFacts) -> UInt? {
        if case .editable(let field) = accessibleState(of: window) { return field.identity }
        return nil
    }

    /// Tells our own moves (a frame we asked for), the window manager's answers (another frame while a request is
    /// pending) and refusals (the same frame again) from the user's moves (a new frame with nothing pending).
    mutating func configured(_ id: WindowID, frame: Rect) -> [Action] {
        if fieldUnmatched || accessibleFields.values.contains(where: { $0.window == id }) {
            fieldReads.readAgain(after: FieldReads.afterWindowMovesMs, now: clock)
        }
        if focus?.window.id == id { focus?.window.frame = frame }
        adjustments[id]?.awaitingAnswerSince = nil  // the window manager got to our request (or to the user's)
        guard var adjustment = adjustments[id] else { return [] }
        if adjustment.phase == .returning {
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
            if frame == adjustment.target {
                adjustment.movedWithStateChange = nil
                adjustment.confirmMoveBy = nil
            }
            adjustments[id] = adjustment
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

    /// A synthetic ConfigureNotify: the echo of a move the frame's ConfigureNotify answered (nothing to learn), or
    /// the window manager's only answer to our move (where the window is then is read from the server).
    mutating func syntheticConfigure(_ id: WindowID) -> [Action]? {
        guard let answer = adjustments[id]?.answer else { return nil }
        switch answer {
        case .none: return nil
        case .echo: adjustments[id]?.answer = .none
        case .echoThenAny: adjustments[id]?.answer = .any
        case .any:
            adjustments[id]?.answer = .none
            return [.readFrame(id)]
        }
        return nil
    }

    mutating func stateChanged(_ id: WindowID, state: WindowState, now: Int) -> [Action] {
        if focus?.window.id == id { focus?.window.state = state }
        if var adjustment = adjustments[id], adjustment.phase == .leavingState, !state.isMaximized, !state.fullscreen {
            adjustment.phase = .placed
            if let sentWith = adjustment.movedWithStateChange {
                // The placement went out with the request to leave fullscreen. Answered, or still on its way with
                // the extents it was computed with: nothing more to send; checked once more a little later.
                if adjustment.current == adjustment.target {
                    adjustment.movedWithStateChange = nil
                    adjustments[id] = adjustment
                    return []
                }
                if sentWith == adjustment.extents, adjustment.pending.contains(where: { $0.frame == adjustment.target }) {
                    adjustment.shown = adjustment.target
                    adjustment.confirmMoveBy = now + Engine.unansweredAfterMs
                    adjustments[id] = adjustment
                    return []
                }
                // Decorated out of fullscreen (other extents): the frame asked for needs another client size.
                adjustment.movedWithStateChange = nil
                adjustment.awaitingAnswerSince = nil
            }
            // The state we asked to leave is left: the placement that waited goes out now, from where the window
            // manager put the window.
            adjustment.shown = adjustment.current
            adjustments[id] = adjustment
            return head(id, to: adjustment.target, now: now)
        }
        guard let adjustment = adjustments[id], !adjustment.phase.isHomeward,
              state.isMaximized || state.fullscreen
        else { return [] }
        // Maximized or made fullscreen by its application, the window manager or the user: that is the window's
        // new home, and nothing from before is to be restored. It is placed again from its new geometry once the
        // application reported its field at that size.
        adjustments[id] = nil
        return [.clearOriginal(id)]
    }

    /// The user took the window over: forget the original and never restore it.
    mutating func release(_ id: WindowID, frame: Rect, reason: String) -> [Action] {
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
    mutating func adopt(_ facts: WindowFacts, saved: SavedGeometry) -> [Action] {
        guard saved.isPlausible(on: screen) else {
            let decision = Decision(window: facts.id, source: nil, field: nil, keyboard: keyboard, overlap: 0,
                                    mode: configuration.settings(for: facts.wmClass).mode,
                                    outcome: .excluded("implausible saved geometry \(saved.frame)"))
            return [.log(decision), .clearOriginal(facts.id)]
        }
        let leftState = (saved.state.isMaximized && !facts.state.isMaximized)
            || (saved.state.fullscreen && !facts.state.fullscreen)
        adjustments[facts.id] = Adjustment(id: facts.id, original: saved, extents: facts.extents, current: facts.frame,
                                           leftState: leftState)
        return []
    }

    /// Requests too old to expect an answer for. Not a returning window's: it keeps its original until its restore
    /// is answered, so that a window refocused meanwhile starts again from it, not from a frame reported late.
    mutating func expirePendingRequests(now: Int) {
        for (id, adjustment) in adjustments where !adjustment.pending.isEmpty && adjustment.phase != .returning {
            adjustments[id]?.pending.removeAll { now - $0.time > Engine.pendingLifetimeMs }
        }
    }
}
