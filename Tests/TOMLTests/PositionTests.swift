import Testing
import TOML

@Test("Keys and values carry the line and column where they were written")
func keysAndValuesCarryPositions() throws {
    let text = """
        # header comment
        [avoidance]
        margin =   8
          focus = ["caret", 'window']

        [[app]]
        class = "xterm"
        """
    let document = try TOMLDecoder.decode(text)
    let avoidanceEntry = try #require(document[entry: "avoidance"])
    #expect(avoidanceEntry.keyPosition == SourcePosition(line: 2, column: 2))
    let avoidance = try #require(avoidanceEntry.value.tableValue)
    #expect(avoidance[entry: "margin"]?.keyPosition == SourcePosition(line: 3, column: 1))
    #expect(avoidance["margin"] == TOMLValue(.integer(8), at: SourcePosition(line: 3, column: 12)))
    #expect(avoidance[entry: "focus"]?.keyPosition == SourcePosition(line: 4, column: 3))
    let focus = try #require(avoidance["focus"]?.arrayValue)
    #expect(focus.map(\.position) == [SourcePosition(line: 4, column: 12), SourcePosition(line: 4, column: 21)])
    let apps = try #require(document["app"]?.arrayValue)
    #expect(apps.map(\.position) == [SourcePosition(line: 6, column: 1)])
    #expect(apps[0].tableValue?["class"]?.position == SourcePosition(line: 7, column: 9))
}

@Test("Tables keep their keys in document order")
func tablesKeepDocumentOrder() throws {
    let document = try TOMLDecoder.decode("z = 1\na = 2\n[m]\n[b]\nk.y = 1\nk.c = 2\n")
    #expect(document.keys == ["z", "a", "m", "b"])
    #expect(document["b"]?.tableValue?["k"]?.tableValue?.keys == ["y", "c"])
}

@Test("Positions count Unicode scalars, not bytes")
func positionsCountScalars() {
    #expect(throws: TOMLError("expected the end of the line, found \"x\"", at: SourcePosition(line: 1, column: 11))) {
        try TOMLDecoder.decode("k = \"été\" x")
    }
}

@Test("Quoted strings decode back to the same text")
func quotedStringsRoundTrip() throws {
    let samples = ["", "plain", "quote \" and \\ backslash", "tab\tnewline\nreturn\r", "bell\u{07} del\u{7F}", "é😀"]
    for sample in samples {
        let document = try TOMLDecoder.decode("s = \(TOMLText.quoted(sample))")
        #expect(document["s"]?.stringValue == sample)
    }
}
