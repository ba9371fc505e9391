import OskshiftCore
import Testing
import TestSupport

@Suite("Following changes and putting windows back")
struct LifecycleTests {
    let field = Rect(120, 640, 200, 30)
    let adjusted = Rect(100, 282, 400, 300)

    /// Window `a` focused on `field`, the keyboard shown, the move confirmed by the server.
    func adjustedDriver(_ configuration: Configuration = Fixture.configuration()) -> Driver {
        var driver = Driver(Fixture.engine(configuration))
        _ = driver.send(.focusChanged(Fixture.focus(Fixture.window(), field: field)))
        _ = driver.sendAndConfirm(.keyboardShown(Fixture.bottomKeyboard))
        return driver
    }

    @Test("A keyboard that grows while shown is followed, computed from the original frame")
    func keyboardGrowthIsFollowed() {
        var driver = adjustedDriver()
        #expect(driver.send(.keyboardMoved(Rect(0, 500, 1280, 300)))
            == [.moveResize(Fixture.a, frame: Rect(100, 222, 400, 300), extents: Fixture.extents)])
    }

    @Test("A thousand random keyboard changes and then a hide leave no drift")
    func randomKeyboardChangesLeaveNoDrift() {
        var driver = adjustedDriver()
        var random = SplitMix64(seed: 7)
        for _ in 0..<1000 {
            let top = random.next(in: 300...790)
            _ = driver.sendAndConfirm(.keyboardMoved(Rect(0, top, 1280, 800 - top)), after: 5)
        }
        let actions = driver.send(.keyboardHidden)
        #expect(actions.suffix(1) == [.clearOriginal(Fixture.a)])
        #expect(actions.dropLast().allSatisfy {
            $0 == .moveResize(Fixture.a, frame: Fixture.lowFrame, extents: Fixture.extents)
        })
        #expect(driver.engine.adjustedWindows == [])
    }

    @Test("Focus moving to another field of the same window is placed from the original frame")
    func anotherFieldOfTheSameWindowIsPlacedFromTheOriginal() {
        var driver = adjustedDriver()
        #expect(driver.send(Fixture.observed(field: Rect(120, adjusted.y + 200, 200, 30), frame: adjusted))
            == [.moveResize(Fixture.a, frame: Rect(100, 322, 400, 300), extents: Fixture.extents)])
    }

    @Test("Focus moving to another window restores the old one and adjusts the new one")
    func focusToAnotherWindowSwapsTheAdjustment() {
        var driver = adjustedDriver()
        let other = Fixture.window(Fixture.b, frame: Rect(600, 450, 400, 300))
        #expect(driver.send(.focusChanged(Fixture.focus(other, field: Rect(620, 680, 200, 30)))) == [
            .moveResize(Fixture.a, frame: Fixture.lowFrame, extents: Fixture.extents),
            .clearOriginal(Fixture.a),
            .saveOriginal(Fixture.b, SavedGeometry(frame: Rect(600, 450, 400, 300))),
            .moveResize(Fixture.b, frame: Rect(600, 292, 400, 300), extents: Fixture.extents),
        ])
    }

    @Test("Hiding the keyboard restores the exact original frame and clears the saved geometry")
    func hidingRestoresTheOriginal() {
        var driver = adjustedDriver()
        #expect(driver.send(.keyboardHidden) == [
            .moveResize(Fixture.a, frame: Fixture.lowFrame, extents: Fixture.extents), .clearOriginal(Fixture.a),
        ])
    }

    @Test("A move or resize the engine did not ask for releases the window, which is then never restored")
    func userMoveReleasesTheWindow() {
        var driver = adjustedDriver()
        #expect(driver.send(.windowConfigured(Fixture.a, frame: Rect(150, 200, 400, 300))) == [.clearOriginal(Fixture.a)])
        #expect(driver.send(.keyboardMoved(Rect(0, 500, 1280, 300))) == [])
        #expect(driver.send(.keyboardHidden) == [])
    }

    @Test("Configure events caused by our own requests are not taken for user moves")
    func ownConfigureEventsAreRecognised() {
        var driver = adjustedDriver()
        #expect(driver.send(.windowConfigured(Fixture.a, frame: adjusted)) == [])  // a repeat, e.g. restacking
        #expect(driver.send(.keyboardHidden).first
            == .moveResize(Fixture.a, frame: Fixture.lowFrame, extents: Fixture.extents))
    }

    @Test("A window manager that answers a move by leaving the window in place is not asked again")
    func refusedMovesAreNotRepeated() {
        var driver = Driver(Fixture.engine())
        _ = driver.send(.focusChanged(Fixture.focus(Fixture.window(), field: field)))
        _ = driver.send(.keyboardShown(Fixture.bottomKeyboard))
        // Its answer: a synthetic ConfigureNotify, and the frame read from the server where it was.
        #expect(driver.send(.windowConfigureSynthetic(Fixture.a)) == [.readFrame(Fixture.a)])
        // Nothing asked, and the saved original cleared: the window is home (a move read as refused that lands
        // after all is followed, and saved again then).
        #expect(driver.send(.windowFrameRead(Fixture.a, frame: Fixture.lowFrame)) == [.clearOriginal(Fixture.a)])
        #expect(driver.send(.keyboardMoved(Rect(0, 500, 1280, 300))) == [])
        #expect(driver.send(.keyboardHidden) == [])
    }

    @Test("A refusal lasts until the keyboard hides: the next show asks the window manager once more")
    func refusalLastsOneKeyboardSession() {
        var driver = Driver(Fixture.engine())
        _ = driver.send(.focusChanged(Fixture.focus(Fixture.window(), field: field)))
        _ = driver.send(.keyboardShown(Fixture.bottomKeyboard))
        _ = driver.send(.windowConfigureSynthetic(Fixture.a))
        _ = driver.send(.windowFrameRead(Fixture.a, frame: Fixture.lowFrame))
        _ = driver.send(.keyboardHidden)
        #expect(driver.send(.keyboardShown(Fixture.bottomKeyboard)) == [
            .saveOriginal(Fixture.a, SavedGeometry(frame: Fixture.lowFrame)),
            .moveResize(Fixture.a, frame: adjusted, extents: Fixture.extents),
        ])
    }

    @Test("A window destroyed while adjusted is forgotten and nothing else is touched")
    func destroyedWindowIsForgotten() {
        var driver = adjustedDriver()
        #expect(driver.send(.windowDestroyed(Fixture.a)) == [])
        #expect(driver.send(.keyboardHidden) == [])
        #expect(driver.engine.adjustedWindows == [])
    }

    @Test("Stopping restores every adjusted window at once")
    func stoppingRestoresEverything() {
        var driver = adjustedDriver(Fixture.configuration(duration: 150))
        for _ in 0..<20 { _ = driver.sendAndConfirm(.timerFired, after: 16) }
        #expect(driver.send(.stopping) == [
            .moveResize(Fixture.a, frame: Fixture.lowFrame, extents: Fixture.extents), .clearOriginal(Fixture.a),
        ])
    }
}
