import CATSPI
import OskshiftCore

typealias AccessiblePointer = UnsafeMutablePointer<AtspiAccessible>

/// New references to an accessible's children (the caller releases each), at most `limit` of them; a child that
/// cannot be read is left out. The corresponding calls are `atspi_accessible_get_child_count` and
/// `atspi_accessible_get_child_at_index`.
func children(of node: AccessiblePointer, limit: Int32 = .max) -> [AccessiblePointer] {
    var error: UnsafeMutablePointer<GError>?
    let count = atspi_accessible_get_child_count(node, &error)
    if let error { g_error_free(error) }
    var result: [AccessiblePointer] = []
    for index in 0..<max(0, min(count, limit)) {
        var error: UnsafeMutablePointer<GError>?
        if let child = atspi_accessible_get_child_at_index(node, index, &error) { result.append(child) }
        if let error { g_error_free(error) }
    }
    return result
}

/// Reads what the watcher needs from one accessible. Every call here may be a D-Bus round trip to the
/// application (libatspi caches roles, and parents for some toolkits; extents, caret, states and PID are asked each
/// time, measured with GTK3; the memos below keep what does not change), so it
/// runs on the watcher thread only, where a slow application (libatspi waits up to 800 ms, 15 s in an
/// application's first 15 s) delays only other AT-SPI reads.
struct AccessibleReader {
    /// Per application connection (`AtspiApplication.bus_name`, never reused on a bus): PID, toolkit name and
    /// version, which would otherwise cost round trips per event; a part not answered yet is asked again at the
    /// application's next event (`ApplicationFacts`).
    private var applications: [String: ApplicationFacts] = [:]
    /// The states of every field read so far (each referenced, so no other accessible takes its address; at
    /// most 512, then it starts over): GTK3's state sets are not in libatspi's cache, so each
    /// `atspi_accessible_get_state_set` is a round trip, three per focus move and one per caret move before
    /// (measured: 0.2 ms at the median, 0.4 ms at p90 of a Tab). Only editable ones are kept, and what is kept
    /// does not change while a field lives: single-line or multi-line.
    private var knownStates = AccessibleMemo<TextFieldStates>()
    /// Every accessible met on a walk up to a top-level, and that top-level (both referenced): fields of one
    /// window share their ancestors, so a focus move to a field not seen before costs one parent read instead of
    /// a parent and a role read per level (measured: 4 round trips, 1.3 ms of a 5 ms Tab in GTK3).
    private var toplevelMemo = AccessibleMemo<WalkEnd>.toplevels()
    /// The top-levels whose screen extents were read and posted, each with the number that names it to the daemon
    /// (`AccessibleFocusUpdate.toplevelID`, never reused). Keyed by address, so valid only while the memo holds
    /// them: emptied when the memo starts over (`toplevelMemo.generation`) and for a top-level it forgets.
    private var postedToplevels: [AccessiblePointer: UInt] = [:]
    private var postedGeneration = 0
    private var lastToplevelID: UInt = 0
    /// What the daemon learnt of each application's coordinates (`ApplicationCoordinates`).
    private let learnt: LearntCoordinates

    init(learnt: LearntCoordinates = LearntCoordinates()) {
        self.learnt = learnt
    }

    /// The kind of a newly focused accessible, from its state set and (when not editable) its role.
    /// The corresponding calls are `atspi_accessible_get_state_set` and `atspi_accessible_get_role`.
    mutating func kind(of accessible: AccessiblePointer) -> FocusTracker<AccessiblePointer>.Kind {
        if states(of: accessible).editable { return .editable }
        let role = role(of: accessible)
        return Self.isWindow(role) || role == ATSPI_ROLE_APPLICATION ? .toplevel : .other
    }

