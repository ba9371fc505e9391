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
        distinctChoices(value, name, of: "button", emptyHint: " (or set accessory.enabled = false)")
    }
}
