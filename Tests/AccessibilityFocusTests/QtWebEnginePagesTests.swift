@testable import AccessibilityFocus
import Testing

/// /proc/PID/maps and /proc/PID/environ as a PyQt5 QtWebEngine kiosk has them (Debian 12, Qt 5.15.8).
@Suite("QtWebEngine's pages on the accessibility bus")
struct QtWebEnginePagesTests {
    let qt5WebEngine: Substring = """
        7f1c2a000000-7f1c2a200000 r--p 00000000 08:01 1234 /usr/lib/x86_64-linux-gnu/libQt5WebEngineCore.so.5.15.13
        7f1c30000000-7f1c30100000 r-xp 00000000 08:01 1235 /usr/lib/x86_64-linux-gnu/libQt5Widgets.so.5.15.8
        """
    let qt6WebEngine: Substring = "7f00-7f10 r--p 0 08:01 9 /usr/lib/x86_64-linux-gnu/libQt6WebEngineCore.so.6.4.2\n"
    let qtWidgetsOnly: Substring = "7f00-7f10 r-xp 0 08:01 9 /usr/lib/x86_64-linux-gnu/libQt5Widgets.so.5.15.8\n"

    @Test("A QtWebEngine kiosk started without the variable withholds its pages")
    func withoutTheVariable() {
        #expect(QtWebEnginePages.withheld(maps: qt5WebEngine, environment: "HOME=/root\0DISPLAY=:1\0"))
        #expect(QtWebEnginePages.withheld(maps: qt6WebEngine, environment: "HOME=/root\0"))
    }

    @Test("With the variable set, to any value, it puts them on the bus")
    func withTheVariable() {
        #expect(!QtWebEnginePages.withheld(
            maps: qt5WebEngine, environment: "HOME=/root\0QTWEBENGINE_ENABLE_LINUX_ACCESSIBILITY=1\0"))
        #expect(!QtWebEnginePages.withheld(
            maps: qt6WebEngine, environment: "QTWEBENGINE_ENABLE_LINUX_ACCESSIBILITY=\0"))
    }

    @Test("A Qt application without QtWebEngine withholds nothing")
    func plainQt() {
        #expect(!QtWebEnginePages.withheld(maps: qtWidgetsOnly, environment: "HOME=/root\0"))
        #expect(QtWebEnginePages.qtVersion(maps: qtWidgetsOnly) == nil)
    }

    @Test("A variable that merely begins with the same name does not count")
    func anotherVariable() {
        #expect(QtWebEnginePages.withheld(
            maps: qt5WebEngine, environment: "QTWEBENGINE_ENABLE_LINUX_ACCESSIBILITY_X=1\0"))
    }

    @Test("The Qt version is told from the library")
    func version() {
        #expect(QtWebEnginePages.qtVersion(maps: qt5WebEngine) == 5)
        #expect(QtWebEnginePages.qtVersion(maps: qt6WebEngine) == 6)
    }
}
