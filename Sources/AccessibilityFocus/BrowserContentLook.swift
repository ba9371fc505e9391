import CATSPI
import Clock

/// The look that follows each request (BrowserContentCheck): does the browser show a web document by now? Says so
/// once per browser process when it does not.
extension BrowserContentActivation {
    /// One one-shot timer per browser process, BrowserContentCheck.delayMs after the request.
    func checkLater(application: UnsafeMutablePointer<AtspiAccessible>, content: FrameContent, toolkit: String,
                    pid: Int32) {
        g_object_ref(UnsafeMutableRawPointer(application))
        let request = ContentCheckRequest(activation: self, application: application, content: content,
                                          toolkit: toolkit, pid: pid)
        request.timer = ownTimers.armed(dueMs: MonotonicClock.milliseconds() + Int(BrowserContentCheck.delayMs))
        g_timeout_add_full(G_PRIORITY_DEFAULT, BrowserContentCheck.delayMs, contentCheckCallback,
                           Unmanaged.passRetained(request).toOpaque(), contentCheckRelease)
    }

    /// On the watcher thread, from the timer: is there a web document anywhere under the application? A bounded
    /// breadth-first walk (kiosk Chromium 156 with the web form: the document was the 91st accessible), once per
    /// browser process.
    fileprivate func check(_ request: ContentCheckRequest) {
        ownTimers.fired(request.timer)
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
            for child in children(of: node) {
                // libatspi hands out an object for D-Bus's null reference too: tell it by its path.
                if BrowserContentCheck.isNullReference(path: child.pointee.parent.path.map { String(cString: $0) }) {
                    g_object_unref(UnsafeMutableRawPointer(child))
                } else {
                    pending.append(child)
                }
            }
        }
        // A browser that has gone meanwhile (no answer at all) is not reported.
        guard answered, BrowserContentCheck.lacksPageContent(content: request.content, hasDocument: hasDocument)
        else { return }
        log(BrowserContentCheck.logLine(toolkit: request.toolkit, pid: request.pid))
    }
}

/// One content check's payload, owned by its GLib source; holds a reference to the application accessible.
private final class ContentCheckRequest {
    let activation: BrowserContentActivation
    let application: UnsafeMutablePointer<AtspiAccessible>
    /// What its frames showed when it was asked.
    let content: FrameContent
    /// Only named in the log.
    let toolkit: String
    let pid: Int32
    /// Its entry in the activation's `ownTimers`.
    var timer = 0

    init(activation: BrowserContentActivation, application: UnsafeMutablePointer<AtspiAccessible>,
         content: FrameContent, toolkit: String, pid: Int32) {
        self.activation = activation
        self.application = application
        self.content = content
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
