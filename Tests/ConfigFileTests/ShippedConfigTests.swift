import ConfigFile
import OskshiftCore
import Testing

/// config/oskshift.toml, found from this source file so the test runs from any directory.
let shippedConfigPath: String = {
    var components = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    components.removeLast(3)
    return components.joined(separator: "/") + "/config/oskshift.toml"
}()

@Test("config/oskshift.toml is exactly the built-in defaults")
func shippedConfigIsTheDefaults() throws {
    #expect(try ConfigFile.load(path: shippedConfigPath).get() == Configuration.defaults)
}

@Test("No path means the built-in defaults")
func noPathMeansDefaults() throws {
    #expect(try ConfigFile.load(path: nil).get() == Configuration.defaults)
}

@Test("A missing file is one error at line 1, column 1 saying why")
func missingFileIsAnError() {
    let path = "/nonexistent/oskshift/config.toml"
    #expect(throws: [ConfigError(file: path, line: 1, column: 1,
                                 message: "cannot read the file: No such file or directory")]) {
        try ConfigFile.load(path: path).get()
    }
}

@Test("A directory given as the file is an error saying so")
func directoryIsAnError() {
    #expect(throws: [ConfigError(file: "/tmp", line: 1, column: 1, message: "cannot read the file: Is a directory")]) {
        try ConfigFile.load(path: "/tmp").get()
    }
}
