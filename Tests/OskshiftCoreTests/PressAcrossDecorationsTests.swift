import OskshiftCore
import Testing

/// The tap's band lies in the client's content, which moves inside the frame when the window manager adds or takes
/// decorations: a fullscreen window that leaves fullscreen under openbox gets a 20 px title bar (as a
/// QtWebEngine kiosk served by the pointer band does).
@Suite("A press in a frame whose decorations change")
struct PressAcrossDecorationsTests {
    let fullscreen = WindowState(fullscreen: true)
    let undecorated = FrameExtents.none

    @Test("Observations placed in a frame with other extents move with the content")
    func observationsFollowTheContent() {
        let seen = XFocusObservations(inputFocus: Rect(10, 100, 200, 30), press: Point(x: 300, y: 742),
                                      extents: undecorated)
        let placed = seen.placed(inFrameWith: Fixture.extents)
        #expect(placed.press == Point(x: 301, y: 762))
        #expect(placed.inputFocus == Rect(11, 120, 200, 30))
        #expect(placed.extents == Fixture.extents)
        #expect(seen.placed(inFrameWith: undecorated) == seen)
        let unknown = XFocusObservations(press: Point(x: 300, y: 742))
        #expect(unknown.placed(inFrameWith: Fixture.extents) == unknown, "without extents, taken as they are")
    }

    @Test("A tapped fullscreen window that gets a title bar as it leaves fullscreen is moved by the bar's height more")
    func theBandFollowsTheTapIntoTheDecoratedFrame() {
        var driver = Driver(Fixture.engine(Fixture.configuration(mode: .auto)))
        let kiosk = WindowFacts(id: Fixture.a, frame: Fixture.screenRect, extents: undecorated, state: fullscreen)
        let tap = XFocusObservations(press: Point(x: 300, y: 742), extents: undecorated)
        _ = driver.send(.focusChanged(Focus(window: kiosk, observed: tap)))

        // The band 718-766, margin 8, keyboard top 560: 214 px up, with leaving fullscreen in the same step.
        let panned = Rect(0, -214, 1280, 800)
        #expect(driver.send(.keyboardShown(Fixture.bottomKeyboard)) == [
            .saveOriginal(Fixture.a, SavedGeometry(frame: Fixture.screenRect, state: fullscreen)),
            .setFullscreen(Fixture.a, false),
            .moveResize(Fixture.a, frame: panned, extents: undecorated),
        ])
        _ = driver.send(.windowStateChanged(Fixture.a, .normal), after: 3)
        // openbox decorates it: the page, and the point tapped in it, are 20 px lower in the frame.
        // The same frame is asked again with the new extents (the client is smaller), then the correction.
        let decorated = Rect(0, -234, 1280, 800)
        var asked: [Rect] = []
        var next = driver.send(.windowExtentsChanged(Fixture.a, Fixture.extents))
        for _ in 0..<4 {
            guard case .moveResize(_, let frame, _)? = next.first(where: { if case .moveResize = $0 { true } else { false } })
            else { break }
            asked.append(frame)
            next = driver.send(.windowConfigured(Fixture.a, frame: frame), after: 2)
        }
        #expect(asked == [panned, decorated], "at most two placements for the change")
        #expect(driver.engine.adjustedWindows.map(\.current) == [decorated])
        // The tapped point, 742 px into the page, is now at -234 + 20 + 742 = 528: its band ends 8 px above 560.
        #expect(decorated.y + Fixture.extents.top + 742 + 24 + 8 == Fixture.bottomKeyboard.y)

        #expect(driver.send(.keyboardHidden).contains(.setFullscreen(Fixture.a, true)))
    }
}
