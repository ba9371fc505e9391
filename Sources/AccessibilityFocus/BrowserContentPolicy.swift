/// Which applications on the accessibility bus must be asked to build their web content tree (pure, unit-tested).
///
/// Chromium (and everything built on it: Electron, CEF) joins the bus with only its frames, each with one
/// null child: no page, no `<input>`, so no field for the `caret` and `widget` sources. It builds the web content
/// tree once an assistive technology asks any of its accessibles for its attributes (`GetAttributes`) or its
/// relations (`GetRelationSet`): those reach Chromium's `AXPlatform::OnExtendedPropertiesUsedInWebContent`,
/// which turns the web-content accessibility mode on for the whole browser process (measured with Chromium 156:
/// 4 accessibles before, 245 with the 13 text fields of tests/fixtures/web_form.html after, the same as with
/// `--force-renderer-accessibility`; docs/kiosk.md). Setting `ScreenReaderEnabled`, reading states, or walking
/// the children do nothing. Firefox (toolkit "Gecko"), GTK and Qt expose everything without being asked.
struct BrowserContentPolicy {
    /// Application bus names (`AtspiApplication.bus_name`, never reused on a bus) already asked.
    private(set) var asked: Set<String> = []
    /// Every application already looked at, asked or not: its toolkit is not read again at its next activation.
    private(set) var lookedAt: Set<String> = []

    /// True once per application whose toolkit withholds its web content until asked.
    mutating func shouldAsk(toolkit: String, busName: String) -> Bool {
        guard !busName.isEmpty else { return false }
        // An empty toolkit name is a failed read (an application still starting): look again next time.
        if !toolkit.isEmpty { lookedAt.insert(busName) }
        guard Self.withholdsWebContent(toolkit: toolkit) else { return false }
        return asked.insert(busName).inserted
    }

    /// `atspi_accessible_get_toolkit_name` says "Chromium" for Chromium, Chrome and Electron applications.
    static func withholdsWebContent(toolkit: String) -> Bool {
        toolkit.lowercased() == "chromium"
    }
}

/// Whether a browser asked for its web content still shows none (pure, unit-tested): then the daemon says so once,
/// with the command line that works, instead of silently falling back to the pointer and window sources.
enum BrowserContentCheck {
    /// How long after the request to look: Chromium 156 had its page on the bus 0.25 s after the request when it
    /// was already running, and 1.6-2.2 s after its own start when asked at its first window activation.
    static let delayMs: UInt32 = 5000

    /// At most this many accessibles are looked at for the web document.
    static let walkLimit = 400

    /// `hasDocument`: a `document web` accessible was found under the application (without page content Chromium
    /// gives each of its frames one null child, or only its views once asked, before the page arrives).
    static func lacksPageContent(toolkit: String, hasDocument: Bool) -> Bool {
        BrowserContentPolicy.withholdsWebContent(toolkit: toolkit) && !hasDocument
    }

    /// AT-SPI's null reference (`ATSPI_DBUS_PATH_NULL`): what Chromium gives as each frame's child before it has
    /// built its web content.
    static func isNullReference(path: String?) -> Bool {
        path == nil || path == "/org/a11y/atspi/null"
    }

    static func logLine(toolkit: String, pid: Int32) -> String {
        "accessibility: \(toolkit) (pid \(pid)) is on the bus without page content; its web fields stay unknown "
            + "(start it with --force-renderer-accessibility)"
    }
}
