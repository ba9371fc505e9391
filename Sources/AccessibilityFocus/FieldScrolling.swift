import CATSPI

/// Asks the application to scroll the tracked field into its visible area (AT-SPI `Component.ScrollTo`).
///
/// Why: a fullscreen kiosk browser shrunk above the keyboard (inset) does not scroll its focused `<input>` into
/// the smaller viewport by itself (Chromium 156 and Firefox ESR 153 both leave it below the new bottom), but both
/// do on `ScrollTo` once the new size is in place (docs/kiosk.md has the timings). GTK3 has no ScrollTo for its
/// widgets (the call fails, harmlessly).
extension WatcherLoop {
    /// From any thread: on the watcher thread, `ScrollTo(ATSPI_SCROLL_ANYWHERE)` on the tracked field, then a read of
    /// the field posted even when unchanged; nothing while no editable field is followed. The engine repeats it
    /// (`FieldReads`): a browser ignores a ScrollTo that arrives before it has handled its own resize (Firefox ESR
    /// 153: lost when sent up to 30 ms after the new size was on the server, honoured from 35 ms on; Chromium 156
    /// honoured it at once); a ScrollTo of a field already in view changes nothing.
    func scrollTrackedFieldIntoView() {
        onWatcherThread(ScrollRequest(loop: self, scrolls: true))
    }

    /// From any thread: on the watcher thread, a read of the tracked field posted even when unchanged.
    func readTrackedField() {
        onWatcherThread(ScrollRequest(loop: self, scrolls: false))
    }

    private func onWatcherThread(_ work: ScrollRequest) {
        let request = Unmanaged.passRetained(work).toOpaque()
        // Thread-safe: from another thread it adds a one-shot source to the watcher's (default) context.
        g_main_context_invoke_full(nil, G_PRIORITY_DEFAULT, scrollCallback, request, scrollRelease)
    }

    /// On the watcher thread.
    fileprivate func scrollFired(scrolls: Bool) {
        withTrackedFieldThenReread { field in
            guard scrolls else { return }
            guard let component = atspi_accessible_get_component_iface(field) else { return }
            defer { g_object_unref(UnsafeMutableRawPointer(component)) }
            var error: UnsafeMutablePointer<GError>?
            _ = atspi_component_scroll_to(component, ATSPI_SCROLL_ANYWHERE, &error)
            if let error { g_error_free(error) }
        }
    }
}

/// One ScrollTo (or plain read) on its way to the watcher thread, owned by its GLib source.
private final class ScrollRequest {
    let loop: WatcherLoop
    let scrolls: Bool

    init(loop: WatcherLoop, scrolls: Bool) {
        self.loop = loop
        self.scrolls = scrolls
    }
}

private let scrollCallback: GSourceFunc = { data in
    if let data {
        let request = Unmanaged<ScrollRequest>.fromOpaque(data).takeUnretainedValue()
        request.loop.scrollFired(scrolls: request.scrolls)
    }
    return 0  // G_SOURCE_REMOVE: one shot
}

private let scrollRelease: GDestroyNotify = { data in
    if let data { Unmanaged<ScrollRequest>.fromOpaque(data).release() }
}
