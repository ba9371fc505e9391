import OskshiftCore
import Testing

/// The daemon starts (the keyboard already up, an application already focused) and joins the accessibility bus a
/// few milliseconds later: until the bus has answered, the X side alone must not decide for an application that
/// may be on it.
@Suite("Right from the first instant: nothing moves before the bus has answered")
struct StartTests {
    let pid: Int32 = 42
    /// The watcher's first answer, this long after the daemon's start.
    let answerAfter = 40

    func moves(_ actions: [Action]) -> [Rect] {
        actions.compactMap { if case .moveResize(_, let frame, _) = $0 { return frame } else { return nil } }
    }

    func touchesTheServer(_ actions: [Action]) -> Bool {
        actions.contains {
            switch $0 {
            case .moveResize, .saveOriginal, .setMaximized, .setFullscreen, .clearOriginal: return true
            default: return false
            }
        }
    }

    /// The daemon's start as the shell sends it: connecting, the keyboard and the focus found on the server, then
    /// connecting again once the watcher runs. Every action is collected.
    func started(focused window: WindowFacts, keyboard: Rect = Fixture.bottomKeyboard) -> (Driver, [Action]) {
        var driver = Driver(Fixture.engine())
        driver.now = 5_000
        var actions = driver.send(.accessibilityBus(.connecting))
        actions += driver.send(.keyboardShown(keyboard))
        actions += driver.send(.focusChanged(Focus(window: window)))
        actions += driver.send(.accessibilityBus(.connecting), after: 10)
        return (driver, actions)
    }

    @Test("With the keyboard up and a button focused, the window is never touched, before or after the bus answers")
    func buttonFocusedAtStart() {
        var (driver, actions) = started(focused: Fixture.window(pid: pid))
        #expect(!touchesTheServer(actions))
        #expect(actions.contains(.startTimer(intervalMs: Engine.busAnswerGraceMs)))
        actions = driver.send(.accessibleApplications([7, pid]), after: answerAfter)
        actions += driver.send(.accessibleFocus(pid: pid, nil))
        actions += driver.send(.accessibilityBus(.initialFocusRead))
        #expect(actions == [.stopTimer])
        #expect(driver.send(.timerFired, after: 1_000) == [])
        #expect(driver.engine.adjustedWindows == [])
        #expect(driver.engine.lastDecision?.outcome == .noField("no editable focus"))
    }

    @Test("The first decision, taken before the bus answered, says it waits for the bus")
    func theFirstDecisionWaits() {
        var driver = Driver(Fixture.engine())
        _ = driver.send(.accessibilityBus(.connecting))
        _ = driver.send(.keyboardShown(Fixture.bottomKeyboard))
        let actions = driver.sendTraced(.focusChanged(Focus(window: Fixture.window(pid: pid))))
        let outcomes = actions.compactMap { action -> Decision.Outcome? in
            if case .log(let decision) = action { return decision.outcome } else { return nil }
        }
        #expect(outcomes == [.waiting("the daemon has not yet asked the accessibility bus")])
    }

    @Test("A tall text view whose caret is clear on its first line is never touched")
    func clearCaretInATallView() {
        let frame = Rect(100, 20, 600, 760)
        var (driver, actions) = started(focused: Fixture.window(frame: frame, pid: pid))
        actions += driver.send(.accessibleApplications([pid]), after: answerAfter)
        actions += driver.send(Fixture.accessible(widget: Rect(110, 60, 580, 700), caret: Rect(112, 64, 2, 18),
                                                  frame: frame))
        actions += driver.send(.accessibilityBus(.initialFocusRead))
        actions += driver.send(Fixture.accessible(widget: Rect(110, 60, 580, 700), caret: Rect(112, 64, 2, 18),
                                                  frame: frame, change: .still), after: 80)
        #expect(!touchesTheServer(actions))
        #expect(driver.engine.adjustedWindows == [])
        #expect(driver.engine.lastDecision?.outcome == .notCovered)
    }

