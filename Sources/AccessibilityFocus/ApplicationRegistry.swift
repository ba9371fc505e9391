import CATSPI

/// Which applications are on the accessibility bus, by process: an application there is authoritative about its
/// own focus (PRODUCT.md), so the daemon must know it is there before its first window maps, not only once it
/// sends a focus event.
///
/// How: at-spi2-registryd emits `ChildrenChanged` ("add" / "remove", with the application's bus name) on the
/// desktop root whenever an application embeds itself or its bus connection goes away, whether or not anyone
/// listens to AT-SPI events (measured with dbus-monitor: the signal follows the application's `Embed` call, before
/// its first window maps). libatspi's own filter swallows every `org.a11y.atspi.Event` signal on its connection,
/// so the registry is read on a private connection of ours to the same bus, dispatched by the watcher thread's
/// GLib context (`atspi_dbus_connection_setup_with_g_main`). The initial list is the desktop's children. Nothing
/// here runs while no application comes or goes.
final class ApplicationRegistry {
    /// Bus name (a unique name, never reused on a bus) to process.
    private var processes: [String: Int32] = [:]
    private let changed: (Set<Int32>) -> Void
    private let added: (String) -> Void
    private let log: (String) -> Void

    static let matchRule = "type='signal',sender='org.a11y.atspi.Registry',interface='org.a11y.atspi.Event.Object',"
        + "member='ChildrenChanged',path='/org/a11y/atspi/accessible/root'"

    /// `changed` is called on the watcher thread with every process on the bus after each change, `added` with the
    /// bus name of an application that has just embedded itself (after `changed`).
    init(log: @escaping (String) -> Void, changed: @escaping (Set<Int32>) -> Void,
         added: @escaping (String) -> Void = { _ in }) {
        self.log = log
        self.changed = changed
        self.added = added
    }

    var applications: Set<Int32> { Set(processes.values.filter { $0 > 0 }) }

    /// On the watcher thread, when it stops.
    func stop() {
        guard let connection else { return }
        dbus_connection_remove_filter(connection, registryFilter, Unmanaged.passUnretained(self).toOpaque())
        dbus_connection_close(connection)
        dbus_connection_unref(connection)
        self.connection = nil
    }

    private static func message(_ error: DBusError) -> String {
        error.message.map { String(cString: $0) } ?? "unknown error"
    }

    private var connection: OpaquePointer?

    /// On the watcher thread, after `atspi_init` (which found the bus at `address`): subscribes, then reads the
    /// desktop's current children.
    func start(address: String) {
        var error = DBusError()
        dbus_error_init(&error)
        defer { dbus_error_free(&error) }
        guard let bus = dbus_connection_open_private(address, &error) else {
            log("accessibility: cannot watch applications come and go: \(Self.message(error))")
            return
        }
        guard dbus_bus_register(bus, &error) != 0 else {
            log("accessibility: cannot watch applications come and go: \(Self.message(error))")
            dbus_connection_close(bus)
            dbus_connection_unref(bus)
            return
        }
        connection = bus
        dbus_connection_set_exit_on_disconnect(bus, 0)
        dbus_bus_add_match(bus, Self.matchRule, nil)
        dbus_connection_add_filter(bus, registryFilter, Unmanaged.passUnretained(self).toOpaque(), nil)
        atspi_dbus_connection_setup_with_g_main(bus, nil)
        guard let desktop = atspi_get_desktop(0) else { return }
        defer { g_object_unref(UnsafeMutableRawPointer(desktop)) }
        for application in children(of: desktop) {
            if let busName = application.pointee.parent.app?.pointee.bus_name {
                let name = String(cString: busName)
                processes[name] = processID(of: name, on: bus)
            }
            g_object_unref(UnsafeMutableRawPointer(application))
        }
        changed(applications)
    }

    /// One `ChildrenChanged` signal of the registry: "add" or "remove", 0, 0, variant (bus name, path).
    fileprivate func handle(_ message: OpaquePointer, bus: OpaquePointer) {
        guard let change = Self.parse(message) else { return }
        let before = applications
        switch change {
        case .added(let name): processes[name] = processID(of: name, on: bus)
        case .removed(let name): processes[name] = nil
        }
        if applications != before { changed(applications) }
        if case .added(let name) = change { added(name) }
    }

