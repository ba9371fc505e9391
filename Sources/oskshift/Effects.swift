import AccessibilityFocus
import Clock
import Glibc
import OskshiftCore
import X11Adapter

/// The one door for effects: every `Action`, the engine's and auto-show's, is performed here, in the order it was
/// returned. What writes to the X server is handed to the adapter, whose writer (Writer.swift) stays the one place
/// that writes to X; here are D-Bus (onboard's Show and Hide, the accessibility switch), AT-SPI (ScrollTo and
/// field reads, on the watcher thread), the show and hide commands, the daemon's two timers, and the log lines of
/// decisions and notes.
final class Effects {
    let adapter: X11Adapter
    let verbose: Bool
    /// `--dry-run`: nothing is written to other clients' windows (`would:` lines instead), nor asked to scroll.
    let dryRun: Bool
    /// The engine's timer (animation frames, ends of waits).
    let timer: TimerSource
    /// The AT-SPI watcher, once started.
    var watcher: AccessibilityWatcher?
    /// Auto-show's one-shot hide timer and the processes its commands run in, once the accessibility bridge made
    /// them (nil without: nothing here arms a timer or runs a command then).
    var hideTimer: TimerSource?
    var children: ChildProcesses?
    /// When the armed hide timer fires (monotonic ms), for sync answers: the daemon's own clock.
    private(set) var hideDue: Int?
    /// A request went to the server since the last flush: the traced log stamps its flush.
    var requestsSinceFlush = false

    /// What performing an action brought back, for whoever decided it.
    enum Outcome: Equatable {
        case done
        /// `readFrame`: the frame read, to be handled before the batch's next event.
        case read(Event)
        /// `showKeyboard`: the way that showed it (a mapped window by its number), or nil.
        case shown(KeyboardWay?)
    }

    init(adapter: X11Adapter, options: Options, timer: TimerSource) {
        self.adapter = adapter
        verbose = options.verbose
        dryRun = options.dryRun
        self.timer = timer
    }

    @discardableResult
    func perform(_ action: Action) -> Outcome {
        switch action {
        case .log(let decision):
            if verbose || dryRun { Log.line("decision: \(decision)") }
        case .note(let text):
            if verbose { Log.line("note: " + text) }
        case .startTimer(let interval):
            timer.start(intervalMs: interval)
        case .stopTimer:
            timer.stop()
        case .revealField:
            if verbose { Log.line("action: " + EventDescription.line(action)) }
            if !dryRun { watcher?.scrollFocusedFieldIntoView() }
        case .readField:
            watcher?.readFocusedField()
        case .readFrame(let id):
            if let read = adapter.readFrame(id) { return .read(read) }
        case .moveResize, .setMaximized, .setFullscreen, .saveOriginal, .clearOriginal:
            write(action)
        case .typeTab:
            // The accessory bar's previous and next, on their way at once (never asked in --dry-run).
            adapter.perform(action)
            adapter.flush()
        case .showKeyboard(let ways):
            return .shown(show(ways))
        case .hideKeyboard(let ways, let asker):
            hide(ways, asker: asker)
        case .armHideTimer(let ms):
            hideTimer?.fire(afterMs: ms)
            hideDue = MonotonicClock.milliseconds() + ms
        case .cancelHideTimer:
            hideTimer?.stop()
            hideDue = nil
        case .turnOnAccessibilitySwitch:
            if let line = AccessibilitySwitch.logLine(for: AccessibilitySwitch.turnOn()) { Log.line(line) }
        }
        return .done
    }

    /// The armed hide timer expired.
    func hideTimerExpired() {
        hideDue = nil
    }

    /// A request to the server, through the adapter's writer; in `--dry-run` only said.
    private func write(_ action: Action) {
        if dryRun {
            Log.line("would: " + EventDescription.line(action))
            return
        }
        if verbose { Log.line("action: " + EventDescription.line(action)) }
        adapter.perform(action)
        requestsSinceFlush = true
    }

    /// The first way that shows a keyboard. A command is known to have started, not to have shown anything, and one
    /// that cannot start says so itself.
    private func show(_ ways: [KeyboardWay]) -> KeyboardWay? {
        for way in ways {
            switch way {
            case .onboard:
                guard OnboardControl.call("Show") else { continue }
                Log.line("auto-show: asked onboard to show")
                return .onboard
            case .hiddenWindow:
                guard let window = adapter.mapHiddenKeyboard() else { continue }
                Log.line("auto-show: mapped keyboard window \(window)")
                return .window(window)
            case .command(let command):
                return run(command) ? .command(command) : nil
            case .window:
                continue  // a way to hide
            }
        }
        Log.line("auto-show: no keyboard to show (none hidden, onboard not running, no show_command)")
        return nil
    }

    /// The first way that hides the keyboard.
    private func hide(_ ways: [KeyboardWay], asker: KeyboardAsker) {
        for way in ways {
            switch way {
            case .onboard:
                guard OnboardControl.call("Hide") else { continue }
                Log.line("\(asker.rawValue): asked onboard to hide")
            case .window(let window):
                adapter.unmapKeyboard(window)
                Log.line("\(asker.rawValue): unmapped keyboard window \(window)")
            case .command(let command):
                _ = run(command)
            case .hiddenWindow:
                continue  // a way to show
            }
            return
        }
    }

    private func run(_ command: String) -> Bool {
        guard let pid = children?.spawnShell(command) else {
            Log.say("cannot run \(command): \(String(cString: strerror(errno)))")
            return false
        }
        Log.line("auto-show: started \(command) (pid \(pid))")
        return true
    }
}
