/// A button of the accessory bar, in the order `[accessory] buttons` lists them.
public enum AccessoryButton: String, CaseIterable, Sendable {
    /// Shift+Tab to the focused application.
    case previous
    /// Tab to the focused application.
    case next
    /// Hide the keyboard, the way auto-show hides it.
    case done
}

extension AccessoryButton {
    /// The key the button types into the focused application, or nil for `done` (a keyboard hide, which auto-show
    /// decides: `AutoShowPolicy.Input.hideAsked`).
    public var typedKey: Action? {
        switch self {
        case .previous: return .typeTab(backward: true)
        case .next: return .typeTab(backward: false)
        case .done: return nil
        }
    }
}

/// `[accessory]`: the previous / next / done bar that oskshift puts on top of the visible keyboard.
public struct AccessorySettings: Equatable, Sendable {
    public var enabled: Bool = false
    /// Never empty and without duplicates (the config reader rejects anything else).
    public var buttons: [AccessoryButton] = [.previous, .next, .done]
    /// The bar's height in pixels; buttons fill it, so 40 keeps them large enough for a finger.
    public var height: Int = 48

    public init() {}
}
