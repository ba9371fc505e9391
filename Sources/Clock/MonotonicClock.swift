#if canImport(Glibc)
import Glibc
#endif

/// CLOCK_MONOTONIC in milliseconds: the `now` the engine is given, and the time stamps of AT-SPI updates. The one
/// clock of the daemon; the pure core reads none.
public enum MonotonicClock {
    public static func milliseconds() -> Int {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return time.tv_sec * 1000 + time.tv_nsec / 1_000_000
    }

    /// The same clock in microseconds: the stamps of a traced log (`OSKSHIFT_TRACE_CLOCK`) and of AT-SPI reads,
    /// where one millisecond is the whole budget being measured.
    public static func microseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000 + UInt64(time.tv_nsec / 1000)
    }
}
