/// When the daemon asks an application for its focused field again, on the engine's clock (no timer of the
/// accessibility watcher's own): reads answer questions the last report left open, and each is one round trip to
/// the application, so they are made only when there is a reason, and never while idle.
///
/// - After its window moved: right after a move, GTK3 may answer with the field (or caret) and its top-level from
///   two moments, one before and one after it handled the move (the field seems to have moved with the window,
///   and the window would climb); a read once the window has been still for a while is consistent. Read
///   `afterWindowMovesMs` after the last configure of a burst.
/// - A newly focused field with unknown extents: Firefox answers -1 right after a focus move and may send no
///   event once it knows them. Read at `unknownExtentsMs`: soon at first (a read is one round trip, and the user
///   is waiting for the window to move), then less and less often.
/// - After shrinking a window whose application does not scroll its field into the smaller view (kiosk browsers):
///   `ScrollTo` at once and at `revealAttemptsMs` (a browser ignores one that arrives before it handled its resize:
///   Firefox ESR up to 30 ms after the new size), each followed by a read, and one last read at `afterRevealMs`.
///   A read that still finds the field outside the shrunk window, once those attempts are spent, asks for one
///   more `revealRetryMs` later, until `revealGiveUpMs` after the first: Firefox ESR honoured only the 150 ms
///   attempt in 4 windowed runs of 5 (the 60 ms one in the fifth), which leaves a loaded machine no room. An
///   application that answered a ScrollTo late, and now at its new size, gets the next attempt at once
///   (`revealSooner`).
///
/// A new reason replaces the reads still due (a read made later answers the older question too); ScrollTo
/// attempts are kept, until a newer shrink starts attempts of its own (the browser must handle that resize first).
struct FieldReads: Equatable, Sendable {
    static let afterWindowMovesMs = [80, 400]
    static let unknownExtentsMs = [10, 30, 100, 400, 1200, 3000]
    static let revealAttemptsMs = [60, 150]
    static let afterRevealMs = 250
    static let revealRetryMs = 100
    static let revealGiveUpMs = 1000

    struct Reveal: Equatable, Sendable {
        var at: Int
        var window: WindowID
    }

    private(set) var reads: [Int] = []
    private(set) var reveals: [Reveal] = []
    /// When the current set of ScrollTo attempts began.
    private(set) var revealStarted: Int?
    /// The application has answered at the shrunk size since the current set began (see `revealSooner`).
    private(set) var laidOutSinceReveal = false
    /// When the last ScrollTo went out.
    private(set) var lastRevealAt: Int?
    /// An answer this long after a ScrollTo came from an application that was busy when it got it: with its resize,
    /// so the scroll was done in the old layout, or dropped (Firefox ESR: 90 ms, below).
    static let slowAnswerMs = 20

    mutating func readAgain(after delays: [Int], now: Int) {
        reads = delays.map { now + $0 }
    }

    /// The first ScrollTo, to send now; the next ones and the last read are scheduled, replacing the attempts
    /// still due for an earlier shrink.
    mutating func reveal(_ window: WindowID, now: Int) -> Action {
        revealStarted = now
        laidOutSinceReveal = false
        lastRevealAt = now
        reveals = FieldReads.revealAttemptsMs.map { Reveal(at: now + $0, window: window) }
        reads = [now + FieldReads.afterRevealMs]
        return .revealField(window)
    }

