/// What the engine has learnt about how this window manager treats requests: one value for the session, never
/// copied into each window (a window holds only its belief while a reading is being tried, `ReadingBelief`). Each
/// part is learnt from a landing that showed it, and keeps that landing as its evidence. Nothing here, nor anywhere
/// in the engine, asks which window manager runs.
///
/// Seen from outside, a window manager applies its rules to a request one after the other (mutter's constraints
/// are a table of such functions). The model holds the rules it has seen at work as `Constraint`s, each predicting
/// what it does to a frame; `landing(of:keyboard:)` applies them in order, and `request(for:)` inverts them to
/// choose the frame to ask for. The highest top and a snap zone are learnt with a window (its `Layout`) and held
/// here too, as distances from the work area's top, so that the next window is planned within them from its first
/// request; a window whose decorations put its limit elsewhere learns its own.
struct WindowManagerModel: Equatable, Sendable {
    /// A value learnt, with the landing that taught it.
    struct Learnt<Value: Equatable & Sendable>: Equatable, Sendable {
        var value: Value
        var evidence: String
    }

    /// One rule of the window manager's, as far as it has been seen at work.
    enum Constraint: Equatable, Sendable {
        /// It reads x, y and the size of a request so (`Reading`): a constant difference.
        case reads(Reading)
        /// It moves a window reaching under a docked keyboard's strut up above it by itself, the window's bottom
        /// `slack` px below the keyboard's top (KWin: 1; marco, metacity: 0).
        case fitsAboveStrut(slack: Int)
        /// It keeps a frame's top at or below a limit (metacity, marco: the title bar below the work area's top;
        /// IceWM: the client inside the work area), or (xfwm4) snaps tops of a zone below it to it.
        case clampsTop(TopClamp)
    }

    /// The highest top a window manager lets a frame have and its snap zone, as distances from the work area's
    /// top (metacity: 0; IceWM: -24, its title; xfwm4: 0, tops from -20 up to it snap).
    struct TopClamp: Equatable, Sendable {
        var limit: Int
        /// Whether tops above the limit are allowed beyond a snap zone, the top given from the work area's top.
        var snap: TopSnap?

        /// Where a frame whose top is asked for at `frame.minY` lands, the work area's top at `workAreaTop`.
        func landing(of frame: Rect, workAreaTop: Int) -> Rect {
            let top = frame.minY - workAreaTop
            if top >= limit { return frame }
            if case .allowedAbove(let allowed) = snap, top <= allowed { return frame }
            return frame.offsetBy(dy: limit - top)
        }
    }

    /// How requests are read, once a reading was tried on a window and confirmed; the windows adjusted next start
    /// with it.
    private(set) var reading: Learnt<Reading>?
    /// The window manager's own fit above a docked keyboard's strut, seen on a window nobody asked to move.
    private(set) var strutFit: Learnt<Int>?
    /// The top clamp, seen with a window kept lower than asked.
    private(set) var topClamp: Learnt<TopClamp>?

    /// The reading every new request starts with.
    var readingInUse: Reading { reading?.value ?? .exact }
    /// How far below the keyboard's top the window manager puts a window it fits above the strut; nil until seen.
    var strutFitSlack: Int? { strutFit?.value }

    /// What is known, in the order the window manager applies it.
    var constraints: [Constraint] {
        [reading.map { .reads($0.value) }, topClamp.map { .clampsTop($0.value) },
         strutFit.map { .fitsAboveStrut(slack: $0.value) }].compactMap { $0 }
    }

    /// The highest top a window's frame may have on a work area whose top is `workAreaTop`, as learnt; nil until
    /// a clamp was seen.
    func topLimit(workAreaTop: Int) -> Int? {
        topClamp.map { workAreaTop + $0.value.limit }
    }

