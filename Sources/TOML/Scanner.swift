/// A cursor over the document's Unicode scalars that knows its line and column.
struct Scanner {
    private let scalars: [Unicode.Scalar]
    private(set) var index = 0
    private(set) var position = SourcePosition(line: 1, column: 1)

    init(_ scalars: [Unicode.Scalar]) {
        self.scalars = scalars
        // A byte-order mark is tolerated at the very start only; it is not part of the first line's columns.
        if scalars.first == "\u{FEFF}" { index = 1 }
    }

    var isAtEnd: Bool { index >= scalars.count }

    func peek(_ offset: Int = 0) -> Unicode.Scalar? {
        let at = index + offset
        return at < scalars.count ? scalars[at] : nil
    }

    /// True when the next scalars spell `text`.
    func lookingAt(_ text: String) -> Bool {
        var offset = 0
        for scalar in text.unicodeScalars {
            if peek(offset) != scalar { return false }
            offset += 1
        }
        return true
    }

    mutating func advance(_ count: Int = 1) {
        for _ in 0..<count where index < scalars.count {
            if scalars[index] == "\n" {
                position.line += 1
                position.column = 1
            } else {
                position.column += 1
            }
            index += 1
        }
    }

    /// Skips spaces and tabs, the only whitespace TOML has inside a line.
    mutating func skipWhitespace() {
        while let scalar = peek(), scalar == " " || scalar == "\t" { advance() }
    }

    func error(_ message: String) -> TOMLError {
        TOMLError(message, at: position)
    }
}

extension Unicode.Scalar {
    var isDigit: Bool { ("0"..."9").contains(self) }

    var isHexDigit: Bool { isDigit || ("a"..."f").contains(self) || ("A"..."F").contains(self) }

    var isBareKeyCharacter: Bool {
        isDigit || ("a"..."z").contains(self) || ("A"..."Z").contains(self) || self == "_" || self == "-"
    }

    /// Control characters TOML forbids in comments and strings unless escaped: all C0 but tab, and DEL.
    var isForbiddenControl: Bool {
        (value < 0x20 && self != "\t") || value == 0x7F
    }
}

/// How a scalar is named in an error message: printable ones quoted, the others by code point.
func describe(_ scalar: Unicode.Scalar?) -> String {
    guard let scalar else { return "end of file" }
    switch scalar {
    case "\n": return "end of line"
    case "\r": return "carriage return"
    case "\t": return "tab"
    default:
        if scalar.value < 0x20 || scalar.value == 0x7F || scalar == "\u{FEFF}" {
            return "U+" + hex4(scalar.value)
        }
        return "\"\(scalar)\""
    }
}

func hex4(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
}
