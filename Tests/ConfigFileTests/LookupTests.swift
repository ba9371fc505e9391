#if canImport(Glibc)
import Glibc
#endif
import ConfigFile
import Testing

/// A fresh directory tree under /tmp, removed again by `remove()`.
struct TemporaryTree {
    let root: String

    init() {
        var template = Array("/tmp/oskshift-lookup-XXXXXX".utf8CString)
        root = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
    }

    /// Creates `relative` (and its directories) with a small valid configuration; returns its full path.
    @discardableResult
    func file(_ relative: String) -> String {
        let path = root + "/" + relative
        var directory = ""
        for component in path.split(separator: "/").dropLast() {
            directory += "/" + component
            mkdir(directory, 0o755)
        }
        let handle = fopen(path, "w")
        fputs("[avoidance]\nmargin = 8\n", handle)
        fclose(handle)
        return path
    }

    func remove() {
        _ = system("rm -rf '\(root)'")
    }
}

@Test("An explicit path wins, even over existing XDG files and even when it does not exist")
func explicitPathWins() {
    let tree = TemporaryTree()
    defer { tree.remove() }
    tree.file("home/oskshift/config.toml")
    let environment = ["XDG_CONFIG_HOME": tree.root + "/home"]
    #expect(ConfigFile.locate(explicit: "/nowhere.toml", environment: environment) == "/nowhere.toml")
}

@Test("XDG_CONFIG_HOME comes before XDG_CONFIG_DIRS")
func configHomeComesFirst() {
    let tree = TemporaryTree()
    defer { tree.remove() }
    let user = tree.file("home/oskshift/config.toml")
    tree.file("sys1/oskshift/config.toml")
    let environment = ["XDG_CONFIG_HOME": tree.root + "/home", "XDG_CONFIG_DIRS": tree.root + "/sys1",
                       "HOME": tree.root + "/nobody"]
    #expect(ConfigFile.locate(explicit: nil, environment: environment) == user)
}

@Test("Without XDG_CONFIG_HOME the user file is ~/.config/oskshift/config.toml")
func homeDotConfigIsTheDefault() {
    let tree = TemporaryTree()
    defer { tree.remove() }
    let user = tree.file("me/.config/oskshift/config.toml")
    let environment = ["HOME": tree.root + "/me", "XDG_CONFIG_DIRS": tree.root + "/sys1"]
    #expect(ConfigFile.locate(explicit: nil, environment: environment) == user)
}

@Test("The XDG_CONFIG_DIRS are tried in order after a missing user file")
func configDirsAreTriedInOrder() {
    let tree = TemporaryTree()
    defer { tree.remove() }
    let second = tree.file("sys2/oskshift/config.toml")
    let third = tree.file("sys3/oskshift/config.toml")
    let dirs = [tree.root + "/sys1", "relative/ignored", tree.root + "/sys2/", tree.root + "/sys3"]
    let environment = ["XDG_CONFIG_HOME": tree.root + "/home", "XDG_CONFIG_DIRS": dirs.joined(separator: ":")]
    #expect(ConfigFile.locate(explicit: nil, environment: environment) == second)
    unlink(second)
    #expect(ConfigFile.locate(explicit: nil, environment: environment) == third)
}

@Test("No file anywhere means the built-in defaults")
func nothingFoundMeansDefaults() {
    let tree = TemporaryTree()
    defer { tree.remove() }
    let environment = ["XDG_CONFIG_HOME": tree.root + "/home", "XDG_CONFIG_DIRS": tree.root + "/sys1"]
    #expect(ConfigFile.locate(explicit: nil, environment: environment) == nil)
}

@Test("A directory where the file should be is skipped")
func directoriesAreSkipped() {
    let tree = TemporaryTree()
    defer { tree.remove() }
    tree.file("home/oskshift/config.toml/placeholder")
    let system = tree.file("sys1/oskshift/config.toml")
    let environment = ["XDG_CONFIG_HOME": tree.root + "/home", "XDG_CONFIG_DIRS": tree.root + "/sys1"]
    #expect(ConfigFile.locate(explicit: nil, environment: environment) == system)
}
