import CATSPI

/// Finds a reachable accessibility bus with plain libdbus calls, BEFORE libatspi is touched: `atspi_init` and
/// the first listener registration abort the process (g_error, SIGTRAP) when no bus is reachable.
enum BusProbe {
    struct Found: Equatable {
        var address: String
        /// Where it came from, for the one log line.
        var origin: String
    }

    /// How long to wait for `org.a11y.Bus.GetAddress`: D-Bus activation of at-spi-bus-launcher took ~100 ms on
    /// the test machines.
    static let getAddressTimeoutMs: Int32 = 3000

    /// The first candidate that answers, or nil with the reasons each one failed.
    static func find(_ candidates: [BusCandidate]) -> (found: Found?, failures: [String]) {
        dbus_threads_init_default()
        var failures: [String] = []
        for candidate in candidates {
            switch candidate {
            case .address(let address, let origin):
                if let error = reachable(address) {
                    failures.append("\(origin): \(error)")
                } else {
                    return (Found(address: address, origin: origin), failures)
                }
            case .sessionBus(let session):
                switch askSessionBus(session) {
                case .success(let address):
                    if let error = reachable(address) {
                        failures.append("org.a11y.Bus address \(address): \(error)")
                    } else {
                        return (Found(address: address, origin: "org.a11y.Bus on the session bus"), failures)
                    }
                case .failure(let error):
                    failures.append("session bus org.a11y.Bus: \(error.message)")
                }
            }
        }
        return (nil, failures)
    }

    struct ProbeError: Error {
        var message: String
    }

    /// Nil when a bus at `address` accepts a connection and the Hello call, as libatspi will ask it to.
    /// The corresponding libdbus calls are `dbus_connection_open_private` and `dbus_bus_register`.
    static func reachable(_ address: String) -> String? {
        switch openRegistered(address) {
        case .success(let connection):
            close(connection)
            return nil
        case .failure(let error):
            return error.message
        }
    }

    /// `org.a11y.Bus.GetAddress` on the session bus (`dbus_connection_send_with_reply_and_block`).
    static func askSessionBus(_ sessionAddress: String) -> Result<String, ProbeError> {
        let connection: OpaquePointer
        switch openRegistered(sessionAddress) {
        case .success(let opened): connection = opened
        case .failure(let error): return .failure(error)
        }
        defer { close(connection) }
        guard let message = dbus_message_new_method_call("org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress")
        else {
            return .failure(ProbeError(message: "out of memory"))
        }
        defer { dbus_message_unref(message) }
        var error = DBusError()
        dbus_error_init(&error)
        defer { dbus_error_free(&error) }
        guard let reply = dbus_connection_send_with_reply_and_block(connection, message, getAddressTimeoutMs, &error)
        else {
            return .failure(ProbeError(message: text(of: error)))
        }
        defer { dbus_message_unref(reply) }
        var iterator = DBusMessageIter()
        guard dbus_message_iter_init(reply, &iterator) != 0,
            dbus_message_iter_get_arg_type(&iterator) == Int32(UInt8(ascii: "s"))  // DBUS_TYPE_STRING, a cast macro
        else {
            return .failure(ProbeError(message: "GetAddress returned no string"))
        }
        var value: UnsafePointer<CChar>?
        dbus_message_iter_get_basic(&iterator, &value)
        guard let value, let address = BusCandidate.cleanAddress(String(cString: value)) else {
            return .failure(ProbeError(message: "GetAddress returned an empty or malformed address"))
        }
        return .success(address)
    }

    private static func openRegistered(_ address: String) -> Result<OpaquePointer, ProbeError> {
        var error = DBusError()
        dbus_error_init(&error)
        defer { dbus_error_free(&error) }
        guard let connection = dbus_connection_open_private(address, &error) else {
            return .failure(ProbeError(message: text(of: error)))
        }
        // A private connection never calls exit() when the peer goes away (dbus_bus_get's shared ones do).
        dbus_connection_set_exit_on_disconnect(connection, 0)
        guard dbus_bus_register(connection, &error) != 0 else {
            let message = text(of: error)
            close(connection)
            return .failure(ProbeError(message: message))
        }
        return .success(connection)
    }

    private static func close(_ connection: OpaquePointer) {
        dbus_connection_close(connection)
        dbus_connection_unref(connection)
    }

    private static func text(of error: DBusError) -> String {
        guard error.name != nil else { return "unknown error" }
        let name = error.name.map { String(cString: $0) } ?? "error"
        let message = error.message.map { String(cString: $0) } ?? ""
        return message.isEmpty ? name : "\(name): \(message)"
    }
}
