import Testing

@testable import AccessibilityFocus

@Suite("The watcher's own timers, as a sync answer reports them")
struct OwnTimersTests {
    @Test("The next timer is the earliest still armed; fired ones are forgotten, and none armed is nil")
    func nextIsTheEarliestStillArmed() {
        var timers = OwnTimers()
        #expect(timers.next == nil)
        let retry = timers.armed(dueMs: 1_300)
        let check = timers.armed(dueMs: 6_000)
        let early = timers.armed(dueMs: 1_100)
        #expect(timers.next == 1_100)
        timers.fired(early)
        #expect(timers.next == 1_300)
        timers.fired(retry)
        timers.fired(retry)
        #expect(timers.next == 6_000)
        timers.fired(check)
        #expect(timers.next == nil)
    }
}
