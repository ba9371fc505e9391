import CLinux
import Glibc

/// `show_command` / `hide_command`: `/bin/sh -c COMMAND`, started with posix_spawn and reaped through a signalfd
/// for SIGCHLD, so the loop never polls for children and none is left a zombie.
///
/// The daemon blocks SIGTERM, SIGINT, SIGHUP (and SIGCHLD here) to read them from signalfds; a child would
/// inherit that mask and ignore `kill`. So the child gets an empty mask and default dispositions
/// (POSIX_SPAWN_SETSIGMASK + POSIX_SPAWN_SETSIGDEF), as if started from a shell.
final class ChildProcesses {
    private let childEnded: SignalSource
    private(set) var running: Set<pid_t> = []

    /// Readable when a child has ended; `reap()` then collects every ended child.
    var fileDescriptor: Int32 { childEnded.fileDescriptor }

    /// Blocks SIGCHLD for this thread (and the threads started after it) and opens its signalfd. Call on the main
    /// thread before the AT-SPI watcher thread starts, so that thread inherits the mask.
    init?() {
        guard let childEnded = SignalSource(signals: [SIGCHLD]) else { return nil }
        self.childEnded = childEnded
    }

    /// Starts `/bin/sh -c command` with the daemon's environment; nil (errno set) when posix_spawn failed.
    func spawnShell(_ command: String) -> pid_t? {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let words: [String] = ["/bin/sh", "-c", command]
        let arguments = words.map { strdup($0) }
        defer { arguments.forEach { free($0) } }
        var argv = arguments + [nil]
        var pid: pid_t = 0
        let status = posix_spawn(&pid, "/bin/sh", nil, &attributes, &argv, oskshift_environ())
        guard status == 0 else {
            errno = status
            return nil
        }
        running.insert(pid)
        return pid
    }

    /// Empties the signalfd and collects every child that has ended (several SIGCHLD may merge into one).
    /// Returns each ended child with its wait status.
    func reap() -> [(pid: pid_t, status: Int32)] {
        _ = childEnded.read()
        var ended: [(pid: pid_t, status: Int32)] = []
        for pid in running {
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid { ended.append((pid, status)) }
        }
        for child in ended { running.remove(child.pid) }
        return ended
    }
}
