import OskshiftCore

/// Whether an application's "screen" coordinates are its window's after all, learnt from what it answers.
///
/// GTK 4 has no screen coordinates: asked for them, it answers relative to its window's content, and reports its
/// top-level there at 0,0 (docs/accessibility.md, "GTK 4"). Nothing but its answers is trusted to tell: a read
/// whose top-level is reported at 0,0, lines up with none of the process's X windows on the screen, and fits one
/// of them taken as window-relative (its client that size, or a little larger around client-side decorations)
/// while that window's client is not at 0,0 (where the two readings cannot be told apart) is suspect, not proof:
/// a screen read taken just before the window moved away from 0,0 (a fullscreen kiosk browser panned up by our
/// own move) looks the same once the move has landed. So the field is read again, and a second such read, begun
/// after the window was seen where it is, with the window still there, settles it: an application reporting the
/// screen would have answered the window's new place.
///
/// Where the window's place cannot tell (its client at 0,0: a fullscreen or maximized window without decorations of
/// the window manager's), the application's text can: GTK 4 refuses a caret box in screen coordinates (an error,
/// "Unsupported coordinate space") and gives it in window coordinates. A read with such a refusal and its top-level
/// at 0,0 settles it at once.
public struct ScreenCoordinates: Equatable, Sendable, CustomStringConvertible {
    /// What settled it.
    public enum Evidence: Equatable, Sendable, CustomStringConvertible {
        /// The top-level as reported twice, and the X client it fitted.
        case toplevelAtOrigin(toplevel: Rect, client: Rect)
        /// The caret box given in window coordinates after a refusal in screen ones, and the top-level as reported.
        case caretRefusedOnScreen(caret: Rect, toplevel: Rect)

        public var description: String {
            switch self {
            case .toplevelAtOrigin(let toplevel, let client):
                return "its top-level reported at \(toplevel) twice while its window's client was at \(client), the "
                    + "second read begun after that was seen"
            case .caretRefusedOnScreen(let caret, let toplevel):
                return "its caret box refused in screen coordinates and given as \(caret) in window coordinates, its "
                    + "top-level reported at \(toplevel)"
            }
        }
    }

    /// A read that suspected it: the client it fitted, and when the field was asked again (monotonic ms).
    struct Suspicion: Equatable, Sendable {
        var client: Rect
        var askedAtMs: UInt64
    }

    /// What a read does to what is known.
    public enum Step: Equatable, Sendable {
        /// Nothing learnt: the read is taken as screen coordinates.
        case screen
        /// Suspect: the read is set aside and the field asked again.
        case readAgain
        /// Its screen coordinates are its window's: every read is taken as such from now on (the daemon asks for
        /// the field again, now read in window coordinates, rather than place the read that settled it).
        case windowRelative
    }

    /// Set once learnt; nil while the application's screen coordinates are taken as such.
    public private(set) var evidence: Evidence?
    private(set) var suspicion: Suspicion?

    public init() {}

    public var isWindowRelative: Bool { evidence != nil }

    /// Takes an editable field's screen-coordinate read among the X windows that may hold it, at `nowMs`.
    public mutating func observe<ID>(_ update: AccessibleFocusUpdate, among candidates: [AccessibleWindowCandidate<ID>],
                                     nowMs: UInt64) -> Step {
        if isWindowRelative { return .windowRelative }
        if update.editable, update.pid != 0, let caret = update.caretInWindow, let toplevel = update.toplevel,
           toplevel.origin == Point(x: 0, y: 0) {
            evidence = .caretRefusedOnScreen(caret: caret, toplevel: toplevel)
            suspicion = nil
            return .windowRelative
        }
        switch AccessibleWindowMatcher.screenToplevel(update, among: candidates) {
        case .tellsNothing:
            return .screen
        case .linesUp:
            suspicion = nil
            return .screen
        case .fitsWindowRelative(let client):
            if let suspicion, suspicion.client == client, update.timeMs >= suspicion.askedAtMs,
               let toplevel = update.toplevel {
                evidence = .toplevelAtOrigin(toplevel: toplevel, client: client)
                self.suspicion = nil
                return .windowRelative
            }
            suspicion = Suspicion(client: client, askedAtMs: nowMs)
            return .readAgain
        }
    }

    public var description: String {
        evidence.map { "relative to its window (learnt from \($0))" } ?? "screen coordinates"
    }
}

/// What the daemon learnt of one application's coordinates, handed to the watcher: how to read its fields.
public struct ApplicationCoordinates: Equatable, Sendable {
    /// What its window coordinates are relative to (a single-line field's one-read path).
    public var window = WindowCoordinates.Learnt()
    /// Whether its screen coordinates are its window's (then it is asked in window coordinates only).
    public var screen = ScreenCoordinates()

    public init() {}
}

extension AccessibleWindowMatcher {
    /// What a screen-coordinate read's top-level says about the coordinates (`ScreenCoordinates`).
    public enum ScreenToplevel: Equatable, Sendable {
        /// It lines up with a window of the process on the screen: screen coordinates indeed.
        case linesUp
        /// Reported at 0,0, lining up with nothing on the screen, it fits this client (not at 0,0) as window-relative.
        case fitsWindowRelative(client: Rect)
        /// Nothing either way (no top-level, not at 0,0, an unknown process, a client at 0,0, or no fit at all).
        case tellsNothing
    }

    static func screenToplevel<ID>(_ update: AccessibleFocusUpdate, among candidates: [AccessibleWindowCandidate<ID>])
        -> ScreenToplevel
    {
        guard update.editable, update.coordinates == .screen, update.pid != 0, let toplevel = update.toplevel
        else { return .tellsNothing }
        let own = candidates.filter { $0.pid == update.pid }
        for candidate in own {
            for scale in scales(for: update.toolkit)
            where score(update.scaled(by: scale), candidate, tolerance: scale + 1).score >= 4 {
                return .linesUp
            }
        }
        guard toplevel.origin == Point(x: 0, y: 0) else { return .tellsNothing }
        var asWindow = update
        asWindow.coordinates = .window
        var best: (client: Rect, score: Int)?
        for candidate in own {
            for scale in scales(for: update.toolkit) {
                let score = windowRelativeScore(asWindow.scaled(by: scale), candidate, tolerance: scale + 1,
                                                scale: scale).score
                // A top-level that fits (4 and up), not a field that merely lies inside the client.
                if score >= 4, score > (best?.score ?? 0) { best = (candidate.client, score) }
            }
        }
        guard let best, best.client.origin != Point(x: 0, y: 0) else { return .tellsNothing }
        return .fitsWindowRelative(client: best.client)
    }
}
