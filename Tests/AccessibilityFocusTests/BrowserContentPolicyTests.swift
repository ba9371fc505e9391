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
        #expect(policy.lookedAt == [":1.5"], "looked at once: its toolkit is not asked for again")
    }

    @Test("An application whose toolkit could not be read is looked at again next time")
    func unknownToolkitIsLookedAtAgain() {
        var policy = BrowserContentPolicy()
        let asked = policy.shouldAsk(toolkit: "", busName: ":1.9")
        #expect(asked == false)
        #expect(policy.lookedAt.isEmpty)
    }

    @Test("An application without a bus name is not asked (it could not be told apart from the next one)")
    func noBusNameNoAsk() {
        var policy = BrowserContentPolicy()
        let asked = policy.shouldAsk(toolkit: "Chromium", busName: "")
        #expect(asked == false)
    }
}

@Suite("A browser asked for its web content that still shows none")
struct BrowserContentCheckTests {
    @Test("A Chromium application without a web document lacks page content")
    func chromiumWithoutDocument() {
        #expect(BrowserContentCheck.lacksPageContent(toolkit: "Chromium", hasDocument: false))
    }

    @Test("A Chromium application with a web document, and any other toolkit, are fine")
    func documentOrOtherToolkit() {
        #expect(!BrowserContentCheck.lacksPageContent(toolkit: "Chromium", hasDocument: true))
        #expect(!BrowserContentCheck.lacksPageContent(toolkit: "Gecko", hasDocument: false))
        #expect(!BrowserContentCheck.lacksPageContent(toolkit: "Qt", hasDocument: false))
    }

    @Test("AT-SPI's null reference and a missing path are no child; any other path is")
    func nullReference() {
        #expect(BrowserContentCheck.isNullReference(path: "/org/a11y/atspi/null"))
        #expect(BrowserContentCheck.isNullReference(path: nil))
        #expect(!BrowserContentCheck.isNullReference(path: "/org/a11y/atspi/accessible/12"))
    }

    @Test("The log line names the toolkit, the process and the command line that works")
    func logLine() {
        #expect(BrowserContentCheck.logLine(toolkit: "Chromium", pid: 4242)
            == "accessibility: Chromium (pid 4242) is on the bus without page content; its web fields stay unknown "
            + "(start it with --force-renderer-accessibility)")
    }
}
