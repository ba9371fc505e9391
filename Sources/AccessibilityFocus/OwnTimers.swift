/// The watcher thread's own one-shot timers that are still to fire (a new GTK application's focus looked for
/// again, a browser's page content checked), by when they are due: a sync answer reports the next one, because
/// what it finds can still move a window. Used on the watcher thread only.
struct OwnTimers: Equatable, Sendable {
    private var due: [Int: Int] = [:]
    private var lastID = 0

    /// A timer due at `dueMs` (monotonic ms) was armed; the number to pass to `fired` when it goes off.
    mutating func armed(dueMs: Int) -> Int {
        lastID += 1
        due[lastID] = dueMs
        return lastID
    }

    mutating func fired(_ id: Int) {
        due[id] = nil
    }

    /// When the next one is due; nil when none is armed.
    var next: Int? { due.values.min() }
}
