import OskshiftCore
import Testing

/// A window has at most one move request in flight: what the engine wants meanwhile waits, newer frames replacing
/// older ones, until the window manager answers or `Engine.unansweredAfterMs` passes.
@Suite("One request in flight per window")
struct RequestFlowTests {
    /// Where the `window` source puts `Fixture.lowFrame`: its bottom 8 px above the keyboard.
    let offset = Rect(100, 252, 400, 300)
    let windowB = Fixture.window(Fixture.b, frame: Rect(700, 450, 400, 300))
    let offsetB = Rect(700, 252, 400, 300)
    /// A's queued restore going out: the move home, the saved geometry cleared with it, no more ticks.
    let restoredAndTimerStopped: [Action] = [
        .moveResize(Fixture.a, frame: Fixture.lowFrame, extents: Fixture.extents), .clearOriginal(Fixture.a), .stopTimer,
    ]

    func moves(_ actions: [Action], of id: WindowID = Fixture.a) -> [Rect] {
        actions.compactMap {
            if case .moveResize(let window, let frame, _) = $0, window == id { return frame } else { return nil }
        }
    }

    /// The keyboard up and window A moved clear of it at 0 ms, the move not answered yet.
    func driverWithMoveInFlight() -> Driver {
        var driver = Driver(Fixture.engine())
        _ = driver.send(.keyboardShown(Fixture.bottomKeyboard))
        // The user tapped both windows: the whole window speaks for each.
        _ = driver.send(.userInput(Fixture.a))
        _ = driver.send(.userInput(Fixture.b))
        let actions = driver.send(.focusChanged(Fixture.focus(Fixture.window(), field: nil)))
        #expect(moves(actions) == [offset])
        return driver
    }

    @Test("A restore wanted before the move is answered waits, then goes out with the saved geometry cleared")
    func restoreWaitsForTheAnswer() {
        var driver = driverWithMoveInFlight()
        #expect(driver.send(.keyboardHidden, after: 5) == [.startTimer(intervalMs: 145)])
        #expect(driver.send(.windowConfigured(Fixture.a, frame: offset), after: 3) == restoredAndTimerStopped)
        #expect(driver.send(.windowConfigured(Fixture.a, frame: Fixture.lowFrame), after: 2) == [])
        #expect(driver.engine.adjustedWindows == [])
    }

    @Test("A request in flight left unanswered where the window was sends the restore queued behind it, its saved geometry cleared")
    func requestLeftWhereTheWindowWasSendsTheQueuedRestore() {
        // A window withdrawn while moved (its frame gone, then framed anew where it was): the request sent meanwhile
        // never lands, and the frame reported at the old place is its answer, not a refusal of the restore, which
        // has not gone out. Taken for one, the restore was dropped with the clearing it carried, and the window came
        // home with its saved geometry still on it.
        var driver = driverWithMoveInFlight()
        _ = driver.send(.windowConfigured(Fixture.a, frame: offset), after: 2)
        #expect(moves(driver.send(.keyboardMoved(Rect(0, 500, 1280, 300)), after: 10)) == [Rect(100, 192, 400, 300)])
        #expect(driver.send(.keyboardHidden, after: 5) == [.startTimer(intervalMs: 145)])
        #expect(driver.send(.windowConfigured(Fixture.a, frame: offset), after: 3) == restoredAndTimerStopped)
        #expect(driver.send(.windowConfigured(Fixture.a, frame: Fixture.lowFrame), after: 2) == [])
        #expect(driver.engine.adjustedWindows == [])
    }

    @Test("A window manager that never answers gets the queued frame 150 ms after the request")
    func unansweredRequestIsGivenUpOn() {
        var driver = driverWithMoveInFlight()
        _ = driver.send(.keyboardHidden, after: 5)
        #expect(driver.send(.timerFired, after: 145) == restoredAndTimerStopped)
    }

    @Test("101 focus changes between two windows before any answer send one move each, then only the last wanted frames")
    func burstOfFocusChangesSendsTheLastFramesOnly() {
        var driver = driverWithMoveInFlight()
        var sent: [Action] = []
        for index in 1...101 {
            let window = index.isMultiple(of: 2) ? Fixture.window() : windowB
            sent += driver.send(.focusChanged(Fixture.focus(window, field: nil)), after: 1)
        }
        #expect(moves(sent, of: Fixture.a) == [])
        #expect(moves(sent, of: Fixture.b) == [offsetB])
        #expect(sent.filter { if case .saveOriginal = $0 { return true } else { return false } }.count == 1)
        #expect(sent.filter { if case .clearOriginal = $0 { return true } else { return false } }.isEmpty)

        // Focus ended on B: A's answer lets its restore out; B is where it was last asked to be.
        let answeredA = driver.send(.windowConfigured(Fixture.a, frame: offset), after: 1)
        #expect(moves(answeredA) == [Fixture.lowFrame])
        #expect(answeredA.contains(.clearOriginal(Fixture.a)))
        #expect(moves(driver.send(.windowConfigured(Fixture.b, frame: offsetB), after: 1), of: Fixture.b) == [])
        #expect(driver.engine.adjustedWindows.map(\.id) == [Fixture.b])
        #expect(driver.engine.adjustedWindows.first?.current == offsetB)
    }

