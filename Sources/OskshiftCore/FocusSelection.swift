/// Which focus rect speaks for a window: the one place where the configured sources are walked.
///
/// The rules (PRODUCT.md, "Focus-rect sources"):
/// - An application on the accessibility bus is authoritative about its own focus when the order names `caret` or
///   `widget`: its focused editable field is the focus rect, and while its focus is on something else (a button, a
///   list, nothing yet) or its field's extents are unknown, the window is not adjusted at all. The X-side sources
///   never stand in for it: a window that merely appeared, was placed or was maximized has no field to clear.
/// - `input-focus`, `pointer` and `window` serve applications that are not on the bus, in the configured order.
/// - `window` needs the user's input in the window (a press, a key, the keyboard shown while it has the focus): a
///   window is never moved merely because it appeared, was placed or was maximized.
/// - The end of the order without an answer: nothing to clear.
public enum FocusSelection {
    /// What the accessibility bus says about a window's application.
    public enum AccessibleState: Hashable, Sendable {
        /// Not on the bus (or no bus at all): only the X server can tell.
        case silent
        /// On the bus, and its focus is not on editable text in this window.
        case noEditableFocus
        /// On the bus, with this editable field focused in this window.
        case editable(AccessibleField)
    }

    public enum Choice: Hashable, Sendable {
        /// The field (relative to the window frame's origin) that has to clear the keyboard.
        case field(FocusRect)
        /// The `window` source: the whole window has to clear the keyboard.
        case wholeWindow
        /// Nothing in this window has to clear the keyboard, and why.
        case nothing(String)
    }

    /// - Parameters:
    ///   - frameSize: the window's frame size now (the pointer band spans its width).
    ///   - pointerBand: `[avoidance] pointer_band`.
    ///   - userActed: the user pressed or typed in the window, or the keyboard was shown while it had the focus,
    ///     since the keyboard last hid.
    public static func choose(
        accessible: AccessibleState, observed: XFocusObservations, frameSize: Size, order: [FocusSource],
        pointerBand: Int, userActed: Bool
    ) -> Choice {
        let asksBus = asksBus(order)
        switch accessible {
        case .noEditableFocus where asksBus:
            return .nothing("no editable focus")
        case .editable(let field) where asksBus:
            for source in order {
                if let rect = field.focusRect(for: source) { return .field(rect) }
            }
            return .nothing("field extents unknown")
        default:
            break
        }
        for source in order {
            switch source {
            case .caret, .widget:
                continue
            case .inputFocus:
                if let rect = observed.inputFocus { return .field(FocusRect(rect: rect, source: .inputFocus)) }
            case .pointer:
                if let press = observed.press, let band = band(around: press, frameSize: frameSize, height: pointerBand) {
                    return .field(FocusRect(rect: band, source: .pointer))
                }
            case .window:
                return userActed ? .wholeWindow : .nothing(wholeWindowAwaitsInput)
            }
        }
        return .nothing("no source knows the focus")
    }

    /// Why the `window` source does not speak yet.
    public static let wholeWindowAwaitsInput = "the whole window waits for the user's input in it (a press, a key, or "
        + "the keyboard shown while it has the focus)"

    /// The order names a source that the accessibility bus answers.
    public static func asksBus(_ order: [FocusSource]) -> Bool { order.contains(.caret) || order.contains(.widget) }

    /// Why an X-side source (`input-focus`, `pointer`, `window`) speaks for a window although the order asks the
    /// accessibility bus first: the one place that says which fallback is used and why, for the decision log and
    /// `oskshift status`. Nil when the bus speaks, nothing does, or the order never asks the bus (then the X
    /// sources are the configured choice, not a fallback). `busAbsent`: the daemon found no accessibility bus.
    public static func fallback(accessible: AccessibleState, order: [FocusSource], source: FocusSource?,
                                busAbsent: Bool) -> String? {
        guard asksBus(order), case .silent = accessible, let source, source != .caret, source != .widget
        else { return nil }
        let band: String
        switch source {
        case .inputFocus: band = "the X input focus window"
        case .pointer: band = "the pointer band around the last press"
        case .window, .caret, .widget: band = "the whole window"
        }
        return busAbsent
            ? "\(band): no accessibility bus"
            : "\(band): its application is not on the accessibility bus (no field extents to read)"
    }

    /// A `height` px band across the frame, centred on the press, inside the frame.
    static func band(around press: Point, frameSize: Size, height: Int) -> Rect? {
        let height = max(height, 1)
        let top = max(0, press.y - height / 2)
        let bottom = min(frameSize.height, top + height)
        guard bottom > top else { return nil }
        return Rect(x: 0, y: top, width: frameSize.width, height: bottom - top)
    }
}

/// What the X server shows of the focus inside one window, relative to the window frame's origin.
public struct XFocusObservations: Hashable, Sendable {
    /// The X input-focus window, when it is a strict descendant of the top-level (clipped to the frame).
    public var inputFocus: Rect?
    /// The last pointer or touch press inside the window.
    public var press: Point?
    /// The frame extents the client's content was placed in the frame with; nil: the window's, whatever they are.
    public var extents: FrameExtents?

    public init(inputFocus: Rect? = nil, press: Point? = nil, extents: FrameExtents? = nil) {
        self.inputFocus = inputFocus
        self.press = press
        self.extents = extents
    }

    public static let none = XFocusObservations()

