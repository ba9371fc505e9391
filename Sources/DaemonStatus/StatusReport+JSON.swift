import OskshiftCore

/// The status as JSON, the form the daemon publishes and `oskshift status --json` prints:
///
///     {"display":":1","pid":42,
///      "keyboard":{"window":4194307,"rect":{"x":0,"y":595,"width":1280,"height":205},"visible":true},
///      "focus":{"window":6291459,"class":"gtkform/GtkForm","frame":{...},"field":{...},"source":"pointer",
///               "extents":"screen coordinates (gtk 3.24.38)",
///               "fallback":"the pointer band around the last press: its application is not on the ..."},
///      "adjusted":[{"window":6291459,"original":{...},"original_state":"normal","current":{...},
///                   "restoring":false}],
///      "last_decision":"..."}
///
/// Window ids are numbers (as xdotool and xwininfo -id take them); `keyboard`, `focus`, `field`, `extents` and
/// `last_decision` are null when unknown.
extension StatusReport {
    public var json: JSONValue {
        .object([
            ("display", .string(display)),
            ("pid", .int(pid)),
            ("keyboard", keyboard.map { .object([
                ("window", .int(Int($0.window.raw))), ("rect", Self.json($0.rect)), ("visible", .bool($0.visible)),
            ]) } ?? .null),
            ("focus", focus.map(Self.json) ?? .null),
            ("adjusted", .array(adjusted.map { .object([
                ("window", .int(Int($0.window.raw))), ("original", Self.json($0.original)),
                ("original_state", .string($0.originalState)), ("current", Self.json($0.current)),
                ("restoring", .bool($0.restoring)),
            ]) })),
            ("last_decision", lastDecision.map(JSONValue.string) ?? .null),
        ])
    }

    static func json(_ focus: Focus) -> JSONValue {
        let fields: [(String, JSONValue)] = [
            ("window", .int(Int(focus.window.raw))), ("class", focus.wmClass.map(JSONValue.string) ?? .null),
            ("frame", json(focus.frame)), ("field", focus.field.map(json) ?? .null),
            ("source", .string(focus.source)), ("extents", focus.extents.map(JSONValue.string) ?? .null),
            ("fallback", focus.fallback.map(JSONValue.string) ?? .null),
            ("bus_application", focus.busApplication.map(JSONValue.string) ?? .null),
        ]
        return .object(fields)
    }

    /// Reads the published form back. Nil when anything required is missing or has the wrong type.
    public init?(json: JSONValue) {
        guard case .string(let display)? = json["display"], case .int(let pid)? = json["pid"],
            case .array(let adjustedItems)? = json["adjusted"]
        else { return nil }
        var keyboard: Keyboard?
        if let value = json["keyboard"], value != .null {
            guard let window = Self.window(value["window"]), let rect = Self.rect(value["rect"]),
                case .bool(let visible)? = value["visible"]
            else { return nil }
            keyboard = Keyboard(window: window, rect: rect, visible: visible)
        }
        var focus: Focus?
        if let value = json["focus"], value != .null {
            guard let window = Self.window(value["window"]), let frame = Self.rect(value["frame"]),
                case .string(let source)? = value["source"]
            else { return nil }
            var wmClass: String?
            if case .string(let text)? = value["class"] { wmClass = text }
            var extents: String?
            if case .string(let text)? = value["extents"] { extents = text }
            var fallback: String?
            if case .string(let text)? = value["fallback"] { fallback = text }
            var busApplication: String?
            if case .string(let text)? = value["bus_application"] { busApplication = text }
            focus = Focus(window: window, wmClass: wmClass, frame: frame, field: Self.rect(value["field"]),
                source: source, extents: extents, fallback: fallback, busApplication: busApplication)
        }
        var adjusted: [Adjusted] = []
        for item in adjustedItems {
            guard let window = Self.window(item["window"]), let original = Self.rect(item["original"]),
                case .string(let state)? = item["original_state"], let current = Self.rect(item["current"]),
                case .bool(let restoring)? = item["restoring"]
            else { return nil }
            adjusted.append(Adjusted(window: window, original: original, originalState: state, current: current,
                restoring: restoring))
        }
        var lastDecision: String?
        if case .string(let text)? = json["last_decision"] { lastDecision = text }
        self.init(display: display, pid: pid, keyboard: keyboard, focus: focus, adjusted: adjusted,
            lastDecision: lastDecision)
    }

    /// Parses the property's text; nil when it is not a status this version understands.
    public init?(jsonText: String) {
        guard case .success(let value) = JSONParser.parse(jsonText) else { return nil }
        self.init(json: value)
    }

    static func json(_ rect: Rect) -> JSONValue {
        .object([("x", .int(rect.x)), ("y", .int(rect.y)), ("width", .int(rect.width)), ("height", .int(rect.height))])
    }

    static func rect(_ value: JSONValue?) -> Rect? {
        guard let value, case .int(let x)? = value["x"], case .int(let y)? = value["y"],
            case .int(let width)? = value["width"], case .int(let height)? = value["height"]
        else { return nil }
        return Rect(x: x, y: y, width: width, height: height)
    }

    static func window(_ value: JSONValue?) -> WindowID? {
        guard case .int(let raw)? = value, raw >= 0 else { return nil }
        return WindowID(UInt(raw))
    }
}
