import Testing

@testable import oskshift

@Suite("oskshift status --sync on the command line")
struct StatusSyncOptionsTests {
    @Test("status --sync --mark N asks for the requests after the N-th, in JSON when asked")
    func syncWithAMark() throws {
        let options = try Options.parse(["status", "--sync", "--mark", "12", "--json", "--display", ":3"]).get()
        #expect(options.command == .status)
        #expect(options.sync)
        #expect(options.mark == 12)
        #expect(options.json)
        #expect(options.displayName == ":3")
        #expect(try Options.parse(["status", "--sync", "--mark=0"]).get().mark == 0)
    }

    @Test("Without a mark the requests are counted from the daemon's start")
    func markDefaultsToZero() throws {
        let options = try Options.parse(["status", "--sync"]).get()
        #expect(options.sync && options.mark == 0 && !options.json)
    }

    @Test("--sync goes with status, --mark with --sync, and a mark is a request number")
    func misuseIsRefusedWithASentence() {
        #expect(Options.parse(["--sync"])
            == .failure(.init(sentence: "--sync goes with status (oskshift status --sync)")))
        #expect(Options.parse(["status", "--mark", "3"]) == .failure(.init(sentence: "--mark goes with status --sync")))
        #expect(Options.parse(["status", "--sync", "--mark", "-1"])
            == .failure(.init(sentence: "--mark needs a request number (0 or more), not -1")))
        #expect(Options.parse(["status", "--sync", "--mark"]) == .failure(.init(sentence: "option --mark needs a value")))
        #expect(Options.parse(["status", "--sync", "--mark", "soon"])
            == .failure(.init(sentence: "--mark needs a request number (0 or more), not soon")))
        #expect(Options.parse(["status", "--sync=yes"]) == .failure(.init(sentence: "option --sync takes no value")))
    }
}
