@testable import AccessibilityFocus
import OskshiftCore
import Testing

/// Whether an application's "screen" coordinates are its window's, learnt from its reads. Numbers measured on Xvfb +
/// openbox (frame extents 1, 1, 20, 5) with GTK 4.8.3's tests/fixtures/gtk4_form.py (docs/accessibility.md, "GTK 4").
@Suite("An application's screen coordinates, learnt from its reads")
struct ScreenCoordinatesTests {
    typealias Candidate = AccessibleWindowCandidate<UInt>

    /// The fixture's 400x400 form at frame 100,150: client 400x400+101+170.
    let form = Candidate(id: 1, pid: 4242, frame: Rect(x: 100, y: 150, width: 402, height: 425),
                         client: Rect(x: 101, y: 170, width: 400, height: 400))

    /// A screen-coordinate read, as the watcher sends it before anything is learnt.
    func read(toplevel: Rect?, widget: Rect = Rect(x: 17, y: 89, width: 366, height: 32), pid: Int32 = 4242,
              atMs timeMs: UInt64) -> AccessibleFocusUpdate {
        AccessibleFocusUpdate(editable: true, pid: pid, widget: widget, toplevel: toplevel, toolkit: "GTK",
                              toolkitVersion: "4.8.3", coordinates: .screen, timeMs: timeMs)
    }

    let atOrigin = Rect(x: 0, y: 0, width: 400, height: 400)

