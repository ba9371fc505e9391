import DaemonStatus
import OskshiftCore
import Testing

/// A status as a docked onboard and one moved GTK form leave it.
private let shown = StatusReport(
    display: ":7", pid: 4242,
    keyboard: .init(window: WindowID(0x400003), rect: Rect(x: 0, y: 595, width: 1280, height: 205), visible: true),
    focus: .init(
        window: WindowID(0x600003), wmClass: "gtkform/GtkForm", frame: Rect(x: 390, y: 162, width: 500, height: 420),
        field: Rect(x: 399, y: 529, width: 482, height: 34), source: "pointer"),
    adjusted: [
        .init(
            window: WindowID(0x600003), original: Rect(x: 390, y: 370, width: 500, height: 420),
            originalState: "normal", current: Rect(x: 390, y: 162, width: 500, height: 420), restoring: false)
    ],
    lastDecision: "window=0x600003 action=adjust")

private let idle = StatusReport(display: ":0", pid: 1, keyboard: nil, focus: nil, adjusted: [], lastDecision: nil)

@Suite struct StatusReportTests {
    @Test func aShownKeyboardWithOneMovedWindowRendersAsFiveExactLines() {
        #expect(shown.text == """
            oskshift 4242 on display :7
            keyboard: 0x400003 1280x205+0+595, visible
            focus: 0x600003 gtkform/GtkForm, frame 500x420+390+162, field 482x34+399+529 (pointer)
            adjusted: 0x600003 from 500x420+390+370 (normal), now 500x420+390+162
            last decision: window=0x600003 action=adjust

            """)
    }

    @Test func aDaemonThatHasSeenNothingSaysSoOnEveryLine() {
        #expect(idle.text == """
            oskshift 1 on display :0
            keyboard: none seen yet
            focus: none
            adjusted: none
            last decision: none

            """)
    }

    @Test func aHiddenKeyboardIsShownWhereItWasLastSeen() {
        var report = shown
        report.keyboard?.visible = false
        report.adjusted[0].restoring = true
        #expect(report.text.contains("keyboard: 0x400003 hidden (last seen at 1280x205+0+595)\n"))
        #expect(report.text.contains("(normal), restoring, now 500x420+390+162\n"))
    }

    @Test func theSummaryCountsAdjustedWindowsInWords() {
        #expect(shown.summary == "keyboard visible, 1 window adjusted")
        #expect(idle.summary == "no keyboard seen, no window adjusted")
        var two = shown
        two.keyboard?.visible = false
        two.adjusted.append(shown.adjusted[0])
        #expect(two.summary == "keyboard hidden, 2 windows adjusted")
    }

    @Test func theJSONFormIsOneLineWithFixedKeyOrder() {
        #expect(shown.json.text == """
            {"display":":7","pid":4242,"keyboard":{"window":4194307,"rect":{"x":0,"y":595,"width":1280,"height":205},\
            "visible":true},"focus":{"window":6291459,"class":"gtkform/GtkForm","frame":{"x":390,"y":162,"width":500,\
            "height":420},"field":{"x":399,"y":529,"width":482,"height":34},"source":"pointer","extents":null,\
            "fallback":null,"bus_application":null},\
            "adjusted":[{"window":\
            6291459,"original":{"x":390,"y":370,"width":500,"height":420},"original_state":"normal","current":{"x":390,\
            "y":162,"width":500,"height":420},"restoring":false}],"last_decision":"window=0x600003 action=adjust"}
            """)
        #expect(idle.json.text == """
            {"display":":0","pid":1,"keyboard":null,"focus":null,"adjusted":[],"last_decision":null}
            """)
    }

    @Test func aGTK4FieldsExtentsAreSaidOnTheirOwnLineAndInTheJSONForm() {
        var report = shown
        report.focus?.source = "widget"
        report.focus?.extents = "window-relative (GTK 4.8.3), placed at its X window's client position"
        #expect(report.text.contains("""
            (widget)
            field extents: window-relative (GTK 4.8.3), placed at its X window's client position
            adjusted:
            """))
        #expect(report.json.text.contains(
            #""source":"widget","extents":"window-relative (GTK 4.8.3), placed at its X window's client position","fallback":null,"bus_application":null}"#))
    }

    @Test("A fallback source is named with its reason, in the text and in the JSON form read back")
    func aFallbackIsNamedWithItsReason() {
        var report = shown
        report.focus?.fallback = "the pointer band around the last press: its application is not on the accessibility bus"
        #expect(report.text.contains("field 482x34+399+529 (pointer, a fallback: the pointer band around the last "
            + "press: its application is not on the accessibility bus)\n"))
        #expect(report.json.text.contains(#""source":"pointer","extents":null,"fallback":"the pointer band around the last press: "#))
        #expect(StatusReport(jsonText: report.json.text) == report)
    }

    @Test("The application on the bus that owns the focused window, and how it was found, is said on its own line and read back from the JSON form")
    func theBusApplicationIsSaid() {
        var report = shown
        report.focus?.busApplication = "pid 8935, found by geometry"
        #expect(report.text.contains("(pointer)\naccessibility bus application: pid 8935, found by geometry\nadjusted:"))
        #expect(report.json.text.contains(#""fallback":null,"bus_application":"pid 8935, found by geometry"}"#))
        #expect(StatusReport(jsonText: report.json.text) == report)
    }

    @Test func theJSONFormReadsBackToTheSameReport() {
        #expect(StatusReport(jsonText: shown.json.text) == shown)
        #expect(StatusReport(jsonText: idle.json.text) == idle)
    }

    @Test func aReportMissingRequiredMembersIsRejected() {
        #expect(StatusReport(jsonText: #"{"display":":0","adjusted":[]}"#) == nil)
        #expect(StatusReport(jsonText: #"{"display":":0","pid":1,"adjusted":[{"window":-1}]}"#) == nil)
        #expect(StatusReport(jsonText: "not json") == nil)
    }

    @Test func anEngineWithAVisibleKeyboardAndNoFocusReportsNoFocusAndNoAdjustment() {
        var engine = Engine(screen: Screen(monitors: [Monitor(rect: Rect(x: 0, y: 0, width: 1280, height: 800))]))
        _ = engine.handle(.keyboardShown(Rect(x: 0, y: 560, width: 1280, height: 240)), now: 0)
        let keyboard = StatusReport.Keyboard(
            window: WindowID(9), rect: Rect(x: 0, y: 560, width: 1280, height: 240), visible: true)
        let report = StatusReport(engine: engine, keyboard: keyboard, display: ":3", pid: 5, now: 0)
        #expect(report == StatusReport(display: ":3", pid: 5, keyboard: keyboard, focus: nil, adjusted: [],
            lastDecision: nil))
    }
}
