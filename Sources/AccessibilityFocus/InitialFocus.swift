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
        var windows: [(window: AccessiblePointer, showingMarked: Bool)] = []
        for application in children(of: desktop, limit: childLimit) {
            let showingMarked = marksFieldsShowing(application)
            windows += children(of: application, limit: childLimit).map { ($0, showingMarked) }
            g_object_unref(UnsafeMutableRawPointer(application))
        }
        // The active window holds the focus that counts; others keep a focused child of their own.
        let activeWindows = windows.filter { reader.hasState($0.window, ATSPI_STATE_ACTIVE) }
        for (window, _) in activeWindows { active(window) }
        let ordered = activeWindows + windows.filter { !reader.hasState($0.window, ATSPI_STATE_ACTIVE) }
        var found: AccessiblePointer?
        for (window, showingMarked) in ordered where found == nil {
            found = searchWindow(window, reader: reader, left: &left, skipsHidden: showingMarked)
        }
        for (window, _) in windows { g_object_unref(UnsafeMutableRawPointer(window)) }
        return found
    }

    /// Whether the application marks what is on screen `SHOWING`: GTK 4.8 marks only its windows (measured,
    /// docs/accessibility.md, "GTK 4"), so there what is not marked may still hold the focus.
    private static func marksFieldsShowing(_ application: AccessiblePointer) -> Bool {
        let toolkit = AccessibleReader.toolkit(of: application)
        return AccessibleFocusUpdate.Coordinates.reported(byToolkit: toolkit.name, version: toolkit.version) != .window
    }

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

    /// What a look into an application's active windows found.
    enum ActiveWindowFocus {
        /// No window of the application is active (yet).
        case noActiveWindow
        /// An active window, without a focused accessible in it.
        case nothingFocused
        /// The focused accessible of an active window (a new reference the caller releases).
        case focused(AccessiblePointer)
    }

    /// The focused accessible in an active window of `application`. For an application that has just joined the
    /// bus: GTK 4.8 sends no focus event for its first window's first activation (measured: `window:activate` 175
    /// ms before the registry's `ChildrenChanged` in most runs, and in some the window activated after it without
    /// any event).
    static func find(inActiveWindowsOf application: AccessiblePointer, using reader: AccessibleReader)
        -> ActiveWindowFocus
    {
        var left = budget
        var result = ActiveWindowFocus.noActiveWindow
        // As at start, what is not showing is skipped where the toolkit marks it: a LibreOffice that has just joined
        // has 1 700 hidden menu items, a few D-Bus calls each to an application still starting, which held this
        // thread (and every sync behind it) for seconds on a loaded machine.
        let skipsHidden = marksFieldsShowing(application)
        for window in children(of: application, limit: childLimit) {
            if case .noActiveWindow = result, reader.hasState(window, ATSPI_STATE_ACTIVE) {
                result = searchWindow(window, reader: reader, left: &left, skipsHidden: skipsHidden)
                    .map { .focused($0) } ?? .nothingFocused
            }
            g_object_unref(UnsafeMutableRawPointer(window))
        }
        return result
    }

    /// The focused accessible inside `window` (a new reference the caller releases), or nil.
    static func find(in window: AccessiblePointer, using reader: AccessibleReader) -> AccessiblePointer? {
        var left = budget
        return searchWindow(window, reader: reader, left: &left)
    }

    /// A window's focused accessible; a focused container that manages its descendants (a Calc sheet keeps the
    /// focus while one of its cells is edited in a paragraph beside it) only when nothing else in it is focused.
    private static func searchWindow(_ window: AccessiblePointer, reader: AccessibleReader, left: inout Int,
                                     skipsHidden: Bool = false) -> AccessiblePointer?
    {
        var container: AccessiblePointer?
        let found = search(window, reader: reader, left: &left, container: &container, isWindow: true,
                           skipsHidden: skipsHidden)
        guard found != nil else { return container }
        if let container { g_object_unref(UnsafeMutableRawPointer(container)) }
        return found
    }


    private static func search(_ node: AccessiblePointer, reader: AccessibleReader, left: inout Int,
                               container: inout AccessiblePointer?, isWindow: Bool = false, skipsHidden: Bool)
        -> AccessiblePointer?
    {
        guard left > 0 else { return nil }
        left -= 1
        if reader.hasState(node, ATSPI_STATE_FOCUSED) {
            guard reader.hasState(node, ATSPI_STATE_MANAGES_DESCENDANTS) else {
                g_object_ref(UnsafeMutableRawPointer(node))
                return node
            }
            if container == nil {
                g_object_ref(UnsafeMutableRawPointer(node))
                container = node
            }
        }
        // What is not showing holds no focus: LibreOffice's hidden menus are 1 700 of its 1 750 accessibles.
        // A window is searched whatever it says (a minimized one may still hold its application's focus).
        guard isWindow || !skipsHidden || reader.hasState(node, ATSPI_STATE_SHOWING) else { return nil }
        var limit = childLimit
        if reader.hasState(node, ATSPI_STATE_MANAGES_DESCENDANTS) {
            // A container that manages its descendants may have millions (a Calc sheet's cells); one that exposes
            // a handful (a Writer document's visible paragraphs) is searched.
            var error: UnsafeMutablePointer<GError>?
            let count = atspi_accessible_get_child_count(node, &error)
            if let error { g_error_free(error) }
            guard count <= managedChildLimit else { return nil }
            limit = managedChildLimit
        }
        var found: AccessiblePointer?
        for child in children(of: node, limit: limit) {
            if found == nil {
                found = search(child, reader: reader, left: &left, container: &container, skipsHidden: skipsHidden)
            }
            g_object_unref(UnsafeMutableRawPointer(child))
        }
        return found
    }

}
