import OskshiftCore
import Testing

@Suite("Animation, hysteresis and restarts")
struct AnimationTests {
    let field = Rect(120, 640, 200, 30)

    @Test("An animation steps on timer ticks along its curve and stops its timer at the end")
    func animationStepsOnTimerTicks() {
        var driver = Driver(Fixture.engine(Fixture.configuration(duration: 100)))
        _ = driver.send(.focusChanged(Fixture.focus(Fixture.window(), field: field)))
        var configuration = Fixture.configuration(duration: 100)
        configuration.animation.curve = .linear
        _ = driver.send(.configurationChanged(configuration))
        #expect(driver.send(.keyboardShown(Fixture.bottomKeyboard)) == [
            .saveOriginal(Fixture.a, SavedGeometry(frame: Fixture.lowFrame)), .startTimer(intervalMs: 16),
        ])
        #expect(driver.sendAndConfirm(.timerFired, after: 50)
            == [.moveResize(Fixture.a, frame: Rect(100, 341, 400, 300), extents: Fixture.extents)])
        #expect(driver.sendAndConfirm(.timerFired, after: 50)
            == [.moveResize(Fixture.a, frame: Rect(100, 282, 400, 300), extents: Fixture.extents), .stopTimer])
    }

    @Test("A hide in the middle of an animation animates back from where the window is")
    func hideMidAnimationReturnsFromWhereItIs() {
        var configuration = Fixture.configuration(duration: 100)
        configuration.animation.curve = .linear
        var driver = Driver(Fixture.engine(configuration))
        _ = driver.send(.focusChanged(Fixture.focus(Fixture.window(), field: field)))
        _ = driver.send(.keyboardShown(Fixture.bottomKeyboard))
        _ = driver.sendAndConfirm(.timerFired, after: 50)  // at y 341
        #expect(driver.send(.keyboardHidden) == [])
        #expect(driver.sendAndConfirm(.timerFired, after: 50)
            == [.moveResize(Fixture.a, frame: Rect(100, 371, 400, 300), extents: Fixture.extents)])
        #expect(driver.sendAndConfirm(.timerFired, after: 50) == [
            .moveResize(Fixture.a, frame: Fixture.lowFrame, extents: Fixture.extents),
            .clearOriginal(Fixture.a), .stopTimer,
        ])
    }

    @Test("Ease-out covers most of the way in the first half")
    func easeOutCurve() {
        #expect(AnimationCurve.easeOut.apply(0.5) == 0.875)
        #expect(AnimationCurve.easeIn.apply(0.5) == 0.125)
        #expect(AnimationCurve.easeInOut.apply(0.5) == 0.5)
        #expect(AnimationCurve.linear.apply(1.5) == 1)
    }

    @Test("A field that is just clear does not bounce when the keyboard jitters by a pixel")
    func jitterDoesNotBounce() {
        var driver = Driver(Fixture.engine())
        _ = driver.send(.focusChanged(Fixture.focus(Fixture.window(), field: Rect(120, 522, 200, 30))))
        #expect(driver.sendAndConfirm(.keyboardShown(Fixture.bottomKeyboard)) == [])
        var moves = 0
        for step in 0..<20 {
            let top = step.isMultiple(of: 2) ? 559 : 560
            for case .moveResize(_, _, _) in driver.sendAndConfirm(.keyboardMoved(Rect(0, top, 1280, 800 - top))) { moves += 1 }
        }
        #expect(moves == 1)
    }

    @Test("A window left displaced by an earlier run is restored at start-up when nothing covers it")
    func displacedWindowIsRestored() {
        var driver = Driver(Fixture.engine())
        let window = Fixture.window(frame: Rect(100, 282, 400, 300))
        #expect(driver.send(.displacedWindowFound(window, saved: SavedGeometry(frame: Fixture.lowFrame))) == [
            .moveResize(Fixture.a, frame: Fixture.lowFrame, extents: Fixture.extents), .clearOriginal(Fixture.a),
        ])
    }

    @Test("A window left displaced and still covered stays adjusted, placed from its saved original")
    func displacedCoveredWindowStaysAdjusted() {
        var driver = Driver(Fixture.engine())
        let window = Fixture.window(frame: Rect(100, 250, 400, 300))
        _ = driver.send(.keyboardShown(Fixture.bottomKeyboard))
        _ = driver.send(.focusChanged(Fixture.focus(window, field: Rect(120, 640 - 150, 200, 30))))
        #expect(driver.sendAndConfirm(.displacedWindowFound(window, saved: SavedGeometry(frame: Fixture.lowFrame)))
            == [.moveResize(Fixture.a, frame: Rect(100, 282, 400, 300), extents: Fixture.extents)])
        #expect(driver.send(.keyboardHidden).first
            == .moveResize(Fixture.a, frame: Fixture.lowFrame, extents: Fixture.extents))
    }

    @Test("A forged saved geometry off every monitor is discarded, never applied", arguments: [
        Rect(5000, 5000, 400, 300), Rect(0, 0, 0, 300), Rect(0, 0, 100_000, 300),
    ])
    func implausibleSavedGeometryIsDiscarded(frame: Rect) {
        var driver = Driver(Fixture.engine())
        let window = Fixture.window(frame: Rect(100, 250, 400, 300))
        #expect(driver.send(.displacedWindowFound(window, saved: SavedGeometry(frame: frame))) == [.clearOriginal(Fixture.a)])
    }
}
