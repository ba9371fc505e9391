import CATSPI

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

/// Asks Chromium-based applications for their web content, on the watcher thread: once for each one found on
/// the bus when the watcher starts, and once for each one whose window is activated later (Chromium sends
/// `window:activate` for its frame as soon as its window is mapped and focused, before the page is shown).
///
/// Cost: one `window:activate` listener (window events are rare: no traffic while nothing happens, nothing
/// that wakes the daemon while idle) and one `GetAttributes` round trip per browser process.
final class BrowserContentActivation {
    private let log: @Sendable (String) -> Void
    private var policy = BrowserContentPolicy()
    private var listener: UnsafeMutablePointer<AtspiEventListener>?
    static let activationEvent = "window:activate"

    init(log: @escaping @Sendable (String) -> Void) {
        self.log = log
    }

    /// On the watcher thread, after `atspi_init`: listens for activated windows and schedules one look at the
    /// applications already on the bus (a one-shot idle source, so the daemon's start is not held up by a slow
    /// application).
    func start() {
        let userData = Unmanaged.passUnretained(self).toOpaque()
        if let listener = atspi_event_listener_new(activationCallback, userData, nil) {
            var error: UnsafeMutablePointer<GError>?
            if atspi_event_listener_register(listener, Self.activationEvent, &error) != 0 {
                self.listener = listener
            } else {
                g_object_unref(UnsafeMutableRawPointer(listener))
            }
            if let error { g_error_free(error) }
        }
        g_idle_add_full(G_PRIORITY_DEFAULT_IDLE, scanCallback, userData, nil)
    }

    /// On the watcher thread, when its loop has ended.
    func stop() {
        guard let listener else { return }
        var error: UnsafeMutablePointer<GError>?
        _ = atspi_event_listener_deregister(listener, Self.activationEvent, &error)
        if let error { g_error_free(error) }
        g_object_unref(UnsafeMutableRawPointer(listener))
        self.listener = nil
    }

    /// Every application now on the bus (the desktop's children, cached by libatspi).
    fileprivate func scanDesktop() {
        guard let desktop = atspi_get_desktop(0) else { return }
        defer { g_object_unref(UnsafeMutableRawPointer(desktop)) }
        var error: UnsafeMutablePointer<GError>?
        let count = atspi_accessible_get_child_count(desktop, &error)
        if let error { g_error_free(error) }
        for index in 0..<max(count, 0) {
            var error: UnsafeMutablePointer<GError>?
            let application = atspi_accessible_get_child_at_index(desktop, index, &error)
            if let error { g_error_free(error) }
            guard let application else { continue }
            askIfNeeded(application: application)
            g_object_unref(UnsafeMutableRawPointer(application))
        }
    }

    fileprivate func windowActivated(_ source: UnsafeMutablePointer<AtspiAccessible>) {
        var error: UnsafeMutablePointer<GError>?
        let application = atspi_accessible_get_application(source, &error)
        if let error { g_error_free(error) }
        guard let application else { return }
        askIfNeeded(application: application)
        g_object_unref(UnsafeMutableRawPointer(application))
    }

    private func askIfNeeded(application: UnsafeMutablePointer<AtspiAccessible>) {
        guard let app = application.pointee.parent.app, let busNamePointer = app.pointee.bus_name else { return }
        let busName = String(cString: busNamePointer)
        // An application looked at before (asked, or not a browser) needs no D-Bus call at all.
        guard !policy.lookedAt.contains(busName) else { return }
        var error: UnsafeMutablePointer<GError>?
        var toolkit = ""
        if let name = atspi_accessible_get_toolkit_name(application, &error) {
            toolkit = String(cString: name)
            g_free(name)
        }
        if let error { g_error_free(error) }
        guard policy.shouldAsk(toolkit: toolkit, busName: busName) else { return }
        var attributesError: UnsafeMutablePointer<GError>?
        let attributes = atspi_accessible_get_attributes(application, &attributesError)
        if let attributes { g_hash_table_unref(attributes) }
        let failure = attributesError.map { $0.pointee.message.map { String(cString: $0) } ?? "error" }
        if let attributesError { g_error_free(attributesError) }
        var pidError: UnsafeMutablePointer<GError>?
        let pid = atspi_accessible_get_process_id(application, &pidError)
        if let pidError { g_error_free(pidError) }
        if let failure {
            log("accessibility: could not ask \(toolkit) (pid \(pid)) for its web content: \(failure)")
        } else {
            log("accessibility: asked \(toolkit) (pid \(pid)) for its web content (GetAttributes on its application; "
                + "it exposes pages only to assistive technologies that ask)")
        }
        checkLater(application: application, toolkit: toolkit, pid: Int32(truncatingIfNeeded: pid))
    }

