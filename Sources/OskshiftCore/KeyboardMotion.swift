/// Where a moving keyboard will come to rest, when that is known before it gets there.
///
/// A docked keyboard slides in from its monitor's bottom edge in a dozen steps (onboard: 205 px high, mapped just
/// below the edge, ~20 ms a step). Its end is known at its first step: its bottom on the edge, or where the same
/// keyboard came to rest at its last show. The engine places the window for that end at once, so the window leads
/// the slide instead of following it step by step (one re-layout per show in `inset`, the field never covered).
/// A keyboard going down (sliding out) or moving otherwise has no known end: each of its steps is followed.
struct KeyboardMotion: Equatable, Sendable {
    /// A predicted end the keyboard has not reached after this long without a step is dropped: the keyboard
    /// stopped short (onboard steps every ~20 ms; ten times that is no slide any more).
    static let stoppedAfterMs = 200

    /// The frame the keyboard is heading to; nil when not known or reached.
    var end: Rect?
    /// Where the same keyboard stood when it last started going down or hid: its rest at the last show.
    var lastRest: Rect?
    /// When the keyboard last stepped, showed or hid.
    var movedAt = 0
    /// The keyboard's last step took it down (a slide-out, a drag down).
    var goingDown = false

    /// The keyboard stepped from `previous` to `frame` (nil: hidden) at `now`.
    mutating func step(from previous: Rect?, to frame: Rect?, on screen: Screen, now: Int) {
        movedAt = now
        guard let frame else {
            if let previous, !goingDown { lastRest = previous }
            (end, goingDown) = (nil, false)
            return
        }
        if let previous, previous.size == frame.size, previous.x == frame.x, frame.minY > previous.minY {
            // Going down: where it stood before was its rest.
            if !goingDown { lastRest = previous }
            (end, goingDown) = (nil, true)
            return
        }
        goingDown = false
        let rising = previous.map { $0.size == frame.size && $0.x == frame.x && frame.minY < $0.minY } ?? true
        end = rising ? predictedEnd(of: frame, on: screen) : nil
        if end == frame { end = nil }
    }

    /// A keyboard that stopped before its predicted end is where it rests.
    mutating func expire(now: Int) {
        if end != nil, now - movedAt >= Self.stoppedAfterMs { end = nil }
    }

    /// When the predicted end is given up unless the keyboard steps again.
    var deadline: Int? { end == nil ? nil : movedAt + Self.stoppedAfterMs }

    /// The rest of the same keyboard's last show when it rises toward it; else, for a keyboard as wide as its
    /// monitor and reaching below its bottom edge (docked, sliding in), its bottom on that edge.
    private func predictedEnd(of frame: Rect, on screen: Screen) -> Rect? {
        if let lastRest, lastRest.size == frame.size, lastRest.x == frame.x, lastRest.minY < frame.minY {
            return lastRest
        }
        guard let monitor = screen.monitor(for: frame)?.rect, frame.minX == monitor.minX,
              frame.width == monitor.width, frame.maxY > monitor.maxY
        else { return nil }
        return Rect(x: frame.x, y: monitor.maxY - frame.height, width: frame.width, height: frame.height)
    }
}