    /// The accessible's states as the watcher follows them (`TextFieldStates.followed`: a terminal is a field): as
    /// first read for a field, read each time for anything else.
    mutating func states(of accessible: AccessiblePointer) -> TextFieldStates {
        if let known = knownStates[accessible] { return known }
        var editable = false, singleLine = false, multiLine = false
        if let set = atspi_accessible_get_state_set(accessible) {
            editable = atspi_state_set_contains(set, ATSPI_STATE_EDITABLE) != 0
            singleLine = atspi_state_set_contains(set, ATSPI_STATE_SINGLE_LINE) != 0
            multiLine = atspi_state_set_contains(set, ATSPI_STATE_MULTI_LINE) != 0
            g_object_unref(UnsafeMutableRawPointer(set))
        }
        let terminal = !editable && role(of: accessible) == ATSPI_ROLE_TERMINAL
        let states = TextFieldStates.followed(
            editable: editable, singleLine: singleLine, multiLine: multiLine, terminal: terminal)
        // Only fields are remembered: a browser may announce the focus on an element before it turns editable.
        guard states.editable else { return states }
        knownStates.remember(states, for: accessible)
        return states
    }

    /// The coordinates the accessible's application is asked in: its window's once the daemon learnt that its screen
    /// coordinates are those (`ScreenCoordinates`: GTK 4), the screen's otherwise.
    mutating func coordinates(of accessible: AccessiblePointer) -> AccessibleFocusUpdate.Coordinates {
        application(of: accessible).coordinates
    }

    /// `atspi_accessible_get_process_id`, cached per application; 0 when the bus does not say.
    mutating func pid(of accessible: AccessiblePointer) -> Int32 {
        application(of: accessible).pid
    }

    /// The field's geometry now, in the application's screen coordinates; and its top-level accessible (a new
    /// reference the caller releases), whose bounds events may mean the field moved. `knownToplevel`: the
    /// top-level found at an earlier read of the same field, which saves walking the parents again (a D-Bus call
    /// or more per level; measured 0.3-0.7 ms of a 1-1.5 ms read) at every caret move while typing.
    mutating func read(_ accessible: AccessiblePointer, change: AccessibleFocusUpdate.Change, timeMs: UInt64,
                       knownToplevel: AccessiblePointer? = nil)
        -> (update: AccessibleFocusUpdate, toplevel: AccessiblePointer?)
    {
        let app = application(of: accessible)
        let states = states(of: accessible)
        let lineMode = app.lineMode(states)
        let walk: WalkEnd?
        if let knownToplevel, let remembered = toplevelMemo[accessible], remembered.toplevel == knownToplevel {
            g_object_ref(UnsafeMutableRawPointer(knownToplevel))
            walk = remembered
        } else {
            walk = toplevelAncestor(of: accessible)
        }
        let toplevel = walk?.toplevel
        // GTK 4 is asked in window coordinates: it has no others (its screen extents are the same numbers, with
        // a warning on its stderr per call, and its text refuses them).
        let coordinates = app.coordinateType
        // LibreOffice's VCL reports what lies under its root pane displaced (`PaneOffset`): corrected here, where
        // the rects are read, so that everything after sees where the field is on the screen.
        let offset = walk?.paneOffset
        let windowCoordinates = app.pid == 0 ? WindowCoordinates.Learnt() : learnt[app.pid].window
        if let toplevel, offset == nil, windowCoordinates.usable,
           let update = inWindowRead(of: accessible, in: toplevel, app: app, editable: states.editable,
                                     lineMode: lineMode, change: change, timeMs: timeMs) {
            return (update, toplevel)
        }
        // While what the application's window coordinates are relative to is still being learnt, a focus (or
        // bounds, or still) read of a window placed on the screen path samples them: the same field in window
        // coordinates, between the same two reads of the top-level, one round trip more (not at every key).
        let samples = windowCoordinates.wantsSamples && app.pid != 0 && toplevel != nil && offset == nil
            && app.coordinates == .screen && (change == .focus || change == .bounds || change == .still)
        func fields() -> FieldRects {
            fieldRects(of: accessible, in: coordinates, app: app, states: states, lineMode: lineMode, offset: offset,
                       samples: samples)
        }
        func toplevelRead() -> ReportedExtents? { toplevel.flatMap { extents(of: $0, in: coordinates) } }
        // Screen rects go stale with a move of the window the application takes in between two calls.
        let read = toplevel != nil && app.coordinates == .screen
            ? BracketedRead.read(toplevel: toplevelRead, fields: fields) : (fields: fields(), toplevel: toplevelRead())
        let (widget, caret, sample, caretInWindow) = read.fields
        let toplevelExtents = read.toplevel
        if let toplevel, toplevelExtents == nil { forgetToplevel(toplevel) }
        var update = AccessibleFocusUpdate(
            editable: states.editable, pid: app.pid, widget: widget, caret: caret,
            toplevel: toplevelExtents?.fieldRect, lineMode: lineMode, toolkit: app.toolkit,
            toolkitVersion: app.toolkitVersion, coordinates: app.coordinates, change: change, timeMs: timeMs)
        update.paneOffset = offset
        update.sampleInWindow = sample
        update.caretInWindow = caretInWindow
        if let toplevel, toplevelExtents?.fieldRect != nil { update.toplevelID = noteToplevelPosted(toplevel) }
        return (update, toplevel)
    }

