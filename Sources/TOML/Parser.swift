/// A recursive-descent parser working straight on scalars: TOML's tokens depend on context (a key, a number
/// and a date may start alike), so there is no separate token stream.
struct Parser {
    var scanner: Scanner
    let root = TableBuilder(origin: .header, position: SourcePosition(line: 1, column: 1))
    var current: TableBuilder
    /// How many arrays and inline tables enclose the value being parsed.
    var nesting = 0

    init(_ scalars: [Unicode.Scalar]) {
        scanner = Scanner(scalars)
        current = root
    }

    mutating func parseDocument() throws(TOMLError) -> TOMLTable {
        while !scanner.isAtEnd {
            scanner.skipWhitespace()
            switch scanner.peek() {
            case "#", "\n", "\r", nil:
                break
            case "[":
                try parseHeader()
            default:
                try parseKeyValue(into: current)
            }
            try finishLine()
        }
        return root.freeze()
    }

    /// After an expression only whitespace and a comment may follow on the line.
    mutating func finishLine() throws(TOMLError) {
        scanner.skipWhitespace()
        if scanner.peek() == "#" { try skipComment() }
        if scanner.isAtEnd { return }
        if try consumeNewline() { return }
        throw scanner.error("expected the end of the line, found \(describe(scanner.peek()))")
    }

    /// Consumes LF or CRLF; false when neither is next. A CR on its own is an error.
    mutating func consumeNewline() throws(TOMLError) -> Bool {
        switch scanner.peek() {
        case "\n":
            scanner.advance()
            return true
        case "\r":
            guard scanner.peek(1) == "\n" else {
                throw scanner.error("a carriage return must be followed by a line feed")
            }
            scanner.advance(2)
            return true
        default:
            return false
        }
    }

    mutating func skipComment() throws(TOMLError) {
        scanner.advance()
        while let scalar = scanner.peek(), scalar != "\n" {
            if scalar == "\r", scanner.peek(1) == "\n" { return }
            if scalar.isForbiddenControl {
                throw scanner.error("control character \(describe(scalar)) is not allowed in a comment")
            }
            scanner.advance()
        }
    }

    /// Inside arrays, values may be separated by any mix of whitespace, newlines and comments.
    mutating func skipWhitespaceCommentsAndNewlines() throws(TOMLError) {
        while true {
            scanner.skipWhitespace()
            if scanner.peek() == "#" { try skipComment() }
            if try !consumeNewline() { return }
        }
    }

    mutating func parseHeader() throws(TOMLError) {
        let headerPosition = scanner.position
        if scanner.peek(1) == "[" {
            scanner.advance(2)
            let path = try parseKey()
            guard scanner.lookingAt("]]") else {
                // Point at what follows a lone "]", not at the bracket itself.
                if scanner.peek() == "]" { scanner.advance() }
                let found = describe(scanner.peek())
                throw scanner.error("expected \"]]\" to close the array-of-tables header, found \(found)")
            }
            scanner.advance(2)
            current = try root.appendTable(path, headerPosition: headerPosition)
        } else {
            scanner.advance()
            let path = try parseKey()
            guard scanner.peek() == "]" else {
                throw scanner.error("expected \"]\" to close the table header, found \(describe(scanner.peek()))")
            }
            scanner.advance()
            current = try root.openTable(path)
        }
    }

    mutating func parseKeyValue(into table: TableBuilder) throws(TOMLError) {
        let path = try parseKey()
        guard scanner.peek() == "=" else {
            throw scanner.error("expected \"=\" after the key \(dotted(path)), found \(describe(scanner.peek()))")
        }
        scanner.advance()
        scanner.skipWhitespace()
        let value = try parseValue()
        try table.assign(path, value)
    }

    /// A possibly dotted key, with the whitespace around it and its dots.
    mutating func parseKey() throws(TOMLError) -> [KeyPart] {
        var path: [KeyPart] = []
        while true {
            scanner.skipWhitespace()
            path.append(try parseSimpleKey())
            if path.count > TOMLDecoder.maximumNesting {
                throw scanner.error("a key may have at most \(TOMLDecoder.maximumNesting) parts")
            }
            scanner.skipWhitespace()
            guard scanner.peek() == "." else { return path }
            scanner.advance()
        }
    }

    mutating func parseSimpleKey() throws(TOMLError) -> KeyPart {
        let position = scanner.position
        switch scanner.peek() {
        case "\"":
            if scanner.lookingAt("\"\"\"") { throw scanner.error("a multi-line string cannot be a key") }
            return KeyPart(name: try parseBasicString(), position: position)
        case "'":
            if scanner.lookingAt("'''") { throw scanner.error("a multi-line string cannot be a key") }
            return KeyPart(name: try parseLiteralString(), position: position)
        case let scalar? where scalar.isBareKeyCharacter:
            var name = String.UnicodeScalarView()
            while let scalar = scanner.peek(), scalar.isBareKeyCharacter {
                name.append(scalar)
                scanner.advance()
            }
            return KeyPart(name: String(name), position: position)
        default:
            throw scanner.error("expected a key, found \(describe(scanner.peek()))")
        }
    }

    mutating func parseValue() throws(TOMLError) -> TOMLValue {
        let position = scanner.position
        switch scanner.peek() {
        case "\"":
            let text = scanner.lookingAt("\"\"\"") ? try parseMultilineBasicString() : try parseBasicString()
            return TOMLValue(.string(text), at: position)
        case "'":
            let text = scanner.lookingAt("'''") ? try parseMultilineLiteralString() : try parseLiteralString()
            return TOMLValue(.string(text), at: position)
        case "[":
            return try parseArray()
        case "{":
            return try parseInlineTable()
        case "t" where scanner.lookingAt("true"):
            scanner.advance(4)
            return TOMLValue(.boolean(true), at: position)
        case "f" where scanner.lookingAt("false"):
            scanner.advance(5)
            return TOMLValue(.boolean(false), at: position)
        case let scalar? where scalar.isDigit || scalar == "+" || scalar == "-" || scalar == "i" || scalar == "n":
            return try parseNumberOrDateTime()
        default:
            throw scanner.error("expected a value, found \(describe(scanner.peek()))")
        }
    }
}
