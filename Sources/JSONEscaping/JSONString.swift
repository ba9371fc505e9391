/// Appends `text` to `output` as a JSON string literal (RFC 8259 §7): quotes, backslashes and the C0 controls
/// escaped (\n, \r and \t by name, the rest and DEL as \uXXXX), everything else as it is.
/// The one JSON string writer: the daemon's status JSON and the TOML decoder's tagged JSON both use it.
public func appendJSONString(_ text: String, to output: inout String) {
    output += "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": output += "\\\""
        case "\\": output += "\\\\"
        case "\n": output += "\\n"
        case "\r": output += "\\r"
        case "\t": output += "\\t"
        case _ where scalar.value < 0x20 || scalar.value == 0x7F:
            let digits = String(scalar.value, radix: 16, uppercase: true)
            output += "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
        default: output.unicodeScalars.append(scalar)
        }
    }
    output += "\""
}