    /// The rects one read takes of a field: its extents, its caret box (when it matters), and the samples that
    /// teach what the application's coordinates are (`samples`: the field in window coordinates too).
    typealias FieldRects = (widget: Rect?, caret: Rect?, sample: Rect?, caretInWindow: Rect?)

    private func fieldRects(of accessible: AccessiblePointer, in coordinates: AtspiCoordType, app: ApplicationFacts,
                            states: TextFieldStates, lineMode: AccessibleFocusUpdate.LineMode, offset: Point?,
                            samples: Bool) -> FieldRects {
        var widget = PaneOffset.corrected(extents(of: accessible, in: coordinates)?.fieldRect, by: offset)
        // A single-line field is cleared whole (Policy): its caret box, two more round trips, would change
        // nothing. Read anyway while the field's own bounds are unknown (Firefox's -1 extents), as a stand-in.
        let caretRead = lineMode == .single && widget != nil
            ? (rect: nil, refused: false) : caretRead(of: accessible, in: coordinates)
        let caret = PaneOffset.corrected(caretRead.rect, by: offset)
        let sample = samples && widget != nil && !states.terminal
            ? extents(of: accessible, in: ATSPI_COORD_TYPE_WINDOW)?.fieldRect : nil
        // A multi-line field whose application refused its caret box on the screen: asked in window coordinates
        // (GTK 4's text views answer there), which tells the daemon that application has no screen coordinates
        // where its window's place cannot (a window at 0,0; `ScreenCoordinates`).
        let caretInWindow = caretRead.refused && app.coordinates == .screen && states.multiLine && offset == nil
            ? caretRect(of: accessible, in: ATSPI_COORD_TYPE_WINDOW) : nil
        // A terminal's field is its cursor's line (TextFieldStates).
        if states.terminal { widget = TextFieldStates.cursorLine(terminal: widget, cursor: caret) }
        return (widget, caret, sample, caretInWindow)
    }

    /// A newly focused (or typed-in) single-line field of a window already placed (its top-level read on the screen
    /// path): the field relative to its window is all the daemon needs, one round trip instead of two
    /// (`WindowCoordinates`), and it cannot be half before and half after a move of the window. On the screen path
    /// Firefox's caret event right after our move answered the field where it was before the move and its top-level
    /// where it was after, and the window climbed by the move once more. Nil when the read is not one of those.
    private mutating func inWindowRead(of accessible: AccessiblePointer, in toplevel: AccessiblePointer, app: ApplicationFacts,
                              editable: Bool, lineMode: AccessibleFocusUpdate.LineMode,
                              change: AccessibleFocusUpdate.Change, timeMs: UInt64) -> AccessibleFocusUpdate? {
        guard change == .focus || change == .caret || change == .text, lineMode == .single,
              app.coordinates == .screen, let id = postedID(of: toplevel),
              let inWindow = inWindowRect(of: accessible, in: toplevel, bracketed: change == .focus)
        else { return nil }
        var update = AccessibleFocusUpdate(editable: editable, pid: app.pid, lineMode: lineMode, toolkit: app.toolkit,
                                           change: change, timeMs: timeMs)
        update.widgetInWindow = inWindow
        update.toplevelID = id
        return update
    }

