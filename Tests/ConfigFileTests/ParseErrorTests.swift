import ConfigFile
import OskshiftCore
import Testing

/// The error lines `oskshift --check-config` would print for `text` read from config.toml.
func errorLines(_ text: String) -> [String] {
    switch ConfigFile.parse(text, file: "config.toml") {
    case .success: return []
    case .failure(let errors): return errors.map(\.description)
    }
}

@Test("A wrong type names the key, the expected type and the value as written")
func wrongTypeIsReported() {
    #expect(errorLines("[avoidance]\nmargin = \"8\"\n") == [
        "config.toml:2:10: avoidance.margin must be an integer between 0 and 1000, not \"8\"",
    ])
}

@Test("Out-of-range numbers are errors at the value")
func outOfRangeNumbersAreReported() {
    let text = """
        [avoidance]
        margin = 1001
        pointer_band = 0
        [animation]
        duration_ms = -1
        [keyboard_control]
        hide_delay_ms = 60001
        """
    #expect(errorLines(text) == [
        "config.toml:2:10: avoidance.margin must be an integer between 0 and 1000, not 1001",
        "config.toml:3:16: avoidance.pointer_band must be an integer between 1 and 2000, not 0",
        "config.toml:5:15: animation.duration_ms must be an integer between 0 and 5000, not -1",
        "config.toml:7:17: keyboard_control.hide_delay_ms must be an integer between 0 and 60000, not 60001",
    ])
}

@Test("Every error in a file is reported, not just the first")
func allErrorsAreCollected() {
    let text = """
        colour = "red"
        [avoidance]
        mode = "up"
        maximized = false
        fullscreen = "adjust"
        margin = 8.5
        [animation]
        curve = "bounce"
        speed = 2
        [keyboard_control]
        auto_show = "yes"
        show_command = 1
        hide_on_return = 0
        """
    #expect(errorLines(text) == [
        "config.toml:1:1: unknown key colour (expected avoidance, animation, keyboard_control, accessory, keyboard or app)",
        "config.toml:3:8: avoidance.mode must be \"offset\", \"inset\", \"auto\" or \"none\", not \"up\"",
        "config.toml:4:13: avoidance.maximized must be \"unmaximize\" or \"skip\", not false",
        "config.toml:6:10: avoidance.margin must be an integer between 0 and 1000, not 8.5",
        "config.toml:8:9: animation.curve must be \"linear\", \"ease-in\", \"ease-out\" or \"ease-in-out\", "
            + "not \"bounce\"",
        "config.toml:9:1: unknown key animation.speed (expected duration_ms or curve)",
        "config.toml:11:13: keyboard_control.auto_show must be true or false, not \"yes\"",
        "config.toml:12:16: keyboard_control.show_command must be a string, not 1",
        "config.toml:13:18: keyboard_control.hide_on_return must be true or false, not 0",
    ])
}

@Test("Focus lists must be non-empty, known and without repeats")
func focusListsAreChecked() {
    let text = """
        [avoidance]
        focus = []
        [[app]]
        class = "a"
        focus = ["caret", "mouse", "caret"]
        [[app]]
        class = "b"
        focus = "caret"
        """
    #expect(errorLines(text) == [
        "config.toml:2:9: avoidance.focus must list at least one focus source",
        "config.toml:5:19: app.focus entries must be \"caret\", \"widget\", \"input-focus\", \"pointer\" "
            + "or \"window\", not \"mouse\"",
        "config.toml:5:28: app.focus lists \"caret\" twice",
        "config.toml:8:9: app.focus must be an array of focus sources, not \"caret\"",
    ])
}

@Test("Rules without their glob, or with unknown keys, are errors")
func rulesAreChecked() {
    let text = """
        [[app]]
        mode = "none"
        [[app]]
        class = ""
        margin = 2000
        colour = 1
        [[keyboard]]
        title = "x"
        """
    #expect(errorLines(text) == [
        "config.toml:1:1: [[app]] needs class = \"glob\" (matched against WM_CLASS instance or class)",
        "config.toml:4:9: app.class must be a non-empty string (a glob), not \"\"",
        "config.toml:5:10: app.margin must be an integer between 0 and 1000, not 2000",
        "config.toml:6:1: unknown key app.colour (expected class, mode, margin or focus)",
        "config.toml:7:1: [[keyboard]] needs class = \"glob\" (WM_CLASS) or name = \"glob\" (WM_NAME)",
        "config.toml:8:1: unknown key keyboard.title (expected class or name)",
    ])
}

@Test("Sections of the wrong shape are errors, with a hint for [keyboard]")
func sectionShapesAreChecked() {
    #expect(errorLines("avoidance = 3\napp = [1]\n") == [
        "config.toml:1:13: avoidance must be a table ([avoidance]), not 3",
        "config.toml:2:8: each app entry must be a table ([[app]]), not 1",
    ])
    #expect(errorLines("[keyboard]\nauto_show = true\n") == [
        "config.toml:1:2: keyboard must be an array of tables ([[keyboard]]), not a table; "
            + "auto-show settings go in [keyboard_control]",
    ])
}

@Test("A TOML syntax error is reported alone, with the file name in front")
func syntaxErrorsAreReported() {
    #expect(errorLines("[avoidance]\nmargin = = 8\n") == ["config.toml:2:10: expected a value, found \"=\""])
}

@Test("ConfigError prints as FILE:LINE:COL: message")
func configErrorDescription() {
    let error = ConfigError(file: "/etc/xdg/oskshift/config.toml", line: 3, column: 10, message: "bad")
    #expect(error.description == "/etc/xdg/oskshift/config.toml:3:10: bad")
}

@Test("Rules given as inline tables in a static array are read like [[app]] headers")
func inlineRulesAreAccepted() throws {
    let configuration = try ConfigFile.parse("app = [{ class = \"xterm\", mode = \"none\" }]\n", file: "c").get()
    #expect(configuration.apps == [AppRule(classGlob: "xterm", mode: AvoidanceMode.none)])
}
