/// A point in root-window coordinates (pixels, y grows downwards).
public struct Point: Hashable, Sendable, CustomStringConvertible {
    public var x: Int
    public var y: Int

    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }

    public var description: String { "\(x),\(y)" }
}

/// A size in pixels.
public struct Size: Hashable, Sendable {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
}

/// An axis-aligned rectangle. Unless a name says otherwise, rectangles are in root-window coordinates.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var minX: Int { x }
    public var minY: Int { y }
    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var origin: Point { Point(x: x, y: y) }
    public var size: Size { Size(width: width, height: height) }
    public var isEmpty: Bool { width <= 0 || height <= 0 }
    public var center: Point { Point(x: x + width / 2, y: y + height / 2) }

    /// `WIDTHxHEIGHT+X+Y`, the X geometry notation, so logs read like xwininfo.
    public var description: String {
        "\(width)x\(height)\(x < 0 ? "" : "+")\(x)\(y < 0 ? "" : "+")\(y)"
    }

    public func offsetBy(dx: Int = 0, dy: Int = 0) -> Rect {
        Rect(x: x + dx, y: y + dy, width: width, height: height)
    }

    /// Converts a rect given relative to `origin` (for example a field inside a window) to the coordinate space
    /// that `origin` is expressed in (for example the root window).
    public func converted(from origin: Point) -> Rect {
        offsetBy(dx: origin.x, dy: origin.y)
    }

    /// The inverse of `converted(from:)`: this rect relative to `origin`.
    public func relative(to origin: Point) -> Rect {
        offsetBy(dx: -origin.x, dy: -origin.y)
    }

    public func intersection(_ other: Rect) -> Rect? {
        let left = max(minX, other.minX), right = min(maxX, other.maxX)
        let top = max(minY, other.minY), bottom = min(maxY, other.maxY)
        guard left < right, top < bottom else { return nil }
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }

    public func intersects(_ other: Rect) -> Bool { intersection(other) != nil }

    public func overlapsHorizontally(_ other: Rect) -> Bool { minX < other.maxX && other.minX < maxX }

    public func intersectionArea(_ other: Rect) -> Int {
        guard let overlap = intersection(other) else { return 0 }
        return overlap.width * overlap.height
    }

    /// `other` lies wholly inside this rect.
    public func contains(_ other: Rect) -> Bool {
        other.minX >= minX && other.maxX <= maxX && other.minY >= minY && other.maxY <= maxY
    }

    public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    /// A rect at least one pixel wide and high: a caret is often reported zero pixels wide.
    public var padded: Rect {
        Rect(x: x, y: y, width: max(width, 1), height: max(height, 1))
    }
}

/// The border a window manager's frame adds around a client window (`_NET_FRAME_EXTENTS`).
public struct FrameExtents: Hashable, Sendable {
    public var left: Int
    public var right: Int
    public var top: Int
    public var bottom: Int

    public init(left: Int = 0, right: Int = 0, top: Int = 0, bottom: Int = 0) {
        self.left = left
        self.right = right
        self.top = top
        self.bottom = bottom
    }

    public static let none = FrameExtents()

    /// The client rect inside a frame rect.
    public func clientRect(ofFrame frame: Rect) -> Rect {
        Rect(x: frame.x + left, y: frame.y + top, width: frame.width - left - right,
             height: frame.height - top - bottom)
    }

    /// The frame rect around a client rect.
    public func frameRect(ofClient client: Rect) -> Rect {
        Rect(x: client.x - left, y: client.y - top, width: client.width + left + right,
             height: client.height + top + bottom)
    }
}
