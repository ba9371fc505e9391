import OskshiftCore
import Testing

@testable import AccessibilityFocus

@Suite("A field read in window coordinates, placed on its X window")
struct WindowCoordinatesTests {
    // openbox's decorations: 1 px sides, a 20 px title bar, a 5 px bottom.
    let frame = Rect(x: 101, y: 170, width: 402, height: 325)
    let client = Rect(x: 102, y: 190, width: 400, height: 300)

    @Test("GTK 3 and Chromium measure from the client window, Firefox from the frame, Qt is not trusted")
    func originsByToolkit() {
        #expect(WindowCoordinates.origin(forToolkit: "gtk") == .client)
        #expect(WindowCoordinates.origin(forToolkit: "Chromium") == .client)
        #expect(WindowCoordinates.origin(forToolkit: "Gecko") == .frame)
        #expect(WindowCoordinates.origin(forToolkit: "Qt") == nil)
        #expect(WindowCoordinates.origin(forToolkit: "GTK") == nil)
        #expect(WindowCoordinates.origin(forToolkit: "") == nil)
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
