/// When to show and hide an on-screen keyboard for `[keyboard_control] auto_show`, for keyboards that cannot do it
/// themselves (xvkbd, matchbox-keyboard) and for onboard without its own auto-show.
///
/// Pure: the daemon feeds it what AT-SPI and the X server said and performs what it returns (D-Bus, map, command,
/// the one-shot hide timer). Rules:
/// - An editable field gains focus and no keyboard is visible: show one (once; a second focus while the show is
///   on its way asks nothing more).
/// - Focus leaves editable fields: hide after `hideDelayMs`, unless an editable gains focus meanwhile (Tab from a
///   field to a button and on to the next field must not make the keyboard flicker).
/// - Only a keyboard that auto-show showed is hidden: one the user opened stays, and one the user closed is
///   not shown again until the next editable gains focus.
public struct AutoShowPolicy: Equatable, Sendable {
    public enum Input: Equatable, Sendable {
        /// AT-SPI: focus on an editable (`editable == true`) or away from editable fields.
        case focus(editable: Bool, keyboardVisible: Bool)
        /// The one-shot hide timer expired.
        case hideTimerFired(keyboardVisible: Bool)
        /// The keyboard's visibility as the X server reports it changed.
        case keyboardVisibility(Bool)
    }

    public enum Action: Equatable, Sendable {
        case show
        case hide
        case armHideTimer(ms: Int)
        case cancelHideTimer
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

    public init(settings: KeyboardSettings) {
        self.settings = settings
    }

    /// Auto-show has a keyboard out that it will hide later.
    public var ownsKeyboard: Bool { phase != .idle }

    public mutating func handle(_ input: Input) -> [Action] {
        guard settings.autoShow else {
            // Turned off by a reload while a hide was pending: let the keyboard stay, drop the timer.
            defer { phase = .idle }
            return phase == .hiding ? [.cancelHideTimer] : []
        }
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
                return [.show]
            }
        case .focus(editable: false, _):
            guard phase == .shown else { return [] }
            phase = .hiding
            return [.armHideTimer(ms: max(settings.hideDelayMs, 0))]
        case .hideTimerFired(let keyboardVisible):
            guard phase == .hiding else { return [] }
            phase = .idle
            return keyboardVisible ? [.hide] : []
        case .keyboardVisibility(let visible):
            // The user (or the keyboard itself) closed what we showed: it is theirs to reopen now.
            guard !visible, phase != .idle else { return [] }
            let wasHiding = phase == .hiding
            phase = .idle
            return wasHiding ? [.cancelHideTimer] : []
        }
    }
}
