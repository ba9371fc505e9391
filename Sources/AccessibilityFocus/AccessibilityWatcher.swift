#if canImport(Glibc)
import Glibc
#endif
import CATSPI
import Synchronization

/// Follows the focused editable field of every application on the accessibility bus (AT-SPI) and hands
/// `AccessibleFocusUpdate`s to the daemon thread through a file descriptor, without polling.
///
/// Use: `start(...)` once (nil: no bus, the caret and widget sources stay off); add `fileDescriptor` to the
/// daemon's poll() set for POLLIN; when it is readable call `drain()` and use the LAST update of the batch
/// (earlier ones are superseded; all are returned for logs and tests); `stop()` before exit.
public final class AccessibilityWatcher: Sendable {
    private let channel: UpdateChannel<WatcherReport>
    private let loop: WatcherLoop
    private let learnt: LearntCoordinates
    private let thread: pthread_t
    /// The bus in use and where it was found, for `oskshift status` and logs.
    public let busAddress: String
    public let busOrigin: String

    /// Readable (POLLIN) while updates wait in `drain()`. Owned by the watcher: do not close or read it.
    public var fileDescriptor: Int32 { channel.fileDescriptor }

    /// The reports posted since the last call, oldest first; resets `fileDescriptor`. Any thread.
    public func drain() -> [WatcherReport] {
        channel.drain()
    }

    /// Finds the accessibility bus and starts the watcher thread; nil, after logging one line, when no bus is
    /// reachable or libatspi cannot start.
    ///
    /// - Parameters:
    ///   - busAddressHint: the root window property `AT_SPI_BUS` (a STRING), as the daemon read it; nil when
    ///     absent. Tried after `AT_SPI_BUS_ADDRESS` and before `org.a11y.Bus` on the session bus (the order
    ///     libatspi uses).
    ///   - ownPIDsToIgnore: processes whose focus events are ignored (the on-screen keyboards).
    ///   - log: called with one line per noteworthy event, from the calling thread and from the watcher thread.
    ///
    /// `atspi_init` aborts the process (SIGTRAP) without a bus, so it runs only after a plain libdbus
    /// connection to the chosen address has succeeded; the address is then put into `AT_SPI_BUS_ADDRESS` so
    /// libatspi uses exactly that bus and never autolaunches a session bus. Call it from the daemon's main
    /// thread before other threads read the environment (setenv is not thread-safe). It may block up to ~3 s
    /// while at-spi-bus-launcher is D-Bus activated. Only one watcher may run in a process (libatspi is global).
    public static func start(
        busAddressHint: String?, ownPIDsToIgnore: Set<Int32>, log: @escaping @Sendable (String) -> Void
    ) -> AccessibilityWatcher? {
        let candidates = BusCandidate.candidates(environment: environment(), rootPropertyHint: busAddressHint)
        var (found, failures) = BusProbe.find(candidates)
        if let busAddressHint, !busAddressHint.isEmpty, BusCandidate.cleanAddress(busAddressHint) == nil {
            failures.insert("root window property AT_SPI_BUS is malformed", at: 0)
        }
        guard let found else {
            let why = failures.isEmpty
                ? "no AT_SPI_BUS root property and no session bus" : failures.joined(separator: "; ")
            log("accessibility: no accessibility bus (\(why)); caret and widget sources disabled")
            return nil
        }
        guard let channel = UpdateChannel<WatcherReport>() else {
            log("accessibility: cannot create an eventfd; caret and widget sources disabled")
            return nil
        }
        setenv("AT_SPI_BUS_ADDRESS", found.address, 1)
        let learnt = LearntCoordinates()
        let loop = WatcherLoop(channel: channel, ignoredPIDs: ownPIDsToIgnore, learnt: learnt, log: log)
        let startup = ThreadStartup(loop: loop)
        guard startup.canWait else {
            log("accessibility: cannot create an eventfd; caret and widget sources disabled")
            return nil
        }
        var thread = pthread_t()
        let context = Unmanaged.passRetained(startup).toOpaque()
        guard pthread_create(&thread, nil, watcherThreadMain, context) == 0 else {
            Unmanaged<ThreadStartup>.fromOpaque(context).release()
            log("accessibility: cannot start the watcher thread; caret and widget sources disabled")
            return nil
        }
        startup.waitUntilConnected()
        guard startup.succeeded.withLock({ $0 }) else {
            pthread_join(thread, nil)
            return nil
        }
        log("accessibility: listening on \(found.address) (from \(found.origin))")
        return AccessibilityWatcher(channel: channel, loop: loop, learnt: learnt, thread: thread, bus: found)
    }

