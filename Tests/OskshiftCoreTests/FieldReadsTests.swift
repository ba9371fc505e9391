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

    @Test("A newly focused field with unknown extents is read at 10, 30, 100, 400, 1200 and 3000 ms")
    func unknownExtents() {
        var driver = Driver(Fixture.engine())
        _ = driver.send(.accessibleApplications([pid]))
        _ = driver.send(.focusChanged(Focus(window: Fixture.window(pid: pid))))
        #expect(driver.send(Fixture.accessible(widget: nil, frame: Fixture.lowFrame)) == [.startTimer(intervalMs: 10)])
        var times: [Int] = []
        let start = driver.now
        for _ in 0..<6 {
            let actions = driver.send(.timerFired, after: driver.engine.nextDeadline(at: driver.now).map { $0 - driver.now } ?? 0)
            if actions.contains(.readField) { times.append(driver.now - start) }
        }
        #expect(times == [10, 30, 100, 400, 1200, 3000])
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
        while let next = driver.engine.nextDeadline(at: driver.now) {
            for action in reads(driver.send(.timerFired, after: next - driver.now)) { seen.append((driver.now - start, action)) }
        }
        #expect(seen.map(\.0) == [0, 60, 150, 250])
        #expect(seen.map(\.1) == [.revealField(Fixture.a), .revealField(Fixture.a), .revealField(Fixture.a), .readField])
    }

    /// A 400x650 window at y 100 whose field (200x30 at y 690) is under the 240 px keyboard, in inset mode: shrunk
    /// to 400x452 (its bottom edge 8 px above the keyboard).
    func shrinking(duration: Int) -> Driver {
        var driver = Driver(Fixture.engine(Fixture.configuration(duration: duration, mode: .inset)))
        _ = driver.send(.accessibleApplications([pid]))
        _ = driver.send(.focusChanged(Focus(window: Fixture.window(frame: Rect(100, 100, 400, 650), pid: pid))))
        _ = driver.send(Fixture.accessible(widget: Rect(120, 690, 200, 30), frame: Rect(100, 100, 400, 650)))
        return driver
    }

    @Test("""
        An eased shrink whose last frame is on the server before its 150 ms are up asks for ScrollTo when the \
        animation ends, at 160 ms, then at 220 and 310 ms, and a last read at 410 ms
        """)
    func revealAfterAnAnimatedShrink() {
        var driver = shrinking(duration: 150)
        var server = Server(start: driver.now)
        server.send(.keyboardShown(Fixture.bottomKeyboard), to: &driver)
        server.runTimer(&driver)
        // ease-out puts the window at its shrunk size at the 144 ms step, one tick before the animation ends (160).
        #expect(server.frames.last?.at == 144)
        #expect(server.frames.last?.frame == Rect(100, 100, 400, 452))
        let scrolls = server.reads.filter { $0.action != .readField }
        #expect(scrolls.map(\.at) == [160, 220, 310])
        #expect(scrolls.map(\.action) == [.revealField(Fixture.a), .revealField(Fixture.a), .revealField(Fixture.a)])
        #expect(server.reads.last?.at == 410)
        #expect(server.reads.last?.action == .readField)
    }

    @Test("""
        A shrunk window growing back with a keyboard that slides down asks for no ScrollTo; shrunk below its last \
        size again, it asks for a new set that replaces what was left of the first one
        """)
    func revealOnlyAtASmallerSize() {
        var driver = shrinking(duration: 0)
        var server = Server(start: driver.now)
        server.send(.keyboardShown(Fixture.bottomKeyboard), to: &driver)
        server.send(.keyboardMoved(Rect(0, 600, 1280, 200)), to: &driver, at: 20)
        server.send(.keyboardMoved(Rect(0, 540, 1280, 260)), to: &driver, at: 40)
        server.runTimer(&driver)
        #expect(server.frames.map(\.frame) == [Rect(100, 100, 400, 452), Rect(100, 100, 400, 492),
                                               Rect(100, 100, 400, 432)])
        // At 0 and 40 ms (452 and 432 px high), not at 20 (492): the first set's attempts, due at 60 and 150 ms, are
        // replaced by the second's at 100 and 190 (the browser must handle the newest resize first).
        #expect(server.reads.filter { $0.action != .readField }.map(\.at) == [0, 40, 100, 190])
        #expect(server.reads.last?.at == 290)
    }

    /// The browser's answer to each ScrollTo (and read) in the 400x452 window shrunk from 400x650 at y 100: the
    /// field still where the layout had it (its top 590 px down, below the window) until `scrolledAt`, then
    /// scrolled to 300 px down.
    func answers(scrolledAt: Int?) -> (Int) -> Event {
        { time in
            let y = scrolledAt.map { time >= $0 } ?? false ? 400 : 690
            return Fixture.accessible(widget: Rect(120, y, 200, 30), frame: Rect(100, 100, 400, 452), change: .still)
        }
    }

    @Test("""
        A field read still outside its shrunk window once the three ScrollTo attempts are spent is asked again \
        100 ms after each such read, and no more once a read finds it inside
        """)
    func revealAgainUntilInView() {
        var driver = shrinking(duration: 0)
        var server = Server(start: driver.now, answer: answers(scrolledAt: 450))
        server.send(.keyboardShown(Fixture.bottomKeyboard), to: &driver)
        server.runTimer(&driver)
        #expect(server.reads.filter { $0.action != .readField }.map(\.at) == [0, 60, 150, 250, 350, 450])
        #expect(server.reads.filter { $0.action == .readField }.isEmpty, "each attempt is followed by its read")
        #expect(server.frames.map(\.frame) == [Rect(100, 100, 400, 452)], "the window holds still meanwhile")
    }

    @Test("""
        A browser that answers the first ScrollTo 90 ms late, at its new size and not scrolled, gets the next \
        attempt at once instead of at 150 ms; the last read stays at 250 ms
        """)
    func aLateAnswerAtTheNewSizeBringsTheNextAttemptForward() {
        var driver = shrinking(duration: 0)
        let shrunk = Rect(100, 100, 400, 452)
        #expect(driver.send(.keyboardShown(Fixture.bottomKeyboard)).contains(
            .moveResize(Fixture.a, frame: shrunk, extents: Fixture.extents)))
        #expect(driver.send(.windowConfigured(Fixture.a, frame: shrunk)) == [.revealField(Fixture.a),
                                                                              .startTimer(intervalMs: 60)])
        #expect(driver.send(.timerFired, after: 60) == [.revealField(Fixture.a), .startTimer(intervalMs: 90)])
        let late = Fixture.accessible(widget: Rect(120, 690, 200, 30), frame: shrunk, change: .still)
        #expect(driver.send(late, after: 30) == [.revealField(Fixture.a), .startTimer(intervalMs: 160)])
        let scrolled = Fixture.accessible(widget: Rect(120, 400, 200, 30), frame: shrunk, change: .still)
        #expect(driver.send(scrolled, after: 5) == [])
        #expect(driver.send(.timerFired, after: 155) == [.readField, .stopTimer])
    }

    @Test("A field that stays outside its shrunk window is asked for the last time at 950 ms, within 1 s of the first")
    func revealGivesUpAfterOneSecond() {
        var driver = shrinking(duration: 0)
        var server = Server(start: driver.now, answer: answers(scrolledAt: nil))
        server.send(.keyboardShown(Fixture.bottomKeyboard), to: &driver)
        server.runTimer(&driver)
        #expect(server.reads.filter { $0.action != .readField }.map(\.at)
            == [0, 60, 150, 250, 350, 450, 550, 650, 750, 850, 950])
        #expect(server.interval == nil, "the timer stops")
    }
}

