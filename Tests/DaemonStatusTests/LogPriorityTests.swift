import DaemonStatus
import Testing

@Suite struct LogPriorityTests {
    @Test func theDecisionTraceIsInfoAndTheRestOfTheTraceIsDebug() {
        #expect(LogPriority.of(line: "decision: window=0x1 action=adjust") == .info)
        #expect(LogPriority.of(line: "would: move-resize 0x1") == .info)
        #expect(LogPriority.of(line: "event: keyboard-hidden") == .debug)
        #expect(LogPriority.of(line: "action: move-resize 0x1") == .debug)
        #expect(LogPriority.of(line: "note: BadWindow") == .debug)
    }

    @Test func aConfigurationErrorLineIsAnError() {
        #expect(LogPriority.of(line: "/etc/xdg/oskshift/config.toml:3:8: unknown key") == .error)
        #expect(LogPriority.error.rawValue == 3 && LogPriority.debug.rawValue == 7)
    }
}
