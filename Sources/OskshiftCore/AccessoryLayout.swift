/// Where the accessory bar goes and what it covers: pure geometry, so the X11 side only draws and places.
public enum AccessoryLayout {
    /// The bar flush on top of `keyboard`, spanning its width (clipped to the keyboard's monitor), `height` high.
    /// A keyboard whose top edge is at its monitor's top (matchbox-keyboard at the top of the screen) leaves no
    /// room above it: the bar then sits flush below it instead. Nil when the keyboard is on no monitor or the bar
    /// would have no width.
    public static func barRect(keyboard: Rect, screen: Screen, height: Int) -> Rect? {
        guard height > 0, let monitor = screen.monitor(for: keyboard)?.rect else { return nil }
        let left = max(keyboard.minX, monitor.minX), right = min(keyboard.maxX, monitor.maxX)
        guard right > left else { return nil }
        let above = keyboard.minY - height
        let y = above >= monitor.minY ? above : keyboard.maxY
        return Rect(x: left, y: y, width: right - left, height: height)
    }

    /// The one obstacle the engine avoids: the keyboard and the bar together (their bounding box; the bar is flush
    /// with the keyboard, so the box adds nothing else).
    public static func obstacle(keyboard: Rect, bar: Rect?) -> Rect {
        guard let bar else { return keyboard }
        let minX = min(keyboard.minX, bar.minX), minY = min(keyboard.minY, bar.minY)
        let maxX = max(keyboard.maxX, bar.maxX), maxY = max(keyboard.maxY, bar.maxY)
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// The buttons side by side in the bar's own coordinates, equally wide; the last one takes the pixels the
    /// division leaves over, so together they cover the bar exactly.
    public static func buttonRects(barWidth: Int, barHeight: Int, count: Int) -> [Rect] {
        guard count > 0, barWidth > 0 else { return [] }
        let width = barWidth / count
        return (0..<count).map { index in
            let x = index * width
            return Rect(x: x, y: 0, width: index == count - 1 ? barWidth - x : width, height: barHeight)
        }
    }

    /// The button under a point in the bar's coordinates.
    public static func button(at point: Point, in rects: [Rect]) -> Int? {
        rects.firstIndex { $0.contains(point) }
    }
}

/// What the accessory bar shows and hides with, and the keyboard rect the engine is told while it does.
///
/// Pure: the daemon passes every adapter event through `translate` before the engine sees it, and tells it when
/// the focused field changes; it answers with the events for the engine and keeps `bar` (where the bar must be,
/// nil when hidden) up to date for the X11 side. The bar is shown only while it is enabled, a keyboard is visible
/// and an editable field has focus.
public struct AccessoryModel: Equatable, Sendable {
    public private(set) var settings: AccessorySettings
    public private(set) var screen: Screen
    /// The keyboard as the adapter reported it (without the bar).
    public private(set) var keyboard: Rect?
    public private(set) var editableFocused = false
    /// The obstacle last told to the engine, so a change of the bar alone becomes one `keyboardMoved`.
    private var sent: Rect?

    public init(settings: AccessorySettings, screen: Screen = Screen(monitors: [])) {
        self.settings = settings
        self.screen = screen
    }

    /// Where the bar must be now; nil: hidden.
    public var bar: Rect? {
        guard settings.enabled, editableFocused, let keyboard else { return nil }
        return AccessoryLayout.barRect(keyboard: keyboard, screen: screen, height: settings.height)
    }

    /// The keyboard plus the bar while it shows; nil while no keyboard is visible.
    public var obstacle: Rect? {
        keyboard.map { AccessoryLayout.obstacle(keyboard: $0, bar: bar) }
    }

    /// An adapter event on its way to the engine: keyboard rects become the obstacle; a screen or configuration
    /// change that moves the bar is followed by a `keyboardMoved`.
    public mutating func translate(_ event: Event) -> [Event] {
        switch event {
        case .keyboardShown(let rect):
            keyboard = rect
            sent = obstacle
            return [.keyboardShown(sent ?? rect)]
        case .keyboardMoved(let rect):
            keyboard = rect
            sent = obstacle
            return [.keyboardMoved(sent ?? rect)]
        case .keyboardHidden:
            keyboard = nil
            sent = nil
            return [event]
        case .screenChanged(let fresh):
            screen = fresh
            return [event] + resent()
        case .configurationChanged(let configuration):
            settings = configuration.accessory
            return [event] + resent()
        default:
            return [event]
        }
    }

    /// An editable field gained focus (true) or focus left editable fields (false).
    public mutating func setEditableFocused(_ focused: Bool) -> [Event] {
        editableFocused = focused
        return resent()
    }

    private mutating func resent() -> [Event] {
        guard let now = obstacle, now != sent else { return [] }
        sent = now
        return [.keyboardMoved(now)]
    }
}

/// `[keyboard_control] hide_on_return`: whether a Return key press hides the keyboard.
public enum ReturnKeyRule {
    /// Only in a field AT-SPI reports as single-line (Return in a text view is a new line), and only while a
    /// keyboard is visible.
    public static func hides(settings: KeyboardSettings, keyboardVisible: Bool, focusedSingleLine: Bool) -> Bool {
        settings.hideOnReturn && keyboardVisible && focusedSingleLine
    }
}
