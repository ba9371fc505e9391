/// Whether this session is one the daemon should serve, decided before it touches the display. Pure: the
/// environment and systemd's answers come in as values (SessionGateChecks.swift asks for them).
///
/// - A Wayland session is refused: under Xwayland oskshift would see only the X clients and could move none of
///   the native Wayland windows, so running would look like working while doing nothing.
/// - The XDG autostart entry runs `oskshift --autostart`, and a package may also enable the systemd user unit.
///   Sessions that start graphical-session.target (GNOME, KDE) run the unit; LXDE, openbox from `.xinitrc` and
///   other sessions without it run only the autostart entry. `--autostart` steps aside, exit 0 and no error,
///   when the unit serves the session or another instance already holds the display, so one of the two ways
///   wins quietly instead of a second instance failing with exit 3.
enum SessionGate {
    /// The Wayland refusal's exit status; systemd/oskshift.service lists it in RestartPreventExitStatus=.
    static let waylandExitStatus: Int32 = 4

    /// The user unit the package installs, and the target that starts it (its WantedBy=).
    static let unitName = "oskshift.service"
    static let sessionTargetName = "graphical-session.target"

    /// The one sentence refusing a Wayland session, or nil when nothing says this is one. An empty
    /// WAYLAND_DISPLAY counts as unset, as `WAYLAND_DISPLAY= oskshift` is how one clears it for a single run.
    static func waylandRefusal(environment: [String: String]) -> String? {
        let why: String
        if environment["XDG_SESSION_TYPE"] == "wayland" {
            why = "XDG_SESSION_TYPE=wayland"
        } else if let display = environment["WAYLAND_DISPLAY"], !display.isEmpty {
            why = "WAYLAND_DISPLAY=\(display)"
        } else {
            return nil
        }
        return "this is a Wayland session (\(why)) and oskshift can move only X11 windows; "
            + "log in to an X11 session to use it"
    }

    /// Active states in which the unit is running or about to be.
    private static let runningStates: Set = ["active", "activating", "reloading"]
    /// Unit file states in which graphical-session.target pulls the unit in.
    private static let enabledStates: Set = ["enabled", "enabled-runtime"]

    /// Why the systemd user unit serves this session (so `--autostart` steps aside), or nil when it does not.
    /// `units` is `systemctl --user show` parsed by `parseShow`; empty when there is no user manager to ask.
    static func userUnitServes(units: [String: [String: String]]) -> String? {
        let unit = units[unitName] ?? [:]
        // One switch turns oskshift off for a user (or, with --global, for all) whichever way the session starts it.
        if let fileState = unit["UnitFileState"], fileState.hasPrefix("masked") {
            return "the systemd user unit \(unitName) is \(fileState), which turns oskshift off for this user"
        }
        if let state = unit["ActiveState"], runningStates.contains(state) {
            return "the systemd user unit \(unitName) is \(state)"
        }
        // At log-in the autostart entry and the target's units start side by side: an enabled unit that has
        // not been reached yet will be, as long as its target is coming up.
        if let fileState = unit["UnitFileState"], enabledStates.contains(fileState),
            let target = units[sessionTargetName]?["ActiveState"], runningStates.contains(target)
        {
            return "the systemd user unit \(unitName) is \(fileState) and \(sessionTargetName) is \(target)"
        }
        return nil
    }

    /// `systemctl show -p Id,...` output: blocks of `Key=Value` lines, one block per unit, separated by an empty
    /// line, each keyed by its `Id`. Lines without `=` are skipped; a block without an Id is dropped.
    static func parseShow(_ text: String) -> [String: [String: String]] {
        var units: [String: [String: String]] = [:]
        var block: [String: String] = [:]
        func endBlock() {
            if let id = block["Id"] { units[id] = block }
            block = [:]
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.isEmpty {
                endBlock()
            } else if let equals = line.firstIndex(of: "=") {
                block[String(line[..<equals])] = String(line[line.index(after: equals)...])
            }
        }
        endBlock()
        return units
    }
}
