import OskshiftCore
import TOML

/// The configuration file of PRODUCT.md "Configuration": where it is, what it says, and how to print it back.
public enum ConfigFile {
    /// PRODUCT.md lookup: explicit path, else $XDG_CONFIG_HOME/oskshift/config.toml (default ~/.config), else each
    /// of $XDG_CONFIG_DIRS (default /etc/xdg) + /oskshift/config.toml; nil = built-in defaults.
    public static func locate(explicit: String?, environment: [String: String]) -> String? {
        ConfigLookup.locate(explicit: explicit, environment: environment, exists: FileSystem.isRegularFile)
    }

    public static func parse(_ text: String, file: String) -> Result<Configuration, [ConfigError]> {
        decode(file: file) { () throws(TOMLError) in try TOMLDecoder.decode(text) }
    }

    /// Reads and parses; a missing or unreadable explicit file is one ConfigError at line 1 column 1.
    public static func load(path: String?) -> Result<Configuration, [ConfigError]> {
        guard let path else { return .success(.defaults) }
        switch FileSystem.readFile(path) {
        case .failure(let reason):
            return .failure([ConfigError(file: path, line: 1, column: 1, message: "cannot read the file: \(reason)")])
        case .success(let bytes):
            return decode(file: path) { () throws(TOMLError) in try TOMLDecoder.decode(bytes: bytes) }
        }
    }

    /// The effective configuration as TOML that parse() accepts and that yields an equal Configuration.
    public static func render(_ configuration: Configuration) -> String {
        ConfigRenderer.render(configuration)
    }

    private static func decode(
        file: String, _ document: () throws(TOMLError) -> TOMLTable
    ) -> Result<Configuration, [ConfigError]> {
        let table: TOMLTable
        do {
            table = try document()
        } catch {
            return .failure([ConfigError(file: file, line: error.line, column: error.column, message: error.message)])
        }
        var reader = SchemaReader(file: file)
        let configuration = reader.configuration(from: table)
        guard reader.errors.isEmpty else {
            // In file order, as a reader goes through the file; ties keep the order they were found in.
            let ordered = reader.errors.enumerated().sorted {
                ($0.element.line, $0.element.column, $0.offset) < ($1.element.line, $1.element.column, $1.offset)
            }
            return .failure(ordered.map(\.element))
        }
        return .success(configuration)
    }
}
