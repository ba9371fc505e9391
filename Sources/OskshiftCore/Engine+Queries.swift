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
        var deadlines = [fieldReads.nextDeadline, keyboardMotion.deadline]
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
