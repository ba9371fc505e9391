import CATSPI

/// The field that already has the focus when the watcher starts: applications announce focus moves, not the focus
/// they have, so a daemon started after a field was focused would otherwise know nothing until the next move
/// (and an application on the bus without a reported field is not adjusted).
///
/// Once, at start, on the watcher thread: each application's windows are searched depth-first for the accessible
/// with `ATSPI_STATE_FOCUSED`, active windows first. Subtrees that are not showing are skipped (not in GTK 4, which
/// marks only its windows), and so are those that manage their descendants (tables, long lists) unless they expose
/// only a few (LibreOffice Writer's document: its visible paragraphs, the focused one among them); the whole search
/// stops after `budget` accessibles, so a huge document costs a bounded number of D-Bus calls (libatspi caches
/// children and states after the first read).
enum InitialFocus {
    static let budget = 4000
    /// The children read of any one accessible.
    static let childLimit: Int32 = 512
    /// A container that manages its descendants is searched when it exposes at most this many.
    static let managedChildLimit: Int32 = 64

    /// The focused accessible of some application (a new reference the caller releases), or nil. `active` is told
    /// every active window met on the way (the same reads: an application that does not answer is waited for once).
    static func find(using reader: AccessibleReader, active: (AccessiblePointer) -> Void = { _ in })
        -> AccessiblePointer?
    {
        guard let desktop = atspi_get_desktop(0) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(desktop)) }
        var left = budget
        var windows: [AccessiblePointer] = []
        for application in children(of: desktop, limit: childLimit) {
            windows += children(of: application, limit: childLimit)
            g_object_unref(UnsafeMutableRawPointer(application))
        }
        // The active window holds the focus that counts; others keep a focused child of their own.
        let activeWindows = windows.filter { reader.hasState($0, ATSPI_STATE_ACTIVE) }
        for window in activeWindows { active(window) }
        let ordered = activeWindows + windows.filter { !reader.hasState($0, ATSPI_STATE_ACTIVE) }
        var found: AccessiblePointer?
        for window in ordered where found == nil {
            found = searchWindow(window, reader: reader, left: &left,
                                 skipsHidden: marksFieldsShowing(window, using: reader))
        }
        for window in windows { g_object_unref(UnsafeMutableRawPointer(window)) }
        return found
    }

    /// Whether the window's application marks what is on screen `SHOWING`, as the window tells: a showing window
    /// none of whose first children shows while one of them is `VISIBLE` does not (GTK 4.8 marks only its windows,
    /// measured, docs/accessibility.md "GTK 4"), and there what is not marked may still hold the focus. A window not
    /// showing, or whose children say nothing, is taken to mark them (its hidden parts are skipped, as in every
    /// toolkit measured but GTK 4). At most a state read of the window, its children and theirs.
    static func marksFieldsShowing(_ window: AccessiblePointer, using reader: AccessibleReader) -> Bool {
        guard reader.hasState(window, ATSPI_STATE_SHOWING) else { return true }
        var showing = false, visibleOnly = false
        for child in children(of: window, limit: markChildLimit) {
            if !showing, let states = atspi_accessible_get_state_set(child) {
                showing = atspi_state_set_contains(states, ATSPI_STATE_SHOWING) != 0
                visibleOnly = visibleOnly || (!showing && atspi_state_set_contains(states, ATSPI_STATE_VISIBLE) != 0)
                g_object_unref(UnsafeMutableRawPointer(states))
            }
            g_object_unref(UnsafeMutableRawPointer(child))
        }
        return showing || !visibleOnly
    }

    /// The children of a window looked at to tell whether its application marks them showing.
    static let markChildLimit: Int32 = 4

    /// The application whose bus name is `busName`, among the desktop's children (a new reference the caller
    /// releases), or nil.
    static func application(named busName: String) -> AccessiblePointer? {
        guard let desktop = atspi_get_desktop(0) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(desktop)) }
        var application: AccessiblePointer?
        for child in children(of: desktop, limit: childLimit) {
            if application == nil, let name = child.pointee.parent.app?.pointee.bus_name,
               String(cString: name) == busName {
                application = child
            } else {
                g_object_unref(UnsafeMutableRawPointer(child))
            }
        }
        return application
    }

    /// The first active window of `application` (a new reference the caller releases), or nil while none is.
    static func activeWindow(of application: AccessiblePointer, using reader: AccessibleReader) -> AccessiblePointer? {
        var active: AccessiblePointer?
        for window in children(of: application, limit: childLimit) {
            if active == nil, reader.hasState(window, ATSPI_STATE_ACTIVE) {
                active = window
            } else {
                g_object_unref(UnsafeMutableRawPointer(window))
            }
        }
        return active
    }

    /// The focused accessible inside `window` (a new reference the caller releases), or nil.
    static func find(in window: AccessiblePointer, using reader: AccessibleReader) -> AccessiblePointer? {
        var left = budget
        return searchWindow(window, reader: reader, left: &left)
    }

    /// A window's focused accessible (`FocusSearch`), searched to the end at once.
    private static func searchWindow(_ window: AccessiblePointer, reader: AccessibleReader, left: inout Int,
                                     skipsHidden: Bool = false) -> AccessiblePointer?
    {
        let search = FocusSearch(window: window, budget: left, skipsHidden: skipsHidden)
        while !search.isDone { search.step(using: reader) }
        left = search.left
        return search.takeResult()
    }
}
