#if canImport(Glibc)
import Glibc
#endif

/// CLOCK_MONOTONIC in milliseconds, the clock the daemon's timers and logs use.
enum MonotonicClock {
    static func nowMs() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) * 1000 + UInt64(now.tv_nsec) / 1_000_000
    }
}
