#if canImport(Glibc)
import Glibc
#endif

/// The moment a bounded wait gives up, on `MonotonicClock`. The daemon's bounded waits (`oskshift status` waiting
/// for the first status, the manager-selection takeover, the `systemctl --user` query at start) all sleep on a
/// descriptor between looks at what they wait for, and all must never sleep past the moment they stop.
public struct Deadline {
    /// In `MonotonicClock.milliseconds()`.
    public let milliseconds: Int

    public init(afterMs timeoutMs: Int) {
        milliseconds = MonotonicClock.milliseconds() + timeoutMs
    }

    /// Sleeps until `fileDescriptor` is readable, the deadline passes or `atMostMs` go by, whichever comes first.
    /// nil, at once, when the deadline has already passed; otherwise poll's result (above 0: readable, 0: the
    /// time ran out, below 0: an error in errno, EINTR included). A cap shorter than the deadline serves waits for
    /// something the descriptor may not announce (an event Xlib has already read into its queue).
    /// The corresponding C call is poll(2).
    public func waitForInput(on fileDescriptor: Int32, atMostMs: Int = .max) -> Int32? {
        let left = milliseconds - MonotonicClock.milliseconds()
        guard left > 0 else { return nil }
        var descriptor = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, Int32(clamping: min(left, atMostMs)))
    }
}