    @Test("A top-level at 0,0 fitting a client elsewhere is read again, and the read begun after that settles it")
    func learntFromTwoReads() {
        var learnt = ScreenCoordinates()
        #expect(learnt.observe(read(toplevel: atOrigin, atMs: 100), among: [form], nowMs: 105) == .readAgain)
        #expect(!learnt.isWindowRelative)
        #expect(learnt.observe(read(toplevel: atOrigin, atMs: 106), among: [form], nowMs: 110) == .windowRelative)
        #expect(learnt.evidence == .toplevelAtOrigin(toplevel: atOrigin, client: form.client))
        #expect(learnt.description == "relative to its window (learnt from its top-level reported at 400x400+0+0 "
            + "twice while its window's client was at 400x400+101+170, the second read begun after that was seen)")
        // Learnt for good: later reads are taken as window-relative whatever they say.
        #expect(learnt.observe(read(toplevel: nil, atMs: 200), among: [form], nowMs: 205) == .windowRelative)
    }

    @Test("A read begun before the first was seen confirms nothing: it may be a screen read from before a move")
    func aReadFromBeforeTheQuestionConfirmsNothing() {
        var learnt = ScreenCoordinates()
        #expect(learnt.observe(read(toplevel: atOrigin, atMs: 100), among: [form], nowMs: 105) == .readAgain)
        #expect(learnt.observe(read(toplevel: atOrigin, atMs: 101), among: [form], nowMs: 107) == .readAgain)
        #expect(!learnt.isWindowRelative)
        #expect(learnt.observe(read(toplevel: atOrigin, atMs: 108), among: [form], nowMs: 109) == .windowRelative)
    }

    @Test("A fullscreen browser's read from 0,0 applied after our move panned it up is read again, and lines up then")
    func aStaleReadOfAPannedKioskIsNotLearnt() {
        let panned = Candidate(id: 2, pid: 4242, frame: Rect(x: 0, y: -210, width: 1280, height: 800),
                               client: Rect(x: 0, y: -210, width: 1280, height: 800))
        var learnt = ScreenCoordinates()
        let before = read(toplevel: Rect(x: 0, y: 0, width: 1280, height: 800),
                          widget: Rect(x: 40, y: 724, width: 600, height: 36), atMs: 100)
        #expect(learnt.observe(before, among: [panned], nowMs: 105) == .readAgain)
        let after = read(toplevel: Rect(x: 0, y: -210, width: 1280, height: 800),
                         widget: Rect(x: 40, y: 514, width: 600, height: 36), atMs: 106)
        #expect(learnt.observe(after, among: [panned], nowMs: 110) == .screen)
        #expect(learnt == ScreenCoordinates())
    }

    @Test("The client moving between the two reads starts over: the second suspects the new place")
    func aWindowThatMovedStartsOver() {
        var moved = form
        moved.client = moved.client.offsetBy(dy: -100)
        moved.frame = moved.frame.offsetBy(dy: -100)
        var learnt = ScreenCoordinates()
        #expect(learnt.observe(read(toplevel: atOrigin, atMs: 100), among: [form], nowMs: 105) == .readAgain)
        #expect(learnt.observe(read(toplevel: atOrigin, atMs: 106), among: [moved], nowMs: 110) == .readAgain)
        #expect(learnt.observe(read(toplevel: atOrigin, atMs: 111), among: [moved], nowMs: 115) == .windowRelative)
    }

    @Test("A window whose client is at 0,0 tells nothing: the two readings are the same numbers")
    func aWindowAtTheOriginTellsNothing() {
        let atTheOrigin = Candidate(id: 1, pid: 4242, frame: Rect(x: 0, y: 0, width: 400, height: 400),
                                    client: Rect(x: 0, y: 0, width: 400, height: 400))
        var learnt = ScreenCoordinates()
        #expect(learnt.observe(read(toplevel: atOrigin, atMs: 100), among: [atTheOrigin], nowMs: 105) == .screen)
        #expect(learnt == ScreenCoordinates())
    }

    @Test("A decorated window maximized with its frame at 0,0 lines up on the screen: GTK 3's frame, as it says")
    func aMaximizedScreenWindowLinesUp() {
        let maximized = Candidate(id: 1, pid: 4242, frame: Rect(x: 0, y: 0, width: 1280, height: 800),
                                  client: Rect(x: 1, y: 20, width: 1278, height: 775))
        var learnt = ScreenCoordinates()
        let gtk3 = read(toplevel: Rect(x: 0, y: 0, width: 1280, height: 800), atMs: 100)
        #expect(learnt.observe(gtk3, among: [maximized], nowMs: 105) == .screen)
        #expect(!learnt.isWindowRelative)
    }

    @Test("Client-side decorations around the content (gnome-text-editor: 5 px) still fit as window-relative")
    func clientSideDecorationsFit() {
        let editor = Candidate(id: 3, pid: 4242, frame: Rect(x: 290, y: 140, width: 700, height: 520),
                               client: Rect(x: 290, y: 140, width: 700, height: 520))
        var learnt = ScreenCoordinates()
        let content = read(toplevel: Rect(x: 0, y: 0, width: 690, height: 510),
                           widget: Rect(x: 0, y: 47, width: 690, height: 463), atMs: 100)
        #expect(learnt.observe(content, among: [editor], nowMs: 105) == .readAgain)
    }

    @Test("Nothing is learnt from a top-level not at 0,0, none at all, a window of another process or an unknown one")
    func readsThatTellNothing() {
        var learnt = ScreenCoordinates()
        #expect(learnt.observe(read(toplevel: Rect(x: 5, y: 0, width: 400, height: 400), atMs: 1), among: [form],
                               nowMs: 2) == .screen)
        #expect(learnt.observe(read(toplevel: nil, atMs: 3), among: [form], nowMs: 4) == .screen)
        #expect(learnt.observe(read(toplevel: atOrigin, pid: 77, atMs: 5), among: [form], nowMs: 6) == .screen)
        #expect(learnt.observe(read(toplevel: atOrigin, pid: 0, atMs: 7), among: [form], nowMs: 8) == .screen)
        #expect(learnt == ScreenCoordinates())
    }

    @Test("A top-level far smaller than the client at every scale is no window's content: nothing is learnt")
    func aSmallTopLevelFitsNothing() {
        var learnt = ScreenCoordinates()
        // 300 px wide, 100 high: 100 px short of the width at scale 1, wider than the client at 2 and 3.
        let small = read(toplevel: Rect(x: 0, y: 0, width: 300, height: 100),
                         widget: Rect(x: 10, y: 10, width: 100, height: 20), atMs: 1)
        #expect(learnt.observe(small, among: [form], nowMs: 2) == .screen)
    }

    @Test("A window at 0,0 whose application refused its caret box on the screen and gave it in its window is learnt")
    func caretRefusedOnTheScreen() {
        // An Adwaita form undecorated at 0,0: its content 390x297 inside a 400x307 client.
        let atTheOrigin = Candidate(id: 1, pid: 4242, frame: Rect(x: 0, y: 0, width: 400, height: 307),
                                    client: Rect(x: 0, y: 0, width: 400, height: 307))
        let content = Rect(x: 0, y: 0, width: 390, height: 297)
        var view = read(toplevel: content, widget: Rect(x: 8, y: 88, width: 374, height: 100), atMs: 100)
        var learnt = ScreenCoordinates()
        #expect(learnt.observe(view, among: [atTheOrigin], nowMs: 105) == .screen, "the window's place tells nothing")
        view.caretInWindow = Rect(x: 8, y: 88, width: 1, height: 16)
        #expect(learnt.observe(view, among: [atTheOrigin], nowMs: 110) == .windowRelative)
        #expect(learnt.evidence == .caretRefusedOnScreen(caret: Rect(x: 8, y: 88, width: 1, height: 16), toplevel: content))
        #expect(learnt.description == "relative to its window (learnt from its caret box refused in screen coordinates "
            + "and given as 1x16+8+88 in window coordinates, its top-level reported at 390x297+0+0)")
    }

    @Test("A caret refused on the screen with a top-level elsewhere than 0,0 is no GTK 4 window: nothing is learnt")
    func caretRefusedWithATopLevelElsewhere() {
        var view = read(toplevel: Rect(x: 100, y: 150, width: 402, height: 425), atMs: 100)
        view.caretInWindow = Rect(x: 8, y: 88, width: 1, height: 16)
        var learnt = ScreenCoordinates()
        #expect(learnt.observe(view, among: [form], nowMs: 105) == .screen)
        #expect(learnt == ScreenCoordinates())
    }
}
