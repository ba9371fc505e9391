#if canImport(Glibc)
import Glibc
#endif
import CATSPI

/// Turns the desktop's accessibility switch on at daemon start, as an assistive technology does: the property
/// `org.a11y.Status` `IsEnabled` of `/org/a11y/bus` at `org.a11y.Bus`, on the SESSION bus.
///
/// Why: Firefox, Chromium and Qt 6 expose their widgets over AT-SPI only when this switch is on (Firefox and
/// Chromium's browser UI also when it is turned on later; Qt 6 reads it once at start). GTK does not need it.
///
/// What it leaves alone: `ScreenReaderEnabled` (an existing screen reader's own switch, which also makes
/// toolkits speak to a screen reader, e.g. Chromium's and Qt 5's). Turning `IsEnabled` on never turns a
/// screen reader off, and when the switch is already on nothing is written.
///
/// A side effect the user must know of (README, docs/kiosk.md): at-spi-bus-launcher mirrors the new value into
/// the GSettings key `org.gnome.desktop.interface toolkit-accessibility`, stored in the user's dconf database,
/// so it stays on in later sessions. `gsettings reset org.gnome.desktop.interface toolkit-accessibility` undoes
/// it.
///
/// One-shot: two blocking calls (Get, and Set only when needed) on a private connection that is closed again,
/// no signal subscription, nothing left that could wake the daemon while idle.
public enum AccessibilitySwitch {
    public enum Outcome: Equatable, Sendable {
        case alreadyOn
        case turnedOn
        /// No session bus, no `org.a11y.Bus` (at-spi2-core not installed), or a call failed; the reason.
        case unavailable(String)
    }

    /// What to do once the current value is known (pure, unit-tested).
    enum Step: Equatable {
        case leaveAlone
        case setTrue
    }

    static func step(current isEnabled: Bool) -> Step {
        isEnabled ? .leaveAlone : .setTrue
    }

    /// The one log line for an outcome, or nil when there is nothing worth saying (already on).
    public static func logLine(for outcome: Outcome) -> String? {
        switch outcome {
        case .alreadyOn:
            return nil
        case .turnedOn:
            return "accessibility: turned the desktop's accessibility switch on (org.a11y.Status IsEnabled; "
                + "stored as org.gnome.desktop.interface toolkit-accessibility)"
        case .unavailable(let reason):
            return "accessibility: cannot read or set the accessibility switch (\(reason))"
        }
    }

    static let busName = "org.a11y.Bus"
    static let objectPath = "/org/a11y/bus"
    static let statusInterface = "org.a11y.Status"
    static let property = "IsEnabled"
    /// The first call may D-Bus-activate at-spi-bus-launcher (~100 ms measured; BusProbe waits as long).
    static let timeoutMs: Int32 = 3000

    /// Reads the switch and sets it true when it is false. Never autolaunches a session bus: without
    /// `DBUS_SESSION_BUS_ADDRESS` it does nothing. Call it once, before `AccessibilityWatcher.start`.
    public static func turnOn() -> Outcome {
        guard let address = getenv("DBUS_SESSION_BUS_ADDRESS").map({ String(cString: $0) }), !address.isEmpty
        else { return .unavailable("no session bus") }
        dbus_threads_init_default()
        var error = DBusError()
        dbus_error_init(&error)
        defer { dbus_error_free(&error) }
        guard let connection = dbus_connection_open_private(address, &error) else {
            return .unavailable(DBusText.describe(error))
        }
        defer {
            dbus_connection_close(connection)
            dbus_connection_unref(connection)
        }
        // A private connection never calls exit() when the bus goes away (shared ones do).
        dbus_connection_set_exit_on_disconnect(connection, 0)
        guard dbus_bus_register(connection, &error) != 0 else { return .unavailable(DBusText.describe(error)) }
        let current: Bool
        switch readIsEnabled(connection) {
        case .success(let value): current = value
        case .failure(let failure): return .unavailable(failure.reason)
        }
        switch step(current: current) {
        case .leaveAlone:
            return .alreadyOn
        case .setTrue:
            if let failure = writeIsEnabledTrue(connection) { return .unavailable(failure.reason) }
            return .turnedOn
        }
    }

    struct Failure: Error {
        var reason: String
    }

    /// `org.freedesktop.DBus.Properties.Get("org.a11y.Status", "IsEnabled")`: a variant holding a boolean.
    private static func readIsEnabled(_ connection: OpaquePointer) -> Result<Bool, Failure> {
        guard let message = dbus_message_new_method_call(
            busName, objectPath, "org.freedesktop.DBus.Properties", "Get")
        else { return .failure(Failure(reason: "out of memory")) }
        defer { dbus_message_unref(message) }
        var arguments = DBusMessageIter()
        dbus_message_iter_init_append(message, &arguments)
        guard DBusText.appendString(statusInterface, to: &arguments),
            DBusText.appendString(property, to: &arguments)
        else { return .failure(Failure(reason: "out of memory")) }
        let reply: OpaquePointer
        switch call(connection, message) {
        case .success(let answered): reply = answered
        case .failure(let failure): return .failure(failure)
        }
        defer { dbus_message_unref(reply) }
        var iterator = DBusMessageIter()
        guard dbus_message_iter_init(reply, &iterator) != 0,
            dbus_message_iter_get_arg_type(&iterator) == DBusType.variant
        else { return .failure(Failure(reason: "Get returned no variant")) }
        var inside = DBusMessageIter()
        dbus_message_iter_recurse(&iterator, &inside)
        guard dbus_message_iter_get_arg_type(&inside) == DBusType.boolean else {
            return .failure(Failure(reason: "IsEnabled is not a boolean"))
        }
        var value: UInt32 = 0  // dbus_bool_t
        dbus_message_iter_get_basic(&inside, &value)
        return .success(value != 0)
    }

    /// `org.freedesktop.DBus.Properties.Set("org.a11y.Status", "IsEnabled", <true>)`; nil when it succeeded.
    private static func writeIsEnabledTrue(_ connection: OpaquePointer) -> Failure? {
        guard let message = dbus_message_new_method_call(
            busName, objectPath, "org.freedesktop.DBus.Properties", "Set")
        else { return Failure(reason: "out of memory") }
        defer { dbus_message_unref(message) }
        var arguments = DBusMessageIter()
        dbus_message_iter_init_append(message, &arguments)
        guard DBusText.appendString(statusInterface, to: &arguments),
            DBusText.appendString(property, to: &arguments)
        else { return Failure(reason: "out of memory") }
        var variant = DBusMessageIter()
        let opened = "b".withCString { dbus_message_iter_open_container(&arguments, DBusType.variant, $0, &variant) }
        guard opened != 0 else { return Failure(reason: "out of memory") }
        var yes: UInt32 = 1
        let appended = dbus_message_iter_append_basic(&variant, DBusType.boolean, &yes)
        guard appended != 0, dbus_message_iter_close_container(&arguments, &variant) != 0 else {
            return Failure(reason: "out of memory")
        }
        switch call(connection, message) {
        case .success(let reply):
            dbus_message_unref(reply)
            return nil
        case .failure(let failure):
            return failure
        }
    }

    private static func call(_ connection: OpaquePointer, _ message: OpaquePointer) -> Result<OpaquePointer, Failure> {
        var error = DBusError()
        dbus_error_init(&error)
        defer { dbus_error_free(&error) }
        guard let reply = dbus_connection_send_with_reply_and_block(connection, message, timeoutMs, &error) else {
            return .failure(Failure(reason: DBusText.describe(error)))
        }
        return .success(reply)
    }
}
