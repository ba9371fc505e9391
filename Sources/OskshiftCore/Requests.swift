/// A window manager works through requests in order, one at a time, and a slow one (openbox under load: 0.5 ms a
/// request) falls behind a burst of focus changes. Sending every frame the engine wants would queue hundreds of
/// our moves in it, and the window would reach its last one, the one that counts (the restore when the keyboard
/// hides), seconds late. So a window has at most one request in flight: a frame wanted meanwhile waits queued (`Flight`),
/// newer ones replace it, and it goes out at the window's next ConfigureNotify, or once the request in flight is
/// `Engine.unansweredAfterMs` old (a request that changes nothing gets no ConfigureNotify).
struct Requests: Equatable, Sendable {
    /// Frames requested and not yet reported back, with the time of the request: a ConfigureNotify that matches
    /// one is ours, one that matches none (with nothing pending) is the user's.
    var pending: [PendingRequest] = []
    /// The request in flight and the frame queued behind it.
    var flight = Flight.idle
    /// The last frames we asked for, answered or not: a window manager working through a backlog answers seconds
    /// late, after the request has left `pending`, and such a late answer is ours, not the user's move (taken for
    /// one, the window would be released and left displaced). A user's drag lands on one of these only by chance.
    var requested: [Rect] = []
    /// What the window manager owes for our moves: which synthetic ConfigureNotify is an echo, which an answer.
    var owed = AnswerOwed.none
    /// How the window manager reads this window's requests, as learnt so far: every frame is asked so that it
    /// lands where it is wanted.
    var belief = ReadingBelief.settled(.exact)
    /// Framed anew by a window manager (a restarted one) since a request of ours was last answered: it places
    /// the window on its own first (openbox: where the client was, with no room for the decorations), so no
    /// landing teaches how it reads requests until one answers a request exactly.
    var newlyFramed = false
    /// A request of ours landed where it was wanted: the window manager moves this window, so one left where it was
    /// later is kept at a limit, not refused.
    var granted = false
    /// The frame read from the server after a synthetic ConfigureNotify: the frame's own ConfigureNotify may still
    /// be queued behind it (matchbox sends the synthetic answer first), and arriving then it is no new landing.
    var readAhead: Rect?
    var reading: Reading { belief.reading }
    static let requestedKept = 16

    /// Where the window's one request in flight stands.
    enum Flight: Equatable, Sendable {
        /// Nothing in flight, nothing waiting.
        case idle
        /// Our last request went out at this time; the window's next ConfigureNotify ends it.
        case inFlight(since: Int)
        /// A newer frame wanted while the request sent at `behind` is in flight: it goes out when that one is
        /// answered (newer ones replace it).
        case queued(Rect, behind: Int)
        /// The request it waited behind was answered: it goes out now (`Adjustment.releaseQueued`).
        case due(Rect)
    }

    /// When our last request went out, while it is in flight.
    var inFlightSince: Int? {
        switch flight {
        case .inFlight(let since), .queued(_, let since): return since
        case .idle, .due: return nil
        }
    }

    /// The newest frame wanted while a request was in flight.
    var queued: Rect? {
        switch flight {
        case .queued(let frame, _), .due(let frame): return frame
        case .idle, .inFlight: return nil
        }
    }

    func awaitsAnswer(at now: Int) -> Bool {
        inFlightSince.map { now - $0 < Engine.unansweredAfterMs } ?? false
    }

    /// When the queued frame goes out if no ConfigureNotify comes first.
    var queuedDeadline: Int? {
        guard case .queued(_, let since) = flight else { return nil }
        return since + Engine.unansweredAfterMs
    }

    /// The window was configured: the window manager got to our request (or to the user's). A frame queued behind
    /// it is due.
    mutating func answered() {
        switch flight {
        case .inFlight: flight = .idle
        case .queued(let frame, _): flight = .due(frame)
        case .idle, .due: break
        }
    }

    /// The frame queued is not sent: whatever is in flight stays so.
    mutating func dropQueued() {
        switch flight {
        case .queued(_, let since): flight = .inFlight(since: since)
        case .due: flight = .idle
        case .idle, .inFlight: break
        }
    }

    /// `frame` waits behind the request in flight, replacing any frame queued before.
    mutating func queue(_ frame: Rect) {
        switch flight {
        case .inFlight(let since), .queued(_, let since): flight = .queued(frame, behind: since)
        case .idle, .due: flight = .due(frame)
        }
    }

    mutating func noteRequested(_ frame: Rect) {
        requested.removeAll { $0 == frame }
        requested.append(frame)
        if requested.count > Requests.requestedKept { requested.removeFirst() }
    }

    /// A request that goes out with no answer of its own expected in the flow (the frame of a state change).
    mutating func noteSentAlongside(_ frame: Rect, asked: Rect? = nil, extents: FrameExtents, now: Int) {
        pending.append(PendingRequest(frame: frame, asked: asked ?? frame, extents: extents, time: now))
        noteRequested(frame)
        owed = owed.sent
    }

    /// Requests too old to expect an answer for.
    mutating func expire(now: Int) {
        pending.removeAll { now - $0.time > Engine.pendingLifetimeMs }
    }
}

struct PendingRequest: Equatable, Sendable {
    /// Where the window is wanted: the frame its answer is expected at.
    var frame: Rect
    /// The frame asked for (`Reading.request(for:)`), and the frame extents its client size was computed with.
    var asked: Rect
    var extents: FrameExtents
    var time: Int

    init(frame: Rect, asked: Rect? = nil, extents: FrameExtents = .none, time: Int) {
        self.frame = frame
        self.asked = asked ?? frame
        self.extents = extents
        self.time = time
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

extension Adjustment {
    /// Asks for `frame`: the move to send now, or nil when it is queued behind the request in flight.
    mutating func request(_ frame: Rect, now: Int) -> Action? {
        shown = frame
        if requests.awaitsAnswer(at: now) {
            requests.queue(frame)
            return nil
        }
        return send(frame, now: now)
    }

    /// Asks again for the target, as if nothing were in flight: the request out there names a frame the window
    /// manager will not give (other extents, a move dropped while fullscreen). Its answer may still come: it stays
    /// pending, so that it is not taken for a reading of this window manager's.
    mutating func askAgainForTarget(now: Int) -> Action? {
        requests.flight = .idle
        return request(target, now: now)
    }

    /// The queued frame's move, once the request before it is answered or given up on; nil when nothing is queued,
    /// it must still wait, or the window is already there.
    mutating func releaseQueued(now: Int) -> Action? {
        guard let frame = requests.queued, !requests.awaitsAnswer(at: now) else { return nil }
        requests.dropQueued()
        if frame == current && requests.pending.isEmpty { return nil }
        return send(frame, now: now)
    }

    /// Asks again, with a reading just learnt, for the frame last wanted: the request out there lands elsewhere.
    mutating func askAgainAsRead(now: Int) -> Action {
        let frame = requests.queued ?? shown
        requests.pending.removeAll()
        requests.flight = .idle
        shown = frame
        return send(frame, now: now)
    }

    private mutating func send(_ frame: Rect, now: Int) -> Action {
        requests.flight = .inFlight(since: now)
        let asked = requests.reading.request(for: frame)
        requests.noteSentAlongside(frame, asked: asked, extents: extents, now: now)
        return .moveResize(id, frame: asked, extents: extents)
    }
}
