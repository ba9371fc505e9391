import AccessibilityFocus
import CLinux
import Clock
import Glibc
import OskshiftCore
import X11Adapter

/// Performs what `AutoShowPolicy` decides: shows a keyboard (onboard through D-Bus, else a hidden keyboard window
/// mapped, else `show_command`), hides the one it showed the same way, and runs the one-shot hide timer.
final class AutoShow {
    let adapter: X11Adapter
    let children: ChildProcesses
    /// The hide delay: armed once (no interval), so it fires one time and the daemon sleeps otherwise; a timer of
    /// its own beside the engine's animation timer, so neither disturbs the other.
    let timer: TimerSource
    var policy: AutoShowPolicy

    /// How the keyboard out there was shown, so it is hidden the same way.
    private enum Shown {
        case onboard
        case mapped(WindowID)
        case command
    }
    private var shown: Shown?
    /// When the armed hide timer fires (monotonic ms), for sync answers: the daemon's own clock.
    private(set) var hideDue: Int?

    init?(adapter: X11Adapter, children: ChildProcesses, settings: KeyboardSettings) {
        guard let timer = TimerSource() else { return nil }
        self.adapter = adapter
        self.children = children
        self.timer = timer
        policy = AutoShowPolicy(settings: settings)
    }

    func handle(_ input: AutoShowPolicy.Input) {
        if case .hideTimerFired = input { hideDue = nil }
        for action in policy.handle(input) {
            switch action {
            case .show: show()
            case .hide: hide()
            case .armHideTimer(let ms):
                timer.fire(afterMs: ms)
                hideDue = MonotonicClock.milliseconds() + ms
            case .cancelHideTimer:
                timer.stop()
                hideDue = nil
            }
        }
    }

    private func show() {
        if OnboardControl.call("Show") {
            shown = .onboard
            Log.line("auto-show: asked onboard to show")
        } else if let window = adapter.mapHiddenKeyboard() {
            shown = .mapped(window)
            Log.line("auto-show: mapped keyboard window \(window)")
        } else if !policy.settings.showCommand.isEmpty {
            shown = run(policy.settings.showCommand) ? .command : nil
        } else {
            shown = nil
            Log.line("auto-show: no keyboard to show (none hidden, onboard not running, no show_command)")
        }
    }

    private func hide() {
        switch shown {
        case .onboard:
            _ = OnboardControl.call("Hide")
            Log.line("auto-show: asked onboard to hide")
        case .mapped(let window):
            adapter.unmapKeyboard(window)
            Log.line("auto-show: unmapped keyboard window \(window)")
        case .command:
            if !policy.settings.hideCommand.isEmpty { _ = run(policy.settings.hideCommand) }
        case nil:
            break
        }
        shown = nil
    }

    /// The accessory bar's done and `hide_on_return`: hides the visible keyboard whoever showed it, the way
    /// auto-show does: one auto-show showed the way it was shown, else onboard through D-Bus, else the keyboard
    /// window unmapped, else `hide_command`. The policy learns of it from the keyboard's visibility.
    func hideKeyboard() {
        if shown != nil {
            hide()
        } else if OnboardControl.call("Hide") {
            Log.line("accessory: asked onboard to hide")
        } else if adapter.isKeyboardVisible, let window = adapter.lastKeyboardWindow {
            adapter.unmapKeyboard(window)
            Log.line("accessory: unmapped keyboard window \(window)")
        } else if !policy.settings.hideCommand.isEmpty {
            _ = run(policy.settings.hideCommand)
        }
    }

    private func run(_ command: String) -> Bool {
        guard let pid = children.spawnShell(command) else {
            Log.say("cannot run \(command): \(String(cString: strerror(errno)))")
            return false
        }
        Log.line("auto-show: started \(command) (pid \(pid))")
        return true
    }
}
