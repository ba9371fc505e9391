@testable import AccessibilityFocus
import OskshiftCore
import Testing

/// An application in a PID namespace of its own (Flatpak, `unshare --pid`): the bus reports its host process, its
/// window carries `_NET_WM_PID` 1. Geometry as measured on Xvfb + openbox (frame extents 1, 1, 20, 5).
@Suite("Sandboxed applications' windows, found by geometry")
struct SandboxedWindowsTests {
    typealias Candidate = AccessibleWindowCandidate<UInt>

    /// A GTK3 form in a sandbox: frame 402x325+100+470, client 400x300+101+490, `_NET_WM_PID` 1.
    let sandboxedForm = Candidate(id: 1, pid: 1, frame: Rect(x: 100, y: 470, width: 402, height: 325),
                                  client: Rect(x: 101, y: 490, width: 400, height: 300))
    let xterm = Candidate(id: 2, pid: 700, frame: Rect(x: 600, y: 100, width: 486, height: 341),
                          client: Rect(x: 601, y: 120, width: 484, height: 316))

    func gtk3Field(pid: Int32 = 5123, toplevel: Rect? = Rect(x: 100, y: 470, width: 402, height: 325))
        -> AccessibleFocusUpdate
    {
        AccessibleFocusUpdate(editable: true, pid: pid, widget: Rect(x: 109, y: 698, width: 384, height: 34),
                              toplevel: toplevel, toolkit: "gtk", toolkitVersion: "3.24.38")
    }

