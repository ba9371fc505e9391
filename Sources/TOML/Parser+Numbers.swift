/// Integers, floats and the date/time types, which all start with a digit or a sign.
extension Parser {
    mutating func parseNumberOrDateTime() throws(TOMLError) -> TOMLValue {
        let position = scanner.position
        var token = readToken()
        // `1979-05-27 07:32:00`: a space may separate a date from its time.
        if token.count == 10, isDate(token), scanner.peek() == " ",
           scanner.peek(1)?.isDigit == true, scanner.peek(2)?.isDigit == true, scanner.peek(3) == ":" {
            scanner.advance()
            token.append(" ")
            token += readToken()
        }
        let text = String(String.UnicodeScalarView(token))
        if token.count >= 10, isDate(token) {
            return TOMLValue(.dateTime(try parseDateTime(token, text: text, at: position)), at: position)
        }
        if token.count >= 3, token[0].isDigit, token[1].isDigit, token[2] == ":" {
            return TOMLValue(.dateTime(try parseLocalTime(token, text: text, at: position)), at: position)
        }
        return try parseNumber(token, text: text, at: position)
    }

    /// Everything up to the next character that cannot be part of a number or date.
    private mutating func readToken() -> [Unicode.Scalar] {
        var token: [Unicode.Scalar] = []
        while let scalar = scanner.peek(),
              scalar.isBareKeyCharacter || scalar == "+" || scalar == "." || scalar == ":" {
            token.append(scalar)
            scanner.advance()
        }
        return token
    }

    private func isDate(_ token: [Unicode.Scalar]) -> Bool {
        token[0].isDigit && token[1].isDigit && token[2].isDigit && token[3].isDigit && token[4] == "-"
    }

    // MARK: Numbers

    private func parseNumber(_ token: [Unicode.Scalar], text: String, at position: SourcePosition)
        throws(TOMLError) -> TOMLValue {
        let invalid = TOMLError("\(text) is not a valid number", at: position)
        var body = token[...]
        var sign: Unicode.Scalar?
        if let first = body.first, first == "+" || first == "-" {
            sign = first
            body = body.dropFirst()
        }
        let word = String(String.UnicodeScalarView(body))
        if word == "inf" { return TOMLValue(.float(sign == "-" ? -.infinity : .infinity), at: position) }
        if word == "nan" { return TOMLValue(.float(sign == "-" ? -.nan : .nan), at: position) }

        if body.count > 2, body.first == "0", let radix = ["x": 16, "o": 8, "b": 2][body[body.startIndex + 1]] {
            if sign != nil {
                throw TOMLError("\(text): a hexadecimal, octal or binary integer has no sign", at: position)
            }
            let digits = body.dropFirst(2)
            guard hasValidUnderscores(digits, digit: { isDigit($0, radix: radix) }),
                  let value = Int64(cleaned(digits), radix: radix) else {
                throw isAllDigits(digits, radix: radix) ? tooLarge(text, position) : invalid
            }
            return TOMLValue(.integer(value), at: position)
        }

        let exponentIndex = body.firstIndex { $0 == "e" || $0 == "E" }
        let mantissa = body[..<(exponentIndex ?? body.endIndex)]
        let dotIndex = mantissa.firstIndex(of: ".")
        let integerPart = mantissa[..<(dotIndex ?? mantissa.endIndex)]
        guard hasValidUnderscores(integerPart, digit: \.isDigit) else { throw invalid }
        if integerPart.count > 1, integerPart.first == "0" {
            throw TOMLError("\(text): leading zeros are not allowed", at: position)
        }

        if dotIndex == nil, exponentIndex == nil {
            guard let value = Int64((sign == "-" ? "-" : "") + cleaned(integerPart)) else {
                throw tooLarge(text, position)
            }
            return TOMLValue(.integer(value), at: position)
        }
        if let dotIndex {
            guard hasValidUnderscores(mantissa[(dotIndex + 1)...], digit: \.isDigit) else { throw invalid }
        }
        if let exponentIndex {
            var exponent = body[(exponentIndex + 1)...]
            if let first = exponent.first, first == "+" || first == "-" { exponent = exponent.dropFirst() }
            guard hasValidUnderscores(exponent, digit: \.isDigit) else { throw invalid }
        }
        guard let value = Double((sign == "-" ? "-" : "") + cleaned(body)) else { throw invalid }
        // Only the words inf and nan stand for infinity; a literal too large to represent is a mistake.
        if value.isInfinite { throw TOMLError("\(text) is too large for a 64-bit float", at: position) }
        return TOMLValue(.float(value), at: position)
    }

    private func tooLarge(_ text: String, _ position: SourcePosition) -> TOMLError {
        TOMLError("\(text) does not fit in a 64-bit integer", at: position)
    }