    private init(channel: UpdateChannel<WatcherReport>, loop: WatcherLoop, learnt: LearntCoordinates,
                 thread: pthread_t, bus: BusProbe.Found) {
        self.channel = channel
        self.loop = loop
        self.learnt = learnt
        self.thread = thread
        busAddress = bus.address
        busOrigin = bus.origin
    }

    /// Reads the focused field again now, on the watcher thread, and posts it even when unchanged (the daemon may
    /// have dropped the last report: no window matched). Any thread; when to call it is the engine's
    /// (`FieldReads`: after a window moved, while a new field's extents are unknown).
    public func readFocusedField() {
        loop.readTrackedField()
    }

    /// Asks the application to scroll the focused field into its visible area (`Component.ScrollTo`) now, then reads
    /// it (posted even when unchanged). Any thread; the engine repeats it (`FieldReads`: a browser ignores a
    /// ScrollTo sent before it has handled its resize, docs/kiosk.md).
    public func scrollFocusedFieldIntoView() {
        loop.scrollTrackedFieldIntoView()
    }

    /// Posts `.synced(token)` once the watcher thread has handled every event its main context holds now (those
    /// already read from the bus, and the reads in progress): the accessibility half of a sync request. Any thread.
    public func sync(token: Int) {
        loop.postSync(token: token)
    }

    /// What the daemon learnt of each application's coordinates, by process (the whole of it, each time it
    /// changes): from the next read on, an application whose window coordinates are relative to a window has its
    /// focused single-line fields read in them, one not known well enough is sampled, and one whose screen
    /// coordinates are its window's is asked in window coordinates. Any thread.
    public func learnt(coordinates: [Int32: ApplicationCoordinates]) {
        learnt.replace(with: coordinates)
    }

    /// Stops the watcher thread and waits for it (it lets go of libatspi). Call once, from the daemon thread.
    public func stop() {
        loop.quit()
        pthread_join(thread, nil)
    }

    private static func environment() -> [String: String] {
        var result: [String: String] = [:]
        for name in ["AT_SPI_BUS_ADDRESS", "DBUS_SESSION_BUS_ADDRESS"] {
            if let value = getenv(name) { result[name] = String(cString: value) }
        }
        return result
    }
}

/// Carries the loop to the new thread and the outcome of `atspi_init` back. The starting thread blocks on a
/// plain eventfd rather than a DispatchSemaphore: that one wait was all the daemon took from libdispatch, whose
/// static copy then came into the release binary and its resident pages (BENCHMARKS.md, Memory).
private final class ThreadStartup: Sendable {
    let loop: WatcherLoop
    let succeeded = Mutex(false)
    private let connected = eventfd(0, Int32(EFD_CLOEXEC))

    init(loop: WatcherLoop) { self.loop = loop }

    deinit {
        if connected >= 0 { close(connected) }
    }

    func signalConnected() {
        var one: UInt64 = 1
        _ = write(connected, &one, MemoryLayout<UInt64>.size)
    }

    /// False when the kernel refused the eventfd (out of descriptors): the thread must not start then.
    var canWait: Bool { connected >= 0 }

    func waitUntilConnected() {
        var value: UInt64 = 0
        while read(connected, &value, MemoryLayout<UInt64>.size) < 0, errno == EINTR {}
    }
}

private func watcherThreadMain(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    guard let context else { return nil }
    let startup = Unmanaged<ThreadStartup>.fromOpaque(context).takeRetainedValue()
    let loop = startup.loop
    let ok = loop.connect()
    startup.succeeded.withLock { $0 = ok }
    startup.signalConnected()
    if ok { loop.run() }
    return nil
}
