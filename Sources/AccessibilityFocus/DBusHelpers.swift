import CATSPI

/// libdbus's type codes are cast macros (`((int) 'v')`), which Swift does not import.
enum DBusType {
    static let variant = Int32(UInt8(ascii: "v"))
    static let boolean = Int32(UInt8(ascii: "b"))
    static let string = Int32(UInt8(ascii: "s"))
    static let `struct` = Int32(UInt8(ascii: "r"))
    static let objectPath = Int32(UInt8(ascii: "o"))
    static let uint32 = Int32(UInt8(ascii: "u"))
}

/// Small libdbus helpers shared by the one-shot calls.
enum DBusText {
    static func describe(_ error: DBusError) -> String {
        guard error.name != nil else { return "unknown error" }
        let name = error.name.map { String(cString: $0) } ?? "error"
        let message = error.message.map { String(cString: $0) } ?? ""
        return message.isEmpty ? name : "\(name): \(message)"
    }

    /// Appends a string argument; libdbus copies it, so the C string only has to live for the call.
    static func appendString(_ text: String, to iterator: inout DBusMessageIter) -> Bool {
        text.withCString { pointer -> Bool in
            var argument: UnsafePointer<CChar>? = pointer
            return dbus_message_iter_append_basic(&iterator, DBusType.string, &argument) != 0
        }
    }
}
