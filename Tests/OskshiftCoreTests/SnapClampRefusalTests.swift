@testable import OskshiftCore
import Testing

/// A window manager that does not put a frame where it was asked may snap it (xfwm4: a top within a title bar's
/// height of the screen's top lands at 0, a higher one stays), clamp it (metacity: no top above 0) or refuse to
/// move it at all (an i3 tile). One landing cannot tell these apart, and an animation's step through a snap zone
/// says nothing about where its target lands: only the target's landing is judged, and a second, different
/// request tells a snap from a clamp.
@Suite("A snap, a clamp and a refusal told apart")
struct SnapClampRefusalTests {
    typealias Desktop = WindowManagerReadingTests.Desktop

    /// A 400x700 form at 100,40 whose field's bottom lies 630 px below the frame's top: with the margin, a keyboard
    /// at y K wants the frame's top at K - 638.
    static let form = Fixture.window(frame: Rect(100, 40, 400, 700))
    static let animated = Fixture.configuration(duration: 150)

    /// The form focused, the keyboard shown where its top is wanted at `top`, and the animation run to its end.
    static func placed(_ wm: WindowManager, top: Int) -> Desktop {
        var desktop = Desktop(wm, configuration: animated)
        desktop.focus(form)
        desktop.send(.focusObserved(Fixture.a, XFocusObservations(inputFocus: Rect(10, 600, 300, 30)),
                                    frame: form.frame))
        desktop.send(.keyboardShown(keyboard(wantingTop: top)), after: 10)
        desktop.animate()
        return desktop
    }

    static func keyboard(wantingTop top: Int) -> Rect {
        Rect(0, top + 638, 1280, 800 - (top + 638))
    }

    typealias WindowManager = WindowManagerReadingTests.WindowManager

    @Test("Under xfwm4 an animation through the snap zone to a top inside it ends just above the zone, still served")
    func animatedApproachThroughTheSnapZone() {
        var desktop = Self.placed(.xfwm4, top: 22)
        #expect(desktop.frames[Fixture.a]?.minY == 22)
        let before = desktop.requests
        // The next field lower: its top wanted at -10, inside the zone (-20..<0). The steps through the zone snap
        // to 0; the target snaps too; one more request just above the zone lands there.
        desktop.send(.keyboardMoved(Self.keyboard(wantingTop: -10)), after: 100)
        desktop.animate()
        #expect(desktop.frames[Fixture.a] == Rect(100, -21, 400, 700))
        #expect(desktop.driver.engine.windows.refused == [])
        #expect(desktop.driver.engine.lastDecision?.outcome == .unchanged)
        #expect(desktop.requests - before <= 12)
        desktop.send(.keyboardHidden, after: 100)
        desktop.animate()
        #expect(desktop.frames[Fixture.a] == Self.form.frame)
        #expect(desktop.driver.engine.adjustedWindows == [])
    }

    @Test("Under xfwm4 a later top above the zone is asked as it is, and one inside it goes just above it at once")
    func snapZoneKnownAfterwards() {
        var desktop = Self.placed(.xfwm4, top: -10)
        #expect(desktop.frames[Fixture.a]?.minY == -21)
        desktop.send(.keyboardMoved(Self.keyboard(wantingTop: -60)), after: 100)
        desktop.animate()
        #expect(desktop.frames[Fixture.a]?.minY == -60)
        let before = desktop.requests
        desktop.send(.keyboardMoved(Self.keyboard(wantingTop: -5)), after: 100)
        desktop.animate()
        #expect(desktop.frames[Fixture.a]?.minY == -21)
        // Every step asked lands: none inside the zone.
        #expect(desktop.driver.engine.windows[adjusted: Fixture.a]?.current == Rect(100, -21, 400, 700))
        #expect(desktop.requests - before <= 10)
    }

    @Test("Under metacity an animation to a top above 0 ends at 0, a limit named, not a refusal")
    func animatedApproachToAClamp() {
        var desktop = Self.placed(.metacity, top: 22)
        desktop.send(.keyboardMoved(Self.keyboard(wantingTop: -10)), after: 100)
        desktop.animate()
        #expect(desktop.frames[Fixture.a] == Rect(100, 0, 400, 700))
        #expect(desktop.driver.engine.windows.refused == [])
        #expect(desktop.driver.engine.windows[adjusted: Fixture.a]?.layout?.topLimit == 0)
        #expect(desktop.driver.engine.windows[adjusted: Fixture.a]?.layout?.snap == .ruledOut)
        #expect(desktop.driver.engine.lastDecision?.limit
            == "title bar kept below the top by the window manager, frame top 0")
        desktop.send(.keyboardHidden, after: 100)
        desktop.animate()
        #expect(desktop.frames[Fixture.a] == Self.form.frame)
    }

    @Test("Under metacity a form already at 0, asked higher, is clamped there, not taken for a refusal")
    func stayingAtALimitAfterAMoveIsAClamp() {
        var desktop = Self.placed(.metacity, top: 0)
        #expect(desktop.frames[Fixture.a]?.minY == 0)
        desktop.send(.keyboardMoved(Self.keyboard(wantingTop: -40)), after: 100)
        desktop.animate()
        #expect(desktop.frames[Fixture.a]?.minY == 0)
        #expect(desktop.driver.engine.windows.refused == [])
        #expect(desktop.driver.engine.windows[adjusted: Fixture.a]?.layout?.topLimit == 0)
    }

    @Test("Under i3 a tile's refusal is known from the target's landing: one step, then the target, then nothing")
    func refusalWithAnAnimation() {
        var desktop = Self.placed(.i3Tiled, top: 22)
        #expect(desktop.requests == 2)
        #expect(desktop.driver.engine.windows.refused == [Fixture.a])
        #expect(desktop.frames[Fixture.a] == Self.form.frame)
        desktop.send(.keyboardMoved(Self.keyboard(wantingTop: 10)), after: 100)
        desktop.animate()
        #expect(desktop.requests == 2)
    }
}

