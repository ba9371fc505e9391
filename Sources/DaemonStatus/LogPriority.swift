/// syslog priorities for journald (sd-journal's PRIORITY= field), chosen per log line.
public enum LogPriority: Int, Sendable {
    case error = 3
    case warning = 4
    case notice = 5
    case info = 6
    case debug = 7

    /// The priority of a line the daemon logs with `Log.line`: the --verbose trace by its prefix (decisions and
    /// dry-run actions at info, the rest of the trace at debug); anything else (configuration errors printed as
    /// `FILE:LINE:COL: message`) is an error.
    public static func of(line: String) -> LogPriority {
        if line.hasPrefix("decision: ") || line.hasPrefix("would: ") { return .info }
        if line.hasPrefix("event: ") || line.hasPrefix("action: ") || line.hasPrefix("note: ") { return .debug }
        return .error
    }
}
