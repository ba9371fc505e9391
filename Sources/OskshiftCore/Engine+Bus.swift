/// Which source speaks for a window, and while the accessibility bus may still speak for it, the wait.
extension Engine {
    /// How the focus rect of `window` is chosen now.
    func choice(for window: WindowFacts, now: Int) -> FocusSelection.Choice {
        if let why = waitingForBus(window, now: now) { return .nothing(why) }
        return FocusSelection.choose(
            accessible: accessibleState(of: window), observed: observed.placed(inFrameWith: window.extents),
            frameSize: observedFrameSize ?? window.frame.size,
            order: configuration.settings(for: window.wmClass).focus, pointerBand: configuration.avoidance.pointerBand)
    }

    /// Why nothing about `window` can be decided yet, while the bus may still speak for it: the daemon has not yet
    /// heard from the bus itself, or the window is new and its application may still be joining.
    func waitingForBus(_ window: WindowFacts, now: Int) -> String? {
        if busAnswerDeadline(of: window, now: now) != nil { return "the daemon has not yet asked the accessibility bus" }
        if busJoiningDeadline(of: window, now: now) != nil { return "waiting for its application on the accessibility bus" }
        return nil
    }

    /// When the daemon's wait for its own first answer from the bus ends, while it waits and the order asks the bus.
    func busAnswerDeadline(of window: WindowFacts, now: Int) -> Int? {
        guard case .joining(let since, _) = bus, FocusSelection.asksBus(configuration.settings(for: window.wmClass).focus)
        else { return nil }
        let deadline = since + Engine.busAnswerGraceMs
        return now < deadline ? deadline : nil
    }

    /// When `window`'s wait for its application on the bus ends, while it waits (`busJoiningGraceMs`): only a
    /// window mapped since the daemon started, with a `_NET_WM_PID` the bus has not named, while the daemon listens
    /// to the bus and the order asks it.
    func busJoiningDeadline(of window: WindowFacts, now: Int) -> Int? {
        let order = configuration.settings(for: window.wmClass).focus
        guard bus.knowsApplications, FocusSelection.asksBus(order), let pid = window.pid,
              !accessibleApplications.contains(pid), let mapped = window.mappedAtMs
        else { return nil }
        let deadline = mapped + Engine.busJoiningGraceMs
        return now < deadline ? deadline : nil
    }

    /// Why an X-side source speaks for `window` although the order asks the bus (`FocusSelection.fallback`).
    func fallback(for window: WindowFacts, source: FocusSource?) -> String? {
        FocusSelection.fallback(
            accessible: accessibleState(of: window), order: configuration.settings(for: window.wmClass).focus,
            source: source, busAbsent: bus == .notUsed)
    }

    /// What the accessibility bus says about `window`: its application's editable field when it is in this window;
    /// "no editable focus" when its application is on the bus; else silent.
    func accessibleState(of window: WindowFacts) -> FocusSelection.AccessibleState {
        if let field = accessibleFields.values.first(where: { $0.window == window.id }) { return .editable(field) }
        if let pid = window.pid, accessibleApplications.contains(pid) { return .noEditableFocus }
        return .silent
    }
}
