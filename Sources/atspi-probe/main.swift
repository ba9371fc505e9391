#if canImport(Glibc)
import Glibc
#endif
import AccessibilityFocus
import Clock

// atspi-probe [--ignore-pid PID]... [--bus ADDRESS] [--exit-after N] [--scroll-on-usr1]
// Starts the accessibility watcher and prints every update as one line, with the delay between the event's
// arrival on the watcher thread and this thread reading it. Exit 1 without an accessibility bus; with
// --exit-after, stops the watcher (AccessibilityWatcher.stop) after N updates and exits 0. With
// --scroll-on-usr1, SIGUSR1 calls AccessibilityWatcher.scrollFocusedFieldIntoView (docs/kiosk.md).

func writeLine(_ text: String) {
    let line = text + "\n"
    _ = line.withCString { write(1, $0, strlen($0)) }
}

var ignored: Set<Int32> = []
var hint: String?
var exitAfter = Int.max
var scrollOnSignal = false
/// Set by the SIGUSR1 handler (any thread); the loop below looks at it at least every 50 ms.
nonisolated(unsafe) var scrollRequested: sig_atomic_t = 0
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--ignore-pid":
        guard let value = arguments.popFirst(), let pid = Int32(value) else {
            writeLine("atspi-probe: --ignore-pid needs a number")
            exit(2)
        }
        ignored.insert(pid)
    case "--scroll-on-usr1":
        scrollOnSignal = true
    case "--bus":
        hint = arguments.popFirst()
    case "--exit-after":
        guard let value = arguments.popFirst(), let count = Int(value), count > 0 else {
            writeLine("atspi-probe: --exit-after needs a positive number")
            exit(2)
        }
        exitAfter = count
    default:
        writeLine("usage: atspi-probe [--ignore-pid PID]... [--bus ADDRESS] [--exit-after N] [--scroll-on-usr1]")
        exit(2)
    }
}

guard let watcher = AccessibilityWatcher.start(busAddressHint: hint, ownPIDsToIgnore: ignored, log: { writeLine($0) })
else { exit(1) }
if scrollOnSignal { signal(SIGUSR1) { _ in scrollRequested = 1 } }
writeLine("ready")

var descriptor = pollfd(fd: watcher.fileDescriptor, events: Int16(POLLIN), revents: 0)
var printed = 0
while printed < exitAfter {
    let ready = poll(&descriptor, 1, scrollOnSignal ? 50 : -1)
    if scrollRequested != 0 {
        scrollRequested = 0
        writeLine("scrolling the focused field into view")
        watcher.scrollFocusedFieldIntoView()
    }
    if ready < 0 && errno == EINTR { continue }
    if ready == 0 { continue }
    guard ready > 0 else { break }
    let nowMs = UInt64(MonotonicClock.milliseconds())
    for report in watcher.drain() {
        switch report {
        case .focus(let update):
            writeLine("\(update) delay=\(nowMs - update.timeMs)ms")
            printed += 1
        case .applications(let pids):
            writeLine("applications " + pids.sorted().map(String.init).joined(separator: ","))
        case .initialFocusRead:
            writeLine("initial focus read")
        case .synced:
            break
        case .activeWindow(let active):
            writeLine("active \(active)")
        }
    }
}
watcher.stop()
writeLine("stopped")