    /// The first reading at the shrunk size that still finds the field outside the window, when it comes
    /// `slowAnswerMs` or more after the last ScrollTo: the application was busy when that ScrollTo reached it, and
    /// has now handled its resize (it measured the field against its new size), so the next attempt goes out now
    /// instead of at its time (Firefox ESR kiosk, shrunk: busy 90 ms with its resize, it answered the attempt made
    /// at once with its old layout; the attempt at 150 ms was the first it honoured, 50 ms after this reading). A
    /// quick answer says nothing of the kind (Firefox ESR in a window drops a ScrollTo for 30-35 ms after a resize
    /// and answers it at once): the attempts keep their times. Once per set: the same attempts, only sooner. False
    /// when none was brought forward.
    mutating func revealSooner(now: Int) -> Bool {
        guard !laidOutSinceReveal, revealStarted != nil, let last = lastRevealAt, now - last >= Self.slowAnswerMs
        else { return false }
        laidOutSinceReveal = true
        guard let next = reveals.indices.min(by: { reveals[$0].at < reveals[$1].at }) else { return false }
        reveals[next].at = now
        return true
    }

    /// One more ScrollTo `revealRetryMs` from now, when the attempts scheduled are spent and it would go out at
    /// most `revealGiveUpMs` after the first.
    mutating func revealAgain(_ window: WindowID, now: Int) {
        let at = now + FieldReads.revealRetryMs
        guard reveals.isEmpty, let started = revealStarted, at - started <= FieldReads.revealGiveUpMs else { return }
        reveals = [Reveal(at: at, window: window)]
    }

    var nextDeadline: Int? {
        let nextRead = reads.min(), nextReveal = reveals.map(\.at).min()
        switch (nextRead, nextReveal) {
        case (let read?, let reveal?): return min(read, reveal)
        case (let read?, nil): return read
        case (nil, let reveal?): return reveal
        case (nil, nil): return nil
        }
    }

    /// What is due at `now`: the ScrollTo attempts (each followed by a read in the shell), else one read.
    mutating func due(at now: Int) -> [Action] {
        guard let next = nextDeadline, next <= now else { return [] }
        var actions: [Action] = []
        for reveal in reveals where reveal.at <= now {
            actions.append(.revealField(reveal.window))
            lastRevealAt = now
        }
        reveals.removeAll { $0.at <= now }
        let readsDue = reads.contains { $0 <= now }
        reads.removeAll { $0 <= now }
        if readsDue && actions.isEmpty { actions.append(.readField) }
        return actions
    }

    mutating func forget() {
        reads = []
        reveals = []
        revealStarted = nil
        laidOutSinceReveal = false
        lastRevealAt = nil
    }
}

extension Engine {
    /// Once the focused window is still at a size it was shrunk to (its animation over, the server's frame the
    /// target), its application is asked to bring the field into the smaller view: browsers do not scroll their
    /// focused input into a smaller viewport by themselves. Decided after every event, not at the ConfigureNotify
    /// that reports the size: an eased animation reaches its last frame a step or two before its time is up, and
    /// the configure of that frame comes while the animation still runs (the windowed browsers under the default
    /// configuration were never scrolled). Asked again at a smaller size than the last time (a window growing back
    /// with a keyboard that slides away keeps in view what its smaller viewport showed), and at the same size while
    /// the field read there is still outside the window (`FieldReads.revealAgain`).
    mutating func revealFieldOnceShrunk(_ moment: Moment) -> [Action] {
        let now = moment.now
        guard let focus, var adjustment = windows[adjusted: focus.window.id], case .placed(let placement) = adjustment.stage,
              adjustment.isStill(at: now), adjustment.current == placement.target,
              placement.target.height < adjustment.original.frame.height,
              focusedAccessibleField != nil
        else { return [] }
        if let height = placement.layout.revealedAtHeight, placement.target.height >= height {
            guard let hidden = moment.readingOutOfView, hidden.window == focus.window.id,
                  hidden.frameSize == placement.target.size
            else { return [] }
            // The next attempt at once, when the application answered late (it has handled its resize now).
            if revealFieldSooner(now: now) { return fieldReadsDue(at: now) }
            revealFieldAgain(in: focus.window.id, now: now)
            return []
        }
        adjustment.updateLayout { $0.revealedAtHeight = placement.target.height }
        store(adjustment, of: focus.window.id)
        return [revealField(in: focus.window.id, now: now)]
    }
}
