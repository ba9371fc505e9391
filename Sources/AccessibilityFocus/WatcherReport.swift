/// What the watcher thread tells the daemon thread.
public enum WatcherReport: Sendable, Equatable {
    /// The focused field (or focus leaving editable fields) of one application.
    case focus(AccessibleFocusUpdate)
    /// The processes of every application on the accessibility bus, after one registered or left.
    case applications(Set<Int32>)
    /// The focus the applications already had when the watcher started has been read (and reported, when editable):
    /// with the applications' list, which comes before it, the daemon has asked the bus.
    case initialFocusRead
    /// The watcher has handled every accessibility event it had received when the daemon asked `sync(token)`; its
    /// own next timer (monotonic ms) is due then, nil when none is armed.
    case synced(Int, nextOwnTimerMs: Int?)
}
