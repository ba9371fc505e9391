import OskshiftCore
import Testing

@testable import AccessibilityFocus

@Suite("A field read in window coordinates, placed on its X window")
struct WindowCoordinatesTests {
    // openbox's decorations: 1 px sides, a 20 px title bar, a 5 px bottom.
    let frame = Rect(x: 101, y: 170, width: 402, height: 325)
    let client = Rect(x: 102, y: 190, width: 400, height: 300)

    /// What one read of `onScreen` and `inWindow` tells of an application on this window.
    func learnt(onScreen: Rect, inWindow: Rect, frame: Rect? = nil, client: Rect? = nil, scale: Int = 1,
                after earlier: WindowCoordinates.Learnt = WindowCoordinates.Learnt()) -> WindowCoordinates.Learnt {
        var learnt = earlier
        _ = learnt.learn(from: WindowCoordinates.Sample(
            onScreen: onScreen, inWindow: inWindow, client: (client ?? self.client).origin,
            frame: (frame ?? self.frame).origin, scale: scale))
        return learnt
    }

    @Test("Nothing sampled yet: every origin is possible, none is used, and samples are wanted")
    func nothingSampled() {
        let learnt = WindowCoordinates.Learnt()
        #expect(learnt.possible == [.client, .frame, .screen])
        #expect(!learnt.usable)
        #expect(learnt.wantsSamples)
        #expect(learnt.origin(onFrame: frame, client: client) == nil)
        #expect(learnt.evidence == nil)
    }

