/// An application that reports part of its window displaced: the rects read below a root pane that its
/// application reports at the same size as the pane's container, but elsewhere.
///
/// Measured with LibreOffice 7.4 under its GTK 3 plugin (`SAL_USE_VCLPLUGIN=gtk3`, Xvfb, openbox): everything VCL
/// draws (the document, its paragraphs, the caret, a Calc cell being edited, the toolbars, the status bar) is
/// reported 25 px higher than it is on the screen, the height of the native GTK menu bar above it. The GTK panel
/// that holds VCL's root pane reports 1280x756+0+44 (right: below the menu bar), the root pane itself
/// 1280x756+0+19; the text of a Writer paragraph reported at y 217 is drawn at 242 (pixels read back from the
/// screen). Taken as reported, the caret "margin px clear" was 17 px under the keyboard. Java Swing's root pane
/// (atk-wrapper) reports the place of its container, and GTK's own widgets have no root pane: nothing changes
/// for them.
public enum PaneOffset {
    /// Displacements larger than this are not taken for one (a pane scrolled or a stale answer, not a menu bar).
    public static let limit = 200

    /// What two reads of a root pane and its container say.
    public enum Measure: Equatable, Sendable {
        /// Reported elsewhere than its container: add this to the rects read below it.
        case displaced(Point)
        /// Reported where its container is: nothing to correct.
        case inPlace
        /// Nothing to keep: a read failed, or the two differ in size or absurdly in place. The GTK panel that
        /// holds LibreOffice's root pane takes a new size or place before VCL's pane does (measured: tens of ms
        /// idle, more than a second under load), so two reads of a window being placed can straddle its relayout;
        /// a later read, once the window has settled, measures again.
        case untrusted
    }

    /// `Measure` of a root pane reported at `pane` whose container reports `container`: displaced by the container's
    /// origin minus the pane's when both have the same size and their origins differ by at most `limit` px each way.
    public static func measure(pane: Rect?, container: Rect?) -> Measure {
        guard let pane, let container, !pane.isEmpty, pane.size == container.size else { return .untrusted }
        guard pane.origin != container.origin else { return .inPlace }
        let dx = container.x - pane.x, dy = container.y - pane.y
        guard abs(dx) <= limit, abs(dy) <= limit else { return .untrusted }
        return .displaced(Point(x: dx, y: dy))
    }

    /// What to add to the rects read below a root pane reported at `pane`, whose container reports `container`
    /// (`measure`); nil when nothing is to be corrected or nothing can be trusted.
    public static func correction(pane: Rect?, container: Rect?) -> Point? {
        guard case .displaced(let offset) = measure(pane: pane, container: container) else { return nil }
        return offset
    }

    /// `rect` moved by `offset` (unchanged without one).
    public static func corrected(_ rect: Rect?, by offset: Point?) -> Rect? {
        guard let rect, let offset else { return rect }
        return rect.offsetBy(dx: offset.x, dy: offset.y)
    }
}
