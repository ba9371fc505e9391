import OskshiftCore
import Testing
import TestSupport

/// Thousands of seeded random event sequences against a simulated server that honours every request at once.
/// Invariants: once the keyboard hides (and animations end), every window is where it was before oskshift moved
/// it, or where the user last put it; excluded windows are never the subject of an action; no requested frame
/// lies entirely off every monitor.
@Suite("Random event sequences keep the invariants")
struct PropertyTests {
    struct SimulatedWindow {
        var facts: WindowFacts
        /// Where the window belongs: its first frame, or the last frame the user gave it.
        var home: Rect
        var excluded: Bool
    }

    struct Simulation {
        var driver: Driver
        var windows: [WindowID: SimulatedWindow] = [:]
        var focused: WindowID?
        var random: SplitMix64
        var violations: [String] = []
        /// Every event and the actions it caused, kept only when tracing a failing seed again.
        var trace: [String]?
        let screen: Screen

        init(seed: UInt64, tracing: Bool = false) {
            trace = tracing ? [] : nil
            random = SplitMix64(seed: seed)
            let twoMonitors = seed % 3 == 0
            screen = twoMonitors
                ? Screen(monitors: [Monitor(name: "L", rect: Rect(0, 0, 640, 800), workArea: Rect(0, 24, 640, 776)),
                                    Monitor(name: "R", rect: Rect(640, 0, 640, 800))])
                : Screen(monitors: [Monitor(name: "screen", rect: Rect(0, 0, 1280, 800))])
            var configuration = Configuration()
            configuration.animation.durationMs = [0, 0, 100, 150][Int(seed % 4)]
            configuration.avoidance.mode = [.offset, .inset, .auto][Int(seed % 3)]
            configuration.apps = [AppRule(classGlob: "xterm", mode: AvoidanceMode.none)]
            driver = Driver(Engine(configuration: configuration, screen: screen))
            for index in 0..<4 { addWindow(index: index) }
        }

        mutating func addWindow(index: Int) {
            let id = WindowID(UInt(0x1000 + index * 0x100 + random.next(in: 0...0xff)))
            let frame = Rect(random.next(in: 0...900), random.next(in: 0...600), random.next(in: 150...600),
                             random.next(in: 100...700))
            let kind: WindowKind = index == 3 ? .dock : .normal
            let wmClass = index == 2 ? WMClass(instance: "xterm", className: "XTerm") : WMClass(instance: "a", className: "A")
            let maximized = random.next(in: 0...5) == 0
            let facts = WindowFacts(id: id, frame: frame, extents: FrameExtents(left: 1, right: 1, top: 20, bottom: 5),
                                    kind: kind, state: WindowState(maximizedVertically: maximized,
                                                                   maximizedHorizontally: maximized),
                                    minSize: Size(width: 50, height: random.next(in: 1...300)), wmClass: wmClass)
            windows[id] = SimulatedWindow(facts: facts, home: frame, excluded: index >= 2)
        }

        /// The X input focus on a random subwindow (relative to the frame), or on the top-level itself.
        mutating func randomField(in frame: Rect) -> XFocusObservations {
            guard random.next(in: 0...4) > 0 else { return .none }
            let height = random.next(in: 10...max(10, min(200, frame.height)))
            let y = random.next(in: 0...max(0, frame.height - height))
            return XFocusObservations(inputFocus: Rect(5, y, max(1, frame.width - 10), height))
        }

        mutating func send(_ event: Event, after ms: Int) {
            let actions = driver.sendTraced(event, after: ms)
            trace?.append("t=\(driver.now) \(event) -> \(actions)")
            perform(actions.filter { if case .log = $0 { return false }; return true })
        }

        /// Applies the actions as a window manager would, and reports each configure back.
        mutating func perform(_ actions: [Action]) {
            for action in actions {
                switch action {
                case .moveResize(let id, let frame, _):
                    guard var window = windows[id] else { violations.append("moved unknown \(id)"); continue }
                    if window.excluded { violations.append("touched excluded window \(id)") }
                    if !screen.isVisible(frame) { violations.append("moved \(id) off all monitors to \(frame)") }
                    window.facts.frame = frame
                    windows[id] = window
                    send(.windowConfigured(id, frame: frame), after: 0)
                case .setMaximized(let id, let on), .setFullscreen(let id, let on):
                    if windows[id]?.excluded == true { violations.append("changed state of excluded \(id)") }
                    windows[id]?.facts.state = on ? WindowState(maximizedVertically: true, maximizedHorizontally: true)
                        : .normal
                case .saveOriginal(let id, _), .clearOriginal(let id):
                    if windows[id]?.excluded == true { violations.append("saved geometry on excluded \(id)") }
                case .readFrame(let id):
                    if let frame = windows[id]?.facts.frame { send(.windowFrameRead(id, frame: frame), after: 0) }
                case .startTimer, .stopTimer, .log, .readField, .revealField, .note, .showKeyboard, .hideKeyboard,
                    .armHideTimer, .cancelHideTimer, .turnOnAccessibilitySwitch, .typeTab:
                    break
                }
            }
        }

