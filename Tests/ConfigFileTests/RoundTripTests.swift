import ConfigFile
import OskshiftCore
import Testing

/// A configuration that sets every key away from its default, with several rules of each kind.
func everyKeySet() -> Configuration {
    var configuration = Configuration()
    configuration.avoidance.mode = .inset
    configuration.avoidance.margin = 0
    configuration.avoidance.focus = [.window, .pointer]
    configuration.avoidance.pointerBand = 2000
    configuration.avoidance.maximized = .skip
    configuration.avoidance.fullscreen = .skip
    configuration.animation.durationMs = 0
    configuration.animation.curve = .easeInOut
    configuration.keyboard.autoShow = true
    configuration.keyboard.showCommand = "dbus-send --dest=\"org.onboard\" \\ show\t1"
    configuration.keyboard.hideCommand = "pkill -USR1 'svkbd'"
    configuration.keyboard.hideDelayMs = 60000
    configuration.keyboard.hideOnReturn = true
    configuration.accessory.enabled = true
    configuration.accessory.buttons = [.done, .previous]
    configuration.accessory.height = 200
    configuration.keyboards = [
        KeyboardRule(classGlob: "MyKeyboard"),
        KeyboardRule(nameGlob: "Virtual Keyboard*"),
        KeyboardRule(classGlob: "osk-[0-9]", nameGlob: "On-screen ?"),
    ]
    configuration.apps = [
        AppRule(classGlob: "xterm", mode: AvoidanceMode.none),
        AppRule(classGlob: "firefox*", mode: .inset, margin: 24),
        AppRule(classGlob: "Émacs", focus: [.inputFocus, .caret]),
        AppRule(classGlob: "*"),
    ]
    return configuration
}

@Test("The printed defaults parse back to the defaults")
func defaultsRoundTrip() throws {
    let text = ConfigFile.render(.defaults)
    #expect(try ConfigFile.parse(text, file: "printed").get() == .defaults)
}

@Test("A configuration with every key and several rules survives printing and parsing")
func everyKeyRoundTrips() throws {
    let configuration = everyKeySet()
    let text = ConfigFile.render(configuration)
    #expect(try ConfigFile.parse(text, file: "printed").get() == configuration)
    // Printing is stable: what was read back prints the same.
    #expect(ConfigFile.render(try ConfigFile.parse(text, file: "printed").get()) == text)
}

@Test("The printed defaults are exactly this text")
func defaultsPrintAsExpected() {
    #expect(ConfigFile.render(.defaults) == """
        [avoidance]
        mode = "auto"
        margin = 8
        focus = ["caret", "widget", "input-focus", "pointer", "window"]
        pointer_band = 48
        maximized = "unmaximize"
        fullscreen = "adjust"

        [animation]
        duration_ms = 0
        curve = "ease-out"

        [keyboard_control]
        auto_show = false
        show_command = ""
        hide_command = ""
        hide_delay_ms = 300
        hide_on_return = false

        [accessory]
        enabled = false
        buttons = ["previous", "next", "done"]
        height = 48

        """)
}

@Test("The rules keep their order, so the first matching [[app]] still wins")
func ruleOrderIsKept() throws {
    let text = "[[app]]\nclass = \"fire*\"\nmode = \"none\"\n[[app]]\nclass = \"firefox\"\nmode = \"inset\"\n"
    let configuration = try ConfigFile.parse(text, file: "c").get()
    #expect(configuration.settings(for: WMClass(instance: "firefox", className: "Firefox")).mode == AvoidanceMode.none)
}
