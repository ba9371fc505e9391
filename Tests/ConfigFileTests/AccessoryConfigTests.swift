import ConfigFile
import OskshiftCore
import Testing

@Suite("The [accessory] section")
struct AccessoryConfigTests {
    @Test("Every [accessory] key is read")
    func everyKeyIsRead() throws {
        let text = "[accessory]\nenabled = true\nbuttons = [\"done\", \"next\"]\nheight = 40\n"
        let accessory = try ConfigFile.parse(text, file: "config.toml").get().accessory
        #expect(accessory.enabled)
        #expect(accessory.buttons == [.done, .next])
        #expect(accessory.height == 40)
    }

    @Test("Keys left out keep the defaults: off, previous next done, 48 px")
    func defaultsAreKept() throws {
        let accessory = try ConfigFile.parse("[accessory]\n", file: "config.toml").get().accessory
        #expect(accessory == AccessorySettings())
        #expect(accessory.buttons == [.previous, .next, .done])
        #expect(!accessory.enabled && accessory.height == 48)
    }

    @Test("Wrong types, an out-of-range height and unknown keys are reported at the value")
    func wrongValuesAreReported() {
        let text = """
            [accessory]
            enabled = "yes"
            height = 39
            colour = 1
            """
        #expect(errorLines(text) == [
            "config.toml:2:11: accessory.enabled must be true or false, not \"yes\"",
            "config.toml:3:10: accessory.height must be an integer between 40 and 200, not 39",
            "config.toml:4:1: unknown key accessory.colour (expected enabled, buttons or height)",
        ])
        #expect(errorLines("[accessory]\nheight = 201\n") == [
            "config.toml:2:10: accessory.height must be an integer between 40 and 200, not 201",
        ])
    }

    @Test("buttons must be a non-empty array of known buttons, each once")
    func badButtonsAreReported() {
        #expect(errorLines("[accessory]\nbuttons = \"next\"\n") == [
            "config.toml:2:11: accessory.buttons must be an array of buttons, not \"next\"",
        ])
        #expect(errorLines("[accessory]\nbuttons = []\n") == [
            "config.toml:2:11: accessory.buttons must list at least one button (or set accessory.enabled = false)",
        ])
        #expect(errorLines("[accessory]\nbuttons = [\"next\", \"close\", \"next\"]\n") == [
            "config.toml:2:20: accessory.buttons entries must be \"previous\", \"next\" or \"done\", not \"close\"",
            "config.toml:2:29: accessory.buttons lists \"next\" twice",
        ])
    }

    @Test("[accessory] written as an array of tables is an error")
    func sectionMustBeATable() {
        #expect(errorLines("[[accessory]]\nenabled = true\n") == [
            "config.toml:1:1: accessory must be a table ([accessory]), not an array",
        ])
    }

    @Test("A non-default [accessory] survives printing and parsing")
    func roundTrips() throws {
        var configuration = Configuration()
        configuration.accessory.enabled = true
        configuration.accessory.buttons = [.next]
        configuration.accessory.height = 120
        let text = ConfigFile.render(configuration)
        #expect(text.contains("[accessory]\nenabled = true\nbuttons = [\"next\"]\nheight = 120\n"))
        #expect(try ConfigFile.parse(text, file: "printed").get() == configuration)
    }
}
