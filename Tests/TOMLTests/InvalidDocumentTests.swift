import Testing
import TOML

/// A document TOML 1.0 rejects and the exact `LINE:COL: message` it is rejected with.
struct InvalidCase: CustomTestStringConvertible, Sendable {
    let name: String
    let toml: String
    let error: String

    var testDescription: String { name }
}

let invalidCases: [InvalidCase] = [
    InvalidCase(name: "a key without a value", toml: "a =\n", error: "1:4: expected a value, found end of line"),
    InvalidCase(name: "a key without an equals sign", toml: "\nkey value\n",
                error: "2:5: expected \"=\" after the key key, found \"v\""),
    InvalidCase(name: "a duplicate key", toml: "a = 1\n  a = 2\n", error: "2:3: key a is defined twice"),
    InvalidCase(name: "a table defined twice", toml: "[a]\n[b]\n[ a ]\n", error: "3:3: table [a] is defined twice"),
    InvalidCase(name: "a header redefining a table made by dotted keys", toml: "[a]\nb.c = 1\n[a.b]\n",
                error: "3:4: table [a.b] was already defined by dotted keys"),
    InvalidCase(name: "dotted keys extending a table defined by a header", toml: "[a.b]\n[a]\nb.c = 1\n",
                error: "3:1: table b was defined by a [header] and cannot be extended with dotted keys"),
    InvalidCase(name: "extending an inline table", toml: "a = { b = 1 }\na.c = 2\n",
                error: "2:1: a is an inline table and cannot be extended"),
    InvalidCase(name: "a header over a plain value", toml: "a = 1\n[a.b]\n",
                error: "2:2: key a already holds an integer"),
    InvalidCase(name: "an array of tables over a static array", toml: "a = []\n[[a]]\n",
                error: "2:3: key a already holds an array"),
    InvalidCase(name: "a table header over an array of tables", toml: "[[a]]\n[a]\n",
                error: "2:2: [a] is an array of tables, not a table"),
    InvalidCase(name: "an unclosed basic string", toml: "a = \"abc\n", error: "1:9: a single-line string must end "
                + "on the line it starts (add a closing \")"),
    InvalidCase(name: "a string unclosed at the end of the file", toml: "a = '''abc",
                error: "1:5: this multi-line string is not closed before the end of the file"),
    InvalidCase(name: "an unknown escape", toml: "a = \"x\\qy\"", error: "1:7: \\q is not a TOML escape sequence"),
    InvalidCase(name: "a surrogate escape", toml: "a = \"\\uD800\"",
                error: "1:6: \\uD800 is not a Unicode scalar value"),
    InvalidCase(name: "a raw control character in a string", toml: "a = \"\u{01}\"",
                error: "1:6: control character U+0001 must be escaped in a string"),
    InvalidCase(name: "a DEL in a comment", toml: "# ok\n# no \u{7F}\n",
                error: "2:6: control character U+007F is not allowed in a comment"),
    InvalidCase(name: "a bare carriage return", toml: "a = 1\r b = 2",
                error: "1:6: a carriage return must be followed by a line feed"),
    InvalidCase(name: "leading zeros", toml: "a = 007", error: "1:5: 007: leading zeros are not allowed"),
    InvalidCase(name: "a double underscore", toml: "a = 1__0", error: "1:5: 1__0 is not a valid number"),
    InvalidCase(name: "an integer too large for 64 bits", toml: "a = 9223372036854775808",
                error: "1:5: 9223372036854775808 does not fit in a 64-bit integer"),
    InvalidCase(name: "a signed hexadecimal integer", toml: "a = -0x1",
                error: "1:5: -0x1: a hexadecimal, octal or binary integer has no sign"),
    InvalidCase(name: "a float without digits after the point", toml: "a = 1.", error: "1:5: 1. is not a valid number"),
    InvalidCase(name: "a float too large for 64 bits", toml: "a = -1e400",
                error: "1:5: -1e400 is too large for a 64-bit float"),
    InvalidCase(name: "February 30th", toml: "d = 2021-02-30",
                error: "1:5: 2021-02-30: the day must be between 1 and 28"),
    InvalidCase(name: "a time without seconds", toml: "t = 07:32", error: "1:5: 07:32 is not a valid date or time"),
    InvalidCase(name: "a newline inside an inline table", toml: "a = { b = 1,\n c = 2 }",
                error: "1:13: expected a key, found end of line"),
    InvalidCase(name: "a trailing comma in an inline table", toml: "a = { b = 1, }",
                error: "1:14: an inline table cannot end with a comma"),
    InvalidCase(name: "array elements without a comma", toml: "a = [1 2]",
                error: "1:8: expected \",\" or \"]\" in the array, found \"2\""),
    InvalidCase(name: "two key-values on one line", toml: "a = 1 b = 2",
                error: "1:7: expected the end of the line, found \"b\""),
    InvalidCase(name: "a multi-line string as a key", toml: "\"\"\"k\"\"\" = 1",
                error: "1:1: a multi-line string cannot be a key"),
    InvalidCase(name: "a capitalised boolean", toml: "a = True", error: "1:5: expected a value, found \"T\""),
    InvalidCase(name: "an array-of-tables header with a space in its brackets", toml: "[[a] ]",
                error: "1:5: expected \"]]\" to close the array-of-tables header, found \" \""),
]

@Test("Invalid documents are rejected with the exact position and message", arguments: invalidCases)
func invalidDocumentIsRejected(_ invalid: InvalidCase) {
    #expect(throws: TOMLError.self) { try TOMLDecoder.decode(invalid.toml) }
    do {
        _ = try TOMLDecoder.decode(invalid.toml)
    } catch {
        #expect(error.description == invalid.error)
    }
}

@Test("Invalid UTF-8 is rejected at the line and column of the bad byte")
func invalidUTF8IsRejected() {
    let bytes = Array("a = 1\nb = \"x".utf8) + [0xC3, 0x28] + Array("\"\n".utf8)
    #expect(throws: TOMLError("the document is not valid UTF-8", at: SourcePosition(line: 2, column: 7))) {
        try TOMLDecoder.decode(bytes: bytes)
    }
}

@Test("Arrays nested deeper than the limit are an error, not a stack overflow")
func deepNestingIsAnError() {
    let text = "a = " + String(repeating: "[", count: 100_000)
    #expect(throws: TOMLError("arrays and inline tables may be nested at most 100 deep",
                              at: SourcePosition(line: 1, column: 105))) {
        try TOMLDecoder.decode(text)
    }
}
