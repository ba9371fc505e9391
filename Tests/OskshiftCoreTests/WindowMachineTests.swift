@testable import OskshiftCore
import Testing

/// One window's life (`Adjustment.stage`) and what a reported frame means in each stage (`Adjustment.land`),
/// asserted on the whole state, not only on the actions.
@Suite("The window machine")
struct WindowMachineTests {
    let offset = Rect(100, 252, 400, 300)
    let placedAtOffset = Stage.placed(Placement(target: Rect(100, 252, 400, 300), animation: nil, layout: Layout(),
                                                movedWithStateChange: nil))

    /// A window of `Fixture.lowFrame` asked to go to `offset`, unanswered.
    func placed(leftState: Bool = false) -> Adjustment {
        var adjustment = Adjustment(
            id: Fixture.a, original: SavedGeometry(frame: Fixture.lowFrame, state: .normal), savedOn: Fixture.screen,
            extents: Fixture.extents, current: Fixture.lowFrame, leftState: leftState,
            stage: .placed(Placement(target: offset, animation: nil, layout: Layout(), movedWithStateChange: nil)))
        _ = adjustment.request(offset, now: 0)
        return adjustment
    }

    @Test("A frame we asked for is ours: the request leaves the pending list and the frame becomes current")
    func answerIsOurs() {
        var adjustment = placed()
        #expect(adjustment.land(offset, real: true, room: Fixture.screenRect) == .ours)
        #expect(adjustment.requests.pending == [])
        #expect(adjustment.current == offset)
        #expect(adjustment.requests.owed == .echo)
        #expect(adjustment.stage == placedAtOffset)
    }

    @Test("The same frame again while our request is pending is a refusal: nothing stays pending or queued")
    func sameFrameIsARefusal() {
        var adjustment = placed()
        #expect(adjustment.land(Fixture.lowFrame, real: false, room: Fixture.screenRect) == .refused)
        #expect(adjustment.requests.pending == [])
        #expect(adjustment.shown == Fixture.lowFrame)
    }

    @Test("Another frame while our request is pending is the window manager's answer in part: ours stay pending")
    func otherFrameWhilePendingIsAPartialAnswer() {
        var adjustment = placed()
        let taller = Rect(100, 200, 400, 352)
        #expect(adjustment.land(taller, real: true, room: Fixture.screenRect) == .ours)
        #expect(adjustment.requests.pending.map(\.frame) == [offset])
        #expect(adjustment.current == taller)
    }

    @Test("A window taken out of its state learns the window manager's normal geometry from its first answer")
    func leftStateLearnsTheNormalGeometry() {
        var adjustment = placed(leftState: true)
        let normal = Rect(200, 150, 600, 400)
        #expect(adjustment.land(normal, real: true, room: Fixture.screenRect) == .normalGeometry)
        #expect(adjustment.home == .windowState(normalFrame: normal))
        #expect(adjustment.land(Rect(300, 150, 600, 400), real: true, room: Fixture.screenRect) == .ours)  // still pending: in part
    }

    @Test("A late answer to a request no longer pending is ours, not the user's move")
    func lateAnswerIsOurs() {
        var adjustment = placed()
        adjustment.requests.expire(now: Engine.pendingLifetimeMs + 1)
        #expect(adjustment.land(offset, real: true, room: Fixture.screenRect) == .ours)
        #expect(adjustment.current == offset)
    }

    @Test("Only the height changing with nothing pending is the application resizing itself, and is kept")
    func heightOnlyIsTheApplication() {
        var adjustment = placed()
        _ = adjustment.land(offset, real: true, room: Fixture.screenRect)
        let grown = Rect(100, 252, 400, 340)
        #expect(adjustment.land(grown, real: true, room: Fixture.screenRect) == .resizedByApplication)
        #expect(adjustment.layout == Layout(keptHeight: 340))
        #expect(adjustment.shown == grown)
    }

    @Test("A new frame with nothing pending is the user's move; the same frame is a repeat")
    func newFrameIsTheUser() {
        var adjustment = placed()
        _ = adjustment.land(offset, real: true, room: Fixture.screenRect)
        #expect(adjustment.land(offset, real: true, room: Fixture.screenRect) == .repeated)
        #expect(adjustment.land(Rect(150, 252, 400, 300), real: true, room: Fixture.screenRect) == .movedByUser)
    }

