import CATSPI
import OskshiftCore

/// What the watcher asks of an application once, instead of at every event: its process (to match `_NET_WM_PID`)
/// and its toolkit (for logs); and, from what the daemon learnt, the coordinates it is asked in.
///
/// An answer is kept for the application's lifetime (the key is its bus name, never reused on a bus), but only an
/// answer that says something. An empty one means the question failed, not that the application has no toolkit: it
/// did not answer in time (busy, or not scheduled, as it joined the bus), or it was asked on an object that is not
/// its root (GTK 4 answers only there). So a part still unknown is asked again at the application's next event, and
/// a known part never again.
struct ApplicationFacts: Equatable {
    /// `atspi_accessible_get_process_id`; 0 while unknown.
    var pid: Int32 = 0
    /// `atspi_accessible_get_toolkit_name` of the application's root; "" while unknown.
    var toolkit = ""
    /// `atspi_accessible_get_toolkit_version`; kept only with a toolkit name ("" while unknown).
    var toolkitVersion = ""

    /// Nothing left to ask.
    var isComplete: Bool { pid != 0 && !toolkit.isEmpty }

    /// Takes a toolkit answer. A version without a name is dropped with it: the name is asked again, and the version
    /// with it (seen: the name's question timed out while a GTK 4 application was stopped, and the version's, asked
    /// next, was answered once it went on).
    mutating func learn(toolkit name: String, version: String) {
        guard toolkit.isEmpty, !name.isEmpty else { return }
        toolkit = name
        toolkitVersion = version
    }

    /// Which coordinate type its extents are asked in, and so what they are relative to: the screen until the daemon
    /// learnt that the application's screen coordinates are its window's (`ScreenCoordinates`).
    var coordinates: AccessibleFocusUpdate.Coordinates = .screen

    var coordinateType: AtspiCoordType {
        coordinates == .window ? ATSPI_COORD_TYPE_WINDOW : ATSPI_COORD_TYPE_SCREEN
    }

    /// GTK 4.8 sets `STATE_MULTI_LINE` on its text views but no `STATE_SINGLE_LINE` on its entries (measured):
    /// in an application asked in window coordinates an editable that is not multi-line is a single line.
    func lineMode(_ states: TextFieldStates) -> AccessibleFocusUpdate.LineMode {
        if states.singleLine { return .single }
        if states.multiLine { return .multi }
        return coordinates == .window ? .single : .unknown
    }
}
