#if canImport(Glibc)
import Glibc
#endif

/// CLOCK_MONOTONIC in milliseconds: the `now` the engine is given, and the time stamps of AT-SPI updates. The one
/// clock of the daemon and its tools; the pure core reads none.
public enum MonotonicClock {
    public static func milliseconds() -> Int {
        let time = now()
        return time.tv_sec * 1000 + time.tv_nsec / 1_000_000
    }

    /// The same clock in microseconds: the stamps of a traced log (`OSKSHIFT_TRACE_CLOCK`) and of AT-SPI reads,
    /// where one millisecond is the whole budget being measured, and systemd's MONOTONIC_USEC.
    public static func microseconds() -> UInt64 {
        let time = now()
        return UInt64(time.tv_sec) * 1_000_000 + UInt64(time.tv_nsec / 1000)
    }

    /// The same clock in nanoseconds: engine-bench's stopwatch, which times a few microseconds per event.
    public static func nanoseconds() -> UInt64 {
        let time = now()
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// The corresponding C call is clock_gettime(CLOCK_MONOTONIC).
    private static func now() -> timespec {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return time
    }
}
