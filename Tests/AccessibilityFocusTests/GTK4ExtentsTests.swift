@testable import AccessibilityFocus
import CATSPI
import OskshiftCore
import Testing

/// Numbers measured on Xvfb + openbox (frame extents 1, 1, 20, 5) with GTK 4.8.3: tests/fixtures/gtk4_form.py and
/// gnome-text-editor 43.2 (client-side decorations, no compositor). GTK 4 reports every rect relative to its window's
/// content, the top-level at 0,0 (docs/accessibility.md, "GTK 4").
@Suite("GTK 4's window-relative extents")
struct GTK4ExtentsTests {
    typealias Candidate = AccessibleWindowCandidate<UInt>

    /// The fixture's 400x400 form at frame 100,150: client 400x400+101+170.
    let form = Candidate(id: 1, pid: 4242, frame: Rect(x: 100, y: 150, width: 402, height: 425),
                         client: Rect(x: 101, y: 170, width: 400, height: 400))

    func update(widget: Rect?, caret: Rect? = nil, toplevel: Rect?, pid: Int32 = 4242) -> AccessibleFocusUpdate {
        AccessibleFocusUpdate(editable: true, pid: pid, widget: widget, caret: caret, toplevel: toplevel,
                              toolkit: "GTK", toolkitVersion: "4.8.3", coordinates: .window)
    }

    @Test("A GTK 4 entry is placed at the client's position: 366x32+17+89 in the window is 366x32+118+259 on the root")
    func entryAtTheClientsPosition() throws {
        let entry = update(widget: Rect(x: 17, y: 89, width: 366, height: 32), toplevel: Rect(x: 0, y: 0, width: 400, height: 400))
        let match = try #require(AccessibleWindowMatcher.match(entry, among: [form]))
        #expect(match == AccessibleWindowMatch(id: 1, scale: 1, correction: Point(x: 101, y: 170), coordinates: .window))
        let root = match.apply(to: entry)
        #expect(root.widget == Rect(x: 118, y: 259, width: 366, height: 32))
        #expect(root.toplevel == Rect(x: 101, y: 170, width: 400, height: 400))
    }

    @Test("A GTK 4 text view's caret, read in window coordinates, lands on the root beside its view")
    func textViewCaret() throws {
        let view = update(widget: Rect(x: 8, y: 128, width: 384, height: 264), caret: Rect(x: 8, y: 136, width: 1, height: 16),
                          toplevel: Rect(x: 0, y: 0, width: 400, height: 400))
        let root = try #require(AccessibleWindowMatcher.match(view, among: [form])).apply(to: view)
        #expect(root.widget == Rect(x: 109, y: 298, width: 384, height: 264))
        #expect(root.caret == Rect(x: 109, y: 306, width: 1, height: 16))
    }

    @Test("gnome-text-editor's content sits inside 5 px of client-side decorations: its caret is placed inside them")
    func clientSideDecorations() throws {
        // Undecorated by openbox: frame = client 700x520+290+140; the top-level reports 690x510 at 0,0, the source
        // view 690x463+0+47 (on the screenshot its white starts at root 295,192) and the caret 0x17+21+81.
        let editor = Candidate(id: 9, pid: 29478, frame: Rect(x: 290, y: 140, width: 700, height: 520),
                               client: Rect(x: 290, y: 140, width: 700, height: 520))
        let view = update(widget: Rect(x: 0, y: 47, width: 690, height: 463), caret: Rect(x: 21, y: 81, width: 1, height: 17),
                          toplevel: Rect(x: 0, y: 0, width: 690, height: 510), pid: 29478)
        let match = try #require(AccessibleWindowMatcher.match(view, among: [editor]))
        #expect(match.correction == Point(x: 295, y: 145))
        let root = match.apply(to: view)
        #expect(root.widget == Rect(x: 295, y: 192, width: 690, height: 463))
        #expect(root.caret == Rect(x: 316, y: 226, width: 1, height: 17))
    }

    @Test("GTK 4 at GDK_SCALE=2 reports logical pixels: the top-level half the client gives scale 2")
    func scaleTwo() throws {
        // Measured: client 800x600+101+120 (frame 802x625+100+100), top-level 400x300, entry-1 366x32+17+9.
        let window = Candidate(id: 2, pid: 4242, frame: Rect(x: 100, y: 100, width: 802, height: 625),
                               client: Rect(x: 101, y: 120, width: 800, height: 600))
        let entry = update(widget: Rect(x: 17, y: 9, width: 366, height: 32), toplevel: Rect(x: 0, y: 0, width: 400, height: 300))
        let match = try #require(AccessibleWindowMatcher.match(entry, among: [window]))
        #expect(match.scale == 2)
        #expect(match.apply(to: entry).widget == Rect(x: 135, y: 138, width: 732, height: 64))
    }

    @Test("Two windows of one process with the same size: the focused one holds the field")
    func focusedWindowWinsATie() throws {
        var other = form
        other.id = 2
        other.frame = other.frame.offsetBy(dx: 500, dy: 0)
        other.client = other.client.offsetBy(dx: 500, dy: 0)
        var focusedOther = other
        focusedOther.focused = true
        let entry = update(widget: Rect(x: 17, y: 89, width: 366, height: 32), toplevel: Rect(x: 0, y: 0, width: 400, height: 400))
        #expect(AccessibleWindowMatcher.match(entry, among: [form, focusedOther])?.id == 2)
        var focusedForm = form
        focusedForm.focused = true
        #expect(AccessibleWindowMatcher.match(entry, among: [focusedForm, other])?.id == 1)
    }

