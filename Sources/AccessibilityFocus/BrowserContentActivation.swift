import CATSPI

/// Asks Chromium-based applications for their web content, on the watcher thread: once for each one found on
/// the bus when the watcher starts, and once for each one whose window is activated later (Chromium sends
/// `window:activate` for its frame as soon as its window is mapped and focused, before the page is shown).
///
/// Cost: one `window:activate` listener (window events are rare: no traffic while nothing happens, nothing
/// that wakes the daemon while idle) and one `GetAttributes` round trip per browser process.
final class BrowserContentActivation {
    let log: @Sendable (String) -> Void
    private var policy = BrowserContentPolicy()
    private var listener: UnsafeMutablePointer<AtspiEventListener>?
    /// The content checks still to come (BrowserContentLook.swift).
    var ownTimers = OwnTimers()
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
        for application in children(of: desktop) {
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
