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
    /// A keyboard that stood this long at one frame before going down or hiding rested there.
    static let restedAfterMs = 100

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
        defer { movedAt = now }
        // A frame the keyboard stood at for a while before it went down or hid is where it rests: not one it
        // only passed through (a hide asked for in the middle of the slide).
        let rested = now - movedAt >= Self.restedAfterMs ? previous : nil
        guard let frame else {
            if let rested, !goingDown { lastRest = rested }
            (end, goingDown) = (nil, false)
            return
        }
        if let previous, previous.size == frame.size, previous.x == frame.x, frame.minY > previous.minY {
            if let rested, !goingDown { lastRest = rested }
            (end, goingDown) = (nil, true)
            return
        }
        goingDown = false
        let rising = previous.map { $0.size == frame.size && $0.x == frame.x && frame.minY < $0.minY } ?? true
        if rising, let end, end.size == frame.size, end.x == frame.x, frame.minY > end.minY { return }
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
    /// monitor and reaching below its bottom edge (docked, sliding in), the bottom of the work area: its own strut
    /// already there (the work area ends at least the keyboard's height above the edge) is where its top ends;
    /// else its bottom ends there (on the edge, or on a panel's top: onboard docks above IceWM's taskbar).
    private func predictedEnd(of frame: Rect, on screen: Screen) -> Rect? {
        if let lastRest, lastRest.size == frame.size, lastRest.x == frame.x, lastRest.minY < frame.minY {
            return lastRest
        }
        guard let monitor = screen.monitor(for: frame), frame.minX == monitor.rect.minX,
              frame.width == monitor.rect.width, frame.maxY > monitor.rect.maxY
        else { return nil }
        let floor = monitor.workArea.maxY
        let top = monitor.rect.maxY - floor >= frame.height ? floor : floor - frame.height
        return top < frame.minY ? Rect(x: frame.x, y: top, width: frame.width, height: frame.height) : nil
    }
}
