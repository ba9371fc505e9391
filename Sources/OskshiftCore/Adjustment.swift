/// One window's life with the engine, from its first adjustment until it is back: what every stage shares (the
/// original saved once, the frames asked for and reported, the requests in flight) and the stage itself, whose
/// cases carry exactly what that stage needs (diagram: docs/architecture.md, "One window's life").
struct Adjustment: Equatable, Sendable {
    let id: WindowID
    /// Saved once, at the first adjustment; every later frame is computed from it.
    let original: SavedGeometry
    /// The monitors when the original was saved (nil: unknown, as for a geometry found saved at start).
    let savedOn: Screen?
    var extents: FrameExtents
    /// The frame last requested (during an animation, the current step).
    var shown: Rect
    /// The frame the server last reported.
    var current: Rect
    /// How the window goes home: to its original frame, or back into the state it was taken out of.
    var home: Home
    var requests = Requests()
    var stage: Stage

    init(id: WindowID, original: SavedGeometry, savedOn: Screen?, extents: FrameExtents, current: Rect,
         leftState: Bool, stage: Stage) {
        self.id = id
        self.original = original
        self.savedOn = savedOn
        self.extents = extents
        self.shown = current
        self.current = current
        self.home = leftState ? .windowState(normalFrame: nil) : .frame
        self.stage = stage
    }
}

/// Where a window is in its life with the engine: leavingState -> placed -> restoring -> returning -> forgotten
/// (maximized or fullscreen windows start in leavingState, others in placed); covered again while restoring or
/// returning, it is placed again from the same original.
enum Stage: Equatable, Sendable {
    /// Asked to leave maximized or fullscreen state, and not yet told it did. Maximized: a move now would be undone
    /// by the window manager (and its client size depends on the new state's extents), so the placement waits.
    /// Fullscreen: the placement went out with the request (`movedWith`), and is checked once the state is left.
    case leavingState(target: Rect, layout: Layout, movedWith: FrameExtents?)
    /// Heading for, or at, its placement, animated or not.
    case placed(Placement)
    /// Heading back to its original frame (`to`), frame by frame.
    case restoring(to: Rect, animation: Animation?, layout: Layout)
    /// Its restore is requested: not adjusted any more, waiting only for the server to report the restoring
    /// requests back. Its configure events are still ours, and a new adjustment starts from the same original.
    case returning
}

/// A placement under way or reached.
struct Placement: Equatable, Sendable {
    var target: Rect
    var animation: Animation?
    var layout: Layout
    /// The placement went out in the same step as the request to leave fullscreen, and is not answered yet.
    var movedWithStateChange: StateMove?
}

/// What the window manager and the application did to the window's size while it is adjusted.
struct Layout: Equatable, Sendable {
    /// The height the window manager kept the window at when we asked for less (a minimum size it enforces).
    var keptHeight: Int?
    /// The application resized the window itself: its field is placed again once read at this size.
    var awaitingLayoutAt: Size?
    /// The frame height at which its application was last asked to bring the field into view (`revealField`).
    var revealedAtHeight: Int?
    /// The highest top the window manager lets the frame have (`Landing.clamped`).
    var topLimit: Int?
    /// Whether tops above the limit are allowed beyond a snap zone (nil: not known).
    var snap: TopSnap?
}

/// A clamp may be a snap zone: xfwm4 puts a top from minus the title's height to 0 at 0, but leaves one a pixel
/// higher where asked. So a first clamp of a top that lay within a title bar's height of where it landed is tried
/// once more just above that zone; a clamp there too (metacity, marco, IceWM: a real limit) rules the zone out.
enum TopSnap: Equatable, Sendable {
    /// Tops at or above this one are allowed (tried, or seen to land); those between it and the limit snap.
    case allowedAbove(Int)
    case ruledOut
}

/// The placement that went out with the request to leave fullscreen (`Engine.adjust`), computed with these frame
/// extents. A window manager carries out one client's requests in order, so the window leaves fullscreen and
/// reaches its place in one turn of the window manager's, with no round trip through the state change and the
/// daemon in between (2-10 ms of a kiosk tap).
struct StateMove: Equatable, Sendable {
    var extents: FrameExtents
    /// When the move, unanswered since the state was left, is taken for dropped and asked again.
    var confirmBy: Int?
}

/// How a window goes home.
enum Home: Equatable, Sendable {
    /// Back to its original frame.
    case frame
    /// We took it out of maximized or fullscreen state: it goes back into `original.state`, the window manager
    /// putting it back. `normalFrame` is the frame the window manager gave when the state was left (its remembered
    /// normal geometry), once it answered.
    case windowState(normalFrame: Rect?)
}

extension Adjustment {
    /// Where the window is heading: its placement, or its original frame while restoring or returning.
    var target: Rect {
        switch stage {
        case .leavingState(let target, _, _): return target
        case .placed(let placement): return placement.target
        case .restoring(let to, _, _): return to
        case .returning: return shown
        }
    }

    var animation: Animation? {
        switch stage {
        case .placed(let placement): return placement.animation
        case .restoring(_, let animation, _): return animation
        case .leavingState, .returning: return nil
        }
    }

    var layout: Layout? {
        switch stage {
        case .leavingState(_, let layout, _), .restoring(_, _, let layout): return layout
        case .placed(let placement): return placement.layout
        case .returning: return nil
        }
    }

    /// Changes the layout of a stage that has one.
    mutating func updateLayout(_ change: (inout Layout) -> Void) {
        switch stage {
        case .leavingState(let target, var layout, let movedWith):
            change(&layout)
            stage = .leavingState(target: target, layout: layout, movedWith: movedWith)
        case .placed(var placement):
            change(&placement.layout)
            stage = .placed(placement)
        case .restoring(let to, let animation, var layout):
            change(&layout)
            stage = .restoring(to: to, animation: animation, layout: layout)
        case .returning:
            break
        }
    }

    var isRestoring: Bool { if case .restoring = stage { return true } else { return false } }
    var isReturning: Bool { stage == .returning }
    /// On its way home: restoring, or home requested.
    var isHomeward: Bool { isRestoring || isReturning }
    var leftState: Bool { home != .frame }

    /// Not moving any more: no animation, nothing queued, and the window manager answered the last request (in
    /// part, perhaps: a minimum size it keeps).
    func isStill(at now: Int) -> Bool { animation == nil && requests.queued == nil && !requests.awaitsAnswer(at: now) }
}

extension Adjustment {
    /// A placed or restoring window's new target and animation (nil: there at once, or arrived).
    mutating func heading(to target: Rect, animation: Animation?) {
        switch stage {
        case .placed(var placement):
            placement.target = target
            placement.animation = animation
            stage = .placed(placement)
        case .restoring(_, _, let layout):
            stage = .restoring(to: target, animation: animation, layout: layout)
        case .leavingState, .returning:
            break
        }
    }
}
