/// Parses JSON text into a `JSONValue`. The status property is written by any process that owns the selection
/// window's connection, so it is parsed as untrusted input: every malformation is an error, never a trap.
public struct JSONParser {
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public var offset: Int
        public var reason: String
        public var description: String { "\(reason) at byte \(offset)" }

        public init(offset: Int, reason: String) {
            self.offset = offset
            self.reason = reason
        }
    }

    private let bytes: [UInt8]
    private var index = 0
    /// Nesting limit, so hostile input cannot exhaust the stack.
    private static let maxDepth = 64

    public static func parse(_ text: String) -> Result<JSONValue, Failure> {
        var parser = JSONParser(bytes: Array(text.utf8))
        do throws(Failure) {
            let value = try parser.value(depth: 0)
            parser.skipSpace()
            guard parser.index == parser.bytes.count else { throw parser.failure("trailing characters") }
            return .success(value)
        } catch {
            return .failure(error)
        }
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private func failure(_ reason: String) -> Failure { Failure(offset: index, reason: reason) }

    private mutating func skipSpace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    private mutating func value(depth: Int) throws(Failure) -> JSONValue {
        guard depth < JSONParser.maxDepth else { throw failure("nested too deeply") }
        skipSpace()
        guard index < bytes.count else { throw failure("unexpected end") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        default: return .int(try integer())
        }
    }

    private mutating func literal(_ word: String) throws(Failure) {
        let expected = Array(word.utf8)
        guard index + expected.count <= bytes.count, Array(bytes[index..<index + expected.count]) == expected
        else { throw failure("expected \(word)") }
        index += expected.count
    }

    private mutating func integer() throws(Failure) -> Int {
        let start = index
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
        guard let value = Int(String(decoding: bytes[start..<index], as: UTF8.self)) else {
            index = start
            throw failure("expected a value")
        }
        return value
    }

    private mutating func array(depth: Int) throws(Failure) -> JSONValue {
        index += 1
        var items: [JSONValue] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(items)
        }
        while true {
            items.append(try value(depth: depth + 1))
            skipSpace()
            guard index < bytes.count else { throw failure("unterminated array") }
            let byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: "]") { return .array(items) }
            guard byte == UInt8(ascii: ",") else { throw failure("expected , or ]") }
        }
    }

    private mutating func object(depth: Int) throws(Failure) -> JSONValue {
        index += 1
        var members: [(String, JSONValue)] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw failure("expected a key") }
            let key = try string()
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw failure("expected :") }
            index += 1
            members.append((key, try value(depth: depth + 1)))
            skipSpace()
            guard index < bytes.count else { throw failure("unterminated object") }
            let byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: "}") { return .object(members) }
            guard byte == UInt8(ascii: ",") else { throw failure("expected , or }") }
        }
    }

    private mutating func string() throws(Failure) -> String {
        index += 1
        var scalars = String.UnicodeScalarView()
        var run = index
        func flush(_ end: Int) { scalars.append(contentsOf: String(decoding: bytes[run..<end], as: UTF8.self).unicodeScalars) }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                flush(index)
                index += 1
                return String(scalars)
            }
            if byte < 0x20 { throw failure("control character in a string") }
            if byte != UInt8(ascii: "\\") {
                index += 1
                continue
            }
            flush(index)
            index += 1
            guard index < bytes.count else { break }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "\""): scalars.append("\"")
            case UInt8(ascii: "\\"): scalars.append("\\")
            case UInt8(ascii: "/"): scalars.append("/")
            case UInt8(ascii: "b"): scalars.append("\u{8}")
            case UInt8(ascii: "f"): scalars.append("\u{C}")
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "u"): scalars.append(try unicodeEscape())
            default: throw failure("unknown escape")
            }
            run = index
        }
        throw failure("unterminated string")
    }

    /// `\uXXXX`, with a following `\uXXXX` low surrogate when the first is a high one; a lone surrogate becomes
    /// U+FFFD rather than an error (what most decoders do).
    private mutating func unicodeEscape() throws(Failure) -> Unicode.Scalar {
        let high = try hex4()
        if (0xD800..<0xDC00).contains(high), index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
            bytes[index + 1] == UInt8(ascii: "u")
        {
            let saved = index
            index += 2
            let low = try hex4()
            if (0xDC00..<0xE000).contains(low) {
                return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)) ?? "\u{FFFD}"
            }
            index = saved
        }
        return Unicode.Scalar(high) ?? "\u{FFFD}"
    }

    private mutating func hex4() throws(Failure) -> UInt32 {
        guard index + 4 <= bytes.count, let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self),
            radix: 16)
        else { throw failure("bad \\u escape") }
        index += 4
        return value
    }
}
