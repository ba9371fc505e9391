/// Turns raw bytes into scalars, rejecting what TOML calls invalid: a document must be valid UTF-8.
enum UTF8Input {
    static func scalars(of bytes: [UInt8]) throws(TOMLError) -> [Unicode.Scalar] {
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(bytes.count)
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var line = 1, column = 1
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                scalars.append(scalar)
                if scalar == "\n" {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
            case .emptyInput:
                return scalars
            case .error:
                throw TOMLError("the document is not valid UTF-8", at: SourcePosition(line: line, column: column))
            }
        }
    }
}
