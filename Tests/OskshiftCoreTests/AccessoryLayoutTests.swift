import OskshiftCore
import Testing

@Suite("The accessory bar's place and the obstacle it makes with the keyboard")
struct AccessoryLayoutTests {
    let wide = Screen(monitors: [Monitor(rect: Rect(x: 0, y: 0, width: 1280, height: 800))])
    let twoMonitors = Screen(monitors: [
        Monitor(rect: Rect(x: 0, y: 0, width: 1280, height: 800)),
        Monitor(rect: Rect(x: 1280, y: 0, width: 1024, height: 768)),
    ])

    @Test("The bar sits flush on top of the keyboard and spans its width")
    func barIsFlushOnTop() {
        let keyboard = Rect(x: 0, y: 560, width: 1280, height: 240)
        #expect(AccessoryLayout.barRect(keyboard: keyboard, screen: wide, height: 48)
            == Rect(x: 0, y: 512, width: 1280, height: 48))
        let floating = Rect(x: 290, y: 300, width: 700, height: 205)
        #expect(AccessoryLayout.barRect(keyboard: floating, screen: wide, height: 60)
            == Rect(x: 290, y: 240, width: 700, height: 60))
    }

    @Test("On a second monitor the bar stays on the keyboard's monitor, clipped to it")
    func barStaysOnTheKeyboardsMonitor() {
        let keyboard = Rect(x: 1200, y: 568, width: 1104, height: 200)
        #expect(AccessoryLayout.barRect(keyboard: keyboard, screen: twoMonitors, height: 48)
            == Rect(x: 1280, y: 520, width: 1024, height: 48))
    }

    @Test("A keyboard at the top of its monitor gets the bar below it")
    func topKeyboardGetsTheBarBelow() {
        let keyboard = Rect(x: 1, y: 0, width: 1278, height: 320)
        #expect(AccessoryLayout.barRect(keyboard: keyboard, screen: wide, height: 48)
            == Rect(x: 1, y: 320, width: 1278, height: 48))
    }

    @Test("A keyboard on no monitor has no bar")
    func offscreenKeyboardHasNoBar() {
        #expect(AccessoryLayout.barRect(keyboard: Rect(x: 3000, y: 0, width: 10, height: 10), screen: wide,
            height: 48) == nil)
    }

    @Test("The obstacle is the keyboard and the bar together")
    func obstacleIsTheUnion() {
        let keyboard = Rect(x: 0, y: 560, width: 1280, height: 240)
        #expect(AccessoryLayout.obstacle(keyboard: keyboard, bar: Rect(x: 0, y: 512, width: 1280, height: 48))
            == Rect(x: 0, y: 512, width: 1280, height: 288))
        #expect(AccessoryLayout.obstacle(keyboard: keyboard, bar: nil) == keyboard)
    }

    @Test("Buttons share the bar's width exactly, the last taking the remainder")
    func buttonsCoverTheBar() {
        let rects = AccessoryLayout.buttonRects(barWidth: 1000, barHeight: 48, count: 3)
        #expect(rects == [
            Rect(x: 0, y: 0, width: 333, height: 48), Rect(x: 333, y: 0, width: 333, height: 48),
            Rect(x: 666, y: 0, width: 334, height: 48),
        ])
        #expect(AccessoryLayout.button(at: Point(x: 500, y: 10), in: rects) == 1)
        #expect(AccessoryLayout.button(at: Point(x: 999, y: 47), in: rects) == 2)
        #expect(AccessoryLayout.button(at: Point(x: 500, y: 48), in: rects) == nil)
    }

    func model(enabled: Bool = true) -> AccessoryModel {
        var settings = AccessorySettings()
        settings.enabled = enabled
        return AccessoryModel(settings: settings, screen: wide)
    }

    @Test("The engine sees keyboard plus bar while an editable field has focus, the keyboard alone otherwise")
    func engineSeesTheObstacle() {
        var model = model()
        let keyboard = Rect(x: 0, y: 560, width: 1280, height: 240)
        #expect(model.translate(.keyboardShown(keyboard)) == [.keyboardShown(keyboard)])
        #expect(model.bar == nil)
        #expect(model.setEditableFocused(true) == [.keyboardMoved(Rect(x: 0, y: 512, width: 1280, height: 288))])
        #expect(model.bar == Rect(x: 0, y: 512, width: 1280, height: 48))
        #expect(model.setEditableFocused(true) == [])
        let moved = Rect(x: 0, y: 600, width: 1280, height: 200)
        #expect(model.translate(.keyboardMoved(moved))
            == [.keyboardMoved(Rect(x: 0, y: 552, width: 1280, height: 248))])
        #expect(model.setEditableFocused(false) == [.keyboardMoved(moved)])
        #expect(model.translate(.keyboardHidden) == [.keyboardHidden])
        #expect(model.setEditableFocused(true) == [])
        #expect(model.bar == nil)
    }

    @Test("Disabled, the bar never shows and keyboard events pass unchanged")
    func disabledChangesNothing() {
        var model = model(enabled: false)
        let keyboard = Rect(x: 0, y: 560, width: 1280, height: 240)
        _ = model.setEditableFocused(true)
        #expect(model.translate(.keyboardShown(keyboard)) == [.keyboardShown(keyboard)])
        #expect(model.bar == nil)
    }

    @Test("Turning the bar on by a reload re-sends the obstacle after the new configuration")
    func reloadResendsTheObstacle() {
        var model = model(enabled: false)
        let keyboard = Rect(x: 0, y: 560, width: 1280, height: 240)
        _ = model.translate(.keyboardShown(keyboard))
        _ = model.setEditableFocused(true)
        var configuration = Configuration()
        configuration.accessory.enabled = true
        configuration.accessory.height = 100
        #expect(model.translate(.configurationChanged(configuration)) == [
            .configurationChanged(configuration), .keyboardMoved(Rect(x: 0, y: 460, width: 1280, height: 340)),
        ])
    }

    @Test("Return hides only in a single-line field, with hide_on_return on and a keyboard visible")
    func returnHidesOnlyInSingleLineFields() {
        var settings = KeyboardSettings()
        #expect(!ReturnKeyRule.hides(settings: settings, keyboardVisible: true, focusedSingleLine: true))
        settings.hideOnReturn = true
        #expect(ReturnKeyRule.hides(settings: settings, keyboardVisible: true, focusedSingleLine: true))
        #expect(!ReturnKeyRule.hides(settings: settings, keyboardVisible: true, focusedSingleLine: false))
        #expect(!ReturnKeyRule.hides(settings: settings, keyboardVisible: false, focusedSingleLine: true))
    }

    @Test("Previous types Shift+Tab, next types Tab, and done types nothing")
    func buttonsTypeTheirKeys() {
        #expect(AccessoryButton.allCases.map(\.typedKey) == [.typeTab(backward: true), .typeTab(backward: false), nil])
    }
}
