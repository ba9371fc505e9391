import Testing
import TOML

/// A document and the toml-test tagged JSON it must decode to (keys in document order).
struct ValidCase: CustomTestStringConvertible, Sendable {
    let name: String
    let toml: String
    let json: String

    var testDescription: String { name }
}

private func s(_ text: String) -> String { "{\"type\":\"string\",\"value\":\"\(text)\"}" }
private func i(_ text: String) -> String { "{\"type\":\"integer\",\"value\":\"\(text)\"}" }
private func f(_ text: String) -> String { "{\"type\":\"float\",\"value\":\"\(text)\"}" }
private func b(_ text: String) -> String { "{\"type\":\"bool\",\"value\":\"\(text)\"}" }
private func t(_ type: String, _ text: String) -> String { "{\"type\":\"\(type)\",\"value\":\"\(text)\"}" }

let validCases: [ValidCase] = [
    ValidCase(name: "an empty document is an empty table", toml: "", json: "{}"),
    ValidCase(name: "comments and blank lines are ignored", toml: "# a\n\n  # b\r\n\t\n", json: "{}"),
    ValidCase(name: "bare, quoted and literal keys", toml: "a-b_1 = 1\n\"x y\" = 2\n'z\\' = 3\n\"\" = 4\n",
              json: "{\"a-b_1\":\(i("1")),\"x y\":\(i("2")),\"z\\\\\":\(i("3")),\"\":\(i("4"))}"),
    ValidCase(name: "dotted keys with spaces around the dots make nested tables", toml: "a . b.\"c\" = true\n",
              json: "{\"a\":{\"b\":{\"c\":\(b("true"))}}}"),
    ValidCase(name: "basic strings with every escape", toml: #"s = "\b\t\n\f\r\"\\\u00e9\U0001F600""#,
              json: "{\"s\":\(s("\\u0008\\t\\n\\u000C\\r\\\"\\\\é😀"))}"),
    ValidCase(name: "literal strings keep backslashes", toml: #"s = 'C:\Users\x'"#,
              json: "{\"s\":\(s("C:\\\\Users\\\\x"))}"),
    ValidCase(name: "multi-line basic strings trim the first newline and join escaped line ends",
              toml: "s = \"\"\"\none \\\n     two\nthree\"\"\"", json: "{\"s\":\(s("one two\\nthree"))}"),
    ValidCase(name: "multi-line strings may end with one or two extra quotes",
              toml: "a = \"\"\"x\"\"\"\"\"\nb = '''y''''\n", json: "{\"a\":\(s("x\\\"\\\"")),\"b\":\(s("y'"))}"),
    ValidCase(name: "CRLF inside a multi-line string reads as a line feed", toml: "s = '''\r\na\r\nb'''\r\n",
              json: "{\"s\":\(s("a\\nb"))}"),
    ValidCase(name: "integers in every base with underscores",
              toml: "a = +1_000\nb = -0\nc = 0xDEAD_beef\nd = 0o755\ne = 0b1101\nf = -9223372036854775808\n",
              json: "{\"a\":\(i("1000")),\"b\":\(i("0")),\"c\":\(i("3735928559")),\"d\":\(i("493")),"
                  + "\"e\":\(i("13")),\"f\":\(i("-9223372036854775808"))}"),
    ValidCase(name: "floats with fractions, exponents and the special values",
              toml: "a = 3.14\nb = -1e-3\nc = 6.02E+23\nd = 1_0.0_1\ne = inf\nf = -inf\ng = nan\nh = +0.0\n",
              json: "{\"a\":\(f("3.14")),\"b\":\(f("-0.001")),\"c\":\(f("6.02e+23")),\"d\":\(f("10.01")),"
                  + "\"e\":\(f("inf")),\"f\":\(f("-inf")),\"g\":\(f("nan")),\"h\":\(f("0.0"))}"),
    ValidCase(name: "the four date and time types",
              toml: "a = 1979-05-27T07:32:00Z\nb = 1979-05-27 00:32:00.999-07:00\nc = 1979-05-27t07:32:00\n"
                  + "d = 2000-02-29\ne = 07:32:00.5\n",
              json: "{\"a\":\(t("datetime", "1979-05-27T07:32:00Z")),"
                  + "\"b\":\(t("datetime", "1979-05-27T00:32:00.999-07:00")),"
                  + "\"c\":\(t("datetime-local", "1979-05-27T07:32:00")),\"d\":\(t("date-local", "2000-02-29")),"
                  + "\"e\":\(t("time-local", "07:32:00.5"))}"),
    ValidCase(name: "arrays may mix types, span lines, hold comments and end with a comma",
              toml: "a = [\n  1, # one\n  \"two\",\n  [3.0], { x = 4 },\n]\n",
              json: "{\"a\":[\(i("1")),\(s("two")),[\(f("3.0"))],{\"x\":\(i("4"))}]}"),
    ValidCase(name: "inline tables with dotted keys", toml: "p = { x = 1, y.z = 2 , y.w = 3}\n",
              json: "{\"p\":{\"x\":\(i("1")),\"y\":{\"z\":\(i("2")),\"w\":\(i("3"))}}}"),
    ValidCase(name: "a super-table may be defined after its sub-table", toml: "[a.b]\nc = 1\n[a]\nd = 2\n",
              json: "{\"a\":{\"b\":{\"c\":\(i("1"))},\"d\":\(i("2"))}}"),
    ValidCase(name: "headers may add sub-tables to tables made by dotted keys",
              toml: "[fruit]\napple.color = \"red\"\n[fruit.apple.texture]\nsmooth = true\n",
              json: "{\"fruit\":{\"apple\":{\"color\":\(s("red")),\"texture\":{\"smooth\":\(b("true"))}}}}"),
    ValidCase(name: "arrays of tables with sub-tables go to the last element",
              toml: "[[app]]\nclass = \"a\"\n[app.sub]\nx = 1\n[[app]]\nclass = \"b\"\n",
              json: "{\"app\":[{\"class\":\(s("a")),\"sub\":{\"x\":\(i("1"))}},{\"class\":\(s("b"))}]}"),
    ValidCase(name: "whitespace inside headers is allowed", toml: "[ a . 'b' ]\n[[ c ]]\n",
              json: "{\"a\":{\"b\":{}},\"c\":[{}]}"),
    ValidCase(name: "a byte-order mark at the start is skipped", toml: "\u{FEFF}a = 1", json: "{\"a\":\(i("1"))}"),
]

@Test("Valid documents decode to the expected values", arguments: validCases)
func validDocumentDecodes(_ valid: ValidCase) throws {
    let table = try TOMLDecoder.decode(valid.toml)
    #expect(TaggedJSON.encode(table) == valid.json)
}

@Test("Bytes and text decode alike", arguments: validCases)
func bytesDecodeLikeText(_ valid: ValidCase) throws {
    // Compared as tagged JSON because nan is not equal to itself.
    let fromBytes = try TOMLDecoder.decode(bytes: Array(valid.toml.utf8))
    #expect(TaggedJSON.encode(fromBytes) == TaggedJSON.encode(try TOMLDecoder.decode(valid.toml)))
}
