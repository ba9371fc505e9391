/// The keyboard as the engine follows it: its frame while visible, where it is heading while it slides in
/// (`KeyboardMotion`), and when it last hid while a window may wait for its strut to go. Only these methods change it.
struct KeyboardState: Equatable, Sendable {
    /// The visible keyboard's frame; nil while no keyboard is visible.
    private(set) var frame: Rect?
    private(set) var motion: KeyboardMotion
    /// When the keyboard last hid, while it stays hidden and a window's home waits for a docked keyboard's strut
    /// to go (it goes a moment later: `Engine.workAreaWaitDeadline`).
    private(set) var hiddenAt: Int?

    init(frame: Rect? = nil, motion: KeyboardMotion = KeyboardMotion(), hiddenAt: Int? = nil) {
        self.frame = frame
        self.motion = motion
        self.hiddenAt = hiddenAt
    }

    /// Where windows are placed for: where the keyboard will rest while it slides in, else where it is. Each step
    /// of a slide needs no move of its own.
    var placedFor: Rect? { motion.end ?? frame }

    /// The keyboard's last step took it down (a slide-out, a drag down).
    var goingDown: Bool { motion.goingDown }

    /// When a predicted end not reached is dropped.
    var motionDeadline: Int? { motion.deadline }

    /// The keyboard shown, moved (`frame`) or hidden (nil) at `now`; `homesWait`: a window's home may wait for the
    /// strut to go, so the time of a hide is kept.
    mutating func change(to new: Rect?, on screen: Screen, now: Int, homesWait: Bool) {
        hiddenAt = new == nil && frame != nil && homesWait ? now : nil
        motion.step(from: frame, to: new, on: screen, now: now)
        frame = new
    }

    mutating func expire(now: Int) {
        motion.expire(now: now)
    }

    /// No window waits for the strut to go any more.
    mutating func noHomeWaits() {
        hiddenAt = nil
    }
}
