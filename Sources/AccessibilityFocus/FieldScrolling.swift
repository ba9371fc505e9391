import CATSPI

/// Asks the application to scroll the tracked field into its visible area (AT-SPI `Component.ScrollTo`).
///
/// Why: a fullscreen kiosk browser shrunk above the keyboard (inset) does not scroll its focused `<input>` into
/// the smaller viewport by itself (Chromium 156 and Firefox ESR 153 both leave it below the new bottom), but both
/// do on `ScrollTo` once the new size is in place (docs/kiosk.md has the timings). GTK3 has no ScrollTo for its
/// widgets (the call fails, harmlessly).
extension WatcherLoop {
    /// From any thread: on the watcher thread, `ScrollTo(ATSPI_SCROLL_ANYWHERE)` on the tracked field at each of
    /// `attemptsAtMs` (0 = as soon as the watcher thread is free), each followed by a read of the field that is
    /// posted even when unchanged, and one more read at `finalReadAtMs`. Several attempts, because a browser ignores a
    /// ScrollTo that arrives before it has handled its own resize (Firefox ESR 153: lost when sent up to 30 ms after
    /// the new size was on the server, honoured from 35 ms on; Chromium 156 honoured it at once); a ScrollTo of a
    /// field already in view changes nothing. Nothing happens while no editable field is tracked.
    func scrollTrackedFieldIntoView(attemptsAtMs: [UInt32], finalReadAtMs: UInt32) {
        for delay in attemptsAtMs {
            let request = Unmanaged.passRetained(ScrollRequest(loop: self)).toOpaque()
            if delay == 0 {
                // Thread-safe: from another thread it adds a one-shot source to the watcher's (default) context.
                g_main_context_invoke_full(nil, G_PRIORITY_DEFAULT, scrollCallback, request, scrollRelease)
            } else {
                g_timeout_add_full(G_PRIORITY_DEFAULT, delay, scrollCallback, request, scrollRelease)
            }
        }
        rereadSoon(delaysMs: [finalReadAtMs])
    }

    /// On the watcher thread.
    fileprivate func scrollFired() {
        withTrackedFieldThenReread { field in
            guard let component = atspi_accessible_get_component_iface(field) else { return }
            defer { g_object_unref(UnsafeMutableRawPointer(component)) }
            var error: UnsafeMutablePointer<GError>?
            _ = atspi_component_scroll_to(component, ATSPI_SCROLL_ANYWHERE, &error)
            if let error { g_error_free(error) }
        }
    }
}

private final class ScrollRequest {
    let loop: WatcherLoop

    init(loop: WatcherLoop) {
        self.loop = loop
    }
}

private let scrollCallback: GSourceFunc = { data in
    if let data {
        let request = Unmanaged<ScrollRequest>.fromOpaque(data).takeUnretainedValue()
        request.loop.scrollFired()
    }
    return 0  // G_SOURCE_REMOVE: one shot
}

private let scrollRelease: GDestroyNotify = { data in
    if let data { Unmanaged<ScrollRequest>.fromOpaque(data).release() }
}
