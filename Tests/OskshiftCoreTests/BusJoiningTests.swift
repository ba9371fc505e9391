import OskshiftCore
import Testing

/// A window that has just mapped may belong to an application still joining the accessibility bus: the X-side
/// sources wait `Engine.busJoiningGraceMs` for it.
@Suite("A new window waits for its application to join the bus")
struct BusJoiningTests {
    let pid: Int32 = 42
    let mappedAt = 1_000

    func moves(_ actions: [Action]) -> [Rect] {
        actions.compactMap { if case .moveResize(_, let frame, _) = $0 { return frame } else { return nil } }
    }

    /// The engine listening to the bus (another application on it), the keyboard up, at 10 ms after the map.
    func listeningDriver() -> Driver {
        var driver = Driver(Fixture.engine())
        driver.now = mappedAt + 10
        _ = driver.send(.accessibleApplications([7]))
        _ = driver.send(.keyboardShown(Fixture.bottomKeyboard))
        return driver
    }

    func newWindow(mappedAt: Int?) -> WindowFacts {
        var window = Fixture.window(pid: pid)
        window.mappedAtMs = mappedAt
        return window
    }

    @Test("A window mapped 10 ms ago, of a process not on the bus, is not moved and a tick is set for the end of the wait")
    func newWindowWaits() {
        var driver = listeningDriver()
        let actions = driver.sendTraced(.focusChanged(Fixture.focus(newWindow(mappedAt: mappedAt), field: nil)))
        #expect(moves(actions) == [])
        #expect(actions.contains(.startTimer(intervalMs: 240)))
        let reasons = actions.compactMap { action -> Decision.Outcome? in
            if case .log(let decision) = action { return decision.outcome } else { return nil }
        }
        #expect(reasons == [.waiting("waiting for its application on the accessibility bus")])
    }

    @Test("Its application joining the bus within the wait leaves it where it is and stops the tick")
    func joiningInTimeLeavesItAlone() {
        var driver = listeningDriver()
        _ = driver.send(.focusChanged(Fixture.focus(newWindow(mappedAt: mappedAt), field: nil)))
        #expect(driver.send(.accessibleApplications([7, pid]), after: 50) == [.stopTimer])
        #expect(driver.send(.timerFired, after: 500) == [])
        #expect(driver.engine.adjustedWindows == [])
    }

    @Test("An application that never joins has its window moved by the window source when the wait ends")
    func neverJoiningIsMovedAfterTheWait() {
        var driver = listeningDriver()
        _ = driver.send(.focusChanged(Fixture.focus(newWindow(mappedAt: mappedAt), field: nil)))
        let actions = driver.send(.timerFired, after: 240)
        #expect(moves(actions) == [Rect(100, 252, 400, 300)])
        #expect(actions.contains(.stopTimer))
    }

    @Test("A press on the new window during the wait moves it when the wait ends, not before")
    func pressDuringTheWaitWaitsToo() {
        var driver = listeningDriver()
        _ = driver.send(.focusChanged(Fixture.focus(newWindow(mappedAt: mappedAt), field: nil)))
        #expect(moves(driver.send(Fixture.observed(field: Rect(120, 640, 200, 30), frame: Fixture.lowFrame),
                                  after: 100)) == [])
        #expect(moves(driver.send(.timerFired, after: 140)) == [Rect(100, 282, 400, 300)])
    }

    @Test("A window mapped before the daemon started is moved at once")
    func windowWithoutMapTimeIsMovedAtOnce() {
        var driver = listeningDriver()
        let actions = driver.send(.focusChanged(Fixture.focus(newWindow(mappedAt: nil), field: nil)))
        #expect(moves(actions) == [Rect(100, 252, 400, 300)])
        #expect(!actions.contains { if case .startTimer = $0 { return true } else { return false } })
    }

    @Test("A window mapped 250 ms ago or more is moved at once")
    func oldEnoughWindowIsMovedAtOnce() {
        var driver = listeningDriver()
        driver.now = mappedAt + Engine.busJoiningGraceMs
        #expect(moves(driver.send(.focusChanged(Fixture.focus(newWindow(mappedAt: mappedAt), field: nil))))
                == [Rect(100, 252, 400, 300)])
    }

    @Test("Without the accessibility bus a new window is moved at once")
    func noBusNoWait() {
        var driver = Driver(Fixture.engine())
        driver.now = mappedAt + 10
        _ = driver.send(.keyboardShown(Fixture.bottomKeyboard))
        #expect(moves(driver.send(.focusChanged(Fixture.focus(newWindow(mappedAt: mappedAt), field: nil))))
                == [Rect(100, 252, 400, 300)])
    }

    @Test("With an order that does not ask the bus a new window is moved at once")
    func orderWithoutBusSourcesDoesNotWait() {
        var configuration = Fixture.configuration()
        configuration.avoidance.focus = [.inputFocus, .pointer, .window]
        var driver = Driver(Fixture.engine(configuration))
        driver.now = mappedAt + 10
        _ = driver.send(.accessibleApplications([7]))
        _ = driver.send(.keyboardShown(Fixture.bottomKeyboard))
        #expect(moves(driver.send(.focusChanged(Fixture.focus(newWindow(mappedAt: mappedAt), field: nil))))
                == [Rect(100, 252, 400, 300)])
    }

    @Test("While another window's restore animates, the tick stays at the frame rate and the wait still ends on time")
    func animationKeepsTheFrameTick() {
        var driver = Driver(Fixture.engine(Fixture.configuration(duration: 100)))
        driver.now = mappedAt - 500
        _ = driver.send(.accessibleApplications([7]))
        _ = driver.send(.keyboardShown(Fixture.bottomKeyboard))
        let old = Fixture.window(Fixture.b, pid: 9)
        #expect(driver.send(.focusChanged(Fixture.focus(old, field: nil))).contains(.startTimer(intervalMs: 16)))
        for _ in 0..<8 { _ = driver.sendAndConfirm(.timerFired, after: 16) }
        driver.now = mappedAt + 10
        let actions = driver.send(.focusChanged(Fixture.focus(newWindow(mappedAt: mappedAt), field: nil)))
        #expect(actions.contains(.startTimer(intervalMs: 16)))
        #expect(!actions.contains { if case .moveResize(Fixture.a, _, _) = $0 { return true } else { return false } })
        var ticks = 0
        while !driver.engine.adjustedWindows.contains(where: { $0.id == Fixture.a }) && ticks < 40 {
            _ = driver.sendAndConfirm(.timerFired, after: 16)
            ticks += 1
        }
        // 16 ms ticks from 10 ms after the map: the first at or after 250 ms is the 15th.
        #expect(ticks == 15)
        #expect(!driver.engine.adjustedWindows.contains { $0.id == Fixture.b })
    }
}
