import Synchronization

/// What the daemon learnt of each application's window coordinates (`WindowCoordinates.Learnt`), by process:
/// written on the daemon thread, which places the fields on X windows and so is where it is learnt; read on the
/// watcher thread at each read of a field, which decides from it how to read (the one-read path, a sample).
final class LearntCoordinates: Sendable {
    private let byProcess = Mutex<[Int32: WindowCoordinates.Learnt]>([:])

    /// Everything known, replacing what was (an application that left the bus is not in it).
    func replace(with learnt: [Int32: WindowCoordinates.Learnt]) {
        byProcess.withLock { $0 = learnt }
    }

    /// What is known of the process's window coordinates; nothing yet for a process never placed.
    subscript(pid: Int32) -> WindowCoordinates.Learnt {
        byProcess.withLock { $0[pid] ?? WindowCoordinates.Learnt() }
    }
}
