import OskshiftCore
import Testing

@Suite("Inset, auto, maximized and fullscreen windows")
struct ModeTests {
    let field = Rect(120, 640, 200, 30)
    let maximized = WindowState(maximizedVertically: true, maximizedHorizontally: true)

    @Test("Inset keeps the top and moves the bottom edge to the keyboard's top minus the margin")
    func insetShrinksToTheKeyboard() {
        var driver = Driver(Fixture.engine(Fixture.configuration(mode: .inset)))
        _ = driver.send(.focusChanged(Fixture.focus(Fixture.window(), field: field)))
        #expect(driver.send(.keyboardShown(Fixture.bottomKeyboard)) == [
            .saveOriginal(Fixture.a, SavedGeometry(frame: Fixture.lowFrame)),
            .moveResize(Fixture.a, frame: Rect(100, 400, 400, 152), extents: Fixture.extents),
        ])
    }

    @Test("Inset honours the minimum height and offsets the remainder")
    func insetHonoursMinimumHeight() {
        var driver = Driver(Fixture.engine(Fixture.configuration(mode: .inset)))
        let window = Fixture.window(minSize: Size(width: 100, height: 200))  // frame at least 225 high
        _ = driver.send(.focusChanged(Fixture.focus(window, field: field)))
        #expect(driver.send(.keyboardShown(Fixture.bottomKeyboard)).last
            == .moveResize(Fixture.a, frame: Rect(100, 327, 400, 225), extents: Fixture.extents))
    }

    @Test("Inset followed by the app's re-layout that leaves the field clear changes nothing more")
    func insetRelayoutThatClearsTheFieldIsAccepted() {
        var driver = Driver(Fixture.engine(Fixture.configuration(mode: .inset)))
        let window = Fixture.window(minSize: Size(width: 100, height: 200))
        _ = driver.send(.focusChanged(Fixture.focus(window, field: field)))
        _ = driver.sendAndConfirm(.keyboardShown(Fixture.bottomKeyboard))
        #expect(driver.send(Fixture.observed(field: Rect(120, 427, 200, 30), frame: Rect(100, 327, 400, 225))) == [])
    }

    @Test("Auto offsets while the window's top stays inside the work area")
    func autoOffsetsWhenTheTopStaysInside() {
        var driver = Driver(Fixture.engine(Fixture.configuration(mode: .auto)))
        _ = driver.send(.focusChanged(Fixture.focus(Fixture.window(), field: field)))
        #expect(driver.send(.keyboardShown(Fixture.bottomKeyboard)).last
            == .moveResize(Fixture.a, frame: Rect(100, 282, 400, 300), extents: Fixture.extents))
    }

    @Test("Auto moves a tall window's top to the work area's top and insets the rest")
    func autoInsetsTallWindows() {
        var driver = Driver(Fixture.engine(Fixture.configuration(mode: .auto)))
        let window = Fixture.window(frame: Rect(100, 100, 400, 650))
        _ = driver.send(.focusChanged(Fixture.focus(window, field: Rect(120, 690, 200, 30))))
        #expect(driver.send(.keyboardShown(Fixture.bottomKeyboard)).last
            == .moveResize(Fixture.a, frame: Rect(100, 0, 400, 552), extents: Fixture.extents))
    }

    @Test("A field the re-layout reports reaching below the shrunk window is cut to the window: the window stays")
    func relayoutBelowTheShrunkWindowIsCut() {
        var driver = Driver(Fixture.engine(Fixture.configuration(mode: .auto)))
        let window = Fixture.window(frame: Rect(100, 100, 400, 650))
        _ = driver.send(.focusChanged(Fixture.focus(window, field: nil)))
        _ = driver.send(Fixture.accessible(widget: Rect(120, 690, 200, 30), frame: window.frame))
        _ = driver.sendAndConfirm(.keyboardShown(Fixture.bottomKeyboard))
        #expect(driver.send(Fixture.accessible(widget: Rect(120, 530, 200, 30), frame: Rect(100, 0, 400, 552),
                                               change: .relayout)) == [])
        #expect(driver.engine.adjustedWindows.map(\.current) == [Rect(100, 0, 400, 552)])
    }

    @Test("A maximized window is unmaximized, adjusted, and maximized again at its normal geometry on hide")
    func maximizedWindowIsUnmaximizedAndRemaximized() {
        var driver = Driver(Fixture.engine())
        let window = Fixture.window(frame: Fixture.screenRect, state: maximized)
        _ = driver.send(.focusChanged(Fixture.focus(window, field: Rect(20, 700, 300, 30))))
        #expect(driver.send(.keyboardShown(Fixture.bottomKeyboard)) == [
            .saveOriginal(Fixture.a, SavedGeometry(frame: Fixture.screenRect, state: maximized)),
            .setMaximized(Fixture.a, false),
        ])
        // The move waits until the window manager reports the state left (a move before would be undone), then
        // the window manager puts it at its remembered normal geometry and honours the move.
        #expect(driver.send(.windowStateChanged(Fixture.a, .normal))
            == [.moveResize(Fixture.a, frame: Rect(0, -178, 1280, 800), extents: Fixture.extents)])
        #expect(driver.send(.windowConfigured(Fixture.a, frame: Rect(200, 150, 600, 400))) == [])
        #expect(driver.send(.windowConfigured(Fixture.a, frame: Rect(0, -178, 1280, 800))) == [])
        #expect(driver.send(.keyboardHidden) == [
            .moveResize(Fixture.a, frame: Rect(200, 150, 600, 400), extents: Fixture.extents),
            .setMaximized(Fixture.a, true),
            .clearOriginal(Fixture.a),
        ])
    }

    @Test("A maximized window with maximized = skip is left alone")
    func maximizedSkipLeavesItAlone() {
        var configuration = Fixture.configuration()
        configuration.avoidance.maximized = .skip
        var driver = Driver(Fixture.engine(configuration))
        let window = Fixture.window(frame: Fixture.screenRect, state: maximized)
        _ = driver.send(.focusChanged(Fixture.focus(window, field: Rect(20, 700, 300, 30))))
        #expect(driver.send(.keyboardShown(Fixture.bottomKeyboard)) == [])
    }

    @Test("A fullscreen window with fullscreen = skip is left alone")
    func fullscreenSkipLeavesItAlone() {
        var configuration = Fixture.configuration()
        configuration.avoidance.fullscreen = .skip
        var driver = Driver(Fixture.engine(configuration))
        let window = Fixture.window(frame: Fixture.screenRect, state: WindowState(fullscreen: true))
        _ = driver.send(.focusChanged(Fixture.focus(window, field: Rect(20, 700, 300, 30))))
        #expect(driver.send(.keyboardShown(Fixture.bottomKeyboard)) == [])
    }

    @Test("A fullscreen kiosk window leaves fullscreen and is panned at its full size in one step, and is fullscreen again on hide")
    func fullscreenIsPannedByDefault() {
        var configuration = Fixture.configuration(mode: .auto)
        configuration.avoidance.fullscreen = .adjust
        var driver = Driver(Fixture.engine(configuration))
        let state = WindowState(fullscreen: true)
        let window = Fixture.window(frame: Fixture.screenRect, state: state)
        _ = driver.send(.focusChanged(Fixture.focus(window, field: Rect(20, 700, 300, 30))))
        #expect(driver.send(.keyboardShown(Fixture.bottomKeyboard)) == [
            .saveOriginal(Fixture.a, SavedGeometry(frame: Fixture.screenRect, state: state)),
            .setFullscreen(Fixture.a, false),
            .moveResize(Fixture.a, frame: Rect(0, -178, 1280, 800), extents: Fixture.extents),
        ])
        #expect(driver.send(.windowStateChanged(Fixture.a, .normal)) == [.startTimer(intervalMs: 150)])
        #expect(driver.send(.windowConfigured(Fixture.a, frame: Rect(0, -178, 1280, 800)), after: 2) == [.stopTimer])
        #expect(driver.send(.keyboardHidden) == [.setFullscreen(Fixture.a, true), .clearOriginal(Fixture.a)])
    }

    @Test("A fullscreen window in inset mode leaves fullscreen and fits above the keyboard in one step, and returns")
    func fullscreenResizeFitsAboveTheKeyboard() {
        var configuration = Fixture.configuration()
        configuration.avoidance.mode = .inset
        var driver = Driver(Fixture.engine(configuration))
        let state = WindowState(fullscreen: true)
        let window = Fixture.window(frame: Fixture.screenRect, state: state)
        _ = driver.send(.focusChanged(Fixture.focus(window, field: Rect(20, 700, 300, 30))))
        #expect(driver.send(.keyboardShown(Fixture.bottomKeyboard)) == [
            .saveOriginal(Fixture.a, SavedGeometry(frame: Fixture.screenRect, state: state)),
            .setFullscreen(Fixture.a, false),
            .moveResize(Fixture.a, frame: Rect(0, 0, 1280, 552), extents: Fixture.extents),
        ])
        #expect(driver.send(.windowConfigured(Fixture.a, frame: Rect(0, 0, 1280, 552)), after: 2) == [])
        #expect(driver.send(.windowStateChanged(Fixture.a, .normal)) == [])
        #expect(driver.send(.keyboardHidden) == [.setFullscreen(Fixture.a, true), .clearOriginal(Fixture.a)])
    }

    @Test("The keyboard, docks, desktops, override-redirect windows and mode none are never touched",
          arguments: [
              WindowFacts(id: Fixture.a, frame: Fixture.lowFrame, isKeyboard: true),
              WindowFacts(id: Fixture.a, frame: Fixture.lowFrame, kind: .dock),
              WindowFacts(id: Fixture.a, frame: Fixture.lowFrame, kind: .desktop),
              WindowFacts(id: Fixture.a, frame: Fixture.lowFrame, overrideRedirect: true),
              WindowFacts(id: Fixture.a, frame: Fixture.lowFrame, wmClass: WMClass(instance: "xterm", className: "XTerm")),
          ])
    func excludedWindowsAreNeverTouched(window: WindowFacts) {
        var configuration = Fixture.configuration()
        configuration.apps = [AppRule(classGlob: "xterm", mode: AvoidanceMode.none)]
        var driver = Driver(Fixture.engine(configuration))
        _ = driver.send(.focusChanged(Fixture.focus(window, field: Rect(120, 640, 200, 30))))
        #expect(driver.send(.keyboardShown(Fixture.bottomKeyboard)) == [])
    }

    @Test("Per-application rules pick the mode and margin of the first matching class glob")
    func appRulesApplyFirstMatch() {
        var configuration = Fixture.configuration()
        configuration.apps = [AppRule(classGlob: "fire*", mode: .offset, margin: 24), AppRule(classGlob: "*", margin: 0)]
        var driver = Driver(Fixture.engine(configuration))
        let window = Fixture.window(wmClass: WMClass(instance: "Navigator", className: "firefox-esr"))
        _ = driver.send(.focusChanged(Fixture.focus(window, field: Rect(120, 640, 200, 30))))
        #expect(driver.send(.keyboardShown(Fixture.bottomKeyboard)).last
            == .moveResize(Fixture.a, frame: Rect(100, 266, 400, 300), extents: Fixture.extents))
    }
}

