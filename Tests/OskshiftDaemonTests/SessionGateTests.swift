import Testing

@testable import oskshift

@Suite struct SessionGateTests {
    @Test func aWaylandSessionTypeIsRefusedWithOneSentenceNamingIt() {
        #expect(SessionGate.waylandRefusal(environment: ["XDG_SESSION_TYPE": "wayland"])
            == "this is a Wayland session (XDG_SESSION_TYPE=wayland) and oskshift can move only X11 windows; "
            + "log in to an X11 session to use it")
    }

    @Test func aSetWaylandDisplayIsRefusedEvenWhenTheSessionTypeSaysX11() {
        #expect(SessionGate.waylandRefusal(environment: ["XDG_SESSION_TYPE": "x11", "WAYLAND_DISPLAY": "wayland-1"])
            == "this is a Wayland session (WAYLAND_DISPLAY=wayland-1) and oskshift can move only X11 windows; "
            + "log in to an X11 session to use it")
    }

    @Test func anX11SessionAnEmptyWaylandDisplayAndNoSessionVariablesAreServed() {
        #expect(SessionGate.waylandRefusal(environment: ["XDG_SESSION_TYPE": "x11"]) == nil)
        #expect(SessionGate.waylandRefusal(environment: ["WAYLAND_DISPLAY": ""]) == nil)
        #expect(SessionGate.waylandRefusal(environment: [:]) == nil)
    }

    @Test func theWaylandExitStatusIsFour() {
        #expect(SessionGate.waylandExitStatus == 4)
    }

    @Test func systemctlShowOutputParsesIntoOneBlockPerUnitKeyedByItsId() {
        let output = """
            Id=oskshift.service
            ActiveState=inactive
            UnitFileState=enabled

            Id=graphical-session.target
            ActiveState=activating
            UnitFileState=static

            """
        #expect(SessionGate.parseShow(output) == [
            "oskshift.service": ["Id": "oskshift.service", "ActiveState": "inactive", "UnitFileState": "enabled"],
            "graphical-session.target": [
                "Id": "graphical-session.target", "ActiveState": "activating", "UnitFileState": "static",
            ],
        ])
    }

    @Test func aBlockWithoutAnIdAndLinesWithoutAnEqualsSignAreDropped() {
        #expect(SessionGate.parseShow("ActiveState=active\n\nnoise\nId=a.service\nX=1=2") == [
            "a.service": ["Id": "a.service", "X": "1=2"],
        ])
    }

    @Test func anActiveOrStartingUnitServesTheSessionWhateverTheTarget() {
        for state in ["active", "activating", "reloading"] {
            #expect(SessionGate.userUnitServes(units: unit(state, "disabled", target: "inactive"))
                == "the systemd user unit oskshift.service is \(state)")
        }
    }

    @Test func anEnabledUnitServesTheSessionOnlyWhileGraphicalSessionTargetIsUpOrComingUp() {
        #expect(SessionGate.userUnitServes(units: unit("inactive", "enabled", target: "activating"))
            == "the systemd user unit oskshift.service is enabled and graphical-session.target is activating")
        #expect(SessionGate.userUnitServes(units: unit("inactive", "enabled", target: "active"))
            == "the systemd user unit oskshift.service is enabled and graphical-session.target is active")
        // An LXDE or .xinitrc session never starts the target: the enabled unit will not run there.
        #expect(SessionGate.userUnitServes(units: unit("inactive", "enabled", target: "inactive")) == nil)
    }

    @Test func aMaskedUnitTurnsTheAutostartEntryOffToo() {
        #expect(SessionGate.userUnitServes(units: unit("inactive", "masked", target: "inactive"))
            == "the systemd user unit oskshift.service is masked, which turns oskshift off for this user")
        #expect(SessionGate.userUnitServes(units: unit("inactive", "masked-runtime", target: "active"))
            == "the systemd user unit oskshift.service is masked-runtime, which turns oskshift off for this user")
    }

    @Test func aDisabledStoppedOrFailedUnitAndNoUserManagerLeaveTheSessionToTheAutostartEntry() {
        #expect(SessionGate.userUnitServes(units: unit("inactive", "disabled", target: "active")) == nil)
        #expect(SessionGate.userUnitServes(units: unit("failed", "enabled", target: "inactive")) == nil)
        #expect(SessionGate.userUnitServes(units: [:]) == nil)
    }

    @Test func autostartIsAcceptedOnlyForRunningTheDaemon() throws {
        #expect(try Options.parse(["--autostart", "--verbose"]).get().autostart)
        #expect(Options.parse(["--autostart", "status"])
            == .failure(.init(sentence: "--autostart goes with running the daemon (oskshift --autostart)")))
    }

    private func unit(_ active: String, _ file: String, target: String) -> [String: [String: String]] {
        [
            "oskshift.service": ["Id": "oskshift.service", "ActiveState": active, "UnitFileState": file],
            "graphical-session.target": ["Id": "graphical-session.target", "ActiveState": target],
        ]
    }
}
