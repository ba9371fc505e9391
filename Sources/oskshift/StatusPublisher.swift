import Clock
import DaemonStatus
import Glibc
import OskshiftCore
import X11Adapter

/// The daemon's side of `oskshift status` and of systemd's STATUS=: after each event batch, the status is
/// rebuilt from the engine, and published only when it changed (one property write, no reply awaited; one
/// sd_notify when the summary line changed). Nothing is published before the daemon is ready, so the first
/// status doubles as the readiness signal `oskshift status` waits for.
struct StatusPublisher {
    private(set) var isReady = false
    private var publishedJSON: String?
    private var notifiedSummary: String?
    /// The visible keyboard's rect, kept after it hides so the status says where it was.
    private var lastKeyboardRect: Rect?
    /// `adapter.lastKeyboardWindow` at the last publish (it changes without an engine event when another keyboard
    /// window of the same rect becomes the visible one).
    private var publishedKeyboardWindow: WindowID?

    mutating func report(engine: Engine, adapter: X11Adapter, accessibility: AccessibilityBridge?) -> StatusReport {
        if let visible = engine.keyboard { lastKeyboardRect = visible }
        var keyboard: StatusReport.Keyboard?
        if let window = adapter.lastKeyboardWindow, let rect = lastKeyboardRect {
            keyboard = StatusReport.Keyboard(window: window, rect: rect, visible: engine.keyboard != nil)
        }
        return StatusReport(engine: engine, keyboard: keyboard, display: adapter.displayName, pid: Int(getpid()),
                            now: MonotonicClock.milliseconds(),
                            extents: { accessibility?.extentsUse(inWindow: adapter.focusedWindow, pid: $0)?.description })
    }

    /// Publishes what changed; the caller flushes the connection. The status is rebuilt from the engine and the
    /// keyboard window only, so a batch that fed the engine nothing and left that window alone cannot change it:
    /// most batches of a keyboard show are such (openbox's property writes), and each rebuild costs tens of µs.
    mutating func publish(engine: Engine, adapter: X11Adapter, accessibility: AccessibilityBridge?,
                          engineFed: Bool = true) {
        guard isReady else { return }
        guard engineFed || adapter.lastKeyboardWindow != publishedKeyboardWindow else { return }
        publishedKeyboardWindow = adapter.lastKeyboardWindow
        let status = report(engine: engine, adapter: adapter, accessibility: accessibility)
        let json = status.json.text
        if json != publishedJSON {
            adapter.publishStatus(json)
            publishedJSON = json
        }
        if status.summary != notifiedSummary {
            NotifyService.status(status.summary)
            notifiedSummary = status.summary
        }
    }

    /// The ready moment: the first status, then READY=1 with the summary.
    mutating func becomeReady(engine: Engine, adapter: X11Adapter, accessibility: AccessibilityBridge?) {
        isReady = true
        publishedKeyboardWindow = adapter.lastKeyboardWindow
        let status = report(engine: engine, adapter: adapter, accessibility: accessibility)
        publishedJSON = status.json.text
        notifiedSummary = status.summary
        adapter.publishStatus(publishedJSON!)
        adapter.flush()
        NotifyService.ready(status: status.summary)
    }

    /// After a SIGHUP reload (good or bad file): READY=1 again, as Type=notify expects after RELOADING=1.
    func reloaded() {
        NotifyService.ready(status: notifiedSummary ?? "reloaded")
    }
}

extension Daemon {
    /// Called right where "ready on display" is logged: the display is watched and AT-SPI (when a bus exists)
    /// listened to.
    func announceReady() {
        statusPublisher.becomeReady(engine: engine, adapter: adapter, accessibility: accessibility)
    }

    /// Called once per event batch, after the batch's actions were flushed; `engineFed`: the engine had an event.
    func publishStatus(engineFed: Bool) {
        statusPublisher.publish(engine: engine, adapter: adapter, accessibility: accessibility, engineFed: engineFed)
    }
}
