import Clock
import DaemonStatus
import Glibc

/// Plain stderr lines, or lines with a journal priority prefix when stderr is the journal (JournalStream.swift).
/// Every line is written whole with one write(2), so lines from a dying process are never interleaved half-way.
enum Log {
    /// `oskshift: <sentence>`: failures and the lifecycle lines tests wait on. In the journal the prefix is the
    /// entry's SYSLOG_IDENTIFIER instead.
    static func say(_ sentence: String, priority: LogPriority = .notice) {
        emit("oskshift: " + sentence, journal: sentence, priority: priority, stamp: false)
    }

    /// A trace line (`event:`, `decision:`...) or a configuration error; the priority follows from its prefix.
    static func line(_ text: String) {
        emit(text, journal: text, priority: LogPriority.of(line: text), stamp: stamped)
    }

    /// `OSKSHIFT_TRACE_CLOCK=1`: every trace line (not the `oskshift:` lifecycle lines) starts with `@` and CLOCK_MONOTONIC in milliseconds with microseconds
    /// (`@1234.567 event: ...`), for the benchmarks that set the daemon's steps against their own clock
    /// (BENCHMARKS.md, the browser tap). One vDSO clock read per line; off, nothing changes.
    static let stamped = getenv("OSKSHIFT_TRACE_CLOCK").map { String(cString: $0) == "1" } ?? false

    private static func emit(_ text: String, journal: String, priority: LogPriority, stamp: Bool) {
        if stamp {
            let us = MonotonicClock.microseconds()
            let fraction = String(us % 1000)
            let stamp = "@\(us / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction + " "
            write(fd: 2, stamp + text + "\n")
        } else if JournalStream.isStandardError {
            write(fd: 2, JournalStream.line(journal, priority: priority) + "\n")
        } else {
            write(fd: 2, text + "\n")
        }
    }

    /// Command output (--version, --help, --print-config) on stdout.
    static func output(_ text: String) { write(fd: 1, text) }

    private static func write(fd: Int32, _ text: String) {
        var text = text
        text.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if written <= 0 { return }
                offset += written
            }
        }
    }
}
