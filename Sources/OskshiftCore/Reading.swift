/// How the window manager reads a move request: where a frame asked for lands, as a constant difference. openbox
/// puts the frame where it was asked (none); marco and mutter address the visible frame and keep invisible resize
/// borders around it that `_NET_FRAME_EXTENTS` does not count (the X frame lands 10 px up and left, 20 px wider
/// and taller); i3 takes x, y for the client's top-left (the frame lands 2 px left and 18 px up). Learnt from the
/// first landing that shows it (`learning`), then every request is asked so that it lands where it is wanted.
public struct Reading: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var dx = 0, dy = 0, dw = 0, dh = 0

    public static let exact = Reading()

    /// The largest difference taken for a reading; anything larger is a clamp, a refusal or someone else's move.
    public static let largestMisreading = 64

    public init(dx: Int = 0, dy: Int = 0, dw: Int = 0, dh: Int = 0) {
        self.dx = dx
        self.dy = dy
        self.dw = dw
        self.dh = dh
    }

    /// The frame to ask for so that the window lands at `wanted`.
    func request(for wanted: Rect) -> Rect {
        Rect(x: wanted.x - dx, y: wanted.y - dy, width: wanted.width - dw, height: wanted.height - dh)
    }

    /// Where a frame asked for lands.
    func landing(of asked: Rect) -> Rect {
        Rect(x: asked.x + dx, y: asked.y + dy, width: asked.width + dw, height: asked.height + dh)
    }

    /// The reading once `landed` answered the request `asked` (made with this reading), or nil when that landing
    /// teaches nothing new. The size part is learnt when the width differs (we never ask for another width, so a
    /// different one is the window manager counting the frame otherwise; a height alone is a minimum size kept),
    /// also from a request the window manager clamped (marco: the X frame 20 px larger and kept at -10). The
    /// position part only from a request the window manager cannot have clamped (`positionTells`): elsewhere a
    /// difference may be its clamp. A frame narrower or shorter than asked is no reading: a window manager that
    /// counts the frame otherwise counts more (marco's invisible borders), and a smaller frame is someone else's
    /// resize answered late (the 10 000-event burst: the client's own resize to 162x312, taken for "55 px narrower
    /// and 62 px taller", sent the window to a frame nobody wanted).
    func learning(from landed: Rect, asked: Rect, room: Rect, extents: FrameExtents = .none) -> Reading? {
        // What this window manager did with the request, as far as it was not clamped: the reading itself.
        let seen = Reading(dx: landed.x - asked.x, dy: landed.y - asked.y,
                           dw: landed.width - asked.width, dh: landed.height - asked.height)
        func small(_ values: Int...) -> Bool { values.allSatisfy { abs($0) <= Reading.largestMisreading } }
        var learnt = self
        if seen.dw != dw && small(seen.dw, seen.dh) && seen.dw >= 0 && seen.dh >= 0 {
            learnt.dw = seen.dw
            learnt.dh = seen.dh
        }
        let sizeAgrees = seen.dw == learnt.dw && seen.dh == learnt.dh
        if (seen.dx != dx || seen.dy != dy) && small(seen.dx, seen.dy) && Self.positionTells(asked, landed, room: room, extents: extents)
            && sizeAgrees {
            learnt.dx = seen.dx
            learnt.dy = seen.dy
        }
        return learnt == self ? nil : learnt
    }

    /// Where a request landed tells how its position is read when no constraint can explain the difference: the
    /// request lay in the work area; or the frame landed exactly its decorations' left and top up and left of it
    /// (the window manager took x, y for the client's top-left: matchbox's ConfigureRequests, i3), which a clamp
    /// of a window partly under a keyboard below the work area never does; or the request reached only below the
    /// work area and was not fitted into it. A window moved up above a docked keyboard reaches under the keyboard's
    /// strut with its bottom: a window manager fitting it in puts that bottom on the strut (IceWM), one that does
    /// not leaves it there, and its landing tells the reading (marco: 10 px up and left, the strut there until the
    /// hide).
    static func positionTells(_ asked: Rect, _ landed: Rect, room: Rect, extents: FrameExtents) -> Bool {
        let clientOrigin = (extents.left != 0 || extents.top != 0)
            && landed.x == asked.x - extents.left && landed.y == asked.y - extents.top
        let onlyBelowAndNotFitted = asked.minX >= room.minX && asked.maxX <= room.maxX && asked.minY >= room.minY
            && landed.maxY > room.maxY
        return room.contains(asked) || clientOrigin || onlyBelowAndNotFitted
    }

    public var description: String {
        self == .exact ? "exact" : "frame lands at \(signed(dx)),\(signed(dy)) \(signed(dw))x\(signed(dh)) from the request"
    }

    private func signed(_ value: Int) -> String { value >= 0 ? "+\(value)" : "\(value)" }
}

/// What a window believes of its window manager's reading. A reading learnt from one landing is only tried: the
/// frame asked for again as read must land exactly where it is wanted before the reading is believed (and handed
/// to the windows adjusted next). A landing elsewhere was no reading (a user's drag or an application's resize
/// while our request was pending, under a window manager that does what it is asked): the window goes back to the
/// reading it had and learns no more.
enum ReadingBelief: Equatable, Sendable {
    case settled(Reading)
    case trying(Reading, insteadOf: Reading)
    case doubted(Reading)

    /// The reading requests are asked with.
    var reading: Reading {
        switch self {
        case .settled(let reading), .trying(let reading, _), .doubted(let reading): return reading
        }
    }

    /// After a landing for a request that wanted `wanted`: the reading tried is believed when the landing has
    /// what it corrected (the size, the position) where wanted, dropped when not. Only what the reading corrected
    /// is checked: a size read right still lands clamped under a window manager that keeps the title bar down.
    func afterLanding(_ landed: Rect, wanted: Rect?) -> ReadingBelief {
        guard case .trying(let tried, let before) = self else { return self }
        guard let wanted else { return .doubted(before) }
        let sizeTried = tried.dw != before.dw || tried.dh != before.dh
        let positionTried = tried.dx != before.dx || tried.dy != before.dy
        // The width tells: the height may be a minimum the window keeps, which no reading explains.
        let confirmed = (!sizeTried || landed.width == wanted.width) && (!positionTried || landed.origin == wanted.origin)
        return confirmed ? .settled(tried) : .doubted(before)
    }

    var mayLearn: Bool { if case .settled = self { return true } else { return false } }
}
