/// Which source speaks for a window, and while the accessibility bus may still speak for it, the wait.
///
/// The X-side sources (`input-focus`, `pointer`, `window`) serve a window only with evidence that its application
/// is not on the bus: no application on it has been found to own the window (by its `_NET_WM_PID`, or by the bridge
/// through geometry and the X focus: `Event.windowOnBus`) within `busJoiningGraceMs` of its map (for a window mapped
/// before the daemon listened: once the bus has answered); the user's input in it meanwhile is served when that wait
/// ends, unless the application answered it with a focus. A window with nothing said yet is waited for, never moved. The whole window needs more: the user's input in it
/// (`BusFacts.userActed`), never its map, placement or maximize.
extension Engine {
    /// How the focus rect of `window` is chosen now.
    func choice(for window: WindowFacts, now: Int) -> FocusSelection.Choice {
        if let why = waitingForBus(window, now: now) { return .nothing(why) }
        let accessible = accessibleState(of: window)
        let chosen = FocusSelection.choose(
            accessible: accessible, observed: (focus?.observed ?? .none).placed(inFrameWith: window.extents),
            frameSize: focused.observedFrameSize ?? window.frame.size,
            order: configuration.settings(for: window.wmClass).focus, pointerBand: configuration.avoidance.pointerBand,
            userActed: busFacts.userActed(in: window.id))
        // Said of a window its application was found to own by other means than its process number, so the log
        // tells why a window whose `_NET_WM_PID` the bus never named stays still.
        if case .nothing(let why) = chosen, case .noEditableFocus = accessible, let owner = busFacts.owner(of: window.id) {
            return .nothing("\(why) (its application on the accessibility bus, pid \(owner.application), found by "
                            + "\(owner.matchedBy.rawValue))")
        }
        return chosen
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
        guard case .joining(let since, _) = busFacts.connection, FocusSelection.asksBus(configuration.settings(for: window.wmClass).focus)
        else { return nil }
        let deadline = since + Engine.busAnswerGraceMs
        return now < deadline ? deadline : nil
    }

    /// When `window`'s wait for its application on the bus ends, while it waits (`busJoiningGraceMs` after its map):
    /// a window mapped since the daemon started that no application on the bus owns yet, whatever its `_NET_WM_PID`
    /// says (a sandbox's number, none at all), while the daemon listens to the bus and the order asks it. A press or
    /// a key in the window meanwhile is served when the wait ends, unless its application answered it with a focus.
    func busJoiningDeadline(of window: WindowFacts, now: Int) -> Int? {
        let order = configuration.settings(for: window.wmClass).focus
        guard busFacts.connection.knowsApplications, FocusSelection.asksBus(order), case .silent = accessibleState(of: window),
              let mapped = window.mappedAtMs
        else { return nil }
        let deadline = mapped + Engine.busJoiningGraceMs
        return now < deadline ? deadline : nil
    }

    /// Why an X-side source speaks for `window` although the order asks the bus (`FocusSelection.fallback`).
    func fallback(for window: WindowFacts, source: FocusSource?) -> String? {
        FocusSelection.fallback(
            accessible: accessibleState(of: window), order: configuration.settings(for: window.wmClass).focus,
            source: source, busAbsent: busFacts.connection == .notUsed)
    }

    /// What the accessibility bus says about `window`: its application's editable field when it is in this window;
    /// "no editable focus" when its application is on the bus (named by the window's `_NET_WM_PID`, or found to own
    /// the window otherwise); else silent.
    func accessibleState(of window: WindowFacts) -> FocusSelection.AccessibleState {
        if let field = busFacts.field(in: window.id) { return .editable(field) }
        if busFacts.isOnBus(window.pid) || busFacts.owner(of: window.id) != nil { return .noEditableFocus }
        return .silent
    }

    /// The application on the bus that owns `window`, and how that was found; nil when none is known to.
    public func busApplication(of window: WindowFacts) -> (application: Int32, matchedBy: BusMatch)? {
        if let owner = busFacts.owner(of: window.id) { return (owner.application, owner.matchedBy) }
        if let pid = window.pid, busFacts.isOnBus(pid) { return (pid, .pid) }
        return nil
    }

    /// The bridge found the application on the bus that owns `id`: from now on its focus speaks for the window.
    mutating func windowOnBus(_ id: WindowID, _ application: Int32, _ how: BusMatch,
                              _ moment: inout Moment) -> [Action] {
        guard noteOwner(BusOwner(application: application, matchedBy: how), of: id) else { return [] }
        return decideAndMove(&moment)
    }

    /// The user pressed or typed in `id`.
    mutating func userInput(in id: WindowID, _ moment: inout Moment) -> [Action] {
        noteUserInput(in: id, at: moment.now)
        guard focus?.window.id == id else { return [] }
        return decideAndMove(&moment)
    }
}

extension Engine {
    /// What the daemon does once at start, before it listens to the accessibility bus. It is an assistive technology
    /// (PRODUCT.md): it turns the desktop's accessibility switch on, before the toolkits that read it when they join
    /// the bus (Qt 6 reads it once) have joined, so Firefox, Chromium and Qt 6 expose their fields without flags.
    public static let beforeListening: [Action] = [.turnOnAccessibilitySwitch]
}
