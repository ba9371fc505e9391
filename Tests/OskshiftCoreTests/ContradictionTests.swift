import OskshiftCore
import Testing

/// A field covered at one reading and clear at the next, a moment later at the same layout, contradicts itself: the
/// window stays where it was placed until the focus leaves it or the keyboard hides (`Engine+Contradiction`).
@Suite("A field that contradicts itself")
struct ContradictionTests {
    let pid: Int32 = 42
    /// 600x400 from y 300: its bottom (700) under the keyboard's top (560).
    let frame = Rect(300, 300, 600, 400)
    /// Under the keyboard, and well clear of it (300 px higher), as the hostile fixture's caret jumps.
    let coveredCaret = Rect(312, 620, 2, 18)
    let clearCaret = Rect(312, 320, 2, 18)

    /// Where the covered caret is clear: its bottom (638) + margin at the keyboard's top.
    let placedFrame = Rect(300, 300 - (638 + Configuration().avoidance.margin - 560), 600, 400)

    func moves(_ actions: [Action]) -> [Rect] {
        actions.compactMap { if case .moveResize(_, let frame, _) = $0 { return frame } else { return nil } }
    }

    func placedForTheCoveredCaret() -> (Driver, Rect) {
        var driver = Driver(Fixture.engine(Fixture.configuration(duration: 0, mode: .offset)))
        driver.now = 1_000
        _ = driver.send(.accessibleApplications([pid]))
        _ = driver.send(.keyboardShown(Fixture.bottomKeyboard))
        _ = driver.send(.focusChanged(Focus(window: Fixture.window(frame: frame, pid: pid))))
        let placed = moves(driver.sendAndConfirm(reading(coveredCaret), after: 100))
        return (driver, placed.last ?? frame)
    }

    func reading(_ caret: Rect, change: AccessibleField.Change = .caret, at size: Rect? = nil) -> Event {
        Fixture.accessible(pid: pid, widget: nil, caret: caret, frame: size ?? frame, change: change)
    }

    @Test("A caret read covered then clear 2 ms later keeps the window placed, and the log says why")
    func clearRightAfterCoveredStaysUp() {
        var (driver, placed) = placedForTheCoveredCaret()
        #expect(placed == placedFrame)
        #expect(moves(driver.send(reading(clearCaret, change: .caret), after: 2)) == [])
        #expect(driver.engine.lastDecision?.outcome
            == .staysUp("the field was covered at its last reading, at this layout"))
        #expect(driver.engine.adjustedWindows.map(\.current) == [placed])
    }

    @Test("Once it contradicted itself, a clear reading a second later still leaves the window up")
    func contradictionLastsForTheFocus() {
        var (driver, placed) = placedForTheCoveredCaret()
        _ = driver.send(reading(clearCaret), after: 2)
        #expect(moves(driver.send(reading(coveredCaret), after: 300)) == [])  // at its placement already
        #expect(moves(driver.send(reading(clearCaret, change: .still), after: 1_000)) == [])
        #expect(driver.engine.adjustedWindows.map(\.current) == [placed])
    }

    @Test("The keyboard hiding brings it home exactly, and the next keyboard session believes the field again")
    func keyboardHiddenForgetsTheContradiction() {
        var (driver, _) = placedForTheCoveredCaret()
        _ = driver.send(reading(clearCaret), after: 2)
        #expect(moves(driver.sendAndConfirm(.keyboardHidden, after: 50)) == [frame])
        #expect(driver.engine.adjustedWindows == [])
        _ = driver.send(.keyboardShown(Fixture.bottomKeyboard), after: 500)
        #expect(moves(driver.sendAndConfirm(reading(coveredCaret), after: 300)) == [placedFrame])
        #expect(moves(driver.send(reading(clearCaret), after: 400)) == [frame])
    }

    @Test("The same caret moved up a keystroke later (200 ms) sends the window home")
    func clearAKeystrokeLaterGoesHome() {
        var (driver, _) = placedForTheCoveredCaret()
        #expect(moves(driver.send(reading(clearCaret), after: 200)) == [frame])
    }

    @Test("Clear then covered a moment later still places the window: the safe side")
    func coveredRightAfterClearPlaces() {
        var driver = Driver(Fixture.engine(Fixture.configuration(duration: 0, mode: .offset)))
        _ = driver.send(.accessibleApplications([pid]))
        _ = driver.send(.keyboardShown(Fixture.bottomKeyboard))
        _ = driver.send(.focusChanged(Focus(window: Fixture.window(frame: frame, pid: pid))))
        #expect(moves(driver.send(reading(clearCaret), after: 100)) == [])
        #expect(moves(driver.sendAndConfirm(reading(coveredCaret), after: 2)) == [placedFrame])
    }

    @Test("A clear reading at another layout right after a covered one is no contradiction")
    func anotherLayoutIsNoContradiction() {
        var (driver, placed) = placedForTheCoveredCaret()
        let resized = Rect(placed.x, placed.y, placed.width, placed.height - 20)
        _ = driver.send(.windowConfigured(Fixture.a, frame: resized), after: 1)
        _ = driver.send(reading(clearCaret, change: .relayout, at: resized), after: 1)
        #expect(driver.engine.lastDecision.map { if case .staysUp = $0.outcome { true } else { false } } == false)
    }

    @Test("A clear reading right after the keyboard moved is no contradiction: the window goes home")
    func keyboardMovedIsNoContradiction() {
        var (driver, _) = placedForTheCoveredCaret()
        let lower = Rect(0, 600, 1280, 200)  // the caret (bottom 638) still under it
        #expect(moves(driver.sendAndConfirm(.keyboardMoved(lower), after: 1)) == [Rect(300, 254, 600, 400)])
        #expect(moves(driver.send(reading(clearCaret), after: 1)) == [frame])
    }

    @Test("Another field of the window is believed: focus moved within it, its clear reading sends the window home")
    func anotherFieldIsBelieved() {
        var (driver, _) = placedForTheCoveredCaret()
        _ = driver.send(reading(clearCaret), after: 2)
        let other = Fixture.accessible(pid: pid, widget: Rect(310, 320, 580, 30), caret: nil, frame: frame,
                                       identity: 2, change: .focus)
        #expect(moves(driver.send(other, after: 300)) == [frame])
    }
}
