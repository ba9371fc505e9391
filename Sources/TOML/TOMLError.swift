/// A document that is not valid TOML 1.0, with the position of the first offending character.
public struct TOMLError: Error, Equatable, Sendable, CustomStringConvertible {
    public var position: SourcePosition
    public var message: String

    public init(_ message: String, at position: SourcePosition) {
        self.message = message
        self.position = position
    }

    public var line: Int { position.line }
    public var column: Int { position.column }

    /// `LINE:COL: message`; the caller adds the file name in front when it has one.
    public var description: String { "\(position): \(message)" }
}
