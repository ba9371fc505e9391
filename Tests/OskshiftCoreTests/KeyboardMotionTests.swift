import OskshiftCore
import Testing
import TestSupport

/// The keyboard's motion is the animation: each step of a moving keyboard places the window at once, computed from
/// the original frame, and a docked keyboard sliding in has the window placed at once where it will rest.
@Suite("Moving with the keyboard")
struct KeyboardMotionTests {
    /// In window `a` (400x300+100+400); its bottom (670) + the margin is 118 px under a 240 px keyboard at rest.
    let field = Rect(120, 640, 200, 30)
    let placed = Rect(100, 282, 400, 300)

    func focused(_ configuration: Configuration = Fixture.configuration()) -> Driver {
        var driver = Driver(Fixture.engine(configuration))
        _ = driver.send(.focusChanged(Fixture.focus(Fixture.window(), field: field)))
        return driver
    }

    /// A keyboard (1280x240 unless told) at each of these tops, 20 ms apart, the first one a show; the frames asked for at each
    /// step, every request answered by the server at once.
    func slide(_ driver: inout Driver, tops: [Int], showing: Bool = true, width: Int = 1280, x: Int = 0,
               height: Int = 240) -> [[Rect]] {
        tops.enumerated().map { index, top in
            let rect = Rect(x, top, width, height)
            let event: Event = index == 0 && showing ? .keyboardShown(rect) : .keyboardMoved(rect)
            return driver.sendAndConfirm(event, after: 20).compactMap {
                if case .moveResize(_, let frame, _) = $0 { return frame }
                return nil
            }
        }
    }

    func move(_ frame: Rect) -> Action { .moveResize(Fixture.a, frame: frame, extents: Fixture.extents) }

    @Test("A docked keyboard sliding in from the bottom edge places the window at its first step where it will rest; its other steps move nothing")
    func slideInIsLed() {
        var driver = focused()
        let steps = slide(&driver, tops: Array(stride(from: 780, through: 560, by: -20)))
        #expect(steps == [[placed]] + Array(repeating: [], count: 11))
        #expect(driver.engine.keyboard == Fixture.bottomKeyboard)
        #expect(driver.send(.keyboardHidden) == [move(Fixture.lowFrame), .clearOriginal(Fixture.a)])
    }

