/// The XDG base-directory search of PRODUCT.md, with the file-system check injected so tests need no real files.
enum ConfigLookup {
    static let relativePath = "oskshift/config.toml"

    static func locate(explicit: String?, environment: [String: String], exists: (String) -> Bool) -> String? {
        if let explicit { return explicit }
        return candidates(environment).first(where: exists)
    }

    /// The user's file first, then the system-wide ones in the order of $XDG_CONFIG_DIRS. The XDG spec says
    /// relative directories are to be ignored, and an empty variable counts as unset.
    static func candidates(_ environment: [String: String]) -> [String] {
        var directories: [String] = []
        if let home = environment["XDG_CONFIG_HOME"], home.hasPrefix("/") {
            directories.append(home)
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            directories.append(home + "/.config")
        }
        let systemDirectories = environment["XDG_CONFIG_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/etc/xdg"
        directories += systemDirectories.split(separator: ":").map(String.init).filter { $0.hasPrefix("/") }
        return directories.map { ($0.hasSuffix("/") ? String($0.dropLast()) : $0) + "/" + relativePath }
    }
}
