import OskshiftCore
import Testing
import TestSupport

/// A field that is clear at the window's original geometry never causes an adjustment, whatever the application
/// reports while the window is on its way somewhere.
@Suite("A clear field never adjusts")
struct ClearFieldTests {
    let pid: Int32 = 42
    /// A tall window: 600x660 from y 100, its bottom at 760 under the keyboard's top (560).
    let tall = Rect(300, 100, 600, 660)
    let view = Rect(310, 130, 580, 620)
    let firstLine = Rect(312, 134, 2, 18)

    func moves(_ actions: [Action]) -> [Rect] {
        actions.compactMap { if case .moveResize(_, let frame, _) = $0 { return frame } else { return nil } }
    }

    /// Shrunk by the `window` source before its application was known to be on the bus, as the daemon did at start.
    func shrunkBeforeTheBusKnew() -> Driver {
        var driver = Driver(Fixture.engine(Fixture.configuration(duration: 150, mode: .auto)))
        driver.now = 1_000
        _ = driver.send(.accessibleApplications([7]))
        _ = driver.send(.keyboardShown(Fixture.bottomKeyboard))
        _ = driver.send(.userInput(Fixture.a))
        _ = driver.send(.focusChanged(Focus(window: Fixture.window(frame: tall, pid: pid))))
        for _ in 0..<10 { _ = driver.sendAndConfirm(.timerFired, after: 16) }
        return driver
    }

