/// The avoidance engine: a pure state machine. `handle` takes one event and returns the actions to perform.
public struct Engine: Sendable {
    public private(set) var configuration: Configuration
    public private(set) var screen: Screen
    public private(set) var keyboard: Rect?
    public private(set) var focus: Focus?

    public init(configuration: Configuration = .defaults, screen: Screen) {
        self.configuration = configuration
        self.screen = screen
    }

    /// `now` is a monotonic time in milliseconds, given by the shell: the engine never reads a clock.
    public mutating func handle(_ event: Event, now: Int) -> [Action] {
        []
    }
}
