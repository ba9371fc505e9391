import OskshiftCore

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
    /// A top-level of an application on the bus is active (it has the focus): announced by `window:activate`, or
    /// found active when the watcher started or the application joined. The daemon matches it to an X window when
    /// no window carries the application's process number (a sandbox, a D-Bus proxy).
    case activeWindow(ActiveToplevel)
}

/// An application's active top-level, as the application reports it.
public struct ActiveToplevel: Sendable, Equatable, CustomStringConvertible {
    /// The process the bus names for it (`atspi_accessible_get_process_id`).
    public var pid: Int32
    /// Its extents in the application's screen coordinates (GTK3: the window manager's frame; others: the client).
    public var toplevel: Rect
    public var toolkit: String
    public var coordinates: AccessibleFocusUpdate.Coordinates

    public init(pid: Int32, toplevel: Rect, toolkit: String, coordinates: AccessibleFocusUpdate.Coordinates) {
        self.pid = pid
        self.toplevel = toplevel
        self.toolkit = toolkit
        self.coordinates = coordinates
    }

    /// The same facts as an update, for the window matcher (which compares an update's top-level).
    public var asUpdate: AccessibleFocusUpdate {
        AccessibleFocusUpdate(editable: true, pid: pid, toplevel: toplevel, toolkit: toolkit, coordinates: coordinates)
    }

    public var description: String { "pid \(pid)'s active top-level \(toplevel) (\(toolkit))" }
}
