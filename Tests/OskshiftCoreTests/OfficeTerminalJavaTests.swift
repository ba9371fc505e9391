import OskshiftCore
import Testing

/// What LibreOffice, a VTE terminal and Java Swing taught the engine (docs/accessibility.md has the
/// measurements): one field per window, a placement asked again when the frame's extents change under it, the
/// root pane LibreOffice reports displaced, terminals followed as fields, and the fallback named when the X side
/// speaks for an application that is not on the bus.
@Suite("LibreOffice, terminals and Java: the engine's part")
struct OfficeTerminalJavaTests {
    let pid: Int32 = 42
    let maximized = WindowState(maximizedVertically: true, maximizedHorizontally: true)

    func moves(_ actions: [Action]) -> [Rect] {
        actions.compactMap { if case .moveResize(_, let frame, _) = $0 { return frame } else { return nil } }
    }

    /// A 400x300 window of process 42 at the bottom, its field under the keyboard and placed above it.
    func placedWriter() -> Driver {
        var driver = Driver(Fixture.engine())
        _ = driver.send(.accessibleApplications([pid]))
        _ = driver.send(.focusChanged(Fixture.focus(Fixture.window(pid: pid), field: nil)))
        _ = driver.send(.keyboardShown(Fixture.bottomKeyboard))
        let placed = driver.sendAndConfirm(Fixture.accessible(pid: pid, widget: Rect(120, 640, 200, 20),
                                                              caret: Rect(130, 640, 2, 20), frame: Fixture.lowFrame))
        #expect(moves(placed) == [Rect(100, 292, 400, 300)])
        return driver
    }

    @Test("A re-read that names no process (0) of the field in a placed window keeps the window placed")
    func readWithoutProcessKeepsThePlacement() {
        var driver = placedWriter()
        // LibreOffice dropped the paragraph's accessible: its extents and its process are gone.
        let gone = Event.accessibleFocus(pid: 0, AccessibleField(
            window: Fixture.a, identity: 1, widget: nil, caret: nil, frameSize: Fixture.lowFrame.size, change: .still))
        #expect(moves(driver.send(gone)) == [])
        #expect(driver.engine.adjustedWindows.map(\.current) == [Rect(100, 292, 400, 300)])
        #expect(driver.engine.focusedAccessibleField?.caret == Rect(30, 240, 2, 20))
    }

    @Test("After a re-read that named no process, the application's next field in that window decides alone")
    func nextFieldOfTheApplicationDecidesAfterAReadWithoutProcess() {
        var driver = placedWriter()
        _ = driver.send(.accessibleFocus(pid: 0, AccessibleField(
            window: Fixture.a, identity: 1, widget: nil, caret: nil, frameSize: Fixture.lowFrame.size, change: .still)))
        // The next paragraph, clear where the window is placed: read at the placed frame, clear at the original.
        let next = driver.send(Fixture.accessible(pid: pid, widget: Rect(120, 342, 200, 20), caret: Rect(130, 342, 2, 20),
                                                  frame: Rect(100, 292, 400, 300), identity: 2))
        #expect(moves(next) == [Fixture.lowFrame])
        #expect(driver.engine.focusedAccessibleField?.identity == 2)
    }

    @Test("A field reported for a window under a second process replaces the first process's field there")
    func oneFieldPerWindow() {
        var driver = placedWriter()
        _ = driver.send(.accessibleApplications([pid, 43]))
        _ = driver.send(Fixture.accessible(pid: 43, widget: Rect(120, 400, 200, 20), frame: Rect(100, 292, 400, 300),
                                           identity: 7))
        #expect(driver.engine.focusedAccessibleField?.identity == 7)
        // Process 42 leaving editable text says nothing about the field process 43 has in that window now.
        _ = driver.send(.accessibleFocus(pid: pid, nil))
        #expect(driver.engine.focusedAccessibleField?.identity == 7)
    }

