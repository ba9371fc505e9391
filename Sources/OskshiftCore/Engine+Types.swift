/// The kinds of facts the engine holds.
extension Engine {
    /// An application on the bus that owns a window, and how that was found.
    struct BusOwner: Equatable, Sendable {
        var application: Int32
        var matchedBy: BusMatch
    }

    /// The daemon's own connection to the accessibility bus.
    enum BusConnection: Equatable, Sendable {
        /// No bus, or none announced: the X-side sources speak for every application not named on it.
        case notUsed
        /// Joining since this time; the applications' list came or not yet.
        case joining(since: Int, applicationsKnown: Bool)
        /// The bus has been asked: its list of applications and the focus they had are known.
        case listening

        /// Its list of applications has come at least once.
        var knowsApplications: Bool {
            switch self {
            case .notUsed, .joining(_, applicationsKnown: false): return false
            case .joining(_, applicationsKnown: true), .listening: return true
            }
        }
    }

    /// The engine's life: it runs until the daemon stops, then follows its windows home.
    enum Run: Equatable, Sendable {
        case running
        /// Stopping; the windows the window manager put elsewhere than home twice.
        case stopping(leftAway: [WindowAway])
    }

    /// What the one timer is for.
    enum TimerUse: Equatable, Sendable {
        case off
        /// An animation: a tick every frame.
        case frames
        /// One tick at this time: the end of a window's wait for its application on the bus, or when a queued move
        /// goes out unless its window is configured first.
        case once(at: Int)
    }
}

/// What one event's handling knows about itself, passed down instead of kept in the engine.
struct Moment {
    /// The event's time.
    let now: Int
    /// The event starts a new placement (`Engine.isTrigger`).
    let isTrigger: Bool
    /// The event brought a reading of the focused field.
    var readingArrived = false
    /// That reading put the field (partly) above or below its window's frame, before it was cut to the frame.
    var readingOutOfView: OutOfView?

    /// A field out of view in this window, read at this frame size.
    struct OutOfView: Equatable {
        var window: WindowID
        var frameSize: Size
    }
}

/// A window the engine has moved, as `oskshift status` shows it.
public struct AdjustedWindow: Equatable, Sendable {
    public var id: WindowID
    public var original: SavedGeometry
    public var current: Rect
    public var restoring: Bool
}

/// The focused field as read at its window's original size.
struct ReferenceField: Equatable, Sendable {
    var window: WindowID
    /// The accessible field's identity; nil for fields from the X sources.
    var identity: UInt?
    /// Relative to the window frame's origin.
    var rect: Rect

    func matches(_ window: WindowID, _ identity: UInt?) -> Bool {
        self.window == window && self.identity == identity
    }
}
