import Testing
@testable import OskshiftCore
import TestSupport

/// A 1280x800 screen, a 240 px keyboard at its bottom, and windows to focus.
enum Fixture {
    static let screenRect = Rect(x: 0, y: 0, width: 1280, height: 800)
    static let screen = Screen(monitors: [Monitor(name: "screen", rect: screenRect)])
    static let bottomKeyboard = Rect(x: 0, y: 560, width: 1280, height: 240)
    static let extents = FrameExtents(left: 1, right: 1, top: 20, bottom: 5)
    static let a = WindowID(0x100)
    static let b = WindowID(0x200)

    /// A 400x300 frame whose bottom reaches y 700, under the keyboard's top.
    static let lowFrame = Rect(x: 100, y: 400, width: 400, height: 300)

    static func window(_ id: WindowID = a, frame: Rect = lowFrame, state: WindowState = .normal,
                       kind: WindowKind = .normal, minSize: Size? = nil, wmClass: WMClass? = nil,
                       pid: Int32? = nil) -> WindowFacts {
        WindowFacts(id: id, frame: frame, extents: extents, kind: kind, state: state, minSize: minSize,
                    wmClass: wmClass ?? WMClass(instance: "app", className: "App"), pid: pid)
    }

    /// Focus on `window` with the X input focus on `field` (root coordinates); nil: on the top-level itself.
    static func focus(_ window: WindowFacts, field: Rect?) -> Focus {
        Focus(window: window, observed: XFocusObservations(inputFocus: field?.relative(to: window.frame.origin)))
    }

    /// The X side's observation of a field in a window now at `frame` (root coordinates).
    static func observed(_ id: WindowID = a, field: Rect?, frame: Rect) -> Event {
        .focusObserved(id, XFocusObservations(inputFocus: field?.relative(to: frame.origin)), frame: frame)
    }

    /// An application on the accessibility bus reports its editable field in `window` (root coordinates, read
    /// while the window's frame was `frame`).
    static func accessible(_ window: WindowID = a, pid: Int32 = 42, widget: Rect?, caret: Rect? = nil, frame: Rect,
                           identity: UInt = 1, change: AccessibleField.Change = .focus) -> Event {
        .accessibleFocus(pid: pid, AccessibleField(
            window: window, identity: identity, widget: widget?.relative(to: frame.origin),
            caret: caret?.relative(to: frame.origin), frameSize: frame.size, change: change))
    }

    static func configuration(duration: Int = 0, mode: AvoidanceMode = .offset) -> Configuration {
        var configuration = Configuration()
        configuration.animation.durationMs = duration
        configuration.avoidance.mode = mode
        return configuration
    }

    static func engine(_ configuration: Configuration = configuration(), screen: Screen = screen) -> Engine {
        Engine(configuration: configuration, screen: screen)
    }
}

/// Drives an engine with a clock that the test controls.
struct Driver {
    var engine: Engine
    var now = 0

    init(_ engine: Engine) { self.engine = engine }

    /// The actions for `event`, without the decision trace.
    mutating func send(_ event: Event, after ms: Int = 0) -> [Action] {
        now += ms
        return engine.handle(event, now: now).filter {
            if case .log = $0 { return false }
            if case .note = $0 { return false }
            return true
        }
    }

    /// Sends `event` and checks everything it did: the actions it caused (the notes included; the decision, logged
    /// as it is made, is checked as `lastDecision` in the state), and the whole engine after it, `state` turning the
    /// engine as it was before into what it must be.
    mutating func send(_ event: Event, after ms: Int = 0, actions expected: [Action],
                       state change: (inout EngineState) -> Void, sourceLocation: SourceLocation = #_sourceLocation) {
        var wanted = EngineState(engine)
        change(&wanted)
        let actions = sendTraced(event, after: ms).filter { if case .log = $0 { false } else { true } }
        #expect(actions == expected, sourceLocation: sourceLocation)
        #expect(EngineState(engine) == wanted, sourceLocation: sourceLocation)
    }

    /// The actions for `event`, decisions included.
    mutating func sendTraced(_ event: Event, after ms: Int = 0) -> [Action] {
        now += ms
        return engine.handle(event, now: now)
    }

    /// Sends the event, then reports back every frame it requested as the server would (our own ConfigureNotify).
    mutating func sendAndConfirm(_ event: Event, after ms: Int = 0) -> [Action] {
        let actions = send(event, after: ms)
        for case .moveResize(let id, let frame, _) in actions { _ = send(.windowConfigured(id, frame: frame)) }
        return actions
    }
}

/// Everything the engine holds, as a value a test can change: the engine's own state is changed only by its events,
/// so a whole-state expectation is this copy of it, changed as the event must have changed it.
struct EngineState: Equatable {
    var configuration: Configuration
    var screen: Screen
    var keyboardState: KeyboardState
    var focused: FocusedWindow
    var busFacts: BusFacts
    var windows: TrackedWindows
    var windowManager: WindowManagerModel
    var timer: Engine.TimerUse
    var fieldReads: FieldReads
    var run: Engine.Run

    init(_ engine: Engine) {
        configuration = engine.configuration
        screen = engine.screen
        keyboardState = engine.keyboardState
        focused = engine.focused
        busFacts = engine.busFacts
        windows = engine.windows
        windowManager = engine.windowManager
        timer = engine.timer
        fieldReads = engine.fieldReads
        run = engine.run
    }
}

extension FocusedWindow {
    /// The last decision as `change` makes it: a whole-state expectation names only what the event changed in it.
    mutating func lastDecision(_ change: (inout Decision) -> Void) {
        guard var decision = lastDecision else { return }
        change(&decision)
        decided(decision)
    }
}

extension Rect {
    init(_ x: Int, _ y: Int, _ width: Int, _ height: Int) { self.init(x: x, y: y, width: width, height: height) }
}

extension SplitMix64 {
    /// A draw in `range`: the random tests' frames, keyboard tops and delays.
    mutating func next(in range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }
}
