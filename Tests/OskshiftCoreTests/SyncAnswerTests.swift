import OskshiftCore
import Testing

/// What a sync answer is made of: the requests counted since a mark, and what the engine still has going on its own.
@Suite("A sync answer counts the requests since a mark and says what the engine still waits for")
struct SyncAnswerTests {
    let field = Rect(120, 640, 200, 30)  // under the keyboard's top at 560
    let moved = Rect(100, 282, 400, 300)

    func move(_ id: WindowID) -> Action { .moveResize(id, frame: moved, extents: Fixture.extents) }

    @Test("Moves, resizes and state changes are counted per window since the mark; other actions are not")
    func countsGeometryRequestsPerWindow() {
        var journal = RequestJournal()
        journal.record(move(Fixture.a))
        let mark = journal.sequence
        for action: Action in [move(Fixture.a), .setMaximized(Fixture.b, false), .saveOriginal(Fixture.a,
            SavedGeometry(frame: moved)), .clearOriginal(Fixture.a), .readFrame(Fixture.a), .stopTimer,
            .setFullscreen(Fixture.a, true)]
        {
            journal.record(action)
        }
        #expect(journal.sequence == 4)
        #expect(journal.counts(since: mark) == [Fixture.a: 2, Fixture.b: 1])
        #expect(journal.counts(since: journal.sequence) == [:])
        #expect(journal.counts(since: 0) == [Fixture.a: 3, Fixture.b: 1])
    }

    @Test("A mark older than the requests remembered, or later than the last one, is lost rather than miscounted")
    func markOutsideTheRingIsLost() {
        var journal = RequestJournal()
        #expect(journal.counts(since: 0) == [:])
        for _ in 0..<(RequestJournal.kept + 5) { journal.record(move(Fixture.a)) }
        #expect(journal.counts(since: 4) == nil)
        #expect(journal.counts(since: 5) == [Fixture.a: RequestJournal.kept])
        #expect(journal.counts(since: journal.sequence - 1) == [Fixture.a: 1])
        #expect(journal.counts(since: journal.sequence + 1) == nil)
        #expect(journal.counts(since: -1) == nil)
    }

    @Test("A move the window manager has not answered keeps the engine busy until its ConfigureNotify comes")
    func unansweredMoveIsActivity() {
        var driver = Driver(Fixture.engine())
        _ = driver.send(.focusChanged(Fixture.focus(Fixture.window(), field: field)))
        #expect(driver.engine.activity(at: driver.now).isIdle)
        _ = driver.send(.keyboardShown(Fixture.bottomKeyboard))
        #expect(driver.engine.activity(at: driver.now + 10)
            == EngineActivity(animating: false, nextTick: nil, awaitingAnswer: [Fixture.a]))
        _ = driver.send(.windowConfigured(Fixture.a, frame: moved), after: 10)
        #expect(driver.engine.activity(at: driver.now) == EngineActivity(animating: false, nextTick: nil,
                                                                         awaitingAnswer: []))
    }

    @Test("An unanswered move stops counting as awaited once the engine no longer expects its answer")
    func unansweredMoveExpires() {
        var driver = Driver(Fixture.engine())
        _ = driver.send(.focusChanged(Fixture.focus(Fixture.window(), field: field)))
        _ = driver.send(.keyboardShown(Fixture.bottomKeyboard))
        #expect(driver.engine.activity(at: Engine.pendingLifetimeMs).awaitingAnswer == [Fixture.a])
        #expect(driver.engine.activity(at: Engine.pendingLifetimeMs + 1).isIdle)
    }

    @Test("A new window waiting for its application on the bus reports the end of the wait as the next tick")
    func busWaitIsTheNextTick() {
        var driver = Driver(Fixture.engine())
        driver.now = 1_010
        _ = driver.send(.accessibleApplications([7]))
        _ = driver.send(.keyboardShown(Fixture.bottomKeyboard))
        var window = Fixture.window(pid: 42)
        window.mappedAtMs = 1_000
        _ = driver.send(.focusChanged(Fixture.focus(window, field: nil)))
        #expect(driver.engine.activity(at: driver.now)
            == EngineActivity(animating: false, nextTick: 1_000 + Engine.busJoiningGraceMs, awaitingAnswer: []))
    }

    @Test("An animation in progress is activity until its last frame")
    func animationIsActivity() {
        var driver = Driver(Fixture.engine(Fixture.configuration(duration: 100)))
        _ = driver.send(.focusChanged(Fixture.focus(Fixture.window(), field: field)))
        _ = driver.send(.keyboardShown(Fixture.bottomKeyboard))
        #expect(driver.engine.activity(at: driver.now).animating)
        for _ in 0..<10 { _ = driver.sendAndConfirm(.timerFired, after: 16) }
        #expect(!driver.engine.activity(at: driver.now).animating)
    }
}
