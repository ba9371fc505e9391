import CATSPI

/// Asks the applications that hold back their web content (Chromium and what is built on it: each frame's only child
/// is the null reference; `BrowserContentPolicy`) for it, on the watcher thread: once for each one found on the bus
/// when the watcher starts, and once for each one whose window is activated later (Chromium sends `window:activate`
/// for its frame as soon as its window is mapped and focused, before the page is shown).
///
/// Cost: one `window:activate` listener (window events are rare: no traffic while nothing happens, nothing
/// that wakes the daemon while idle); once per application, a look at its first frames (a child count and a first
/// child each, `FrameContent`); and one `GetAttributes` round trip per browser process.
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
        askIfNeeded(application: application, activatedFrame: source)
        g_object_unref(UnsafeMutableRawPointer(application))
    }

    /// `activatedFrame`: the window whose activation brought the application here, looked at alone (two round trips
    /// rather than four: a LibreOffice starting under load answered its first frame's in 743 ms).
    private func askIfNeeded(application: UnsafeMutablePointer<AtspiAccessible>,
                             activatedFrame: UnsafeMutablePointer<AtspiAccessible>? = nil) {
        guard let app = application.pointee.parent.app, let busNamePointer = app.pointee.bus_name else { return }
        let busName = String(cString: busNamePointer)
        // An application looked at before (asked, or exposing its content) needs no D-Bus call at all.
        guard !policy.lookedAt.contains(busName) else { return }
        let content = activatedFrame.map { FrameContent.of(frames: [look(atFrame: $0)]) } ?? content(of: application)
        guard policy.shouldAsk(content: content, busName: busName) else { return }
        var error: UnsafeMutablePointer<GError>?
        var toolkit = "application"  // only named in the log
        if let name = atspi_accessible_get_toolkit_name(application, &error) {
            toolkit = String(cString: name)
            g_free(name)
        }
        if let error { g_error_free(error) }
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
        checkLater(application: application, content: content, toolkit: toolkit,
                   pid: Int32(truncatingIfNeeded: pid))
    }

    /// What the application's frames show, read frame by frame until one tells (`FrameContent.of(frames:)`): for
    /// Chromium its first frame, four round trips at most with the application's child count and first child.
    private func content(of application: UnsafeMutablePointer<AtspiAccessible>) -> FrameContent {
        var error: UnsafeMutablePointer<GError>?
        let count = atspi_accessible_get_child_count(application, &error)
        if let error { g_error_free(error) }
        for index in 0..<max(0, min(count, FrameContent.frameLimit)) {
            var frameError: UnsafeMutablePointer<GError>?
            let frame = atspi_accessible_get_child_at_index(application, index, &frameError)
            if let frameError { g_error_free(frameError) }
            guard let frame else { continue }
            let content = FrameContent.of(frames: [look(atFrame: frame)])
            g_object_unref(UnsafeMutableRawPointer(frame))
            if content != .unknown { return content }
        }
        return .unknown
    }

    /// One frame's child count and first child's path (two round trips at most, fewer where libatspi has them cached).
    private func look(atFrame frame: UnsafeMutablePointer<AtspiAccessible>) -> FrameContent.Frame {
        var error: UnsafeMutablePointer<GError>?
        let count = atspi_accessible_get_child_count(frame, &error)
        if let error {
            g_error_free(error)
            return FrameContent.Frame(childCount: nil, firstChildPath: nil)
        }
        let path = count > 0 ? firstChildPath(of: frame) : nil
        return FrameContent.Frame(childCount: Int(count), firstChildPath: path)
    }

    /// The object path of `frame`'s first child, nil when it could not be read. An answer without an object is the
    /// null reference: libatspi hands out no object for that path (Chromium's frames, measured), while an object
    /// from its cache of children may carry the path itself.
    private func firstChildPath(of frame: UnsafeMutablePointer<AtspiAccessible>) -> String? {
        var error: UnsafeMutablePointer<GError>?
        let child = atspi_accessible_get_child_at_index(frame, 0, &error)
        defer { if let child { g_object_unref(UnsafeMutableRawPointer(child)) } }
        if let error {
            g_error_free(error)
            return nil
        }
        guard let child else { return FrameContent.nullPath }
        return child.pointee.parent.path.map { String(cString: $0) }
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
