import CLinux
import Clock
import Glibc
import OskshiftCore
import X11Adapter

/// The command line's entry and the daemon's loop: one thread owns the display, and waits on the X connection,
/// the signals and (only while an animation runs) the timer together.
final class Daemon {
    let options: Options
    let adapter: X11Adapter
    let signals: SignalSource
    let timer: TimerSource
    var engine: Engine
    var configurationPath: String?
    /// AT-SPI focus sources and auto-show (AccessibilityBridge.swift); nil only when its timers cannot be made.
    var accessibility: AccessibilityBridge?
    /// `oskshift status` and systemd's STATUS= (StatusPublisher.swift).
    var statusPublisher = StatusPublisher()
    /// `[accessory]` and `hide_on_return` (AccessoryController.swift): keyboard plus bar as one obstacle.
    var accessory: AccessoryController?
    /// The one door for effects (Effects.swift): every action, the engine's and auto-show's, is performed there.
    let effects: Effects
    /// Sync requests waiting for the watcher's marker, by token (SyncAnswers.swift).
    var syncsAwaitingWatcher: [Int: [SyncRequest]] = [:]
    var lastSyncToken = 0

    static func main(arguments: [String]) -> Int32 {
        let options: Options
        switch Options.parse(arguments) {
        case .success(let parsed): options = parsed
        case .failure(let error):
            Log.say(error.sentence)
            return 2
        }
        switch options.command {
        case .version:
            Log.output(Options.version + "\n")
            return 0
        case .help:
            Log.output(Options.help)
            return 0
        case .checkConfig:
            switch ConfigLoading.load(explicit: options.configPath) {
            case .success: return 0
            case .failure(let errors):
                errors.lines.forEach(Log.line)
                return 2
            }
        case .printConfig:
            switch ConfigLoading.load(explicit: options.configPath) {
            case .success(let configuration):
                Log.output(ConfigLoading.render(configuration))
                return 0
            case .failure(let errors):
                errors.lines.forEach(Log.line)
                return 2
            }
        case .status:
            return StatusCommand.run(options)
        case .run:
            return run(options)
        }
    }

    static func run(_ options: Options) -> Int32 {
        if let status = SessionGate.exitStatusBeforeStarting(options) { return status }
        let configuration: Configuration
        switch ConfigLoading.load(explicit: options.configPath) {
        case .success(let loaded): configuration = loaded
        case .failure(let errors):
            errors.lines.forEach(Log.line)
            Log.say("the configuration has errors; not starting", priority: .error)
            return 2
        }
        // Blocked before anything else, so a signal that arrives during start-up waits in the signalfd.
        guard let signals = SignalSource(), let timer = TimerSource() else {
            Log.say("cannot set up signal handling: \(String(cString: strerror(errno)))", priority: .error)
            return 1
        }
        let adapter: X11Adapter
        do {
            adapter = try X11Adapter(displayName: options.displayName, settings: AdapterSettings(configuration))
        } catch {
            Log.say(error.description, priority: .error)
            return 2
        }
        switch adapter.acquireManagerSelection(replace: options.replace) {
        case .acquired: break
        case .acquiredOldOwnerLingering:
            Log.say("the oskshift being replaced did not exit within 2 s; starting anyway")
        case .taken:
            Log.say("another oskshift already serves display \(adapter.displayName) (--replace takes over)",
                    priority: .warning)
            return 3
        }
        let daemon = Daemon(options: options, adapter: adapter, signals: signals, timer: timer,
            configuration: configuration)
        return daemon.loop()
    }

    init(options: Options, adapter: X11Adapter, signals: SignalSource, timer: TimerSource,
        configuration: Configuration)
    {
        self.options = options
        self.adapter = adapter
        self.signals = signals
        self.timer = timer
        configurationPath = ConfigLoading.locate(explicit: options.configPath)
        let initial = adapter.start()
        engine = Engine(configuration: configuration, screen: adapter.screen)
        effects = Effects(adapter: adapter, options: options, timer: timer)
        accessory = AccessoryController(adapter: adapter, effects: effects, configuration: configuration)
        // Until the bus has answered, nothing that may be on it is moved: the X side alone would take a form whose
        // focus is on a button for one whose whole window must clear the keyboard.
        handle([.accessibilityBus(.connecting)] + initial)
        Engine.beforeListening.forEach { effects.perform($0) }  // before the watcher starts: see there
        // "Ready" means listening to AT-SPI too when a bus exists (PRODUCT.md), so the watcher starts first.
        accessibility = AccessibilityBridge.start(adapter: adapter, effects: effects,
                                                  keyboardSettings: configuration.keyboard, verbose: options.verbose)
        effects.watcher = accessibility?.watcher
        accessory?.bridge = accessibility
        // The grace counts from the watcher's start, which may block for seconds while the bus is activated; its
        // first answer is already on its way.
        handle([.accessibilityBus(accessibility?.watcher == nil ? .absent : .connecting)])
        Log.say("ready on display \(adapter.displayName)")
        announceReady()
        let released = StartupPages.release()
        if options.verbose { Log.line("note: released \(released) kB of start-up pages") }
    }

