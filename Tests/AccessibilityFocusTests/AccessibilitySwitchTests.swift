@testable import AccessibilityFocus
import Testing

@Suite("The desktop's accessibility switch at daemon start")
struct AccessibilitySwitchTests {
    @Test("A switch that is off is set true")
    func offIsTurnedOn() {
        #expect(AccessibilitySwitch.step(current: false) == .setTrue)
    }

    @Test("A switch that is already on is left alone (nothing written, nothing logged)")
    func onIsLeftAlone() {
        #expect(AccessibilitySwitch.step(current: true) == .leaveAlone)
        #expect(AccessibilitySwitch.logLine(for: .alreadyOn) == nil)
    }

    @Test("Turning it on logs one line that names the property and the setting it persists in")
    func turnedOnSaysWhereItPersists() {
        let line = AccessibilitySwitch.logLine(for: .turnedOn)
        #expect(line == "accessibility: turned the desktop's accessibility switch on (org.a11y.Status IsEnabled; "
            + "stored as org.gnome.desktop.interface toolkit-accessibility)")
    }

    @Test("A failure logs its reason")
    func failureSaysWhy() {
        #expect(AccessibilitySwitch.logLine(for: .unavailable("no session bus"))
            == "accessibility: cannot read or set the accessibility switch (no session bus)")
    }
}