    /// One one-shot timer per browser process, BrowserContentCheck.delayMs after the request.
    private func checkLater(application: UnsafeMutablePointer<AtspiAccessible>, toolkit: String, pid: Int32) {
        g_object_ref(UnsafeMutableRawPointer(application))
        let request = ContentCheckRequest(activation: self, application: application, toolkit: toolkit, pid: pid)
        g_timeout_add_full(G_PRIORITY_DEFAULT, BrowserContentCheck.delayMs, contentCheckCallback,
                           Unmanaged.passRetained(request).toOpaque(), contentCheckRelease)
    }

    /// On the watcher thread, from the timer: is there a web document anywhere under the application? A bounded
    /// breadth-first walk (kiosk Chromium: the document is about 10 accessibles deep, within the first 50), once per
    /// browser process.
    fileprivate func check(_ request: ContentCheckRequest) {
        var pending: [UnsafeMutablePointer<AtspiAccessible>] = [request.application]
        g_object_ref(UnsafeMutableRawPointer(request.application))
        var visited = 0
        var hasDocument = false
        var answered = false
        while !pending.isEmpty {
            let node = pending.removeFirst()
            defer { g_object_unref(UnsafeMutableRawPointer(node)) }
            guard !hasDocument, visited < BrowserContentCheck.walkLimit else { continue }
            visited += 1
            var error: UnsafeMutablePointer<GError>?
            let role = atspi_accessible_get_role(node, &error)
            if let error { g_error_free(error) } else { answered = true }
            if role == ATSPI_ROLE_DOCUMENT_WEB {
                hasDocument = true
                continue
            }
            var countError: UnsafeMutablePointer<GError>?
            let count = atspi_accessible_get_child_count(node, &countError)
            if let countError { g_error_free(countError) }
            for index in 0..<max(count, 0) {
                var childError: UnsafeMutablePointer<GError>?
                let child = atspi_accessible_get_child_at_index(node, index, &childError)
                if let childError { g_error_free(childError) }
                guard let child else { continue }
                // libatspi hands out an object for D-Bus's null reference too: tell it by its path.
                if BrowserContentCheck.isNullReference(path: child.pointee.parent.path.map { String(cString: $0) }) {
                    g_object_unref(UnsafeMutableRawPointer(child))
                } else {
                    pending.append(child)
                }
            }
        }
        // A browser that has gone meanwhile (no answer at all) is not reported.
        guard answered, BrowserContentCheck.lacksPageContent(toolkit: request.toolkit, hasDocument: hasDocument)
        else { return }
        log(BrowserContentCheck.logLine(toolkit: request.toolkit, pid: request.pid))
    }
}

private let activationCallback: AtspiEventListenerCB = { event, userData in
    guard let event else { return }
    if let userData, let source = event.pointee.source {
        Unmanaged<BrowserContentActivation>.fromOpaque(userData).takeUnretainedValue().windowActivated(source)
    }
    oskshift_atspi_event_free(event)
}

private let scanCallback: GSourceFunc = { userData in
    if let userData {
        Unmanaged<BrowserContentActivation>.fromOpaque(userData).takeUnretainedValue().scanDesktop()
    }
    return 0  // G_SOURCE_REMOVE: one look only
}

/// One content check's payload, owned by its GLib source; holds a reference to the application accessible.
private final class ContentCheckRequest {
    let activation: BrowserContentActivation
    let application: UnsafeMutablePointer<AtspiAccessible>
    let toolkit: String
    let pid: Int32

    init(activation: BrowserContentActivation, application: UnsafeMutablePointer<AtspiAccessible>, toolkit: String,
         pid: Int32) {
        self.activation = activation
        self.application = application
        self.toolkit = toolkit
        self.pid = pid
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(application))
    }
}

private let contentCheckCallback: GSourceFunc = { data in
    if let data {
        let request = Unmanaged<ContentCheckRequest>.fromOpaque(data).takeUnretainedValue()
        request.activation.check(request)
    }
    return 0  // G_SOURCE_REMOVE: one look
}

private let contentCheckRelease: GDestroyNotify = { data in
    if let data { Unmanaged<ContentCheckRequest>.fromOpaque(data).release() }
}
