import DaemonStatus
import Testing

@Suite struct JSONParserTests {
    @Test func nestedValuesWithSpacesParseToTheirValues() throws {
        let parsed = try JSONParser.parse(#" { "a" : [1, -2, true, false, null], "b": {"c": "d"} } "#).get()
        #expect(parsed == .object([
            ("a", .array([.int(1), .int(-2), .bool(true), .bool(false), .null])),
            ("b", .object([("c", .string("d"))])),
        ]))
    }

    @Test func escapesAndSurrogatePairsDecodeToTheirCharacters() throws {
        let parsed = try JSONParser.parse(#""q\"b\\s\/n\nt\tu\u00e9\ud83d\ude00""#).get()
        #expect(parsed == .string("q\"b\\s/n\nt\tu\u{e9}\u{1F600}"))
    }

    @Test func writingEscapesQuotesBackslashesAndControlCharacters() {
        #expect(JSONValue.string("a\"b\\c\nd\u{1}\u{1F}\u{7F}é").text == #""a\"b\\c\nd\u0001\u001F\u007Fé""#)
    }

    @Test func malformedTextFailsWithTheOffsetOfTheProblem() {
        #expect(JSONParser.parse("[1,]") == .failure(.init(offset: 3, reason: "expected a value")))
        #expect(JSONParser.parse(#"{"a" 1}"#) == .failure(.init(offset: 5, reason: "expected :")))
        #expect(JSONParser.parse("1 2") == .failure(.init(offset: 2, reason: "trailing characters")))
        #expect(JSONParser.parse(#""abc"#) == .failure(.init(offset: 4, reason: "unterminated string")))
        #expect(JSONParser.parse("1.5") == .failure(.init(offset: 1, reason: "trailing characters")))
    }

    @Test func nestingDeeperThan64LevelsIsRefusedInsteadOfRecursingOn() {
        let deep = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        #expect(JSONParser.parse(deep) == .failure(.init(offset: 64, reason: "nested too deeply")))
    }
}
