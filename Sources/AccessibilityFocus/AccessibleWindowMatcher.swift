import OskshiftCore

/// An X top-level window that may hold the focused accessible, as the daemon knows it.
public struct AccessibleWindowCandidate<ID: Hashable & Sendable>: Sendable {
    public var id: ID
    /// `_NET_WM_PID`, when the window has one.
    public var pid: Int32?
    /// The WM frame, root coordinates.
    public var frame: Rect
    /// The client window, root coordinates.
    public var client: Rect
    /// The X focus is in this window: among windows of one process that window-relative rects cannot tell apart
    /// (two GTK 4 windows of the same size), the field is in this one.
    public var focused: Bool
    /// What the X frame holds beyond the frame the window manager draws (client grown by `_NET_FRAME_EXTENTS`):
    /// marco's 10 px invisible resize borders on every side, none elsewhere. GTK3 reports the drawn frame.
    public var invisibleBorders: FrameExtents

    public init(id: ID, pid: Int32?, frame: Rect, client: Rect, focused: Bool = false,
                invisibleBorders: FrameExtents = .none) {
        self.id = id
        self.pid = pid
        self.frame = frame
        self.client = client
        self.focused = focused
        self.invisibleBorders = invisibleBorders
    }
}

/// The window an update belongs to, and how to turn the update's rects into root pixels.
public struct AccessibleWindowMatch<ID: Hashable & Sendable>: Sendable, Equatable {
    public var id: ID
    /// GTK3's `GDK_SCALE` (1 for every toolkit that reports root pixels).
    public var scale: Int
    /// Added to every rect after scaling. Screen coordinates: what rounding lost (GTK3 divides the window's root
    /// position by the scale, so an odd x comes back 1 px short after multiplying), taken from the top-level that
    /// lined up with the X frame or client, zero otherwise. Window coordinates (GTK 4): where the top-level's
    /// origin is on the root, the client's position plus half what the client has around the reported top-level
    /// (GTK 4's client-side decorations: 5 px on each side of gnome-text-editor's window under openbox).
    public var correction: Point
    /// What the update's rects were relative to, for logs and for the frame they were read against.
    public var coordinates: AccessibleFocusUpdate.Coordinates = .screen

    public init(id: ID, scale: Int, correction: Point, coordinates: AccessibleFocusUpdate.Coordinates = .screen) {
        self.id = id
        self.scale = scale
        self.correction = correction
        self.coordinates = coordinates
    }

    /// The update in root pixels.
    public func apply(to update: AccessibleFocusUpdate) -> AccessibleFocusUpdate {
        var scaled = update.scaled(by: scale)
        guard correction != Point(x: 0, y: 0) else { return scaled }
        scaled.widget = scaled.widget?.offsetBy(dx: correction.x, dy: correction.y)
        scaled.caret = scaled.caret?.offsetBy(dx: correction.x, dy: correction.y)
        scaled.toplevel = scaled.toplevel?.offsetBy(dx: correction.x, dy: correction.y)
        return scaled
    }
}

/// Finds the X top-level of a focused accessible: same process (`_NET_WM_PID`), and a reported top-level that
/// lines up with the window's frame or client rect, or else a field inside the client rect.
///
/// The same comparison finds GTK3's HiDPI scale: with `GDK_SCALE=2` GTK3 reports every rect in logical pixels
/// (root pixels / 2), so the reported top-level is half the X frame. Scales 1 to 3 are tried.
///
/// Window coordinates (GTK 4) say nothing about where the window is: the top-level is reported at 0,0 with the
/// size of the window's content. The window is then the process's one whose client is that size (at a scale), or
/// a little larger (client-side decorations around the content), the focused one among equals; its client's root
/// position is the translation. This is the one place where such rects become root pixels.
public enum AccessibleWindowMatcher {
    public static let scales = [1, 2, 3]

    /// The most a client may have around a GTK 4 window's content, per dimension, at scale 1: both sides of its
    /// client-side decorations (5 + 5 px measured under openbox; a window manager that supports
    /// `_GTK_FRAME_EXTENTS` gets GTK's shadows there instead, a few tens of pixels). Small enough that a window's
    /// content at scale 1 is not taken for one at scale 2 unless it is under 64 px.
    public static let decorationAllowance = 64

    /// Chromium reports its fields in device pixels but its top-level in device-independent ones when the content
    /// is scaled (`--force-device-scale-factor=2`: a 1280x800 window's frame reported as 640x400, its field at the
    /// right place), so the top-level's size says nothing about a scale there: always 1.
    static func scales(for toolkit: String) -> [Int] {
        toolkit.lowercased().hasPrefix("chrom") ? [1] : scales
    }

