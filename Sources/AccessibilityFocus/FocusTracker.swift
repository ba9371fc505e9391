import OskshiftCore

/// Which accessible holds the focus, from AT-SPI events that arrive twice and out of order.
///
/// A value type with one method per event that returns what the shell must do; the shell reads geometry over
/// D-Bus, the tracker never does. `Ref` identifies an accessible (the shell uses the address of libatspi's
/// cached `AtspiAccessible`, which is unique per application and object path while a reference is held).
///
/// What it guarantees:
/// - The last focused EDITABLE is kept: events for other accessibles (a focus-out of the previous entry arriving
///   after the focus-in of the next one, caret moves elsewhere) do not disturb it.
/// - Focus to a non-editable reports "left editable" once; the top-level's own focus notice on window
///   activation does not (the entry's focus event follows it).
/// - A focus-out of the tracked editable alone reports nothing: GTK sends the old field's focus-out and the new
///   field's focus-in as separate messages, sometimes milliseconds apart (measured under Xvfb), and reporting
///   "left" in between would make the window flicker. The next focus event decides: an editable is tracked,
///   anything else reports "left editable". Focus that leaves for a window without AT-SPI reports nothing;
///   the daemon sees that window change on the X side.
/// - Until then the field lost is still followed for its geometry (its bounds events, its top-level's resizes,
///   the daemon's reads): the engine still holds it as the window's field, and the window may be re-laid out
///   meanwhile. A keyboard that takes the X focus as it maps (xvkbd under blackbox) leaves the field focused-out
///   for as long as it is up, and its events are ignored: GTK3 maximized by blackbox laid its form out at the new
///   size only after xvkbd had taken the focus, and the engine kept the field at its old place, clear of the
///   keyboard.
/// - The keyboard's own processes are ignored entirely.
/// - A caret move in an accessible it does not follow makes it ask whether that one has the focus: GTK 4 announces
///   no focus its window already had when the application joined the bus (measured with GTK 4.8: a form started
///   with its text view focused sent no focus event at all), so typing there would otherwise never be followed.
///   Only caret moves: text changes come from labels too, and a caret belongs to a field.
/// - A window activated while no field of its process is followed makes it ask for the focus inside that window:
///   a GTK 4 window's first activation sends `window:activate` but no focus event (GTK 4.8, measured). An activation
///   that re-sent the focus (every other one) finds the field followed already.
struct FocusTracker<Ref: Hashable> {
    /// What a focused accessible is, as far as the tracker cares.
    enum Kind: Equatable {
        /// `ATSPI_STATE_EDITABLE`.
        case editable
        /// A frame, window, dialog or application: announces the window, not the field.
        case toplevel
        case other
    }

    enum Input: Equatable {
        /// `object:state-changed:focused` with detail1 = 1, or `focus:`.
        case focused(Ref, pid: Int32, kind: Kind)
        /// `object:state-changed:focused` with detail1 = 0.
        case unfocused(Ref)
        case caretMoved(Ref)
        case textChanged(Ref)
        /// `object:bounds-changed`, with the new extents' size when the event carried them.
        case boundsChanged(Ref, size: Size?)
        /// The shell read the tracked field: its top-level and that top-level's size, for bounds events.
        case toplevelRead(field: Ref, toplevel: Ref?, size: Size?)
        /// `window:activate` of this top-level.
        case windowActivated(Ref, pid: Int32)
    }

    enum Action: Equatable {
        case none
        /// Read the field's geometry and post it (the shell drops it when nothing changed).
        case read(Ref, AccessibleFocusUpdate.Change)
        /// Post "focus left editable" for the application that had it.
        case leftEditable(pid: Int32)
        /// Ask whether this accessible has the focus (`ATSPI_STATE_FOCUSED`); if so, it is a focus on it.
        case askWhetherFocused(Ref)
        /// Look for the focused accessible inside this window (GTK 4 only, the shell decides); found, it is a focus.
        case findFocus(inWindow: Ref)
    }

    private enum State: Equatable {
        /// No editable has focus and "left editable" was posted (or nothing was ever focused).
        case idle
        /// This editable has focus.
        case tracking(Tracked)
        /// The editable lost focus; the next focus event says where focus went. Its geometry is still followed.
        case losing(Tracked)
    }

    private struct Tracked: Equatable {
        var field: Ref
        var pid: Int32
        var toplevel: Ref?
        var toplevelSize: Size?
    }

