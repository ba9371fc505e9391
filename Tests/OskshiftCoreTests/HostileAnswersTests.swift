import OskshiftCore
import Testing
import TestSupport

/// Applications that answer absurdly over AT-SPI: extents off every monitor, larger than the screen, negative
/// sizes, a caret that jumps 300 px at every read.
@Suite("Absurd accessibility answers are survived")
struct HostileAnswersTests {
    let pid: Int32 = 42

    func moves(_ actions: [Action]) -> [Rect] {
        actions.compactMap { if case .moveResize(_, let frame, _) = $0 { return frame } else { return nil } }
    }

    /// One absurd rect, relative to the window's frame.
    func absurdRect(_ random: inout SplitMix64, frame: Rect) -> Rect? {
        switch random.next(in: 0...6) {
        case 0: return nil
        case 1: return Rect(random.next(in: -40_000 ... -5_000), random.next(in: -40_000...40_000), 200, 30)  // off every monitor
        case 2: return Rect(-3_000, -3_000, 9_000, 9_000)  // larger than the screen
        case 3: return Rect(20, random.next(in: 0...frame.height), -random.next(in: 1...500), -random.next(in: 1...500))
        case 4: return Rect(20, random.next(in: 0...frame.height), Int(Int32.max), Int(Int32.max))
        case 5: return Rect(Int(Int32.min), Int(Int32.min), 2, 18)
        default: return Rect(20, random.next(in: -300...frame.height + 300), 200, random.next(in: 0...40))
        }
    }

    @Test("Hostile extents never move a window off every monitor, never more than twice per trigger, never back and forth",
          arguments: 0..<200)
    func hostileExtents(seed: UInt64) {
        var random = SplitMix64(seed: seed &+ 0xBAD)
        let mode: AvoidanceMode = [.offset, .inset, .auto][Int(seed % 3)]
        var driver = Driver(Fixture.engine(Fixture.configuration(duration: 0, mode: mode)))
        let frame = Rect(random.next(in: 0...800), random.next(in: 0...400), random.next(in: 200...480),
                         random.next(in: 200...760))
        var server = frame
        var sinceTrigger: [Rect] = []
        var violations: [String] = []
        func perform(_ actions: [Action]) {
            for case .moveResize(_, let asked, _) in actions {
                if !Fixture.screen.isVisible(asked) { violations.append("off every monitor: \(asked)") }
                sinceTrigger.append(asked)
                server = asked
                _ = driver.send(.windowConfigured(Fixture.a, frame: asked))
            }
        }
        perform(driver.send(.accessibleApplications([pid])))
        perform(driver.send(.keyboardShown(Fixture.bottomKeyboard)))
        perform(driver.send(.focusChanged(Focus(window: Fixture.window(frame: frame, pid: pid)))))
        var caretY = random.next(in: 0...frame.height)
        for _ in 0..<60 {
            let trigger = random.next(in: 0...4) == 0
            if trigger {
                sinceTrigger = []
            }
            caretY = caretY > frame.height / 2 ? caretY - 300 : caretY + 300  // jumps 300 px at every read
            let caret = random.next(in: 0...2) == 0 ? absurdRect(&random, frame: frame) : Rect(20, caretY, 2, 18)
            let readAt = random.next(in: 0...3) == 0 ? server.size : frame.size
            let field = AccessibleField(window: Fixture.a, identity: 1, widget: absurdRect(&random, frame: frame),
                                        caret: caret, frameSize: readAt,
                                        change: trigger ? .caret : (random.next(in: 0...1) == 0 ? .relayout : .still))
            perform(driver.send(.accessibleFocus(pid: pid, field), after: random.next(in: 1...50)))
            if sinceTrigger.count > 2 { violations.append("\(sinceTrigger.count) placements in one trigger: \(sinceTrigger)") }
            if sinceTrigger.count >= 3, sinceTrigger[sinceTrigger.count - 1] == sinceTrigger[sinceTrigger.count - 3] {
                violations.append("back and forth: \(sinceTrigger)")
            }
        }
        perform(driver.send(.keyboardHidden, after: 10))
        #expect(violations.isEmpty, "seed \(seed): \(violations.prefix(3))")
        #expect(server == frame, "seed \(seed): ended at \(server), original \(frame)")
        #expect(driver.engine.adjustedWindows == [])
    }

    @Test("A field reported off every monitor is unknown: a window with nothing else known stays")
    func offEveryMonitorIsUnknown() {
        var driver = Driver(Fixture.engine())
        _ = driver.send(.accessibleApplications([pid]))
        _ = driver.send(.keyboardShown(Fixture.bottomKeyboard))
        _ = driver.send(.focusChanged(Focus(window: Fixture.window(pid: pid))))
        let actions = driver.sendTraced(Fixture.accessible(widget: Rect(-20_000, 30_000, 200, 30), frame: Fixture.lowFrame))
        #expect(moves(actions) == [])
        #expect(driver.engine.lastDecision?.outcome == .noField("field extents unknown"))
    }

    @Test("A field larger than the screen is cut to its window")
    func largerThanTheScreenIsCut() {
        let field = AccessibleField(window: Fixture.a, identity: 1, widget: Rect(-3_000, -3_000, 9_000, 9_000),
                                    caret: Rect(-5, 290, 0, 18), frameSize: Size(width: 400, height: 300))
        let trimmed = field.trimmedToItsWindow()
        #expect(trimmed.widget == Rect(0, 0, 400, 300))
        #expect(trimmed.caret == Rect(0, 290, 1, 10) || trimmed.caret == nil)
    }

    @Test("Negative sizes are unknown, a zero-wide caret is kept")
    func negativeSizesAreUnknown() {
        let field = AccessibleField(window: Fixture.a, identity: 1, widget: Rect(10, 10, -200, 30),
                                    caret: Rect(12, 14, 0, 18), frameSize: Size(width: 400, height: 300))
        let trimmed = field.trimmedToItsWindow()
        #expect(trimmed.widget == nil)
        #expect(trimmed.caret == Rect(12, 14, 1, 18))
    }
}
