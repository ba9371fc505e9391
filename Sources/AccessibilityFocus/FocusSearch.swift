import CATSPI

/// The search of one window for its focused accessible, depth-first, one accessible per `step`: at start it runs to
/// the end at once (`InitialFocus`); for an application that has just joined the bus the watcher runs one step per
/// turn of its main loop. Why steps there: every read is a D-Bus round trip to an application that is still
/// starting, and a LibreOffice starting under load answered each one in 100 ms to 1 s; searched at once, its window
/// held the watcher thread for 4 to 7 s, and every event and sync marker waited behind it (`oskshift status --sync`
/// gave up after 5 s). Between steps they go first, and the search's work still to do is reported as due now.
///
/// What is not showing is skipped where the toolkit marks it (`skipsHidden`; LibreOffice's hidden menus are 1 700 of
/// its 1 750 accessibles), a window whatever it says (a minimized one may still hold its application's focus). A
/// container that manages its descendants (a Calc sheet: millions of cells) is entered only when it exposes a few
/// (a Writer document's visible paragraphs). A focused container of that kind (a Calc sheet keeps the focus while one
/// of its cells is edited in a paragraph beside it) is the result only when nothing else in the window is focused.
/// The search stops after `budget` accessibles.
final class FocusSearch {
    /// An accessible being searched (a held reference), how many of its children are searched, and the next one.
    private struct Level {
        let node: AccessiblePointer
        let count: Int32
        var next: Int32 = 0
    }

    private var window: AccessiblePointer?
    private var levels: [Level] = []
    private(set) var left: Int
    private let skipsHidden: Bool
    private var focused: AccessiblePointer?
    private var container: AccessiblePointer?

    init(window: AccessiblePointer, budget: Int, skipsHidden: Bool) {
        g_object_ref(UnsafeMutableRawPointer(window))
        self.window = window
        left = budget
        self.skipsHidden = skipsHidden
    }

    deinit {
        if let window { g_object_unref(UnsafeMutableRawPointer(window)) }
        levels.forEach { g_object_unref(UnsafeMutableRawPointer($0.node)) }
        if let focused { g_object_unref(UnsafeMutableRawPointer(focused)) }
        if let container { g_object_unref(UnsafeMutableRawPointer(container)) }
    }

    var isDone: Bool { focused != nil || left <= 0 || (window == nil && levels.isEmpty) }

    /// Visits the next accessible: at most three round trips (the child itself, its states, its child count).
    func step(using reader: AccessibleReader) {
        guard !isDone else { return }
        if let window {
            self.window = nil
            visit(window, isWindow: true)
            g_object_unref(UnsafeMutableRawPointer(window))
            return
        }
        while let last = levels.last, last.next >= last.count {
            g_object_unref(UnsafeMutableRawPointer(last.node))
            levels.removeLast()
        }
        guard let parent = levels.last else { return }
        levels[levels.count - 1].next += 1
        var error: UnsafeMutablePointer<GError>?
        let child = atspi_accessible_get_child_at_index(parent.node, parent.next, &error)
        if let error { g_error_free(error) }
        guard let child else { return }  // a child that cannot be read is left out
        visit(child, isWindow: false)
        g_object_unref(UnsafeMutableRawPointer(child))
    }

    private func visit(_ node: AccessiblePointer, isWindow: Bool) {
        left -= 1
        // One round trip for the three states asked here.
        let states = atspi_accessible_get_state_set(node)
        defer { if let states { g_object_unref(UnsafeMutableRawPointer(states)) } }
        func has(_ state: AtspiStateType) -> Bool { states.map { atspi_state_set_contains($0, state) != 0 } ?? false }
        let managesDescendants = has(ATSPI_STATE_MANAGES_DESCENDANTS)
        if has(ATSPI_STATE_FOCUSED), !managesDescendants || container == nil {
            g_object_ref(UnsafeMutableRawPointer(node))
            guard managesDescendants else {
                focused = node
                return
            }
            container = node
        }
        guard isWindow || !skipsHidden || has(ATSPI_STATE_SHOWING) else { return }
        var error: UnsafeMutablePointer<GError>?
        let count = atspi_accessible_get_child_count(node, &error)
        if let error { g_error_free(error) }
        guard !managesDescendants || count <= InitialFocus.managedChildLimit else { return }
        let limit = managesDescendants ? InitialFocus.managedChildLimit : InitialFocus.childLimit
        guard count > 0 else { return }
        g_object_ref(UnsafeMutableRawPointer(node))
        levels.append(Level(node: node, count: min(count, limit)))
    }

    /// Once done: the focused accessible, else the focused container met (a new reference the caller releases), or
    /// nil. Taken once.
    func takeResult() -> AccessiblePointer? {
        defer { (focused, container) = (nil, nil) }
        if let focused {
            if let container { g_object_unref(UnsafeMutableRawPointer(container)) }
            return focused
        }
        return container
    }
}