    @Test("A covered field is served the moment the bus has answered, the daemon's start 50 ms before")
    func coveredFieldIsServedWhenTheBusAnswers() {
        var (driver, actions) = started(focused: Fixture.window(pid: pid))
        actions += driver.send(.accessibleApplications([pid]), after: answerAfter)
        actions += driver.send(Fixture.accessible(widget: Rect(120, 640, 200, 30), frame: Fixture.lowFrame))
        #expect(moves(actions) == [])
        let served = driver.send(.accessibilityBus(.initialFocusRead))
        #expect(moves(served) == [Rect(100, 282, 400, 300)])
        #expect(served.contains(.stopTimer))
        #expect(driver.now - 5_000 == 50)
        #expect(driver.engine.focusSource(at: driver.now) == .caret || driver.engine.focusSource(at: driver.now) == .widget)
    }

    @Test("A bus that never answers leaves the window source to move the window when the grace ends")
    func silentBusFallsBackAfterTheGrace() {
        var (driver, actions) = started(focused: Fixture.window(pid: pid))
        actions += driver.send(.userInput(Fixture.a))
        #expect(moves(actions) == [])
        #expect(moves(driver.send(.timerFired, after: Engine.busAnswerGraceMs - 1)) == [])
        let fallback = driver.send(.timerFired, after: 1)
        #expect(moves(fallback) == [Rect(100, 252, 400, 300)])
        #expect(driver.engine.focusSource(at: driver.now) == .window)
    }

    @Test("No bus at all: the X side decides at once")
    func noBusDecidesAtOnce() {
        var driver = Driver(Fixture.engine())
        _ = driver.send(.accessibilityBus(.connecting))
        _ = driver.send(.keyboardShown(Fixture.bottomKeyboard))
        _ = driver.send(.focusChanged(Focus(window: Fixture.window(pid: pid))))
        _ = driver.send(.userInput(Fixture.a))
        #expect(moves(driver.send(.accessibilityBus(.absent))) == [Rect(100, 252, 400, 300)])
    }

    @Test("An order without caret and widget never waits for the bus")
    func orderWithoutTheBusNeverWaits() {
        var configuration = Fixture.configuration()
        configuration.avoidance.focus = [.inputFocus, .window]
        var driver = Driver(Fixture.engine(configuration))
        _ = driver.send(.accessibilityBus(.connecting))
        _ = driver.send(.keyboardShown(Fixture.bottomKeyboard))
        _ = driver.send(.userInput(Fixture.a))
        #expect(moves(driver.send(.focusChanged(Focus(window: Fixture.window(pid: pid))))) == [Rect(100, 252, 400, 300)])
    }

    @Test("Joining the bus again keeps a placed window where it is, and the answer leaves it there")
    func rejoiningKeepsThePlacement() {
        var driver = Driver(Fixture.engine())
        _ = driver.send(.accessibilityBus(.connecting))
        _ = driver.send(.accessibleApplications([pid]))
        _ = driver.send(.accessibilityBus(.initialFocusRead))
        _ = driver.send(.keyboardShown(Fixture.bottomKeyboard))
        _ = driver.send(.focusChanged(Focus(window: Fixture.window(pid: pid))))
        _ = driver.sendAndConfirm(Fixture.accessible(widget: Rect(120, 640, 200, 30), frame: Fixture.lowFrame))
        let placed = driver.engine.adjustedWindows
        #expect(placed.map(\.current) == [Rect(100, 282, 400, 300)])
        var actions = driver.send(.accessibilityBus(.connecting), after: 100)
        actions += driver.send(.accessibleApplications([pid]), after: 30)
        actions += driver.send(Fixture.accessible(widget: Rect(120, 522, 200, 30), frame: Rect(100, 282, 400, 300)))
        actions += driver.send(.accessibilityBus(.initialFocusRead))
        #expect(!touchesTheServer(actions))
        #expect(driver.engine.adjustedWindows == placed)
    }

    @Test("The keyboard hiding while the daemon waits for the bus restores nothing it never moved")
    func hidingWhileWaiting() {
        var (driver, _) = started(focused: Fixture.window(pid: pid))
        let actions = driver.send(.keyboardHidden, after: 20)
        #expect(actions == [.stopTimer])
        #expect(driver.engine.adjustedWindows == [])
    }
}