extension WindowManagerReadingTests.Desktop {
    /// Animation frames until none is running (at most a second of them).
    mutating func animate() {
        for _ in 0..<60 {
            guard driver.engine.adjustments.values.contains(where: { $0.animation != nil })
                    || driver.engine.adjustments.values.contains(where: { $0.requests.queued != nil })
            else { return }
            send(.timerFired, after: Engine.frameIntervalMs)
        }
    }
}

/// The same, one event at a time, with everything the engine knows after each.
@Suite("A clamp learnt, step by step, with the whole state")
struct ClampWholeStateTests {
    @Test("Under metacity: the target kept at 0, the top just above a title bar tried and kept at 0 too, then a limit")
    func metacityClampStepByStep() {
        let form = SnapClampRefusalTests.form
        var driver = Driver(Fixture.engine())
        _ = driver.send(.focusChanged(Fixture.focus(form, field: nil)))
        _ = driver.send(.focusObserved(Fixture.a, XFocusObservations(inputFocus: Rect(10, 600, 300, 30)), frame: form.frame))
        _ = driver.send(.keyboardShown(SnapClampRefusalTests.keyboard(wantingTop: -10)), after: 10)
        #expect(driver.engine.windows[adjusted: Fixture.a]?.requests.pending.map(\.frame) == [Rect(100, -10, 400, 700)])

        // Kept at 0: a limit, perhaps a snap zone (the top wanted lay within a title bar's height): tried at -21.
        let atZero = Rect(100, 0, 400, 700), above = Rect(100, -21, 400, 700)
        driver.send(.windowConfigured(Fixture.a, frame: atZero), after: 2, actions: [
            .note("window 0x100: title bar kept below the top by the window manager (frame top 0)"),
            .note("window 0x100: tried once at frame top -21, above the title bar's height (a snap zone allows it)"),
            .moveResize(Fixture.a, frame: above, extents: Fixture.extents),
        ], state: { engine in
            engine.focused.configured(Fixture.a, frame: atZero)
            engine.windows[adjusted: Fixture.a]?.current = atZero
            engine.windows[adjusted: Fixture.a]?.shown = above
            engine.windows[adjusted: Fixture.a]?.heading(to: above, animation: nil)
            engine.windows[adjusted: Fixture.a]?.updateLayout {
                $0.topLimit = 0
                $0.snap = .allowedAbove(-21)
            }
            // Held for the windows after it, from the work area's top.
            engine.windowManager.learn(topLimit: 0, snap: .allowedAbove(-21), workAreaTop: 0,
                                       from: "window 0x100: kept at top 0 on a work area from 0")
            engine.windows[adjusted: Fixture.a]?.requests.pending = [PendingRequest(frame: above, extents: Fixture.extents, time: 12)]
            engine.windows[adjusted: Fixture.a]?.requests.flight = .inFlight(since: 12)
            engine.windows[adjusted: Fixture.a]?.requests.requested.append(above)
            engine.windows[adjusted: Fixture.a]?.requests.owed = .echoThenAny
            engine.focused.lastDecision { $0.outcome = .adjust(above) }
            // The limit met counts the placements afresh; the try is the first.
            engine.focused.laidOutAnew(Fixture.a)
            engine.focused.headed(Fixture.a)
        })

        // The try changes nothing: a synthetic ConfigureNotify only (the echo of the first answer, then the answer),
        // and the frame read at 0 again: a real limit.
        _ = driver.send(.windowConfigureSynthetic(Fixture.a))
        driver.send(.windowConfigureSynthetic(Fixture.a), after: 1, actions: [.readFrame(Fixture.a)], state: { engine in
            engine.windows[adjusted: Fixture.a]?.requests.owed = AnswerOwed.none
        })
        driver.send(.windowFrameRead(Fixture.a, frame: atZero), actions: [], state: { engine in
            engine.windows[adjusted: Fixture.a]?.shown = atZero
            engine.windows[adjusted: Fixture.a]?.heading(to: atZero, animation: nil)
            engine.windows[adjusted: Fixture.a]?.updateLayout { $0.snap = .ruledOut }
            engine.windowManager.learn(topLimit: 0, snap: .ruledOut, workAreaTop: 0,
                                       from: "window 0x100: kept at top 0 on a work area from 0")
            engine.windows[adjusted: Fixture.a]?.requests.pending = []
            engine.windows[adjusted: Fixture.a]?.requests.answered()
            engine.windows[adjusted: Fixture.a]?.requests.readAhead = atZero
            engine.focused.lastDecision {
                $0.outcome = .adjust(atZero)
                $0.limit = "title bar kept below the top by the window manager, frame top 0"
            }
            engine.focused.headed(Fixture.a)  // back to the limit: the second placement
        })
    }
}
