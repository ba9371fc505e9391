import OskshiftCore
import Testing

@Suite("Showing and hiding the keyboard for editable fields")
struct AutoShowPolicyTests {
    func policy(autoShow: Bool = true, hideDelayMs: Int = 300, hideOnReturn: Bool = false) -> AutoShowPolicy {
        var settings = KeyboardSettings()
        settings.autoShow = autoShow
        settings.hideDelayMs = hideDelayMs
        settings.hideOnReturn = hideOnReturn
        return AutoShowPolicy(settings: settings)
    }

    @Test("An editable field gaining focus with no keyboard visible shows one")
    func editableFocusShows() {
        var policy = policy()
        #expect(policy.handle(.focus(editable: true, keyboardVisible: false)) == [.show])
        #expect(policy.ownsKeyboard)
    }

    @Test("Nothing is shown when auto-show is off")
    func offDoesNothing() {
        var policy = policy(autoShow: false)
        #expect(policy.handle(.focus(editable: true, keyboardVisible: false)) == [])
        #expect(policy.handle(.focus(editable: false, keyboardVisible: false)) == [])
    }

    @Test("A keyboard the user already opened is neither shown again nor hidden later")
    func userKeyboardIsLeftAlone() {
        var policy = policy()
        #expect(policy.handle(.focus(editable: true, keyboardVisible: true)) == [])
        #expect(policy.handle(.focus(editable: false, keyboardVisible: true)) == [])
        #expect(!policy.ownsKeyboard)
    }

    @Test("A second focus while the show is on its way asks for nothing more")
    func noDoubleShow() {
        var policy = policy()
        _ = policy.handle(.focus(editable: true, keyboardVisible: false))
        #expect(policy.handle(.focus(editable: true, keyboardVisible: false)) == [])
    }

    @Test("Focus leaving editable fields hides the keyboard after the delay")
    func leavingHidesAfterDelay() {
        var policy = policy(hideDelayMs: 250)
        _ = policy.handle(.focus(editable: true, keyboardVisible: false))
        #expect(policy.handle(.focus(editable: false, keyboardVisible: true)) == [.armHideTimer(ms: 250)])
        #expect(policy.handle(.hideTimerFired(keyboardVisible: true)) == [.hide])
        #expect(!policy.ownsKeyboard)
    }

    @Test("An editable gaining focus before the delay ends keeps the keyboard without flicker")
    func returningCancelsHide() {
        var policy = policy()
        _ = policy.handle(.focus(editable: true, keyboardVisible: false))
        _ = policy.handle(.focus(editable: false, keyboardVisible: true))
        #expect(policy.handle(.focus(editable: true, keyboardVisible: true)) == [.cancelHideTimer])
        #expect(policy.handle(.hideTimerFired(keyboardVisible: true)) == [])
    }

    @Test("A keyboard the user closed meanwhile is not hidden again and is shown at the next field")
    func userClosedKeyboard() {
        var policy = policy()
        _ = policy.handle(.focus(editable: true, keyboardVisible: false))
        _ = policy.handle(.keyboardVisibility(true))
        #expect(policy.handle(.keyboardVisibility(false)) == [])
        #expect(policy.handle(.focus(editable: false, keyboardVisible: false)) == [])
        #expect(policy.handle(.focus(editable: true, keyboardVisible: false)) == [.show])
    }

    @Test("The keyboard closed while the hide timer runs cancels the timer")
    func closedWhileHiding() {
        var policy = policy()
        _ = policy.handle(.focus(editable: true, keyboardVisible: false))
        _ = policy.handle(.focus(editable: false, keyboardVisible: true))
        #expect(policy.handle(.keyboardVisibility(false)) == [.cancelHideTimer])
    }

    @Test("A timer that fires after the keyboard went away hides nothing")
    func timerAfterKeyboardGone() {
        var policy = policy()
        _ = policy.handle(.focus(editable: true, keyboardVisible: false))
        _ = policy.handle(.focus(editable: false, keyboardVisible: true))
        #expect(policy.handle(.hideTimerFired(keyboardVisible: false)) == [])
    }

    @Test("Turning auto-show off while a hide is pending drops the timer and leaves the keyboard")
    func reloadOffWhileHiding() {
        var policy = policy()
        _ = policy.handle(.focus(editable: true, keyboardVisible: false))
        _ = policy.handle(.focus(editable: false, keyboardVisible: true))
        policy.settings.autoShow = false
        #expect(policy.handle(.hideTimerFired(keyboardVisible: true)) == [.cancelHideTimer])
        #expect(!policy.ownsKeyboard)
    }

    @Test("A negative delay is taken as no delay")
    func negativeDelay() {
        var policy = policy(hideDelayMs: -5)
        _ = policy.handle(.focus(editable: true, keyboardVisible: false))
        #expect(policy.handle(.focus(editable: false, keyboardVisible: true)) == [.armHideTimer(ms: 0)])
    }
}
