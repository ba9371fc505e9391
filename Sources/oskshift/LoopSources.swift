import CLinux
import Glibc

/// Signals blocked for normal delivery and read as data from a signalfd, so the loop handles them between events
/// like any other input: the daemon's SIGTERM, SIGINT and SIGHUP, and ChildProcesses' SIGCHLD.
/// The corresponding calls are sigprocmask(2) and signalfd(2).
struct SignalSource {
    let fileDescriptor: Int32

    /// The daemon's own: SIGTERM, SIGINT and SIGHUP.
    init?() {
        self.init(signals: [SIGTERM, SIGINT, SIGHUP])
    }

    /// Blocks `signals` in this thread (and so in the threads it starts afterwards, which inherit the mask) and
    /// opens a non-blocking, close-on-exec signalfd for them. Nil, with errno set, when either call failed.
    init?(signals: [Int32]) {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in signals { sigaddset(&set, signal) }
        guard sigprocmask(SIG_BLOCK, &set, nil) == 0 else { return nil }
        let fd = signalfd(-1, &set, Int32(SFD_NONBLOCK | SFD_CLOEXEC))
        guard fd >= 0 else { return nil }
        fileDescriptor = fd
    }

    /// The signals that arrived since the last call.
    func read() -> [Int32] {
        var signals: [Int32] = []
        var info = signalfd_siginfo()
        let size = MemoryLayout<signalfd_siginfo>.size
        while Glibc.read(fileDescriptor, &info, size) == size {
            signals.append(Int32(info.ssi_signo))
        }
        return signals
    }
}

/// A timerfd: the engine's timer (animation frames, the end of a new window's wait for the bus, or a move queued
/// behind an unanswered one; armed only between startTimer and stopTimer) and auto-show's one-shot hide delay;
/// neither runs while idle, so an idle daemon never wakes.
/// The corresponding calls are timerfd_create(2) and timerfd_settime(2).
struct TimerSource {
    let fileDescriptor: Int32

    init?() {
        let fd = timerfd_create(CLOCK_MONOTONIC, Int32(TFD_NONBLOCK | TFD_CLOEXEC))
        guard fd >= 0 else { return nil }
        fileDescriptor = fd
    }

    func start(intervalMs: Int) {
        let interval = max(intervalMs, 1)
        let spec = timespec(tv_sec: interval / 1000, tv_nsec: (interval % 1000) * 1_000_000)
        var value = itimerspec(it_interval: spec, it_value: spec)
        timerfd_settime(fileDescriptor, 0, &value, nil)
    }

    /// Once, `ms` from now.
    func fire(afterMs ms: Int) {
        // A zero it_value would disarm the timer: 0 ms means "at once", which 1 ns gives.
        let nanoseconds = max(ms, 0) * 1_000_000
        var value = itimerspec(
            it_interval: timespec(tv_sec: 0, tv_nsec: 0),
            it_value: timespec(tv_sec: nanoseconds / 1_000_000_000, tv_nsec: max(nanoseconds % 1_000_000_000, 1)))
        timerfd_settime(fileDescriptor, 0, &value, nil)
    }

    /// Disarms it and drops an expiry not read yet.
    func stop() {
        var value = itimerspec()
        timerfd_settime(fileDescriptor, 0, &value, nil)
        _ = read()
    }

    /// Expirations since the last read (0 when none: a stopped timer may still have been readable).
    func read() -> UInt64 {
        var count: UInt64 = 0
        return Glibc.read(fileDescriptor, &count, 8) == 8 ? count : 0
    }
}
