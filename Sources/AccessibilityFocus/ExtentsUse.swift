/// How an application's AT-SPI extents became root pixels, or why they could not: what `--verbose` logs (once per
/// change, per application) and `oskshift status` shows for the focused window's application.
public enum ExtentsUse: Equatable, Sendable, CustomStringConvertible {
    /// Screen coordinates that line up with the X window (GTK3, Qt, the browsers).
    case screen(toolkit: String)
    /// Window-relative (GTK 4): placed at the X client's position, inside its client-side decorations.
    case windowRelative(toolkit: String)
    /// An editable field without a usable rect: neither its extents nor its caret's box.
    case noneUsable(toolkit: String)
    /// Rects that line up with no X window of the process.
    case unmatched(toolkit: String)

    /// For an update of an editable field and the match found for it (nil: none).
    public static func of<ID>(_ update: AccessibleFocusUpdate, match: AccessibleWindowMatch<ID>?) -> ExtentsUse {
        let toolkit = update.toolkitDescription
        guard update.widget != nil || update.caret != nil else { return .noneUsable(toolkit: toolkit) }
        guard let match else { return .unmatched(toolkit: toolkit) }
        return match.coordinates == .window ? .windowRelative(toolkit: toolkit) : .screen(toolkit: toolkit)
    }

    /// The fallback in words: what the daemon does with such an application.
    public var description: String {
        switch self {
        case .screen(let toolkit):
            return "screen coordinates (\(toolkit))"
        case .windowRelative(let toolkit):
            return "window-relative (\(toolkit)), placed at its X window's client position"
        case .noneUsable(let toolkit):
            return "none usable (\(toolkit)): the field's last known place is kept, without one the window is not moved"
        case .unmatched(let toolkit):
            return "matching no X window of the process (\(toolkit)): the window is not moved"
        }
    }
}
