@testable import AccessibilityFocus
import Testing

/// What the watcher keeps of an application between events: an empty toolkit answer is asked again, a known one is
/// kept for the application's lifetime.
@Suite("An application's facts")
struct ApplicationFactsTests {
    @Test("An application whose process and toolkit are known is not asked again")
    func completeFactsAreKept() {
        var facts = ApplicationFacts(pid: 4242)
        facts.learn(toolkit: "GTK", version: "4.8.3")
        #expect(facts.isComplete)
        #expect(facts.coordinates == .screen, "its toolkit's name says nothing of its coordinates")
    }

    @Test("An empty toolkit answer is not kept: the toolkit is asked again at the next event")
    func anEmptyToolkitIsAskedAgain() {
        var facts = ApplicationFacts(pid: 4242)
        facts.learn(toolkit: "", version: "")
        #expect(!facts.isComplete)
        facts.learn(toolkit: "GTK", version: "4.8.3")
        #expect(facts.isComplete)
        #expect(facts == ApplicationFacts(pid: 4242, toolkit: "GTK", toolkitVersion: "4.8.3"))
    }

    @Test("A toolkit version without a name is dropped with it")
    func aVersionWithoutANameIsDropped() {
        var facts = ApplicationFacts(pid: 4242)
        facts.learn(toolkit: "", version: "4.8.3")
        #expect(facts.toolkitVersion == "")
        #expect(!facts.isComplete)
    }

    @Test("A known toolkit is not replaced by a later answer")
    func aKnownToolkitStays() {
        var facts = ApplicationFacts(pid: 4242)
        facts.learn(toolkit: "GTK", version: "4.8.3")
        facts.learn(toolkit: "gtk", version: "3.24.38")
        #expect(facts == ApplicationFacts(pid: 4242, toolkit: "GTK", toolkitVersion: "4.8.3"))
    }

    @Test("An application whose process is unknown is asked again, whatever its toolkit")
    func anUnknownProcessIsAskedAgain() {
        var facts = ApplicationFacts(pid: 0)
        facts.learn(toolkit: "Qt", version: "5.15.8")
        #expect(!facts.isComplete)
    }
}
