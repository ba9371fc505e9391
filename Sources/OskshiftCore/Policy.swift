/// The avoidance policy: where a window must go so that its field clears the keyboard. Pure geometry, computed
/// from the window's ORIGINAL frame every time, so repeated changes never accumulate.
public enum Policy {
    /// Everything a placement depends on.
    public struct Input: Equatable, Sendable {
        /// The window's frame before any adjustment.
        public var original: Rect
        /// The field, relative to the window frame's top-left; nil means the whole window.
        public var field: Rect?
        /// The caret's line relative to the frame, when known.
        public var caret: Rect?
        public var keyboard: Rect
        public var workArea: Rect
        public var margin: Int
        public var mode: AvoidanceMode
        /// The smallest frame height the window accepts (WM_NORMAL_HINTS min height plus decorations).
        public var minFrameHeight: Int
        /// The frame height when the field was read: a field read at the height a shrink produces reflects the
        /// app's re-layout and is trusted there.
        public var fieldFrameHeight: Int?
        /// The same field as read at the original frame size, relative to the frame: whether the whole field fits
        /// above the keyboard is decided from it, so that the application's re-layout after an inset (a view that
        /// shrinks with its window) never flips the decision. Nil: decided from `field`.
        public var fieldAtOriginal: Rect?
        /// The height the window manager kept the adjusted window at when asked for less (the application's
        /// minimum size grew); nil when it gave what was asked.
        public var keptHeight: Int?
        /// The field is an editable text field (from AT-SPI), so a tall one has lines and a caret; the X sources'
        /// rects are plain boxes, top-aligned when taller than the free space.
        public var isText = false
        /// The highest top the window manager lets the frame have (it keeps the title bar below the work area's
        /// top); nil when none is known. `offset` goes as far as it allows, `auto` shrinks the window beyond it.
        public var topLimit: Int?
        /// Tops at or above this one are allowed although above `topLimit`: only those between snap to the limit
        /// (xfwm4's snap zone, one title bar high).
        public var topAllowedAbove: Int?

        /// The top the window manager lets the frame have when `top` is wanted: `top`, or the limit, or just above
        /// the snap zone (higher than wanted, rather than lower).
        func allowedTop(_ top: Int) -> Int {
            guard let limit = topLimit, top < limit else { return top }
            if let above = topAllowedAbove { return min(top, above) }
            return limit
        }

        public init(
            original: Rect, field: Rect?, caret: Rect? = nil, keyboard: Rect, workArea: Rect, margin: Int,
            mode: AvoidanceMode, minFrameHeight: Int = 1, fieldFrameHeight: Int? = nil, fieldAtOriginal: Rect? = nil
        ) {
            self.fieldFrameHeight = fieldFrameHeight
            self.fieldAtOriginal = fieldAtOriginal
            self.original = original
            self.field = field
            self.caret = caret
            self.keyboard = keyboard
            self.workArea = workArea
            self.margin = margin
            self.mode = mode
            self.minFrameHeight = minFrameHeight
        }
    }

    public struct Placement: Equatable, Sendable {
        /// The rect that has to clear the keyboard, in root coordinates at the original position.
        public var guarded: Rect
        /// `(guarded.maxY + margin) - keyboard.minY` at the original position (negative when clear).
        public var overlap: Int
        /// The frame to show; nil when the window should stay at (or return to) its original frame.
        public var frame: Rect?
    }

    /// The height taken for a text view's first line when its caret's box is unknown.
    public static let firstLineHeight = 24

    public static func place(_ input: Input) -> Placement {
        let guarded = guardedRect(input)
        let overlap = guarded.maxY + input.margin - input.keyboard.minY
        // A field read in a shrunk window says nothing about where it would be at the original height: a window
        // shrunk for the keyboard stays shrunk while the keyboard is shown (as Android's adjustResize does),
        // instead of growing back and shrinking again each time the app re-lays out.
        let readWhileShrunk = input.fieldFrameHeight.map { $0 != input.original.height } ?? false
        guard isCovered(guarded, by: input.keyboard, margin: input.margin) || (readWhileShrunk && input.mode != .offset)
        else {
            return Placement(guarded: guarded, overlap: overlap, frame: nil)
        }
        let frame: Rect
        switch input.mode {
        case .none:
            return Placement(guarded: guarded, overlap: overlap, frame: nil)
        case .offset:
            frame = offset(input, guarded: guarded)
        case .inset:
            frame = shrinkingHelps(input, guarded: guarded)
                ? inset(input, guarded: guarded, top: input.original.minY) : offset(input, guarded: guarded)
        case .auto:
            let up = guarded.maxY + input.margin - input.keyboard.minY
            let keepsTop = input.original.minY - up >= max(input.workArea.minY, input.topLimit ?? Int.min)
            let helps = shrinkingHelps(input, guarded: guarded)
            // The window goes up to the work area's top, or as high as the window manager lets it, then shrinks.
            let insetTop = max(min(input.original.minY, input.workArea.minY), input.topLimit ?? Int.min)
            // Once shrunk, a window stays inset while the keyboard is shown: a field read in the shrunk layout
            // (a scrolled text view shows its caret elsewhere) must not switch it back to a full-size offset.
            if readWhileShrunk && helps {
                frame = inset(input, guarded: guarded, top: insetTop)
            } else if keepsTop || !helps {
                frame = offset(input, guarded: guarded)
            } else {
                frame = inset(input, guarded: guarded, top: insetTop)
            }
        }
        return Placement(guarded: guarded, overlap: overlap, frame: frame == input.original ? nil : frame)
    }

