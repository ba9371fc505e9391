/// The requests that move, resize or change the state of a window, numbered in the order they went out: what a
/// sync answer (`oskshift status --sync`) counts since a mark. A test proves "nothing moved" by the daemon's own
/// count of requests, not by watching a window for a while.
///
/// Only the last `kept` requests are remembered (a ring), so the journal stays a few kilobytes however long the
/// daemon runs; a mark older than that is reported as lost rather than counted wrongly.
public struct RequestJournal: Equatable, Sendable {
    /// How many requests have gone out since the daemon started: the mark a caller passes next time.
    public private(set) var sequence = 0
    /// The window of each of the last `kept` requests, at `number % kept`.
    private var ring: [WindowID] = []
    public static let kept = 1024

    public init() {}

    /// Notes `action` when it is a request that moves, resizes or changes the state of a window.
    public mutating func record(_ action: Action) {
        switch action {
        case .moveResize(let id, _, _), .setMaximized(let id, _), .setFullscreen(let id, _):
            if ring.count < Self.kept {
                ring.append(id)
            } else {
                ring[sequence % Self.kept] = id
            }
            sequence += 1
        default:
            break
        }
    }

    /// The number of requests per window after `mark` (an earlier `sequence`); nil when the mark is older than the
    /// requests remembered, or later than the last one.
    public func counts(since mark: Int) -> [WindowID: Int]? {
        guard mark >= 0, mark <= sequence, sequence - mark <= ring.count || mark == sequence else { return nil }
        var counts: [WindowID: Int] = [:]
        for number in mark..<sequence { counts[ring[number % Self.kept], default: 0] += 1 }
        return counts
    }
}
