/// When to show and hide an on-screen keyboard for `[keyboard_control] auto_show`, for keyboards that cannot do it
/// themselves (xvkbd, matchbox-keyboard) and for onboard without its own auto-show; and how a keyboard is hidden
/// when the accessory bar's done or `hide_on_return` asks.
///
/// Pure: the daemon feeds it what AT-SPI and the X server said and performs the actions it returns (D-Bus, map,
/// command, the one-shot hide timer), then says which way of showing worked. Rules:
/// - An editable field gains focus and no keyboard is visible: show one (once; a second focus while the show is
///   on its way asks nothing more): onboard through D-Bus, else a hidden keyboard window mapped, else
///   `show_command`.
/// - Focus leaves editable fields: hide after `hideDelayMs`, unless an editable gains focus meanwhile (Tab from a
///   field to a button and on to the next field must not make the keyboard flicker).
/// - Only a keyboard that auto-show showed is hidden: one the user opened stays, and one the user closed is
///   not shown again until the next editable gains focus. It is hidden the way it was shown.
public struct AutoShowPolicy: Equatable, Sendable {
    public enum Input: Equatable, Sendable {
        /// AT-SPI: focus on an editable (`editable == true`) or away from editable fields.
        case focus(editable: Bool, keyboardVisible: Bool)
        /// The one-shot hide timer expired.
        case hideTimerFired(keyboardVisible: Bool)
        /// The keyboard's visibility as the X server reports it changed.
        case keyboardVisibility(Bool)
        /// The way that showed the keyboard after `Action.showKeyboard` (a mapped window by its number), or nil
        /// when none did.
        case shown(by: KeyboardWay?)
        /// The accessory bar's done, or Return in a single-line field: hide the visible keyboard whoever showed it.
        /// `keyboardWindow` is the keyboard's window while one is visible.
        case hideAsked(keyboardWindow: WindowID?)
    }

    private enum Phase: Equatable {
        /// Nothing shown by us.
        case idle
        /// Shown by us (or asked to), focus on an editable.
        case shown
        /// Shown by us, focus left editable fields; the hide timer runs.
        case hiding
    }

    public var settings: KeyboardSettings
    private var phase: Phase = .idle
    /// How the keyboard auto-show put out was shown, so it is hidden the same way; kept until it is hidden by us
    /// (the user closing it does not clear it).
    private var shownBy: KeyboardWay?

    public init(settings: KeyboardSettings) {
        self.settings = settings
    }

    /// Auto-show has a keyboard out that it will hide later.
    public var ownsKeyboard: Bool { phase != .idle }

    public mutating func handle(_ input: Input) -> [Action] {
        switch input {
        case .shown(let way):
            shownBy = way
            return []
        case .hideAsked(let keyboardWindow):
            return hideAsked(keyboardWindow: keyboardWindow)
        default:
            break
        }
        guard settings.autoShow else {
            // Turned off by a reload while a hide was pending: let the keyboard stay, drop the timer.
            defer { phase = .idle }
            return phase == .hiding ? [.cancelHideTimer] : []
        }
        return decide(input)
    }

    private mutating func decide(_ input: Input) -> [Action] {
        switch input {
        case .focus(editable: true, let keyboardVisible):
            switch phase {
            case .hiding:
                phase = .shown
                return [.cancelHideTimer]
            case .shown:
                return []
            case .idle:
                guard !keyboardVisible else { return [] }
                phase = .shown
                return [.showKeyboard(waysToShow)]
            }
        case .focus(editable: false, _):
            guard phase == .shown else { return [] }
            phase = .hiding
            return [.armHideTimer(ms: max(settings.hideDelayMs, 0))]
        case .hideTimerFired(let keyboardVisible):
            guard phase == .hiding else { return [] }
            phase = .idle
            return keyboardVisible ? hideTheWayShown() : []
        case .keyboardVisibility(let visible):
            // The user (or the keyboard itself) closed what we showed: it is theirs to reopen now.
            guard !visible, phase != .idle else { return [] }
            let wasHiding = phase == .hiding
            phase = .idle
            return wasHiding ? [.cancelHideTimer] : []
        case .shown, .hideAsked:
            return []
        }
    }

    /// onboard first: its helper windows are unmapped too, and a hidden keyboard window looked for before it was
    /// asked could be one of them.
    private var waysToShow: [KeyboardWay] {
        [.onboard, .hiddenWindow] + (settings.showCommand.isEmpty ? [] : [.command(settings.showCommand)])
    }

    /// The keyboard auto-show put out, hidden the way it was shown; nothing when it showed none (or it was shown by
    /// a command and no `hide_command` is set).
    private mutating func hideTheWayShown() -> [Action] {
        defer { shownBy = nil }
        switch shownBy {
        case .onboard: return [.hideKeyboard([.onboard], asker: .autoShow)]
        case .window(let window): return [.hideKeyboard([.window(window)], asker: .autoShow)]
        case .command:
            guard !settings.hideCommand.isEmpty else { return [] }
            return [.hideKeyboard([.command(settings.hideCommand)], asker: .autoShow)]
        case .hiddenWindow, nil: return []
        }
    }

    /// Whoever showed it: one auto-show showed the way it was shown, else onboard through D-Bus, else the visible
    /// keyboard's window unmapped, else `hide_command`. Auto-show learns of it from the keyboard's visibility.
    private mutating func hideAsked(keyboardWindow: WindowID?) -> [Action] {
        if shownBy != nil { return hideTheWayShown() }
        var ways: [KeyboardWay] = [.onboard]
        if let keyboardWindow { ways.append(.window(keyboardWindow)) }
        if !settings.hideCommand.isEmpty { ways.append(.command(settings.hideCommand)) }
        return [.hideKeyboard(ways, asker: .accessory)]
    }
}
