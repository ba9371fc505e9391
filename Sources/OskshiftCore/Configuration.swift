/// How a covered window is made to show its field (PRODUCT.md "Modes").
public enum AvoidanceMode: String, CaseIterable, Sendable {
    /// Move the window by the smallest amount that clears the field.
    case offset
    /// Keep the top, shrink the bottom edge above the keyboard; offset what min size or re-layout leaves covered.
    case inset
    /// Offset while the window's top stays in the work area, otherwise top to the work area's top and inset.
    case auto
    /// Leave the window alone.
    case none
}

/// Where the rect that must clear the keyboard comes from, tried in the configured order.
public enum FocusSource: String, CaseIterable, Sendable {
    case caret
    case widget
    case inputFocus = "input-focus"
    case pointer
    case window
}

public enum MaximizedPolicy: String, CaseIterable, Sendable {
    /// Unmaximize, adjust, and maximize again when restoring.
    case unmaximize
    case skip
}

public enum FullscreenPolicy: String, CaseIterable, Sendable {
    case skip
    /// Leave fullscreen, clear the field, and go fullscreen again when restoring. The window is panned (offset)
    /// at its full size unless its mode is `inset`: a kiosk browser does not scroll its focused input into a
    /// smaller viewport by itself (measured, Chromium and Firefox ESR), so panning keeps the input rendered.
    case adjust
}

public enum AnimationCurve: String, CaseIterable, Sendable {
    case linear
    case easeIn = "ease-in"
    case easeOut = "ease-out"
    case easeInOut = "ease-in-out"

    /// The eased progress for a linear progress `t` in 0...1.
    public func apply(_ t: Double) -> Double {
        let t = min(max(t, 0), 1)
        switch self {
        case .linear: return t
        case .easeIn: return t * t * t
        case .easeOut: return 1 - (1 - t) * (1 - t) * (1 - t)
        case .easeInOut: return t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) * (-2 * t + 2) * (-2 * t + 2) / 2
        }
    }
}

public struct AvoidanceSettings: Equatable, Sendable {
    public var mode: AvoidanceMode = .auto
    public var margin: Int = 8
    public var focus: [FocusSource] = [.caret, .widget, .inputFocus, .pointer, .window]
    public var pointerBand: Int = 48
    public var maximized: MaximizedPolicy = .unmaximize
    public var fullscreen: FullscreenPolicy = .adjust

    public init() {}
}

/// `[animation]`: a glide of our own, off by default. The keyboard's motion is the animation: a window is placed at
/// once at each of the keyboard's steps (or, for a keyboard sliding in, at once where it will rest), so the field is
/// never covered while the keyboard moves. A duration above 0 adds a visible glide, which lags the keyboard.
public struct AnimationSettings: Equatable, Sendable {
    public var durationMs: Int = 0
    public var curve: AnimationCurve = .easeOut

    public init() {}
}

/// `[keyboard_control]`: how oskshift shows and hides keyboards that cannot do it themselves.
public struct KeyboardSettings: Equatable, Sendable {
    public var autoShow: Bool = false
    public var showCommand: String = ""
    public var hideCommand: String = ""
    public var hideDelayMs: Int = 300
    public var hideOnReturn: Bool = false

    public init() {}
}

/// `[[keyboard]]`: an extra on-screen keyboard window, matched by a glob on WM_CLASS or on WM_NAME.
public struct KeyboardRule: Equatable, Sendable {
    public var classGlob: String?
    public var nameGlob: String?

    public init(classGlob: String? = nil, nameGlob: String? = nil) {
        self.classGlob = classGlob
        self.nameGlob = nameGlob
    }

    public func matches(wmClass: WMClass?, name: String?) -> Bool {
        if let classGlob, let wmClass, wmClass.matches(classGlob) { return true }
        if let nameGlob, let name, globMatches(nameGlob, name) { return true }
        return false
    }
}

/// `[[app]]`: settings for the windows whose WM_CLASS instance or class matches `classGlob`.
public struct AppRule: Equatable, Sendable {
    public var classGlob: String
    public var mode: AvoidanceMode?
    public var margin: Int?
    public var focus: [FocusSource]?

    public init(classGlob: String, mode: AvoidanceMode? = nil, margin: Int? = nil, focus: [FocusSource]? = nil) {
        self.classGlob = classGlob
        self.mode = mode
        self.margin = margin
        self.focus = focus
    }
}

/// A window's WM_CLASS: its instance and class names.
public struct WMClass: Hashable, Sendable {
    public var instance: String
    public var className: String

    public init(instance: String, className: String) {
        self.instance = instance
        self.className = className
    }

    public func matches(_ glob: String) -> Bool {
        globMatches(glob, instance) || globMatches(glob, className)
    }
}

/// The settings that apply to one window once the `[[app]]` rules are taken into account.
public struct EffectiveSettings: Equatable, Sendable {
    public var mode: AvoidanceMode
    public var margin: Int
    public var focus: [FocusSource]
}

/// The whole configuration, with the defaults of PRODUCT.md.
public struct Configuration: Equatable, Sendable {
    public var avoidance = AvoidanceSettings()
    public var animation = AnimationSettings()
    public var keyboard = KeyboardSettings()
    public var accessory = AccessorySettings()
    public var keyboards: [KeyboardRule] = []
    public var apps: [AppRule] = []

    public init() {}

    public static let defaults = Configuration()

    /// The first matching `[[app]]` rule wins; keys it leaves out come from `[avoidance]`.
    public func settings(for wmClass: WMClass?) -> EffectiveSettings {
        let rule = wmClass.flatMap { wmClass in apps.first { wmClass.matches($0.classGlob) } }
        return EffectiveSettings(
            mode: rule?.mode ?? avoidance.mode,
            margin: rule?.margin ?? avoidance.margin,
            focus: rule?.focus ?? avoidance.focus
        )
    }
}

/// The keyboards oskshift knows without configuration (PRODUCT.md "Built-in keyboards").
public enum BuiltInKeyboards {
    public static let rules: [KeyboardRule] = [
        KeyboardRule(classGlob: "Onboard"),
        KeyboardRule(classGlob: "XVkbd"),
        KeyboardRule(classGlob: "xvkbd"),
        KeyboardRule(classGlob: "Florence"),
        KeyboardRule(classGlob: "florence"),
        KeyboardRule(classGlob: "svkbd"),
        KeyboardRule(classGlob: "kvkbd"),
        KeyboardRule(classGlob: "Kvkbd"),
        KeyboardRule(classGlob: "Caribou"),
        KeyboardRule(classGlob: "caribou"),
    ]

    /// matchbox-keyboard sets no WM_CLASS; its WM_NAME is "Keyboard". Matched only when WM_CLASS is absent, so an
    /// application window that happens to be titled "Keyboard" is not taken for a keyboard.
    public static let classlessName = "Keyboard"

    public static func matches(wmClass: WMClass?, name: String?, extra: [KeyboardRule]) -> Bool {
        if wmClass == nil, name == classlessName { return true }
        return (rules + extra).contains { $0.matches(wmClass: wmClass, name: name) }
    }
}
