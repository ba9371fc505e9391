/// Writing values back as TOML text, for printers and for messages that quote what the user wrote.
public enum TOMLText {
    /// A basic string literal that decodes to exactly `text`.
    public static func quoted(_ text: String) -> String {
        var output = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\t": output += "\\t"
            case "\r": output += "\\r"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
            default:
                if scalar.isForbiddenControl {
                    output += "\\u" + hex4(scalar.value)
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        return output + "\""
    }

    /// A key as TOML accepts it: bare when it can be, quoted otherwise.
    public static func key(_ name: String) -> String {
        let bare = !name.isEmpty && name.unicodeScalars.allSatisfy(\.isBareKeyCharacter)
        return bare ? name : quoted(name)
    }

    /// How a value reads in a message: scalars as TOML literals, arrays and tables by their kind.
    public static func describe(_ value: TOMLValue) -> String {
        switch value.kind {
        case .string(let text): return quoted(text)
        case .integer(let number): return String(number)
        case .float(let number): return TaggedJSON.floatText(number)
        case .boolean(let flag): return flag ? "true" : "false"
        case .dateTime(let dateTime): return dateTime.description
        case .array: return "an array"
        case .table: return "a table"
        }
    }
}
