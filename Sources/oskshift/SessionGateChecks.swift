import CLinux
import Clock
import Glibc
import X11Adapter

extension SessionGate {
    /// The daemon's first step: nil to go on starting, or the exit status to end with at once.
    ///
    /// Order matters: the autostart entry first asks whether the unit serves the session, so under a unit that
    /// runs it says nothing at all (the unit itself reports a Wayland session, once); the display is opened
    /// only after the Wayland check, as under Wayland DISPLAY may name Xwayland.
    static func exitStatusBeforeStarting(_ options: Options) -> Int32? {
        if options.autostart, let reason = userUnitServes(units: askUserManager()) {
            if options.verbose { Log.say("\(reason); the autostart entry steps aside") }
            return 0
        }
        if let sentence = waylandRefusal(environment: sessionEnvironment()) {
            Log.say(sentence, priority: .error)
            return waylandExitStatus
        }
        if options.autostart, anotherInstanceServes(displayName: options.displayName) {
            if options.verbose { Log.say("another oskshift serves the display; the autostart entry steps aside") }
            return 0
        }
        return nil
    }

    private static func sessionEnvironment() -> [String: String] {
        var environment: [String: String] = [:]
        for name in ["XDG_SESSION_TYPE", "WAYLAND_DISPLAY"] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        return environment
    }

    /// Only the owner of the manager selection matters here (no wait for readiness): a starting instance
    /// serves the display as much as a ready one. A display that cannot be opened is left to the normal
    /// start-up, which reports it.
    private static func anotherInstanceServes(displayName: String?) -> Bool {
        switch StatusProperty.read(displayName: displayName, timeoutMs: 0) {
        case .success, .failure(.notReady), .failure(.instanceExited): return true
        case .failure(.noInstance), .failure(.cannotOpenDisplay): return false
        }
    }

    /// The unit's and the session target's states from `systemctl --user show`; empty without a user manager
    /// (systemctl then fails at once: "Failed to connect to bus") or when it does not answer within 2 s.
    private static func askUserManager() -> [String: [String: String]] {
        let output = runCapturingStdout(
            ["systemctl", "--user", "show", "--property=Id,ActiveState,UnitFileState", unitName, sessionTargetName],
            timeoutMs: 2000)
        return output.map(parseShow) ?? [:]
    }

    /// Runs `arguments` (looked up on PATH) with stdin and stderr on /dev/null; its stdout when it exited 0.
    private static func runCapturingStdout(_ arguments: [String], timeoutMs: Int32) -> String? {
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { return nil }
        // Close-on-exec, so the child holds only its dup2'ed stdout and its exit ends our read.
        for end in pipeEnds { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let words = arguments.map { strdup($0) }
        defer { words.forEach { free($0) } }
        var argv = words + [nil]
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, arguments[0], &actions, nil, &argv, oskshift_environ())
        close(pipeEnds[1])
        defer { close(pipeEnds[0]) }
        guard spawned == 0 else { return nil }

        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        let deadline = Deadline(afterMs: Int(timeoutMs))
        // Until end of file: the child exited (or closed its stdout). A read error also ends the wait.
        var finished = false
        while !finished {
            guard let ready = deadline.waitForInput(on: pipeEnds[0]) else { break }
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { break }
            let count = read(pipeEnds[0], &buffer, buffer.count)
            if count > 0 { bytes += buffer[0..<count] } else if count == 0 || errno != EINTR { finished = true }
        }
        if !finished { kill(pid, SIGKILL) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        // WIFEXITED and WEXITSTATUS are macros Swift cannot import: status 0 means "exited with 0".
        guard finished, status == 0 else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }
}
