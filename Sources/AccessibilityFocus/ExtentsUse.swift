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
    /// No X window has the process's number (a sandbox's PID namespace), and the top-level lines up with exactly one
    /// window, whose `_NET_WM_PID` is `windowPID` (`AccessibleWindowMatcher.matchByGeometry`).
    case screenByGeometry(toolkit: String, windowPID: Int32?)
    /// No X window has the process's number, and the top-level lines up with `count` windows alike.
    case ambiguousGeometry(toolkit: String, count: Int)
    /// No X window has the process's number, and the top-level lines up with none (or is window-relative).
    case noWindowOfTheProcess(toolkit: String)
    /// A QtWebEngine process started without `QTWEBENGINE_ENABLE_LINUX_ACCESSIBILITY` (`QtWebEnginePages`): its
    /// pages are not on the bus, and the X-side sources serve its windows.
    case pagesWithheld(qt: Int)

    /// For an update of an editable field and the match found for it (nil: none).
    public static func of<ID>(_ update: AccessibleFocusUpdate, match: AccessibleWindowMatch<ID>?) -> ExtentsUse {
        let toolkit = update.toolkitDescription
        guard update.widget != nil || update.caret != nil else { return .noneUsable(toolkit: toolkit) }
        guard let match else { return .unmatched(toolkit: toolkit) }
        return match.coordinates == .window ? .windowRelative(toolkit: toolkit) : .screen(toolkit: toolkit)
    }

    /// For an update whose process has no X window, and what its geometry found.
    public static func of<ID>(_ update: AccessibleFocusUpdate, byGeometry found: WindowByGeometry<ID>,
                              windowPID: Int32?) -> ExtentsUse {
        let toolkit = update.toolkitDescription
        guard update.widget != nil || update.caret != nil else { return .noneUsable(toolkit: toolkit) }
        switch found {
        case .one: return .screenByGeometry(toolkit: toolkit, windowPID: windowPID)
        case .several(let windows): return .ambiguousGeometry(toolkit: toolkit, count: windows.count)
        case .none: return .noWindowOfTheProcess(toolkit: toolkit)
        }
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
        case .screenByGeometry(let toolkit, let windowPID):
            let number = windowPID.map { "_NET_WM_PID \($0)" } ?? "no _NET_WM_PID"
            return "screen coordinates (\(toolkit)), its window found by geometry: no X window carries its process "
                + "number (a sandbox's own numbers; the window's \(number))"
        case .ambiguousGeometry(let toolkit, let count):
            return "no X window carries its process number, and its top-level lines up with \(count) windows alike "
                + "(\(toolkit)): the window is not moved"
        case .pagesWithheld(let qt):
            return "QtWebEngine (Qt \(qt)) started without \(QtWebEnginePages.variable): its pages are not on the "
                + "accessibility bus, so the X-side sources serve its windows (the tap's pointer band)"
        case .noWindowOfTheProcess(let toolkit):
            return "no X window carries its process number, and its top-level lines up with none (\(toolkit)): "
                + "the window is not moved"
        }
    }
}
