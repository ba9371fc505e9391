import CSystemd
import DaemonStatus
import Glibc

/// Logging straight to journald, with a priority per line, when stderr is the journal's stream.
/// systemd sets JOURNAL_STREAM=<device>:<inode> for a service whose stderr it connected to journald; it is
/// trusted only when it matches fstat(2) of fd 2, because the variable is inherited by everything the service
/// starts (a shell run from it with stderr redirected must keep plain lines).
enum JournalStream {
    static let isStandardError: Bool = {
        guard let value = getenv("JOURNAL_STREAM") else { return false }
        let parts = String(cString: value).split(separator: ":")
        var status = stat()
        guard parts.count == 2, let device = UInt64(parts[0]), let inode = UInt64(parts[1]), fstat(2, &status) == 0
        else { return false }
        return UInt64(status.st_dev) == device && UInt64(status.st_ino) == inode
    }()

    /// One journal entry: MESSAGE, PRIORITY, SYSLOG_IDENTIFIER. False when journald refused it (the caller then
    /// writes the line to stderr). The corresponding call is sd_journal_sendv(3), which, unlike the variadic
    /// sd_journal_print, Swift can call.
    static func send(_ message: String, priority: LogPriority) -> Bool {
        let fields = ["MESSAGE=" + message, "PRIORITY=\(priority.rawValue)", "SYSLOG_IDENTIFIER=oskshift"]
        let copies = fields.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        var vectors = copies.compactMap { copy in
            copy.map { iovec(iov_base: UnsafeMutableRawPointer($0), iov_len: strlen($0)) }
        }
        guard vectors.count == fields.count else { return false }
        return sd_journal_sendv(&vectors, Int32(vectors.count)) >= 0
    }
}
