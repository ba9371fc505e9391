import OskshiftCore
import Testing

/// A window that has just mapped may belong to an application still joining the accessibility bus: the X-side
/// sources wait `Engine.busJoiningGraceMs` for it, whatever its `_NET_WM_PID` says. The whole window needs the user's
/// input in it besides (a press, a key, the keyboard shown while it has the focus): never its map alone.
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

    @Test("An application that never joins has its window moved whole when the wait ends, after the user's press in it")
    func neverJoiningIsMovedAfterTheWait() {
        var driver = listeningDriver()
        _ = driver.send(.focusChanged(Fixture.focus(newWindow(mappedAt: mappedAt), field: nil)))
        #expect(driver.send(.userInput(Fixture.a), after: 100) == [])
        let actions = driver.send(.timerFired, after: 140)
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

    @Test("A window mapped before the daemon started is moved whole at once after the user's input in it")
    func windowWithoutMapTimeIsMovedAtOnce() {
        var driver = listeningDriver()
        _ = driver.send(.userInput(Fixture.a))
        let actions = driver.send(.focusChanged(Fixture.focus(newWindow(mappedAt: nil), field: nil)))
        #expect(moves(actions) == [Rect(100, 252, 400, 300)])
        #expect(!actions.contains { if case .startTimer = $0 { return true } else { return false } })
    }

    @Test("A window mapped 250 ms ago or more is moved whole at once after the user's input in it")
    func oldEnoughWindowIsMovedAtOnce() {
        var driver = listeningDriver()
        driver.now = mappedAt + Engine.busJoiningGraceMs
        _ = driver.send(.userInput(Fixture.a))
        #expect(moves(driver.send(.focusChanged(Fixture.focus(newWindow(mappedAt: mappedAt), field: nil))))
                == [Rect(100, 252, 400, 300)])
    }

    @Test("Without the accessibility bus a new window is moved at once")
    func noBusNoWait() {
        var driver = Driver(Fixture.engine())
        driver.now = mappedAt + 10
        _ = driver.send(.keyboardShown(Fixture.bottomKeyboard))
        _ = driver.send(.userInput(Fixture.a))
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
        _ = driver.send(.userInput(Fixture.a))
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
        _ = driver.send(.userInput(Fixture.b))
        #expect(driver.send(.focusChanged(Fixture.focus(old, field: nil))).contains(.startTimer(intervalMs: 16)))
        for _ in 0..<8 { _ = driver.sendAndConfirm(.timerFired, after: 16) }
        driver.now = mappedAt + 10
        _ = driver.send(.userInput(Fixture.a))
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

    func decisions(_ actions: [Action]) -> [Decision.Outcome] {
        actions.compactMap { if case .log(let decision) = $0 { return decision.outcome } else { return nil } }
    }

    @Test("A window mapped under the keyboard, of an application not on the bus, is never moved whole without the user's input, and says so")
    func mappedWindowIsNeverMovedWithoutInput() {
        var driver = listeningDriver()
        _ = driver.send(.focusChanged(Fixture.focus(newWindow(mappedAt: mappedAt), field: nil)))
        let atTheEnd = driver.sendTraced(.timerFired, after: 240)
        #expect(moves(atTheEnd) == [])
        #expect(decisions(atTheEnd) == [.noField(FocusSelection.wholeWindowAwaitsInput)])
        #expect(moves(driver.send(.windowConfigured(Fixture.a, frame: Rect(100, 380, 400, 300)), after: 500)) == [])
        #expect(moves(driver.send(.windowStateChanged(Fixture.a, WindowState(maximizedVertically: true)), after: 10))
                == [])
        #expect(driver.engine.adjustedWindows == [])
    }

    @Test("The keyboard shown while the window has the focus is the user's input: its whole window moves")
    func keyboardShownWhileFocusedIsInput() {
        var driver = Driver(Fixture.engine())
        driver.now = mappedAt + 300
        _ = driver.send(.accessibleApplications([7]))
        _ = driver.send(.focusChanged(Fixture.focus(newWindow(mappedAt: mappedAt), field: nil)))
        #expect(moves(driver.send(.keyboardShown(Fixture.bottomKeyboard))) == [Rect(100, 252, 400, 300)])
    }

    @Test("A keyboard hidden and shown again while another window had the focus is no input in this one")
    func inputEndsWithTheKeyboard() {
        var driver = Driver(Fixture.engine())
        driver.now = mappedAt + 300
        _ = driver.send(.accessibleApplications([7]))
        _ = driver.send(.userInput(Fixture.a))
        _ = driver.send(.keyboardShown(Fixture.bottomKeyboard))
        _ = driver.send(.keyboardHidden)
        _ = driver.send(.keyboardShown(Fixture.bottomKeyboard))
        let focused = driver.sendTraced(.focusChanged(Fixture.focus(newWindow(mappedAt: mappedAt), field: nil)))
        #expect(moves(focused) == [])
        #expect(decisions(focused) == [.noField(FocusSelection.wholeWindowAwaitsInput)])
    }

    @Test("A sandboxed window (its _NET_WM_PID 2, never named by the bus) found by geometry keeps still with the focus on a button, even after a press")
    func sandboxedWindowFoundByGeometryIsAuthoritative() {
        var driver = listeningDriver()
        let sandboxed = Fixture.window(pid: 2)
        var window = sandboxed
        window.mappedAtMs = mappedAt
        _ = driver.send(.focusChanged(Fixture.focus(window, field: nil)))
        _ = driver.send(.accessibleApplications([7, 4242]), after: 20)
        let matched = driver.sendTraced(.windowOnBus(Fixture.a, application: 4242, matchedBy: .geometry), after: 30)
        #expect(moves(matched) == [])
        #expect(matched.contains(.stopTimer))
        let why = "no editable focus (its application on the accessibility bus, pid 4242, found by geometry)"
        #expect(decisions(matched) == [.noField(why)])
        #expect(moves(driver.send(.userInput(Fixture.a), after: 500)) == [])
        #expect(moves(driver.send(.focusObserved(Fixture.a, XFocusObservations(press: Point(x: 50, y: 250)),
                                                 frame: Fixture.lowFrame))) == [])
        #expect(driver.engine.adjustedWindows == [])
        #expect(driver.engine.busApplication(of: window).map { "\($0.application) \($0.matchedBy)" } == "4242 geometry")
    }

    @Test("A sandboxed window found by geometry is moved by its application's field, and home when the focus goes to a button")
    func sandboxedWindowFollowsItsField() {
        var driver = listeningDriver()
        var window = Fixture.window(pid: 2)
        window.mappedAtMs = mappedAt
        _ = driver.send(.focusChanged(Fixture.focus(window, field: nil)))
        _ = driver.send(.accessibleApplications([7, 4242]), after: 20)
        _ = driver.send(.windowOnBus(Fixture.a, application: 4242, matchedBy: .geometry))
        _ = driver.send(.userInput(Fixture.a), after: 500)
        let field = driver.sendAndConfirm(Fixture.accessible(pid: 4242, widget: Rect(120, 640, 200, 30),
                                                             frame: Fixture.lowFrame))
        #expect(moves(field) == [Rect(100, 282, 400, 300)])
        let button = driver.sendAndConfirm(.accessibleFocus(pid: 4242, nil), after: 100)
        #expect(moves(button) == [Fixture.lowFrame])
        #expect(driver.engine.adjustedWindows == [])
    }

    @Test("A window's owner on the bus is forgotten when its application leaves the bus: the X side speaks again")
    func ownerLeavingTheBusIsForgotten() {
        var driver = listeningDriver()
        let window = Fixture.window(pid: 2)
        _ = driver.send(.accessibleApplications([7, 4242]))
        _ = driver.send(.windowOnBus(Fixture.a, application: 4242, matchedBy: .inputFocus))
        _ = driver.send(.userInput(Fixture.a))
        #expect(moves(driver.send(.focusChanged(Fixture.focus(window, field: nil)))) == [])
        #expect(moves(driver.send(.accessibleApplications([7]), after: 10)) == [Rect(100, 252, 400, 300)])
        #expect(driver.engine.busApplication(of: window) == nil)
    }

    @Test("A window without any _NET_WM_PID waits for the bus after its map too")
    func windowWithoutPIDWaits() {
        var driver = listeningDriver()
        var window = Fixture.window()
        window.mappedAtMs = mappedAt
        _ = driver.send(.userInput(Fixture.a))
        let actions = driver.sendTraced(.focusChanged(Fixture.focus(window, field: nil)))
        #expect(moves(actions) == [])
        #expect(decisions(actions) == [.waiting("waiting for its application on the accessibility bus")])
        #expect(moves(driver.send(.timerFired, after: 240)) == [Rect(100, 252, 400, 300)])
    }

    @Test("A window moved whole, withdrawn, and found again with its saved geometry is placed whole again when it has the focus, its original saved again")
    func windowFoundAgainIsPlacedAgain() {
        var driver = Driver(Fixture.engine())
        _ = driver.send(.keyboardShown(Fixture.bottomKeyboard))
        _ = driver.send(.userInput(Fixture.a))
        _ = driver.sendAndConfirm(.focusChanged(Fixture.focus(Fixture.window(), field: nil)))
        let placed = Rect(100, 252, 400, 300)
        #expect(driver.engine.adjustedWindows.map(\.current) == [placed])
        _ = driver.send(.windowDestroyed(Fixture.a), after: 100)
        let found = Fixture.window(frame: placed)
        _ = driver.send(.displacedWindowFound(found, saved: SavedGeometry(frame: Fixture.lowFrame)), after: 5)
        let refocused = driver.send(.focusChanged(Fixture.focus(found, field: nil)), after: 5)
        #expect(refocused.contains(.saveOriginal(Fixture.a, SavedGeometry(frame: Fixture.lowFrame))))
        #expect(driver.engine.adjustedWindows.map(\.original.frame) == [Fixture.lowFrame])
        #expect(driver.engine.focusSource(at: driver.now) == .window)
    }
}
