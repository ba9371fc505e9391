import OskshiftCore
import Testing
import TestSupport

/// A window whose application re-lays out after every resize, driven to rest after each trigger.
struct RelayoutSimulation {
    /// The application's layout: the field and caret (relative to the frame) at a frame height.
    var layout: (Int) -> (field: Rect, caret: Rect?)
    /// The window manager's answer to a requested frame (it may clamp the size).
    var answer: (Rect) -> Rect
    var driver: Driver
    var frame: Rect
    let pid: Int32 = 42
    var identity: UInt = 1

    init(mode: AvoidanceMode, frame: Rect, minSize: Size? = nil, layout: @escaping (Int) -> (field: Rect, caret: Rect?),
         answer: @escaping (Rect) -> Rect = { $0 }) {
        self.layout = layout
        self.answer = answer
        self.frame = frame
        driver = Driver(Fixture.engine(Fixture.configuration(mode: mode)))
        _ = driver.send(.accessibleApplications([pid]))
        _ = driver.send(.focusChanged(Fixture.focus(Fixture.window(frame: frame, minSize: minSize, pid: pid), field: nil)))
        _ = driver.send(report(.focus))
    }

    func report(_ change: AccessibleField.Change) -> Event {
        let now = layout(frame.height)
        return .accessibleFocus(pid: pid, AccessibleField(window: Fixture.a, identity: identity, widget: now.field,
                                                          caret: now.caret, frameSize: frame.size, change: change))
    }

    /// Sends the trigger, then plays server and application until nothing moves (at most 20 rounds); returns the
    /// frames the daemon asked for, in order.
    mutating func settle(after trigger: Event) -> [Rect] {
        var requested: [Rect] = []
        var pending = driver.send(trigger)
        for _ in 0..<20 {
            let moves = pending.compactMap { action -> Rect? in
                if case .moveResize(_, let frame, _) = action { return frame }
                return nil
            }
            guard let last = moves.last else { break }
            requested += moves
            frame = answer(last)
            pending = driver.send(.windowConfigured(Fixture.a, frame: frame))
            pending += driver.send(report(.relayout))
        }
        return requested
    }

    mutating func quietFor(relayouts: Int) -> Bool {
        for _ in 0..<relayouts where !driver.send(report(.relayout)).isEmpty { return false }
        return true
    }
}

@Suite("Auto and inset come to rest within two placements")
struct TwoPlacementsTests {
    /// A text view from y 40 to 20 px above the frame's bottom: its height follows the window's.
    static func growingView(_ height: Int) -> (field: Rect, caret: Rect?) {
        (Rect(10, 40, 380, max(20, height - 60)), Rect(12, 60, 1, 17))
    }

    @Test("A text view whose height follows the window's is placed once and then holds still")
    func viewFollowingTheWindowHoldsStill() {
        var simulation = RelayoutSimulation(mode: .auto, frame: Rect(300, 0, 602, 765), layout: Self.growingView)
        let frames = simulation.settle(after: .keyboardShown(Fixture.bottomKeyboard))
        #expect(frames.count <= 2)
        let quiet = simulation.quietFor(relayouts: 5)
        #expect(quiet)
    }

    @Test("A tall text view whose caret is on its first, clear line does not move the window")
    func tallViewWithClearCaretStays() {
        var simulation = RelayoutSimulation(mode: .auto, frame: Rect(300, 0, 602, 765), layout: Self.growingView)
        #expect(simulation.settle(after: .keyboardShown(Fixture.bottomKeyboard)) == [])
    }

    @Test("Typing down a tall view follows the caret line by line, at most two placements per line")
    func typingLineByLine() {
        var line = 0
        var simulation = RelayoutSimulation(mode: .auto, frame: Rect(300, 0, 602, 765)) { height in
            (Rect(10, 40, 380, max(20, height - 60)), Rect(12, 500 + 20 * line, 1, 17))
        }
        _ = simulation.settle(after: .keyboardShown(Fixture.bottomKeyboard))
        for typed in 1...6 {
            line = typed
            let frames = simulation.settle(after: simulation.report(.caret))
            #expect(frames.count <= 2)
        }
        let quiet = simulation.quietFor(relayouts: 3)
        #expect(quiet)
    }

    @Test("Whether a multi-line view fits is decided from the view at the original size")
    func fitDecidedAtOriginal() {
        // 400 px at the original height fits above a 560 px keyboard top; after an inset it would be shorter,
        // which must not turn the decision into "the caret line only" or back.
        var simulation = RelayoutSimulation(mode: .inset, frame: Rect(100, 250, 400, 500)) { height in
            (Rect(10, 40, 380, max(20, height - 100)), Rect(12, 60, 1, 17))
        }
        let frames = simulation.settle(after: .keyboardShown(Fixture.bottomKeyboard))
        #expect(frames.count <= 2)
        let quiet = simulation.quietFor(relayouts: 5)
        #expect(quiet)
    }

