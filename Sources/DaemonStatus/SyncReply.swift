import OskshiftCore

/// The daemon's answer to a sync request (`oskshift status --sync`), written once it has handled everything that
/// reached it before the request: the X events, and the accessibility reports its watcher had received. It says
/// what the daemon requested since the caller's mark, and what it still has going on its own clock, so that a
/// caller can tell "nothing moved" from "nothing moved yet".
public struct SyncReply: Equatable, Sendable {
    /// The caller's number for this request, echoed so it can tell its answer from another caller's.
    public var serial: Int
    /// The `sequence` the caller passed: the requests counted are those after it.
    public var mark: Int
    /// Requests sent since the daemon started: the mark for the next request.
    public var sequence: Int
    /// Requests per window after the mark; nil when the mark is not among the requests the daemon remembers (older
    /// than the last `RequestJournal.kept`, or later than the last one).
    public var requests: [WindowID: Int]?
    public var animating: Bool
    /// When the engine's next one-off tick is due, from the moment of the answer (a wait for the bus, a queued
    /// move); nil when none is.
    public var nextTickInMs: Int?
    /// Windows with a request the server has not reported back yet.
    public var awaitingAnswer: [WindowID]

    public init(serial: Int, mark: Int, journal: RequestJournal, activity: EngineActivity, now: Int) {
        self.serial = serial
        self.mark = mark
        sequence = journal.sequence
        requests = journal.counts(since: mark)
        animating = activity.animating
        nextTickInMs = activity.nextTick.map { max(0, $0 - now) }
        awaitingAnswer = activity.awaitingAnswer
    }

    /// Nothing of the daemon's own can still move a window without a new event.
    public var isIdle: Bool { !animating && nextTickInMs == nil && awaitingAnswer.isEmpty }

    public var requestCount: Int? { requests.map { $0.values.reduce(0, +) } }

    public var json: JSONValue {
        .object([
            ("serial", .int(serial)), ("mark", .int(mark)), ("sequence", .int(sequence)),
            ("requests", requests.map { counts in
                .array(counts.keys.sorted().map { .object([("window", .int(Int($0.raw))), ("count", .int(counts[$0]!))]) })
            } ?? .null),
            ("idle", .bool(isIdle)), ("animating", .bool(animating)),
            ("next_tick_in_ms", nextTickInMs.map(JSONValue.int) ?? .null),
            ("awaiting_answer", .array(awaitingAnswer.map { .int(Int($0.raw)) })),
        ])
    }

    public init?(jsonText: String) {
        guard case .success(let value) = JSONParser.parse(jsonText), case .int(let serial)? = value["serial"],
              case .int(let mark)? = value["mark"], case .int(let sequence)? = value["sequence"],
              case .bool(let animating)? = value["animating"], case .array(let awaiting)? = value["awaiting_answer"]
        else { return nil }
        self.serial = serial
        self.mark = mark
        self.sequence = sequence
        self.animating = animating
        if case .int(let due)? = value["next_tick_in_ms"] { nextTickInMs = due } else { nextTickInMs = nil }
        awaitingAnswer = awaiting.compactMap { if case .int(let id) = $0 { WindowID(UInt(id)) } else { nil } }
        if case .array(let entries)? = value["requests"] {
            var counts: [WindowID: Int] = [:]
            for entry in entries {
                guard case .int(let window)? = entry["window"], case .int(let count)? = entry["count"] else { return nil }
                counts[WindowID(UInt(window))] = count
            }
            requests = counts
        } else {
            requests = nil
        }
    }

    /// For people: the requests since the mark, one window a line, then what the daemon still waits for.
    public var text: String {
        var lines: [String] = []
        if let requests, let count = requestCount {
            lines.append("requests since mark \(mark): \(count) (sequence now \(sequence))")
            lines += requests.keys.sorted().map { "  \($0): \(requests[$0]!)" }
        } else {
            lines.append("requests since mark \(mark): unknown, the mark is not among the last "
                + "\(RequestJournal.kept) requests (sequence now \(sequence))")
        }
        var waits: [String] = []
        if animating { waits.append("an animation is running") }
        if let due = nextTickInMs { waits.append("its next tick is due in \(due) ms") }
        if !awaitingAnswer.isEmpty {
            waits.append("awaiting the server's answer for " + awaitingAnswer.map { "\($0)" }.joined(separator: ", "))
        }
        lines.append(waits.isEmpty ? "daemon: idle" : "daemon: busy: " + waits.joined(separator: "; "))
        return lines.joined(separator: "\n") + "\n"
    }
}
