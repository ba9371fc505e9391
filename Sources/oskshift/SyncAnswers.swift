import Clock
import DaemonStatus
import X11Adapter

/// Sync requests (`oskshift status --sync`, the end-to-end tests): answered once everything that reached the daemon
/// before the request has been handled. The X half is given by the order of the X connection (the request is read
/// after every event before it, and answered after the batch holding it has been handled); the accessibility half
/// by a marker sent through the watcher thread, which comes back behind every report it had to post.
extension Daemon {
    /// After a batch of X events has been handled: the sync requests it held go to the watcher, or are answered now
    /// when there is no accessibility bus.
    func receiveSyncRequests() {
        let requests = adapter.takeSyncRequests()
        guard !requests.isEmpty else { return }
        guard let watcher = accessibility?.watcher else {
            answer(requests)
            return
        }
        lastSyncToken += 1
        syncsAwaitingWatcher[lastSyncToken] = requests
        watcher.sync(token: lastSyncToken)
    }

    /// After the watcher's reports have been handled: the requests whose marker came through are answered.
    func answerSyncsTheWatcherReached() {
        guard let accessibility else { return }
        for (token, watcherTimer) in accessibility.takeSynced() {
            if let requests = syncsAwaitingWatcher.removeValue(forKey: token) {
                answer(requests, watcherTimer: watcherTimer)
            }
        }
    }

    /// The requests counted since each caller's mark, and what the engine (and auto-show) still has going on its own.
    private func answer(_ requests: [SyncRequest], watcherTimer: Int? = nil) {
        let now = MonotonicClock.milliseconds()
        var activity = engine.activity(at: now)
        // Auto-show's hide delay and the watcher's own timers (a new application's focus looked for again) are the
        // daemon's clock too: what they find can still move a window or hide the keyboard.
        let ticks = [activity.nextTick, effects.hideDue, watcherTimer].compactMap { $0 }
        activity.nextTick = ticks.min()
        for request in requests {
            let reply = SyncReply(serial: request.serial, mark: request.mark, journal: adapter.requestJournal,
                                  activity: activity, now: now)
            adapter.answerSync(request, json: reply.json.text)
            if options.verbose {
                Log.line("note: sync \(request.serial) answered: \(reply.requestCount.map(String.init) ?? "?") "
                    + "requests since \(request.mark), \(reply.isIdle ? "idle" : "busy")")
            }
        }
        adapter.flush()
    }
}