    @Test("Random re-layouts, minimum sizes and window managers never give more than two placements per trigger")
    func randomRelayoutsSettle() {
        for seed in UInt64(1)...400 {
            var random = SplitMix64(seed: seed)
            let height = random.next(in: 200...790)
            let frame = Rect(random.next(in: 0...600), random.next(in: 0...(800 - height)), random.next(in: 200...600),
                             height)
            let top = random.next(in: 0...(height - 30))
            let follows = random.next(in: 0...1) == 1
            let fixedHeight = random.next(in: 20...max(20, height - top))
            let bottomGap = random.next(in: 0...max(0, height - top - 20))
            let caretOffset = random.next(in: 0...200)
            let minHeight = random.next(in: 0...2) == 0 ? random.next(in: 50...height) : nil
            let clamp = random.next(in: 0...2) == 0 ? random.next(in: 100...height) : nil
            let jitter = random.next(in: 0...3)
            let mode: AvoidanceMode = [.auto, .inset, .offset][random.next(in: 0...2)]
            let layout: (Int) -> (field: Rect, caret: Rect?) = { frameHeight in
                let fieldHeight = follows ? max(20, frameHeight - top - bottomGap) : fixedHeight
                let field = Rect(10, top, 180, fieldHeight)
                return (field, Rect(12, top + min(caretOffset, fieldHeight - 17), 1, 17))
            }
            let answer: (Rect) -> Rect = { wanted in
                guard let clamp else { return wanted }
                var given = wanted
                given.height = max(wanted.height, clamp) + jitter
                return given
            }
            var simulation = RelayoutSimulation(mode: mode, frame: frame,
                                                minSize: minHeight.map { Size(width: 50, height: $0) },
                                                layout: layout, answer: answer)
            let keyboard = Rect(0, random.next(in: 300...700), 1280, 300)
            let frames = simulation.settle(after: .keyboardShown(keyboard))
            #expect(frames.count <= 2, "seed \(seed): \(frames)")
            #expect(Set(frames).count == frames.count, "seed \(seed) alternates: \(frames)")
            let quiet = simulation.quietFor(relayouts: 3)
            #expect(quiet, "seed \(seed) moves on re-layout after settling")
            let moved = simulation.settle(after: simulation.report(.caret))
            #expect(moved.count <= 2, "seed \(seed) after a caret move: \(moved)")
        }
    }
}

@Suite("Restoring onto the current monitors")
struct RestorePlaceTests {
    @Test("An original that still lies on a monitor is restored exactly")
    func exactWhenItFits() {
        #expect(Fixture.screen.restorePlace(for: Rect(100, 400, 400, 300)) == Rect(100, 400, 400, 300))
    }

    @Test("An original off the shrunk screen comes back at its size, fully on the monitor")
    func movedOntoTheShrunkScreen() {
        let small = Screen(monitors: [Monitor(rect: Rect(0, 0, 1024, 768))])
        #expect(small.restorePlace(for: Rect(800, 500, 400, 300)) == Rect(624, 468, 400, 300))
    }

    @Test("An original larger than the monitor is shrunk to it")
    func shrunkWhenTooLarge() {
        let small = Screen(monitors: [Monitor(rect: Rect(0, 0, 1024, 768))])
        #expect(small.restorePlace(for: Rect(0, 0, 1280, 800)) == Rect(0, 0, 1024, 768))
    }

    @Test("Hiding the keyboard after the screen shrank puts the window fully on the new screen")
    func engineRestoresOntoTheNewScreen() {
        var driver = Driver(Fixture.engine())
        let window = Fixture.window(frame: Rect(800, 450, 400, 300))
        _ = driver.send(.focusChanged(Fixture.focus(window, field: Rect(820, 700, 200, 30))))
        _ = driver.sendAndConfirm(.keyboardShown(Fixture.bottomKeyboard))
        let small = Screen(monitors: [Monitor(rect: Rect(0, 0, 1024, 768))])
        _ = driver.sendAndConfirm(.screenChanged(small))
        let actions = driver.send(.keyboardHidden)
        #expect(actions.contains(.moveResize(Fixture.a, frame: Rect(624, 450, 400, 300), extents: Fixture.extents)))
    }
}

@Suite("What must clear in a tall text view")
struct TallViewTests {
    @Test("A text view taller than the free space whose caret is unknown keeps only its first line clear")
    func unknownCaretGuardsTheFirstLine() {
        var input = Policy.Input(original: Rect(100, 40, 402, 725), field: Rect(9, 28, 384, 684), caret: nil,
                                 keyboard: Rect(0, 558, 1282, 265), workArea: Rect(0, 0, 1280, 800), margin: 8,
                                 mode: .auto)
        input.isText = true
        #expect(Policy.place(input).frame == nil)
        #expect(Policy.place(input).guarded == Rect(109, 68, 384, 24))
    }
}
