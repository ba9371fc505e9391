import CX11
import OskshiftCore

/// The on-screen keyboard: which windows are keyboards, and which one, if any, is visible where.
extension X11Adapter {
    /// Adds `window` to the candidates when WM_CLASS or WM_NAME match the built-in list or `[[keyboard]]`.
    func considerKeyboard(_ window: Window) {
        let wmClass = connection.wmClass(window)
        let matches = connection.isKeyboard(window, wmClass: wmClass, extra: settings.keyboards)
        if matches {
            if keyboardCandidates.insert(window).inserted { keyboardDirty = true }
        } else if keyboardCandidates.remove(window) != nil {
            keyboardDirty = true
        }
    }

    /// A mapped root child that no WM manages (override-redirect, or no WM at all): a keyboard may still be one.
    func considerUnmanaged(_ window: Window) {
        guard window != managerWindow else { return }
        let wmClass = connection.wmClass(window)
        if connection.isKeyboard(window, wmClass: wmClass, extra: settings.keyboards) {
            connection.selectInput(window, Self.clientMask, cacheProperties: true)
            if keyboardCandidates.insert(window).inserted { keyboardDirty = true }
        }
    }

    /// After `[[keyboard]]` changed.
    func reconsiderKeyboards() {
        for client in knownClients { considerKeyboard(client) }
        keyboardDirty = true
    }

    /// Visible = mapped and viewable (ancestors mapped), not `_NET_WM_STATE_HIDDEN`, and its frame on a monitor.
    /// Among several visible keyboards the one showing the largest area on the monitors wins (then the lowest
    /// window id, so the choice is stable): an OSK's helper windows are small, the keyboard itself is not.
    func visibleKeyboard() -> (window: Window, frame: Window, rect: Rect)? {
        var best: (window: Window, frame: Window, rect: Rect, area: Int)?
        var frames: Set<Window> = []
        for candidate in keyboardCandidates.sorted() {
            guard let viewable = isViewable(candidate) else {
                keyboardCandidates.remove(candidate)
                continue
            }
            guard let frame = frame(of: candidate) else { continue }
            frames.insert(frame)
            guard viewable, !isHidden(candidate), let rect = rect(ofRootChild: frame)
            else { continue }
            let area = screen.monitors.reduce(0) { $0 + $1.rect.intersectionArea(rect) }
            if area > 0, area > (best?.area ?? 0) { best = (candidate, frame, rect, area) }
        }
        keyboardFrames = frames
        return best.map { ($0.window, $0.frame, $0.rect) }
    }

    func settleKeyboard() {
        guard keyboardDirty else { return }
        keyboardDirty = false
        let found = visibleKeyboard()
        if let found { lastKeyboardWindow = WindowID(found.window) }
        let visible = found?.rect
        guard visible != shownKeyboard else { return }
        switch (shownKeyboard, visible) {
        case (nil, let rect?): output.append(.keyboardShown(rect))
        case (_?, let rect?): output.append(.keyboardMoved(rect))
        case (_?, nil): output.append(.keyboardHidden)
        case (nil, nil): break
        }
        let selectsKeys = (shownKeyboard != nil) != (visible != nil)
        shownKeyboard = visible
        if selectsKeys { selectRawEvents() }
    }
}
