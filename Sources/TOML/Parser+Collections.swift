/// Arrays and inline tables, the two values that contain values.
extension Parser {
    mutating func parseArray() throws(TOMLError) -> TOMLValue {
        let position = scanner.position
        try enterNesting()
        defer { nesting -= 1 }
        scanner.advance()
        var elements: [TOMLValue] = []
        while true {
            try skipWhitespaceCommentsAndNewlines()
            if scanner.peek() == "]" { break }
            elements.append(try parseValue())
            try skipWhitespaceCommentsAndNewlines()
            if scanner.peek() == "," {
                scanner.advance()
                continue
            }
            if scanner.peek() == "]" { break }
            throw scanner.error("expected \",\" or \"]\" in the array, found \(describe(scanner.peek()))")
        }
        scanner.advance()
        return TOMLValue(.array(elements), at: position)
    }

    /// `{ a = 1, b.c = 2 }`: on one line, no trailing comma (TOML 1.0), closed to later additions.
    mutating func parseInlineTable() throws(TOMLError) -> TOMLValue {
        let position = scanner.position
        try enterNesting()
        defer { nesting -= 1 }
        scanner.advance()
        let table = TableBuilder(origin: .inline, position: position)
        scanner.skipWhitespace()
        if scanner.peek() == "}" {
            scanner.advance()
            return TOMLValue(.table(table.freeze()), at: position)
        }
        while true {
            try parseKeyValue(into: table)
            scanner.skipWhitespace()
            if scanner.peek() == "," {
                scanner.advance()
                scanner.skipWhitespace()
                if scanner.peek() == "}" {
                    throw scanner.error("an inline table cannot end with a comma")
                }
                continue
            }
            if scanner.peek() == "}" { break }
            throw scanner.error("expected \",\" or \"}\" in the inline table, found \(describe(scanner.peek()))")
        }
        scanner.advance()
        return TOMLValue(.table(table.freeze()), at: position)
    }

    private mutating func enterNesting() throws(TOMLError) {
        if nesting >= TOMLDecoder.maximumNesting {
            throw scanner.error("arrays and inline tables may be nested at most \(TOMLDecoder.maximumNesting) deep")
        }
        nesting += 1
    }
}