    /// A field's rect in its window. GTK 3 computes it from two origins it asks the X server for, and a move of the
    /// window between them (the window manager's restore as the keyboard goes, which gives the form the focus
    /// back under blackbox) made it 221 px off (y 37 for 258); a focus read, the one a placement starts from, is
    /// bracketed by reads of the top-level on the screen (`BracketedRead`). Caret and text reads, at every key,
    /// stay one round trip.
    private func inWindowRect(of accessible: AccessiblePointer, in toplevel: AccessiblePointer, bracketed: Bool)
        -> Rect?
    {
        let field = { self.extents(of: accessible, in: ATSPI_COORD_TYPE_WINDOW)?.fieldRect }
        guard bracketed else { return field() }
        return BracketedRead.read(toplevel: { self.extents(of: toplevel, in: ATSPI_COORD_TYPE_SCREEN) },
                                  fields: field).fields
    }

    /// The number naming a top-level whose screen extents were posted, while the memo still holds it.
    private mutating func postedID(of toplevel: AccessiblePointer) -> UInt? {
        if postedGeneration != toplevelMemo.generation {
            postedToplevels = [:]
            postedGeneration = toplevelMemo.generation
        }
        return postedToplevels[toplevel]
    }

    private mutating func noteToplevelPosted(_ toplevel: AccessiblePointer) -> UInt {
        if let known = postedID(of: toplevel) { return known }
        // Only a top-level the memo holds keeps its address to itself (a field's own top-level is remembered at its
        // walk; an application's direct child standing for its window is too).
        guard toplevelMemo.holds(toplevel) else { return 0 }
        lastToplevelID += 1
        postedToplevels[toplevel] = lastToplevelID
        return lastToplevelID
    }

    // MARK: - libatspi calls

    /// `atspi_component_get_extents(..., ATSPI_COORD_TYPE_SCREEN, ...)`; nil when the accessible has no
    /// Component interface or the call failed.
    func screenExtents(of accessible: AccessiblePointer) -> ReportedExtents? {
        extents(of: accessible, in: ATSPI_COORD_TYPE_SCREEN)
    }