    @Test("A re-layout read halfway home does not shrink the window again: it goes on home")
    func relayoutHalfwayHomeIsIgnored() {
        var driver = shrunkBeforeTheBusKnew()
        #expect(driver.engine.adjustedWindows.map(\.current) == [Rect(300, 0, 600, 552)])
        // The application joins; its caret, read at the original size, is clear on the first line.
        _ = driver.send(.accessibleApplications([7, pid]))
        _ = driver.sendAndConfirm(Fixture.accessible(pid: pid, widget: view, caret: firstLine, frame: tall))
        #expect(driver.engine.adjustedWindows.map(\.restoring) == [true])
        var homeward = driver.sendAndConfirm(.timerFired, after: 64)
        // Read at the half-restored frame the window has just passed through.
        let halfway = Rect(300, 50, 600, 606)
        homeward += driver.sendAndConfirm(Fixture.accessible(
            pid: pid, widget: view.offsetBy(dy: -50), caret: firstLine.offsetBy(dy: -50), frame: halfway,
            change: .relayout))
        #expect(driver.engine.lastDecision?.outcome
            == .waiting("the field was read at 600x606, while the window was moving"))
        for _ in 0..<10 { homeward += driver.sendAndConfirm(.timerFired, after: 16) }
        #expect(moves(homeward).last == tall)
        #expect(moves(homeward).allSatisfy { $0.height >= 552 && $0.y >= 0 })
        #expect(driver.engine.adjustedWindows == [])
        // Read again once still, at the original size: clear, nothing to do.
        #expect(driver.send(Fixture.accessible(pid: pid, widget: view, caret: firstLine, frame: tall,
                                               change: .still), after: 80) == [])
        #expect(driver.engine.lastDecision?.outcome == .notCovered)
    }

    @Test("A field read at its window's shrunk size while the restore waits for the server does not shrink it again")
    func shrunkReadWhileTheRestoreIsUnansweredIsIgnored() {
        var driver = Driver(Fixture.engine(Fixture.configuration(duration: 0, mode: .auto)))
        _ = driver.send(.accessibleApplications([pid]))
        _ = driver.send(.keyboardShown(Fixture.bottomKeyboard))
        _ = driver.send(.focusChanged(Focus(window: Fixture.window(frame: tall, pid: pid))))
        _ = driver.sendAndConfirm(Fixture.accessible(pid: pid, widget: view, caret: Rect(312, 700, 2, 18),
                                                     frame: tall))
        let shrunk = driver.engine.adjustedWindows.map(\.current)
        #expect(shrunk.count == 1)
        // The caret moves up to the first line (a keystroke later): the restore goes out, unanswered yet.
        #expect(moves(driver.send(Fixture.accessible(pid: pid, widget: view, caret: firstLine, frame: tall,
                                                     change: .caret), after: 200)) == [tall])
        // The application re-laid out at the shrunk size it still has.
        let late = driver.send(Fixture.accessible(pid: pid, widget: Rect(310, 30, 580, 500),
                                                  caret: Rect(312, 34, 2, 18), frame: shrunk[0], change: .relayout))
        #expect(moves(late) == [])
        _ = driver.send(.windowConfigured(Fixture.a, frame: tall))
        #expect(driver.engine.adjustedWindows == [])
    }

    @Test("A field read at the height the window manager kept, once it answered, is trusted and placed")
    func readAtTheKeptHeightIsTrusted() {
        var driver = Driver(Fixture.engine(Fixture.configuration(duration: 0, mode: .auto)))
        let original = Rect(300, 24, 602, 725)
        _ = driver.send(.accessibleApplications([pid]))
        _ = driver.send(.keyboardShown(Rect(0, 558, 1280, 242)))
        _ = driver.send(.focusChanged(Focus(window: Fixture.window(frame: original, pid: pid))))
        let asked = moves(driver.send(Fixture.accessible(pid: pid, widget: Rect(309, 52, 584, 684),
                                                         caret: Rect(309, 562, 1, 17), frame: original)))
        #expect(asked == [Rect(300, 0, 602, 550)])
        // The text view's minimum height keeps the window at 585.
        let kept = Rect(300, 0, 602, 585)
        _ = driver.send(.windowConfigured(Fixture.a, frame: kept), after: 20)
        let placed = driver.sendTraced(Fixture.accessible(pid: pid, widget: Rect(309, 28, 584, 544),
                                                          caret: Rect(309, 555, 1, 17), frame: kept, change: .still),
                                       after: 400)
        #expect(moves(placed) == [Rect(300, -35, 602, 585)])  // its bottom at the keyboard less the margin
    }

    @Test("A field read at the original size once the window is shrunk on the server is an old layout: it stays shrunk")
    func readAtTheOriginalSizeOnceShrunkIsAnOldLayout() {
        // Chromium under load, asked to scroll its input into the window shrunk for a docked onboard: its answer
        // gave the top-level at the new place with the old height (900x740+190+0) and the input scrolled to the
        // top. Taken for the layout at home, the field was clear there and the window was sent home for good.
        var driver = Driver(Fixture.engine(Fixture.configuration(duration: 0, mode: .auto)))
        let original = Rect(190, 40, 900, 740), keyboard = Rect(0, 595, 1280, 205)
        _ = driver.send(.accessibleApplications([pid]))
        _ = driver.send(.focusChanged(Focus(window: Fixture.window(frame: original, pid: pid))))
        _ = driver.send(Fixture.accessible(pid: pid, widget: Rect(234, 711, 600, 36), frame: original))
        let shrunk = Rect(190, 0, 900, 587)
        #expect(moves(driver.send(.keyboardShown(keyboard), after: 500)) == [shrunk])
        _ = driver.send(.windowConfigured(Fixture.a, frame: shrunk), after: 2)
        let stale = driver.send(Fixture.accessible(pid: pid, widget: Rect(234, 127, 600, 36), frame: original,
                                                   change: .still), after: 1)
        #expect(moves(stale) == [])
        #expect(driver.engine.lastDecision?.outcome
            == .waiting("the field was read at 900x740, while the window was moving"))
        // Read again at the size the window has: in view, the window stays shrunk.
        let inView = driver.send(Fixture.accessible(pid: pid, widget: Rect(234, 87, 600, 36), frame: shrunk,
                                                    change: .still), after: 60)
        #expect(moves(inView) == [])
        #expect(driver.engine.adjustedWindows.map(\.current) == [shrunk])
        #expect(driver.engine.lastDecision?.outcome == .unchanged)
    }

    /// Random sequences: any history, then a trigger whose field (read at the original size) is clear, then
    /// anything the application and the server may report while the window moves (re-layouts at other sizes,
    /// configures to frames passed through, timer ticks). The window ends at its original frame, and no adjustment
    /// is decided after the clear field.
    @Test("After a clear field, whatever is read in passing, the window ends where it was", arguments: 0..<200)
    func clearFieldEndsAtTheOriginal(seed: UInt64) {
        var random = SplitMix64(seed: seed &+ 0xC1EA)
        let mode: AvoidanceMode = [.offset, .inset, .auto][Int(seed % 3)]
        var driver = Driver(Fixture.engine(Fixture.configuration(duration: [0, 100, 150][Int(seed % 3)], mode: mode)))
        let frame = Rect(random.next(in: 0...600), random.next(in: 0...300), random.next(in: 300...600),
                         random.next(in: 400...760))
        var server = frame
        func perform(_ actions: [Action], confirm: Bool) {
            for case .moveResize(_, let asked, _) in actions {
                server = asked
                if confirm { _ = driver.send(.windowConfigured(Fixture.a, frame: asked)) }
            }
        }
        func randomField(at size: Size) -> Rect {
            let height = random.next(in: 10...max(10, size.height - 10))
            return Rect(10, random.next(in: 0...max(0, size.height - height)), size.width - 20, height)
        }
        perform(driver.send(.accessibleApplications([pid])), confirm: true)
        perform(driver.send(.keyboardShown(Fixture.bottomKeyboard)), confirm: true)
        perform(driver.send(.focusChanged(Focus(window: Fixture.window(frame: frame, pid: pid)))), confirm: true)
        for _ in 0..<random.next(in: 1...6) {  // any history, typed at a person's pace: covered fields placing the window
            let field = randomField(at: frame.size)
            perform(driver.send(.accessibleFocus(pid: pid, AccessibleField(
                window: Fixture.a, identity: 1, widget: field, caret: Rect(field.x, field.maxY - 18, 2, 18),
                frameSize: frame.size, change: .caret)), after: random.next(in: 150...400)), confirm: random.next(in: 0...3) > 0)
        }
        // The clear field: its first line above the keyboard, read at the original size.
        let clearCaret = Rect(12, max(0, Fixture.bottomKeyboard.minY - 60 - frame.y), 2, 18)
        let clear = AccessibleField(window: Fixture.a, identity: 1, widget: nil, caret: clearCaret,
                                    frameSize: frame.size, change: .caret)
        // A keystroke after the last covered reading (sooner, the field contradicts itself: Engine+Contradiction).
        var afterwards = driver.sendTraced(.accessibleFocus(pid: pid, clear), after: Engine.contradictionMs + 30)
        perform(afterwards, confirm: false)
        for _ in 0..<random.next(in: 5...30) {
            let actions: [Action]
            switch random.next(in: 0...3) {
            case 0:  // a re-layout read at a size the window passes through
                let passing = Size(width: frame.width, height: random.next(in: 200...frame.height - 1))
                actions = driver.sendTraced(.accessibleFocus(pid: pid, AccessibleField(
                    window: Fixture.a, identity: 1, widget: randomField(at: passing), caret: nil,
                    frameSize: passing, change: random.next(in: 0...1) == 0 ? .relayout : .still)),
                    after: random.next(in: 0...30))
            case 1:
                actions = driver.sendTraced(.windowConfigured(Fixture.a, frame: server), after: random.next(in: 0...30))
            default:
                actions = driver.sendTraced(.timerFired, after: random.next(in: 1...40))
            }
            afterwards += actions
            perform(actions, confirm: false)
        }
        for _ in 0..<20 {  // let the animation and the queue run out, every request answered
            let actions = driver.sendTraced(.timerFired, after: 200)
            afterwards += actions
            perform(actions, confirm: true)
            _ = driver.send(.windowConfigured(Fixture.a, frame: server))
        }
        let adjusted = afterwards.contains { if case .log(let d) = $0, case .adjust = d.outcome { true } else { false } }
        #expect(!adjusted, "seed \(seed): adjusted after a clear field")
        #expect(server == frame, "seed \(seed): ended at \(server), original \(frame)")
        #expect(driver.engine.adjustedWindows == [], "seed \(seed)")
    }
}