    private var state: State = .idle
    let ignoredPIDs: Set<Int32>

    init(ignoredPIDs: Set<Int32>) {
        self.ignoredPIDs = ignoredPIDs
    }

    /// An editable of this process is being followed.
    func isTracking(pid: Int32) -> Bool {
        if case .tracking(let tracked) = state { return tracked.pid == pid }
        return false
    }

    /// The editable being followed, if any.
    var trackedField: Ref? {
        if case .tracking(let tracked) = state { return tracked.field }
        return nil
    }

    /// The editable whose geometry is followed: the focused one, or the one that lost the focus until the next
    /// focus event says where it went (the daemon still holds it as its window's field).
    var followedField: Ref? { followed?.field }

    /// The process of the editable followed, as its focus event named it.
    var followedPID: Int32? { followed?.pid }

    private var followed: Tracked? {
        switch state {
        case .tracking(let tracked), .losing(let tracked): return tracked
        case .idle: return nil
        }
    }

    mutating func handle(_ input: Input) -> Action {
        switch input {
        case .focused(let ref, let pid, let kind):
            return focused(ref, pid: pid, kind: kind)
        case .unfocused(let ref):
            guard case .tracking(let tracked) = state, tracked.field == ref else { return .none }
            state = .losing(tracked)
            return .none
        case .caretMoved(let ref):
            return trackedField == ref ? .read(ref, .caret) : .askWhetherFocused(ref)
        case .textChanged(let ref):
            return trackedField == ref ? .read(ref, .text) : .none
        case .boundsChanged(let ref, let size):
            return boundsChanged(ref, size: size)
        case .windowActivated(let window, let pid):
            guard !ignoredPIDs.contains(pid) else { return .none }
            if case .tracking(let tracked) = state, tracked.pid == pid { return .none }
            return .findFocus(inWindow: window)
        case .toplevelRead(let field, let toplevel, let size):
            guard var tracked = followed, tracked.field == field else { return .none }
            tracked.toplevel = toplevel
            tracked.toplevelSize = size
            follow(tracked)
            return .none
        }
    }

    private mutating func focused(_ ref: Ref, pid: Int32, kind: Kind) -> Action {
        guard !ignoredPIDs.contains(pid) else { return .none }
        switch kind {
        case .editable:
            if case .tracking(let tracked) = state, tracked.field == ref {
                // The second copy of the same focus event (`focus:` after `object:state-changed:focused`), or the
                // window activated again: read again, as a re-layout, not as a new focus. Right after the
                // daemon's move Qt 5 answers the field's old screen position next to the top-level's new one, and
                // as a focus that read moved the window again by the move's size (e2e, a PyQt5 Tab: 4 px); the
                // engine takes a re-layout at an unchanged size for the stale repeat it is.
                return .read(ref, .bounds)
            }
            state = .tracking(Tracked(field: ref, pid: pid, toplevel: nil, toplevelSize: nil))
            return .read(ref, .focus)
        case .toplevel:
            return .none
        case .other:
            switch state {
            case .idle:
                return .none
            case .tracking(let tracked):
                state = .idle
                return .leftEditable(pid: tracked.pid)
            case .losing(let tracked):
                state = .idle
                return .leftEditable(pid: tracked.pid)
            }
        }
    }

    private mutating func boundsChanged(_ ref: Ref, size: Size?) -> Action {
        guard var tracked = followed else { return .none }
        // Every bounds event of the field is read, even when it repeats the last one's rect (GTK3 sends ~18 per
        // window move, 17 ms apart, with a window-relative rect): right after a move GTK still reports the field
        // at its old screen position next to the top-level's new one, and only a later read, prompted by one of
        // these, is consistent again. Skipping repeats was tried and made the window climb (e2e, accessory bar).
        if ref == tracked.field { return .read(ref, .bounds) }
        guard ref == tracked.toplevel else { return .none }
        // A move of the window changes no field position relative to it, and the daemon's own moves would
        // otherwise echo back as updates; only a resize can re-lay the field out.
        if let size, let known = tracked.toplevelSize, size == known { return .none }
        tracked.toplevelSize = size ?? tracked.toplevelSize
        follow(tracked)
        return .read(tracked.field, .bounds)
    }

    /// The followed field's facts updated, in the state it is in (focused or lost).
    private mutating func follow(_ tracked: Tracked) {
        if case .losing = state { state = .losing(tracked) } else { state = .tracking(tracked) }
    }
}