    enum Change: Equatable {
        case added(String)
        case removed(String)
    }

    static func parse(_ message: OpaquePointer) -> Change? {
        var iterator = DBusMessageIter()
        guard dbus_message_iter_init(message, &iterator) != 0,
              dbus_message_iter_get_arg_type(&iterator) == DBusType.string
        else { return nil }
        var text: UnsafePointer<CChar>?
        dbus_message_iter_get_basic(&iterator, &text)
        guard let text else { return nil }
        let kind = String(cString: text)
        // Skip the two integers to the variant holding the child's (bus name, object path).
        for _ in 0..<3 { guard dbus_message_iter_next(&iterator) != 0 else { return nil } }
        guard dbus_message_iter_get_arg_type(&iterator) == DBusType.variant else { return nil }
        var variant = DBusMessageIter(), structure = DBusMessageIter()
        dbus_message_iter_recurse(&iterator, &variant)
        guard dbus_message_iter_get_arg_type(&variant) == DBusType.struct else { return nil }
        dbus_message_iter_recurse(&variant, &structure)
        guard dbus_message_iter_get_arg_type(&structure) == DBusType.string else { return nil }
        var name: UnsafePointer<CChar>?
        dbus_message_iter_get_basic(&structure, &name)
        guard let name, dbus_message_iter_next(&structure) != 0,
              dbus_message_iter_get_arg_type(&structure) == DBusType.objectPath
        else { return nil }
        var path: UnsafePointer<CChar>?
        dbus_message_iter_get_basic(&structure, &path)
        // An application's root is the child the registry adds; an application's own ChildrenChanged names a
        // window or widget at another path.
        guard let path, String(cString: path) == "/org/a11y/atspi/accessible/root" else { return nil }
        switch kind {
        case "add": return .added(String(cString: name))
        case "remove": return .removed(String(cString: name))
        default: return nil
        }
    }

    /// `GetConnectionUnixProcessID` of the bus daemon; 0 when it does not say (then only the application's focus
    /// events tell the daemon that it is on the bus).
    private func processID(of busName: String, on bus: OpaquePointer) -> Int32 {
        guard let call = dbus_message_new_method_call("org.freedesktop.DBus", "/org/freedesktop/DBus",
                                                      "org.freedesktop.DBus", "GetConnectionUnixProcessID")
        else { return 0 }
        defer { dbus_message_unref(call) }
        var argument = DBusMessageIter()
        dbus_message_iter_init_append(call, &argument)
        let appended = busName.withCString { pointer -> Bool in
            var name: UnsafePointer<CChar>? = pointer
            return dbus_message_iter_append_basic(&argument, DBusType.string, &name) != 0
        }
        guard appended else { return 0 }
        var error = DBusError()
        dbus_error_init(&error)
        defer { dbus_error_free(&error) }
        guard let reply = dbus_connection_send_with_reply_and_block(bus, call, 500, &error) else { return 0 }
        defer { dbus_message_unref(reply) }
        var iterator = DBusMessageIter()
        guard dbus_message_iter_init(reply, &iterator) != 0,
              dbus_message_iter_get_arg_type(&iterator) == DBusType.uint32
        else { return 0 }
        var pid: UInt32 = 0
        dbus_message_iter_get_basic(&iterator, &pid)
        return Int32(truncatingIfNeeded: pid)
    }
}

/// libdbus calls this for every message on our private connection; only the registry's signal matters.
private let registryFilter: DBusHandleMessageFunction = { connection, message, userData in
    if let connection, let message, let userData,
       dbus_message_is_signal(message, "org.a11y.atspi.Event.Object", "ChildrenChanged") != 0,
       let path = dbus_message_get_path(message), String(cString: path) == "/org/a11y/atspi/accessible/root",
       let sender = dbus_message_get_sender(message), !String(cString: sender).isEmpty
    {
        Unmanaged<ApplicationRegistry>.fromOpaque(userData).takeUnretainedValue().handle(message, bus: connection)
    }
    return DBUS_HANDLER_RESULT_NOT_YET_HANDLED
}
