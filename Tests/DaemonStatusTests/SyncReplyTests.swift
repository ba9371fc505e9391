import DaemonStatus
import OskshiftCore
import Testing

@Suite("The sync answer as the daemon writes it and the status command reads it")
struct SyncReplyTests {
    let a = WindowID(0x400001), b = WindowID(0x600003)

    func journal(_ windows: [WindowID]) -> RequestJournal {
        var journal = RequestJournal()
        for id in windows { journal.record(.setMaximized(id, false)) }
        return journal
    }

    @Test("An answer with requests and a pending tick reads back exactly from its JSON, and says it is busy")
    func roundTrip() {
        let reply = SyncReply(serial: 7, mark: 1, journal: journal([a, a, b, a]),
                              activity: EngineActivity(animating: false, nextTick: 1_240, awaitingAnswer: [b]),
                              now: 1_000)
        #expect(reply.json.text == "{\"serial\":7,\"mark\":1,\"sequence\":4,\"requests\":[{\"window\":4194305,"
            + "\"count\":2},{\"window\":6291459,\"count\":1}],\"idle\":false,\"animating\":false,"
            + "\"next_tick_in_ms\":240,\"awaiting_answer\":[6291459]}")
        #expect(SyncReply(jsonText: reply.json.text) == reply)
        #expect(reply.requestCount == 3)
        #expect(reply.text == """
            requests since mark 1: 3 (sequence now 4)
              0x400001: 2
              0x600003: 1
            daemon: busy: its next tick is due in 240 ms; awaiting the server's answer for 0x600003

            """)
    }

    @Test("An idle daemon with nothing requested since the mark says so")
    func idleAndNothingRequested() {
        let reply = SyncReply(serial: 1, mark: 2, journal: journal([a, b]),
                              activity: EngineActivity(animating: false, nextTick: nil, awaitingAnswer: []), now: 5)
        #expect(reply.isIdle)
        #expect(reply.requests == [:])
        #expect(SyncReply(jsonText: reply.json.text) == reply)
        #expect(reply.text == "requests since mark 2: 0 (sequence now 2)\ndaemon: idle\n")
    }

    @Test("A lost mark is written as null and read back as unknown, never as zero requests")
    func lostMark() {
        let reply = SyncReply(serial: 1, mark: 9, journal: journal([a]),
                              activity: EngineActivity(animating: true, nextTick: nil, awaitingAnswer: []), now: 0)
        #expect(reply.requests == nil)
        #expect(SyncReply(jsonText: reply.json.text)?.requests == nil)
        #expect(reply.text.hasPrefix("requests since mark 9: unknown"))
        #expect(reply.text.hasSuffix("daemon: busy: an animation is running\n"))
    }

    @Test("Text that is not a sync answer is refused")
    func notAnAnswer() {
        #expect(SyncReply(jsonText: "{\"serial\":1}") == nil)
        #expect(SyncReply(jsonText: "not json") == nil)
    }
}
