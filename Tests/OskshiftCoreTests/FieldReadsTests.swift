import OskshiftCore
import Testing

/// The accessibility reads are timed on the engine's clock: after a window moved, while a new field's extents are
/// unknown, and after a shrink that the application must scroll into.
@Suite("When the focused field is read again")
struct FieldReadsTests {
    let pid: Int32 = 42

    func reads(_ actions: [Action]) -> [Action] {
        actions.filter { $0 == .readField || { if case .revealField = $0 { true } else { false } }($0) }
    }

    /// A focused field in window A on the bus, the keyboard hidden: nothing moves, only reads are asked.
    func withAField() -> Driver {
        var driver = Driver(Fixture.engine())
        driver.now = 1_000
        _ = driver.send(.accessibleApplications([pid]))
        _ = driver.send(.focusChanged(Focus(window: Fixture.window(pid: pid))))
        _ = driver.send(Fixture.accessible(widget: Rect(120, 450, 200, 30), frame: Fixture.lowFrame))
        return driver
    }

    @Test("A burst of configures is read 80 and 400 ms after the last of them, and the timer then stops")
    func afterTheWindowMoves() {
        var driver = withAField()
        #expect(driver.send(.windowConfigured(Fixture.a, frame: Rect(100, 380, 400, 300))) == [.startTimer(intervalMs: 80)])
        #expect(driver.send(.windowConfigured(Fixture.a, frame: Rect(100, 360, 400, 300)), after: 30)
            == [.startTimer(intervalMs: 80)])
        #expect(driver.send(.timerFired, after: 80) == [.readField, .startTimer(intervalMs: 320)])
        #expect(driver.send(.timerFired, after: 320) == [.readField, .stopTimer])
    }

    @Test("A configure of a window with no accessible field asks for no read")
    func noFieldNoRead() {
        var driver = Driver(Fixture.engine())
        _ = driver.send(.focusChanged(Focus(window: Fixture.window(pid: pid))))
        #expect(driver.send(.windowConfigured(Fixture.a, frame: Rect(100, 380, 400, 300))) == [])
    }

    @Test("After a field matched no window, the next configure of any window asks for the read")
    func unmatchedFieldIsReadAtTheNextConfigure() {
        var driver = Driver(Fixture.engine())
        _ = driver.send(.accessibleApplications([pid]))
        #expect(driver.send(.accessibleFieldUnmatched(pid: pid)) == [])
        #expect(driver.send(.windowConfigured(Fixture.b, frame: Rect(10, 10, 300, 200))) == [.startTimer(intervalMs: 80)])
    }

    @Test("A newly focused field with unknown extents is read at 100, 400, 1200 and 3000 ms")
    func unknownExtents() {
        var driver = Driver(Fixture.engine())
        _ = driver.send(.accessibleApplications([pid]))
        _ = driver.send(.focusChanged(Focus(window: Fixture.window(pid: pid))))
        #expect(driver.send(Fixture.accessible(widget: nil, frame: Fixture.lowFrame)) == [.startTimer(intervalMs: 100)])
        var times: [Int] = []
        let start = driver.now
        for _ in 0..<4 {
            let actions = driver.send(.timerFired, after: driver.engine.nextDeadline.map { $0 - driver.now } ?? 0)
            if actions.contains(.readField) { times.append(driver.now - start) }
        }
        #expect(times == [100, 400, 1200, 3000])
    }

    @Test("A shrink on the server asks for ScrollTo at once, at 60 and 150 ms, and a last read at 250 ms")
    func revealAfterAShrink() {
        var driver = Driver(Fixture.engine(Fixture.configuration(mode: .inset)))
        _ = driver.send(.accessibleApplications([pid]))
        _ = driver.send(.focusChanged(Focus(window: Fixture.window(frame: Rect(100, 100, 400, 650), pid: pid))))
        _ = driver.send(Fixture.accessible(widget: Rect(120, 690, 200, 30), frame: Rect(100, 100, 400, 650)))
        let shrink = driver.send(.keyboardShown(Fixture.bottomKeyboard))
        guard let frame = shrink.compactMap({ action -> Rect? in
            if case .moveResize(_, let frame, _) = action { return frame } else { return nil }
        }).first, frame.height < 650 else {
            Issue.record("no shrink: \(shrink)")
            return
        }
        var seen: [(Int, Action)] = []
        let start = driver.now
        for action in reads(driver.send(.windowConfigured(Fixture.a, frame: frame))) { seen.append((0, action)) }
        while let next = driver.engine.nextDeadline {
            for action in reads(driver.send(.timerFired, after: next - driver.now)) { seen.append((driver.now - start, action)) }
        }
        #expect(seen.map(\.0) == [0, 60, 150, 250])
        #expect(seen.map(\.1) == [.revealField(Fixture.a), .revealField(Fixture.a), .revealField(Fixture.a), .readField])
    }
}
