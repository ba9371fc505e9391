@testable import AccessibilityFocus
import Testing

@Suite("Which applications are asked for their web content")
struct BrowserContentPolicyTests {
    @Test("A Chromium application is asked once, whatever the case of its toolkit name")
    func chromiumIsAskedOnce() {
        var policy = BrowserContentPolicy()
        #expect(policy.shouldAsk(toolkit: "Chromium", busName: ":1.12"))
        #expect(!policy.shouldAsk(toolkit: "Chromium", busName: ":1.12"))
        #expect(policy.shouldAsk(toolkit: "chromium", busName: ":1.40"))
        #expect(policy.asked == [":1.12", ":1.40"])
    }

    @Test("Firefox, GTK and Qt applications are never asked: they expose their content by themselves")
    func othersAreNotAsked() {
        var policy = BrowserContentPolicy()
        for toolkit in ["Gecko", "GTK", "gtk", "Qt", ""] {
            #expect(!policy.shouldAsk(toolkit: toolkit, busName: ":1.5"))
        }
        #expect(policy.asked.isEmpty)
    }

    @Test("An application without a bus name is not asked (it could not be told apart from the next one)")
    func noBusNameNoAsk() {
        var policy = BrowserContentPolicy()
        #expect(!policy.shouldAsk(toolkit: "Chromium", busName: ""))
    }
}