    @Test("A process with no window of its number has its field's window found by geometry")
    func theProcessHasNoWindow() {
        #expect(AccessibleWindowMatcher.processHasNoWindow(gtk3Field(), among: [sandboxedForm, xterm]))
        #expect(AccessibleWindowMatcher.match(gtk3Field(), among: [sandboxedForm, xterm]) == nil,
                "the process number alone matches nothing")
        #expect(!AccessibleWindowMatcher.processHasNoWindow(gtk3Field(pid: 1), among: [sandboxedForm, xterm]))
    }

    @Test("A GTK3 top-level that lines up with exactly one window's frame finds that window")
    func gtk3FrameLinesUp() {
        let found = AccessibleWindowMatcher.matchByGeometry(gtk3Field(), among: [xterm, sandboxedForm])
        #expect(found == .one(AccessibleWindowMatch(id: 1, scale: 1, correction: Point(x: 0, y: 0))))
    }

    @Test("A Qt top-level, the client window, finds its window too")
    func qtClientLinesUp() {
        let update = AccessibleFocusUpdate(
            editable: true, pid: 5200, widget: Rect(x: 110, y: 700, width: 380, height: 30),
            toplevel: Rect(x: 101, y: 490, width: 400, height: 300), toolkit: "Qt", toolkitVersion: "5.15.8")
        #expect(AccessibleWindowMatcher.matchByGeometry(update, among: [sandboxedForm, xterm])
            == .one(AccessibleWindowMatch(id: 1, scale: 1, correction: Point(x: 0, y: 0))))
    }

    @Test("Two windows at the same place with the same size are equally likely: no window is found")
    func twoWindowsAlike() {
        var twin = sandboxedForm
        twin.id = 3
        #expect(AccessibleWindowMatcher.matchByGeometry(gtk3Field(), among: [sandboxedForm, twin, xterm])
            == .several([1, 3]))
    }

    @Test("A field inside a window whose frame does not line up with its top-level finds none")
    func containmentIsNotEnough() {
        let elsewhere = gtk3Field(toplevel: Rect(x: 0, y: 0, width: 1280, height: 800))
        #expect(AccessibleWindowMatcher.matchByGeometry(elsewhere, among: [sandboxedForm, xterm]) == .none)
        #expect(AccessibleWindowMatcher.matchByGeometry(gtk3Field(toplevel: nil), among: [sandboxedForm]) == .none)
    }

    @Test("GTK 4's window-relative top-level, at 0,0 wherever its window is, finds none")
    func windowRelativeIsNotCompared() {
        let update = AccessibleFocusUpdate(
            editable: true, pid: 5300, widget: Rect(x: 17, y: 209, width: 366, height: 32),
            toplevel: Rect(x: 0, y: 0, width: 400, height: 300), toolkit: "GTK", toolkitVersion: "4.8.3",
            coordinates: .window)
        let atOrigin = Candidate(id: 4, pid: 1, frame: Rect(x: 0, y: 0, width: 400, height: 300),
                                 client: Rect(x: 0, y: 0, width: 400, height: 300))
        #expect(AccessibleWindowMatcher.matchByGeometry(update, among: [atOrigin]) == .none)
    }

    @Test("GTK3 at GDK_SCALE=2 in a sandbox: the logical top-level lines up at scale 2")
    func scaledSandbox() {
        let update = AccessibleFocusUpdate(
            editable: true, pid: 5400, widget: Rect(x: 108, y: 105, width: 384, height: 34),
            toplevel: Rect(x: 100, y: 87, width: 401, height: 313), toolkit: "gtk", toolkitVersion: "3.24.38")
        let window = Candidate(id: 7, pid: 1, frame: Rect(x: 200, y: 175, width: 802, height: 625),
                               client: Rect(x: 201, y: 195, width: 800, height: 600))
        guard case .one(let match) = AccessibleWindowMatcher.matchByGeometry(update, among: [window]) else {
            Issue.record("no window found")
            return
        }
        #expect(match.id == 7 && match.scale == 2)
    }

    @Test("A sandbox's window number speaks for its application once its field was found there")
    func windowNumberSpeaksForItsApplication() {
        var sandboxed = SandboxedWindows<UInt>()
        let windows: [(id: UInt, pid: Int32?)] = [(1, 1), (2, 700)]
        #expect(sandboxed.windowPIDs(speakingFor: [5123], windows: windows) == [])
        sandboxed.note(window: 1, windowPID: 1, application: 5123)
        #expect(sandboxed.windowPIDs(speakingFor: [5123], windows: windows) == [1])
        #expect(sandboxed.application(of: 1) == 5123)
    }

    @Test("A window number shared with a window not known to be on the bus speaks for nobody")
    func sharedNumberWithAnUnknownWindow() {
        var sandboxed = SandboxedWindows<UInt>()
        sandboxed.note(window: 1, windowPID: 1, application: 5123)
        // Another sandbox's window, numbered 1 as well, whose application never reported a field.
        #expect(sandboxed.windowPIDs(speakingFor: [5123], windows: [(1, 1), (9, 1)]) == [])
        sandboxed.note(window: 9, windowPID: 1, application: 5200)
        #expect(sandboxed.windowPIDs(speakingFor: [5123, 5200], windows: [(1, 1), (9, 1)]) == [1])
        #expect(sandboxed.windowPIDs(speakingFor: [5123], windows: [(1, 1), (9, 1)]) == [],
                "the other application left the bus")
    }

    @Test("An application that left the bus, or whose window is gone, makes its number speak for nobody")
    func leavingTheBusOrTheWindowGoing() {
        var sandboxed = SandboxedWindows<UInt>()
        sandboxed.note(window: 1, windowPID: 1, application: 5123)
        #expect(sandboxed.windowPIDs(speakingFor: [], windows: [(1, 1)]) == [])
        #expect(sandboxed.windowPIDs(speakingFor: [5123], windows: []) == [])
        sandboxed.forget(window: 1)
        #expect(sandboxed.windowPIDs(speakingFor: [5123], windows: [(1, 1)]) == [])
    }

    @Test("Windows that line up alike are each taken as maybe the application's: none is left to the X-side sources")
    func windowsAlikeSpeakForTheApplication() {
        var sandboxed = SandboxedWindows<UInt>()
        sandboxed.learn(from: .several([1, 3]), application: 5123, windowPIDs: [1: 1, 3: 1, 2: 700])
        #expect(sandboxed.application(of: 1) == 5123 && sandboxed.application(of: 3) == 5123)
        #expect(sandboxed.windowPIDs(speakingFor: [5123], windows: [(1, 1), (3, 1), (2, 700)]) == [1])
    }

    @Test("The window found by geometry is learnt; a window without a number, or nothing found, teaches nothing")
    func learningFromOneWindow() {
        var sandboxed = SandboxedWindows<UInt>()
        let one = WindowByGeometry<UInt>.one(AccessibleWindowMatch(id: 1, scale: 1, correction: Point(x: 0, y: 0)))
        sandboxed.learn(from: one, application: 5123, windowPIDs: [1: 1])
        #expect(sandboxed.application(of: 1) == 5123)
        let unnumbered = WindowByGeometry<UInt>.one(AccessibleWindowMatch(id: 4, scale: 1, correction: Point(x: 0, y: 0)))
        sandboxed.learn(from: unnumbered, application: 5123, windowPIDs: [1: 1])
        sandboxed.learn(from: .none, application: 5200, windowPIDs: [1: 1])
        #expect(sandboxed.application(of: 4) == nil)
        #expect(sandboxed.application(of: 1) == 5123)
    }

    @Test("How the extents were used says that the window was found by geometry, and why nothing moved")
    func extentsUseSaysSo() {
        let one = WindowByGeometry<UInt>.one(AccessibleWindowMatch(id: 1, scale: 1, correction: Point(x: 0, y: 0)))
        #expect(ExtentsUse.of(gtk3Field(), byGeometry: one, windowPID: 1).description
            == "screen coordinates (gtk 3.24.38), its window found by geometry: no X window carries its process "
            + "number (a sandbox's own numbers; the window's _NET_WM_PID 1)")
        #expect(ExtentsUse.of(gtk3Field(), byGeometry: WindowByGeometry<UInt>.several([1, 3]), windowPID: nil)
            .description.hasSuffix("lines up with 2 windows alike (gtk 3.24.38): the window is not moved"))
    }

    /// A sandboxed form's active top-level (GTK3 reports its frame), its focus on a button.
    func activeForm(pid: Int32 = 5123) -> ActiveToplevel {
        ActiveToplevel(pid: pid, toplevel: Rect(x: 100, y: 470, width: 402, height: 325), toolkit: "gtk",
                       coordinates: .screen)
    }

    @Test("An active top-level that lines up with exactly one window finds it by geometry, whatever its _NET_WM_PID")
    func activeTopLevelFoundByGeometry() {
        #expect(AccessibleWindowMatcher.owner(of: activeForm(), among: [xterm, sandboxedForm]) == .found(1, .geometry))
    }

    @Test("An active top-level whose process has a window of its own number is left to that number")
    func activeTopLevelOfAProcessWithItsWindow() {
        #expect(AccessibleWindowMatcher.owner(of: activeForm(pid: 700), among: [xterm, sandboxedForm]) == .byProcess)
    }

    @Test("Among windows that line up alike, the one with the X focus is the active top-level's; without it, none")
    func activeTopLevelAmongTwins() {
        var twin = sandboxedForm
        twin.id = 3
        #expect(AccessibleWindowMatcher.owner(of: activeForm(), among: [sandboxedForm, twin, xterm])
            == .undecided([1, 3]))
        twin.focused = true
        #expect(AccessibleWindowMatcher.owner(of: activeForm(), among: [sandboxedForm, twin, xterm])
            == .found(3, .inputFocus))
    }

    @Test("An active top-level that lines up with no window finds none")
    func activeTopLevelLinesUpWithNothing() {
        var elsewhere = activeForm()
        elsewhere.toplevel = Rect(x: 0, y: 0, width: 640, height: 480)
        #expect(AccessibleWindowMatcher.owner(of: elsewhere, among: [sandboxedForm, xterm]) == .none)
    }
}