/// The server and the daemon's timer around an engine: every requested frame is reported back at once, and the
/// timer ticks as the daemon's does (every `intervalMs` from its start, until stopped or restarted).
struct Server {
    let start: Int
    /// The application's reading after a ScrollTo or a read, from the time since `start`; nil: no reading comes.
    var answer: (Int) -> Event? = { _ in nil }
    var frames: [(at: Int, frame: Rect)] = []
    var reads: [(at: Int, action: Action)] = []
    var interval: Int?
    var nextTick = 0

    init(start: Int, answer: @escaping (Int) -> Event? = { _ in nil }) {
        self.start = start
        self.answer = answer
    }

    mutating func send(_ event: Event, to driver: inout Driver, at time: Int? = nil) {
        if let time { driver.now = start + time }
        var pending = [event]
        while !pending.isEmpty {
            let actions = driver.send(pending.removeFirst())
            for action in actions {
                switch action {
                case .moveResize(let id, let frame, _):
                    frames.append((driver.now - start, frame))
                    pending.append(.windowConfigured(id, frame: frame))
                case .readField, .revealField:
                    reads.append((driver.now - start, action))
                    if let reading = answer(driver.now - start) { pending.append(reading) }
                case .startTimer(let intervalMs):
                    interval = intervalMs
                    nextTick = driver.now + intervalMs
                case .stopTimer:
                    interval = nil
                default:
                    break
                }
            }
        }
    }

    /// Ticks until the timer stops (at most 5 s).
    mutating func runTimer(_ driver: inout Driver) {
        while let interval, nextTick - start < 5_000 {
            driver.now = nextTick
            nextTick += interval
            send(.timerFired, to: &driver)
        }
    }
}
