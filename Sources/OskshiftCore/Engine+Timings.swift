/// How long the engine waits for the things it waits for, and how finely it judges a move.
extension Engine {
    /// How often an animation steps.
    public static let frameIntervalMs = 16
    /// An application joins the accessibility bus with an asynchronous call (GTK's `Embed`), so the registry's
    /// word that it is there can reach the daemon after its first window has mapped and taken the focus. A window
    /// mapped less than this long ago, of a process the bus has not named yet, is not moved by the X-side sources
    /// until then, when the order asks the bus at all (seen: a GTK form mapped under a docked keyboard was moved
    /// 8 px by the `window` source, then put back when its application said no field was focused).
    public static let busJoiningGraceMs = 250
    /// The longest the daemon waits for its own first answer from the bus (the applications on it and the focus
    /// they had) before the X-side sources speak for every window. Measured here: the answer comes within tens of
    /// milliseconds of the watcher's start, so a covered field is served by the bus well inside 300 ms of start.
    public static let busAnswerGraceMs = 500
    /// A placement that differs from the current one by at most this many pixels, with the field still clear,
    /// is not worth a move: a keyboard jittering by a pixel does not make the window bounce.
    public static let hysteresis = 4
    /// A requested frame that the server has not reported back within this time is no longer expected (a late answer
    /// is still recognised as ours: `Requests.requested`).
    public static let pendingLifetimeMs = 1000
    /// A request the server has not answered within this time was most likely ignored without a word (a window
    /// manager keeping a window at its minimum size sends no ConfigureNotify when nothing changes).
    public static let unansweredAfterMs = 150
    /// How long after the keyboard hid a maximized window waits for a docked keyboard's strut to go before it is
    /// maximized again (measured: onboard's strut goes 30-60 ms after its window starts hiding, under IceWM).
    public static let strutGoneWithinMs = 500
}
