/// What the engine remembers about a window it has moved, from the first adjustment until the window is back.
struct Adjustment: Equatable, Sendable {
    let id: WindowID
    /// Saved once, at the first adjustment; every later frame is computed from it.
    let original: SavedGeometry
    var extents: FrameExtents
    /// Where the window is heading: a computed placement, or `original.frame` while restoring.
    var target: Rect
    /// The frame last requested (during an animation, the current step).
    var shown: Rect
    /// The frame the server last reported.
    var current: Rect
    /// Where the window is in its life with the engine.
    var phase = Phase.placed
    var animation: Animation?
    /// Frames requested and not yet reported back, with the time of the request: a ConfigureNotify that matches
    /// one is ours, one that matches none (with nothing pending) is the user's.
    var pending: [PendingRequest] = []
    /// We left maximized or fullscreen state to adjust the window, and return to `original.state` on restore.
    let leftState: Bool
    /// The frame the window manager gave when we left that state (its remembered normal geometry).
    var normalFrame: Rect?
    /// The monitors when the original was saved (nil: unknown, as for a geometry found saved at start).
    var savedOn: Screen?
    /// The height the window manager kept the window at when we asked for less (a minimum size it enforces).
    var keptHeight: Int?
    /// The application resized the window itself: its field is placed again once read at this size.
    var awaitingLayoutAt: Size?
    /// The frame height at which its application was last asked to bring the field into view (`revealField`).
    var revealedAtHeight: Int?
    /// When our last request went out, until the window's next ConfigureNotify: the request in flight.
    var awaitingAnswerSince: Int?
    /// The newest frame wanted while a request was in flight: it goes out when that one is answered.
    var queued: Rect?
    /// The last frames we asked for, answered or not: a window manager working through a backlog answers seconds
    /// late, after the request has left `pending`, and such a late answer is ours, not the user's move (taken for
    /// one, the window would be released and left displaced). A user's drag lands on one of these only by chance.
    var requested: [Rect] = []
    static let requestedKept = 16
    /// The placement went out in the same step as the request to leave fullscreen (`Engine.adjust`), computed with
    /// these frame extents; nil once it is answered, or placed again. A window manager carries out one client's
    /// requests in order, so the window leaves fullscreen and reaches its place in one turn of the window
    /// manager's, with no round trip through the state change and the daemon in between (2-10 ms of a kiosk tap).
    var movedWithStateChange: FrameExtents?
    /// Whether the window manager owes a ConfigureNotify for our last move: a real one from the frame (then a
    /// synthetic echo of it to the client, which answers nothing), or a synthetic one only (a request refused).
    var answer = AnswerOwed.none
    /// When that move, unanswered since the state was left, is taken for dropped and asked again.
    var confirmMoveBy: Int?

    init(id: WindowID, original: SavedGeometry, extents: FrameExtents, current: Rect, leftState: Bool = false) {
        self.id = id
        self.leftState = leftState
        self.original = original
        self.extents = extents
        self.target = current
        self.shown = current
        self.current = current
    }
}

/// A window's life with the engine, from its first adjustment until it is back (diagram: docs/architecture.md):
/// placed (or leavingState first) -> restoring -> returning -> forgotten; covered again while restoring or
/// returning, it is placed again from the same original.
enum Phase: Equatable, Sendable {
    /// Asked to leave maximized or fullscreen state, and not yet told it did. Maximized: a move now would be undone
    /// by the window manager (and its client size depends on the new state's extents), so the placement waits.
    /// Fullscreen: the placement went out with the request (`movedWithStateChange`), and is checked once the state
    /// is left.
    case leavingState
    /// Heading for, or at, its placement (`target`), animated or not.
    case placed
    /// Heading back to its original frame, frame by frame.
    case restoring
    /// Its restore is requested: not adjusted any more, waiting only for the server to report the restoring
    /// requests back. Its configure events are still ours, and a new adjustment starts from the same original.
    case returning

    /// On its way home: restoring, or home requested.
    var isHomeward: Bool { self == .restoring || self == .returning }
}

// MARK: - One request in flight

