import OskshiftCore
import Testing

@Suite("What the daemon does at start")
struct StartActionsTests {
    @Test("Before it listens to the accessibility bus the daemon turns the desktop's accessibility switch on")
    func switchBeforeListening() {
        #expect(Engine.beforeListening == [.turnOnAccessibilitySwitch])
    }
}
