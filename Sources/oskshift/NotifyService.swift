import Clock
import Glibc

/// systemd's notify protocol (Type=notify): READY=1 once the display is watched, STATUS= when the summary
/// changes, RELOADING=1 / READY=1 around a SIGHUP reload, STOPPING=1 on the way out.
///
/// Spoken directly, as sd_notify(3) documents it for daemons that do not link libsystemd: one datagram with the
/// newline-separated assignments to the AF_UNIX socket named by $NOTIFY_SOCKET (a path, or an abstract name when
/// it starts with "@"). Without NOTIFY_SOCKET (not started by systemd) nothing is sent. Not linking libsystemd
/// keeps it and the libraries it drags in (libgcrypt, liblzma, libzstd, liblz4, libcap) out of the daemon's
/// memory (BENCHMARKS.md, Memory). NOTIFY_SOCKET stays set: processes the daemon starts (auto-show commands)
/// inherit it, and the unit's NotifyAccess=main makes systemd ignore them.
enum NotifyService {
    static func ready(status: String) { send("READY=1\nSTATUS=\(status)") }

    static func status(_ summary: String) { send("STATUS=\(summary)") }

    /// MONOTONIC_USEC lets systemd 253+ (Type=notify-reload) match the reload to this message; older ones
    /// ignore it.
    static func reloading() { send("RELOADING=1\nMONOTONIC_USEC=\(MonotonicClock.microseconds())") }

    static func stopping() { send("STOPPING=1\nSTATUS=stopping, restoring windows") }

    private static func send(_ state: String) {
        guard let variable = getenv("NOTIFY_SOCKET"), let address = NotifyAddress(String(cString: variable))
        else { return }
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return }
        defer { close(fd) }
        var socketAddress = sockaddr_un()
        socketAddress.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &socketAddress.sun_path) { $0.copyBytes(from: address.bytes) }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + address.bytes.count)
        var message = state
        message.withUTF8 { buffer in
            withUnsafePointer(to: &socketAddress) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    _ = sendto(fd, buffer.baseAddress, buffer.count, Int32(MSG_NOSIGNAL), $0, length)
                }
            }
        }
    }
}

/// $NOTIFY_SOCKET as the bytes of `sockaddr_un.sun_path`: a path ("/run/..."), NUL-terminated; or an abstract
/// name ("@name"), whose leading NUL takes the "@"'s place and which is not terminated. Nil for anything else
/// (systemd's vsock addresses are not for a desktop session's user manager) or when it does not fit.
struct NotifyAddress: Equatable {
    let bytes: [UInt8]

    init?(_ variable: String) {
        var bytes = Array(variable.utf8)
        switch bytes.first {
        case UInt8(ascii: "/"): bytes.append(0)
        case UInt8(ascii: "@"): bytes[0] = 0
        default: return nil
        }
        guard bytes.count <= MemoryLayout.size(ofValue: sockaddr_un().sun_path) else { return nil }
        self.bytes = bytes
    }
}
