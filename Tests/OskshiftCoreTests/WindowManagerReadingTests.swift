@testable import OskshiftCore
import Testing

/// Placement as a closed loop: each window manager answers a request in its own way (measured on Xvfb, in
/// ../shared/notes/window-managers.md), and the engine classifies where each request landed.
@Suite("Where a request lands, under each window manager")
struct WindowManagerReadingTests {
    /// A window manager as the engine meets it: where a frame asked for lands (nil: nowhere, the request refused
    /// with a synthetic ConfigureNotify only).
    struct WindowManager: Sendable {
        var landing: @Sendable (Rect) -> Rect?
        /// Answers with the synthetic ConfigureNotify first, then the frame's own (matchbox).
        var syntheticFirst = false

        /// marco: x, y address the visible frame inside 10 px of invisible borders on every side, which
        /// `_NET_FRAME_EXTENTS` does not count; the title bar is kept below the work area's top (X frame at -10).
        static let marco = WindowManager { asked in
            Rect(asked.x - 10, max(-10, asked.y - 10), asked.width + 20, asked.height + 20)
        }
        /// i3, a floating window: x, y are the client's top-left (2 px border, 18 px title).
        static let i3Floating = WindowManager { asked in Rect(asked.x - 2, asked.y - 18, asked.width, asked.height) }
        /// i3, a tiled window: every request refused.
        static let i3Tiled = WindowManager { _ in nil }
        /// metacity: the title bar kept below the work area's top.
        static let metacity = WindowManager { asked in Rect(asked.x, max(0, asked.y), asked.width, asked.height) }
        /// IceWM: the client kept inside the work area (a 24 px title: the frame at -24).
        static let iceWM = WindowManager { asked in Rect(asked.x, max(-24, asked.y), asked.width, asked.height) }
        static let openbox = WindowManager { $0 }
        /// mutter: as marco, with invisible borders of 10 px left, right and below and 8 px above the title
        /// (X frame kept at -8: the visible frame at 0).
        static let mutter = WindowManager { asked in
            Rect(asked.x - 10, max(-8, asked.y - 8), asked.width + 20, asked.height + 18)
        }
        /// matchbox, a dialog moved by a ConfigureRequest: x, y taken for the client's top-left, so the frame lands
        /// its decorations' left and top (`Fixture.extents`: 1 and 20) up and left of where it was asked.
        static let matchboxDialog = WindowManager(landing: { asked in
            Rect(asked.x - 1, asked.y - 20, asked.width, asked.height)
        }, syntheticFirst: true)
        /// xfwm4: a top from minus the title's height (`Fixture.extents.top`, 20) to 0 snaps to 0; higher stays.
        static let xfwm4 = WindowManager { asked in
            Rect(asked.x, (-20..<0).contains(asked.y) ? 0 : asked.y, asked.width, asked.height)
        }
    }

    /// Drives the engine and answers every move request as `wm` does, as the X server reports it.
    struct Desktop {
        var driver: Driver
        /// Replaced mid-test to make the window manager read requests otherwise.
        var wm: WindowManager
        var frames: [WindowID: Rect] = [:]
        var requests = 0
        /// Every frame asked for, in order.
        var asked: [Rect] = []
        var notes: [String] = []

        init(_ wm: WindowManager, configuration: Configuration = Fixture.configuration(),
             screen: Screen = Fixture.screen) {
            driver = Driver(Fixture.engine(configuration, screen: screen))
            self.wm = wm
        }

        mutating func send(_ event: Event, after ms: Int = 0) {
            var queue = [event]
            var delay = ms
            while !queue.isEmpty {
                let actions = driver.engine.handle(queue.removeFirst(), now: driver.now + delay)
                driver.now += delay
                delay = 0
                for action in actions {
                    switch action {
                    case .moveResize(let id, let asked, _):
                        requests += 1
                        self.asked.append(asked)
                        if let landed = wm.landing(asked) {
                            // The frame's ConfigureNotify, then the client's synthetic one (ICCCM 4.1.5); a request
                            // that changes nothing gets the synthetic one only.
                            let real: [Event] = landed != frames[id] ? [.windowConfigured(id, frame: landed)] : []
                            let synthetic = Event.windowConfigureSynthetic(id)
                            queue += wm.syntheticFirst ? [synthetic] + real : real + [synthetic]
                            frames[id] = landed
                        } else {
                            queue.append(.windowConfigureSynthetic(id))
                        }
                    case .readFrame(let id):
                        // Read at once from the server, ahead of the events still queued.
                        if let frame = frames[id] { queue.insert(.windowFrameRead(id, frame: frame), at: 0) }
                    case .note(let text):
                        notes.append(text)
                    default:
                        break
                    }
                }
            }
        }

        /// `Fixture.window()` focused under `wm`, then the bottom keyboard shown.
        static func shown(_ wm: WindowManager) -> Desktop {
            var desktop = Desktop(wm)
            desktop.focus(Fixture.window())
            desktop.send(.keyboardShown(Fixture.bottomKeyboard), after: 10)
            return desktop
        }

        /// A 400x700 form near the top whose field is low, focused, then the bottom keyboard shown: the offset would
        /// put its top at -120.
        mutating func showWithTheFormNearTheTop(keyboard: Rect = Fixture.bottomKeyboard) -> WindowFacts {
            let form = Fixture.window(frame: Rect(100, 40, 400, 700))
            focus(form)
            send(.focusObserved(Fixture.a, XFocusObservations(inputFocus: Rect(10, 600, 300, 30)), frame: form.frame))
            send(.keyboardShown(keyboard), after: 10)
            return form
        }

        /// Focused by the user's tap (the whole window speaks after the user's input in it).
        mutating func focus(_ window: WindowFacts) {
            frames[window.id] = window.frame
            send(.userInput(window.id))
            send(.focusChanged(Fixture.focus(window, field: nil)))
        }
    }

    /// The window source's placement of `Fixture.lowFrame` over the bottom keyboard.
    let offset = Rect(100, 252, 400, 300)

