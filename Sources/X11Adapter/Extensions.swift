import CX11
import OskshiftCore

extension X11Adapter {
    /// RRScreenChangeNotify on the root. The corresponding Xlib calls are XRRQueryExtension and XRRSelectInput.
    func setUpRandR() {
        var eventBase: Int32 = 0, errorBase: Int32 = 0
        guard XRRQueryExtension(connection.display, &eventBase, &errorBase) != 0 else {
            notes.append("no RandR: the whole screen is one monitor")
            return
        }
        randrEventBase = eventBase
        XRRSelectInput(connection.display, connection.root, Int32(RRScreenChangeNotifyMask))
    }

    /// Raw button presses (and touch begins) on the root, for the `pointer` source. Raw events reach us whatever
    /// grabs other clients hold, and selecting them grabs nothing. The corresponding Xlib calls are
    /// XQueryExtension, XIQueryVersion and XISelectEvents.
    func setUpXInput() {
        var opcode: Int32 = 0, eventBase: Int32 = 0, errorBase: Int32 = 0
        guard XQueryExtension(connection.display, "XInputExtension", &opcode, &eventBase, &errorBase) != 0 else {
            notes.append("no XInput extension: the pointer focus source is off")
            return
        }
        var major: Int32 = 2, minor: Int32 = 2
        guard XIQueryVersion(connection.display, &major, &minor) == Success, major >= 2, minor >= 1 else {
            notes.append("XInput 2.1 is missing: the pointer focus source is off")
            return
        }
        xinputOpcode = opcode
        xinputTouch = minor >= 2
        selectRawEvents()
    }

    /// (Re)selects the raw events: presses always; key presses (for `hide_on_return`, AccessoryBar.swift) only
    /// while that is on or a keyboard is visible (a key typed in the focused window is the user's input there, which
    /// the whole-window source waits for), since otherwise every key typed anywhere would wake the daemon.
    func selectRawEvents() {
        guard xinputOpcode != nil else { return }
        var bits = [UInt8](repeating: 0, count: 8)
        oskshift_xi_set_mask(&bits, XI_RawButtonPress)
        if settings.watchesReturnKey || shownKeyboard != nil { oskshift_xi_set_mask(&bits, XI_RawKeyPress) }
        if xinputTouch { oskshift_xi_set_mask(&bits, XI_RawTouchBegin) }
        bits.withUnsafeMutableBufferPointer { buffer in
            var mask = XIEventMask(deviceid: XIAllMasterDevices, mask_len: Int32(buffer.count),
                mask: buffer.baseAddress)
            _ = XISelectEvents(connection.display, connection.root, &mask, 1)
        }
    }
}
