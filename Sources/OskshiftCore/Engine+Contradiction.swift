/// A field that contradicts itself: covered at one reading, clear at the next one at the same layout a moment
/// later. An honest application does not do that within a keystroke (GTK sends `text-changed` and
/// `text-caret-moved` for every key, and both readings agree); one whose answers jump (a caret box 300 px lower on
/// every other read, seen in the hostile e2e fixture) would make the window go up and home on every keystroke.
/// Such a field keeps the window where it was placed: its clear readings no longer send it home; covered ones
/// still place it (the safe side). It lasts until the focus leaves the window or the keyboard hides.
extension Engine {
    /// A clear reading this soon after a covered one of the same field at the same layout is a contradiction.
    /// Far below a person's two keystrokes that move a caret down then back up (about 150 ms at the fastest).
    public static let contradictionMs = 120

    /// One reading of the focused field that needed a placement.
    struct CoveredReading: Equatable, Sendable {
        var window: WindowID
        var identity: UInt
        var frameSize: Size
        /// The keyboard it was covered by: a keyboard that moved makes a clear reading no contradiction.
        var keyboard: Rect?
        var at: Int
    }

    /// The field (window, identity) that contradicted itself, if any.
    struct FieldKey: Hashable, Sendable {
        var window: WindowID
        var identity: UInt
    }

    /// Whether a clear reading of the focused window's field must leave the window placed.
    func contradicts(_ window: WindowFacts, _ moment: Moment) -> Bool {
        guard case .editable(let field) = accessibleState(of: window) else { return false }
        return focused.contradictions.contradicts(field, in: window.id, keyboard: keyboard, moment)
    }

    /// After a decision: remembers a covered reading, and a field found contradicting itself.
    mutating func noteReading(_ decision: Decision, of window: WindowFacts, _ moment: Moment) {
        guard case .editable(let field) = accessibleState(of: window) else { return }
        holdReading(decision, field: field, moment)
    }
}

/// The focused field's last reading that needed a placement, and the field found contradicting itself.
struct Contradictions: Equatable, Sendable {
    private var lastCovered: Engine.CoveredReading?
    private var selfContradicting: Engine.FieldKey?

    func contradicts(_ field: AccessibleField, in window: WindowID, keyboard: Rect?, _ moment: Moment) -> Bool {
        if selfContradicting == Engine.FieldKey(window: window, identity: field.identity) { return true }
        guard let covered = lastCovered, moment.readingArrived else { return false }
        return covered.window == window && covered.identity == field.identity
            && covered.frameSize == field.frameSize && covered.keyboard == keyboard
            && moment.now - covered.at < Engine.contradictionMs
    }

    mutating func note(_ decision: Decision, field: AccessibleField, in window: WindowID, keyboard: Rect?,
                       _ moment: Moment) {
        if case .staysUp = decision.outcome {
            selfContradicting = Engine.FieldKey(window: window, identity: field.identity)
        } else if moment.readingArrived, decision.overlap > 0 {
            lastCovered = Engine.CoveredReading(window: window, identity: field.identity,
                                                frameSize: field.frameSize, keyboard: keyboard, at: moment.now)
        }
    }
}