    @Test("A GTK 3 entry at 110,198 on the screen and 8,8 in its window is relative to the client at 102,190")
    func gtkLearntRelativeToTheClient() {
        let learnt = learnt(onScreen: Rect(x: 110, y: 198, width: 384, height: 34),
                            inWindow: Rect(x: 8, y: 8, width: 384, height: 34))
        #expect(learnt.possible == [.client])
        #expect(learnt.usable)
        #expect(!learnt.wantsSamples)
        #expect(learnt.origin(onFrame: frame, client: client) == .client)
        #expect(learnt.evidence == WindowCoordinates.Sample(
            onScreen: Rect(x: 110, y: 198, width: 384, height: 34), inWindow: Rect(x: 8, y: 8, width: 384, height: 34),
            client: client.origin, frame: frame.origin, scale: 1))
        #expect(learnt.description == "relative to its client window (learnt from field 384x34+110+198 on the screen, "
            + "384x34+8+8 in its window (from 102,190), client at 102,190, frame at 101,170)")
    }

    @Test("Firefox's field at 240,489 on the screen and 41,409 in its window is relative to the frame at 199,80")
    func firefoxLearntRelativeToTheFrame() {
        let frame = Rect(x: 199, y: 80, width: 902, height: 625), client = Rect(x: 200, y: 100, width: 900, height: 600)
        let learnt = learnt(onScreen: Rect(x: 240, y: 489, width: 600, height: 36),
                            inWindow: Rect(x: 41, y: 409, width: 600, height: 36), frame: frame, client: client)
        #expect(learnt.possible == [.frame])
        #expect(learnt.usable && !learnt.wantsSamples)
        #expect(learnt.origin(onFrame: frame, client: client) == .frame)
    }

    @Test("Window coordinates that are the screen's again (the PyQt forms) are not used, and not sampled again")
    func qtScreenCoordinatesAgain() {
        let field = Rect(x: 110, y: 198, width: 384, height: 34)
        let learnt = learnt(onScreen: field, inWindow: field)
        #expect(learnt.possible == [.screen])
        #expect(!learnt.usable && !learnt.wantsSamples)
        #expect(learnt.origin(onFrame: frame, client: client) == nil)
        #expect(learnt.description.hasPrefix("screen coordinates again: not used (learnt from "))
    }

    @Test("An answer of another size, or from neither the client, the frame nor the root, rules everything out")
    func nonsenseRulesEverythingOut() {
        let otherSize = learnt(onScreen: Rect(x: 110, y: 198, width: 384, height: 34),
                               inWindow: Rect(x: 8, y: 8, width: 200, height: 34))
        let elsewhere = learnt(onScreen: Rect(x: 110, y: 198, width: 384, height: 34),
                               inWindow: Rect(x: 50, y: 8, width: 384, height: 34))
        for learnt in [otherSize, elsewhere] {
            #expect(learnt.possible.isEmpty)
            #expect(!learnt.usable && !learnt.wantsSamples)
            #expect(learnt.origin(onFrame: frame, client: client) == nil)
        }
    }

    @Test("An undecorated window (Chromium's) cannot tell the client from the frame: used where both start alike")
    func undecoratedWindowDecidesNothingBetweenClientAndFrame() {
        let window = Rect(x: 200, y: 100, width: 900, height: 600)
        let learnt = learnt(onScreen: Rect(x: 244, y: 491, width: 600, height: 36),
                            inWindow: Rect(x: 44, y: 391, width: 600, height: 36), frame: window, client: window)
        #expect(learnt.possible == [.client, .frame])
        #expect(learnt.usable)
        #expect(learnt.wantsSamples)
        #expect(learnt.origin(onFrame: window, client: window) == .client)
        // A decorated window of the same application: not placed until a sample tells which.
        #expect(learnt.origin(onFrame: frame, client: client) == nil)
        #expect(learnt.description.hasPrefix("relative to its client or frame (learnt from "))
    }

    @Test("A window at 0,0 cannot tell its own origin from the root's: a later sample elsewhere decides")
    func windowAtTheRootsOriginDecidesLater() {
        let atOrigin = Rect(x: 0, y: 0, width: 902, height: 625), clientAtOrigin = Rect(x: 1, y: 20, width: 900, height: 600)
        // Firefox measuring from its frame at 0,0.
        let first = learnt(onScreen: Rect(x: 41, y: 409, width: 600, height: 36),
                           inWindow: Rect(x: 41, y: 409, width: 600, height: 36), frame: atOrigin, client: clientAtOrigin)
        #expect(first.possible == [.frame, .screen])
        #expect(!first.usable && first.wantsSamples)
        let moved = Rect(x: 199, y: 80, width: 902, height: 625), movedClient = Rect(x: 200, y: 100, width: 900, height: 600)
        let second = learnt(onScreen: Rect(x: 240, y: 489, width: 600, height: 36),
                            inWindow: Rect(x: 41, y: 409, width: 600, height: 36), frame: moved, client: movedClient,
                            after: first)
        #expect(second.possible == [.frame])
        #expect(second.usable && !second.wantsSamples)
    }

    @Test("A sample that rules nothing more out changes nothing, evidence included")
    func sampleAgreeingWithWhatIsKnown() {
        let undecorated = Rect(x: 0, y: 0, width: 1280, height: 800)
        var learnt = WindowCoordinates.Learnt()
        let changed = learnt.learn(from: WindowCoordinates.Sample(
            onScreen: Rect(x: 40, y: 514, width: 600, height: 36), inWindow: Rect(x: 40, y: 514, width: 600, height: 36),
            client: undecorated.origin, frame: undecorated.origin, scale: 1))
        #expect(!changed)
        #expect(learnt == WindowCoordinates.Learnt())
    }

    @Test("At GDK_SCALE=2 a root origin 1 px off from the truncated halves still agrees with the client")
    func gtkAtScaleTwo() {
        // Measured: client 800x600+203+195 in the frame 802x625+202+175; entry-1 at 8,128 (logical) in its window,
        // 109,225 (logical) on the screen, placed at 218,451 by the match (the frame's rounding added).
        let frame = Rect(x: 202, y: 175, width: 802, height: 625), client = Rect(x: 203, y: 195, width: 800, height: 600)
        let learnt = learnt(onScreen: Rect(x: 218, y: 451, width: 768, height: 68),
                            inWindow: Rect(x: 16, y: 256, width: 768, height: 68), frame: frame, client: client, scale: 2)
        #expect(learnt.possible == [.client])
        #expect(learnt.origin(onFrame: frame, client: client) == .client)
    }

    @Test("A GTK 3 entry 8,8 into its client window is 9,28 into the frame (the measured form: screen 110,198)")
    func gtkEntryAtScaleOne() {
        let field = WindowCoordinates.fieldRelativeToFrame(Rect(x: 8, y: 8, width: 384, height: 34), origin: .client,
                                                           scale: 1, frame: frame, client: client)
        #expect(field == Rect(x: 9, y: 28, width: 384, height: 34))
        #expect(field.converted(from: frame.origin) == Rect(x: 110, y: 198, width: 384, height: 34))
    }

    @Test("At GDK_SCALE=2 the logical rect is doubled before the client's place in the frame is added")
    func gtkEntryAtScaleTwo() {
        // Measured: client 800x600+203+195 in the frame 802x625+202+175; entry-1 at 8,8 (logical) in its window.
        let frame = Rect(x: 202, y: 175, width: 802, height: 625), client = Rect(x: 203, y: 195, width: 800, height: 600)
        let field = WindowCoordinates.fieldRelativeToFrame(Rect(x: 8, y: 128, width: 384, height: 34), origin: .client,
                                                           scale: 2, frame: frame, client: client)
        #expect(field == Rect(x: 17, y: 276, width: 768, height: 68))
        #expect(field.converted(from: frame.origin) == Rect(x: 219, y: 451, width: 768, height: 68))
    }

    @Test("Firefox's window coordinates are already relative to the frame (the measured window: screen 240,489)")
    func firefoxMeasuresFromTheFrame() {
        let frame = Rect(x: 199, y: 80, width: 902, height: 625), client = Rect(x: 200, y: 100, width: 900, height: 600)
        let field = WindowCoordinates.fieldRelativeToFrame(Rect(x: 41, y: 409, width: 600, height: 36), origin: .frame,
                                                           scale: 1, frame: frame, client: client)
        #expect(field.converted(from: frame.origin) == Rect(x: 240, y: 489, width: 600, height: 36))
    }

    @Test("An undecorated Chromium window panned above the top of the screen keeps its field where its page has it")
    func pannedChromiumWindow() {
        let panned = Rect(x: 0, y: -20, width: 1280, height: 800)
        let field = WindowCoordinates.fieldRelativeToFrame(Rect(x: 40, y: 514, width: 600, height: 36), origin: .client,
                                                           scale: 1, frame: panned, client: panned)
        #expect(field == Rect(x: 40, y: 514, width: 600, height: 36))
        #expect(field.converted(from: panned.origin) == Rect(x: 40, y: 494, width: 600, height: 36))
    }
}
