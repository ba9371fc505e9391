import OskshiftCore

/// The status for people (`oskshift status`), and the one-line summary systemd shows (`STATUS=`).
extension StatusReport {
    /// For example:
    ///
    ///     oskshift 4242 on display :1
    ///     keyboard: 0x400003 1280x205+0+595, visible
    ///     focus: 0x600003 gtkform/GtkForm, frame 500x420+390+370, field 482x34+399+737 (pointer)
    ///     field extents: screen coordinates (gtk 3.24.38)
    ///     adjusted: 0x600003 from 500x420+390+370 (normal), now 500x420+390+162
    ///     last decision: ...
    public var text: String {
        var lines = ["oskshift \(pid) on display \(display)"]
        if let keyboard {
            lines.append(keyboard.visible
                ? "keyboard: \(keyboard.window) \(keyboard.rect), visible"
                : "keyboard: \(keyboard.window) hidden (last seen at \(keyboard.rect))")
        } else {
            lines.append("keyboard: none seen yet")
        }
        if let focus {
            let what = focus.wmClass.map { " \($0)" } ?? ""
            let field = focus.field.map { ", field \($0)" } ?? ""
            let source = focus.fallback.map { "\(focus.source), a fallback: \($0)" } ?? focus.source
            lines.append("focus: \(focus.window)\(what), frame \(focus.frame)\(field) (\(source))")
            if let owner = focus.busApplication { lines.append("accessibility bus application: \(owner)") }
            if let extents = focus.extents { lines.append("field extents: \(extents)") }
        } else {
            lines.append("focus: none")
        }
        if adjusted.isEmpty { lines.append("adjusted: none") }
        for window in adjusted {
            lines.append("adjusted: \(window.window) from \(window.original) (\(window.originalState)), "
                + (window.restoring ? "restoring, now " : "now ") + "\(window.current)")
        }
        lines.append("last decision: \(lastDecision ?? "none")")
        return lines.joined(separator: "\n") + "\n"
    }

    /// One line for `systemctl status`: "keyboard visible, 1 window adjusted".
    public var summary: String {
        let keyboardWords = keyboard == nil ? "no keyboard seen" : keyboard!.visible ? "keyboard visible" : "keyboard hidden"
        let count = adjusted.count
        let windows = count == 0 ? "no window adjusted" : count == 1 ? "1 window adjusted" : "\(count) windows adjusted"
        return keyboardWords + ", " + windows
    }
}
