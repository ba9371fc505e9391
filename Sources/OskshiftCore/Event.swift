/// What happened on the display, as the engine is told.
public enum Event: Equatable, Sendable {
    /// An on-screen keyboard became visible with this frame (root coordinates).
    case keyboardShown(Rect)
    /// The visible keyboard moved or resized (a layout switch, a docked keyboard sliding in).
    case keyboardMoved(Rect)
    case keyboardHidden
    /// Keyboard focus moved to another window, or nowhere (nil).
    case focusChanged(Focus?)
    /// What the X server shows of the focus inside the focused window changed (the input focus moved to another
    /// subwindow, a press landed elsewhere). `frame` is the window's frame when it was read.
    case focusObserved(WindowID, XFocusObservations, frame: Rect)
    /// The processes of the applications on the accessibility bus (all of them, after every change).
    case accessibleApplications(Set<Int32>)
    /// An application on the accessibility bus (its process as the bus reports it) was found to own this window by
    /// another way than the window's `_NET_WM_PID` (a sandbox numbers its processes from 1, a D-Bus proxy owns its
    /// bus connection): its focus speaks for the window from now on.
    case windowOnBus(WindowID, application: Int32, matchedBy: BusMatch)
    /// The user pressed (pointer or touch) or typed a key in this window: an input that an application on the bus
    /// answers with a focus, and one that lets the whole-window source speak for an application that is not there.
    case userInput(WindowID)
    /// The daemon's own connection to the accessibility bus changed: see `BusStatus`.
    case accessibilityBus(BusStatus)
    /// An application on the accessibility bus moved its focus: to this editable field, or (nil) to something
    /// that is not editable text. `pid` 0 when the bus did not say.
    case accessibleFocus(pid: Int32, AccessibleField?)
    /// An application reported an editable field that matched no X window (its window not mapped or framed yet, or
    /// its top-level read at another moment than the window's frame): it is read again when a window is configured.
    case accessibleFieldUnmatched(pid: Int32)
    /// A top-level window's frame changed, by our request or by someone else's (the frame's own ConfigureNotify,
    /// reported only when its rect differs from the last one: a restack is no change of geometry).
    case windowConfigured(WindowID, frame: Rect)
    /// The window manager sent the client a synthetic ConfigureNotify (ICCCM 4.1.5): the echo of a move its
    /// frame's ConfigureNotify already reported, or its answer to a request it refused or granted only in part
    /// (matchbox-window-manager answers moves of NORMAL windows so). Which one it is, the engine decides.
    case windowConfigureSynthetic(WindowID)
    /// The window's frame as read from the server, when the engine asked (`Action.readFrame`).
    case windowFrameRead(WindowID, frame: Rect)
    /// A window's maximized or fullscreen state changed.
    case windowStateChanged(WindowID, WindowState)
    /// A window's frame extents changed (openbox drops the borders of maximized windows). Sent before the state
    /// change that caused it, so moves after leaving a state convert the frame with the right extents.
    case windowExtentsChanged(WindowID, FrameExtents)
    case windowDestroyed(WindowID)
    /// A window manager took a window it did not frame on (a restarted or replaced one): it places the window
    /// itself first, and a landing meanwhile is no reading of our requests.
    case windowReframed(WindowID)
    case screenChanged(Screen)
    case configurationChanged(Configuration)
    /// At start-up: a window carries a saved original geometry from an earlier run that ended without restoring.
    /// Send it after the initial screen, keyboard and focus events: an unfocused or uncovered window is restored
    /// at once, the focused and covered one is placed again from its saved original.
    case displacedWindowFound(WindowFacts, saved: SavedGeometry)
    /// The engine's timer ticked: an animation frame, or the end of a new window's wait for the bus.
    case timerFired
    /// The daemon is stopping: restore everything at once.
    case stopping
}

/// The daemon's own side of the accessibility bus. Until it has asked the bus (the applications on it and the focus
/// they already had), an application that may be on it cannot be told from one that is not, and the X-side
/// sources would speak for it wrongly (the whole window as the field of a form whose focus is on a button).
public enum BusStatus: String, Hashable, Sendable {
    /// Joining the bus, at start or again: nothing that may be on it is adjusted until the bus has answered or
    /// `Engine.busAnswerGraceMs` has passed.
    case connecting
    /// The focus the applications had before the daemon listened has been read (after their list came).
    case initialFocusRead
    /// No bus at all: only the X server can tell.
    case absent
}

/// How a window was found to belong to an application on the accessibility bus: for the log and `oskshift status`.
public enum BusMatch: String, Hashable, Sendable {
    /// Its `_NET_WM_PID` is the process the bus names.
    case pid
    /// Its frame or client lines up with a top-level the application reported, and no other window's does.
    case geometry
    /// Several windows line up with the application's top-level alike, and this one has the X focus.
    case inputFocus = "geometry and the X focus"
}

