/// The AT-SPI events the watcher listens to, by name as libatspi delivers them (`AtspiEvent.type`).
enum WatchedEvent: Equatable {
    case focused
    case unfocused
    case caretMoved
    case textChanged
    case boundsChanged
    case windowActivated

    /// The names registered with `atspi_event_listener_register`. `focus:` is the older event that GTK3 and
    /// Qt still send beside `object:state-changed:focused` (so focus events arrive twice). Activating a window
    /// re-sends the focus event of its focused field, except a GTK 4 window's first activation (measured with
    /// GTK 4.8: `window:activate` and no focus event): `window:activate` is for that.
    static let registeredNames = [
        "object:state-changed:focused", "focus:", "object:text-caret-moved", "object:text-changed:insert",
        "object:text-changed:delete", "object:bounds-changed", "window:activate",
    ]

    /// Nil for events the watcher does not care about. `detail1` is the new value of a state (1 = set).
    static func classify(type: String, detail1: Int32) -> WatchedEvent? {
        if type == "object:state-changed:focused" { return detail1 != 0 ? .focused : .unfocused }
        if type.hasPrefix("focus:") { return .focused }
        if type.hasPrefix("object:text-caret-moved") { return .caretMoved }
        if type.hasPrefix("object:text-changed:insert") || type.hasPrefix("object:text-changed:delete") {
            return .textChanged
        }
        if type.hasPrefix("object:bounds-changed") { return .boundsChanged }
        if type.hasPrefix("window:activate") { return .windowActivated }
        return nil
    }
}