    @Test("Under marco the first landing teaches the reading, the request is asked again once, and 10 cycles end exactly home")
    func marcoReadingIsLearntOnce() {
        var desktop = Desktop.shown(.marco)
        #expect(desktop.frames[Fixture.a] == offset)
        #expect(desktop.requests == 2)
        #expect(desktop.driver.engine.windowManager.readingInUse == Reading(dx: -10, dy: -10, dw: 20, dh: 20))
        #expect(desktop.notes == [
            "window 0x100: the window manager reads a move request so: frame lands at -10,-10 +20x+20 from the "
                + "request; asked again",
            "window 0x100: the window manager's reading confirmed: frame lands at -10,-10 +20x+20 from the request",
        ])
        for cycle in 1...10 {
            desktop.send(.keyboardHidden, after: 200)
            #expect(desktop.frames[Fixture.a] == Fixture.lowFrame, "hide \(cycle)")
            desktop.send(.keyboardShown(Fixture.bottomKeyboard), after: 200)
            #expect(desktop.frames[Fixture.a] == offset, "show \(cycle)")
        }
        #expect(desktop.requests == 2 + 20)
    }

    @Test("Under marco a field read in the layout of the size the first landing passed through does not keep the form above the place the next show gives it")
    func marcoPassingSizeLayoutIsNotKept() {
        // Measured (marco, GTK 3 chat form, ten cycles): the first request landed 20 px larger (the reading not yet
        // learnt), GTK laid the form out at that size, and its entry, read once the form was back at the asked
        // size, was that layout's: 20 px lower and wider. The layout at the asked size came next.
        let pid: Int32 = 42
        let field = Rect(110, 650, 380, 30)
        var desktop = Desktop(.marco)
        desktop.send(.accessibleApplications([pid]))
        desktop.focus(Fixture.window(pid: pid))
        desktop.send(Fixture.accessible(pid: pid, widget: field, frame: Fixture.lowFrame))
        desktop.send(.keyboardShown(Fixture.bottomKeyboard), after: 10)
        let placed = desktop.frames[Fixture.a]!
        #expect(placed == Rect(100, 272, 400, 300))
        #expect(desktop.asked.count == 2)
        let passing = Rect(field.x, field.y + 20, field.width + 20, field.height)
        desktop.send(Fixture.accessible(pid: pid, widget: passing.offsetBy(dx: 0, dy: placed.y - 400), frame: placed,
                                        change: .relayout), after: 5)
        desktop.send(Fixture.accessible(pid: pid, widget: field.offsetBy(dx: 0, dy: desktop.frames[Fixture.a]!.y - 400),
                                        frame: desktop.frames[Fixture.a]!, change: .relayout), after: 15)
        #expect(desktop.frames[Fixture.a] == placed)
        desktop.send(.keyboardHidden, after: 200)
        #expect(desktop.frames[Fixture.a] == Fixture.lowFrame)
        desktop.send(.keyboardShown(Fixture.bottomKeyboard), after: 200)
        #expect(desktop.frames[Fixture.a] == placed)
    }

    @Test("Under i3 a floating window's origin is learnt from its first landing (x, y read as the client's)")
    func i3FloatingReading() {
        var desktop = Desktop.shown(.i3Floating)
        #expect(desktop.frames[Fixture.a] == offset)
        #expect(desktop.driver.engine.windowManager.readingInUse == Reading(dx: -2, dy: -18))
        desktop.send(.keyboardHidden, after: 200)
        #expect(desktop.frames[Fixture.a] == Fixture.lowFrame)
        #expect(desktop.requests == 3)
    }

    @Test("Under matchbox a dialog's ConfigureRequest read as the client's origin is learnt from its first landing, by no name")
    func matchboxDialogReading() {
        var desktop = Desktop.shown(.matchboxDialog)
        #expect(desktop.frames[Fixture.a] == offset)
        #expect(desktop.driver.engine.windowManager.readingInUse == Reading(dx: -1, dy: -20))
        desktop.send(.keyboardHidden, after: 200)
        #expect(desktop.frames[Fixture.a] == Fixture.lowFrame)
        #expect(desktop.requests == 3)
        #expect(desktop.driver.engine.adjustedWindows == [])
    }

    @Test("Under matchbox a dialog partly below the work area, answered synthetic first, learns the reading and is not refused")
    func matchboxDialogBelowTheWorkArea() {
        // matchbox-keyboard is a toolbar: the work area ends at its top, and a dialog may reach under it.
        let area = Screen(monitors: [Monitor(name: "screen", rect: Fixture.screenRect, workArea: Rect(0, 0, 1280, 560))])
        var desktop = Desktop(.matchboxDialog, screen: area)
        desktop.focus(Fixture.window())
        desktop.send(.screenChanged(area))
        desktop.send(.keyboardShown(Fixture.bottomKeyboard), after: 10)
        #expect(desktop.frames[Fixture.a] == offset)
        #expect(desktop.driver.engine.windows.refused == [])
        #expect(desktop.driver.engine.windowManager.readingInUse == Reading(dx: -1, dy: -20))
        desktop.send(.keyboardHidden, after: 200)
        #expect(desktop.frames[Fixture.a] == Fixture.lowFrame)
        #expect(desktop.driver.engine.adjustedWindows == [])
    }

    @Test("Under marco a restore reaching under a strut still there teaches the position its clamped first request could not")
    func marcoRestoreUnderAStrutTeachesThePosition() {
        // The strut's work area ends at 595; the form's first request lies above the screen (clamped at -10).
        let strut = Screen(monitors: [Monitor(name: "screen", rect: Fixture.screenRect, workArea: Rect(0, 0, 1280, 595))])
        var desktop = Desktop(.marco, screen: strut)
        let form = desktop.showWithTheFormNearTheTop(keyboard: Rect(0, 595, 1280, 205))
        #expect(desktop.frames[Fixture.a] == Rect(90, -10, 400, 700))
        #expect(desktop.driver.engine.windowManager.readingInUse == Reading(dw: 20, dh: 20))
        // The keyboard slides away, the strut not gone yet: the restore reaches below the work area.
        desktop.send(.keyboardMoved(Rect(0, 760, 1280, 40)), after: 200)
        #expect(desktop.frames[Fixture.a] == form.frame)
        #expect(desktop.driver.engine.adjustedWindows == [])
    }

    @Test("A second window starts with the reading the first one taught, and needs no second request")
    func readingCarriesToTheNextWindow() {
        var desktop = Desktop.shown(.marco)
        desktop.focus(Fixture.window(Fixture.b, frame: Rect(700, 450, 400, 300)))
        #expect(desktop.frames[Fixture.b] == Rect(700, 252, 400, 300))
        #expect(desktop.frames[Fixture.a] == Fixture.lowFrame)
        #expect(desktop.requests == 4)
    }

    @Test("A restore that lands elsewhere by a reading not yet known is asked again once, and lands exactly home")
    func restoreIsCorrectedOnce() {
        var desktop = Desktop.shown(.openbox)
        #expect(desktop.frames[Fixture.a] == offset)
        // The window manager now reads requests otherwise (as marco does): the restore lands off, once.
        desktop.wm = .marco
        desktop.send(.keyboardHidden, after: 200)
        #expect(desktop.frames[Fixture.a] == Fixture.lowFrame)
        #expect(desktop.driver.engine.adjustedWindows == [])
        #expect(desktop.requests == 3)
    }

    @Test("Under metacity offset is clamped at 0: the limit is remembered and named, and nothing more is asked")
    func metacityClampIsRemembered() {
        var desktop = Desktop(.metacity)
        let form = desktop.showWithTheFormNearTheTop()
        #expect(desktop.frames[Fixture.a] == Rect(100, 0, 400, 700))
        #expect(desktop.requests == 1)
        #expect(desktop.notes == ["window 0x100: title bar kept below the top by the window manager (frame top 0)"])
        #expect(desktop.driver.engine.lastDecision?.limit
            == "title bar kept below the top by the window manager, frame top 0")
        desktop.send(.timerFired, after: 300)
        desktop.send(.keyboardMoved(Rect(0, 550, 1280, 250)), after: 100)
        #expect(desktop.requests == 1)
        desktop.send(.keyboardHidden, after: 200)
        #expect(desktop.frames[Fixture.a] == form.frame)
    }

    @Test("Under xfwm4 a top snapped to 0 is tried once just above the snap zone, and a later higher one is asked as is")
    func xfwm4SnapZoneIsTriedOnce() {
        var desktop = Desktop(.xfwm4)
        let form = Fixture.window(frame: Rect(100, 40, 400, 700))
        desktop.focus(form)
        desktop.send(.focusObserved(Fixture.a, XFocusObservations(inputFocus: Rect(10, 600, 300, 30)), frame: form.frame))
        // A keyboard that wants the top at -10: snapped to 0, then tried at -21, which xfwm4 leaves where asked.
        desktop.send(.keyboardShown(Rect(0, 628, 1280, 172)), after: 10)
        #expect(desktop.requests == 2)
        #expect(desktop.frames[Fixture.a]?.minY == -21)
        #expect(desktop.driver.engine.lastDecision?.limit == nil)
        // The keyboard higher: the top wanted is above the zone, asked as it is.
        desktop.send(.keyboardMoved(Rect(0, 548, 1280, 252)), after: 100)
        #expect(desktop.requests == 3)
        #expect(desktop.frames[Fixture.a]?.minY == -90)
        desktop.send(.keyboardHidden, after: 200)
        #expect(desktop.frames[Fixture.a] == form.frame)
    }

    @Test("Under metacity the same first clamp is tried once above the title's height, clamped again, and kept")
    func metacityClampWithinATitleIsTriedOnce() {
        var desktop = Desktop(.metacity)
        let form = Fixture.window(frame: Rect(100, 40, 400, 700))
        desktop.focus(form)
        desktop.send(.focusObserved(Fixture.a, XFocusObservations(inputFocus: Rect(10, 600, 300, 30)), frame: form.frame))
        desktop.send(.keyboardShown(Rect(0, 628, 1280, 172)), after: 10)
        // The try changes nothing: a synthetic ConfigureNotify only, and the frame read from the server.
        desktop.send(.keyboardMoved(Rect(0, 548, 1280, 252)), after: 100)
        #expect(desktop.requests == 2)
        #expect(desktop.frames[Fixture.a]?.minY == 0)
        #expect(desktop.driver.engine.windows[adjusted: Fixture.a]?.layout?.snap == .ruledOut)
        #expect(desktop.driver.engine.lastDecision?.limit
            == "title bar kept below the top by the window manager, frame top 0")
        desktop.send(.keyboardHidden, after: 200)
        #expect(desktop.frames[Fixture.a] == form.frame)
    }

    @Test("Under marco a form clamped at the top on its first request learns the size there, the position at the restore")
    func marcoClampedFirstRequest() {
        var desktop = Desktop(.marco)
        let form = desktop.showWithTheFormNearTheTop()
        // The size read right at once; the top kept at -10 (the visible frame at 0); x still 10 px off, unknown yet.
        #expect(desktop.frames[Fixture.a] == Rect(90, -10, 400, 700))
        #expect(desktop.driver.engine.lastDecision?.limit
            == "title bar kept below the top by the window manager, frame top -10")
        // The first request, again with the size read, once more for x (which the unknown reading still moves).
        #expect(desktop.requests == 3)
        desktop.send(.keyboardHidden, after: 200)
        #expect(desktop.frames[Fixture.a] == form.frame)
        #expect(desktop.driver.engine.windowManager.readingInUse == Reading(dx: -10, dy: -10, dw: 20, dh: 20))
        #expect(desktop.requests == 5)
    }

    @Test("Under IceWM offset goes as far as allowed (the frame at -24) and stays there, with no request storm")
    func iceWMOffsetGoesAsFarAsAllowed() {
        var desktop = Desktop(.iceWM)
        let form = desktop.showWithTheFormNearTheTop()
        #expect(desktop.frames[Fixture.a] == Rect(100, -24, 400, 700))
        #expect(desktop.requests == 1)
        desktop.send(.timerFired, after: 300)
        #expect(desktop.requests == 1)
        desktop.send(.keyboardHidden, after: 200)
        #expect(desktop.frames[Fixture.a] == form.frame)
    }

    @Test("Above a docked keyboard's strut the window manager's own place is kept, and home is asked again once the strut goes")
    func strutPlacementIsLeftToTheWindowManager() {
        var driver = Driver(Fixture.engine())
        _ = driver.send(.focusChanged(Fixture.focus(Fixture.window(), field: nil)))
        _ = driver.send(.keyboardShown(Fixture.bottomKeyboard), after: 10)
        // marco re-constrains the window above the strut itself, and keeps it there whatever is asked.
        let aboveStrut = Rect(100, 250, 400, 300)
        var asked = driver.send(.windowConfigured(Fixture.a, frame: aboveStrut), after: 5)
        for _ in 0..<3 where asked.contains(where: \.isMove) {
            asked = driver.send(.windowFrameRead(Fixture.a, frame: aboveStrut), after: 5)
        }
        #expect(driver.engine.windows.refused == [Fixture.a])
        #expect(driver.send(.keyboardMoved(Rect(0, 550, 1280, 250)), after: 100).filter(\.isMove) == [])
        // The keyboard hides; its strut is still there a moment: the restore is refused, and kept.
        #expect(driver.send(.keyboardHidden, after: 100).filter(\.isMove)
            == [.moveResize(Fixture.a, frame: Fixture.lowFrame, extents: Fixture.extents)])
        _ = driver.send(.windowFrameRead(Fixture.a, frame: aboveStrut), after: 5)
        #expect(driver.engine.windowsOnTheirWayHome.map(\.current) == [aboveStrut])
        // The strut goes: home once more, and there.
        #expect(driver.send(.screenChanged(Fixture.screen), after: 50).filter(\.isMove)
            == [.moveResize(Fixture.a, frame: Fixture.lowFrame, extents: Fixture.extents)])
        _ = driver.send(.windowConfigured(Fixture.a, frame: Fixture.lowFrame), after: 5)
        #expect(driver.engine.adjustedWindows == [])
        #expect(driver.engine.windowsOnTheirWayHome == [])
    }

    @Test("A window the window manager keeps above the strut stays there when the focus leaves it, and the log says so")
    func keptWindowStaysAtAFocusChange() {
        var driver = Driver(Fixture.engine())
        _ = driver.send(.focusChanged(Fixture.focus(Fixture.window(), field: nil)))
        _ = driver.send(.keyboardShown(Fixture.bottomKeyboard), after: 10)
        // IceWM keeps the window inside the strut's work area, whatever is asked.
        let aboveStrut = Rect(100, 250, 400, 300)
        var asked = driver.send(.windowConfigured(Fixture.a, frame: aboveStrut), after: 5)
        for _ in 0..<3 where asked.contains(where: \.isMove) {
            asked = driver.send(.windowFrameRead(Fixture.a, frame: aboveStrut), after: 5)
        }
        #expect(driver.engine.windows.refused == [Fixture.a])
        let other = Fixture.window(Fixture.b, frame: Rect(700, 100, 400, 300))
        let actions = driver.engine.handle(.focusChanged(Fixture.focus(other, field: nil)), now: driver.now + 100)
        #expect(actions.filter(\.isMove) == [])
        #expect(actions.contains(.note("window 0x100: left where the window manager keeps it (400x300+100+250) while "
                                       + "the keyboard is up; home at the hide")))
    }

    @Test("Under KWin, which moves untouched windows above a strut, the old window goes where KWin puts those, then home")
    func oldWindowGoesWhereKWinPutsUntouchedOnes() {
        var driver = Driver(Fixture.engine())
        let left = Fixture.window(frame: Rect(40, 400, 400, 300))
        _ = driver.send(.windowConfigured(Fixture.b, frame: Rect(700, 400, 400, 300)))
        _ = driver.send(.focusChanged(Fixture.focus(left, field: Rect(48, 658, 384, 34))))
        _ = driver.sendAndConfirm(.keyboardShown(Rect(0, 595, 1280, 205)), after: 10)
        let strut = Self.screen(workArea: Rect(0, 0, 1280, 595))
        _ = driver.send(.screenChanged(strut), after: 20)
        // KWin fits the untouched window above the strut, its bottom 1 px below the work area's.
        _ = driver.send(.windowConfigured(Fixture.b, frame: Rect(700, 296, 400, 300)), after: 2)
        #expect(driver.engine.windowManager.strutFitSlack == 1)
        let right = Fixture.window(Fixture.b, frame: Rect(700, 296, 400, 300))
        _ = driver.send(.userInput(Fixture.b))
        let moves = driver.send(.focusChanged(Fixture.focus(right, field: nil)), after: 100).filter(\.isMove)
        #expect(moves.contains(.moveResize(Fixture.a, frame: Rect(40, 296, 400, 300), extents: Fixture.extents)))
        _ = driver.send(.windowConfigured(Fixture.a, frame: Rect(40, 296, 400, 300)), after: 2)
        // The new window, which KWin moved up itself, is placed from there, and belongs where KWin puts it back.
        let placed = moves.compactMap { action -> Rect? in
            if case .moveResize(Fixture.b, let frame, _) = action { return frame }
            return nil
        }
        #expect(placed == [Rect(700, 287, 400, 300)])
        #expect(driver.engine.windows[adjusted: Fixture.b]?.original.frame == Rect(700, 400, 400, 300))
        _ = driver.send(.windowConfigured(Fixture.b, frame: Rect(700, 287, 400, 300)), after: 2)
        let home = driver.send(.keyboardHidden, after: 100).filter(\.isMove)
        #expect(home.contains(.moveResize(Fixture.a, frame: Rect(40, 400, 400, 300), extents: Fixture.extents)))
        #expect(home.contains(.moveResize(Fixture.b, frame: Rect(700, 400, 400, 300), extents: Fixture.extents)))
    }

    @Test("Under openbox, which leaves untouched windows under a strut, the old window goes home at a focus change")
    func oldWindowGoesHomeUnderOpenbox() {
        var driver = Driver(Fixture.engine())
        let left = Fixture.window(frame: Rect(40, 400, 400, 300))
        _ = driver.send(.windowConfigured(Fixture.b, frame: Rect(700, 400, 400, 300)))
        _ = driver.send(.focusChanged(Fixture.focus(left, field: Rect(48, 658, 384, 34))))
        _ = driver.sendAndConfirm(.keyboardShown(Rect(0, 595, 1280, 205)), after: 10)
        let strut = Self.screen(workArea: Rect(0, 0, 1280, 595))
        _ = driver.send(.screenChanged(strut), after: 20)
        #expect(driver.engine.windowManager.strutFitSlack == nil)
        let right = Fixture.window(Fixture.b, frame: Rect(700, 400, 400, 300))
        #expect(driver.send(.focusChanged(Fixture.focus(right, field: nil)), after: 100).filter(\.isMove)
            .contains(.moveResize(Fixture.a, frame: Rect(40, 400, 400, 300), extents: Fixture.extents)))
    }

    @Test("A window the window manager itself moves straight up above the keyboard is left there, and goes home at the hide")
    func windowManagersOwnPlaceIsKept() {
        var driver = Driver(Fixture.engine())
        _ = driver.send(.focusChanged(Fixture.focus(Fixture.window(), field: nil)))
        _ = driver.sendAndConfirm(.keyboardShown(Fixture.bottomKeyboard), after: 10)
        // The strut comes: marco puts the window just above the keyboard, 10 px higher than our placement.
        let byTheWindowManager = Rect(100, 242, 400, 300)
        #expect(driver.send(.windowConfigured(Fixture.a, frame: byTheWindowManager), after: 30).filter(\.isMove) == [])
        #expect(driver.engine.windows.released == [])
        #expect(driver.send(.timerFired, after: 200).filter(\.isMove) == [])
        #expect(driver.send(.keyboardHidden, after: 100).filter(\.isMove)
            == [.moveResize(Fixture.a, frame: Fixture.lowFrame, extents: Fixture.extents)])
    }

    @Test("fluxbox leaving maximized in two steps (the height back, then the width) is its answer, not the user's move")
    func fluxboxUnmaximizesInTwoSteps() {
        var driver = Driver(Fixture.engine())
        let maximized = WindowState(maximizedVertically: true, maximizedHorizontally: true)
        let window = Fixture.window(frame: Rect(0, 0, 1280, 780), state: maximized)
        _ = driver.send(.focusChanged(Fixture.focus(window, field: Rect(10, 735, 1260, 34))))
        #expect(driver.send(.keyboardShown(Fixture.bottomKeyboard), after: 10).contains(.setMaximized(Fixture.a, false)))
        _ = driver.send(.windowConfigured(Fixture.a, frame: Rect(0, 0, 1282, 782)), after: 2)
        _ = driver.send(.windowConfigured(Fixture.a, frame: Rect(0, 100, 1280, 324)), after: 2)
        let halfway = WindowState(maximizedVertically: false, maximizedHorizontally: true)
        #expect(driver.send(.windowStateChanged(Fixture.a, halfway), after: 1).contains(.clearOriginal(Fixture.a)) == false)
        _ = driver.send(.windowConfigured(Fixture.a, frame: Rect(100, 100, 402, 324)), after: 2)
        #expect(driver.engine.windows.released == [])
        let placed = driver.send(.windowStateChanged(Fixture.a, .normal), after: 2).filter(\.isMove)
        #expect(placed.count == 1)
        #expect(driver.engine.windows[adjusted: Fixture.a]?.home == .windowState(normalFrame: Rect(100, 100, 402, 324)))
    }

    @Test("fluxbox's last frame after it said the state is left, before the placement's first step, is still its answer")
    func fluxboxLastFrameAfterTheStateChange() {
        var driver = Driver(Fixture.engine(Fixture.configuration(duration: 150)))
        let maximized = WindowState(maximizedVertically: true, maximizedHorizontally: true)
        let window = Fixture.window(frame: Rect(0, 0, 1280, 780), state: maximized)
        _ = driver.send(.focusChanged(Fixture.focus(window, field: Rect(10, 735, 1260, 34))))
        _ = driver.send(.keyboardShown(Fixture.bottomKeyboard), after: 10)
        _ = driver.send(.windowConfigured(Fixture.a, frame: Rect(0, 0, 1282, 782)), after: 2)
        _ = driver.send(.windowConfigured(Fixture.a, frame: Rect(0, 100, 1280, 324)), after: 2)
        _ = driver.send(.windowStateChanged(Fixture.a, .normal), after: 1)
        _ = driver.send(.windowConfigured(Fixture.a, frame: Rect(100, 100, 402, 324)), after: 2)
        #expect(driver.engine.windows.released == [])
        #expect(driver.engine.windows[adjusted: Fixture.a]?.home == .windowState(normalFrame: Rect(100, 100, 402, 324)))
        #expect(driver.send(.timerFired, after: 16).filter(\.isMove).count == 1)
    }

    @Test("An i3 tiled window is asked once, read where it stayed, and left alone while the keyboard stays up")
    func i3TiledIsAskedOnce() {
        var desktop = Desktop.shown(.i3Tiled)
        desktop.send(.keyboardMoved(Rect(0, 540, 1280, 260)), after: 100)
        #expect(desktop.requests == 1)
        #expect(desktop.frames[Fixture.a] == Fixture.lowFrame)
        #expect(desktop.driver.engine.windows.refused == [Fixture.a])
        guard case .excluded(let why) = desktop.driver.engine.lastDecision?.outcome else {
            Issue.record("not excluded")
            return
        }
        #expect(why == "the window manager refuses to move it: tiled, or a window it keeps in place")
    }

    @Test("An i3 tile shrunk above a docked keyboard, its field below the tile's bottom, is not asked and says why")
    func i3TileShrunkAboveTheDockIsNotAsked() {
        var desktop = Desktop(.i3Tiled, configuration: Fixture.configuration(mode: .auto))
        desktop.send(.accessibleApplications([42]))
        let tile = Fixture.window(frame: Fixture.screenRect, minSize: Size(width: 300, height: 700), pid: 42)
        let field = Rect(10, 624, 1260, 40)
        desktop.focus(tile)
        desktop.send(Fixture.accessible(widget: field, frame: tile.frame), after: 5)
        // The dock's strut comes: i3 shrinks the tile to the area above it (a real ConfigureNotify, then its
        // synthetic one); GTK keeps its content at its minimum size, the field now below the window's bottom.
        let shrunk = Rect(0, 0, 1280, 595)
        desktop.frames[Fixture.a] = shrunk
        desktop.send(.windowConfigured(Fixture.a, frame: shrunk), after: 5)
        desktop.send(.windowConfigureSynthetic(Fixture.a))
        desktop.send(.keyboardShown(Rect(0, 595, 1280, 205)), after: 5)
        guard case .noField(let waiting) = desktop.driver.engine.lastDecision?.outcome else {
            Issue.record("decided before the layout at the tile's size: \(String(describing: desktop.driver.engine.lastDecision))")
            return
        }
        #expect(waiting == "waiting for the application's layout at 1280x595")
        desktop.send(Fixture.accessible(widget: field, frame: shrunk, change: .relayout), after: 30)
        desktop.send(.timerFired, after: 300)
        desktop.send(Fixture.accessible(widget: field, frame: shrunk, change: .still), after: 10)
        #expect(desktop.requests == 0)
        #expect(desktop.frames[Fixture.a] == shrunk)
        #expect(desktop.driver.engine.lastDecision?.outcome == .noField(
            "the field lies outside the window at 1280x595, which the window manager or its application made smaller "
            + "than its content: no move of the window shows it"))
        // The strut goes, the tile grows back: the field is inside again, and clear.
        desktop.send(.keyboardHidden, after: 100)
        desktop.send(.windowConfigured(Fixture.a, frame: Fixture.screenRect), after: 5)
        desktop.send(Fixture.accessible(widget: field, frame: Fixture.screenRect, change: .relayout), after: 30)
        #expect(desktop.driver.engine.busFacts.fields[42]?.outsideItsWindow == false)
        #expect(desktop.requests == 0)
    }

    @Test("KWin fitting a shrinking window into a docked keyboard's work area between two of our steps is no layout to wait for")
    func kwinsFitBetweenOurStepsIsNotAwaited() {
        var driver = Driver(Fixture.engine(Fixture.configuration(duration: 150, mode: .auto)))
        _ = driver.send(.accessibleApplications([42]))
        let window = Fixture.window(frame: Rect(0, 0, 1280, 780), pid: 42)
        // A chat form: its entry stays 42 px above the frame's bottom, whatever the height.
        func entry(at height: Int) -> Event {
            Fixture.accessible(widget: Rect(8, height - 42, 1264, 34), frame: Rect(0, 0, 1280, height), change: .relayout)
        }
        _ = driver.send(.focusChanged(Fixture.focus(window, field: nil)))
        _ = driver.send(entry(at: 780))
        var frame = window.frame
        func play(_ actions: [Action]) {
            for case .moveResize(_, let asked, _) in actions where asked != frame {
                frame = asked
                _ = driver.send(.windowConfigured(Fixture.a, frame: asked), after: 2)
            }
        }
        play(driver.send(.keyboardShown(Rect(0, 677, 1280, 123)), after: 10))
        play(driver.send(.timerFired, after: 16))
        // The strut comes while the window shrinks: KWin fits it into the work area itself, with no step of ours
        // pending; the keyboard ends higher.
        frame = Rect(0, 0, 1280, 596)
        _ = driver.send(.windowConfigured(Fixture.a, frame: frame), after: 4)
        _ = driver.send(.screenChanged(Self.screen(workArea: Rect(0, 0, 1280, 595))))
        play(driver.send(.keyboardMoved(Rect(0, 595, 1280, 205)), after: 2))
        for _ in 0..<20 {
            play(driver.send(.timerFired, after: 16))
            _ = driver.send(entry(at: frame.height), after: 1)
        }
        play(driver.send(.timerFired, after: 300))
        play(driver.send(entry(at: frame.height), after: 1))
        for _ in 0..<20 { play(driver.send(.timerFired, after: 16)) }
        #expect(frame.height - 42 + 34 + 8 <= 595, "the entry clear by the margin: frame \(frame)")
    }

    /// A maximized form whose field is under a docked keyboard (1280x205 at the bottom), unmaximized for it.
    func maximizedFormLeftItsStateUnderTheKeyboard() -> Driver {
        var driver = Driver(Fixture.engine(Fixture.configuration(mode: .auto)))
        let maximized = WindowState(maximizedVertically: true, maximizedHorizontally: true)
        let window = Fixture.window(frame: Rect(0, 0, 1280, 780), state: maximized)
        _ = driver.send(.focusChanged(Fixture.focus(window, field: Rect(10, 735, 1260, 34))))
        _ = driver.send(.keyboardShown(Rect(0, 595, 1280, 205)), after: 10)
        _ = driver.send(.windowStateChanged(Fixture.a, .normal), after: 2)
        _ = driver.sendAndConfirm(.windowConfigured(Fixture.a, frame: Rect(100, 100, 402, 325)), after: 2)
        return driver
    }

    /// The test screen with its work area narrowed (a docked keyboard's strut, a panel).
    static func screen(workArea: Rect) -> Screen {
        Screen(monitors: [Monitor(name: "screen", rect: Fixture.screenRect, workArea: workArea)])
    }

    @Test("A maximized window is maximized again only once the docked keyboard's strut has gone (IceWM keeps the size)")
    func maximizedAgainOnceTheStrutGoes() {
        var driver = maximizedFormLeftItsStateUnderTheKeyboard()
        let strut = Self.screen(workArea: Rect(0, 0, 1280, 595))
        _ = driver.send(.screenChanged(strut), after: 20)
        // The keyboard hides; its strut is still there: nothing yet.
        #expect(driver.send(.keyboardHidden, after: 100).contains(.setMaximized(Fixture.a, true)) == false)
        #expect(driver.engine.nextDeadline(at: driver.now) == driver.now + Engine.strutGoneWithinMs)
        // The strut goes 40 ms later: maximized again at once.
        #expect(driver.send(.screenChanged(Fixture.screen), after: 40).contains(.setMaximized(Fixture.a, true)))
    }

    @Test("A maximized window is maximized again at the latest half a second after the hide, when the work area stays")
    func maximizedAgainAfterTheWait() {
        var driver = maximizedFormLeftItsStateUnderTheKeyboard()
        let panel = Self.screen(workArea: Rect(0, 0, 1280, 770))
        _ = driver.send(.screenChanged(panel), after: 20)
        #expect(driver.send(.keyboardHidden, after: 100).contains(.setMaximized(Fixture.a, true)) == false)
        #expect(driver.send(.timerFired, after: Engine.strutGoneWithinMs).contains(.setMaximized(Fixture.a, true)))
    }

    @Test("A maximized window whose field a sliding-out keyboard clears waits for the hide and the strut's end before it is maximized again")
    func maximizedAgainAfterTheSlideOut() {
        var driver = maximizedFormLeftItsStateUnderTheKeyboard()
        _ = driver.send(.screenChanged(Self.screen(workArea: Rect(0, 0, 1280, 595))), after: 20)
        // onboard slides out: its last steps clear the field (bottom 769 + margin) while its strut is still there.
        for top in [598, 640, 700, 760, 790] {
            #expect(driver.send(.keyboardMoved(Rect(0, top, 1280, 205)), after: 20)
                .contains(.setMaximized(Fixture.a, true)) == false)
        }
        #expect(driver.send(.keyboardHidden, after: 20).contains(.setMaximized(Fixture.a, true)) == false)
        #expect(driver.send(.screenChanged(Fixture.screen), after: 40).contains(.setMaximized(Fixture.a, true)))
    }

    @Test("A restarted window manager's own placement of a window it takes on again teaches no reading")
    func reframedWindowTeachesNoReading() {
        // test_faults_processes (openbox killed and started again): the new openbox framed the xterm where its
        // client was, 1 px right of the frame asked for, before it got to our request. Learnt as a reading, every
        // later request went 1 px left, and the restore left the window at x 99 instead of 100.
        var driver = Driver(Fixture.engine())
        _ = driver.send(.focusChanged(Fixture.focus(Fixture.window(), field: nil)))
        _ = driver.send(.keyboardShown(Fixture.bottomKeyboard), after: 10)
        _ = driver.send(.windowReframed(Fixture.a), after: 1)
        let placedByIt = driver.send(.windowConfigured(Fixture.a, frame: offset.offsetBy(dx: 1, dy: 0)), after: 1)
        #expect(placedByIt.filter(\.isMove) == [])
        #expect(driver.engine.windows[adjusted: Fixture.a]?.requests.belief == .settled(.exact))
        _ = driver.send(.windowConfigured(Fixture.a, frame: offset), after: 1)
        #expect(driver.engine.windows[adjusted: Fixture.a]?.requests.newlyFramed == false)
        #expect(driver.send(.keyboardHidden, after: 100).filter(\.isMove)
            == [.moveResize(Fixture.a, frame: Fixture.lowFrame, extents: Fixture.extents)])
    }

    @Test("A restore sent before the window manager framed a re-mapped window again is asked again where it framed it")
    func restoreLostToTheReframeIsAskedAgain() {
        // An xterm withdrawn while moved and mapped again: found by its saved geometry before openbox framed it
        // (no frame extents yet), sent home at once; openbox then framed it where its client was, the restore
        // lost. That frame is the window manager's own placement, not a move of the user's.
        var driver = Driver(Fixture.engine())
        let unframed = WindowFacts(id: Fixture.a, frame: Rect(100, 250, 400, 275), extents: .none,
                                   wmClass: WMClass(instance: "app", className: "App"))
        #expect(driver.send(.displacedWindowFound(unframed, saved: SavedGeometry(frame: Fixture.lowFrame))) == [
            .moveResize(Fixture.a, frame: Fixture.lowFrame, extents: .none), .clearOriginal(Fixture.a),
        ])
        _ = driver.send(.windowReframed(Fixture.a), after: 1)
        _ = driver.send(.windowExtentsChanged(Fixture.a, Fixture.extents), after: 1)
        let framedWhereItWas = Rect(100, 250, 400, 300)
        #expect(driver.send(.windowFrameRead(Fixture.a, frame: framedWhereItWas), after: 1).filter(\.isMove)
            == [.moveResize(Fixture.a, frame: Fixture.lowFrame, extents: Fixture.extents)])
        #expect(driver.engine.windows[adjusted: Fixture.a]?.isReturning == true)
        _ = driver.send(.windowConfigured(Fixture.a, frame: Fixture.lowFrame), after: 5)
        #expect(driver.engine.windows[adjusted: Fixture.a] == nil)
    }

    @Test("A re-mapped window placed again before the keyboard's hide was seen goes home with its saved geometry cleared")
    func remappedWindowPlacedAgainGoesHomeCleared() {
        // The same re-map, seen before the keyboard's hide (the X server's order was the hide first): the window,
        // found with its saved geometry, took the focus while the keyboard was still up and was placed again
        // (saved again) behind the restore in flight; at the hide the restore was queued, and the request that
        // replaced it on the framing must clear the saved geometry as the queued one would have.
        var driver = Driver(Fixture.engine())
        _ = driver.send(.keyboardShown(Fixture.bottomKeyboard))
        let unframed = WindowFacts(id: Fixture.a, frame: Rect(100, 250, 400, 275), extents: .none,
                                   wmClass: WMClass(instance: "app", className: "App"))
        _ = driver.send(.displacedWindowFound(unframed, saved: SavedGeometry(frame: Fixture.lowFrame)), after: 1)
        let placed = driver.send(.focusChanged(Fixture.focus(unframed, field: nil)), after: 1)
        #expect(placed.contains(.saveOriginal(Fixture.a, SavedGeometry(frame: Fixture.lowFrame))))
        #expect(driver.send(.keyboardHidden, after: 1).filter(\.isMove) == [])
        _ = driver.send(.windowReframed(Fixture.a), after: 1)
        _ = driver.send(.windowExtentsChanged(Fixture.a, Fixture.extents), after: 1)
        let framedWhereItWas = Rect(100, 250, 400, 300)
        let asked = driver.send(.windowFrameRead(Fixture.a, frame: framedWhereItWas), after: 1)
        #expect(asked.filter { $0.isMove || $0 == .clearOriginal(Fixture.a) } == [
            .moveResize(Fixture.a, frame: Fixture.lowFrame, extents: Fixture.extents), .clearOriginal(Fixture.a),
        ])
        _ = driver.send(.windowConfigured(Fixture.a, frame: Fixture.lowFrame), after: 5)
        #expect(driver.engine.windows[adjusted: Fixture.a] == nil)
    }

    @Test("A late answer to an older request, while the restore is pending, teaches no reading")
    func lateAnswerIsNoReading() {
        // The 10 000-event burst: openbox, seconds behind, answered our move to 263 after the restore to 265 had
        // gone out; taken for "2 px higher than asked", the window was asked to 267 and left with a saved geometry.
        var driver = Driver(Fixture.engine())
        _ = driver.send(.focusChanged(Fixture.focus(Fixture.window(), field: nil)))
        let twoPixelsUp = Rect(100, 398, 400, 300)
        let placed = driver.send(.keyboardShown(Rect(0, 706, 1280, 94)), after: 10).filter(\.isMove)
        #expect(placed == [.moveResize(Fixture.a, frame: twoPixelsUp, extents: Fixture.extents)])
        let restore = driver.send(.keyboardHidden, after: Engine.pendingLifetimeMs + 500).filter(\.isMove)
        #expect(restore == [.moveResize(Fixture.a, frame: Fixture.lowFrame, extents: Fixture.extents)])
        #expect(driver.send(.windowConfigured(Fixture.a, frame: twoPixelsUp), after: 5).filter(\.isMove) == [])
        #expect(driver.engine.windows[adjusted: Fixture.a]?.requests.belief == .settled(.exact))
        _ = driver.send(.windowConfigured(Fixture.a, frame: Fixture.lowFrame), after: 5)
        #expect(driver.engine.adjustedWindows == [])
    }

    @Test("A frame narrower than asked is no reading: someone else's resize answered late")
    func narrowerFrameIsNoReading() {
        let asked = Rect(607, 302, 217, 250)
        let room = Rect(0, 0, 1280, 800)
        #expect(Reading.exact.learning(from: Rect(604, 240, 162, 312), asked: asked, room: room) == nil)
        #expect(Reading.exact.learning(from: Rect(597, 292, 237, 270), asked: asked, room: room)
            == Reading(dx: -10, dy: -10, dw: 20, dh: 20))
    }

    @Test("A request reaching below a docked keyboard's strut teaches the position when it is not fitted above the strut")
    func positionLearntUnderAStrut() {
        // marco's reading (10 px up and left, 20 px larger) learnt only in part from a landing clamped at the top;
        // the requests after it reach under the strut (work area 595 px high) until the hide.
        let partly = Reading(dw: 20, dh: 20)
        let asked = Rect(90, 16, 406, 680)
        let strut = Rect(0, 0, 1280, 595)
        #expect(partly.learning(from: Rect(80, 6, 426, 700), asked: asked, room: strut)
            == Reading(dx: -10, dy: -10, dw: 20, dh: 20))
        // Fitted above the strut, its bottom on it (IceWM): a clamp, no reading.
        #expect(partly.learning(from: Rect(80, 55, 426, 540), asked: Rect(90, 100, 406, 520), room: strut) == nil)
        // Above the work area's top: maybe a clamp of the title bar, no reading.
        #expect(partly.learning(from: Rect(80, -10, 426, 700), asked: Rect(90, -40, 406, 680), room: strut) == nil)
    }

    @Test("A small drag while our request is pending is tried as a reading, found false, and handed to no window")
    func smallDragIsNoReading() {
        var driver = Driver(Fixture.engine())
        _ = driver.send(.keyboardShown(Fixture.bottomKeyboard))
        _ = driver.send(.userInput(Fixture.a))
        _ = driver.send(.focusChanged(Fixture.focus(Fixture.window(), field: nil)))
        // The user drags the window 6 px before openbox answered: taken for a reading, asked again as read.
        let dragged = Rect(106, 258, 400, 300)
        let asked = driver.send(.windowConfigured(Fixture.a, frame: dragged), after: 5)
        #expect(asked == [.moveResize(Fixture.a, frame: Rect(94, 246, 400, 300), extents: Fixture.extents)])
        // openbox does what it is asked: the frame lands where asked, not where wanted.
        _ = driver.send(.windowConfigured(Fixture.a, frame: Rect(94, 246, 400, 300)), after: 5)
        #expect(driver.engine.windows[adjusted: Fixture.a]?.requests.belief == .doubted(.exact))
        #expect(driver.engine.windowManager.readingInUse == .exact)
    }

    @Test("An i3 tile filling the screen, asked to go above the top, is refused, not clamped: asked once")
    func fullScreenTileIsARefusal() {
        var desktop = Desktop(.i3Tiled, configuration: Fixture.configuration(mode: .auto))
        let tile = Fixture.window(frame: Fixture.screenRect, minSize: Size(width: 100, height: 780))
        desktop.focus(tile)
        desktop.send(.focusObserved(Fixture.a, XFocusObservations(inputFocus: Rect(10, 640, 1260, 40)),
                                    frame: tile.frame))
        desktop.send(.keyboardShown(Fixture.bottomKeyboard), after: 10)
        desktop.send(.timerFired, after: 300)
        desktop.send(.keyboardMoved(Rect(0, 550, 1280, 250)), after: 100)
        #expect(desktop.requests == 1)
        #expect(desktop.driver.engine.windows.refused == [Fixture.a])
        #expect(desktop.notes == [])
    }

    @Test("A drag far from any request is the user's move: the window is released, not read as the window manager's")
    func userMoveIsNotAReading() {
        var desktop = Desktop.shown(.openbox)
        desktop.send(.windowConfigured(Fixture.a, frame: Rect(400, 100, 400, 300)), after: 500)
        #expect(desktop.driver.engine.windows.released == [Fixture.a])
        #expect(desktop.driver.engine.windowManager.readingInUse == .exact)
    }
}
