import AccessibilityFocus

/// The daemon is an assistive technology (PRODUCT.md): at start it turns the desktop's accessibility switch on, so
/// Firefox, Chromium and Qt 6 applications expose their fields without flags. Runs once, before the AT-SPI watcher
/// starts; see AccessibilitySwitch for what it touches and what it leaves alone.
enum AccessibilitySwitchAtStart {
    static func run() {
        if let line = AccessibilitySwitch.logLine(for: AccessibilitySwitch.turnOn()) { Log.line(line) }
    }
}
