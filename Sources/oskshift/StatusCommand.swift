import DaemonStatus
import X11Adapter

import Glibc

/// `oskshift status [--display DPY] [--json] [--sync [--mark N]]`: asks the instance serving the display for its
/// state, or with `--sync` for a sync answer (SyncAnswers.swift). Exit 0 with the status or answer printed; 1 with
/// a sentence when no instance runs, it is not ready (or does not answer) in time, or the display cannot be opened.
enum StatusCommand {
    /// How long a starting instance gets to become ready: scripts and tests start the daemon, then run this.
    static let readyTimeoutMs = 5000

    static func run(_ options: Options) -> Int32 {
        if options.sync { return sync(options) }
        switch StatusProperty.read(displayName: options.displayName, timeoutMs: readyTimeoutMs) {
        case .success(let text):
            guard let report = StatusReport(jsonText: text) else {
                Log.say("the oskshift serving this display published a status this version cannot read")
                return 1
            }
            Log.output(options.json ? report.json.text + "\n" : report.text)
            return 0
        case .failure(let error):
            Log.say(sentence(error))
            return 1
        }
    }

    /// The sync answer, once the instance has handled everything sent before the request.
    static func sync(_ options: Options) -> Int32 {
        let serial = Int(getpid())
        switch SyncClient.sync(displayName: options.displayName, serial: serial, mark: options.mark,
                               timeoutMs: readyTimeoutMs)
        {
        case .success(let text):
            guard let reply = SyncReply(jsonText: text), reply.serial == serial else {
                Log.say("the oskshift serving this display sent a sync answer this version cannot read")
                return 1
            }
            Log.output(options.json ? reply.json.text + "\n" : reply.text)
            return 0
        case .failure(let error):
            Log.say(sentence(error))
            return 1
        }
    }

    static func sentence(_ error: StatusReadError) -> String {
        switch error {
        case .cannotOpenDisplay(let why): return why
        case .noInstance(let display): return "no oskshift instance serves display \(display)"
        case .notReady(let display, let timeoutMs):
            return "the oskshift serving display \(display) did not become ready within \(timeoutMs / 1000) s"
        case .instanceExited(let display):
            return "the oskshift serving display \(display) exited before it answered"
        }
    }
}
