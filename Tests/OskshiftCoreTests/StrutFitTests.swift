@testable import OskshiftCore
import Testing

/// A window manager that fits windows above a docked keyboard's strut by itself (KWin: the frame's bottom 1 px
/// below the keyboard's top) does so while the keyboard slides in and its strut grows, racing our own moves. Its
/// fit is predicted, not learnt as a reading nor taken for a refusal.
@Suite("A window manager's own fit above a docked keyboard")
struct StrutFitTests {
    /// `Fixture.lowFrame` (400x300 at 100,400) whose field's bottom lies 292 px below the frame's top: with the
    /// margin, a keyboard at K wants the frame's top at K - 300.
    static let field = Rect(110, 662, 300, 30)

    static func focused() -> Driver {
        var driver = Driver(Fixture.engine())
        _ = driver.send(.focusChanged(Fixture.focus(Fixture.window(), field: field)))
        return driver
    }

    @Test("A strut fit that meets our request by chance teaches no reading, and the restore asks for home exactly")
    func strutFitIsNoReading() {
        var driver = Self.focused()
        let keyboard = Rect(0, 596, 1280, 204)
        #expect(driver.send(.keyboardShown(keyboard), after: 10).filter(\.isMove)
            == [.moveResize(Fixture.a, frame: Rect(100, 296, 400, 300), extents: Fixture.extents)])
        // KWin fits the window to the strut of the moment: its bottom 1 px below the keyboard's top.
        #expect(driver.send(.windowConfigured(Fixture.a, frame: Rect(100, 297, 400, 300)), after: 2).filter(\.isMove)
            == [])
        #expect(driver.engine.windowManager.readingInUse == .exact)
        #expect(driver.engine.windows[adjusted: Fixture.a]?.requests.belief == .settled(.exact))
        #expect(driver.send(.keyboardHidden, after: 200).filter(\.isMove)
            == [.moveResize(Fixture.a, frame: Fixture.lowFrame, extents: Fixture.extents)])
    }

    @Test("A strut fit 2 px above the keyboard as last reported (its window already higher) teaches no reading")
    func strutFitAboveALaggingReportIsNoReading() {
        var driver = Self.focused()
        #expect(driver.send(.keyboardShown(Rect(0, 598, 1280, 202)), after: 10).filter(\.isMove)
            == [.moveResize(Fixture.a, frame: Rect(100, 298, 400, 300), extents: Fixture.extents)])
        #expect(driver.send(.windowConfigured(Fixture.a, frame: Rect(100, 296, 400, 300)), after: 2).filter(\.isMove)
            == [])
        #expect(driver.engine.windows[adjusted: Fixture.a]?.requests.belief == .settled(.exact))
        #expect(driver.send(.keyboardMoved(Rect(0, 595, 1280, 205)), after: 5).filter(\.isMove)
            == [.moveResize(Fixture.a, frame: Rect(100, 295, 400, 300), extents: Fixture.extents)])
    }

    @Test("Fitted a few pixels from our placement while the keyboard slides in, the window is placed again at its next move")
    func fitNearOurPlacementIsNoRefusal() {
        var driver = Self.focused()
        _ = driver.sendAndConfirm(.keyboardShown(Rect(0, 600, 1280, 200)), after: 10)
        #expect(driver.engine.windows[adjusted: Fixture.a]?.current == Rect(100, 300, 400, 300))
        // The keyboard's window has reached 596 and the strut with it; the daemon has not heard yet: KWin fits the
        // form there itself, 3 px up.
        _ = driver.send(.windowConfigured(Fixture.a, frame: Rect(100, 297, 400, 300)), after: 5)
        #expect(driver.engine.windows.refused == [])
        #expect(driver.send(.keyboardMoved(Rect(0, 596, 1280, 204)), after: 5).filter(\.isMove)
            == [.moveResize(Fixture.a, frame: Rect(100, 296, 400, 300), extents: Fixture.extents)])
    }

    @Test("Fitted far from our placement, the window is left where the window manager keeps it while the keyboard is up")
    func fitFarFromOurPlacementIsLeftAlone() {
        var driver = Self.focused()
        _ = driver.sendAndConfirm(.keyboardShown(Rect(0, 600, 1280, 200)), after: 10)
        _ = driver.send(.windowConfigured(Fixture.a, frame: Rect(100, 250, 400, 300)), after: 5)
        #expect(driver.engine.windows.refused == [Fixture.a])
        #expect(driver.send(.keyboardMoved(Rect(0, 596, 1280, 204)), after: 5).filter(\.isMove) == [])
    }

    @Test("An untouched window fitted while the keyboard's report lags behind its window teaches the slack at the next report")
    func slackLearntAgainstTheNextReport() {
        var driver = Self.focused()
        let other = WindowID(0x300)
        _ = driver.send(.windowConfigured(other, frame: Rect(700, 400, 400, 300)), after: 5)
        _ = driver.sendAndConfirm(.keyboardShown(Rect(0, 597, 1280, 203)), after: 10)
        // KWin fits the other window to the keyboard's window at 595 (its bottom 1 px below), reported at 597 still.
        _ = driver.send(.windowConfigured(other, frame: Rect(700, 296, 400, 300)), after: 5)
        #expect(driver.engine.windowManager.strutFitSlack == nil)
        _ = driver.send(.keyboardMoved(Rect(0, 595, 1280, 205)), after: 5)
        #expect(driver.engine.windowManager.strutFitSlack == 1)
        #expect(driver.engine.windowManager.constraints == [.fitsAboveStrut(slack: 1)])
    }
}

@Suite("The keyboard given the focus")
struct KeyboardFocusTests {
    @Test("The keyboard's window taking the focus as it maps leaves the window typed into placed")
    func keyboardTakingTheFocusIsNoFocusChange() {
        var driver = Driver(Fixture.engine())
        _ = driver.send(.focusChanged(Fixture.focus(Fixture.window(), field: nil)))
        _ = driver.sendAndConfirm(.keyboardShown(Fixture.bottomKeyboard), after: 10)
        let placed = driver.engine.windows[adjusted: Fixture.a]?.current
        #expect(placed == Rect(100, 252, 400, 300))
        let keyboard = WindowFacts(id: Fixture.b, frame: Fixture.bottomKeyboard, isKeyboard: true)
        #expect(driver.send(.focusChanged(Fixture.focus(keyboard, field: nil)), after: 5) == [])
        #expect(driver.engine.focus?.window.id == Fixture.a)
        #expect(driver.engine.windows[adjusted: Fixture.a]?.current == placed)
    }
}