@Suite("Leaving maximized state, as the engine sees it")
struct LeavingStateTests {
    let maximized = WindowState(maximizedVertically: true, maximizedHorizontally: true)

    @Test("The frame extents reported with the state change are the ones the waiting move uses")
    func extentsOfTheNewStateAreUsed() {
        var driver = Driver(Fixture.engine())
        let window = Fixture.window(frame: Fixture.screenRect, state: maximized)
        _ = driver.send(.focusChanged(Fixture.focus(window, field: Rect(20, 700, 300, 30))))
        _ = driver.send(.keyboardShown(Fixture.bottomKeyboard))
        let normal = FrameExtents(left: 2, right: 2, top: 22, bottom: 6)
        #expect(driver.send(.windowExtentsChanged(Fixture.a, normal)) == [])
        #expect(driver.send(.windowStateChanged(Fixture.a, .normal))
            == [.moveResize(Fixture.a, frame: Rect(0, -178, 1280, 800), extents: normal)])
    }

    @Test("Hiding the keyboard before the state was left asks for no move and maximizes again")
    func hiddenBeforeTheStateWasLeft() {
        var driver = Driver(Fixture.engine())
        let window = Fixture.window(frame: Fixture.screenRect, state: maximized)
        _ = driver.send(.focusChanged(Fixture.focus(window, field: Rect(20, 700, 300, 30))))
        _ = driver.send(.keyboardShown(Fixture.bottomKeyboard))
        #expect(driver.send(.keyboardHidden) == [.setMaximized(Fixture.a, true), .clearOriginal(Fixture.a)])
        #expect(driver.send(.windowStateChanged(Fixture.a, .normal)) == [])
    }
}
