import OskshiftCore

/// A field read in WINDOW coordinates (`ATSPI_COORD_TYPE_WINDOW`) placed on its X window, and what an application's
/// window coordinates are relative to, learnt from its own answers.
///
/// Why: the screen path needs two reads per focus move, the field's extents and its top-level's (to find the X
/// window and the frame the application measured against); each is a round trip to the application's main loop
/// (GTK3: p50 0.3-0.4, p99 1.7-3.6 ms each under load, BENCHMARKS.md). Relative to its window, the field needs no
/// top-level: for a top-level already matched to an X window at a screen-path read, one read does, and a window
/// that moves between the read and its use (our own move, right after it) changes nothing.
///
/// What "its window" is differs between applications (measured under openbox, docs/accessibility.md: the client
/// window for GTK 3 and Chromium, the window manager's frame for Firefox, the screen again for the PyQt forms), and
/// nothing an application says about itself tells which. So it is learnt: at a screen-path read the watcher reads
/// the same field in window coordinates too (a `Sample`), the daemon places both on the X window the read matched,
/// and every origin the sample contradicts is ruled out for the application (`Learnt`).
public enum WindowCoordinates {
    /// Where an application's window coordinates may start.
    public enum Origin: String, CaseIterable, Hashable, Sendable {
        /// The client window's origin.
        case client
        /// The window manager's frame's origin.
        case frame
        /// The root's: window coordinates that are screen coordinates again, not relative to any window, so of no
        /// use to place a field on a window that may have moved since.
        case screen
    }

    /// One field read both ways between the same two reads of its top-level (`BracketedRead`), in root pixels, with
    /// where the window's client and frame were at that read.
    public struct Sample: Equatable, Sendable, CustomStringConvertible {
        /// The field's screen extents in root pixels (the match's scale and rounding applied).
        public var onScreen: Rect
        /// The field's window extents times the match's scale.
        public var inWindow: Rect
        /// The client's and the frame's root origins when the application read the field (`frameAtRead`).
        public var client: Point
        public var frame: Point
        /// How far a scaled answer may be off: GTK 3 at `GDK_SCALE=2` divides both the window's position and the
        /// field's by the scale and truncates, so a root origin comes back at most scale - 1 px off.
        public var tolerance: Int

        public init(onScreen: Rect, inWindow: Rect, client: Point, frame: Point, scale: Int) {
            self.onScreen = onScreen
            self.inWindow = inWindow
            self.client = client
            self.frame = frame
            tolerance = max(0, scale - 1)
        }

        /// Where the window coordinates started at this read: the field on the screen less the field in its window.
        public var measuredOrigin: Point { Point(x: onScreen.x - inWindow.x, y: onScreen.y - inWindow.y) }

        /// The origins this read agrees with. None when the two answers are not the same field (their sizes
        /// differ) or start somewhere that is neither the client, the frame nor the root.
        public var agreeingOrigins: Set<Origin> {
            guard close(onScreen.width, inWindow.width), close(onScreen.height, inWindow.height) else { return [] }
            let measured = measuredOrigin
            return Set(Origin.allCases.filter { origin in
                let expected = start(of: origin)
                return close(measured.x, expected.x) && close(measured.y, expected.y)
            })
        }

        func start(of origin: Origin) -> Point {
            switch origin {
            case .client: return client
            case .frame: return frame
            case .screen: return Point(x: 0, y: 0)
            }
        }

        private func close(_ a: Int, _ b: Int) -> Bool { abs(a - b) <= tolerance }

        public var description: String {
            "field \(onScreen) on the screen, \(inWindow) in its window (from \(measuredOrigin)), client at \(client), "
                + "frame at \(frame)"
        }
    }

    /// What one application's window coordinates are relative to, as far as its samples tell: every origin not yet
    /// contradicted. A sample only ever rules out, so a read spoiled by a move or a relayout costs the one-read path
    /// (the application stays on the screen path), never a misplaced field. A sample that cannot tell two origins
    /// apart (an undecorated window: client and frame at one place; a window at 0,0: the root's origin too) decides
    /// nothing between them, and the next one is taken.
    public struct Learnt: Equatable, Sendable, CustomStringConvertible {
        public private(set) var possible = Set(Origin.allCases)
        /// The sample that last ruled something out; nil before.
        public private(set) var evidence: Sample?

        public init() {}

        /// Rules out what `sample` contradicts; true when that changed what is known.
        public mutating func learn(from sample: Sample) -> Bool {
            let left = possible.intersection(sample.agreeingOrigins)
            guard left != possible else { return false }
            possible = left
            evidence = sample
            return true
        }

        /// The window coordinates are relative to a window (the client or the frame, maybe not known which yet):
        /// worth reading instead of the screen path.
        public var usable: Bool { !possible.isEmpty && !possible.contains(.screen) }

        /// Samples still decide something.
        public var wantsSamples: Bool { possible.count > 1 }

        /// The origin to place a field read in window coordinates on a window with this frame and client: the one
        /// left, or, while both the client and the frame are, the client when the window's two start at one place
        /// (either gives the same). Nil when the field cannot be placed on this window.
        public func origin(onFrame frame: Rect, client: Rect) -> Origin? {
            guard usable else { return nil }
            if possible.count == 1 { return possible.first }
            return frame.origin == client.origin ? .client : nil
        }

        public var description: String {
            let known: String
            switch possible.count {
            case 0: known = "not relative to its client or frame: not used"
            case 1 where possible.contains(.screen): known = "screen coordinates again: not used"
            case 1: known = possible.contains(.client) ? "relative to its client window" : "relative to its frame"
            default:
                known = "relative to its " + Origin.allCases.filter(possible.contains).map(\.rawValue)
                    .joined(separator: " or ") + (usable ? "" : ", not used yet")
            }
            return known + (evidence.map { " (learnt from \($0))" } ?? "")
        }
    }

    /// The field relative to the frame's origin in root pixels: `inWindow` times the window's scale (found when it
    /// was matched on the screen path), from the learnt origin. `frame` and `client` in root coordinates.
    public static func fieldRelativeToFrame(_ inWindow: Rect, origin: Origin, scale: Int, frame: Rect, client: Rect)
        -> Rect
    {
        let scaled = inWindow.scaled(by: scale)
        switch origin {
        case .frame: return scaled
        case .client: return scaled.offsetBy(dx: client.x - frame.x, dy: client.y - frame.y)
        case .screen: return scaled.relative(to: frame.origin)
        }
    }
}
