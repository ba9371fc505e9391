import AccessibilityFocus
import OskshiftCore
import X11Adapter

/// The daemon's side of `[accessory]` and `hide_on_return`.
///
/// Keyboard plus bar is ONE obstacle for the engine, and this is the one place that makes it so: every event on
/// its way to the engine passes through `translate`, which (AccessoryModel) replaces the keyboard's rect by the
/// bounding box of keyboard and bar while the bar shows. After the engine had the batch, `afterBatch` places the
/// bar window and carries out what its buttons and the Return key asked for.
///
/// "An editable field has focus" is the engine's word (`Engine.focusSource`): a field of an application on the
/// accessibility bus, or for an application that is not, whatever its configured X-side sources find.
final class AccessoryController {
    let adapter: X11Adapter
    /// Where the buttons' keys are typed (Effects.swift).
    let effects: Effects
    var model: AccessoryModel
    /// Set once the bridge exists (after the first batch of events).
    weak var bridge: AccessibilityBridge?
    var keyboardSettings: KeyboardSettings

    init(adapter: X11Adapter, effects: Effects, configuration: Configuration) {
        self.adapter = adapter
        self.effects = effects
        model = AccessoryModel(settings: configuration.accessory, screen: adapter.screen)
        keyboardSettings = configuration.keyboard
    }

    /// The events for the engine: keyboard rects as the obstacle.
    func translate(_ events: [Event]) -> [Event] {
        var out: [Event] = []
        for event in events {
            if case .configurationChanged(let configuration) = event { keyboardSettings = configuration.keyboard }
            out += model.translate(event)
        }
        return out
    }

    /// After the engine had a batch: a `keyboardMoved` when the bar comes or goes because an editable field gained
    /// or lost the focus.
    func focusDecided(editableFocused: Bool) -> [Event] {
        model.setEditableFocused(editableFocused)
    }

    /// Shows, moves or hides the bar window; performs pressed buttons and Return presses.
    func afterBatch(stopping: Bool, focusedSingleLine: Bool) {
        let wanted = stopping ? nil : model.bar
        if wanted != nil || adapter.accessoryBarExists {
            adapter.accessoryBarWindow().show(at: wanted, buttons: model.settings.buttons)
        }
        for button in adapter.accessoryBarExists ? adapter.accessoryBarWindow().takeActivated() : [] {
            Log.line("accessory: \(button.rawValue)")
            if let key = button.typedKey {
                effects.perform(key)
            } else {
                bridge?.autoShow.hideKeyboard()
            }
        }
        if adapter.takeReturnPresses() > 0,
            ReturnKeyRule.hides(settings: keyboardSettings, keyboardVisible: adapter.isKeyboardVisible,
                                focusedSingleLine: focusedSingleLine)
        {
            Log.line("accessory: Return in a single-line field hides the keyboard")
            bridge?.autoShow.hideKeyboard()
        }
    }
}
