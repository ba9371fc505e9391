import OskshiftCore
import Testing

@Suite("Offset: the smallest move that clears the field")
struct OffsetTests {
    let field = Rect(120, 640, 200, 30)  // bottom at 670, under the keyboard's top at 560

    @Test("A bottom keyboard covering the focused field moves the window up until field bottom plus margin meets it")
    func coveredFieldIsMovedUpByTheOverlapAndTheMargin() {
        var driver = Driver(Fixture.engine())
        #expect(driver.send(.focusChanged(Fixture.focus(Fixture.window(), field: field))) == [])
        #expect(driver.send(.keyboardShown(Fixture.bottomKeyboard)) == [
            .saveOriginal(Fixture.a, SavedGeometry(frame: Fixture.lowFrame)),
            .moveResize(Fixture.a, frame: Rect(100, 282, 400, 300), extents: Fixture.extents),
        ])
    }

    @Test("The margin is configurable")
    func marginIsConfigurable() {
        var configuration = Fixture.configuration()
        configuration.avoidance.margin = 20
        var driver = Driver(Fixture.engine(configuration))
        _ = driver.send(.focusChanged(Fixture.focus(Fixture.window(), field: field)))
        #expect(driver.send(.keyboardShown(Fixture.bottomKeyboard)).last
            == .moveResize(Fixture.a, frame: Rect(100, 270, 400, 300), extents: Fixture.extents))
    }

    @Test("A field that is not covered causes no action at all, and the decision says so")
    func uncoveredFieldCausesNoAction() {
        var driver = Driver(Fixture.engine())
        _ = driver.send(.focusChanged(Fixture.focus(Fixture.window(), field: Rect(120, 420, 200, 30))))
        let actions = driver.sendTraced(.keyboardShown(Fixture.bottomKeyboard))
        #expect(actions == [.log(Decision(window: Fixture.a, source: .inputFocus, field: Rect(120, 420, 200, 30),
                                          keyboard: Fixture.bottomKeyboard, overlap: -102, mode: .offset,
                                          outcome: .notCovered,
                                          fallback: "the X input focus window: no accessibility bus"))])
    }

    @Test("A window whose bottom is already above the keyboard is left alone")
    func windowAboveTheKeyboardIsLeftAlone() {
        var driver = Driver(Fixture.engine())
        let window = Fixture.window(frame: Rect(100, 100, 400, 300))
        _ = driver.send(.focusChanged(Fixture.focus(window, field: nil)))
        #expect(driver.send(.keyboardShown(Fixture.bottomKeyboard)) == [])
    }

    @Test("Without a field, the whole window is what must clear the keyboard")
    func wholeWindowIsUsedWithoutAField() {
        var driver = Driver(Fixture.engine())
        _ = driver.send(.focusChanged(Fixture.focus(Fixture.window(), field: nil)))
        #expect(driver.send(.keyboardShown(Fixture.bottomKeyboard)).last
            == .moveResize(Fixture.a, frame: Rect(100, 252, 400, 300), extents: Fixture.extents))
    }

    @Test("A field taller than the free space gets its top aligned with the work area's top")
    func tallFieldIsTopAligned() {
        var driver = Driver(Fixture.engine())
        let window = Fixture.window(frame: Rect(100, 90, 400, 700))
        _ = driver.send(.focusChanged(Fixture.focus(window, field: Rect(120, 120, 200, 600))))
        #expect(driver.send(.keyboardShown(Fixture.bottomKeyboard)).last
            == .moveResize(Fixture.a, frame: Rect(100, -30, 400, 700), extents: Fixture.extents))
    }

    @Test("A multi-line field taller than the free space keeps the caret's line clear instead")
    func tallFieldFollowsItsCaret() {
        var driver = Driver(Fixture.engine())
        let window = Fixture.window(frame: Rect(100, 90, 400, 700))
        _ = driver.send(.focusChanged(Fixture.focus(window, field: nil)))
        _ = driver.send(Fixture.accessible(widget: Rect(120, 120, 200, 600), caret: Rect(130, 700, 0, 16),
                                           frame: window.frame))
        #expect(driver.send(.keyboardShown(Fixture.bottomKeyboard)).last
            == .moveResize(Fixture.a, frame: Rect(100, -74, 400, 700), extents: Fixture.extents))
    }

    @Test("A top panel's work area stops a tall field at the panel instead of the screen's top")
    func workAreaTopLimitsTheMove() {
        let screen = Screen(monitors: [Monitor(rect: Fixture.screenRect, workArea: Rect(0, 30, 1280, 770))])
        var driver = Driver(Fixture.engine(screen: screen))
        let window = Fixture.window(frame: Rect(100, 90, 400, 700))
        _ = driver.send(.focusChanged(Fixture.focus(window, field: Rect(120, 120, 200, 600))))
        #expect(driver.send(.keyboardShown(Fixture.bottomKeyboard)).last
            == .moveResize(Fixture.a, frame: Rect(100, 0, 400, 700), extents: Fixture.extents))
    }

    @Test("A docked keyboard that already shrank the work area causes no second adjustment of a maximized window")
    func dockedKeyboardIsNotAvoidedTwice() {
        let screen = Screen(monitors: [Monitor(rect: Fixture.screenRect, workArea: Rect(0, 0, 1280, 595))])
        var driver = Driver(Fixture.engine(screen: screen))
        let window = Fixture.window(frame: Rect(0, 0, 1280, 595),
                                    state: WindowState(maximizedVertically: true, maximizedHorizontally: true))
        _ = driver.send(.focusChanged(Fixture.focus(window, field: Rect(10, 550, 300, 30))))
        #expect(driver.send(.keyboardShown(Rect(0, 595, 1280, 205))) == [])
    }

    @Test("A keyboard floating mid-screen above a field moves the window down when that is the smaller move")
    func floatingKeyboardMovesTheWindowDown() {
        var driver = Driver(Fixture.engine())
        let window = Fixture.window(frame: Rect(300, 350, 500, 300))
        _ = driver.send(.focusChanged(Fixture.focus(window, field: Rect(400, 420, 200, 30))))
        #expect(driver.send(.keyboardShown(Rect(290, 300, 700, 205))).last
            == .moveResize(Fixture.a, frame: Rect(300, 443, 500, 300), extents: Fixture.extents))
    }

    @Test("A keyboard floating mid-screen just over a field's top moves the window up when that is smaller")
    func floatingKeyboardMovesTheWindowUp() {
        var driver = Driver(Fixture.engine())
        let window = Fixture.window(frame: Rect(300, 350, 500, 300))
        _ = driver.send(.focusChanged(Fixture.focus(window, field: Rect(400, 310 + 40, 200, 30))))
        #expect(driver.send(.keyboardShown(Rect(290, 340, 700, 205))).last
            == .moveResize(Fixture.a, frame: Rect(300, 302, 500, 300), extents: Fixture.extents))
    }

    @Test("A floating keyboard near the screen's bottom never pushes the field below the monitor")
    func floatingKeyboardNeverPushesOffTheMonitor() {
        var driver = Driver(Fixture.engine())
        let window = Fixture.window(frame: Rect(300, 400, 500, 300))
        _ = driver.send(.focusChanged(Fixture.focus(window, field: Rect(400, 600, 200, 30))))
        // Down would be 158 (off the 800 px screen), so it goes up by 262 although that is longer.
        #expect(driver.send(.keyboardShown(Rect(290, 376, 700, 400))).last
            == .moveResize(Fixture.a, frame: Rect(300, 138, 500, 300), extents: Fixture.extents))
    }

    @Test("A keyboard on another monitor than the window changes nothing")
    func keyboardOnAnotherMonitorChangesNothing() {
        let screen = Screen(monitors: [Monitor(name: "LEFT", rect: Rect(0, 0, 640, 800)),
                                       Monitor(name: "RIGHT", rect: Rect(640, 0, 640, 800))])
        var driver = Driver(Fixture.engine(screen: screen))
        let window = Fixture.window(frame: Rect(400, 400, 400, 300))
        _ = driver.send(.focusChanged(Fixture.focus(window, field: Rect(650, 640, 100, 30))))
        let actions = driver.sendTraced(.keyboardShown(Rect(640, 560, 640, 240)))
        #expect(actions.count == 1)
        guard case .log(let decision) = actions.first else { Issue.record("no decision"); return }
        #expect(decision.outcome == .excluded("keyboard on another monitor"))
    }
}
