import CATSPI

/// The accessibility half of a sync request: a marker that goes through the watcher thread behind everything it
/// has already received, and comes back with when the watcher's own next timer is due.
extension WatcherLoop {
    /// From any thread: posts `.synced(token)` once the watcher's main context has nothing of higher priority ready.
    /// At the idle priority it runs after every event source that is ready now (the D-Bus messages already read from
    /// the bus are dispatched at the default priority), and `serially` puts it after a read in progress.
    func postSync(token: Int) {
        let request = Unmanaged.passRetained(SyncMarker(loop: self, token: token)).toOpaque()
        // Thread-safe: g_idle_add_full attaches to the default context, which the watcher thread runs.
        g_idle_add_full(G_PRIORITY_DEFAULT_IDLE, syncCallback, request, syncRelease)
    }

    /// On the watcher thread.
    fileprivate func syncFired(token: Int) {
        afterCurrentWork { [unowned self] in
            let next = [ownTimers.next, browserContentTimers.next].compactMap { $0 }.min()
            channel.post(.synced(token, nextOwnTimerMs: next))
        }
    }
}

/// One sync marker on its way to the watcher thread, owned by its GLib source.
private final class SyncMarker {
    let loop: WatcherLoop
    let token: Int

    init(loop: WatcherLoop, token: Int) {
        self.loop = loop
        self.token = token
    }
}

private let syncCallback: GSourceFunc = { data in
    if let data {
        let marker = Unmanaged<SyncMarker>.fromOpaque(data).takeUnretainedValue()
        marker.loop.syncFired(token: marker.token)
    }
    return 0  // G_SOURCE_REMOVE: one shot
}

private let syncRelease: GDestroyNotify = { data in
    if let data { Unmanaged<SyncMarker>.fromOpaque(data).release() }
}
