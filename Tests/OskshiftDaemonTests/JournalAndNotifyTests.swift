import DaemonStatus
import Testing

@testable import oskshift

@Suite("Speaking to systemd without libsystemd")
struct JournalAndNotifyTests {
    @Test("A journal line carries its syslog priority in front, on every line of the text")
    func journalLinesArePrefixedWithThePriority() {
        #expect(JournalStream.line("ready on display :1", priority: .notice) == "<5>ready on display :1")
        #expect(JournalStream.line("a\nb", priority: .error) == "<3>a\n<3>b")
    }

    @Test("A notify socket path is NUL-terminated and an abstract name starts with NUL instead of @")
    func notifyAddresses() {
        #expect(NotifyAddress("/run/user/0/systemd/notify")?.bytes == Array("/run/user/0/systemd/notify\0".utf8))
        #expect(NotifyAddress("@notify")?.bytes == [0] + Array("notify".utf8))
    }

    @Test("Anything else, or a path too long for sun_path, is no notify socket")
    func unusableAddresses() {
        #expect(NotifyAddress("") == nil)
        #expect(NotifyAddress("vsock:2:1234") == nil)
        #expect(NotifyAddress("/" + String(repeating: "x", count: 200)) == nil)
    }
}
