import CX11
import OskshiftCore

/// Which root child a press belongs to. Raw XInput2 events carry no window, so the pointer is asked where it is
/// when the press is handled; by then the screen may have changed: the daemon was busy, and a keyboard (shown
/// automatically for the field just tapped) was mapped over the very point. The events are handled in server
/// order, so the adapter's picture of the screen (each root child's rect and map state, from the events handled
/// so far) is the screen as it was at the press. The pointer's answer is kept when that picture agrees with it;
/// otherwise the press belongs to the topmost root child the picture shows at the point. Taking every press on
/// the keyboard for the window beneath would be wrong: a tap on a key is none of that window's input.
enum PressTarget {
    /// `pointerChild`: the root child XQueryPointer named now (0 for none). `shown`: a root child's rect when the
    /// events handled so far have it mapped, else nil (unknown windows were created after the press).
    /// `stacking`: the root's children bottom to top (XQueryTree), asked only when the pointer's answer is
    /// doubted: a restack since the press is not undone, as the picture keeps no stacking order.
    static func rootChild(at point: Point, pointerChild: Window, shown: (Window) -> Rect?,
        stacking: () -> [Window]) -> Window?
    {
        if pointerChild != 0, let rect = shown(pointerChild), rect.contains(point) { return pointerChild }
        return stacking().reversed().first { shown($0)?.contains(point) == true }
    }
}

extension KnownWindows {
    /// A root child's outer rect when the events handled so far have it mapped.
    func shownRect(ofRootChild window: Window) -> Rect? {
        guard mapStates[window] == true else { return nil }
        return rootRects[window]
    }
}