    @Test("Window-relative rects never match a window of another process or one without _NET_WM_PID")
    func onlyItsOwnProcess() {
        let entry = update(widget: Rect(x: 17, y: 89, width: 366, height: 32), toplevel: Rect(x: 0, y: 0, width: 400, height: 400))
        var stranger = form
        stranger.pid = 99
        var anonymous = form
        anonymous.pid = nil
        #expect(AccessibleWindowMatcher.match(entry, among: [stranger]) == nil)
        #expect(AccessibleWindowMatcher.match(entry, among: [anonymous]) == nil)
    }

    @Test("A top-level larger than the client (read before a shrink) or far smaller matches nothing")
    func implausibleSizes() {
        let larger = update(widget: Rect(x: 17, y: 89, width: 366, height: 32), toplevel: Rect(x: 0, y: 0, width: 400, height: 500))
        #expect(AccessibleWindowMatcher.match(larger, among: [form]) == nil)
        let smaller = update(widget: Rect(x: 17, y: 89, width: 366, height: 32), toplevel: Rect(x: 0, y: 0, width: 300, height: 300))
        #expect(AccessibleWindowMatcher.match(smaller, among: [form]) == nil)
    }

    @Test("Without a top-level, a field that fits in the client is placed at the client's position")
    func withoutATopLevel() throws {
        let entry = update(widget: Rect(x: 17, y: 89, width: 366, height: 32), toplevel: nil)
        let match = try #require(AccessibleWindowMatcher.match(entry, among: [form]))
        #expect(match.apply(to: entry).widget == Rect(x: 118, y: 259, width: 366, height: 32))
    }

    @Test("Screen coordinates of GTK 3 at the same numbers are not placed at the client: nothing lines up")
    func screenCoordinatesAreNotTranslated() {
        var entry = update(widget: Rect(x: 17, y: 89, width: 366, height: 32), toplevel: Rect(x: 0, y: 0, width: 400, height: 400))
        entry.coordinates = .screen
        #expect(AccessibleWindowMatcher.match(entry, among: [form]) == nil)
    }

    @Test("A GTK 4 release whose top-level is not at 0,0 gives screen coordinates after all: they are used as such")
    func screenCoordinatesFromAGTK4AreNotMovedTwice() throws {
        let entry = update(widget: Rect(x: 118, y: 259, width: 366, height: 32),
                           toplevel: Rect(x: 101, y: 170, width: 400, height: 400))
        let match = try #require(AccessibleWindowMatcher.match(entry, among: [form]))
        #expect(match.coordinates == .screen)
        #expect(match.apply(to: entry).widget == Rect(x: 118, y: 259, width: 366, height: 32))
    }

    @Test("GTK 4 entries carry no single-line state: asked in window coordinates, an editable that is not multi-line is a single line")
    func gtk4EntriesAreSingleLine() {
        let gtk4 = ApplicationFacts(pid: 1, toolkit: "GTK", toolkitVersion: "4.8.3", coordinates: .window)
        let gtk3 = ApplicationFacts(pid: 1, toolkit: "gtk", toolkitVersion: "3.24.38")
        let entry = TextFieldStates(editable: true)
        let view = TextFieldStates(editable: true, multiLine: true)
        #expect(gtk4.lineMode(entry) == .single)
        #expect(gtk4.lineMode(view) == .multi)
        #expect(gtk3.lineMode(entry) == .unknown)
        #expect(gtk4.coordinateType == ATSPI_COORD_TYPE_WINDOW)
        #expect(gtk3.coordinateType == ATSPI_COORD_TYPE_SCREEN)
    }
}

@Suite("How an application's extents are used, as the log and the status say it")
struct ExtentsUseTests {
    let window = AccessibleWindowMatch(id: 1, scale: 1, correction: Point(x: 101, y: 170), coordinates: .window)
    let screen = AccessibleWindowMatch(id: 1, scale: 1, correction: Point(x: 0, y: 0))

    func update(widget: Rect?, caret: Rect? = nil) -> AccessibleFocusUpdate {
        AccessibleFocusUpdate(editable: true, pid: 7, widget: widget, caret: caret, toolkit: "GTK",
                              toolkitVersion: "4.8.3", coordinates: .window)
    }

    @Test("A GTK 4 field placed by its window says so")
    func windowRelative() {
        let use = ExtentsUse.of(update(widget: Rect(x: 17, y: 9, width: 366, height: 32)), match: window)
        #expect(use == .windowRelative(toolkit: "GTK 4.8.3"))
        #expect(use.description == "window-relative (GTK 4.8.3), placed at its X window's client position")
    }

    @Test("A field without any usable rect names the fallback: the last known place, else not moved")
    func noneUsable() {
        let use = ExtentsUse.of(update(widget: nil, caret: nil), match: window)
        #expect(use == .noneUsable(toolkit: "GTK 4.8.3"))
        #expect(use.description
            == "none usable (GTK 4.8.3): the field's last known place is kept, without one the window is not moved")
    }

    @Test("Rects matching no window, and screen coordinates, are told apart")
    func unmatchedAndScreen() {
        let caretOnly = update(widget: nil, caret: Rect(x: 8, y: 88, width: 1, height: 16))
        #expect(ExtentsUse.of(caretOnly, match: nil as AccessibleWindowMatch<UInt>?) == .unmatched(toolkit: "GTK 4.8.3"))
        #expect(ExtentsUse.of(caretOnly, match: screen).description == "screen coordinates (GTK 4.8.3)")
        let silent = AccessibleFocusUpdate(editable: true, pid: 7, widget: Rect(x: 1, y: 1, width: 9, height: 9))
        #expect(ExtentsUse.of(silent, match: screen).description == "screen coordinates (-)")
    }
}
