import CX11
import OskshiftCore

/// Reads that can wait until the batch's moves are on the wire.
///
/// A keyboard show used to wait for one GetProperty (`_NET_WM_STATE`, which openbox rewrites at every map, so the
/// cached value is always stale then) and a hide for three (the keyboard's new `_NET_WM_STATE`, then WM_STATE and
/// the attributes for the withdrawal decision), and a show after a quick re-map another (WM_STATE), each served by an X server still busy with the WM's own requests.
/// None of them can change where another window should go, except in a case no keyboard we know of produces (a
/// frame mapped while its client says HIDDEN): the answer goes out first, these reads follow, and a keyboard that
/// turns out hidden is reported hidden at once, which puts the window back.
struct LateChecks {
    /// Set while `drain()` settles: reads listed here are postponed instead of made.
    var postponing = false
    /// A keyboard judged visible without reading its `_NET_WM_STATE` (nothing cached).
    var keyboardUnverified = false
    /// Keyboard clients whose `_NET_WM_STATE` changed.
    var states: Set<Window> = []
    /// Keyboard clients given a WM_STATE while not known: tracked if it says so.
    var managed: Set<Window> = []
    /// Keyboard clients unmapped or reparented to the root: withdrawn unless WM_STATE says otherwise.
    var withdrawn: Set<Window> = []

    var isEmpty: Bool { !keyboardUnverified && states.isEmpty && managed.isEmpty && withdrawn.isEmpty }
}

extension X11Adapter {
    /// Whether `settleLate()` has reads to make.
    public var hasLateChecks: Bool { !lateChecks.isEmpty }

    /// The reads `drain()` postponed, to be called once the batch's requests were flushed; returns what they
    /// changed (usually nothing).
    public func settleLate() -> [Event] {
        let checks = lateChecks
        lateChecks = LateChecks()
        for window in checks.managed where !knownClients.contains(window) { trackIfManaged(window) }
        for window in checks.states where knownClients.contains(window) { readState(of: window) }
        maybeWithdrawn.formUnion(checks.withdrawn)
        settleWithdrawn()
        if checks.keyboardUnverified || !checks.states.isEmpty || !checks.withdrawn.isEmpty { keyboardDirty = true }
        settleKeyboard()
        return takeOutput()
    }

    /// `_NET_WM_STATE_HIDDEN` on a keyboard client. While `drain()` settles, an unknown state counts as not
    /// hidden and is checked by `settleLate()`.
    func isHidden(_ candidate: Window) -> Bool {
        if lateChecks.postponing {
            guard let known = connection.cachedWindowState(candidate) else {
                lateChecks.keyboardUnverified = true
                return false
            }
            return known.hidden
        }
        return connection.windowState(candidate).hidden
    }
}
