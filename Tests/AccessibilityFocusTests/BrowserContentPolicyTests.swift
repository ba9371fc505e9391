@testable import AccessibilityFocus
import Testing

private let null = "/org/a11y/atspi/null"

@Suite("Which applications are asked for their web content")
struct BrowserContentPolicyTests {
    @Test("An application whose frames hold back their content is asked once, and another one too")
    func withheldIsAskedOnce() {
        var policy = BrowserContentPolicy()
        let first = policy.shouldAsk(content: .withheld, busName: ":1.12")
        let again = policy.shouldAsk(content: .withheld, busName: ":1.12")
        let another = policy.shouldAsk(content: .withheld, busName: ":1.40")
        #expect([first, again, another] == [true, false, true])
        #expect(policy.asked == [":1.12", ":1.40"])
        #expect(policy.lookedAt == [":1.12", ":1.40"])
    }

    @Test("An application that exposes its content is never asked, and not looked at again")
    func exposedIsNotAsked() {
        var policy = BrowserContentPolicy()
        let asked = policy.shouldAsk(content: .exposed, busName: ":1.5")
        #expect(asked == false)
        #expect(policy.asked.isEmpty)
        #expect(policy.lookedAt == [":1.5"], "looked at once: its frames are not read again")
    }

    @Test("An application still starting (no frame with a child) is looked at again next time, then asked")
    func unknownIsLookedAtAgain() {
        var policy = BrowserContentPolicy()
        let early = policy.shouldAsk(content: .unknown, busName: ":1.9")
        #expect(early == false)
        #expect(policy.lookedAt.isEmpty)
        let later = policy.shouldAsk(content: .withheld, busName: ":1.9")
        #expect(later == true)
        #expect(policy.asked == [":1.9"])
    }

    @Test("An application without a bus name is not asked (it could not be told apart from the next one)")
    func noBusNameNoAsk() {
        var policy = BrowserContentPolicy()
        let asked = policy.shouldAsk(content: .withheld, busName: "")
        #expect(asked == false)
        #expect(policy.asked.isEmpty)
        #expect(policy.lookedAt.isEmpty)
    }
}

@Suite("What an application's frames show of their content")
struct FrameContentTests {
    typealias Frame = FrameContent.Frame

    @Test("Frames whose only child is the null reference hold their content back (Chromium before it is asked)")
    func nullOnlyChildIsWithheld() {
        let chromium = Array(repeating: Frame(childCount: 1, firstChildPath: null), count: 3)
        #expect(FrameContent.of(frames: chromium) == .withheld)
    }

    @Test("A frame with a child of its own exposes the content (Firefox, GTK, Qt, Chromium once asked)")
    func realChildIsExposed() {
        #expect(FrameContent.of(frames: [Frame(childCount: 1, firstChildPath: "/org/a11y/atspi/accessible/7")])
            == .exposed)
        #expect(FrameContent.of(frames: [Frame(childCount: 3, firstChildPath: "/org/a11y/atspi/accessible/7")])
            == .exposed)
    }

    @Test("A null first child among several children is not a frame held back")
    func nullAmongSeveralIsExposed() {
        #expect(FrameContent.of(frames: [Frame(childCount: 2, firstChildPath: null)]) == .exposed)
    }

    @Test("No frame, childless frames and unreadable ones tell nothing: the application is still starting")
    func nothingToTellIsUnknown() {
        #expect(FrameContent.of(frames: []) == .unknown)
        #expect(FrameContent.of(frames: [Frame(childCount: 0, firstChildPath: nil),
                                         Frame(childCount: nil, firstChildPath: nil),
                                         Frame(childCount: 1, firstChildPath: nil)]) == .unknown)
    }

    @Test("The first frame whose children tell decides, after childless ones")
    func firstTellingFrameDecides() {
        let frames = [Frame(childCount: 0, firstChildPath: nil), Frame(childCount: 1, firstChildPath: null),
                      Frame(childCount: 4, firstChildPath: "/org/a11y/atspi/accessible/3")]
        #expect(FrameContent.of(frames: frames) == .withheld)
        #expect(FrameContent.of(frames: Array(frames.reversed())) == .exposed)
    }
}

@Suite("A browser asked for its web content that still shows none")
struct BrowserContentCheckTests {
    @Test("An application that held its content back and shows no web document lacks page content")
    func withheldWithoutDocument() {
        #expect(BrowserContentCheck.lacksPageContent(content: .withheld, hasDocument: false))
    }

    @Test("A web document, or an application that exposed its content from the start, is fine")
    func documentOrExposed() {
        #expect(!BrowserContentCheck.lacksPageContent(content: .withheld, hasDocument: true))
        #expect(!BrowserContentCheck.lacksPageContent(content: .exposed, hasDocument: false))
        #expect(!BrowserContentCheck.lacksPageContent(content: .unknown, hasDocument: false))
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
