import OskshiftCore
import Testing

/// The placement of a fullscreen window goes out in the same step as the request to leave fullscreen: the window
/// manager carries one client's requests out in order, so a kiosk browser lays its page out once, at its place.
@Suite("Leaving fullscreen and the placement in one step")
struct LeavingFullscreenTests {
    let fullscreen = WindowState(fullscreen: true)
    let panned = Rect(0, -178, 1280, 800)

    func kiosk(duration: Int = 0) -> Driver {
        var driver = Driver(Fixture.engine(Fixture.configuration(duration: duration, mode: .auto)))
        let window = Fixture.window(frame: Fixture.screenRect, state: fullscreen)
        _ = driver.send(.focusChanged(Fixture.focus(window, field: Rect(20, 700, 300, 30))))
        return driver
    }

    @Test("The window manager's normal geometry, reported before our move's answer, is remembered and asks for nothing")
    func theNormalGeometryOnTheWayIsRemembered() {
        var driver = kiosk()
        _ = driver.send(.keyboardShown(Fixture.bottomKeyboard))
        #expect(driver.send(.windowStateChanged(Fixture.a, .normal), after: 3) == [.startTimer(intervalMs: 150)])
        #expect(driver.send(.windowConfigured(Fixture.a, frame: Rect(10, 10, 1050, 780))) == [])
        #expect(driver.send(.windowConfigured(Fixture.a, frame: panned), after: 1) == [.stopTimer])
        #expect(driver.engine.adjustedWindows.map(\.current) == [panned])
        // The remembered normal geometry is where the window goes first on the way back to fullscreen.
        #expect(driver.send(.keyboardHidden) == [
            .moveResize(Fixture.a, frame: Rect(10, 10, 1050, 780), extents: Fixture.extents),
            .setFullscreen(Fixture.a, true),
            .clearOriginal(Fixture.a),
        ])
    }

    @Test("A page's field read at the normal geometry, before our move's answer, is a read in passing: no second move")
    func aReadAtTheNormalGeometryOnTheWayMovesNothing() {
        // Chromium --kiosk (measured over 200 taps): the field read at 1280x800, the placement out with leaving
        // fullscreen; openbox gives the normal geometry first, and Chromium's bounds event, read then, still
        // describes the fullscreen page. Taken for the layout at 1050x780 it asked for a second move 10 px lower,
        // which put the field 10 px under the keyboard until the re-read 80 ms later moved it back.
        var driver = Driver(Fixture.engine(Fixture.configuration(mode: .auto)))
        _ = driver.send(.accessibleApplications([42]))
        let window = Fixture.window(frame: Fixture.screenRect, state: fullscreen, pid: 42)
        _ = driver.send(.focusChanged(Fixture.focus(window, field: nil)))
        let keyboard = Rect(0, 538, 1282, 265)
        _ = driver.send(.keyboardShown(keyboard))
        let first = driver.send(Fixture.accessible(widget: Rect(40, 514, 600, 36), frame: Fixture.screenRect), after: 5)
        let placed = Rect(0, -20, 1280, 800)
        #expect(first.filter(\.isMove) == [.moveResize(Fixture.a, frame: placed, extents: Fixture.extents)])
        _ = driver.send(.windowStateChanged(Fixture.a, .normal), after: 1)
        let normal = Rect(10, 10, 1050, 780)
        _ = driver.send(.windowConfigured(Fixture.a, frame: normal))
        let stale = driver.send(Fixture.accessible(widget: Rect(40, 514, 600, 36), frame: normal, change: .relayout))
        #expect(stale.filter(\.isMove) == [])
        #expect(driver.send(.windowConfigured(Fixture.a, frame: placed), after: 5).filter(\.isMove) == [])
        let again = driver.send(Fixture.accessible(widget: Rect(40, 494, 600, 36), frame: placed, change: .still), after: 80)
        #expect(again.filter(\.isMove) == [])
    }

    @Test("The placement that goes with leaving fullscreen is not animated, whatever the animation's duration")
    func theMoveWithTheStateChangeIsNotAnimated() {
        var driver = kiosk(duration: 150)
        #expect(driver.send(.keyboardShown(Fixture.bottomKeyboard)) == [
            .saveOriginal(Fixture.a, SavedGeometry(frame: Fixture.screenRect, state: fullscreen)),
            .setFullscreen(Fixture.a, false),
            .moveResize(Fixture.a, frame: panned, extents: Fixture.extents),
        ])
        #expect(driver.send(.windowConfigured(Fixture.a, frame: panned), after: 4) == [])
        #expect(driver.send(.windowStateChanged(Fixture.a, .normal)) == [])
    }

    @Test("A move the window manager dropped is asked again 150 ms after the state was left")
    func aDroppedMoveIsAskedAgain() {
        var driver = kiosk()
        _ = driver.send(.keyboardShown(Fixture.bottomKeyboard))
        _ = driver.send(.windowStateChanged(Fixture.a, .normal), after: 3)
        #expect(driver.send(.windowConfigured(Fixture.a, frame: Rect(10, 10, 1050, 780))) == [])
        #expect(driver.send(.timerFired, after: 149) == [])
        #expect(driver.send(.timerFired, after: 1) == [
            .moveResize(Fixture.a, frame: panned, extents: Fixture.extents),
            .stopTimer,
        ])
    }

    @Test("Frame extents that change once the state is left ask for the same frame again, with the new extents")
    func newExtentsAfterTheStateWasLeftAskAgain() {
        var driver = kiosk()
        _ = driver.send(.keyboardShown(Fixture.bottomKeyboard))
        _ = driver.send(.windowStateChanged(Fixture.a, .normal), after: 3)
        let other = FrameExtents(left: 2, right: 2, top: 24, bottom: 4)
        #expect(driver.send(.windowExtentsChanged(Fixture.a, other)) == [
            .moveResize(Fixture.a, frame: panned, extents: other),
            .stopTimer,
        ])
        #expect(driver.send(.windowConfigured(Fixture.a, frame: panned), after: 2) == [])
        #expect(driver.send(.windowExtentsChanged(Fixture.a, Fixture.extents)) == [])
    }

    @Test("Extents that changed before the state was left place the window again when it is")
    func extentsChangedBeforeTheStateWasLeft() {
        var driver = kiosk()
        _ = driver.send(.keyboardShown(Fixture.bottomKeyboard))
        let other = FrameExtents(left: 2, right: 2, top: 24, bottom: 4)
        #expect(driver.send(.windowExtentsChanged(Fixture.a, other)) == [])
        #expect(driver.send(.windowStateChanged(Fixture.a, .normal), after: 3) == [
            .moveResize(Fixture.a, frame: panned, extents: other),
        ])
    }

    @Test("A maximized window still waits for the state to be left before it is moved")
    func maximizedStillWaits() {
        var driver = Driver(Fixture.engine())
        let maximized = WindowState(maximizedVertically: true, maximizedHorizontally: true)
        let window = Fixture.window(frame: Fixture.screenRect, state: maximized)
        _ = driver.send(.focusChanged(Fixture.focus(window, field: Rect(20, 700, 300, 30))))
        #expect(driver.send(.keyboardShown(Fixture.bottomKeyboard)) == [
            .saveOriginal(Fixture.a, SavedGeometry(frame: Fixture.screenRect, state: maximized)),
            .setMaximized(Fixture.a, false),
        ])
        #expect(driver.send(.windowStateChanged(Fixture.a, .normal)) == [
            .moveResize(Fixture.a, frame: panned, extents: Fixture.extents),
        ])
    }
}