/// A window manager works through requests in order, one at a time, and a slow one (openbox under load: 0.5 ms a
/// request) falls behind a burst of focus changes. Sending every frame the engine wants would queue hundreds of
/// our moves in it, and the window would reach its last one, the one that counts (the restore when the keyboard
/// hides), seconds late. So a window has at most one request in flight: a frame wanted meanwhile waits in `queued`,
/// newer ones replace it, and it goes out at the window's next ConfigureNotify, or once the request in flight is
/// `Engine.unansweredAfterMs` old (a request that changes nothing gets no ConfigureNotify).
extension Adjustment {
    /// Asks for `frame`: the move to send now, or nil when it is queued behind the request in flight.
    mutating func request(_ frame: Rect, now: Int) -> Action? {
        shown = frame
        if awaitsAnswer(at: now) {
            queued = frame
            return nil
        }
        return send(frame, now: now)
    }

    /// The queued frame's move, once the request before it is answered or given up on; nil when nothing is queued,
    /// it must still wait, or the window is already there.
    mutating func releaseQueued(now: Int) -> Action? {
        guard let frame = queued, !awaitsAnswer(at: now) else { return nil }
        queued = nil
        if frame == current && pending.isEmpty { return nil }
        return send(frame, now: now)
    }

    /// Not moving any more: no animation, nothing queued, and the window manager answered the last request (in
    /// part, perhaps: a minimum size it keeps).
    func isStill(at now: Int) -> Bool { animation == nil && queued == nil && !awaitsAnswer(at: now) }

    func awaitsAnswer(at now: Int) -> Bool {
        awaitingAnswerSince.map { now - $0 < Engine.unansweredAfterMs } ?? false
    }

    /// When the queued frame goes out if no ConfigureNotify comes first.
    var queuedDeadline: Int? {
        guard queued != nil, let since = awaitingAnswerSince else { return nil }
        return since + Engine.unansweredAfterMs
    }

    private mutating func send(_ frame: Rect, now: Int) -> Action {
        queued = nil
        awaitingAnswerSince = now
        answer = answer.sent
        pending.append(PendingRequest(frame: frame, time: now))
        noteRequested(frame)
        return .moveResize(id, frame: frame, extents: extents)
    }

    mutating func noteRequested(_ frame: Rect) {
        requested.removeAll { $0 == frame }
        requested.append(frame)
        if requested.count > Adjustment.requestedKept { requested.removeFirst() }
    }
}

/// What the window manager owes for our moves (ICCCM 4.1.5): a real ConfigureNotify of the frame, followed by a
/// synthetic echo to the client; or, for a request it refuses, the synthetic one alone.
enum AnswerOwed: Equatable, Sendable {
    case none
    /// A move went out; no ConfigureNotify for it yet.
    case any
    /// The frame's real ConfigureNotify came; the synthetic echo the client gets after it is still to come.
    case echo
    /// An echo is still to come, and a newer move went out since: the next synthetic event is that echo, not the
    /// answer to the newer move (taken for its answer, the window still where it was would read as a refusal).
    case echoThenAny

    /// After a move went out.
    var sent: AnswerOwed { self == .echo || self == .echoThenAny ? .echoThenAny : .any }
    /// After the frame's real ConfigureNotify.
    var configured: AnswerOwed { self == .none ? .none : .echo }
}

struct PendingRequest: Equatable, Sendable {
    var frame: Rect
    var time: Int
}

/// A frame-by-frame move from one frame to another; the engine steps it on each timer tick.
struct Animation: Equatable, Sendable {
    var from: Rect
    var to: Rect
    var start: Int
    var duration: Int
    var curve: AnimationCurve

    func frame(at now: Int) -> Rect {
        let progress = duration <= 0 ? 1 : curve.apply(Double(now - start) / Double(duration))
        // Rounded half away from zero by hand: Double.rounded() would pull in libm for this Foundation-free module.
        func mix(_ a: Int, _ b: Int) -> Int {
            let delta = Double(b - a) * progress
            return a + Int(delta >= 0 ? delta + 0.5 : delta - 0.5)
        }
        return Rect(x: mix(from.x, to.x), y: mix(from.y, to.y), width: mix(from.width, to.width),
                    height: mix(from.height, to.height))
    }

    func isFinished(at now: Int) -> Bool { now - start >= duration }
}
