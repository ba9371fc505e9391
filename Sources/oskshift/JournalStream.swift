import DaemonStatus
import Glibc

/// Log lines with a priority when stderr is the journal's stream: systemd sets JOURNAL_STREAM=<device>:<inode>
/// for a service whose stderr it connected to journald, and journald reads a "<N>" in front of a line as that
/// line's syslog priority (systemd.exec(5), SyslogLevelPrefix=, on by default); the entry's identifier is the
/// unit's (the process name, "oskshift"). So no library is needed for it. The variable is trusted only when it
/// matches fstat(2) of fd 2, because it is inherited by everything the service starts (a shell run from it with
/// stderr redirected must keep plain lines).
enum JournalStream {
    static let isStandardError: Bool = {
        guard let value = getenv("JOURNAL_STREAM") else { return false }
        let parts = String(cString: value).split(separator: ":")
        var status = stat()
        guard parts.count == 2, let device = UInt64(parts[0]), let inode = UInt64(parts[1]), fstat(2, &status) == 0
        else { return false }
        return UInt64(status.st_dev) == device && UInt64(status.st_ino) == inode
    }()

    /// The line as journald's stream reads it with its priority; every line of a multi-line text gets the prefix.
    static func line(_ message: String, priority: LogPriority) -> String {
        message.split(separator: "\n", omittingEmptySubsequences: false)
            .map { "<\(priority.rawValue)>" + $0 }.joined(separator: "\n")
    }
}
