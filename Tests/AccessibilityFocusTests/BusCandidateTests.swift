@testable import AccessibilityFocus
import Testing

@Suite("Where the accessibility bus is looked for")
struct BusCandidateTests {
    let session = "unix:path=/run/user/1000/bus"
    let a11y = "unix:path=/run/user/1000/at-spi/bus_0,guid=0123"

    @Test("AT_SPI_BUS_ADDRESS, then the root property, then org.a11y.Bus on the session bus, as libatspi looks")
    func order() {
        let environment = ["AT_SPI_BUS_ADDRESS": "unix:path=/tmp/x", "DBUS_SESSION_BUS_ADDRESS": session]
        #expect(BusCandidate.candidates(environment: environment, rootPropertyHint: a11y) == [
            .address("unix:path=/tmp/x", origin: "AT_SPI_BUS_ADDRESS"),
            .address(a11y, origin: "root window property AT_SPI_BUS"),
            .sessionBus(session),
        ])
    }

    @Test("Without DBUS_SESSION_BUS_ADDRESS the session bus is never asked (libdbus would autolaunch one)")
    func noSessionBusWithoutVariable() {
        #expect(BusCandidate.candidates(environment: [:], rootPropertyHint: nil) == [])
        #expect(BusCandidate.candidates(environment: [:], rootPropertyHint: a11y)
            == [.address(a11y, origin: "root window property AT_SPI_BUS")])
    }

    @Test("A property value with a trailing NUL or new line is cleaned")
    func trailingBytesAreRemoved() {
        #expect(BusCandidate.cleanAddress(a11y + "\0") == a11y)
        #expect(BusCandidate.cleanAddress(" " + a11y + "\n") == a11y)
    }

    @Test("Empty and malformed addresses are no candidates")
    func malformedAddresses() {
        #expect(BusCandidate.cleanAddress(nil) == nil)
        #expect(BusCandidate.cleanAddress("") == nil)
        #expect(BusCandidate.cleanAddress("garbage") == nil)
        #expect(BusCandidate.cleanAddress(":path=/x") == nil)
        #expect(BusCandidate.cleanAddress("unix:path") == nil)
        #expect(BusCandidate.cleanAddress("unix:path=/x\u{7}") == nil)
        let two = "unix:path=/a;tcp:host=localhost,port=1"
        #expect(BusCandidate.cleanAddress(two) == two)
        #expect(BusCandidate.candidates(environment: ["AT_SPI_BUS_ADDRESS": ""], rootPropertyHint: "junk") == [])
    }
}
