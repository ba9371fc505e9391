/// What the shell and `oskshift status` read of the engine between events. Those that depend on the bus's waits
/// take the time they are asked at.
extension Engine {
    /// Every window the engine has moved and not yet put back, by window id.
    public var adjustedWindows: [AdjustedWindow] {
        adjustments.values.filter { !$0.isReturning }.sorted { $0.id < $1.id }.map {
            AdjustedWindow(id: $0.id, original: $0.original, current: $0.shown, restoring: $0.isRestoring)
        }
    }

    /// The focused field in root coordinates where its window is now (the field as reported stays where it was
    /// when the window moves). Nil when only the window is known, or nothing has to clear the keyboard.
    public func focusedField(at now: Int) -> Rect? {
        guard let focus, case .field(let field) = choice(for: focus.window, now: now) else { return nil }
        return field.rect.converted(from: focus.window.frame.origin)
    }

    /// The source that gives the focused window's focus rect now (`window` for the whole window); nil when
    /// nothing in it has to clear the keyboard.
    public func focusSource(at now: Int) -> FocusSource? {
        guard let focus else { return nil }
        switch choice(for: focus.window, now: now) {
        case .field(let field): return field.source
        case .wholeWindow: return .window
        case .nothing: return nil
        }
    }

    /// Why the focused window's focus rect comes from the X side although the order asks the accessibility bus
    /// (e.g. "the pointer band around the last press: its application is not on the accessibility bus"); nil when
    /// the bus speaks for it, or nothing does.
    public func focusFallback(at now: Int) -> String? {
        guard let focus else { return nil }
        return fallback(for: focus.window, source: focusSource(at: now))
    }

    /// The editable field the focused window's application reported, when it is on the accessibility bus and its
    /// focus is on editable text in that window.
    public var focusedAccessibleField: AccessibleField? {
        guard let focus, case .editable(let field) = accessibleState(of: focus.window) else { return nil }
        return field
    }

    /// The next one-off tick: the end of the focused window's wait for its application on the bus (while the keyboard
    /// is up), a queued move's time to go out, a fullscreen move's check, or a read of the focused field.
    public func nextDeadline(at now: Int) -> Int? {
        var deadlines = [fieldReads.nextDeadline, keyboardState.motionDeadline]
        if let focus, keyboard != nil {
            deadlines += [busAnswerDeadline(of: focus.window, now: now), busJoiningDeadline(of: focus.window, now: now)]
        }
        for adjustment in adjustments.values {
            deadlines.append(adjustment.requests.queuedDeadline)
            deadlines.append(workAreaWaitDeadline(for: adjustment, now: now))
            if case .placed(let placement) = adjustment.stage { deadlines.append(placement.movedWithStateChange?.confirmBy) }
        }
        return deadlines.compactMap { $0 }.min()
    }
}

/// What the engine still has going on its own: for a sync answer (`oskshift status --sync`), so that "nothing moved"
/// is proven only once the engine has nothing left that could still move a window (a wait for the bus, a queued move,
/// an animation, a request the window manager has not answered).
public struct EngineActivity: Equatable, Sendable {
    /// An animation is running: a move every frame until it ends.
    public var animating: Bool
    /// The engine's next one-off tick (`nextDeadline`), in the engine's milliseconds; nil when none is due.
    public var nextTick: Int?
    /// Windows with a request of ours the server has not reported back yet (and that is young enough to expect an
    /// answer for), or a move queued behind one.
    public var awaitingAnswer: [WindowID]

    public init(animating: Bool, nextTick: Int?, awaitingAnswer: [WindowID]) {
        self.animating = animating
        self.nextTick = nextTick
        self.awaitingAnswer = awaitingAnswer
    }

    /// Nothing of the engine's own can still change a window without a new event.
    public var isIdle: Bool { !animating && nextTick == nil && awaitingAnswer.isEmpty }
}

extension Engine {
    /// The engine's own activity at `now` (see `EngineActivity`).
    public func activity(at now: Int) -> EngineActivity {
        let awaiting = adjustments.values.filter { adjustment in
            adjustment.requests.queued != nil
                || adjustment.requests.pending.contains { now - $0.time <= Engine.pendingLifetimeMs }
        }.map(\.id).sorted()
        return EngineActivity(animating: adjustments.values.contains { $0.animation != nil },
                              nextTick: nextDeadline(at: now), awaitingAnswer: awaiting)
    }
}
