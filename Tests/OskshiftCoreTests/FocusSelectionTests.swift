import OskshiftCore
import Testing

@Suite("Choosing the focus rect")
struct FocusSelectionTests {
    let order = Configuration().avoidance.focus
    let size = Size(width: 400, height: 300)
    let entry = Rect(20, 200, 300, 30)
    let caret = Rect(40, 206, 1, 17)
    let xFocus = XFocusObservations(inputFocus: Rect(20, 100, 300, 30), press: Point(x: 50, y: 250))

    func field(widget: Rect?, caret: Rect?) -> AccessibleField {
        AccessibleField(window: Fixture.a, identity: 7, widget: widget, caret: caret, frameSize: size)
    }

    func choose(_ state: FocusSelection.AccessibleState, order: [FocusSource]? = nil) -> FocusSelection.Choice {
        FocusSelection.choose(accessible: state, observed: xFocus, frameSize: size, order: order ?? self.order,
                              pointerBand: 48, userActed: true)
    }

    @Test("An application on the bus with its focus on a button gets no adjustment, whatever the X side shows")
    func noEditableFocusMeansNothing() {
        #expect(choose(.noEditableFocus) == .nothing("no editable focus"))
    }

    @Test("An editable field's caret source carries the whole field and the caret box")
    func caretSourceCarriesFieldAndCaret() {
        #expect(choose(.editable(field(widget: entry, caret: caret)))
            == .field(FocusRect(rect: entry, caret: caret, source: .caret)))
    }

    @Test("Without a caret the widget source speaks; without the field's extents the caret box is the field")
    func widgetWhenNoCaretAndCaretWhenNoWidget() {
        #expect(choose(.editable(field(widget: entry, caret: nil))) == .field(FocusRect(rect: entry, source: .widget)))
        #expect(choose(.editable(field(widget: nil, caret: caret)))
            == .field(FocusRect(rect: caret, caret: caret, source: .caret)))
    }

    @Test("An editable field whose extents are unknown is not replaced by the X sources")
    func unknownExtentsMeanNothing() {
        #expect(choose(.editable(field(widget: nil, caret: nil))) == .nothing("field extents unknown"))
    }

    @Test("An application not on the bus gets the input focus, then the press band, then the whole window")
    func silentApplicationsWalkTheXSources() {
        #expect(choose(.silent) == .field(FocusRect(rect: Rect(20, 100, 300, 30), source: .inputFocus)))
        let pressOnly = FocusSelection.choose(accessible: .silent, observed: XFocusObservations(press: Point(x: 50, y: 250)),
                                              frameSize: size, order: order, pointerBand: 48, userActed: true)
        #expect(pressOnly == .field(FocusRect(rect: Rect(0, 226, 400, 48), source: .pointer)))
        let nothingSeen = FocusSelection.choose(accessible: .silent, observed: .none, frameSize: size, order: order,
                                                pointerBand: 48, userActed: true)
        #expect(nothingSeen == .wholeWindow)
    }

    @Test("Without the user's input in the window, the whole window does not speak and says it waits for one")
    func wholeWindowNeedsTheUsersInput() {
        let nothingSeen = FocusSelection.choose(accessible: .silent, observed: .none, frameSize: size, order: order,
                                                pointerBand: 48, userActed: false)
        #expect(nothingSeen == .nothing(FocusSelection.wholeWindowAwaitsInput))
        #expect(FocusSelection.choose(accessible: .silent, observed: xFocus, frameSize: size, order: order,
                                      pointerBand: 48, userActed: false)
            == .field(FocusRect(rect: Rect(20, 100, 300, 30), source: .inputFocus)))
    }

    @Test("A press band near the bottom stays inside the frame")
    func pressBandIsClippedToTheFrame() {
        #expect(FocusSelection.choose(accessible: .silent, observed: XFocusObservations(press: Point(x: 5, y: 290)),
                                      frameSize: size, order: [.pointer], pointerBand: 48, userActed: true)
            == .field(FocusRect(rect: Rect(0, 266, 400, 34), source: .pointer)))
    }

    @Test("An order without caret and widget leaves even bus applications to the X sources")
    func orderWithoutBusSourcesIgnoresTheBus() {
        #expect(choose(.noEditableFocus, order: [.pointer, .window])
            == .field(FocusRect(rect: Rect(0, 226, 400, 48), source: .pointer)))
    }

    @Test("The end of the order without an answer means nothing to clear")
    func endOfOrderMeansNothing() {
        #expect(FocusSelection.choose(accessible: .silent, observed: .none, frameSize: size, order: [.inputFocus],
                                      pointerBand: 48, userActed: true) == .nothing("no source knows the focus"))
    }

    @Test("A re-read of the same field with unknown extents keeps the last known ones")
    func unknownReReadKeepsKnownRects() {
        let known = field(widget: entry, caret: caret)
        let unknown = field(widget: nil, caret: nil)
        #expect(unknown.keepingKnownRects(of: known).widget == entry)
        var other = unknown
        other.identity = 8
        #expect(other.keepingKnownRects(of: known).widget == nil)
    }
}
