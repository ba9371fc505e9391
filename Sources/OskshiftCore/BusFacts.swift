/// What the accessibility bus has said, and the user's inputs the whole-window source needs: the daemon's own
/// connection to the bus, the applications on the bus, the editable field each one has focused, the windows found to belong to one of them other than by their
/// `_NET_WM_PID`, and when the user last pressed or typed in each window. Only these methods change it.
struct BusFacts: Equatable, Sendable {
    /// Where the daemon's own connection to the bus stands.
    private(set) var connection = Engine.BusConnection.notUsed
    /// Processes on the accessibility bus.
    private(set) var applications: Set<Int32> = []
    /// The editable field each application has focused (none: its focus is elsewhere). One field per window.
    private(set) var fields: [Int32: AccessibleField] = [:]
    /// Windows found to belong to an application on the bus other than by their `_NET_WM_PID`
    /// (`Event.windowOnBus`).
    private var owners: [WindowID: Engine.BusOwner] = [:]
    /// When the user last pressed or typed in each window, or the keyboard was shown while it held the focus, since
    /// the keyboard last hid: the whole-window source needs such an input (`FocusSelection.choose`).
    private var userInputs: [WindowID: Int] = [:]

    /// The field focused in `window`, whichever application has it.
    func field(in window: WindowID) -> AccessibleField? {
        fields.values.first { $0.window == window }
    }

    func isOnBus(_ pid: Int32?) -> Bool {
        pid.map { applications.contains($0) } ?? false
    }

    func owner(of window: WindowID) -> Engine.BusOwner? { owners[window] }

    func userActed(in window: WindowID) -> Bool { userInputs[window] != nil }

    /// The daemon's connection to the bus changed (`now`: the event's time).
    mutating func connectionChanged(_ status: BusStatus, now: Int) {
        switch status {
        case .connecting: connection = .joining(since: now, applicationsKnown: connection.knowsApplications)
        case .initialFocusRead:
            if case .joining(_, applicationsKnown: true) = connection { connection = .listening }
        case .absent: connection = .notUsed
        }
    }

    /// The bus's list of applications: the fields and owners of those gone go with them (a field reported for no
    /// process, 0, stays).
    mutating func applicationsChanged(to pids: Set<Int32>) {
        switch connection {
        case .notUsed, .listening: connection = .listening
        case .joining(let since, _): connection = .joining(since: since, applicationsKnown: true)
        }
        applications = pids
        fields = fields.filter { $0.key == 0 || pids.contains($0.key) }
        owners = owners.filter { pids.contains($0.value.application) }
    }

    /// An application heard from on the bus (0: none named).
    mutating func noteApplication(_ pid: Int32) {
        if pid != 0 { applications.insert(pid) }
    }

    /// The bridge found the application that owns `window`. Returns whether that was news.
    mutating func noteOwner(_ owner: Engine.BusOwner, of window: WindowID) -> Bool {
        guard owners[window] != owner else { return false }
        owners[window] = owner
        noteApplication(owner.application)
        return true
    }

    mutating func noteUserInput(in window: WindowID, at now: Int) {
        userInputs[window] = now
    }

    /// The keyboard hid: every input's effect ends, so the next show asks again.
    mutating func forgetUserInputs() {
        userInputs.removeAll()
    }

    /// An application's focused field, as reported by `pid` (already trimmed to its window; nil: focus elsewhere).
    /// One field per window: a window belongs to one process. A report about a window that names no process (0:
    /// the application could not be asked, e.g. LibreOffice had already dropped the paragraph's accessible after
    /// it scrolled out of view) belongs to the application that has that window's field; any other process's field
    /// in that window is replaced (two answers for one window, picked by chance, restored LibreOffice Writer with
    /// its caret under the keyboard and then ignored its next paragraphs). Returns false for a stale repeat of the
    /// field already known, which tells nothing.
    mutating func report(_ field: AccessibleField?, from pid: Int32, outsideItsWindow: Bool) -> Bool {
        var owner = pid
        if pid == 0, let field, let known = fields.first(where: { $0.value.window == field.window })?.key {
            owner = known
        }
        let previous = fields[owner]
        if let field, let previous, field.isStaleRepeat(of: previous) { return false }
        if let field { fields = fields.filter { $0.key == owner || $0.value.window != field.window } }
        if var field, outsideItsWindow {
            field.outsideItsWindow = true
            fields[owner] = field
        } else {
            fields[owner] = field?.keepingKnownRects(of: previous)
        }
        return true
    }

    /// A window destroyed or withdrawn: its owner, its inputs and its field go.
    mutating func forget(_ window: WindowID) {
        owners[window] = nil
        userInputs[window] = nil
        fields = fields.filter { $0.value.window != window }
    }
}
