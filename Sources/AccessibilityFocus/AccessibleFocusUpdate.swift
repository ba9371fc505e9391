import OskshiftCore

/// What the accessibility watcher learnt about the focused field, posted to the daemon thread.
///
/// Rects are in the coordinates the application reported through AT-SPI, as `coordinates` says: the screen
/// (`ATSPI_COORD_TYPE_SCREEN`: root-window pixels for most toolkits, logical pixels for GTK3 with `GDK_SCALE` > 1)
/// or, for GTK 4, its window (`ATSPI_COORD_TYPE_WINDOW`; see docs/accessibility.md). Use `AccessibleWindowMatcher`
/// to find the X top-level, the scale and the translation to root pixels, then `AccessibleWindowMatch.apply(to:)`.
public struct AccessibleFocusUpdate: Sendable, Equatable, CustomStringConvertible {
    /// What made the watcher read the field again.
    public enum Change: String, Sendable {
        /// An editable gained focus (`object:state-changed:focused`, `focus:`), or focus left editable fields.
        case focus
        /// `object:text-caret-moved` on the focused editable.
        case caret
        /// `object:text-changed:insert` / `:delete` on the focused editable.
        case text
        /// `object:bounds-changed` on the focused editable or a resize of its top-level.
        case bounds
        /// Read again once its window had been still for a while (`AccessibilityWatcher.rereadAfterWindowMoves`).
        case still
    }

    /// What the rects are relative to.
    public enum Coordinates: String, Sendable {
        /// The screen: the X root window (in logical pixels for a scaled GTK3).
        case screen
        /// The top-level accessible's own origin (GTK 4, which supports no screen coordinates: its "screen"
        /// extents are these, with a warning, and its text refuses them). GTK 4 puts that origin at its window's
        /// content, inside client-side decorations; the top-level reports itself at 0,0. Learnt per application
        /// from its reads (`ScreenCoordinates`), never from its toolkit's name.
        case window
    }

    /// How many lines the field holds (`ATSPI_STATE_SINGLE_LINE` / `ATSPI_STATE_MULTI_LINE`).
    public enum LineMode: String, Sendable {
        case single, multi, unknown
    }

    /// False: keyboard focus left editable fields (to a button, a list, ...). The other fields then describe the
    /// editable that had focus last, or are empty.
    public var editable: Bool
    /// The application's process (`atspi_accessible_get_process_id`), to match `_NET_WM_PID`; 0 when unknown.
    public var pid: Int32
    /// Names the field object: the same while the same field keeps the focus (libatspi's cached object, held by
    /// the watcher while it is tracked); 0 when focus is not on an editable.
    public var fieldID: UInt
    /// The field (`atspi_component_get_extents`); nil when unknown (not showing, INT_MIN, empty).
    public var widget: Rect?
    /// The character box at the caret (`atspi_text_get_character_extents`), at least 1 px wide; nil when unknown.
    public var caret: Rect?
    /// The field's top-level accessible (frame, window or dialog): GTK3 reports the WM frame, other toolkits the
    /// client window. Used to match the X window and to detect a HiDPI scale; nil when unknown.
    public var toplevel: Rect?
    public var lineMode: LineMode
    /// `atspi_accessible_get_toolkit_name`, e.g. "gtk", "Qt", "Gecko", "Chromium"; for logs and scale decisions.
    public var toolkit: String
    /// `atspi_accessible_get_toolkit_version`, e.g. "4.8.3"; for logs.
    public var toolkitVersion: String
    public var coordinates: Coordinates
    public var change: Change
    /// CLOCK_MONOTONIC milliseconds when the event that caused this update arrived on the watcher thread.
    public var timeMs: UInt64
    /// What was added to `widget` and `caret` as read, for an application that reports the root pane they lie
    /// under displaced (`PaneOffset`: LibreOffice's VCL, by its GTK menu bar's height); nil when nothing was.
    public var paneOffset: Point?
    /// CLOCK_MONOTONIC microseconds: the event's arrival on the watcher thread, and the end of the reads it caused
    /// (0 when not stamped). Only for the traced log (`OSKSHIFT_TRACE_CLOCK`, BENCHMARKS.md): where a tap's time goes.
    public var receivedUs: UInt64 = 0
    /// The field in the application's WINDOW coordinates (`ATSPI_COORD_TYPE_WINDOW`), read instead of `widget` and
    /// `toplevel` for a newly focused field of a top-level already read in screen coordinates
    /// (`WindowCoordinates`): one round trip instead of two. nil on the screen path.
    public var widgetInWindow: Rect?
    /// Names the field's top-level accessible for as long as the watcher runs (never reused; 0 when unknown): the
    /// daemon places `widgetInWindow` on the X window it matched for this top-level at a screen-path read.
    public var toplevelID: UInt = 0
    /// The same field read in WINDOW coordinates at a screen-path read, between the same two reads of its top-level,
    /// while what its application's window coordinates are relative to is still being learnt
    /// (`WindowCoordinates.Sample`); nil otherwise.
    public var sampleInWindow: Rect?
    /// The caret's box in WINDOW coordinates, read because the application refused it in screen coordinates (an
    /// error, not an empty answer) while it is asked in them: what tells GTK 4 (`ScreenCoordinates`); nil otherwise.
    public var caretInWindow: Rect?
    public var readUs: UInt64 = 0

