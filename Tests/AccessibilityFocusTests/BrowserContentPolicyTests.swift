@testable import AccessibilityFocus
import Testing

@Suite("Which applications are asked for their web content")
struct BrowserContentPolicyTests {
    @Test("A Chromium application is asked once, whatever the case of its toolkit name")
    func chromiumIsAskedOnce() {
        var policy = BrowserContentPolicy()
        let first = policy.shouldAsk(toolkit: "Chromium", busName: ":1.12")
        let again = policy.shouldAsk(toolkit: "Chromium", busName: ":1.12")
        let another = policy.shouldAsk(toolkit: "chromium", busName: ":1.40")
        #expect([first, again, another] == [true, false, true])
        #expect(policy.asked == [":1.12", ":1.40"])
    }

    @Test("Firefox, GTK and Qt applications are never asked: they expose their content by themselves")
    func othersAreNotAsked() {
        var policy = BrowserContentPolicy()
        var answers: [Bool] = []
        for toolkit in ["Gecko", "GTK", "gtk", "Qt", ""] {
            answers.append(policy.shouldAsk(toolkit: toolkit, busName: ":1.5"))
        }
        #expect(answers == [false, false, false, false, false])
        #expect(policy.asked.isEmpty)
    }

    @Test("An application without a bus name is not asked (it could not be told apart from the next one)")
    func noBusNameNoAsk() {
        var policy = BrowserContentPolicy()
        let asked = policy.shouldAsk(toolkit: "Chromium", busName: "")
        #expect(asked == false)
    }
}
