import OskshiftCore
import X11Adapter

/// Drives `AutoShowPolicy`: feeds it what the bridge and the accessory bar report, hands the actions it returns to
/// the daemon's effect performer (Effects.swift: onboard through D-Bus, a keyboard window mapped or unmapped, the
/// show and hide commands, the one-shot hide timer), and tells it which way of showing worked.
final class AutoShow {
    let adapter: X11Adapter
    let effects: Effects
    var policy: AutoShowPolicy

    init(adapter: X11Adapter, effects: Effects, settings: KeyboardSettings) {
        self.adapter = adapter
        self.effects = effects
        policy = AutoShowPolicy(settings: settings)
    }

    func handle(_ input: AutoShowPolicy.Input) {
        if case .hideTimerFired = input { effects.hideTimerExpired() }
        for action in policy.handle(input) {
            if case .shown(let way) = effects.perform(action) { handle(.shown(by: way)) }
        }
    }

    /// The accessory bar's done and `hide_on_return`: hides the visible keyboard whoever showed it
    /// (`AutoShowPolicy.Input.hideAsked`).
    func hideKeyboard() {
        handle(.hideAsked(keyboardWindow: adapter.isKeyboardVisible ? adapter.lastKeyboardWindow : nil))
    }
}