/// What the engine asks the shell to do.
public enum Action: Hashable, Sendable {
    /// Move and resize a window's outer frame (root coordinates); `extents` convert it to the client size.
    case moveResize(WindowID, frame: Rect, extents: FrameExtents)
    case setMaximized(WindowID, Bool)
    case setFullscreen(WindowID, Bool)
    /// Save the original geometry on the window, so a restart can restore it.
    case saveOriginal(WindowID, SavedGeometry)
    case clearOriginal(WindowID)
    /// Read the window's frame from the server now and report it (`Event.windowFrameRead`): where a request landed
    /// when the window manager answered it with a synthetic ConfigureNotify only.
    case readFrame(WindowID)
    /// Tick `timerFired` every `intervalMs` until `stopTimer` (a new `startTimer` replaces the interval). Only runs
    /// while an animation does, or once: at the end of a new window's wait for its application on the bus, or when a
    /// move queued behind an unanswered one is due.
    case startTimer(intervalMs: Int)
    case stopTimer
    /// One line of the decision trace.
    case log(Decision)
    /// What the engine learnt about how the window manager answers (a reading of requests, a limit it keeps),
    /// for the verbose log.
    case note(String)
    /// Read the focused field of the application on the accessibility bus again, and report it even when unchanged
    /// (`FieldReads` says when and why).
    case readField
    /// Ask the application (over AT-SPI) to bring its focused field into view, then read it: the window was shrunk and the
    /// application may have left the field outside the smaller viewport (browsers do not scroll by themselves).
    case revealField(WindowID)
    /// Show the on-screen keyboard by the first of these ways that works (auto-show). The shell says which one did
    /// (`AutoShowPolicy.Input.shown`), so the keyboard is hidden later the same way.
    case showKeyboard([KeyboardWay])
    /// Hide the on-screen keyboard by the first of these ways that works; `asker` names who asked, in the log.
    case hideKeyboard([KeyboardWay], asker: KeyboardAsker)
    /// Arm auto-show's one-shot hide timer (`AutoShowPolicy.Input.hideTimerFired` when it expires): a timer of its
    /// own beside the engine's, so neither disturbs the other.
    case armHideTimer(ms: Int)
    case cancelHideTimer
    /// Turn the desktop's accessibility switch on (`org.a11y.Status` `IsEnabled` on the session bus) when it is off:
    /// the daemon is an assistive technology (`Engine.beforeListening`).
    case turnOnAccessibilitySwitch
    /// Type Tab, or Shift+Tab when `backward`, into whatever holds the X input focus (through XTest): the accessory
    /// bar's previous and next (`AccessoryButton.typedKey`).
    case typeTab(backward: Bool)
}

/// One way to show or hide an on-screen keyboard, for auto-show, the accessory bar's done and `hide_on_return`.
public enum KeyboardWay: Hashable, Sendable {
    /// onboard's own D-Bus interface (`org.onboard.Onboard.Keyboard` `Show` or `Hide`): works while onboard runs.
    case onboard
    /// Map a keyboard window that exists but is hidden (the shell looks for one): works when there is one.
    case hiddenWindow
    /// Unmap this keyboard window.
    case window(WindowID)
    /// Run this shell command (`show_command`, `hide_command`): works when it could be started.
    case command(String)
}

/// Who asks for the keyboard to be shown or hidden, as the log names it.
public enum KeyboardAsker: String, Hashable, Sendable {
    case autoShow = "auto-show"
    /// The accessory bar's done button, or Return in a single-line field (`hide_on_return`).
    case accessory
}

/// Why a decision came out as it did, for `--verbose` and `oskshift status`.
public struct Decision: Hashable, Sendable, CustomStringConvertible {
    public enum Outcome: Hashable, Sendable {
        case adjust(Rect)
        case restore(Rect)
        case unchanged
        /// A re-layout asked for a third placement since the last change: the window holds still.
        case holding
        /// The field said it was clear right after saying it was covered (`Engine+Contradiction`): the window
        /// stays placed.
        case staysUp(String)
        case notCovered
        /// Nothing in the window has to clear the keyboard (e.g. its application's focus is on a button).
        case noField(String)
        /// Not known yet whether anything in the window has to clear the keyboard (the accessibility bus has not
        /// answered): the window stays as it is.
        case waiting(String)
        case excluded(String)
        case released(String)
    }

    public var window: WindowID
    public var source: FocusSource?
    public var field: Rect?
    public var keyboard: Rect?
    public var overlap: Int
    public var mode: AvoidanceMode
    public var outcome: Outcome
    /// Why an X-side source speaks although the order asks the accessibility bus (`FocusSelection.fallback`).
    public var fallback: String?
    /// The window manager's limit the placement was planned within (e.g. the title bar kept below the top).
    public var limit: String?

    public init(
        window: WindowID, source: FocusSource?, field: Rect?, keyboard: Rect?, overlap: Int, mode: AvoidanceMode,
        outcome: Outcome, fallback: String? = nil
    ) {
        self.fallback = fallback
        self.window = window
        self.source = source
        self.field = field
        self.keyboard = keyboard
        self.overlap = overlap
        self.mode = mode
        self.outcome = outcome
    }

    public var description: String {
        let outcomeText: String
        switch outcome {
        case .adjust(let frame): outcomeText = "adjust to \(frame)"
        case .restore(let frame): outcomeText = "restore to \(frame)"
        case .unchanged: outcomeText = "unchanged"
        case .holding: outcomeText = "holding still (two placements since the last change)"
        case .staysUp(let why): outcomeText = "stays up (\(why))"
        case .notCovered: outcomeText = "not covered"
        case .noField(let why): outcomeText = "no field (\(why))"
        case .waiting(let why): outcomeText = "waiting (\(why))"
        case .excluded(let why): outcomeText = "excluded (\(why))"
        case .released(let why): outcomeText = "released (\(why))"
        }
        let why = fallback.map { " (fallback, \($0))" } ?? ""
        let within = limit.map { " (\($0))" } ?? ""
        return "window=\(window) source=\(source?.rawValue ?? "-")\(why) field=\(field.map { "\($0)" } ?? "-") "
            + "keyboard=\(keyboard.map { "\($0)" } ?? "-") overlap=\(overlap) mode=\(mode.rawValue) "
            + "action=\(outcomeText)\(within)"
    }
}
