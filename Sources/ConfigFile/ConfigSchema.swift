import OskshiftCore
import TOML

/// The keys of each section, in the order the printer writes them and error messages list them.
enum ConfigKeys {
    static let topLevel = ["avoidance", "animation", "keyboard_control", "accessory", "keyboard", "app"]
    static let avoidance = ["mode", "margin", "focus", "pointer_band", "maximized", "fullscreen"]
    static let animation = ["duration_ms", "curve"]
    static let keyboardControl = ["auto_show", "show_command", "hide_command", "hide_delay_ms", "hide_on_return"]
    static let accessory = ["enabled", "buttons", "height"]
    static let keyboard = ["class", "name"]
    static let app = ["class", "mode", "margin", "focus"]
}

/// The allowed ranges; PRODUCT.md leaves them open, these keep a typo from pushing windows off every screen.
enum ConfigLimits {
    static let margin = 0...1000
    static let pointerBand = 1...2000
    static let durationMs = 0...5000
    static let hideDelayMs = 0...60000
    /// At least 40 px keeps a button large enough for a finger.
    static let accessoryHeight = 40...200
}

/// PRODUCT.md's schema mapped onto the core's Configuration. Keys left out keep the built-in defaults.
extension SchemaReader {
    mutating func configuration(from document: TOMLTable) -> Configuration {
        var configuration = Configuration()
        for entry in document.entries {
            let value = entry.value
            switch entry.key {
            case "avoidance":
                if let table = table(value, "avoidance") { read(table, into: &configuration.avoidance) }
            case "animation":
                if let table = table(value, "animation") { read(table, into: &configuration.animation) }
            case "keyboard_control":
                if let table = table(value, "keyboard_control") { read(table, into: &configuration.keyboard) }
            case "accessory":
                if let table = table(value, "accessory") { read(table, into: &configuration.accessory) }
            case "keyboard":
                // `[keyboard]` as a table is the likely mistake: its auto-show settings live in [keyboard_control].
                let hint = value.tableValue == nil ? "" : "; auto-show settings go in [keyboard_control]"
                configuration.keyboards = tables(value, "keyboard", hint: hint).compactMap { keyboardRule($0, $1) }
            case "app":
                configuration.apps = tables(value, "app").compactMap { appRule($0, $1) }
            default:
                unknownKey(entry, in: nil, known: ConfigKeys.topLevel)
            }
        }
        return configuration
    }

    private mutating func read(_ table: TOMLTable, into avoidance: inout AvoidanceSettings) {
        for entry in table.entries {
            let value = entry.value
            switch entry.key {
            case "mode": avoidance.mode = choice(value, "avoidance.mode") ?? avoidance.mode
            case "margin": avoidance.margin = integer(value, "avoidance.margin", in: ConfigLimits.margin) ?? 0
            case "focus": avoidance.focus = focusSources(value, "avoidance.focus") ?? avoidance.focus
            case "pointer_band":
                avoidance.pointerBand = integer(value, "avoidance.pointer_band", in: ConfigLimits.pointerBand) ?? 0
            case "maximized": avoidance.maximized = choice(value, "avoidance.maximized") ?? avoidance.maximized
            case "fullscreen": avoidance.fullscreen = choice(value, "avoidance.fullscreen") ?? avoidance.fullscreen
            default: unknownKey(entry, in: "avoidance", known: ConfigKeys.avoidance)
            }
        }
    }

    private mutating func read(_ table: TOMLTable, into animation: inout AnimationSettings) {
        for entry in table.entries {
            let value = entry.value
            switch entry.key {
            case "duration_ms":
                animation.durationMs = integer(value, "animation.duration_ms", in: ConfigLimits.durationMs) ?? 0
            case "curve": animation.curve = choice(value, "animation.curve") ?? animation.curve
            default: unknownKey(entry, in: "animation", known: ConfigKeys.animation)
            }
        }
    }

    private mutating func read(_ table: TOMLTable, into keyboard: inout KeyboardSettings) {
        for entry in table.entries {
            let value = entry.value
            switch entry.key {
            case "auto_show": keyboard.autoShow = boolean(value, "keyboard_control.auto_show") ?? false
            case "show_command": keyboard.showCommand = string(value, "keyboard_control.show_command") ?? ""
            case "hide_command": keyboard.hideCommand = string(value, "keyboard_control.hide_command") ?? ""
            case "hide_delay_ms":
                let delay = integer(value, "keyboard_control.hide_delay_ms", in: ConfigLimits.hideDelayMs)
                keyboard.hideDelayMs = delay ?? 0
            case "hide_on_return": keyboard.hideOnReturn = boolean(value, "keyboard_control.hide_on_return") ?? false
            default: unknownKey(entry, in: "keyboard_control", known: ConfigKeys.keyboardControl)
            }
        }
    }

    private mutating func keyboardRule(_ table: TOMLTable, _ position: SourcePosition) -> KeyboardRule? {
        var rule = KeyboardRule()
        for entry in table.entries {
            switch entry.key {
            case "class": rule.classGlob = glob(entry.value, "keyboard.class")
            case "name": rule.nameGlob = glob(entry.value, "keyboard.name")
            default: unknownKey(entry, in: "keyboard", known: ConfigKeys.keyboard)
            }
        }
        if table["class"] == nil, table["name"] == nil {
            fail("[[keyboard]] needs class = \"glob\" (WM_CLASS) or name = \"glob\" (WM_NAME)", at: position)
        }
        return rule.classGlob == nil && rule.nameGlob == nil ? nil : rule
    }

    private mutating func appRule(_ table: TOMLTable, _ position: SourcePosition) -> AppRule? {
        var rule = AppRule(classGlob: "")
        for entry in table.entries {
            let value = entry.value
            switch entry.key {
            case "class": rule.classGlob = glob(value, "app.class") ?? ""
            case "mode": rule.mode = choice(value, "app.mode")
            case "margin": rule.margin = integer(value, "app.margin", in: ConfigLimits.margin)
            case "focus": rule.focus = focusSources(value, "app.focus")
            default: unknownKey(entry, in: "app", known: ConfigKeys.app)
            }
        }
        if table["class"] == nil {
            fail("[[app]] needs class = \"glob\" (matched against WM_CLASS instance or class)", at: position)
        }
        return rule.classGlob.isEmpty ? nil : rule
    }
}