    @Test("A docked keyboard sliding out is followed at each step from the original frame, and goes home with it")
    func slideOutIsFollowed() {
        var driver = focused()
        _ = driver.sendAndConfirm(.keyboardShown(Fixture.bottomKeyboard))
        let steps = slide(&driver, tops: [563, 580, 610, 640, 670, 700, 740, 790], showing: false)
        // Field bottom + margin = 400 + 278: the window is 678 - top higher than its original, until the field is clear.
        #expect(steps == [[], [Rect(100, 302, 400, 300)], [Rect(100, 332, 400, 300)], [Rect(100, 362, 400, 300)],
                          [Rect(100, 392, 400, 300)], [Fixture.lowFrame], [], []])
        #expect(driver.send(.keyboardHidden, after: 20) == [])
        #expect(driver.engine.adjustedWindows == [])
    }

    @Test("A keyboard that stops short of its predicted rest is followed to where it stopped, 200 ms after its last step")
    func stopShortIsFollowed() {
        var driver = focused()
        let steps = slide(&driver, tops: [780, 760, 740])
        #expect(steps == [[placed], [], []])
        #expect(driver.engine.nextDeadline(at: driver.now) == driver.now + 200)
        #expect(driver.send(.timerFired, after: 199) == [])
        #expect(driver.send(.timerFired, after: 1) == [move(Fixture.lowFrame), .clearOriginal(Fixture.a), .stopTimer])
    }

    @Test("A keyboard sliding in again is placed at its first step for where it rested at its last show")
    func lastRestIsPredicted() {
        var driver = focused()
        // Resting above a 20 px panel: not at the monitor's edge, so only its last show tells where it ends.
        let rest = Rect(0, 520, 1280, 260)
        _ = driver.sendAndConfirm(.keyboardShown(rest))
        _ = driver.sendAndConfirm(.keyboardHidden, after: 100)
        let steps = slide(&driver, tops: [780, 700, 600, 520], height: 260)
        #expect(steps == [[Rect(100, 242, 400, 300)], [], [], []])
    }

    @Test("In inset mode a docked keyboard sliding in resizes the window once, to its final size")
    func insetResizesOncePerShow() {
        var driver = focused(Fixture.configuration(mode: .inset))
        let steps = slide(&driver, tops: Array(stride(from: 780, through: 560, by: -20)))
        #expect(steps == [[Rect(100, 400, 400, 152)]] + Array(repeating: [], count: 11))
    }

    @Test("A floating keyboard dragged up is followed at each step, computed from the original frame")
    func floatingDragIsFollowed() {
        var driver = focused()
        let steps = slide(&driver, tops: [700, 660, 620, 560], width: 700, x: 290)
        #expect(steps == [[], [Rect(100, 382, 400, 300)], [Rect(100, 342, 400, 300)], [placed]])
    }

    @Test("With the built-in defaults a keyboard that appears at once gets its placement at once, with no animation")
    func defaultsPlaceAtOnce() {
        var configuration = Configuration.defaults
        configuration.avoidance.mode = .offset
        var driver = focused(configuration)
        #expect(driver.send(.keyboardShown(Rect(290, 560, 700, 240))) == [
            .saveOriginal(Fixture.a, SavedGeometry(frame: Fixture.lowFrame)), move(placed),
        ])
    }

    @Test("A docked keyboard sliding in above a bottom panel is placed at its first step for its rest on the panel's top")
    func restOnAPanel() {
        // A 26 px taskbar: the work area ends at 774, and the keyboard's bottom ends there (onboard under IceWM).
        let screen = Screen(monitors: [Monitor(name: "screen", rect: Fixture.screenRect, workArea: Rect(0, 0, 1280, 774))])
        var driver = Driver(Fixture.engine(screen: screen))
        _ = driver.send(.focusChanged(Fixture.focus(Fixture.window(), field: field)))
        // Still rising once its bottom is above the monitor's edge: the rest predicted at the start holds.
        let steps = slide(&driver, tops: [794, 700, 600, 560, 540, 534])
        #expect(steps == [[Rect(100, 256, 400, 300)], [], [], [], [], []])
    }

    @Test("A docked keyboard whose strut is already in the work area is placed at its first step for the strut's top")
    func restAtItsStrut() {
        let screen = Screen(monitors: [Monitor(name: "screen", rect: Fixture.screenRect, workArea: Rect(0, 0, 1280, 560))])
        var driver = Driver(Fixture.engine(screen: screen))
        _ = driver.send(.focusChanged(Fixture.focus(Fixture.window(), field: field)))
        let steps = slide(&driver, tops: [780, 700, 600, 560])
        #expect(steps == [[placed], [], [], []])
    }

    @Test("A hide asked for in the middle of a slide teaches no rest: the next slide is placed for the monitor's edge")
    func hideMidSlideTeachesNothing() {
        var driver = focused()
        _ = slide(&driver, tops: [780, 700, 600, 570])
        _ = slide(&driver, tops: [600, 700, 790], showing: false)
        _ = driver.sendAndConfirm(.keyboardHidden, after: 20)
        let steps = slide(&driver, tops: [780, 680, 560])
        #expect(steps == [[placed], [], []])
    }

    @Test("A window made shorter for a docked keyboard goes home at its height only once the keyboard slid out, hid and took its strut away")
    func insetHomeWaitsForTheStrut() {
        var driver = focused(Fixture.configuration(mode: .inset))
        _ = slide(&driver, tops: [780, 680, 560])
        let strut = Screen(monitors: [Monitor(name: "screen", rect: Fixture.screenRect, workArea: Rect(0, 0, 1280, 560))])
        _ = driver.send(.screenChanged(strut), after: 5)
        let steps = slide(&driver, tops: [563, 620, 690, 760], showing: false)
        // Taller at each step while the field needs it; clear from 690 on, but home would be fitted above the strut.
        #expect(steps == [[Rect(100, 400, 400, 155)], [Rect(100, 400, 400, 212)], [], []])
        #expect(driver.send(.keyboardHidden, after: 20) == [.startTimer(intervalMs: Engine.strutGoneWithinMs)])
        #expect(driver.send(.screenChanged(Fixture.screen), after: 40)
            == [move(Fixture.lowFrame), .clearOriginal(Fixture.a), .stopTimer])
    }
}
