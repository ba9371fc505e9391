@testable import OskshiftCore
import Testing

/// Every fact the engine holds about a window lives in one `TrackedWindow`: the stages exclude each other, and a
/// window gone leaves nothing behind.
@Suite("One tracked state per window")
struct TrackedWindowTests {
    /// `Fixture.lowFrame`'s field near its bottom: covered by a keyboard at 600.
    static let field = Rect(110, 662, 300, 30)
    static let keyboard = Rect(0, 600, 1280, 200)

    static func adjusted() -> Driver {
        var driver = Driver(Fixture.engine())
        _ = driver.send(.focusChanged(Fixture.focus(Fixture.window(), field: field)))
        _ = driver.sendAndConfirm(.keyboardShown(keyboard), after: 10)
        return driver
    }

    enum Stage: CaseIterable {
        case untouched, fitted, adjusted, released, refused
    }

    /// The engine with window A in `stage`.
    static func engine(with stage: Stage) -> Driver {
        switch stage {
        case .untouched:
            var driver = Driver(Fixture.engine())
            _ = driver.send(.windowConfigured(Fixture.a, frame: Fixture.lowFrame))
            return driver
        case .fitted:
            var driver = Driver(Fixture.engine())
            _ = driver.send(.windowConfigured(Fixture.a, frame: Fixture.lowFrame))
            _ = driver.send(.keyboardShown(keyboard), after: 10)
            // Moved straight up by the window manager, its bottom 1 px below the keyboard's top.
            _ = driver.send(.windowConfigured(Fixture.a, frame: Rect(100, 301, 400, 300)), after: 5)
            return driver
        case .adjusted:
            return adjusted()
        case .released:
            var driver = adjusted()
            _ = driver.send(.windowConfigured(Fixture.a, frame: Rect(600, 100, 400, 300)), after: 500)
            return driver
        case .refused:
            var driver = adjusted()
            _ = driver.send(.windowConfigured(Fixture.a, frame: Rect(100, 250, 400, 300)), after: 5)
            return driver
        }
    }

    @Test("Each way of meeting a window leaves it in exactly one stage, with the facts that stage has")
    func eachStageHoldsItsFacts() throws {
        #expect(Self.engine(with: .untouched).engine.windows[Fixture.a] == .untouched(.at(Fixture.lowFrame)))
        #expect(Self.engine(with: .fitted).engine.windows[Fixture.a]
            == .untouched(.fitted(at: Rect(100, 301, 400, 300), from: Fixture.lowFrame)))
        let adjusted = Self.engine(with: .adjusted).engine
        let adjustment = try #require(adjusted.windows[adjusted: Fixture.a])
        #expect(adjusted.windows[Fixture.a] == .adjusted(adjustment, AdjustedFacts()))
        #expect(adjustment.original.frame == Fixture.lowFrame)
        let released = Self.engine(with: .released).engine
        #expect(released.windows[Fixture.a] == .released(.at(Rect(600, 100, 400, 300))))
        #expect(released.adjustments == [:])
        let refused = Self.engine(with: .refused).engine
        let kept = try #require(refused.windows[adjusted: Fixture.a])
        #expect(refused.windows[Fixture.a] == .adjusted(kept, AdjustedFacts(refused: true)))
        #expect(kept.current == Rect(100, 250, 400, 300))
    }

    @Test("A destroyed window leaves no fact behind, whatever stage it was in", arguments: Stage.allCases)
    func destroyedLeavesNothing(_ stage: Stage) {
        var driver = Self.engine(with: stage)
        #expect(driver.engine.windows[Fixture.a] != nil)
        _ = driver.send(.windowDestroyed(Fixture.a), after: 5)
        #expect(driver.engine.windows[Fixture.a] == nil)
        #expect(driver.engine.windows.isEmpty)
        #expect(driver.engine.adjustments == [:])
    }

    @Test("A window the window manager fitted above the keyboard is adjusted from where it came from, and forgets the fit")
    func fittedWindowIsAdjustedFromWhereItCameFrom() throws {
        var driver = Self.engine(with: .fitted)
        _ = driver.send(.focusChanged(Fixture.focus(Fixture.window(frame: Rect(100, 301, 400, 300)),
                                                    field: Rect(110, 563, 300, 30))), after: 5)
        let adjustment = try #require(driver.engine.windows[adjusted: Fixture.a])
        #expect(adjustment.original.frame == Fixture.lowFrame)
        #expect(driver.engine.windows[Fixture.a] == .adjusted(adjustment, AdjustedFacts(reportedBefore: true)))
    }

    @Test("The keyboard hidden ends a refusal and a release: the windows are followed as untouched again")
    func hideEndsRefusalsAndReleases() {
        var released = Self.engine(with: .released)
        _ = released.send(.keyboardHidden, after: 10)
        #expect(released.engine.windows[Fixture.a] == .untouched(.at(Rect(600, 100, 400, 300))))
        var refused = Self.engine(with: .refused)
        _ = refused.send(.keyboardHidden, after: 10)
        #expect(refused.engine.windows.refused == [])
        #expect(refused.engine.windows[adjusted: Fixture.a]?.isReturning == true)
    }

    @Test("Focus leaving a released window gives it back: it is untouched, at the frame the user left it")
    func focusLeavingEndsARelease() {
        var driver = Self.engine(with: .released)
        _ = driver.send(.focusChanged(Fixture.focus(Fixture.window(Fixture.b, frame: Rect(700, 100, 300, 200)),
                                                    field: nil)), after: 10)
        #expect(driver.engine.windows[Fixture.a] == .untouched(.at(Rect(600, 100, 400, 300))))
    }
}

