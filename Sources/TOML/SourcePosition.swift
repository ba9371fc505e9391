/// Where something starts in a TOML document: a 1-based line and a 1-based column counted in Unicode scalars.
public struct SourcePosition: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public var description: String { "\(line):\(column)" }
}
