import CSystemd
import Glibc

/// systemd's notify protocol (Type=notify): READY=1 once the display is watched, STATUS= when the summary
/// changes, RELOADING=1 / READY=1 around a SIGHUP reload, STOPPING=1 on the way out. Without NOTIFY_SOCKET (not
/// started by systemd) sd_notify does nothing and costs one getenv.
enum NotifyService {
    static func ready(status: String) { send("READY=1\nSTATUS=\(status)") }

    static func status(_ summary: String) { send("STATUS=\(summary)") }

    /// MONOTONIC_USEC lets systemd 253+ (Type=notify-reload) match the reload to this message; older ones
    /// ignore it.
    static func reloading() {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        send("RELOADING=1\nMONOTONIC_USEC=\(time.tv_sec * 1_000_000 + time.tv_nsec / 1000)")
    }

    static func stopping() { send("STOPPING=1\nSTATUS=stopping, restoring windows") }

    /// The corresponding call is sd_notify(3). NOTIFY_SOCKET stays set (unset_environment 0): processes the
    /// daemon starts (auto-show commands) inherit it, and the unit's NotifyAccess=main makes systemd ignore them.
    private static func send(_ state: String) {
        _ = sd_notify(0, state)
    }
}