    @Test("A placement sent before the window manager changed the frame's extents is asked for again with the new ones")
    func placementIsAskedAgainWhenTheExtentsChange() {
        var driver = Driver(Fixture.engine())
        let borderless = FrameExtents(left: 0, right: 0, top: 19, bottom: 0)
        var window = Fixture.window(frame: Fixture.screenRect, state: maximized, pid: pid)
        window.extents = borderless
        _ = driver.send(.accessibleApplications([pid]))
        _ = driver.send(.focusChanged(Fixture.focus(window, field: nil)))
        _ = driver.send(.keyboardShown(Fixture.bottomKeyboard))
        _ = driver.send(Fixture.accessible(pid: pid, widget: Rect(200, 700, 800, 19), caret: Rect(280, 700, 2, 19),
                                           frame: Fixture.screenRect))
        let placement = Rect(0, -167, 1280, 800)
        #expect(driver.send(.windowStateChanged(Fixture.a, .normal))
            == [.moveResize(Fixture.a, frame: placement, extents: borderless)])
        // openbox gives the borders back after the state change, and then answers the request, which named the
        // client size for the old extents, with a frame 2x6 px larger.
        #expect(moves(driver.send(.windowConfigured(Fixture.a, frame: Rect(56, 30, 1167, 725)))) == [])
        #expect(driver.send(.windowExtentsChanged(Fixture.a, Fixture.extents)).filter { $0.isMove }
            == [.moveResize(Fixture.a, frame: placement, extents: Fixture.extents)])
        #expect(moves(driver.send(.windowConfigured(Fixture.a, frame: Rect(0, -167, 1282, 806)))) == [])
        #expect(moves(driver.send(.windowConfigured(Fixture.a, frame: placement))) == [])
        #expect(driver.engine.adjustedWindows.map(\.current) == [Rect(0, -167, 1280, 800)])
    }

    @Test("A request sent with extents held for a moment, answered in another frame once placed, asks again")
    func answerFramedWithOtherExtentsAsksAgain() {
        var driver = Driver(Fixture.engine())
        _ = driver.send(.accessibleApplications([pid]))
        _ = driver.send(.focusChanged(Fixture.focus(Fixture.window(frame: Fixture.screenRect, state: maximized, pid: pid),
                                                    field: nil)))
        _ = driver.send(.keyboardShown(Fixture.bottomKeyboard))
        _ = driver.send(Fixture.accessible(pid: pid, widget: Rect(200, 700, 800, 19), caret: Rect(280, 700, 2, 19),
                                           frame: Fixture.screenRect))
        let placement = Rect(0, -167, 1280, 800)
        #expect(moves(driver.send(.windowStateChanged(Fixture.a, .normal))) == [placement])
        #expect(moves(driver.send(.windowConfigured(Fixture.a, frame: Rect(98, 78, 404, 324)))) == [])
        // pekwm leaving maximized resizes the client and the frame one after the other: read between the two, the
        // client sticks out of its frame, which tells no extents (none). The request sent with them names a
        // client as large as the frame; the one before lands first, at the placement, and the borders come back.
        #expect(driver.send(.windowExtentsChanged(Fixture.a, .none))
            == [.moveResize(Fixture.a, frame: placement, extents: .none)])
        #expect(moves(driver.send(.windowConfigured(Fixture.a, frame: placement))) == [])
        #expect(moves(driver.send(.windowExtentsChanged(Fixture.a, Fixture.extents))) == [])
        // The request sent with none lands 2x25 px larger: the placement is asked again with the borders.
        #expect(driver.send(.windowConfigured(Fixture.a, frame: Rect(0, -167, 1282, 825))).filter { $0.isMove }
            == [.moveResize(Fixture.a, frame: placement, extents: Fixture.extents)])
        #expect(moves(driver.send(.windowConfigured(Fixture.a, frame: placement))) == [])
        #expect(driver.engine.adjustedWindows.map(\.current) == [placement])
    }

    @Test("Extents that change under a window already at its placement ask for nothing")
    func extentsChangingAtThePlacementAskNothing() {
        var driver = placedWriter()
        #expect(driver.send(.windowExtentsChanged(Fixture.a, FrameExtents(left: 2, right: 2, top: 22, bottom: 6))) == [])
    }

    @Test("A root pane reported 25 px above its container of the same size is corrected by 0,25")
    func paneReportedAboveItsContainer() {
        #expect(PaneOffset.correction(pane: Rect(0, 19, 1280, 756), container: Rect(0, 44, 1280, 756))
            == Point(x: 0, y: 25))
        #expect(PaneOffset.corrected(Rect(207, 217, 793, 19), by: Point(x: 0, y: 25)) == Rect(207, 242, 793, 19))
    }

    @Test("A root pane at its container's place, of another size, or displaced absurdly far is not corrected")
    func panesThatAreNotCorrected() {
        // Java Swing's root pane (atk-wrapper) at its container's place.
        #expect(PaneOffset.correction(pane: Rect(101, 490, 398, 275), container: Rect(101, 490, 398, 275)) == nil)
        #expect(PaneOffset.correction(pane: Rect(0, 19, 1280, 756), container: Rect(0, 44, 1280, 731)) == nil)
        #expect(PaneOffset.correction(pane: Rect(0, 19, 1280, 756), container: Rect(0, 400, 1280, 756)) == nil)
        #expect(PaneOffset.correction(pane: nil, container: Rect(0, 44, 1280, 756)) == nil)
        #expect(PaneOffset.correction(pane: Rect(0, 0, 0, 0), container: Rect(0, 25, 0, 0)) == nil)
        #expect(PaneOffset.corrected(Rect(1, 2, 3, 4), by: nil) == Rect(1, 2, 3, 4))
    }

    @Test("A root pane read at its old size while its container has the new one is no measure to keep; in place is one")
    func paneMeasuredMidRelayoutIsUntrusted() {
        // LibreOffice resized from 900x560 to 700x500: its GTK panel answered the new size before VCL's root pane.
        #expect(PaneOffset.measure(pane: Rect(100, 150, 900, 535), container: Rect(100, 175, 700, 475)) == .untrusted)
        #expect(PaneOffset.measure(pane: nil, container: Rect(100, 175, 700, 475)) == .untrusted)
        #expect(PaneOffset.measure(pane: Rect(0, 19, 1280, 756), container: Rect(0, 400, 1280, 756)) == .untrusted)
        #expect(PaneOffset.measure(pane: Rect(101, 490, 398, 275), container: Rect(101, 490, 398, 275)) == .inPlace)
        #expect(PaneOffset.measure(pane: Rect(100, 150, 700, 475), container: Rect(100, 175, 700, 475))
            == .displaced(Point(x: 0, y: 25)))
    }

    @Test("A focused terminal that is not editable is followed as a multi-line field")
    func terminalIsAMultiLineField() {
        #expect(TextFieldStates.followed(editable: false, singleLine: false, multiLine: false, terminal: true)
            == TextFieldStates(editable: true, singleLine: false, multiLine: true, terminal: true))
    }

    @Test("A terminal's field is its cursor's line: the terminal's width at the cursor's height")
    func terminalFieldIsTheCursorLine() {
        #expect(TextFieldStates.cursorLine(terminal: Rect(101, 145, 802, 458), cursor: Rect(311, 297, 10, 19))
            == Rect(101, 297, 802, 19))
        #expect(TextFieldStates.cursorLine(terminal: nil, cursor: Rect(311, 297, 10, 19)) == Rect(311, 297, 10, 19))
        #expect(TextFieldStates.cursorLine(terminal: Rect(101, 145, 802, 458), cursor: nil) == nil)
    }

    @Test("A button is not followed, and an editable keeps the lines its states say")
    func otherStatesAsReported() {
        #expect(TextFieldStates.followed(editable: false, singleLine: false, multiLine: false, terminal: false)
            == TextFieldStates())
        #expect(TextFieldStates.followed(editable: true, singleLine: true, multiLine: false, terminal: false)
            == TextFieldStates(editable: true, singleLine: true, multiLine: false))
    }

    @Test("The pointer band speaking for a window whose application is not on the bus is named as a fallback, and why")
    func fallbackIsNamedInTheDecision() {
        var driver = Driver(Fixture.engine())
        _ = driver.send(.accessibilityBus(.connecting))
        _ = driver.send(.accessibleApplications([pid]))
        _ = driver.send(.accessibilityBus(.initialFocusRead))
        let java = Fixture.window(pid: 77)
        _ = driver.send(.focusChanged(Focus(window: java, observed: XFocusObservations(press: Point(x: 200, y: 250)))))
        let actions = driver.sendTraced(.keyboardShown(Fixture.bottomKeyboard))
        let lines = actions.compactMap { if case .log(let decision) = $0 { return decision.description } else { return nil } }
        #expect(lines == ["window=0x100 source=pointer (fallback, the pointer band around the last press: its application "
            + "is not on the accessibility bus (no field extents to read)) field=400x48+100+626 "
            + "keyboard=1280x240+0+560 overlap=122 mode=offset action=adjust to 400x300+100+278"])
        #expect(driver.engine.focusFallback(at: driver.now) == "the pointer band around the last press: its application is not on the "
            + "accessibility bus (no field extents to read)")
    }

    @Test("No fallback is named when the bus speaks, or when the order does not ask the bus at all")
    func noFallbackWhenTheBusSpeaksOrIsNotAsked() {
        var driver = placedWriter()
        #expect(driver.engine.focusFallback(at: driver.now) == nil)
        #expect(driver.engine.lastDecision?.fallback == nil)
        var configuration = Fixture.configuration()
        configuration.avoidance.focus = [.inputFocus, .pointer, .window]
        var xOnly = Driver(Fixture.engine(configuration))
        _ = xOnly.send(.focusChanged(Fixture.focus(Fixture.window(), field: Rect(120, 640, 200, 30))))
        _ = xOnly.send(.keyboardShown(Fixture.bottomKeyboard))
        #expect(xOnly.engine.focusSource(at: xOnly.now) == .inputFocus)
        #expect(xOnly.engine.focusFallback(at: xOnly.now) == nil)
    }

    @Test("Without an accessibility bus the fallback says so")
    func fallbackWithoutABus() {
        #expect(FocusSelection.fallback(accessible: .silent, order: [.caret, .widget, .inputFocus], source: .inputFocus,
                                        busAbsent: true) == "the X input focus window: no accessibility bus")
        #expect(FocusSelection.fallback(accessible: .noEditableFocus, order: [.caret, .window], source: nil,
                                        busAbsent: false) == nil)
    }
}

extension Action {
    var isMove: Bool {
        if case .moveResize = self { return true }
        return false
    }
}