    @Test("A returning window is home once its restoring request is answered, or once the user moved it elsewhere")
    func returningEndsAtHome() {
        var adjustment = placed()
        _ = adjustment.land(offset, real: true, room: Fixture.screenRect)
        _ = adjustment.request(Fixture.lowFrame, now: 10)
        adjustment.stage = .returning
        #expect(adjustment.land(Rect(0, 0, 10, 10), real: true, room: Fixture.screenRect) == .home)

        var answered = placed()
        _ = answered.land(offset, real: true, room: Fixture.screenRect)
        _ = answered.request(Fixture.lowFrame, now: 10)
        answered.stage = .returning
        #expect(answered.land(Fixture.lowFrame, real: true, room: Fixture.screenRect) == .home)
    }

    @Test("A synthetic echo after the frame's own ConfigureNotify answers nothing; alone, it asks for the frame")
    func syntheticPairing() {
        var driver = Driver(Fixture.engine())
        _ = driver.send(.keyboardShown(Fixture.bottomKeyboard))
        _ = driver.send(.userInput(Fixture.a))
        _ = driver.send(.focusChanged(Fixture.focus(Fixture.window(), field: nil)))
        #expect(driver.engine.windows[adjusted: Fixture.a]?.requests.owed == .any)
        _ = driver.send(.windowConfigured(Fixture.a, frame: offset))
        #expect(driver.send(.windowConfigureSynthetic(Fixture.a)) == [])
        #expect(driver.engine.windows[adjusted: Fixture.a]?.requests.owed == AnswerOwed.none)

        // A newer move goes out before the echo of the older one arrives: the echo is not its answer.
        _ = driver.send(.keyboardMoved(Rect(0, 500, 1280, 300)), after: 200)
        _ = driver.send(.windowConfigured(Fixture.a, frame: Rect(100, 192, 400, 300)))
        _ = driver.send(.keyboardMoved(Fixture.bottomKeyboard), after: 200)
        #expect(driver.engine.windows[adjusted: Fixture.a]?.requests.owed == .echoThenAny)
        #expect(driver.send(.windowConfigureSynthetic(Fixture.a)) == [])
        #expect(driver.send(.windowConfigureSynthetic(Fixture.a)) == [.readFrame(Fixture.a)])
        // The frame read shows the window where it was: a refusal.
        _ = driver.send(.windowFrameRead(Fixture.a, frame: Rect(100, 192, 400, 300)))
        #expect(driver.engine.windows.refused == [Fixture.a])
    }