    /// The snap zone's end on that work area, as learnt: tops at or above it are allowed.
    func topSnap(workAreaTop: Int) -> TopSnap? {
        switch topClamp?.value.snap {
        case .allowedAbove(let top): .allowedAbove(workAreaTop + top)
        case .ruledOut: .ruledOut
        case nil: nil
        }
    }

    /// A window's `Layout` learnt a limit (and what it knows of a snap zone) on a work area whose top is
    /// `workAreaTop`.
    mutating func learn(topLimit: Int, snap: TopSnap?, workAreaTop: Int, from evidence: String) {
        let relative: TopSnap? = switch snap {
        case .allowedAbove(let top): .allowedAbove(top - workAreaTop)
        case .ruledOut: .ruledOut
        case nil: nil
        }
        topClamp = Learnt(value: TopClamp(limit: topLimit - workAreaTop, snap: relative), evidence: evidence)
    }

    mutating func learn(reading: Reading, from evidence: String) {
        self.reading = Learnt(value: reading, evidence: evidence)
    }

    mutating func learn(strutFitSlack slack: Int, from evidence: String) {
        strutFit = Learnt(value: slack, evidence: evidence)
    }

    /// Where a request for `asked` lands by what is known; `strutKeyboard`: a docked keyboard whose strut ends
    /// the work area; `workAreaTop`: the top of the work area the window is on (no clamp applied without it).
    func landing(of asked: Rect, strutKeyboard: Rect?, workAreaTop: Int? = nil) -> Rect {
        constraints.reduce(asked) { frame, constraint in
            switch constraint {
            case .reads(let reading):
                return reading.landing(of: frame)
            case .clampsTop(let clamp):
                return workAreaTop.map { clamp.landing(of: frame, workAreaTop: $0) } ?? frame
            case .fitsAboveStrut:
                return strutKeyboard.flatMap { fittedAboveStrut(frame, keyboard: $0) } ?? frame
            }
        }
    }

    /// Where the window manager's own fit above a docked keyboard's strut puts `frame`; nil when it leaves it
    /// alone (no fit seen, or the frame does not reach under the keyboard's top by more than the slack).
    func fittedAboveStrut(_ frame: Rect, keyboard: Rect) -> Rect? {
        guard let slack = strutFitSlack, frame.overlapsHorizontally(keyboard), frame.maxY > keyboard.minY + slack
        else { return nil }
        return frame.offsetBy(dy: keyboard.minY + slack - frame.maxY)
    }

    /// The frame to ask for so that the window lands at `wanted`: the reading inverted. A frame the strut fit
    /// would move cannot be had by any request; its landing is predicted by `landing(of:strutKeyboard:)`.
    func request(for wanted: Rect) -> Rect {
        readingInUse.request(for: wanted)
    }

    /// Whether `frame`, moved only vertically from `wanted`, is where a window manager fitting windows above a
    /// docked keyboard's strut puts it: its bottom at the slack seen before (before any was seen, within the reach
    /// of every such fit measured: 0-2 px below the keyboard's top), or up to `keyboardLag` px above that, where a
    /// keyboard sliding in already is while its last report still has it lower (KWin fits to the keyboard's
    /// window as it is; measured: a fit 2 px above the keyboard reported, learnt as a reading, sent every later
    /// request 2 px off).
    func explainsAsStrutFit(_ frame: Rect, wanted: Rect, keyboard: Rect?) -> Bool {
        guard let keyboard, frame.x == wanted.x, frame.size == wanted.size, frame.overlapsHorizontally(keyboard)
        else { return false }
        let slack = strutFitSlack ?? WindowManagerModel.strutFitReach.upperBound
        return (-WindowManagerModel.keyboardLag...slack).contains(frame.maxY - keyboard.minY)
    }

    /// How far a keyboard sliding in may already be above its last report (the hysteresis a placement ignores).
    static let keyboardLag = Engine.hysteresis

    /// How far below a docked keyboard's top a window manager that fits windows above its strut puts their bottom
    /// (KWin: 1 px; marco and metacity: 0).
    static let strutFitReach = 0...2
}
