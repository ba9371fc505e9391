import ConfigFile
import Glibc
import OskshiftCore

/// The one place the daemon talks to the ConfigFile module.
enum ConfigLoading {
    static func environment() -> [String: String] {
        var result: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let pair = String(cString: pointer)
            if let equals = pair.firstIndex(of: "=") {
                result[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
            }
            entry += 1
        }
        return result
    }

    /// The file that applies (`--config`, else the XDG places), or nil for the built-in defaults.
    static func locate(explicit: String?) -> String? {
        ConfigFile.locate(explicit: explicit, environment: environment())
    }

    /// Each error as `FILE:LINE:COL: message`.
    struct Errors: Error {
        var lines: [String]
    }

    static func load(explicit: String?) -> Result<Configuration, Errors> {
        switch ConfigFile.load(path: locate(explicit: explicit)) {
        case .success(let configuration): return .success(configuration)
        case .failure(let errors): return .failure(Errors(lines: errors.map(\.description)))
        }
    }

    static func render(_ configuration: Configuration) -> String {
        ConfigFile.render(configuration)
    }
}
