import AccessibilityFocus
import CLinux
import Glibc
import OskshiftCore
import X11Adapter

/// Performs what `AutoShowPolicy` decides: shows a keyboard (onboard through D-Bus, else a hidden keyboard window
/// mapped, else `show_command`), hides the one it showed the same way, and runs the one-shot hide timer.
final class AutoShow {
    let adapter: X11Adapter
    let children: ChildProcesses
    let timer: OneShotTimer
    var policy: AutoShowPolicy

    /// How the keyboard out there was shown, so it is hidden the same way.
    private enum Shown {
        case onboard
        case mapped(WindowID)
        case command
    }
    private var shown: Shown?

    init?(adapter: X11Adapter, children: ChildProcesses) {
        guard let timer = OneShotTimer() else { return nil }
        self.adapter = adapter
        self.children = children
        self.timer = timer
        policy = AutoShowPolicy(settings: adapter.configuration.keyboard)
    }

    func handle(_ input: AutoShowPolicy.Input) {
        for action in policy.handle(input) {
            switch action {
            case .show: show()
            case .hide: hide()
            case .armHideTimer(let ms): timer.arm(ms: ms)
            case .cancelHideTimer: timer.cancel()
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

/// The hide delay: a timerfd armed once (no interval), so it fires one time and the daemon sleeps otherwise. A
/// second timerfd beside the engine's animation timer, so neither disturbs the other.
struct OneShotTimer {
    let fileDescriptor: Int32

    init?() {
        let fd = timerfd_create(CLOCK_MONOTONIC, Int32(TFD_NONBLOCK | TFD_CLOEXEC))
        guard fd >= 0 else { return nil }
        fileDescriptor = fd
    }

    func arm(ms: Int) {
        // A zero it_value would disarm the timer: 0 ms means "at once", which 1 ns gives.
        let nanoseconds = max(ms, 0) * 1_000_000
        var value = itimerspec(
            it_interval: timespec(tv_sec: 0, tv_nsec: 0),
            it_value: timespec(tv_sec: nanoseconds / 1_000_000_000, tv_nsec: max(nanoseconds % 1_000_000_000, 1)))
        timerfd_settime(fileDescriptor, 0, &value, nil)
    }

    func cancel() {
        var value = itimerspec()
        timerfd_settime(fileDescriptor, 0, &value, nil)
        _ = read()
    }

    /// Expirations since the last read; 0 when it has not fired.
    func read() -> UInt64 {
        var count: UInt64 = 0
        return Glibc.read(fileDescriptor, &count, 8) == 8 ? count : 0
    }
}
