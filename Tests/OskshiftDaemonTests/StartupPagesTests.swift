import Testing

@testable import oskshift

@Suite("Which start-up pages the daemon lets go of")
struct StartupPagesTests {
    /// A trimmed /proc/self/smaps: each mapping's header line, then its counters.
    private func mapping(_ header: String, rss: Int, anonymous: Int) -> String {
        "\(header)\nSize:               64 kB\nRss:             \(rss) kB\nPss:             \(rss) kB\n"
            + "Anonymous:       \(anonymous) kB\nVmFlags: rd ex mr mw me\n"
    }

    @Test("Read-only code and data of a file with nothing copied are released, with their resident size")
    func cleanFileMappingsAreReleased() {
        let smaps = mapping("55d0c8a00000-55d0c8c00000 r-xp 00010000 fd:01 42   /usr/bin/oskshift", rss: 1892, anonymous: 0)
            + mapping("7f0000000000-7f0000010000 r--p 00000000 fd:01 43   /usr/lib/x86_64-linux-gnu/libc.so.6",
                rss: 308, anonymous: 0)
        #expect(StartupPages.releasable(smaps: smaps) == [
            .init(start: 0x55d0_c8a0_0000, end: 0x55d0_c8c0_0000, residentKilobytes: 1892),
            .init(start: 0x7f00_0000_0000, end: 0x7f00_0001_0000, residentKilobytes: 308),
        ])
    }

    @Test("Writable mappings, RELRO holding relocated copies, anonymous memory and the vDSO are kept")
    func mappingsThatCouldLoseContentsAreKept() {
        let smaps = mapping("1000-2000 rw-p 00000000 fd:01 42   /usr/bin/oskshift", rss: 4, anonymous: 0)
            + mapping("2000-3000 r--p 00001000 fd:01 42   /usr/bin/oskshift", rss: 4, anonymous: 4)
            + mapping("3000-4000 rw-p 00000000 00:00 0   [heap]", rss: 4, anonymous: 4)
            + mapping("4000-5000 r-xp 00000000 00:00 0   [vdso]", rss: 4, anonymous: 0)
            + mapping("5000-6000 r--p 00000000 00:00 0 ", rss: 4, anonymous: 0)
        #expect(StartupPages.releasable(smaps: smaps) == [])
    }

    @Test("A file replaced on disk since it was mapped, or nothing resident, is skipped")
    func deletedOrEmptyMappingsAreSkipped() {
        let smaps = mapping("1000-2000 r-xp 00000000 fd:01 42   /usr/bin/oskshift (deleted)", rss: 4, anonymous: 0)
            + mapping("2000-3000 r--p 00000000 fd:01 43   /usr/lib/libm.so.6", rss: 0, anonymous: 0)
        #expect(StartupPages.releasable(smaps: smaps) == [])
    }

    @Test("A path with spaces is still a path")
    func pathsWithSpaces() {
        let smaps = mapping("1000-2000 r-xp 00000000 fd:01 42   /opt/my apps/oskshift", rss: 8, anonymous: 0)
        #expect(StartupPages.releasable(smaps: smaps) == [.init(start: 0x1000, end: 0x2000, residentKilobytes: 8)])
    }
}
