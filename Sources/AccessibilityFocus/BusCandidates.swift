/// Where the accessibility bus may be found, in the order libatspi itself looks (`atspi_get_a11y_bus`):
/// `AT_SPI_BUS_ADDRESS`, then the root window property `AT_SPI_BUS`, then `org.a11y.Bus` on the session bus.
enum BusCandidate: Equatable {
    /// A ready address, and where it came from (for the log line).
    case address(String, origin: String)
    /// Ask `org.a11y.Bus.GetAddress` on the session bus at this address (it starts at-spi-bus-launcher on
    /// demand, as the first GTK application would).
    case sessionBus(String)

    /// The candidates to try. Never the session bus without `DBUS_SESSION_BUS_ADDRESS`: libdbus would
    /// autolaunch a session bus that outlives the daemon.
    static func candidates(environment: [String: String], rootPropertyHint: String?) -> [BusCandidate] {
        var result: [BusCandidate] = []
        if let address = cleanAddress(environment["AT_SPI_BUS_ADDRESS"]) {
            result.append(.address(address, origin: "AT_SPI_BUS_ADDRESS"))
        }
        if let address = cleanAddress(rootPropertyHint) {
            result.append(.address(address, origin: "root window property AT_SPI_BUS"))
        }
        if let session = cleanAddress(environment["DBUS_SESSION_BUS_ADDRESS"]) {
            result.append(.sessionBus(session))
        }
        return result
    }

    /// A D-Bus address as a property or variable holds it: trailing NULs and white space removed; nil unless it
    /// looks like `transport:key=value[,...][;...]` (a malformed property from any client must not reach
    /// libdbus's parser as something it might half-accept).
    static func cleanAddress(_ raw: String?) -> String? {
        guard let raw else { return nil }
        let trimmed = String(raw.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace || $0 == "\0" }.reversed())
        guard !trimmed.isEmpty, trimmed.count <= 4096 else { return nil }
        guard trimmed.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value < 0x7f }) else { return nil }
        for entry in trimmed.split(separator: ";", omittingEmptySubsequences: true) {
            guard let colon = entry.firstIndex(of: ":"), colon != entry.startIndex else { return nil }
            let pairs = entry[entry.index(after: colon)...].split(separator: ",", omittingEmptySubsequences: true)
            for pair in pairs where !pair.contains("=") { return nil }
        }
        return trimmed
    }
}