    public init(
        editable: Bool, pid: Int32, fieldID: UInt = 0, widget: Rect? = nil, caret: Rect? = nil,
        toplevel: Rect? = nil, lineMode: LineMode = .unknown, toolkit: String = "", toolkitVersion: String = "",
        coordinates: Coordinates = .screen, change: Change = .focus, timeMs: UInt64 = 0
    ) {
        self.editable = editable
        self.pid = pid
        self.fieldID = fieldID
        self.widget = widget
        self.caret = caret
        self.toplevel = toplevel
        self.lineMode = lineMode
        self.toolkit = toolkit
        self.toolkitVersion = toolkitVersion
        self.coordinates = coordinates
        self.change = change
        self.timeMs = timeMs
    }

    /// Focus left editable fields (or went to an application that is not an editable at all).
    public static func leftEditable(pid: Int32, timeMs: UInt64) -> AccessibleFocusUpdate {
        AccessibleFocusUpdate(editable: false, pid: pid, change: .focus, timeMs: timeMs)
    }

    /// The same update with every rect multiplied by `factor` (GTK3's logical pixels to device pixels).
    public func scaled(by factor: Int) -> AccessibleFocusUpdate {
        guard factor != 1 else { return self }
        var copy = self
        copy.widget = widget?.scaled(by: factor)
        copy.caret = caret?.scaled(by: factor)
        copy.toplevel = toplevel?.scaled(by: factor)
        copy.widgetInWindow = widgetInWindow?.scaled(by: factor)
        copy.sampleInWindow = sampleInWindow?.scaled(by: factor)
        copy.caretInWindow = caretInWindow?.scaled(by: factor)
        return copy
    }

    /// The same field and caret, ignoring what caused the read and when: updates that say nothing new are not
    /// posted again (focus events arrive twice).
    public func hasSameContent(as other: AccessibleFocusUpdate) -> Bool {
        editable == other.editable && pid == other.pid && fieldID == other.fieldID && widget == other.widget
            && caret == other.caret && widgetInWindow == other.widgetInWindow
            && sampleInWindow == other.sampleInWindow && caretInWindow == other.caretInWindow
            && toplevel == other.toplevel && lineMode == other.lineMode && toolkit == other.toolkit
            && coordinates == other.coordinates
    }

    /// The toolkit and its version for logs, e.g. "GTK 4.8.3"; "-" when the application did not say.
    public var toolkitDescription: String {
        let words = [toolkit, toolkitVersion].filter { !$0.isEmpty }
        return words.isEmpty ? "-" : words.joined(separator: " ")
    }

    /// One line for logs and for atspi-probe.
    public var description: String {
        func text(_ rect: Rect?) -> String { rect.map { "\($0)" } ?? "-" }
        guard editable else { return "t=\(timeMs) change=\(change.rawValue) left-editable pid=\(pid)" }
        let inWindow = (widgetInWindow.map { " in-window=\($0) toplevel-id=\(toplevelID)" } ?? "")
            + (sampleInWindow.map { " sample-in-window=\($0)" } ?? "")
            + (caretInWindow.map { " caret-refused-on-screen caret-in-window=\($0)" } ?? "")
        let stamps = inWindow + (receivedUs == 0 ? "" : " received-us=\(receivedUs) read-us=\(readUs)")
        return "t=\(timeMs) change=\(change.rawValue) editable pid=\(pid) toolkit=\(toolkit.isEmpty ? "-" : toolkit) "
            + "lines=\(lineMode.rawValue) widget=\(text(widget)) caret=\(text(caret)) toplevel=\(text(toplevel))"
            + (coordinates == .screen ? "" : " coordinates=\(coordinates.rawValue)")
            + (paneOffset.map { " pane-offset=\($0)" } ?? "")
            + stamps
    }
}

extension Rect {
    func scaled(by factor: Int) -> Rect {
        Rect(x: x * factor, y: y * factor, width: width * factor, height: height * factor)
    }
}