    /// Digits with single underscores between them, none at either end.
    private func hasValidUnderscores(_ digits: ArraySlice<Unicode.Scalar>, digit: (Unicode.Scalar) -> Bool) -> Bool {
        guard let first = digits.first, let last = digits.last, digit(first), digit(last) else { return false }
        var previousWasUnderscore = false
        for scalar in digits {
            if scalar == "_" {
                if previousWasUnderscore { return false }
                previousWasUnderscore = true
            } else if digit(scalar) {
                previousWasUnderscore = false
            } else {
                return false
            }
        }
        return true
    }

    private func isAllDigits(_ digits: ArraySlice<Unicode.Scalar>, radix: Int) -> Bool {
        hasValidUnderscores(digits) { isDigit($0, radix: radix) }
    }

    private func isDigit(_ scalar: Unicode.Scalar, radix: Int) -> Bool {
        switch radix {
        case 16: return scalar.isHexDigit
        case 8: return ("0"..."7").contains(scalar)
        default: return scalar == "0" || scalar == "1"
        }
    }

    private func cleaned(_ digits: ArraySlice<Unicode.Scalar>) -> String {
        String(String.UnicodeScalarView(digits.filter { $0 != "_" }))
    }

    // MARK: Dates and times

    /// `YYYY-MM-DD`, optionally followed by `T` (or `t` or a space), a time, and an offset.
    private func parseDateTime(_ token: [Unicode.Scalar], text: String, at position: SourcePosition)
        throws(TOMLError) -> TOMLDateTime {
        var reader = DigitReader(token: token, text: text, position: position)
        let year = try reader.number(4)
        try reader.expect("-")
        let month = try reader.number(2, in: 1...12, "month")
        try reader.expect("-")
        let day = try reader.number(2, in: 1...TOMLDate.daysIn(month: month, year: year), "day")
        let date = TOMLDate(year: year, month: month, day: day)
        guard let separator = reader.next() else { return TOMLDateTime(date: date, time: nil) }
        guard separator == "T" || separator == "t" || separator == " " else { throw reader.invalid }
        let time = try reader.time()
        var offset: Int?
        switch reader.next() {
        case nil:
            break
        case "Z", "z":
            offset = 0
        case let sign? where sign == "+" || sign == "-":
            let hours = try reader.number(2, in: 0...23, "offset hour")
            try reader.expect(":")
            let minutes = try reader.number(2, in: 0...59, "offset minute")
            offset = (hours * 60 + minutes) * (sign == "-" ? -1 : 1)
        default:
            throw reader.invalid
        }
        try reader.expectEnd()
        return TOMLDateTime(date: date, time: time, offsetMinutes: offset)
    }

    private func parseLocalTime(_ token: [Unicode.Scalar], text: String, at position: SourcePosition)
        throws(TOMLError) -> TOMLDateTime {
        var reader = DigitReader(token: token, text: text, position: position)
        let time = try reader.time()
        try reader.expectEnd()
        return TOMLDateTime(date: nil, time: time)
    }
}

/// Reads the fixed-width fields of a date or time token.
private struct DigitReader {
    let token: [Unicode.Scalar]
    let text: String
    let position: SourcePosition
    var index = 0

    init(token: [Unicode.Scalar], text: String, position: SourcePosition) {
        self.token = token
        self.text = text
        self.position = position
    }

    var invalid: TOMLError { TOMLError("\(text) is not a valid date or time", at: position) }

    mutating func next() -> Unicode.Scalar? {
        guard index < token.count else { return nil }
        index += 1
        return token[index - 1]
    }

    mutating func expect(_ scalar: Unicode.Scalar) throws(TOMLError) {
        guard next() == scalar else { throw invalid }
    }

    mutating func expectEnd() throws(TOMLError) {
        guard index == token.count else { throw invalid }
    }

    mutating func number(_ width: Int, in range: ClosedRange<Int>? = nil, _ field: String = "")
        throws(TOMLError) -> Int {
        var value = 0
        for _ in 0..<width {
            guard let digit = next(), digit.isDigit else { throw invalid }
            value = value * 10 + Int(digit.value - 48)
        }
        if let range, !range.contains(value) {
            throw TOMLError("\(text): the \(field) must be between \(range.lowerBound) and \(range.upperBound)",
                            at: position)
        }
        return value
    }

    /// `HH:MM:SS` with an optional fraction; TOML 1.0 requires the seconds.
    mutating func time() throws(TOMLError) -> TOMLTime {
        let hour = try number(2, in: 0...23, "hour")
        try expect(":")
        let minute = try number(2, in: 0...59, "minute")
        try expect(":")
        // 60 allows a leap second, as RFC 3339 does.
        let second = try number(2, in: 0...60, "second")
        var nanosecond = 0
        if index < token.count, token[index] == "." {
            index += 1
            var digits = 0
            while index < token.count, token[index].isDigit {
                if digits < 9 { nanosecond = nanosecond * 10 + Int(token[index].value - 48) }
                digits += 1
                index += 1
            }
            guard digits > 0 else { throw invalid }
            for _ in digits..<max(digits, 9) { nanosecond *= 10 }
        }
        return TOMLTime(hour: hour, minute: minute, second: second, nanosecond: nanosecond)
    }
}