    /// Shrinking helps against a keyboard that reaches below the field and leaves room under the window's top;
    /// one floating above the field needs a move instead.
    static func shrinkingHelps(_ input: Input, guarded: Rect) -> Bool {
        input.keyboard.maxY >= guarded.maxY && input.keyboard.minY - input.margin > input.workArea.minY
    }

    /// The field entirely when it fits between the work area's top and the keyboard (as read at the original
    /// size); otherwise the caret's line.
    static func guardedRect(_ input: Input) -> Rect {
        let origin = input.original.origin
        guard let field = input.field?.converted(from: origin).padded else { return input.original }
        let free = input.keyboard.minY - input.margin - input.workArea.minY
        let reference = (input.fieldAtOriginal ?? field).padded
        guard reference.height > free else { return field }
        if let caret = input.caret?.converted(from: origin).padded { return caret }
        guard input.isText else { return field }
        // A text view whose caret box is unknown (an empty QTextEdit has no character to measure): its first
        // line, where typing starts; the caret's first report then takes over.
        return Rect(x: field.x, y: field.y, width: field.width, height: min(field.height, firstLineHeight))
    }

    /// The keyboard overlaps the rect horizontally, and vertically once the margin is added on both sides.
    public static func isCovered(_ rect: Rect, by keyboard: Rect, margin: Int) -> Bool {
        rect.overlapsHorizontally(keyboard) && rect.maxY + margin > keyboard.minY
            && rect.minY - margin < keyboard.maxY
    }

    /// The smallest vertical move that clears `guarded`: up, or down when the keyboard floats above the field and
    /// down is shorter; the guarded rect's top never goes above the work area's top nor its bottom below the
    /// work area's bottom.
    static func offset(_ input: Input, guarded: Rect) -> Rect {
        let up = guarded.maxY + input.margin - input.keyboard.minY
        let down = input.keyboard.maxY + input.margin - guarded.minY
        let room = input.workArea
        let upFits = guarded.minY - up >= room.minY
        let downFits = guarded.maxY + down <= room.maxY
        var dy: Int
        if upFits && (!downFits || up <= down) {
            dy = -up
        } else if downFits {
            dy = down
        } else {
            dy = -max(0, min(up, guarded.minY - room.minY))  // too tall: its top at the work area's top
        }
        // No higher than the window manager lets the frame go: as far as it allows.
        if let limit = input.topLimit, input.original.minY + dy < limit {
            dy = min(0, input.allowedTop(input.original.minY + dy) - input.original.minY)
        }
        return input.original.offsetBy(dy: dy)
    }

    /// Top at `top`, bottom edge at `keyboard.minY - margin`, never smaller than the minimum height nor taller
    /// than the original; whatever the minimum height leaves below that edge is offset upwards.
    static func inset(_ input: Input, guarded: Rect, top: Int) -> Rect {
        let bottom = input.keyboard.minY - input.margin
        var height = min(input.original.height, max(input.minFrameHeight, bottom - top))
        // Kept taller than asked, and the field was read at that height: place what the window really is.
        if let shown = input.keptHeight, shown > height, shown <= input.original.height,
           input.fieldFrameHeight == shown {
            height = shown
        }
        var frame = Rect(x: input.original.x, y: top, width: input.original.width, height: height)
        var lift = max(0, frame.maxY - bottom)
        // The field moves with the window's top until the app re-lays out: lift what it still needs when it was
        // read at this height or lies inside the shrunk window (otherwise the app's re-layout decides, and the next
        // focus rect tells).
        let field = guarded.offsetBy(dy: top - input.original.minY)
        if input.fieldFrameHeight == frame.height || field.maxY <= frame.maxY {
            lift = max(lift, field.maxY + input.margin - input.keyboard.minY)
        }
        let fieldRoom = max(0, field.minY - input.workArea.minY)
        let wanted = frame.minY - min(lift, fieldRoom)
        var lifted = input.allowedTop(wanted)
        if lifted < frame.minY - fieldRoom {
            lifted = max(wanted, input.topLimit ?? wanted)  // above the snap zone the field would leave the top
        }
        return frame.offsetBy(dy: min(0, lifted - frame.minY))
    }
}
