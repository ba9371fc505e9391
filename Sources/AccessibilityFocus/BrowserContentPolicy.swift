/// Which applications on the accessibility bus must be asked to build their web content tree (pure, unit-tested).
///
/// Chromium (and everything built on it: Electron, CEF) joins the bus with only its frames, each with one
/// null child: no page, no `<input>`, so no field for the `caret` and `widget` sources. It builds the web content
/// tree once an assistive technology asks any of its accessibles for its attributes (`GetAttributes`) or its
/// relations (`GetRelationSet`): those reach Chromium's `AXPlatform::OnExtendedPropertiesUsedInWebContent`,
/// which turns the web-content accessibility mode on for the whole browser process (measured with Chromium 156:
/// 4 accessibles before, 245 with the 13 text fields of tests/fixtures/web_form.html after, the same as with
/// `--force-renderer-accessibility`; docs/kiosk.md). Setting `ScreenReaderEnabled`, reading states, or walking
/// the children do nothing. Firefox, GTK, Qt and LibreOffice give their frames children of their own.
///
/// So an application is told by what its frames hold, not by its toolkit's name: a frame whose only child is AT-SPI's
/// null reference is content held back (`FrameContent.withheld`), and such an application is asked once.
struct BrowserContentPolicy {
    /// Application bus names (`AtspiApplication.bus_name`, never reused on a bus) already asked.
    private(set) var asked: Set<String> = []
    /// Every application already looked at, asked or not: its frames are not read again at its next activation.
    private(set) var lookedAt: Set<String> = []

    /// True once per application whose frames hold back their content until asked.
    mutating func shouldAsk(content: FrameContent, busName: String) -> Bool {
        guard !busName.isEmpty else { return false }
        // An application still starting (no frame with a child yet) is looked at again at its next activation.
        guard content != .unknown else { return false }
        lookedAt.insert(busName)
        guard content == .withheld else { return false }
        return asked.insert(busName).inserted
    }
}

/// What an application's top-level frames show of their content, told by their first children (pure, unit-tested).
enum FrameContent: Equatable {
    /// A frame's only child is AT-SPI's null reference: Chromium before an assistive technology asked.
    case withheld
    /// A frame has a child of its own: the application exposes its content without being asked.
    case exposed
    /// No frame with a child that could be read: an application still starting.
    case unknown

    /// What the watcher read of one frame: how many children it has (nil when the count could not be read) and,
    /// when it has any, its first child's object path (nil when that child could not be read).
    struct Frame: Equatable {
        let childCount: Int?
        let firstChildPath: String?
    }

    /// AT-SPI's null reference (`ATSPI_DBUS_PATH_NULL`).
    static let nullPath = "/org/a11y/atspi/null"

    /// At most this many frames are read (a browser with many windows; Chromium's kiosk has three).
    static let frameLimit: Int32 = 8

    /// The first frame whose children tell decides: Chromium gives every frame the same (its content mode is the
    /// whole browser process's), so one such frame is enough.
    static func of(frames: [Frame]) -> FrameContent {
        for frame in frames {
            guard let count = frame.childCount, count > 0, let path = frame.firstChildPath else { continue }
            return count == 1 && BrowserContentCheck.isNullReference(path: path) ? .withheld : .exposed
        }
        return .unknown
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

    /// `content`: what its frames showed when it was looked at (only an application that held its content back is
    /// asked, and so looked at again); `hasDocument`: a `document web` accessible was found under the application
    /// now (without page content Chromium gives each of its frames one null child, or only its views once asked,
    /// before the page arrives).
    static func lacksPageContent(content: FrameContent, hasDocument: Bool) -> Bool {
        content == .withheld && !hasDocument
    }

    /// AT-SPI's null reference (`ATSPI_DBUS_PATH_NULL`): what Chromium gives as each frame's child before it has
    /// built its web content.
    static func isNullReference(path: String?) -> Bool {
        path == nil || path == FrameContent.nullPath
    }

    static func logLine(toolkit: String, pid: Int32) -> String {
        "accessibility: \(toolkit) (pid \(pid)) is on the bus without page content; its web fields stay unknown "
            + "(start it with --force-renderer-accessibility)"
    }
}
