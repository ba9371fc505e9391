@testable import AccessibilityFocus
import Glibc
import Testing

@Suite("Handing updates to the daemon thread")
struct UpdateChannelTests {
    func isReadable(_ fd: Int32) -> Bool {
        var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, 0) == 1
    }

    @Test("The descriptor is readable while updates wait, and drain hands them over in order")
    func postAndDrain() throws {
        let channel = try #require(UpdateChannel<AccessibleFocusUpdate>())
        #expect(!isReadable(channel.fileDescriptor))
        channel.post(.leftEditable(pid: 1, timeMs: 1))
        channel.post(.leftEditable(pid: 2, timeMs: 2))
        #expect(isReadable(channel.fileDescriptor))
        #expect(channel.drain().map(\.pid) == [1, 2])
        #expect(!isReadable(channel.fileDescriptor))
        #expect(channel.drain() == [])
    }
}