    func loop() -> Int32 {
        var fds = [
            pollfd(fd: adapter.fileDescriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: signals.fileDescriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: timer.fileDescriptor, events: Int16(POLLIN), revents: 0),
        ]
        if let accessibility { fds.append(pollfd(fd: accessibility.fileDescriptor, events: Int16(POLLIN), revents: 0)) }
        while true {
            // Replies to our own queries pull events into Xlib's queue without making the socket readable:
            // drain until Xlib has nothing left before sleeping.
            while adapter.hasPendingEvents {
                handle(adapter.drain())
                // The reads drain() postponed, now that its answer is on the wire.
                if adapter.hasLateChecks {
                    let late = adapter.settleLate()
                    if !late.isEmpty { handle(late) }
                }
                receiveSyncRequests()
                if adapter.selectionLost {
                    Log.say("replaced by another oskshift; restoring windows")
                    return stop()
                }
            }
            for index in fds.indices { fds[index].revents = 0 }
            if poll(&fds, nfds_t(fds.count), -1) < 0 {
                if errno == EINTR { continue }
                Log.say("poll failed: \(String(cString: strerror(errno)))", priority: .error)
                return 1
            }
            if fds[1].revents != 0 {
                for signal in signals.read() {
                    if signal == SIGHUP {
                        reload()
                    } else {
                        return stop()
                    }
                }
            }
            if fds[2].revents != 0, timer.read() > 0 {
                handle([.timerFired])
            }
            if let accessibility, fds.contains(where: { $0.fd == accessibility.fileDescriptor && $0.revents != 0 }) {
                handle(accessibility.service())
                answerSyncsTheWatcherReached()
            }
            // fds[0]: the next round of the loop drains it; a dead connection ends in Xlib's IO error exit.
        }
    }

    /// SIGTERM, SIGINT, or the selection taken by `--replace`: restore every window, wait for the server to
    /// have done it, exit 0.
    func stop() -> Int32 {
        NotifyService.stopping()
        handle([.stopping])
        waitForWindowsHome()
        adapter.sync()
        accessibility?.stop()
        return 0
    }

    /// The longest the exit waits for the server to report every window home.
    static let exitWaitMs = 1000

    /// Follows the restores sent at the exit until the server reports every window at its original frame (the
    /// engine asks again once where the window manager put one elsewhere), for at most `exitWaitMs`; names any
    /// window that did not get home.
    private func waitForWindowsHome() {
        let deadline = Deadline(afterMs: Self.exitWaitMs)
        while !engine.windowsOnTheirWayHome.isEmpty {
            if !adapter.hasPendingEvents {
                guard let ready = deadline.waitForInput(on: adapter.fileDescriptor) else { break }
                if ready < 0 && errno != EINTR { break }
            }
            feed(adapter.drain())
            adapter.batchFed()
            adapter.flush()
        }
        for window in engine.windowsOnTheirWayHome + engine.windowsLeftAway {
            Log.say("window \(window.id) not brought home: at \(window.current), its original \(window.home)",
                    priority: .warning)
        }
    }

    /// SIGHUP: a good file replaces the configuration; a bad one is reported and the old one stays.
    func reload() {
        NotifyService.reloading()
        defer { statusPublisher.reloaded() }
        configurationPath = ConfigLoading.locate(explicit: options.configPath)
        switch ConfigLoading.load(explicit: options.configPath) {
        case .success(let configuration):
            adapter.settings = AdapterSettings(configuration)
            Log.say("configuration reloaded from \(configurationPath ?? "built-in defaults")")
            handle([.configurationChanged(configuration)])
        case .failure(let errors):
            errors.lines.forEach(Log.line)
            Log.say("the new configuration has errors; keeping the previous one", priority: .warning)
        }
    }

    /// Feeds events to the engine and has its actions performed (Effects.swift): server requests through the
    /// adapter's writer (never in --dry-run), timers, AT-SPI, decisions to the log.
    func handle(_ events: [Event]) {
        var translated = accessory?.translate(events) ?? events
        feed(translated)
        adapter.batchFed()
        if let accessory {
            let barChange = accessory.focusDecided(
                editableFocused: engine.focusSource(at: MonotonicClock.milliseconds()) != nil)
            feed(barChange)
            translated += barChange
        }
        if !options.dryRun {
            accessory?.afterBatch(stopping: events.contains(.stopping),
                                  focusedSingleLine: engine.focusedAccessibleField?.singleLine ?? false)
        }
        // The moves go out before the status is rebuilt: encoding it (tens of µs) is nobody's wait.
        // Traced: when the requests were handed to the kernel. The line itself comes later: the write that wakes
        // the X server can let it (or openbox) take the core before this thread logs anything.
        let flushing = effects.requestsSinceFlush && Log.stamped && options.verbose ? MonotonicClock.microseconds() : 0
        adapter.flush()
        if flushing != 0 { Log.line("note: requests flushed (flush began at-us=\(flushing))") }
        effects.requestsSinceFlush = false
        publishStatus(engineFed: !translated.isEmpty)
        adapter.flush()
        if options.verbose {
            for note in adapter.takeNotes() { Log.line("note: " + note) }
            for error in adapter.takeErrors() { Log.line("note: \(error)") }
        } else {
            _ = adapter.takeNotes()
            _ = adapter.takeErrors()
        }
    }

    /// The engine takes each event; its actions are performed in order.
    private func feed(_ events: [Event]) {
        var events = events[...]
        while let event = events.popFirst() {
            if let before = accessibility?.eventsBefore(event), !before.isEmpty { feed(before) }
            accessibility?.observe(event)
            if options.verbose { Log.line("event: " + EventDescription.line(event)) }
            let actions = engine.handle(event, now: MonotonicClock.milliseconds())
            adapter.fed(event)
            for action in actions {
                // Where a request landed, read now and handled before the batch's next event.
                if case .read(let read) = effects.perform(action) { events.insert(read, at: events.startIndex) }
            }
        }
    }
}
