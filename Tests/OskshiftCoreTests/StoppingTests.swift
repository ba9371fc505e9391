@testable import OskshiftCore
import Testing

/// The exit: every restore sent at once, then each window followed until the server reports it home.
@Suite("An exit that waits for every window")
struct StoppingTests {
    let offset = Rect(100, 252, 400, 300)
    let home = WindowAway(id: Fixture.a, home: Fixture.lowFrame, current: Rect(100, 252, 400, 300))

    /// Window A placed at `offset`, the placement answered.
    func placedDriver() -> Driver {
        var driver = Driver(Fixture.engine())
        _ = driver.send(.keyboardShown(Fixture.bottomKeyboard))
        _ = driver.send(.userInput(Fixture.a))  // the whole window speaks after the user's input in it
        _ = driver.sendAndConfirm(.focusChanged(Fixture.focus(Fixture.window(), field: nil)))
        return driver
    }

    @Test("At the exit a window stays on its way home until the server reports it at its original frame")
    func windowIsFollowedHome() {
        var driver = placedDriver()
        #expect(driver.send(.stopping, after: 50) == [
            .moveResize(Fixture.a, frame: Fixture.lowFrame, extents: Fixture.extents), .clearOriginal(Fixture.a),
        ])
        #expect(driver.engine.windowsOnTheirWayHome == [home])
        #expect(driver.send(.keyboardHidden, after: 1) == [])
        #expect(driver.send(.windowConfigured(Fixture.a, frame: Fixture.lowFrame), after: 2) == [])
        #expect(driver.engine.windowsOnTheirWayHome == [])
        #expect(driver.engine.windowsLeftAway == [])
    }

    @Test("A restore the window manager puts elsewhere at the exit is asked again once, then the window is named")
    func elsewhereIsAskedAgainOnceThenNamed() {
        var driver = placedDriver()
        _ = driver.send(.stopping, after: 50)
        let elsewhere = Rect(100, 330, 400, 300)
        #expect(driver.send(.windowConfigured(Fixture.a, frame: elsewhere), after: 2)
            == [.moveResize(Fixture.a, frame: Fixture.lowFrame, extents: Fixture.extents)])
        #expect(driver.engine.windowsOnTheirWayHome.map(\.id) == [Fixture.a])
        #expect(driver.send(.windowConfigured(Fixture.a, frame: Rect(100, 331, 400, 300)), after: 2) == [])
        #expect(driver.engine.windowsOnTheirWayHome == [])
        #expect(driver.engine.windowsLeftAway
            == [WindowAway(id: Fixture.a, home: Fixture.lowFrame, current: Rect(100, 331, 400, 300))])
    }

    @Test("A restore read otherwise by the window manager at the exit is asked again as read, and lands home")
    func misreadRestoreIsAskedAgainAsRead() {
        var driver = placedDriver()
        _ = driver.send(.stopping, after: 50)
        // marco: the X frame lands 10 px up and left, 20 px larger.
        #expect(driver.send(.windowConfigured(Fixture.a, frame: Rect(90, 390, 420, 320)), after: 2)
            == [.moveResize(Fixture.a, frame: Rect(110, 410, 380, 280), extents: Fixture.extents)])
        #expect(driver.send(.windowConfigured(Fixture.a, frame: Fixture.lowFrame), after: 2) == [])
        #expect(driver.engine.windowsOnTheirWayHome == [])
        #expect(driver.engine.windowsLeftAway == [])
    }

    @Test("A window destroyed on its way home at the exit is not waited for")
    func destroyedIsNotWaitedFor() {
        var driver = placedDriver()
        _ = driver.send(.stopping, after: 50)
        _ = driver.send(.windowDestroyed(Fixture.a), after: 1)
        #expect(driver.engine.windowsOnTheirWayHome == [])
    }
}

@Suite("An exit while a placement above the screen's top is still unanswered")
struct StoppingWithClampedPlacementTests {
    let tall = Rect(x: 100, y: 40, width: 400, height: 600)

    @Test("The clamped answer to the placement, come after the restore went out, is no reading: the restore lands home")
    func clampedAnswerBeforeTheRestoreIsNotARereading() {
        var driver = Driver(Fixture.engine())
        _ = driver.send(.keyboardShown(Fixture.bottomKeyboard))
        _ = driver.send(.userInput(Fixture.a))
        let placement = driver.send(.focusChanged(Fixture.focus(Fixture.window(frame: tall),
            field: Rect(x: 100, y: 600, width: 400, height: 30))))
        #expect(placement.contains { if case .moveResize(_, let frame, _) = $0 { frame.minY < 0 } else { false } })
        #expect(driver.send(.stopping, after: 5) == [
            .moveResize(Fixture.a, frame: tall, extents: Fixture.extents), .clearOriginal(Fixture.a),
        ])
        // The window manager answers in order: the placement, kept at the work area's top, then the restore.
        #expect(driver.send(.windowConfigured(Fixture.a, frame: Rect(x: 100, y: 0, width: 400, height: 600)),
            after: 2) == [])
        #expect(driver.engine.windowsOnTheirWayHome.map(\.id) == [Fixture.a])
        #expect(driver.send(.windowConfigured(Fixture.a, frame: tall), after: 2) == [])
        #expect(driver.engine.windowsOnTheirWayHome == [])
        #expect(driver.engine.windowsLeftAway == [])
    }
}
