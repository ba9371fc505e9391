/// What the watcher does when it looks at an application that has just joined the bus for a focus it may hold
/// without having announced it (pure, unit-tested).
///
/// Decided by what the application has done, not by its toolkit: GTK 4.8 never announces its first window's first
/// focus, and a GTK 3 form that i3 focused as it mapped announced that focus before it had joined the bus, so it went
/// unheard; any toolkit can do the latter. An application whose window is active and whose focus the watcher has not
/// heard is searched; one whose focus was heard, or a keyboard's (its events are ignored), is left alone.
enum NewApplicationLook: Equatable {
    /// Its active window is searched for the focused accessible (`FocusSearch`, a step per turn of the main loop).
    case search
    /// No window of it is active yet: looked at again after the next retry delay, if one is left.
    case lookAgain
    /// Nothing to learn.
    case leave

    static func decide(fieldFollowed: Bool, ignored: Bool, hasActiveWindow: Bool) -> NewApplicationLook {
        if fieldFollowed || ignored { return .leave }
        return hasActiveWindow ? .search : .lookAgain
    }

    /// Whether a finished search's result is taken: not when a field of the application is followed by now, nor when
    /// the application announced a focus (a window's excepted: it names no widget) while the search went on, a step
    /// per turn of the loop (a Firefox window took 57 steps and 0.3-0.4 s, a LibreOffice one 2.3 s): that
    /// announcement is newer than what the search met, which may be a field the focus has left since.
    static func takesResult(fieldFollowed: Bool, focusAnnouncedMeanwhile: Bool) -> Bool {
        !fieldFollowed && !focusAnnouncedMeanwhile
    }

    /// Whether a focus announcement overtakes a search under way: one of its application, on anything but a window.
    static func overtakes<Ref>(focusOf kind: FocusTracker<Ref>.Kind, pid: Int32, searchedPID: Int32) -> Bool {
        pid == searchedPID && kind != .toplevel
    }
}
