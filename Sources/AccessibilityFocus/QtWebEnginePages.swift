/// QtWebEngine (Qt 5 and Qt 6), the engine of many kiosk browsers (PyQt `QWebEngineView` kiosks, qutebrowser,
/// falkon), puts its web pages on the accessibility bus only when its process was started with
/// `QTWEBENGINE_ENABLE_LINUX_ACCESSIBILITY` set (any value; Qt checks that it is set). Without it the application is
/// on the bus with its Qt widgets, and while a page has the focus it reports the view itself focused (a `filler`
/// without children: measured with PyQt5 5.15.8 and PyQt6 6.4.2), whatever input the user tapped.
///
/// Such an application cannot say where its field is, and taken as authoritative about its focus ("no editable
/// focus") its window was never moved. So the daemon does not name it to the engine as an application on the bus:
/// its windows are served by the X-side sources (the tap's pointer band), and a field it does report (a Qt line
/// edit of its own) still counts. docs/kiosk.md, "QtWebEngine".
public enum QtWebEnginePages {
    public static let variable = "QTWEBENGINE_ENABLE_LINUX_ACCESSIBILITY"

    /// The library every QtWebEngine process maps (`libQt5WebEngineCore.so.5`, `libQt6WebEngineCore.so.6`).
    static func runsQtWebEngine(maps: Substring) -> Bool { qtVersion(maps: maps) != nil }

    /// Whether `maps` maps a file whose name begins with `library`.
    private static func maps(_ maps: Substring, library: String) -> Bool {
        maps.split(separator: "\n").contains { line in
            guard let slash = line.lastIndex(of: "/") else { return false }
            return line[line.index(after: slash)...].hasPrefix(library)
        }
    }

    /// Whether a process withholds its web pages from the bus: it runs QtWebEngine (`maps`, the text of
    /// /proc/PID/maps) and its environment at start (`environment`, the NUL-separated text of /proc/PID/environ)
    /// does not set the variable. A process that sets the variable for itself after its start is taken for one that
    /// withholds them: its pages' fields still count when it reports them, only a tap elsewhere is then served.
    public static func withheld(maps: Substring, environment: Substring) -> Bool {
        guard runsQtWebEngine(maps: maps) else { return false }
        let prefix = variable + "="
        return !environment.split(separator: "\0").contains { $0.hasPrefix(prefix) }
    }

    /// The Qt major version a QtWebEngine process runs (5 or 6), for the log; nil when it runs none.
    public static func qtVersion(maps: Substring) -> Int? {
        if Self.maps(maps, library: "libQt6WebEngineCore.so") { return 6 }
        if Self.maps(maps, library: "libQt5WebEngineCore.so") { return 5 }
        return nil
    }
}
