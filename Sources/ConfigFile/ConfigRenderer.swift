import OskshiftCore
import TOML

/// Prints a Configuration as the TOML that reads back into it: every key, every rule, in schema order.
enum ConfigRenderer {
    static func render(_ configuration: Configuration) -> String {
        let avoidance = configuration.avoidance
        let animation = configuration.animation
        let keyboard = configuration.keyboard
        var lines = [
            "[avoidance]",
            "mode = \(TOMLText.quoted(avoidance.mode.rawValue))",
            "margin = \(avoidance.margin)",
            "focus = \(focusList(avoidance.focus))",
            "pointer_band = \(avoidance.pointerBand)",
            "maximized = \(TOMLText.quoted(avoidance.maximized.rawValue))",
            "fullscreen = \(TOMLText.quoted(avoidance.fullscreen.rawValue))",
            "",
            "[animation]",
            "duration_ms = \(animation.durationMs)",
            "curve = \(TOMLText.quoted(animation.curve.rawValue))",
            "",
            "[keyboard_control]",
            "auto_show = \(keyboard.autoShow)",
            "show_command = \(TOMLText.quoted(keyboard.showCommand))",
            "hide_command = \(TOMLText.quoted(keyboard.hideCommand))",
            "hide_delay_ms = \(keyboard.hideDelayMs)",
            "hide_on_return = \(keyboard.hideOnReturn)",
            "",
            "[accessory]",
            "enabled = \(configuration.accessory.enabled)",
            "buttons = [" + configuration.accessory.buttons.map { TOMLText.quoted($0.rawValue) }.joined(separator: ", ")
                + "]",
            "height = \(configuration.accessory.height)",
        ]
        // A rule with neither glob matches no window and has no TOML form ([[keyboard]] needs one): left out.
        for rule in configuration.keyboards where rule.classGlob != nil || rule.nameGlob != nil {
            lines += ["", "[[keyboard]]"]
            if let classGlob = rule.classGlob { lines.append("class = \(TOMLText.quoted(classGlob))") }
            if let nameGlob = rule.nameGlob { lines.append("name = \(TOMLText.quoted(nameGlob))") }
        }
        for rule in configuration.apps {
            lines += ["", "[[app]]", "class = \(TOMLText.quoted(rule.classGlob))"]
            if let mode = rule.mode { lines.append("mode = \(TOMLText.quoted(mode.rawValue))") }
            if let margin = rule.margin { lines.append("margin = \(margin)") }
            if let focus = rule.focus { lines.append("focus = \(focusList(focus))") }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func focusList(_ sources: [FocusSource]) -> String {
        "[" + sources.map { TOMLText.quoted($0.rawValue) }.joined(separator: ", ") + "]"
    }
}