    /// The same observations in a frame whose extents are now `now`: what was seen lies in the client's content,
    /// which moves inside the frame when the window manager adds or takes decorations. A fullscreen window that
    /// leaves fullscreen gets openbox's 20 px title bar, and the point tapped in its page moves down by as much in
    /// the frame: placed as observed, the tap's band ended 20 px short of the margin (e2e, a QtWebEngine kiosk).
    public func placed(inFrameWith now: FrameExtents) -> XFocusObservations {
        guard let extents, extents != now else { return self }
        let dx = now.left - extents.left, dy = now.top - extents.top
        return XFocusObservations(inputFocus: inputFocus?.offsetBy(dx: dx, dy: dy),
                                  press: press.map { Point(x: $0.x + dx, y: $0.y + dy) }, extents: now)
    }
}

/// An application's focused editable field, as the accessibility bus reported it, matched to its X window.
public struct AccessibleField: Hashable, Sendable {
    /// What made the application's field be read again.
    public enum Change: String, Hashable, Sendable {
        /// Focus moved to this field.
        case focus
        /// The caret moved or text was typed: a new trigger, like a focus move.
        case caret
        /// The field moved or was resized (the application re-laid out, the window moved): not a new trigger.
        case relayout
        /// Read again once the window had been still for a while: consistent, and not a new trigger either.
        case still
    }

    public var window: WindowID
    /// Stays the same while the same field object keeps the focus.
    public var identity: UInt
    /// The field and the caret's box, relative to the window frame's origin when they were read; nil when unknown.
    public var widget: Rect?
    public var caret: Rect?
    /// The window frame's size when they were read: a field read at another size belongs to another layout.
    public var frameSize: Size
    public var change: Change
    /// `ATSPI_STATE_SINGLE_LINE`: Return there ends the input (`hide_on_return`).
    public var singleLine: Bool
    /// Read with its whole widget outside the window's frame (a window smaller than its content, e.g. a tile the
    /// window manager shrank): no rect is kept, and no move of the window can show the field.
    public var outsideItsWindow = false

    public init(window: WindowID, identity: UInt, widget: Rect?, caret: Rect?, frameSize: Size,
                change: Change = .focus, singleLine: Bool = false) {
        self.singleLine = singleLine
        self.window = window
        self.identity = identity
        self.widget = widget
        self.caret = caret
        self.frameSize = frameSize
        self.change = change
    }

    /// The focus rect for `caret` (the whole field with the caret's box) or `widget` (the field alone); nil for the
    /// other sources and when the application did not say.
    public func focusRect(for source: FocusSource) -> FocusRect? {
        switch source {
        case .caret:
            guard let caret else { return nil }
            return FocusRect(rect: widget ?? caret, caret: caret, source: .caret)
        case .widget:
            guard let widget else { return nil }
            return FocusRect(rect: widget, source: .widget)
        case .inputFocus, .pointer, .window:
            return nil
        }
    }

    /// A re-layout report of the same field at the same frame size, with other rects, tells nothing new: a window
    /// that was not resized was not re-laid out, and GTK3 answers right after a move with the field and its
    /// top-level from two moments (the field seemingly moved by the window's move). Only a report at a new size,
    /// one that replaces unknown rects, or one whose field has another width counts; caret and focus changes always
    /// do. A move never changes a field's width, a layout does: the first read at a new size may come before the
    /// application has laid out at it (GTK3 maximized by blackbox: the small form's field, 384 px wide, read at the
    /// maximized size, then the field re-laid out 1262 px wide at that same size), and taken for a repeat, the laid
    /// out field was lost and the keyboard found the old one clear. The width, not the height: a field that seems
    /// to have moved with a window moved up is cut at the frame's bottom (`trimmedToItsWindow`), a new height.
    public func isStaleRepeat(of previous: AccessibleField) -> Bool {
        change == .relayout && previous.identity == identity && previous.window == window
            && previous.frameSize == frameSize && (previous.widget != nil || previous.caret != nil)
            && previous.widget?.width == widget?.width
    }

    /// The widget was read, with a size, and none of it lies inside the window's frame as it was read.
    public var widgetLiesOutsideItsWindow: Bool {
        guard let widget, widget.width >= 0, widget.height >= 0 else { return false }
        return widget.padded.intersection(Rect(x: 0, y: 0, width: frameSize.width, height: frameSize.height)) == nil
    }

    /// What of the application's answer can be trusted: a rect with a negative size, or with nothing inside the
    /// window's frame as it was read, is unknown; one reaching outside the frame is cut to it (what lies outside
    /// cannot be seen, and an application reporting a field larger than the screen or off every monitor must not
    /// send its window there). A caret zero pixels wide is ordinary and kept.
    public func trimmedToItsWindow() -> AccessibleField {
        let bounds = Rect(x: 0, y: 0, width: frameSize.width, height: frameSize.height)
        func trimmed(_ rect: Rect?) -> Rect? {
            guard let rect, rect.width >= 0, rect.height >= 0 else { return nil }
            return rect.padded.intersection(bounds)
        }
        var kept = self
        kept.widget = trimmed(widget)
        kept.caret = trimmed(caret)
        return kept
    }

    /// The same field read again with nothing known: the last known rects stay (Firefox answers -1 right after a
    /// focus move, GTK3 INT_MIN for a field scrolled out of a shrunk view).
    public func keepingKnownRects(of previous: AccessibleField?) -> AccessibleField {
        guard let previous, previous.identity == identity, previous.window == window, widget == nil, caret == nil
        else { return self }
        var kept = self
        kept.widget = previous.widget
        kept.caret = previous.caret
        kept.frameSize = previous.frameSize
        return kept
    }
}
