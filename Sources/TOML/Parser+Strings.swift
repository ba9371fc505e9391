/// The four string forms: basic "...", multi-line basic """...""", literal '...', multi-line literal '''...'''.
extension Parser {
    mutating func parseBasicString() throws(TOMLError) -> String {
        let start = scanner.position
        scanner.advance()
        var text = String.UnicodeScalarView()
        while true {
            guard let scalar = scanner.peek() else {
                throw TOMLError("this string is not closed before the end of the file", at: start)
            }
            switch scalar {
            case "\"":
                scanner.advance()
                return String(text)
            case "\\":
                text.append(try parseEscape())
            case "\n", "\r":
                throw scanner.error("a single-line string must end on the line it starts (add a closing \")")
            default:
                if scalar.isForbiddenControl {
                    throw scanner.error("control character \(describe(scalar)) must be escaped in a string")
                }
                text.append(scalar)
                scanner.advance()
            }
        }
    }

    mutating func parseMultilineBasicString() throws(TOMLError) -> String {
        let start = scanner.position
        scanner.advance(3)
        try skipNewlineAfterOpeningDelimiter()
        var text = String.UnicodeScalarView()
        while true {
            guard let scalar = scanner.peek() else {
                throw TOMLError("this multi-line string is not closed before the end of the file", at: start)
            }
            switch scalar {
            case "\"":
                if try closesMultilineString(quote: "\"", appendingTo: &text) { return String(text) }
            case "\\":
                if isLineEndingBackslash() {
                    try skipLineEndingBackslash()
                } else {
                    text.append(try parseEscape())
                }
            case "\n", "\r":
                _ = try consumeNewline()
                text.append("\n")
            default:
                if scalar.isForbiddenControl {
                    throw scanner.error("control character \(describe(scalar)) must be escaped in a string")
                }
                text.append(scalar)
                scanner.advance()
            }
        }
    }

    mutating func parseLiteralString() throws(TOMLError) -> String {
        let start = scanner.position
        scanner.advance()
        var text = String.UnicodeScalarView()
        while true {
            guard let scalar = scanner.peek() else {
                throw TOMLError("this string is not closed before the end of the file", at: start)
            }
            switch scalar {
            case "'":
                scanner.advance()
                return String(text)
            case "\n", "\r":
                throw scanner.error("a single-line string must end on the line it starts (add a closing ')")
            default:
                if scalar.isForbiddenControl {
                    throw scanner.error("control character \(describe(scalar)) is not allowed in a literal string")
                }
                text.append(scalar)
                scanner.advance()
            }
        }
    }

    mutating func parseMultilineLiteralString() throws(TOMLError) -> String {
        let start = scanner.position
        scanner.advance(3)
        try skipNewlineAfterOpeningDelimiter()
        var text = String.UnicodeScalarView()
        while true {
            guard let scalar = scanner.peek() else {
                throw TOMLError("this multi-line string is not closed before the end of the file", at: start)
            }
            switch scalar {
            case "'":
                if try closesMultilineString(quote: "'", appendingTo: &text) { return String(text) }
            case "\n", "\r":
                _ = try consumeNewline()
                text.append("\n")
            default:
                if scalar.isForbiddenControl {
                    throw scanner.error("control character \(describe(scalar)) is not allowed in a literal string")
                }
                text.append(scalar)
                scanner.advance()
            }
        }
    }

    /// A newline right after the opening delimiter is not part of the string.
    private mutating func skipNewlineAfterOpeningDelimiter() throws(TOMLError) {
        _ = try consumeNewline()
    }

    /// At a run of quotes inside a multi-line string: fewer than three are content; three to five close the
    /// string, the extra one or two being content (`""""` ends with one quote in the text); six or more is an error.
    private mutating func closesMultilineString(
        quote: Unicode.Scalar, appendingTo text: inout String.UnicodeScalarView
    ) throws(TOMLError) -> Bool {
        var run = 0
        while scanner.peek(run) == quote { run += 1 }
        if run < 3 {
            for _ in 0..<run { text.append(quote) }
            scanner.advance(run)
            return false
        }
        if run > 5 {
            scanner.advance(5)
            throw scanner.error("too many quotes: a multi-line string can end with at most five")
        }
        for _ in 0..<(run - 3) { text.append(quote) }
        scanner.advance(run)
        return true
    }

    /// A backslash followed by optional whitespace and a newline joins the lines.
    private func isLineEndingBackslash() -> Bool {
        var offset = 1
        while let scalar = scanner.peek(offset), scalar == " " || scalar == "\t" { offset += 1 }
        return scanner.peek(offset) == "\n" || (scanner.peek(offset) == "\r" && scanner.peek(offset + 1) == "\n")
    }

    private mutating func skipLineEndingBackslash() throws(TOMLError) {
        scanner.advance()
        while true {
            scanner.skipWhitespace()
            if try !consumeNewline() { return }
        }
    }

    /// At a backslash: one of TOML 1.0's escapes.
    private mutating func parseEscape() throws(TOMLError) -> Unicode.Scalar {
        let start = scanner.position
        scanner.advance()
        guard let letter = scanner.peek() else {
            throw scanner.error("this string is not closed before the end of the file")
        }
        scanner.advance()
        switch letter {
        case "b": return "\u{08}"
        case "t": return "\t"
        case "n": return "\n"
        case "f": return "\u{0C}"
        case "r": return "\r"
        case "\"": return "\""
        case "\\": return "\\"
        case "u", "U":
            let count = letter == "u" ? 4 : 8
            var value: UInt32 = 0
            for _ in 0..<count {
                guard let digit = scanner.peek(), digit.isHexDigit else {
                    throw TOMLError("\\\(letter) needs exactly \(count) hexadecimal digits", at: start)
                }
                value = value * 16 + UInt32(hexValue(digit))
                scanner.advance()
            }
            guard let scalar = Unicode.Scalar(value) else {
                throw TOMLError("\\\(letter)\(hex4(value)) is not a Unicode scalar value", at: start)
            }
            return scalar
        default:
            throw TOMLError("\\\(letter) is not a TOML escape sequence", at: start)
        }
    }

    private func hexValue(_ digit: Unicode.Scalar) -> Int {
        switch digit {
        case "0"..."9": return Int(digit.value - 48)
        case "a"..."f": return Int(digit.value - 97 + 10)
        default: return Int(digit.value - 65 + 10)
        }
    }
}