    /// `atspi_component_get_extents` in `coordinates` (screen, or window: relative to the accessible's window).
    func extents(of accessible: AccessiblePointer, in coordinates: AtspiCoordType) -> ReportedExtents? {
        guard let component = atspi_accessible_get_component_iface(accessible) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(component)) }
        var error: UnsafeMutablePointer<GError>?
        let rect = atspi_component_get_extents(component, coordinates, &error)
        return Self.consume(rect, error)
    }

    /// The caret's box: `atspi_text_get_caret_offset`, then `atspi_text_get_character_extents` at that offset,
    /// and at the offset before it when the first says nothing (caret after the last character).
    func caretRect(of accessible: AccessiblePointer, in coordinates: AtspiCoordType = ATSPI_COORD_TYPE_SCREEN)
        -> Rect?
    {
        caretRead(of: accessible, in: coordinates).rect
    }

    /// `caretRect`, and whether the application refused the coordinates asked: an error for the box at the caret's
    /// offset, not an empty answer (GTK 4 answers "Unsupported coordinate space" for screen coordinates).
    func caretRead(of accessible: AccessiblePointer, in coordinates: AtspiCoordType) -> (rect: Rect?, refused: Bool) {
        guard let text = atspi_accessible_get_text_iface(accessible) else { return (nil, false) }
        defer { g_object_unref(UnsafeMutableRawPointer(text)) }
        var error: UnsafeMutablePointer<GError>?
        let offset = atspi_text_get_caret_offset(text, &error)
        if let error {
            g_error_free(error)
            return (nil, false)
        }
        guard offset >= 0 else { return (nil, false) }
        var refused = false
        func box(at index: Int32) -> ReportedExtents? {
            var error: UnsafeMutablePointer<GError>?
            let rect = atspi_text_get_character_extents(text, index, coordinates, &error)
            if index == offset && error != nil { refused = true }
            return Self.consume(rect, error)
        }
        let atCaret = box(at: offset)
        let beforeCaret = atCaret?.caretRect == nil && offset > 0 ? box(at: offset - 1) : nil
        return (CaretPlacement.caret(atCaret: atCaret, beforeCaret: beforeCaret), refused)
    }

    /// The nearest frame, window or dialog above the accessible (`atspi_accessible_get_parent` and the
    /// parents' roles, or the memo of earlier walks), as a new reference; and the offset of the root pane the
    /// accessible lies under, when its application reports that pane displaced (`PaneOffset`, measured on the walk:
    /// the pane's and its container's extents, two round trips once per pane).
    mutating func toplevelAncestor(of accessible: AccessiblePointer) -> WalkEnd? {
        if let known = toplevelMemo.walkEnd(of: accessible) { return known }
        var visited = [accessible]
        // How many of `visited` lie under the root pane met on this walk, and its offset.
        var underPane: Int?
        var pane: AccessiblePointer?
        defer { if let pane { g_object_unref(UnsafeMutableRawPointer(pane)) } }
        func ended(at toplevel: AccessiblePointer, inherited: Point? = nil, remembering: [AccessiblePointer]) -> WalkEnd {
            if let underPane, let pane {
                let found = paneDisplacement(of: pane, in: toplevel)
                // What lies under the pane belongs to the application's window that holds it: LibreOffice's own
                // frame above the pane reports the client's height, the GTK window's frame the frame.
                let window = found.window ?? toplevel
                // A measure that cannot be trusted (read while the window was being placed: the pane and its
                // container of different sizes) is not remembered, or every later read would keep it: the next
                // read under the pane walks up to it and measures again.
                if found.trusted {
                    toplevelMemo.remember(remembering.prefix(underPane),
                                          WalkEnd(toplevel: window, paneOffset: found.offset))
                }
                toplevelMemo.remember(remembering.dropFirst(underPane), WalkEnd(toplevel: toplevel, paneOffset: nil))
                if found.window != nil { g_object_unref(UnsafeMutableRawPointer(toplevel)) }
                return WalkEnd(toplevel: window, paneOffset: found.offset)
            }
            toplevelMemo.remember(remembering, WalkEnd(toplevel: toplevel, paneOffset: inherited))
            return WalkEnd(toplevel: toplevel, paneOffset: inherited)
        }
        var current = accessible
        g_object_ref(UnsafeMutableRawPointer(current))
        // Deep widget trees are a few dozen levels; the bound only guards against a cyclic tree from a buggy app.
        for _ in 0..<128 {
            var error: UnsafeMutablePointer<GError>?
            let parent = atspi_accessible_get_parent(current, &error)
            if let error { g_error_free(error) }
            guard let parent else {
                g_object_unref(UnsafeMutableRawPointer(current))
                return nil
            }
            if let known = toplevelMemo.walkEnd(of: parent) {
                g_object_unref(UnsafeMutableRawPointer(parent))
                g_object_unref(UnsafeMutableRawPointer(current))
                // Met below a pane of its own walk or an earlier one: everything visited lies under that pane.
                return ended(at: known.toplevel, inherited: known.paneOffset, remembering: visited)
            }
            let parentRole = role(of: parent)
            if Self.isWindow(parentRole) {
                g_object_unref(UnsafeMutableRawPointer(current))
                return ended(at: parent, remembering: visited)
            }
            if parentRole == ATSPI_ROLE_APPLICATION || parentRole == ATSPI_ROLE_DESKTOP_FRAME {
                g_object_unref(UnsafeMutableRawPointer(parent))
                // A top-level whose role is no window's (Qt's plain QWidget windows are `filler`): the
                // application's direct child stands for the window.
                if current != accessible {
                    return ended(at: current, remembering: Array(visited.dropLast()))
                }
                g_object_unref(UnsafeMutableRawPointer(current))
                return nil
            }
            if parentRole == ATSPI_ROLE_ROOT_PANE && underPane == nil {
                underPane = visited.count
                g_object_ref(UnsafeMutableRawPointer(parent))
                pane = parent
            }
            g_object_unref(UnsafeMutableRawPointer(current))
            current = parent
            visited.append(parent)
        }
        g_object_unref(UnsafeMutableRawPointer(current))
        return nil
    }

    /// `PaneOffset.correction` for a root pane: its extents and its container's. The container is looked for
    /// among the application's windows and their descendants, four levels down at most and showing ones only:
    /// LibreOffice's VCL names a frame of its own as the root pane's parent (902x560+99+130 for a 902x585+99+130
    /// window frame, or the window's frame itself), while the pane sits in a GTK panel below the menu bar's, under
    /// the GTK window's frame.
    /// `trusted` is false for a pane and container read of different sizes (`PaneOffset.Measure.untrusted`).
    mutating func paneDisplacement(of pane: AccessiblePointer, in toplevel: AccessiblePointer)
        -> (offset: Point?, window: AccessiblePointer?, trusted: Bool)
    {
        var error: UnsafeMutablePointer<GError>?
        guard let application = atspi_accessible_get_application(pane, &error) else {
            if let error { g_error_free(error) }
            return (nil, nil, true)
        }
        if let error { g_error_free(error) }
        // Each node with the application's window it lies in (nil for the application itself); all referenced.
        var level: [(node: AccessiblePointer, window: AccessiblePointer?)] = [(application, nil)]
        // The windows are held for as long as entries below them name them.
        var windows: [AccessiblePointer] = []
        defer {
            for entry in level { g_object_unref(UnsafeMutableRawPointer(entry.node)) }
            for window in windows { g_object_unref(UnsafeMutableRawPointer(window)) }
        }
        for _ in 0..<4 {
            var next: [(node: AccessiblePointer, window: AccessiblePointer?)] = []
            var found: (offset: Point?, window: AccessiblePointer?, trusted: Bool)?
            for entry in level where found == nil {
                let kids = children(of: entry.node, limit: 16)
                if let window = entry.window, kids.contains(pane) {
                    g_object_ref(UnsafeMutableRawPointer(window))
                    switch PaneOffset.measure(pane: screenExtents(of: pane)?.fieldRect,
                                              container: screenExtents(of: entry.node)?.fieldRect) {
                    case .displaced(let offset): found = (offset, window, true)
                    case .inPlace: found = (nil, window, true)
                    case .untrusted: found = (nil, window, false)
                    }
                }
                for kid in kids {
                    // The application's windows are searched whatever they say; below them, what is showing.
                    if found == nil && (entry.window == nil || hasState(kid, ATSPI_STATE_SHOWING)) {
                        if entry.window == nil {
                            g_object_ref(UnsafeMutableRawPointer(kid))
                            windows.append(kid)
                        }
                        next.append((kid, entry.window ?? kid))
                    } else {
                        g_object_unref(UnsafeMutableRawPointer(kid))
                    }
                }
            }
            for entry in level { g_object_unref(UnsafeMutableRawPointer(entry.node)) }
            level = next
            if let found {
                guard found.offset != nil else {
                    if let window = found.window { g_object_unref(UnsafeMutableRawPointer(window)) }
                    return (nil, nil, found.trusted)
                }
                return found
            }
        }
        return (nil, nil, true)
    }

    /// Drops the memo's answer for this top-level (its extents could not be read: the window is gone).
    mutating func forgetToplevel(_ toplevel: AccessiblePointer) {
        toplevelMemo.forget { $0.toplevel == toplevel }
        postedToplevels[toplevel] = nil
    }

    func hasState(_ accessible: AccessiblePointer, _ state: AtspiStateType) -> Bool {
        guard let states = atspi_accessible_get_state_set(accessible) else { return false }
        defer { g_object_unref(UnsafeMutableRawPointer(states)) }
        return atspi_state_set_contains(states, state) != 0
    }

    func role(of accessible: AccessiblePointer) -> AtspiRole {
        var error: UnsafeMutablePointer<GError>?
        let role = atspi_accessible_get_role(accessible, &error)
        if let error {
            g_error_free(error)
            return ATSPI_ROLE_INVALID
        }
        return role
    }

    /// The facts of the accessible's application: what was asked before and answered, and what was not asked again
    /// (`ApplicationFacts`: an empty answer is asked again at the next event).
    private mutating func application(of accessible: AccessiblePointer) -> ApplicationFacts {
        guard let app = accessible.pointee.parent.app, let busName = app.pointee.bus_name else {
            return ApplicationFacts()
        }
        let key = String(cString: busName)
        var facts = applications[key] ?? ApplicationFacts()
        if !facts.isComplete {
            if facts.pid == 0 {
                var error: UnsafeMutablePointer<GError>?
                let pid = atspi_accessible_get_process_id(accessible, &error)
                if let error { g_error_free(error) }
                facts.pid = Int32(truncatingIfNeeded: pid)
            }
            if facts.toolkit.isEmpty {
                let toolkit = Self.toolkit(ofApplicationOf: accessible)
                facts.learn(toolkit: toolkit.name, version: toolkit.version)
            }
            applications[key] = facts
        }
        // Looked up at every read (a lock, no round trip): the daemon learns it from the reads it is sent.
        facts.coordinates = facts.pid != 0 && learnt[facts.pid].screen.isWindowRelative ? .window : .screen
        return facts
    }

    /// The toolkit of the accessible's application, asked of its root: libatspi asks the Application interface's
    /// properties on the object's own path, which GTK 3, Qt, Firefox and Chromium answer on any object and GTK 4 only
    /// on its root (measured: GTK 4.8 answered nothing on a field). libatspi knows an application's root once
    /// something referred to it (the desktop's children, a walk up the parents); until then the accessible itself is
    /// asked (one round trip), and only when that says nothing is the root fetched by walking up
    /// (`atspi_accessible_get_application`, a parent read per level: walked for every application, the first read of
    /// a Firefox input took 50 ms instead of 9).
    static func toolkit(ofApplicationOf accessible: AccessiblePointer) -> (name: String, version: String) {
        if let root = accessible.pointee.parent.app?.pointee.root { return toolkit(of: root) }
        let answer = toolkit(of: accessible)
        guard answer.name.isEmpty else { return answer }
        var error: UnsafeMutablePointer<GError>?
        let root = atspi_accessible_get_application(accessible, &error)
        if let error { g_error_free(error) }
        guard let root else { return answer }
        defer { g_object_unref(UnsafeMutableRawPointer(root)) }
        return toolkit(of: root)
    }

    /// The toolkit's name and version as `root` (an application's root accessible) reports them; "" when not.
    static func toolkit(of root: AccessiblePointer) -> (name: String, version: String) {
        func string(_ read: (UnsafeMutablePointer<UnsafeMutablePointer<GError>?>) -> UnsafeMutablePointer<gchar>?)
            -> String
        {
            var error: UnsafeMutablePointer<GError>?
            defer { if let error { g_error_free(error) } }
            guard let value = read(&error) else { return "" }
            defer { g_free(value) }
            return String(cString: value)
        }
        return (string { atspi_accessible_get_toolkit_name(root, $0) },
                string { atspi_accessible_get_toolkit_version(root, $0) })
    }

    /// Roles of accessibles that stand for a top-level X window.
    private static func isWindow(_ role: AtspiRole) -> Bool {
        role == ATSPI_ROLE_FRAME || role == ATSPI_ROLE_WINDOW || role == ATSPI_ROLE_DIALOG
            || role == ATSPI_ROLE_ALERT || role == ATSPI_ROLE_FILE_CHOOSER
    }

    /// Takes ownership of a returned `AtspiRect` (g_free) and its error.
    private static func consume(_ rect: UnsafeMutablePointer<AtspiRect>?, _ error: UnsafeMutablePointer<GError>?)
        -> ReportedExtents?
    {
        if let error { g_error_free(error) }
        guard let rect else { return nil }
        defer { g_free(rect) }
        return ReportedExtents(x: rect.pointee.x, y: rect.pointee.y, width: rect.pointee.width,
                               height: rect.pointee.height)
    }
}
