import OskshiftCore

/// Where focus rects that need more than the X server come from: the AT-SPI `caret` and `widget` sources.
/// The X11 adapter asks it, in the configured order, for the sources it cannot answer itself; until one is
/// installed those sources are skipped.
public protocol AccessibleFocusProvider: AnyObject {
    /// The focused field of `window` for `source` (`.caret` or `.widget`), in root coordinates; nil when unknown.
    func focusRect(_ source: FocusSource, in window: WindowFacts) -> FocusRect?
}
