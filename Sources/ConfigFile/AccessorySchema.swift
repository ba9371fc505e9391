import OskshiftCore
import TOML

/// `[accessory]`: the previous / next / done bar above the keyboard.
extension SchemaReader {
    mutating func read(_ table: TOMLTable, into accessory: inout AccessorySettings) {
        for entry in table.entries {
            let value = entry.value
            switch entry.key {
            case "enabled": accessory.enabled = boolean(value, "accessory.enabled") ?? false
            case "buttons": accessory.buttons = accessoryButtons(value, "accessory.buttons") ?? accessory.buttons
            case "height":
                accessory.height = integer(value, "accessory.height", in: ConfigLimits.accessoryHeight) ?? 48
            default: unknownKey(entry, in: "accessory", known: ConfigKeys.accessory)
            }
        }
    }

    /// The buttons left to right: at least one (an empty bar is `enabled = false`), each at most once.
    mutating func accessoryButtons(_ value: TOMLValue, _ name: String) -> [AccessoryButton]? {
        guard let elements = value.arrayValue else {
            fail("\(name) must be an array of buttons, not \(TOMLText.describe(value))", at: value.position)
            return nil
        }
        if elements.isEmpty {
            fail("\(name) must list at least one button (or set accessory.enabled = false)", at: value.position)
            return nil
        }
        var buttons: [AccessoryButton] = []
        var valid = true
        for element in elements {
            guard let text = element.stringValue, let button = AccessoryButton(rawValue: text) else {
                let words = alternatives(AccessoryButton.allCases.map(\.rawValue), quoted: true)
                fail("\(name) entries must be \(words), not \(TOMLText.describe(element))", at: element.position)
                valid = false
                continue
            }
            if buttons.contains(button) {
                fail("\(name) lists \(TOMLText.quoted(text)) twice", at: element.position)
                valid = false
                continue
            }
            buttons.append(button)
        }
        return valid ? buttons : nil
    }
}
