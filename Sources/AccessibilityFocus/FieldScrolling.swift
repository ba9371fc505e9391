import CATSPI

/// Asks the application to scroll the tracked field into its visible area (AT-SPI `Component.ScrollTo`).
///
/// Why: a fullscreen kiosk browser shrunk above the keyboard (inset) does not scroll its focused `<input>` into
/// the smaller viewport by itself (Chromium 156 and Firefox ESR 153 both leave it below the new bottom), but both
/// do on `ScrollTo` once the new size is in place (docs/kiosk.md has the timings). GTK3 has no ScrollTo for its
/// widgets (the call fails, harmlessly).
extension WatcherLoop {
    /// From any thread: on the watcher thread, `ScrollTo(ATSPI_SCROLL_ANYWHERE)` on the tracked field, then the field is read
    /// and posted at once and again after `rereadDelaysMs` (the browser scrolls asynchronously, in its renderer).
    /// Nothing happens when no editable field is tracked.
    func scrollTrackedFieldIntoView(rereadDelaysMs: [UInt32]) {
        let request = Unmanaged.passRetained(ScrollRequest(loop: self, rereadDelaysMs: rereadDelaysMs)).toOpaque()
        // g_main_context_invoke_full is thread-safe: from another thread it adds a one-shot source to the
        // watcher's (default) context and wakes it.
        g_main_context_invoke_full(nil, G_PRIORITY_DEFAULT, scrollCallback, request, scrollRelease)
    }

    /// On the watcher thread.
    fileprivate func scrollFired(rereadDelaysMs: [UInt32]) {
        withTrackedFieldThenReread { field in
            guard let component = atspi_accessible_get_component_iface(field) else { return }
            defer { g_object_unref(UnsafeMutableRawPointer(component)) }
            var error: UnsafeMutablePointer<GError>?
            _ = atspi_component_scroll_to(component, ATSPI_SCROLL_ANYWHERE, &error)
            if let error { g_error_free(error) }
        }
        if !rereadDelaysMs.isEmpty { rereadSoon(delaysMs: rereadDelaysMs) }
    }
}

private final class ScrollRequest {
    let loop: WatcherLoop
    let rereadDelaysMs: [UInt32]

    init(loop: WatcherLoop, rereadDelaysMs: [UInt32]) {
        self.loop = loop
        self.rereadDelaysMs = rereadDelaysMs
    }
}

private let scrollCallback: GSourceFunc = { data in
    if let data {
        let request = Unmanaged<ScrollRequest>.fromOpaque(data).takeUnretainedValue()
        request.loop.scrollFired(rereadDelaysMs: request.rereadDelaysMs)
    }
    return 0  // G_SOURCE_REMOVE: one shot
}

private let scrollRelease: GDestroyNotify = { data in
    if let data { Unmanaged<ScrollRequest>.fromOpaque(data).release() }
}
