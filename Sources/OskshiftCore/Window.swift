/// An X window id. The engine only compares them.
public struct WindowID: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var raw: UInt

    public init(_ raw: UInt) { self.raw = raw }

    public static func < (a: WindowID, b: WindowID) -> Bool { a.raw < b.raw }

    public var description: String { "0x" + String(raw, radix: 16) }
}

/// `_NET_WM_WINDOW_TYPE`, reduced to what the avoidance policy distinguishes.
public enum WindowKind: String, Sendable {
    case normal, dialog, utility, toolbar, dock, desktop, splash, menu, notification, other
}

/// Maximized and fullscreen state (`_NET_WM_STATE`).
public struct WindowState: Hashable, Sendable {
    public var maximizedVertically: Bool
    public var maximizedHorizontally: Bool
    public var fullscreen: Bool

    public init(maximizedVertically: Bool = false, maximizedHorizontally: Bool = false, fullscreen: Bool = false) {
        self.maximizedVertically = maximizedVertically
        self.maximizedHorizontally = maximizedHorizontally
        self.fullscreen = fullscreen
    }

    public static let normal = WindowState()
    public var isMaximized: Bool { maximizedVertically || maximizedHorizontally }
}

/// What the engine needs to know about a top-level window.
public struct WindowFacts: Hashable, Sendable {
    /// The client window (the one with WM_STATE), not the window manager's frame.
    public var id: WindowID
    /// The outer frame (decorations included) in root coordinates.
    public var frame: Rect
    public var extents: FrameExtents
    public var kind: WindowKind
    public var overrideRedirect: Bool
    public var state: WindowState
    /// WM_NORMAL_HINTS minimum and maximum client size, when set.
    public var minSize: Size?
    public var maxSize: Size?
    public var wmClass: WMClass?
    /// The window is an on-screen keyboard (or part of one).
    public var isKeyboard: Bool
    /// `_NET_WM_PID`: tells whether the window's application is on the accessibility bus.
    public var pid: Int32?
    /// When the window (its frame) was mapped, in the engine's clock; nil when it was mapped before the daemon
    /// started. A window that has just appeared may belong to an application still joining the bus.
    public var mappedAtMs: Int?

    public init(
        id: WindowID, frame: Rect, extents: FrameExtents = .none, kind: WindowKind = .normal,
        overrideRedirect: Bool = false, state: WindowState = .normal, minSize: Size? = nil, maxSize: Size? = nil,
        wmClass: WMClass? = nil, isKeyboard: Bool = false, pid: Int32? = nil, mappedAtMs: Int? = nil
    ) {
        self.pid = pid
        self.mappedAtMs = mappedAtMs
        self.id = id
        self.frame = frame
        self.extents = extents
        self.kind = kind
        self.overrideRedirect = overrideRedirect
        self.state = state
        self.minSize = minSize
        self.maxSize = maxSize
        self.wmClass = wmClass
        self.isKeyboard = isKeyboard
    }
}

/// The focused field (or caret), and where it was learnt. Relative to the window frame's origin where the engine
/// holds it, in root coordinates in decisions.
public struct FocusRect: Hashable, Sendable {
    /// The field, or for the `caret` source the whole editable when it is known.
    public var rect: Rect
    /// The caret's line, when known: used instead of `rect` when the field is taller than the free space.
    public var caret: Rect?
    public var source: FocusSource

    public init(rect: Rect, caret: Rect? = nil, source: FocusSource) {
        self.rect = rect
        self.caret = caret
        self.source = source
    }
}

/// The window that has focus and what the X server shows of the focus inside it.
public struct Focus: Hashable, Sendable {
    public var window: WindowFacts
    public var observed: XFocusObservations

    public init(window: WindowFacts, observed: XFocusObservations = .none) {
        self.window = window
        self.observed = observed
    }
}

/// One monitor and the part of it that panels and docks leave free.
public struct Monitor: Hashable, Sendable {
    public var name: String
    public var rect: Rect
    public var workArea: Rect

    public init(name: String = "", rect: Rect, workArea: Rect? = nil) {
        self.name = name
        self.rect = rect
        self.workArea = workArea ?? rect
    }
}

/// The monitors of the screen.
public struct Screen: Hashable, Sendable {
    public var monitors: [Monitor]

    public init(monitors: [Monitor]) { self.monitors = monitors }

    /// The monitor that shows most of `rect`; nil when it is on none.
    public func monitor(for rect: Rect) -> Monitor? {
        var best: Monitor?
        var bestArea = 0
        for monitor in monitors {
            let area = monitor.rect.intersectionArea(rect)
            if area > bestArea {
                best = monitor
                bestArea = area
            }
        }
        return best
    }

    public func isVisible(_ rect: Rect) -> Bool { monitors.contains { $0.rect.intersects(rect) } }

    /// `rect` lies entirely on one monitor.
    public func holds(_ rect: Rect) -> Bool {
        monitors.contains { $0.rect.intersection(rect) == rect }
    }

    /// Where a window whose frame was `rect` goes back to on this screen: `rect` itself when it lies on a monitor;
    /// otherwise the nearest place fully on the monitor that shows most of it (the nearest monitor when none
    /// does), at its size where that fits, else shrunk to the monitor.
    public func restorePlace(for rect: Rect) -> Rect {
        guard !holds(rect), let monitor = monitor(for: rect) ?? nearestMonitor(to: rect) else { return rect }
        let area = monitor.rect
        let width = min(rect.width, area.width), height = min(rect.height, area.height)
        let x = min(max(rect.x, area.minX), area.maxX - width)
        let y = min(max(rect.y, area.minY), area.maxY - height)
        return Rect(x: x, y: y, width: width, height: height)
    }

    private func nearestMonitor(to rect: Rect) -> Monitor? {
        func distance(_ monitor: Monitor) -> Int {
            let dx = max(monitor.rect.minX - rect.maxX, rect.minX - monitor.rect.maxX, 0)
            let dy = max(monitor.rect.minY - rect.maxY, rect.minY - monitor.rect.maxY, 0)
            return dx * dx + dy * dy
        }
        return monitors.min { distance($0) < distance($1) }
    }
}

/// The geometry saved at the first adjustment, on the engine's side and on the window
/// (`_OSKSHIFT_ORIGINAL_GEOMETRY`) so that a restarted daemon can put the window back.
public struct SavedGeometry: Hashable, Sendable {
    public var frame: Rect
    public var state: WindowState

    public init(frame: Rect, state: WindowState = .normal) {
        self.frame = frame
        self.state = state
    }

    /// A value that may be trusted: at least partly on a monitor, and not absurdly small or large.
    public func isPlausible(on screen: Screen) -> Bool {
        let limit = 32767
        guard frame.width >= 1, frame.height >= 1, frame.width <= limit, frame.height <= limit else { return false }
        guard abs(frame.x) <= limit, abs(frame.y) <= limit else { return false }
        return screen.isVisible(frame) && fitsTwiceOver(screen)
    }

    /// A frame more than twice as wide or tall as all monitors together was not saved by oskshift (a forged
    /// property): a window that size never had a field on screen to move, and restoring it would be absurd.
    private func fitsTwiceOver(_ screen: Screen) -> Bool {
        guard let left = screen.monitors.map(\.rect.minX).min(), let top = screen.monitors.map(\.rect.minY).min(),
              let right = screen.monitors.map(\.rect.maxX).max(), let bottom = screen.monitors.map(\.rect.maxY).max()
        else { return true }
        return frame.width <= 2 * (right - left) && frame.height <= 2 * (bottom - top)
    }
}