    public static func match<ID>(
        _ update: AccessibleFocusUpdate, among candidates: [AccessibleWindowCandidate<ID>]
    ) -> AccessibleWindowMatch<ID>? {
        guard update.editable else { return nil }
        let coordinates = coordinates(of: update)
        var best: (match: AccessibleWindowMatch<ID>, score: Int)?
        for candidate in candidates {
            if let pid = candidate.pid, update.pid != 0, pid != update.pid { continue }
            for scale in scales(for: update.toolkit) {
                let scaled = update.scaled(by: scale)
                let (score, correction) = coordinates == .window
                    ? windowRelativeScore(scaled, candidate, tolerance: scale + 1, scale: scale)
                    : self.score(scaled, candidate, tolerance: scale + 1)
                guard score > 0 else { continue }
                if best == nil || score > best!.score {
                    best = (AccessibleWindowMatch(id: candidate.id, scale: scale, correction: correction,
                                                  coordinates: coordinates), score)
                }
            }
        }
        return best?.match
    }

    /// 0: no match. Higher is better: a top-level that lines up beats a field that merely lies inside; a known
    /// PID beats an unknown one; scale 1 wins ties (tried first, and later scales must score strictly higher).
    static func score<ID>(_ update: AccessibleFocusUpdate, _ candidate: AccessibleWindowCandidate<ID>,
                          tolerance: Int) -> (score: Int, correction: Point) {
        let pidBonus = candidate.pid != nil && update.pid != 0 ? 1 : 0
        let none = Point(x: 0, y: 0)
        if let toplevel = update.toplevel {
            for window in [candidate.frame, candidate.client] where toplevel.isClose(to: window, within: tolerance) {
                return (4 + pidBonus, Point(x: window.x - toplevel.x, y: window.y - toplevel.y))
            }
        }
        if let field = update.widget ?? update.caret,
            candidate.client.insetBy(-tolerance).contains(field)
        {
            // A field inside the client at scale 1 is also inside at scale 2 when the window is large and near
            // the origin; without a top-level to compare, containment cannot tell scales apart, so it scores
            // below any top-level match.
            return (2 + pidBonus, none)
        }
        return (0, none)
    }
}

extension AccessibleWindowMatcher {
    /// What the rects are relative to: as the toolkit says, unless a window-relative top-level is not at 0,0 (GTK 4
    /// reports its own at 0,0 in window coordinates): a release that gives screen coordinates after all is read as
    /// such, instead of being moved by the window's position twice.
    static func coordinates(of update: AccessibleFocusUpdate) -> AccessibleFocusUpdate.Coordinates {
        guard update.coordinates == .window else { return .screen }
        if let toplevel = update.toplevel, toplevel.x != 0 || toplevel.y != 0 { return .screen }
        return .window
    }

    /// The score of window-relative rects (0: no match) and the translation to root pixels. Only the same
    /// process: the rects carry no position to tell windows apart. A top-level the client's size beats one with
    /// decorations around it, which beats a field that merely fits in the client; the focused window wins ties.
    static func windowRelativeScore<ID>(_ update: AccessibleFocusUpdate, _ candidate: AccessibleWindowCandidate<ID>,
                                        tolerance: Int, scale: Int) -> (score: Int, correction: Point) {
        guard let pid = candidate.pid, update.pid != 0, pid == update.pid else { return (0, Point(x: 0, y: 0)) }
        let focusBonus = candidate.focused ? 1 : 0
        let client = candidate.client
        let origin = Point(x: client.x, y: client.y)
        if let toplevel = update.toplevel {
            let around = Size(width: client.width - toplevel.width, height: client.height - toplevel.height)
            if abs(around.width) <= tolerance && abs(around.height) <= tolerance {
                return (6 + focusBonus, origin)
            }
            let allowance = decorationAllowance * scale
            guard (0...allowance).contains(around.width), (0...allowance).contains(around.height) else {
                return (0, origin)
            }
            // Decorations drawn by the application: its content is taken to sit in their middle (measured under
            // openbox, with or without a compositor: 5 px on every side; GTK's shadows, drawn under window managers
            // that support `_GTK_FRAME_EXTENTS`, are larger at the bottom: not measured).
            return (4 + focusBonus, Point(x: origin.x + around.width / 2, y: origin.y + around.height / 2))
        }
        let inside = Rect(x: 0, y: 0, width: client.width, height: client.height).insetBy(-tolerance)
        if let field = update.widget ?? update.caret, inside.contains(field) { return (2 + focusBonus, origin) }
        return (0, origin)
    }
}

extension Rect {
    func isClose(to other: Rect, within tolerance: Int) -> Bool {
        abs(x - other.x) <= tolerance && abs(y - other.y) <= tolerance
            && abs(maxX - other.maxX) <= tolerance && abs(maxY - other.maxY) <= tolerance
    }

    func insetBy(_ amount: Int) -> Rect {
        Rect(x: x + amount, y: y + amount, width: width - 2 * amount, height: height - 2 * amount)
    }

    func contains(_ other: Rect) -> Bool {
        other.minX >= minX && other.minY >= minY && other.maxX <= maxX && other.maxY <= maxY
    }
}