    @Test("A refusal read before the window manager got to our move keeps the window followed, and a landing after the hide is sent home")
    func refusalRacingTheAnswerStillSendsHome() {
        var driver = Driver(Fixture.engine())
        _ = driver.send(.keyboardShown(Fixture.bottomKeyboard))
        _ = driver.send(.userInput(Fixture.a))
        _ = driver.send(.focusChanged(Fixture.focus(Fixture.window(), field: nil)))
        // A synthetic ConfigureNotify the window manager sent before it got to our move: the frame read races the
        // answer and shows the window where it was, taken for a refusal. Nothing more is asked; the window is home,
        // its saved original cleared, and it is still followed.
        #expect(driver.send(.windowConfigureSynthetic(Fixture.a)) == [.readFrame(Fixture.a)])
        #expect(driver.send(.windowFrameRead(Fixture.a, frame: Fixture.lowFrame)) == [.clearOriginal(Fixture.a)])
        #expect(driver.engine.windows.refused == [Fixture.a])
        let followed = try? #require(driver.engine.windows[adjusted: Fixture.a])
        #expect(followed?.stage == .returning)
        #expect(followed?.shown == Fixture.lowFrame)
        #expect(followed?.original == SavedGeometry(frame: Fixture.lowFrame, state: .normal))
        // The keyboard hides first; then the move lands late, away from home: home is asked, the saved original
        // cleared with that move.
        _ = driver.send(.keyboardHidden)
        #expect(driver.send(.windowConfigured(Fixture.a, frame: offset)) == [
            .moveResize(Fixture.a, frame: Fixture.lowFrame, extents: Fixture.extents),
            .clearOriginal(Fixture.a),
        ])
        _ = driver.send(.windowConfigured(Fixture.a, frame: Fixture.lowFrame))
        #expect(driver.engine.adjustments == [:])
    }

    @Test("A move of ours landing after a refusal was read, the keyboard still up, withdraws the refusal: placed, home at the hide")
    func lateLandingWithdrawsTheRefusal() {
        var driver = Driver(Fixture.engine())
        _ = driver.send(.keyboardShown(Fixture.bottomKeyboard))
        _ = driver.send(.userInput(Fixture.a))
        _ = driver.send(.focusChanged(Fixture.focus(Fixture.window(), field: nil)))
        _ = driver.send(.windowConfigureSynthetic(Fixture.a))
        _ = driver.send(.windowFrameRead(Fixture.a, frame: Fixture.lowFrame))
        #expect(driver.engine.windows.refused == [Fixture.a])
        // fluxbox's real answer: the form where we asked. Not refused after all; placed there, nothing asked, its
        // original saved again (cleared when it was read at home).
        #expect(driver.send(.windowConfigured(Fixture.a, frame: offset)).filter { if case .note = $0 { false } else { true } }
                == [.saveOriginal(Fixture.a, SavedGeometry(frame: Fixture.lowFrame, state: .normal))])
        #expect(driver.engine.windows.refused == [])
        let placed = try? #require(driver.engine.windows[adjusted: Fixture.a])
        #expect(placed?.stage == placedAtOffset)
        #expect(placed?.current == offset)
        #expect(placed?.original == SavedGeometry(frame: Fixture.lowFrame, state: .normal))
        // The hide puts it back home exactly.
        let hide = driver.send(.keyboardHidden)
        #expect(hide.contains(.moveResize(Fixture.a, frame: Fixture.lowFrame, extents: Fixture.extents)))
        _ = driver.send(.windowConfigured(Fixture.a, frame: Fixture.lowFrame))
        #expect(driver.engine.adjustments == [:])
    }

    @Test("Each step of a show and hide leaves the window in the stage it names, and the engine as it was before")
    func showAndHideWholeState() {
        var driver = Driver(Fixture.engine())
        _ = driver.send(.focusChanged(Fixture.focus(Fixture.window(), field: nil)))
        let before = EngineState(driver.engine)

        _ = driver.send(.keyboardShown(Fixture.bottomKeyboard), after: 10)
        var placed = Adjustment(
            id: Fixture.a, original: SavedGeometry(frame: Fixture.lowFrame, state: .normal), savedOn: Fixture.screen,
            extents: Fixture.extents, current: Fixture.lowFrame, leftState: false, stage: placedAtOffset)
        placed.shown = offset
        placed.requests = Requests(pending: [PendingRequest(frame: offset, extents: Fixture.extents, time: 10)],
                                   flight: .inFlight(since: 10), requested: [offset], owed: .any)
        #expect(driver.engine.adjustments == [Fixture.a: placed])

        _ = driver.send(.windowConfigured(Fixture.a, frame: offset), after: 2)
        placed.current = offset
        placed.requests = Requests(requested: [offset], owed: .echo)
        placed.requests.granted = true  // the window manager moves this window
        #expect(driver.engine.adjustments == [Fixture.a: placed])

        _ = driver.send(.keyboardHidden, after: 100)
        var returning = placed
        returning.shown = Fixture.lowFrame
        returning.stage = .returning
        returning.requests = Requests(pending: [PendingRequest(frame: Fixture.lowFrame, extents: Fixture.extents, time: 112)],
                                      flight: .inFlight(since: 112), requested: [offset, Fixture.lowFrame], owed: .echoThenAny)
        returning.requests.granted = true
        #expect(driver.engine.adjustments == [Fixture.a: returning])

        _ = driver.send(.windowConfigured(Fixture.a, frame: Fixture.lowFrame), after: 2)
        var expected = before
        // Two placements since the show's trigger: the adjustment and the restore.
        expected.focused.headed(Fixture.a)
        expected.focused.headed(Fixture.a)
        // Where the keyboard rested, for its next show.
        expected.keyboardState = KeyboardState(
            motion: KeyboardMotion(end: nil, lastRest: Fixture.bottomKeyboard, movedAt: 112, goingDown: false))
        #expect(EngineState(driver.engine) == expected)
    }
}
