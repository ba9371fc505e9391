#if canImport(Glibc)
import Glibc
#endif
import CATSPI
import Synchronization

/// Hands reports from the watcher thread to the daemon thread: a queue under a Mutex, and an eventfd that is
/// readable while the queue may hold something, so the daemon adds one fd to its poll() set and never polls.
final class UpdateChannel<Item: Sendable>: Sendable {
    let fileDescriptor: Int32
    private let queue = Mutex<[Item]>([])

    /// Nil when the kernel refuses an eventfd (out of descriptors).
    init?() {
        let fd = eventfd(0, Int32(EFD_CLOEXEC | EFD_NONBLOCK))
        guard fd >= 0 else { return nil }
        fileDescriptor = fd
    }

    deinit {
        close(fileDescriptor)
    }

    /// Called on the watcher thread.
    func post(_ update: Item) {
        queue.withLock { $0.append(update) }
        var one: UInt64 = 1
        // EAGAIN means the counter is already huge: the fd is readable anyway.
        _ = write(fileDescriptor, &one, MemoryLayout<UInt64>.size)
    }

    /// Called on the daemon thread. The eventfd is reset BEFORE the queue is taken: a post in between signals
    /// the fd again, so no update waits unseen.
    func drain() -> [Item] {
        var counter: UInt64 = 0
        _ = read(fileDescriptor, &counter, MemoryLayout<UInt64>.size)
        return queue.withLock { queued in
            defer { queued.removeAll(keepingCapacity: true) }
            return queued
        }
    }
}
