/// What the engine knows of the focused window: its facts and the X server's view of the focus inside it (`Focus`),
/// the frame size that view was read at, the field as read at the window's original size, whether the bus's last
/// report matched no window, the decision made for it last, and its placements since the last trigger.
///
/// Its state changes only through the transitions below, each named for what the engine saw: an event about
/// another window leaves it as it is.
struct FocusedWindow: Equatable, Sendable {
    private(set) var focus: Focus?
    /// The size of the focused window's frame when the X server's view of the focus inside it (`Focus.observed`,
    /// relative to the frame) was read.
    private(set) var observedFrameSize: Size?
    /// Whether the last editable report matched no window.
    private(set) var fieldUnmatched = false
    /// The focused field as read at the window's original size: whether a multi-line field fits above the keyboard
    /// is decided from it, so that a re-layout of the shrunk window never flips the decision.
    private(set) var fieldAtOriginal: ReferenceField?
    /// The most recent decision about the focused window.
    private(set) var lastDecision: Decision?
    /// Placements of the focused window since the last trigger (the two-placement limit, `Engine`).
    private(set) var placementsSinceTrigger = 0
    /// The field's last reading that needed a placement, and the field found contradicting itself
    /// (`Engine+Contradiction`).
    private(set) var contradictions = Contradictions()

    var id: WindowID? { focus?.window.id }
    var window: WindowFacts? { focus?.window }

    func isFocused(_ id: WindowID) -> Bool { focus?.window.id == id }

    /// Another window (or none) has the focus: what was known of the field in the one before goes.
    mutating func changed(to newFocus: Focus?) {
        if newFocus?.window.id != id {
            fieldAtOriginal = nil
            contradictions = Contradictions()
        }
        focus = newFocus
        observedFrameSize = newFocus?.window.frame.size
    }

    /// The X server's view of the focus in the focused window, read with its frame at `frame`; the frame is taken
    /// too unless the engine moves the window (then its own adjustment says where it is).
    mutating func observed(_ observations: XFocusObservations, frame: Rect, takeFrame: Bool) {
        if takeFrame { focus?.window.frame = frame }
        focus?.observed = observations
        observedFrameSize = frame.size
    }

    mutating func configured(_ id: WindowID, frame: Rect) {
        if isFocused(id) { focus?.window.frame = frame }
    }

    mutating func extentsChanged(_ id: WindowID, _ extents: FrameExtents) {
        if isFocused(id) { focus?.window.extents = extents }
    }

    mutating func stateChanged(_ id: WindowID, _ state: WindowState) {
        if isFocused(id) { focus?.window.state = state }
    }

    mutating func destroyed(_ id: WindowID) {
        if isFocused(id) { focus = nil }
    }

    mutating func fieldMatched(_ matched: Bool) { fieldUnmatched = !matched }

    /// The field read at the window's original size (`reference`), or read at another size: a reference of another
    /// field is dropped then, one of the same field is kept.
    mutating func noteField(_ field: ReferenceField, atOriginalSize: Bool) {
        if atOriginalSize {
            fieldAtOriginal = field
        } else if fieldAtOriginal?.matches(field.window, field.identity) != true {
            fieldAtOriginal = nil
        }
    }

    /// The reference field for `window`'s field `identity`, when it is the one held.
    func fieldAtOriginal(of window: WindowID, identity: UInt?) -> Rect? {
        fieldAtOriginal?.matches(window, identity) == true ? fieldAtOriginal?.rect : nil
    }

    mutating func decided(_ decision: Decision?) { lastDecision = decision }

    /// After a decision on `field`: a covered reading remembered, a field found contradicting itself.
    mutating func noteReading(_ decision: Decision, field: AccessibleField, keyboard: Rect?, _ moment: Moment) {
        guard let id else { return }
        contradictions.note(decision, field: field, in: id, keyboard: keyboard, moment)
    }

    /// The keyboard hid: every field is believed again.
    mutating func forgetContradictions() { contradictions = Contradictions() }

    /// A trigger (the user or the keyboard did something): two placements allowed again.
    mutating func triggered() { placementsSinceTrigger = 0 }

    /// The focused window laid out anew (its application resized it, or the window manager's misreading passed it
    /// through another size): placed again as after a trigger.
    mutating func laidOutAnew(_ id: WindowID) {
        if isFocused(id) { placementsSinceTrigger = 0 }
    }

    /// `id` heads somewhere new: a placement counts when it is the focused window.
    mutating func headed(_ id: WindowID) {
        if isFocused(id) { placementsSinceTrigger += 1 }
    }
}
