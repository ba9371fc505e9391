/// One problem in a configuration file, printed as `FILE:LINE:COL: message` (the form editors and compilers use).
public struct ConfigError: Error, Equatable, Sendable, CustomStringConvertible {
    public let file: String
    public let line: Int
    public let column: Int
    public let message: String

    public init(file: String, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String { "\(file):\(line):\(column): \(message)" }
}

/// `Result<Configuration, [ConfigError]>` needs its failure type to be an Error. Limited to arrays of ConfigError,
/// so the list of every problem in a file is the one error that parsing or loading returns.
extension Array: @retroactive Error where Element == ConfigError {}
