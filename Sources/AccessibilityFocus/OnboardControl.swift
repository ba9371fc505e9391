#if canImport(Glibc)
import Glibc
#endif
import CATSPI

/// Shows and hides onboard through its D-Bus interface on the session bus, for auto-show.
///
/// libdbus rather than spawning `gdbus`: it is linked already (through libatspi), and the name check and the
/// call then cost two messages instead of two processes. The name is checked first because calling
/// `org.onboard.Onboard` while nobody owns it makes the bus start (activate) a second onboard. Show and Hide
/// are sent without waiting for the answer, so a stuck onboard cannot stall the daemon; only NameHasOwner,
/// answered by the bus daemon itself, is waited for (at most 500 ms).
public enum OnboardControl {
    public static let busName = "org.onboard.Onboard"

    /// Sends `org.onboard.Onboard.Keyboard.<method>` ("Show" or "Hide") when onboard owns its name; false when no
    /// session bus is set (never autolaunched) or onboard is not running.
    public static func call(_ method: String) -> Bool {
        guard let address = getenv("DBUS_SESSION_BUS_ADDRESS").map({ String(cString: $0) }), !address.isEmpty
        else { return false }
        var error = DBusError()
        dbus_error_init(&error)
        defer { dbus_error_free(&error) }
        guard let connection = dbus_connection_open_private(address, &error) else { return false }
        defer {
            dbus_connection_close(connection)
            dbus_connection_unref(connection)
        }
        // A private connection never calls exit() when the bus goes away (shared ones do).
        dbus_connection_set_exit_on_disconnect(connection, 0)
        guard dbus_bus_register(connection, &error) != 0, isOwned(busName, on: connection) else { return false }
        guard let message = dbus_message_new_method_call(
            busName, "/org/onboard/Onboard/Keyboard", "org.onboard.Onboard.Keyboard", method)
        else { return false }
        defer { dbus_message_unref(message) }
        dbus_message_set_no_reply(message, 1)
        guard dbus_connection_send(connection, message, nil) != 0 else { return false }
        dbus_connection_flush(connection)
        return true
    }

    /// `org.freedesktop.DBus.NameHasOwner`. The corresponding libdbus call is `dbus_bus_name_has_owner`, which
    /// waits without a timeout; this one gives up after 500 ms.
    static func isOwned(_ name: String, on connection: OpaquePointer) -> Bool {
        guard let message = dbus_message_new_method_call(
            "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "NameHasOwner")
        else { return false }
        defer { dbus_message_unref(message) }
        var argument: UnsafePointer<CChar>? = nil
        let appended = name.withCString { text -> Bool in
            argument = text
            return withUnsafeMutablePointer(to: &argument) { pointer in
                var iterator = DBusMessageIter()
                dbus_message_iter_init_append(message, &iterator)
                return dbus_message_iter_append_basic(&iterator, Int32(UInt8(ascii: "s")), pointer) != 0
            }
        }
        guard appended else { return false }
        var error = DBusError()
        dbus_error_init(&error)
        defer { dbus_error_free(&error) }
        guard let reply = dbus_connection_send_with_reply_and_block(connection, message, 500, &error) else {
            return false
        }
        defer { dbus_message_unref(reply) }
        var iterator = DBusMessageIter()
        guard dbus_message_iter_init(reply, &iterator) != 0,
            dbus_message_iter_get_arg_type(&iterator) == Int32(UInt8(ascii: "b"))
        else { return false }
        var owned: UInt32 = 0
        dbus_message_iter_get_basic(&iterator, &owned)
        return owned != 0
    }
}