        mutating func step() {
            let ids = windows.keys.sorted()
            switch random.next(in: 0...12) {
            case 0...2:
                let top = random.next(in: 250...780)
                let left = random.next(in: 0...700)
                let event: Event = driver.engine.keyboard == nil
                    ? .keyboardShown(Rect(left, top, random.next(in: 200...1280), 800 - top))
                    : .keyboardMoved(Rect(left, top, random.next(in: 200...1280), 800 - top))
                send(event, after: random.next(in: 0...40))
            case 3:
                send(.keyboardHidden, after: random.next(in: 0...40))
            case 4...5:
                let id = ids[random.next(in: 0...(ids.count - 1))]
                focused = id
                let facts = windows[id]!.facts
                send(.focusChanged(Focus(window: facts, observed: randomField(in: facts.frame))), after: 5)
            case 6:
                guard let focused, let facts = windows[focused]?.facts else { return }
                send(.focusObserved(focused, randomField(in: facts.frame), frame: facts.frame), after: 5)
            case 7:
                // The user drags a window somewhere: it now belongs there.
                let id = ids[random.next(in: 0...(ids.count - 1))]
                guard windows[id]?.facts.state.isMaximized == false else { return }
                let frame = windows[id]!.facts.frame.offsetBy(dx: random.next(in: -50...50), dy: random.next(in: 1...60))
                windows[id]!.facts.frame = frame
                windows[id]!.home = frame
                send(.windowConfigured(id, frame: frame), after: 1100)  // long after our last request
            case 8:
                let id = ids[random.next(in: 0...(ids.count - 1))]
                windows[id] = nil
                if focused == id { focused = nil }
                send(.windowDestroyed(id), after: 3)
                addWindow(index: windows.values.contains { $0.excluded } ? 0 : 3)
            default:
                send(.timerFired, after: 16)
            }
        }

        mutating func finish() {
            send(.keyboardHidden, after: 10)
            for _ in 0..<40 { send(.timerFired, after: 16) }
            if !driver.engine.adjustedWindows.isEmpty { violations.append("still adjusted after hide") }
            for (id, window) in windows where window.facts.frame != window.home && !window.facts.state.isMaximized {
                violations.append("\(id) at \(window.facts.frame), belongs at \(window.home)")
            }
        }
    }

    @Test("Two thousand random sequences end with every window home and no excluded window touched",
          arguments: 0..<20)
    func randomSequencesKeepTheInvariants(batch: Int) {
        for seed in UInt64(batch * 100)..<UInt64(batch * 100 + 100) {
            func run(tracing: Bool) -> Simulation {
                var simulation = Simulation(seed: seed, tracing: tracing)
                for _ in 0..<200 { simulation.step() }
                simulation.finish()
                return simulation
            }
            let simulation = run(tracing: false)
            #expect(simulation.violations == [], "seed \(seed)")
            if !simulation.violations.isEmpty {
                print(run(tracing: true).trace!.joined(separator: "\n"))
                return
            }
        }
    }

    @Test("Stopping in the middle of any random sequence restores every window at once")
    func stoppingAnywhereRestoresEverything() {
        for seed in UInt64(5000)..<UInt64(5300) {
            var simulation = Simulation(seed: seed)
            for _ in 0..<(Int(seed) % 150) { simulation.step() }
            simulation.send(.stopping, after: 1)
            for (id, window) in simulation.windows where window.facts.frame != window.home
                && !window.facts.state.isMaximized {
                simulation.violations.append("\(id) at \(window.facts.frame), belongs at \(window.home)")
            }
            #expect(simulation.violations == [], "seed \(seed)")
            if !simulation.violations.isEmpty { return }
        }
    }
}
