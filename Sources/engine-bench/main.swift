// The engine's cost per event, measured over a long scripted run: keyboard slides, focus changes, field changes,
// configure echoes and animation ticks, as a busy tablet session would feed them. Target: under 20 us per event.
import Clock
import OskshiftCore
import Foundation

/// One scripted session: returns the number of events handled.
func runSession(_ engine: inout Engine, rounds: Int) -> Int {
    let extents = FrameExtents(left: 1, right: 1, top: 20, bottom: 5)
    let windows = (0..<8).map { index in
        WindowFacts(id: WindowID(UInt(0x400000 + index)), frame: Rect(x: 40 * index, y: 380, width: 500, height: 400),
                    extents: extents, wmClass: WMClass(instance: "app\(index)", className: "App"))
    }
    var events = 0
    var now = 0
    func send(_ event: Event) -> [Action] {
        events += 1
        now += 4
        return engine.handle(event, now: now)
    }
    /// Sends the event and echoes every requested frame back, as the server would.
    func sendAndConfirm(_ event: Event) {
        for case .moveResize(let id, let frame, _) in send(event) { _ = send(.windowConfigured(id, frame: frame)) }
    }
    for round in 0..<rounds {
        let window = windows[round % windows.count]
        let field = Rect(x: 10, y: 700 - round % 50 - window.frame.y, width: 200, height: 30)
        _ = send(.focusChanged(Focus(window: window, observed: XFocusObservations(inputFocus: field))))
        for step in 1...12 {  // a docked keyboard sliding in
            let top = 800 - step * 20
            let keyboard = Rect(x: 0, y: top, width: 1280, height: 240)
            sendAndConfirm(step == 1 ? .keyboardShown(keyboard) : .keyboardMoved(keyboard))
        }
        for _ in 0..<12 {
            sendAndConfirm(.timerFired)
        }
        sendAndConfirm(.keyboardHidden)
        for _ in 0..<12 {
            sendAndConfirm(.timerFired)
        }
    }
    return events
}

let screen = Screen(monitors: [Monitor(name: "screen", rect: Rect(x: 0, y: 0, width: 1280, height: 800))])
let rounds = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 20_000 : 20_000
var best = Double.infinity
var totalEvents = 0
for _ in 0..<3 {
    var engine = Engine(configuration: .defaults, screen: screen)
    let start = MonotonicClock.nanoseconds()
    totalEvents = runSession(&engine, rounds: rounds)
    let elapsed = Double(MonotonicClock.nanoseconds() - start)
    best = min(best, elapsed / Double(totalEvents))
}
let microseconds = best / 1000
let verdict = microseconds < 20 ? "within" : "OVER"
print("engine-bench: \(totalEvents) events per run, best of 3: \(String(format: "%.3f", microseconds)) us/event, "
    + "\(Int(1_000_000 / microseconds)) events/s (\(verdict) the 20 us target)")