    @Test("A frame wanted back before the request in flight is answered is not sent again")
    func frameWantedBackIsNotResent() {
        var driver = driverWithMoveInFlight()
        _ = driver.send(.focusChanged(Fixture.focus(windowB, field: nil)), after: 1)
        let back = driver.send(.focusChanged(Fixture.focus(Fixture.window(), field: nil)), after: 1)
        #expect(moves(back) == [])
        #expect(!back.contains { if case .saveOriginal(Fixture.a, _) = $0 { return true } else { return false } })
        #expect(moves(driver.send(.windowConfigured(Fixture.a, frame: offset), after: 1)) == [])
        #expect(driver.engine.adjustedWindows.first { $0.id == Fixture.a }?.current == offset)
    }

    @Test("A daemon stopping sends a queued restore at once")
    func stoppingSendsTheQueuedRestore() {
        var driver = driverWithMoveInFlight()
        _ = driver.send(.keyboardHidden, after: 5)
        #expect(driver.send(.stopping, after: 1) == restoredAndTimerStopped)
    }

    @Test("An animation steps at the window manager's pace: a step goes out when the one before is answered")
    func animationWaitsForAnswers() {
        var driver = Driver(Fixture.engine(Fixture.configuration(duration: 160)))
        _ = driver.send(.keyboardShown(Fixture.bottomKeyboard))
        _ = driver.send(.userInput(Fixture.a))
        _ = driver.send(.focusChanged(Fixture.focus(Fixture.window(), field: nil)))
        let first = moves(driver.send(.timerFired, after: 16))
        #expect(first.count == 1)
        #expect(moves(driver.send(.timerFired, after: 16)) == [])  // the first step unanswered
        let answered = driver.send(.windowConfigured(Fixture.a, frame: first[0]), after: 2)
        #expect(moves(answered).count == 1)
        #expect(moves(answered).first.map { $0.y < first[0].y } == true)
    }

    @Test("Answers that come seconds late are still ours: the window is not taken for moved by the user and goes home")
    func lateAnswersAreStillOurs() {
        var driver = driverWithMoveInFlight()
        _ = driver.send(.focusChanged(Fixture.focus(windowB, field: nil)), after: 1)
        let restore = driver.send(.timerFired, after: 149)  // the request in flight given up on: the restore goes out
        #expect(moves(restore) == [Fixture.lowFrame])
        let released = driver.sendTraced(.windowConfigured(Fixture.a, frame: offset), after: 5_000).contains {
            if case .log(let decision) = $0, case .released = decision.outcome { return true } else { return false }
        }
        #expect(!released)
        #expect(driver.engine.adjustedWindows.map(\.id) == [Fixture.b])
        // Back on A before its restore is answered, A still at the offset frame: it starts again from its real
        // original, not from where the late answer left it.
        let again = driver.send(.focusChanged(Fixture.focus(Fixture.window(frame: offset), field: nil)), after: 1)
        #expect(again.contains(.saveOriginal(Fixture.a, SavedGeometry(frame: Fixture.lowFrame))))
        _ = driver.sendAndConfirm(.windowConfigured(Fixture.a, frame: Fixture.lowFrame), after: 1)
        #expect(moves(driver.sendAndConfirm(.keyboardHidden, after: 500)) == [Fixture.lowFrame])
    }

    @Test("An answer later than a request is expected is still ours; a drag to a frame never asked for is the user's")
    func lateAnswerThenDrag() {
        var driver = driverWithMoveInFlight()
        func released(_ actions: [Action]) -> Bool {
            actions.contains {
                if case .log(let decision) = $0, case .released = decision.outcome { return true } else { return false }
            }
        }
        #expect(!released(driver.sendTraced(.windowConfigured(Fixture.a, frame: offset), after: Engine.pendingLifetimeMs + 500)))
        #expect(driver.engine.adjustedWindows.first?.current == offset)
        #expect(released(driver.sendTraced(.windowConfigured(Fixture.a, frame: Rect(150, 100, 400, 300)), after: 2_000)))
    }
}
