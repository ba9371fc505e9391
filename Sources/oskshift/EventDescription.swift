import OskshiftCore

/// `event: ...` lines for --verbose: one stable line per engine event, for people and for the e2e tests.
enum EventDescription {
    static func line(_ event: Event) -> String {
        switch event {
        case .keyboardShown(let rect): return "keyboard-shown \(rect)"
        case .keyboardMoved(let rect): return "keyboard-moved \(rect)"
        case .keyboardHidden: return "keyboard-hidden"
        case .focusChanged(nil): return "focus-changed none"
        case .focusChanged(let focus?):
            return "focus-changed \(window(focus.window)) \(observed(focus.observed))"
        case .focusObserved(let id, let observations, let frame):
            return "focus-observed \(id) \(observed(observations)) frame=\(frame)"
        case .accessibleApplications(let pids):
            return "accessible-applications " + (pids.isEmpty ? "-" : pids.sorted().map(String.init).joined(separator: ","))
        case .accessibilityBus(let status): return "accessibility-bus \(status.rawValue)"
        case .windowOnBus(let id, let application, let how):
            return "window-on-bus \(id) pid=\(application) matched-by=\(how.rawValue)"
        case .userInput(let id): return "user-input \(id)"
        case .accessibleFieldUnmatched(let pid): return "accessible-field-unmatched pid=\(pid)"
        case .accessibleFocus(let pid, nil): return "accessible-focus pid=\(pid) not-editable"
        case .accessibleFocus(let pid, let field?):
            return "accessible-focus pid=\(pid) window=\(field.window) field=\(field.identity) "
                + "widget=\(rect(field.widget)) caret=\(rect(field.caret)) read-at=\(field.frameSize.width)x"
                + "\(field.frameSize.height) change=\(field.change.rawValue)"
        case .windowConfigured(let id, let frame): return "window-configured \(id) frame=\(frame)"
        case .windowConfigureSynthetic(let id): return "window-configure-synthetic \(id)"
        case .windowFrameRead(let id, let frame): return "window-frame-read \(id) frame=\(frame)"
        case .windowStateChanged(let id, let state): return "window-state-changed \(id) state=\(self.state(state))"
        case .windowExtentsChanged(let id, let e):
            return "window-extents-changed \(id) extents=\(e.left),\(e.right),\(e.top),\(e.bottom)"
        case .windowDestroyed(let id): return "window-destroyed \(id)"
        case .windowReframed(let id): return "window-reframed \(id)"
        case .screenChanged(let screen):
            let monitors = screen.monitors.map { "\($0.name.isEmpty ? "-" : $0.name):\($0.rect)/\($0.workArea)" }
            return "screen-changed monitors=\(monitors.joined(separator: ","))"
        case .configurationChanged: return "configuration-changed"
        case .displacedWindowFound(let facts, let saved):
            return "displaced-window-found \(window(facts)) saved=\(saved.frame) saved-state=\(state(saved.state))"
        case .timerFired: return "timer-fired"
        case .stopping: return "stopping"
        }
    }

    static func window(_ facts: WindowFacts) -> String {
        let e = facts.extents
        let wmClass = facts.wmClass.map { "\($0.instance)/\($0.className)" } ?? "-"
        return "\(facts.id) frame=\(facts.frame) extents=\(e.left),\(e.right),\(e.top),\(e.bottom) "
            + "kind=\(facts.kind.rawValue) class=\(wmClass) state=\(state(facts.state))"
            + (facts.overrideRedirect ? " override-redirect" : "") + (facts.isKeyboard ? " keyboard" : "")
    }

    /// Rects relative to the window's frame.
    static func observed(_ observed: XFocusObservations) -> String {
        "input-focus=\(rect(observed.inputFocus)) press=\(observed.press.map { "\($0)" } ?? "-")"
    }

    static func rect(_ rect: Rect?) -> String { rect.map { "\($0)" } ?? "-" }

    static func state(_ state: WindowState) -> String {
        var words: [String] = []
        if state.maximizedVertically { words.append("max-vert") }
        if state.maximizedHorizontally { words.append("max-horz") }
        if state.fullscreen { words.append("fullscreen") }
        return words.isEmpty ? "normal" : words.joined(separator: "+")
    }

    static func way(_ way: KeyboardWay) -> String {
        switch way {
        case .onboard: return "onboard"
        case .hiddenWindow: return "a hidden keyboard window"
        case .window(let id): return "window \(id)"
        case .command(let command): return "command \(command)"
        }
    }

    /// `would: ...` lines for --dry-run.
    static func line(_ action: Action) -> String {
        switch action {
        case .moveResize(let id, let frame, let e):
            return "move-resize \(id) frame=\(frame) extents=\(e.left),\(e.right),\(e.top),\(e.bottom)"
        case .setMaximized(let id, let on): return "set-maximized \(id) \(on)"
        case .setFullscreen(let id, let on): return "set-fullscreen \(id) \(on)"
        case .saveOriginal(let id, let saved): return "save-original \(id) \(saved.frame) \(state(saved.state))"
        case .clearOriginal(let id): return "clear-original \(id)"
        case .readFrame(let id): return "read-frame \(id)"
        case .startTimer(let ms): return "start-timer \(ms)ms"
        case .stopTimer: return "stop-timer"
        case .log(let decision): return "decision: \(decision)"
        case .note(let text): return "note: \(text)"
        case .revealField(let id): return "reveal-field \(id)"
        case .readField: return "read-field"
        case .showKeyboard(let ways): return "show-keyboard " + ways.map(way).joined(separator: ", ")
        case .hideKeyboard(let ways, let asker):
            return "hide-keyboard for \(asker.rawValue) " + ways.map(way).joined(separator: ", ")
        case .armHideTimer(let ms): return "arm-hide-timer \(ms)ms"
        case .cancelHideTimer: return "cancel-hide-timer"
        case .turnOnAccessibilitySwitch: return "turn-on-accessibility-switch"
        case .typeTab(let backward): return backward ? "type-shift-tab" : "type-tab"
        }
    }
}
