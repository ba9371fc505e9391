import OskshiftCore
import Testing

@Suite("Showing and hiding the keyboard for editable fields")
struct AutoShowPolicyTests {
    func policy(autoShow: Bool = true, hideDelayMs: Int = 300, hideOnReturn: Bool = false, showCommand: String = "",
                hideCommand: String = "") -> AutoShowPolicy {
        var settings = KeyboardSettings()
        settings.autoShow = autoShow
        settings.hideDelayMs = hideDelayMs
        settings.hideOnReturn = hideOnReturn
        settings.showCommand = showCommand
        settings.hideCommand = hideCommand
        return AutoShowPolicy(settings: settings)
    }

    /// Without a `show_command`: onboard, else a hidden keyboard window.
    let show = Action.showKeyboard([.onboard, .hiddenWindow])
    let keyboard = WindowID(0x60_0001)

    @Test("An editable field gaining focus with no keyboard visible shows one")
    func editableFocusShows() {
        var policy = policy()
        #expect(policy.handle(.focus(editable: true, keyboardVisible: false)) == [show])
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
        _ = policy.handle(.shown(by: .window(keyboard)))
        #expect(policy.handle(.hideTimerFired(keyboardVisible: true))
            == [.hideKeyboard([.window(keyboard)], asker: .autoShow)])
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
        #expect(policy.handle(.focus(editable: true, keyboardVisible: false)) == [show])
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

    @Test("A show_command is tried after onboard and a hidden keyboard window")
    func showCommandComesLast() {
        var policy = policy(showCommand: "xvkbd -no-keypad")
        #expect(policy.handle(.focus(editable: true, keyboardVisible: false))
            == [.showKeyboard([.onboard, .hiddenWindow, .command("xvkbd -no-keypad")])])
    }

    @Test("A keyboard onboard showed is hidden by asking onboard")
    func onboardShownIsHiddenByOnboard() {
        var policy = policy()
        _ = policy.handle(.focus(editable: true, keyboardVisible: false))
        #expect(policy.handle(.shown(by: .onboard)) == [])
        #expect(policy.handle(.focus(editable: false, keyboardVisible: true)) == [.armHideTimer(ms: 300)])
        #expect(policy.handle(.hideTimerFired(keyboardVisible: true)) == [.hideKeyboard([.onboard], asker: .autoShow)])
    }

    @Test("A keyboard a command showed is hidden by the hide_command as it is set when the hide is due")
    func commandShownIsHiddenByHideCommand() {
        var policy = policy(showCommand: "show-it", hideCommand: "hide-it")
        _ = policy.handle(.focus(editable: true, keyboardVisible: false))
        _ = policy.handle(.shown(by: .command("show-it")))
        _ = policy.handle(.focus(editable: false, keyboardVisible: true))
        policy.settings.hideCommand = "hide-it-now"
        #expect(policy.handle(.hideTimerFired(keyboardVisible: true))
            == [.hideKeyboard([.command("hide-it-now")], asker: .autoShow)])
    }

    @Test("A keyboard a command showed stays when no hide_command is set")
    func commandShownWithoutHideCommandStays() {
        var policy = policy(showCommand: "show-it")
        _ = policy.handle(.focus(editable: true, keyboardVisible: false))
        _ = policy.handle(.shown(by: .command("show-it")))
        _ = policy.handle(.focus(editable: false, keyboardVisible: true))
        #expect(policy.handle(.hideTimerFired(keyboardVisible: true)) == [])
        #expect(!policy.ownsKeyboard)
    }

    @Test("When no way showed a keyboard, the hide that falls due hides nothing")
    func nothingShownHidesNothing() {
        var policy = policy()
        _ = policy.handle(.focus(editable: true, keyboardVisible: false))
        _ = policy.handle(.shown(by: nil))
        _ = policy.handle(.focus(editable: false, keyboardVisible: true))
        #expect(policy.handle(.hideTimerFired(keyboardVisible: true)) == [])
    }

    @Test("Done asks onboard, then unmaps the visible keyboard's window, then runs the hide_command")
    func doneTriesEveryWay() {
        var policy = policy(hideCommand: "hide-it")
        #expect(policy.handle(.hideAsked(keyboardWindow: keyboard))
            == [.hideKeyboard([.onboard, .window(keyboard), .command("hide-it")], asker: .accessory)])
    }

    @Test("Done with no keyboard window visible and no hide_command asks onboard only")
    func doneWithoutWindowOrCommand() {
        var policy = policy(autoShow: false)
        #expect(policy.handle(.hideAsked(keyboardWindow: nil)) == [.hideKeyboard([.onboard], asker: .accessory)])
    }

    @Test("Done hides a keyboard auto-show showed the way it was shown, once")
    func doneHidesAutoShownKeyboardItsWay() {
        var policy = policy()
        _ = policy.handle(.focus(editable: true, keyboardVisible: false))
        _ = policy.handle(.shown(by: .window(keyboard)))
        #expect(policy.handle(.hideAsked(keyboardWindow: keyboard))
            == [.hideKeyboard([.window(keyboard)], asker: .autoShow)])
        #expect(policy.handle(.hideAsked(keyboardWindow: keyboard))
            == [.hideKeyboard([.onboard, .window(keyboard)], asker: .accessory)])
    }

    @Test("A keyboard auto-show showed is hidden its way even after auto-show was turned off")
    func doneAfterAutoShowTurnedOff() {
        var policy = policy()
        _ = policy.handle(.focus(editable: true, keyboardVisible: false))
        _ = policy.handle(.shown(by: .onboard))
        policy.settings.autoShow = false
        #expect(policy.handle(.hideAsked(keyboardWindow: keyboard)) == [.hideKeyboard([.onboard], asker: .autoShow)])
    }
}
