import Synchronization

/// What the daemon learnt of each application's coordinates (`ApplicationCoordinates`), by process:
/// written on the daemon thread, which places the fields on X windows and so is where it is learnt; read on the
/// watcher thread at each read of a field, which decides from it how to read (the one-read path, a sample).
final class LearntCoordinates: Sendable {
    private let byProcess = Mutex<[Int32: ApplicationCoordinates]>([:])

    /// Everything known, replacing what was (an application that left the bus is not in it).
    func replace(with learnt: [Int32: ApplicationCoordinates]) {
        byProcess.withLock { $0 = learnt }
    }

    /// What is known of the process's coordinates; nothing yet for a process never placed.
    subscript(pid: Int32) -> ApplicationCoordinates {
        byProcess.withLock { $0[pid] ?? ApplicationCoordinates() }
    }
}