/// The one request in flight per window and the frame queued behind it (`Requests.Flight`).
@Suite("A window's request in flight")
struct RequestFlightTests {
    static func placed() -> Adjustment {
        Adjustment(id: Fixture.a, original: SavedGeometry(frame: Fixture.lowFrame, state: .normal),
                   savedOn: Fixture.screen, extents: .none, current: Fixture.lowFrame, leftState: false,
                   stage: .placed(Placement(target: Fixture.lowFrame, animation: nil, layout: Layout(),
                                            movedWithStateChange: nil)))
    }

    @Test("A frame wanted while a request is in flight waits behind it, the newest replacing the older")
    func queuedBehindTheRequestInFlight() {
        var adjustment = Self.placed()
        #expect(adjustment.request(Rect(100, 300, 400, 300), now: 0) != nil)
        #expect(adjustment.requests.flight == .inFlight(since: 0))
        #expect(adjustment.request(Rect(100, 290, 400, 300), now: 10) == nil)
        #expect(adjustment.request(Rect(100, 280, 400, 300), now: 20) == nil)
        #expect(adjustment.requests.flight == .queued(Rect(100, 280, 400, 300), behind: 0))
        #expect(adjustment.requests.queuedDeadline == Engine.unansweredAfterMs)
    }

    @Test("Once the request in flight is answered the queued frame is due, and goes out as the next request")
    func answeredMakesTheQueuedFrameDue() {
        var adjustment = Self.placed()
        _ = adjustment.request(Rect(100, 300, 400, 300), now: 0)
        _ = adjustment.request(Rect(100, 280, 400, 300), now: 10)
        adjustment.requests.answered()
        #expect(adjustment.requests.flight == .due(Rect(100, 280, 400, 300)))
        #expect(adjustment.requests.queuedDeadline == nil)
        #expect(adjustment.releaseQueued(now: 20) == .moveResize(Fixture.a, frame: Rect(100, 280, 400, 300), extents: .none))
        #expect(adjustment.requests.flight == .inFlight(since: 20))
    }

    @Test("A queued frame dropped leaves the request in flight as it was")
    func droppingTheQueuedFrameKeepsTheFlight() {
        var adjustment = Self.placed()
        _ = adjustment.request(Rect(100, 300, 400, 300), now: 0)
        _ = adjustment.request(Rect(100, 280, 400, 300), now: 10)
        adjustment.requests.dropQueued()
        #expect(adjustment.requests.flight == .inFlight(since: 0))
        adjustment.requests.answered()
        #expect(adjustment.requests.flight == .idle)
    }
}
