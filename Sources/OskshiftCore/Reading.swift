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
    /// different one is the window manager counting the frame otherwise; a height alone is a minimum size kept).
    /// The position part only from a request that lay fully in the work area (`room`), the size already right:
    /// elsewhere a difference may be the window manager's clamp.
    func learning(from landed: Rect, asked: Rect, room: Rect) -> Reading? {
        let difference = Reading(dx: landed.x - asked.x, dy: landed.y - asked.y,
                                 dw: landed.width - asked.width, dh: landed.height - asked.height)
        let limit = Reading.largestMisreading
        guard [difference.dx, difference.dy, difference.dw, difference.dh].allSatisfy({ abs($0) <= limit })
        else { return nil }
        var learnt = self
        if difference.dw != 0 {
            learnt.dw += difference.dw
            learnt.dh += difference.dh
        }
        let sizeRight = difference.dw == 0 && difference.dh == 0
        if (difference.dx != 0 || difference.dy != 0) && room.contains(asked) && (sizeRight || difference.dw != 0) {
            learnt.dx += difference.dx
            learnt.dy += difference.dy
        }
        return learnt == self ? nil : learnt
    }

    public var description: String {
        self == .exact ? "exact" : "frame lands at \(signed(dx)),\(signed(dy)) \(signed(dw))x\(signed(dh)) from the request"
    }

    private func signed(_ value: Int) -> String { value >= 0 ? "+\(value)" : "\(value)" }
}
