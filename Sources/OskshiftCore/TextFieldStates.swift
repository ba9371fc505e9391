/// Which accessibles the watcher follows as a field the user types into, and how many lines each holds.
///
/// An editable accessible (`ATSPI_STATE_EDITABLE`) is one. So is a terminal: VTE (xfce4-terminal, GNOME Terminal,
/// Tilix...) exposes its terminal as role `terminal`, focusable and focused but not editable (what is typed goes
/// to the program in it), with a Text interface whose caret is the cursor, and it sends `text-caret-moved` as the
/// cursor moves. Measured with xfce4-terminal 1.0.4 (VTE 0.70): an 80x24 terminal at 802x458+101+145, the cursor
/// after the prompt on its third line at 10x19+311+183, after `ls` at 10x19+311+297. Left out, a terminal's window
/// on the bus was taken for one whose focus is on a button, and never moved.
///
/// A terminal's field is its cursor's line (`cursorLine`), not the terminal: what is typed appears there, and the
/// rest is output. Taken whole, an 80x34 terminal (648 px) fitted above a docked onboard early in its slide and the
/// window was moved and shrunk for it, although the cursor on its first line was never covered.
public struct TextFieldStates: Equatable, Sendable {
    public var editable = false
    public var singleLine = false
    public var multiLine = false
    /// Followed because its role is `terminal`: its field is the cursor's line.
    public var terminal = false

    public init(editable: Bool = false, singleLine: Bool = false, multiLine: Bool = false, terminal: Bool = false) {
        self.editable = editable
        self.singleLine = singleLine
        self.multiLine = multiLine
        self.terminal = terminal
    }

    /// The line of a terminal's cursor: the terminal's width at the cursor's height; nil while the cursor's box is
    /// unknown.
    public static func cursorLine(terminal: Rect?, cursor: Rect?) -> Rect? {
        guard let cursor else { return nil }
        guard let terminal else { return cursor }
        return Rect(x: terminal.x, y: cursor.y, width: terminal.width, height: cursor.height)
    }

    /// The states as the watcher follows them: `terminal` (the accessible's role is `terminal`) makes a
    /// multi-line field of one its state set does not call editable.
    public static func followed(editable: Bool, singleLine: Bool, multiLine: Bool, terminal: Bool)
        -> TextFieldStates
    {
        guard !editable, terminal else {
            return TextFieldStates(editable: editable, singleLine: singleLine, multiLine: multiLine)
        }
        return TextFieldStates(editable: true, singleLine: false, multiLine: true, terminal: true)
    }
}
