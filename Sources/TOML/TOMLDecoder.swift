/// Decodes TOML 1.0 documents into tables whose keys and values carry their source positions.
public enum TOMLDecoder {
    /// Arrays and inline tables nested deeper than this are rejected, so hostile input cannot exhaust the stack.
    public static let maximumNesting = 100

    public static func decode(_ text: String) throws(TOMLError) -> TOMLTable {
        var parser = Parser(Array(text.unicodeScalars))
        return try parser.parseDocument()
    }

    /// Decodes raw bytes, which must be UTF-8 (a document in another encoding is an error, as TOML requires).
    public static func decode(bytes: [UInt8]) throws(TOMLError) -> TOMLTable {
        var parser = Parser(try UTF8Input.scalars(of: bytes))
        return try parser.parseDocument()
    }
}
