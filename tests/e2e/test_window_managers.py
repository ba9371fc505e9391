"""Every window manager a tablet or kiosk runs, each in one X session with xvkbd (matchbox: its own keyboard) and
one with a docked onboard (a DOCK window with _NET_WM_STRUT_PARTIAL), the daemon with the built-in defaults.

Each WM reads another client's requests in its own way (../shared/notes/window-managers.md): the checks observe
where windows land on the server (the WM's X frame and the client, not _NET_FRAME_EXTENTS) and where the
application says its field is (AT-SPI), never what the daemon believes. One session per class keeps the run short:
a WM starts in well under a second, a GTK form in about one.
"""
import os
import re
import signal
import subprocess
import time
import unittest

import compatibility
import requirements
from daemon import MARGIN
from desktop import I3_TILED_CLASS
from e2e_case import DesktopTestCase, is_acting
from keyboards import MatchboxKeyboard, Onboard, Xvkbd
from test_accessibility import PYTHON_WITH_GI, GtkForm
from test_first_instant import FrameWatch
from waiting import wait_for
from window_managers import (WINDOW_MANAGERS, Tracked, ask_to_move, reading, requests_for, requests_per_keyboard_rect,
                             top_limit)
from xquery import Rect

DEFAULTS = "# the built-in defaults\n"
# Without animation each placement is one request: the check of a limit counts them, and the ten cycles (about
# where requests land, which animation does not change: the covered-field check restores an animated move) take
# 0.3 s less each.
NO_ANIMATION = "[animation]\nduration_ms = 0\n"
CYCLES = 10
HIGHER_THAN_ANY_LIMIT = -500
# A chat-like form: a text view takes the spare height, the entry (the field) sits at the window's bottom, so it is
# under the keyboard at 400x300+100+400, and also in a maximized or (matchbox) full-screen window.
CHAT_FORM = ("--textview", "--entries-below", "--entries", "1", "--focus", "entry-1")
# A form at its minimum size (14 entries of 40 px, 660 px high) whose last field is under any of the keyboards:
# only going above the screen's top clears it, as far as the WM allows.
TALL_FORM = ("--entries", "14", "--entry-height", "40", "--focus", "entry-14")


# Checks the daemon does not pass yet under one window manager and keyboard, and why (docs/window-managers.md,
# "Known limits"). Each is reported as skipped with its reason, so the run says what is missing; the same check
# under every other window manager still has to pass.
KNOWN_GAPS = {
}


class WindowManagerParts:
    """The forms, the keyboard and the assertions every window-manager check uses; mixed into a DesktopTestCase
    that names `wm` and `keyboard_kind`."""

    def setUp(self):
        docked = getattr(self, "keyboard_options", {}).get("docked")
        keyboard = "DockedOnboard" if docked else self.keyboard_kind.__name__
        gap = KNOWN_GAPS.get((self.wm, keyboard, self._testMethodName))
        if gap and os.environ.get("OSKSHIFT_E2E_RUN_GAPS") != "1":
            self.skipTest("known gap under %s: %s" % (self.wm, gap))
        super().setUp()
        requirements.require_tools(self, PYTHON_WITH_GI, "wmctrl")
        if not os.path.exists("/usr/lib/python3/dist-packages/pyatspi"):
            requirements.require_tools(self, "pyatspi (python3-pyatspi)")

    # --- the parts ------------------------------------------------------------------------------------------

    def form(self, title, *options):
        form = GtkForm(self, title, *options)
        form.tracked = Tracked(self.x, form.window)
        form.original = form.tracked.placed()
        return form

    def activate(self, form, daemon=None):
        """Activates the form and waits until the server has it active; with a daemon running, until the daemon has
        handled that too (a sync): a keyboard shown at once is otherwise handled in the same batch of X events, and
        under a window manager that gives the keyboard the focus as it maps it (blackbox) the daemon reads the
        focus once for the batch, on the keyboard: the form's focus between the two never reaches it (a quiet
        fresh-clone run failed so). A person's tap and the keyboard's show are never within one batch."""
        self.desktop.run("xdotool", "windowactivate", str(form.window), check=False, timeout=5)
        wait_for(lambda: self.x.active_window() == form.window, what="%s to be active" % form.title)
        if daemon is not None:
            daemon.sync()

    def wait_field_read(self, daemon, form):
        """Until the daemon, started after the form was focused, has read the form's focused field on the bus.
        A window manager that gives the keyboard the focus as it maps it (blackbox) leaves the application with no
        focused field to report while the keyboard is up (GTK 3 clears the entry's FOCUSED with its window's
        focus): a keyboard shown before the daemon's first read of the bus is a different check than the one here
        (docs/window-managers.md, "Known limits")."""
        focus = re.compile(r"^event: accessible-focus .*\bwindow=0x%x\b" % form.window, re.M)
        wait_for(lambda: focus.search(daemon.log()), timeout=10,
                 what="the daemon to read the focused field of %s" % form.title)

    def show_keyboard(self):
        """Shows the keyboard, waits until it stands still and returns the rect it covers as drawn."""
        self.keyboard.request_show()
        self.keyboard.wait_shown()
        return Tracked(self.x, self.keyboard.window).visible()

    def placed_by_wm_beside_the_keyboard(self, form, daemon):
        """Where the window manager alone puts a window the daemon does not move while the keyboard is up, read once
        the WM has answered the keyboard's strut (its _NET_WORKAREA ending above the strut, where it publishes one:
        it moves its windows in the same turn) and the daemon has handled what reached it."""
        strut = self.x.cardinals(self.keyboard.window, "_NET_WM_STRUT_PARTIAL")
        if strut and strut[3] and self.x.workarea():
            floor = self.x.root_size()[1] - strut[3]
            wait_for(lambda: self.x.workarea().bottom <= floor, what="the work area to end above the strut at %d" % floor)
        daemon.at_rest()
        return form.tracked.geometry()

    def field(self, form, name):
        found = form.accessible(name)
        return found and found["widget"]

    def clearance(self, form, name, keyboard):
        """How far the field's bottom is above the keyboard's top (negative: covered), or None when it is off
        the screen's top or not readable."""
        field = self.field(form, name)
        if field is None or field.y < 0:
            return None
        return keyboard.y - field.bottom

    def assertFieldBecomesClear(self, form, name, keyboard, daemon, timeout=5):
        seen = []

        def clear():
            seen[:] = [self.field(form, name)]
            gap = self.clearance(form, name, keyboard)
            return gap is not None and gap >= MARGIN
        try:
            wait_for(clear, timeout=timeout, interval=0.05)
        except AssertionError:
            self.fail("%s of %s not clear of the keyboard at %s by %d px: field %s, window %s%s" % (
                name, form.title, keyboard, MARGIN, seen[0] if seen else None, form.tracked.geometry(),
                self._decision_tail(daemon)))

    def assertStill(self, form, daemon):
        """The geometry the window came to rest at: once the daemon has handled everything and has nothing of its
        own going (no tick due, no request the window manager has not answered; a fight with the WM never gets
        there)."""
        daemon.at_rest()
        return form.tracked.geometry()

    def assertBackExactly(self, form, expected, what, daemon, timeout=3):
        try:
            wait_for(lambda: form.tracked.geometry() == expected, timeout=timeout)
        except AssertionError:
            self.fail("%s: %s, expected %s%s" % (what, form.tracked.geometry(), expected, self._decision_tail(daemon)))

    def record(self, check, observed, oskshift, clear_ms=None):
        name, package = WINDOW_MANAGERS[self.wm]
        compatibility.record_window_manager(self, name, package, check, observed, oskshift, clear_ms, self.keyboard)


class WindowManagerChecks(WindowManagerParts):
    """The checks run under every window manager and keyboard."""
    lists_maximized_state = True   # writes _NET_WM_STATE_MAXIMIZED_* on a window it maximizes

    def test_a_covered_field_ends_clear_by_the_margin_the_window_holds_still_and_comes_back_exactly(self):
        daemon = self.start_daemon(config=DEFAULTS)
        form = self.form("covered", *CHAT_FORM, "--geometry", "400x300+100+400")
        field_before = self.field(form, "entry-1")
        watch = FrameWatch(self)
        started = time.monotonic()
        keyboard = self.show_keyboard()
        self.assertGreater(field_before.bottom + MARGIN, keyboard.y, "test setup: the keyboard covers the field")
        self.assertFieldBecomesClear(form, "entry-1", keyboard, daemon)
        placed = self.assertStill(form, daemon)
        clear_ms = compatibility.at_rest_ms(watch, form.tracked.frame_window, started)
        asked = any(is_acting(d) for d in daemon.decisions_for(form.window))
        self.keyboard.hide()
        self.assertBackExactly(form, form.original, "after the hide", daemon)
        how = " and ".join(words for words, done in (("moved up", placed.frame.y < form.original.frame.y),
                                                      ("shrunk", placed.frame.height < form.original.frame.height))
                           if done) or "left"
        self.record("covered field", None, "a covered field cleared: %s %s" % (
            how, "by oskshift" if asked else "by the window manager (oskshift did not ask)"), clear_ms)

    def test_a_form_that_would_have_to_go_higher_than_the_window_manager_allows_ends_at_its_limit_still(self):
        form = self.form("too-high", *TALL_FORM, "--geometry", "400x300+100+40")
        # Before the daemon runs: where a request on the screen lands (the WM's reading), how high the WM lets
        # this window go (its limit), and the window back where the WM puts it when asked for its first place.
        extents = self.x.cardinals(form.window, "_NET_FRAME_EXTENTS")
        landed = ask_to_move(self.desktop, form.tracked, 300, 20)
        reading_words = reading(form.original, (300, 20), landed, extents)
        limit = ask_to_move(self.desktop, form.tracked, 100, HIGHER_THAN_ANY_LIMIT)
        limit_words = top_limit(landed, HIGHER_THAN_ANY_LIMIT, limit)
        form.original = ask_to_move(self.desktop, form.tracked, 100, 40)
        self.record("reading", "%s; %s" % (reading_words, limit_words), None)
        self.activate(form)

        daemon = self.start_daemon(config=NO_ANIMATION)
        self.wait_field_read(daemon, form)
        mark = daemon.log_mark()
        keyboard = self.show_keyboard()
        placed = self.assertStill(form, daemon)
        for rect, requests in requests_per_keyboard_rect(daemon, form.window, mark).items():
            self.assertLess(len(requests), 6, "a request storm with the keyboard at %s: %s" % (rect, requests))
        requests = requests_for(daemon, form.window, mark)
        gap = self.clearance(form, "entry-14", keyboard)
        if gap is None or gap < MARGIN:
            self.assertEqual(placed.frame.y, limit.frame.y, "covered (field %s px above the keyboard at %s), but not "
                             "at the highest top %s allows (%s): %s%s" % (gap, keyboard, self.wm, limit_words, placed,
                                                                         self._decision_tail(daemon)))
            # A WM that moves the window but not that high keeps it there (a clamp); one that ignores requests
            # refuses (matchbox's full-screen windows).
            limit_met = "the window manager" if limit == landed else "kept [^()\n]* by the window manager"
            limits = re.findall(r"\(([^()\n]*%s[^()\n]*)\)" % limit_met, daemon.log()[mark:])
            self.assertTrue(limits, "the log names the limit met ('%s')%s" % (limit_met, self._decision_tail(daemon)))
            status = subprocess.run([self.binary, "status", "--display", self.desktop.display], env=self.desktop.env,
                                    capture_output=True, text=True, timeout=15).stdout
            self.assertIn(limits[-1], status, "oskshift status names the limit")
            outcome = ("left: its field below its own window's bottom (%s)" if "outside the window" in limits[-1]
                       else "placed at the highest top allowed (%s)") % limits[-1]
        else:
            outcome = "field cleared"
        self.keyboard.hide()
        self.assertBackExactly(form, form.original, "after the hide", daemon)
        self.record("limit", None, "a form needing to go higher than the WM allows: " + outcome)

    def test_a_maximized_form_has_its_field_cleared_and_is_maximized_again_exactly_after_the_hide(self):
        supported = self.x.property_text("root", "_NET_SUPPORTED") or ""
        if "_NET_WM_STATE_MAXIMIZED_VERT" not in supported:
            self.skipTest("%s has no maximized state (_NET_SUPPORTED does not list it)" % self.wm)
        daemon = self.start_daemon(config=DEFAULTS)
        form = self.form("maximized", *CHAT_FORM, "--geometry", "400x300+100+100")
        self.desktop.run("wmctrl", "-i", "-r", "0x%x" % form.window, "-b", "add,maximized_vert,maximized_horz")
        # A WM that never lists the state (fvwm) has its maximized window known by its frame alone.
        listed = self.lists_maximized_state
        maximized = form.tracked.maximized(listed=listed)
        maximized_width = self.x.x_frame_outer_width(form.window, form.tracked.frame_window)
        mark = daemon.log_mark()
        keyboard = self.show_keyboard()
        if listed:
            self.assertFieldBecomesClear(form, "entry-1", keyboard, daemon)
        placed = self.assertStill(form, daemon)
        # Cleared by a move up or a shrink, never by a narrower window: the client size asked is the frame wanted
        # less the frame's borders as they are once the WM has left the maximized state.
        self.assertEqual(self.x.x_frame_outer_width(form.window, form.tracked.frame_window), maximized_width,
                         "placed as wide as maximized: %s%s" % (
            placed, self._decision_tail(daemon)))
        if not listed:
            self.assertKeptInPlace(form, maximized, daemon, mark)
        self.keyboard.hide()
        self.assertBackExactly(form, maximized, "after the hide", daemon)
        self.assertEqual(self.x.is_maximized(form.window), listed,
                         "the maximized state as before the keyboard: %s" % self.x.net_wm_state(form.window))
        self.record("maximized", None, "a maximized window: field cleared, maximized again exactly on hide" if listed
                    else "a maximized window the WM does not list as such and keeps in place: asked once, "
                         "reported refused, left exactly")

    def assertKeptInPlace(self, form, maximized, daemon, mark):
        """A window maximized without the state listed (fvwm): the daemon cannot leave a state it is not told of,
        and fvwm answers a move or resize of its maximized window with a synthetic ConfigureNotify at the same
        frame (measured: 1280x800+0+0 asked 1280x550+0+0). Asked at most once, named refused, left exactly."""
        self.assertEqual(form.tracked.geometry(), maximized, "left as the WM keeps it%s" % self._decision_tail(daemon))
        self.assertLessEqual(len(requests_for(daemon, form.window, mark)), 1, "asked at most once%s"
                             % self._decision_tail(daemon))
        self.assertIn("the window manager refuses to move it", daemon.log()[mark:], "reported refused%s"
                      % self._decision_tail(daemon))

    def test_ten_show_and_hide_cycles_put_the_form_back_exactly_frame_and_client_after_each_hide(self):
        daemon = self.start_daemon(config=NO_ANIMATION)
        form = self.form("cycles", *CHAT_FORM, "--geometry", "400x300+100+400")
        first_placement = None
        for cycle in range(1, CYCLES + 1):
            # Not waiting for the keyboard to settle: the window's rest after its move is what counts here.
            self.keyboard.request_show()
            try:
                wait_for(lambda: form.tracked.geometry() != form.original, timeout=3)
            except AssertionError:
                self.fail("cycle %d: the form was not moved for the keyboard%s" % (cycle, self._decision_tail(daemon)))
            self.keyboard.wait_shown()  # a docked onboard's slide: the daemon follows each step of it
            daemon.at_rest()
            placed = form.tracked.geometry()
            first_placement = first_placement or placed
            self.assertEqual(placed, first_placement, "cycle %d: placed elsewhere than the first time%s"
                             % (cycle, self._decision_tail(daemon)))
            self.keyboard.hide()
            self.assertBackExactly(form, form.original, "cycle %d: after the hide" % cycle, daemon)
        self.record("cycles", None, "%d show/hide cycles: frame and client exactly back each time" % CYCLES)

    def test_a_focus_change_puts_the_old_window_back_exactly_and_clears_the_new_ones_field(self):
        daemon = self.start_daemon(config=DEFAULTS)
        left = self.form("left", *CHAT_FORM, "--geometry", "400x300+40+400")
        right = self.form("right", *CHAT_FORM, "--geometry", "400x300+700+400")
        self.activate(left, daemon)
        keyboard = self.show_keyboard()
        self.assertFieldBecomesClear(left, "entry-1", keyboard, daemon)
        # oskshift moves the focused window only: the other one is where the WM alone puts it with the keyboard up
        # (its original, or above a docked keyboard's strut, or shrunk above matchbox's toolbar). That is where the
        # old window belongs once the focus has left it.
        by_wm = self.placed_by_wm_beside_the_keyboard(right, daemon)
        home = by_wm.moved_by(left.original.frame.x - right.original.frame.x, 0)

        self.activate(right, daemon)
        self.assertFieldBecomesClear(right, "entry-1", keyboard, daemon)
        # A window manager that keeps every request inside the strut's work area (IceWM) never lets the old window
        # go below the strut while the keyboard is up: the daemon leaves it where it is kept, and says so (at the
        # focus change when a placement was refused before it, or when its request for home is).
        kept = re.search(r"note: window 0x%x: (?:left where the window manager keeps it \(|the window manager keeps it "
                         r"at )(\d+)x(\d+)([+-]\d+)([+-]\d+)" % left.window, daemon.log())
        if kept:
            width, height, x, y = (int(v) for v in kept.groups())
            self.assertEqual(left.tracked.geometry().frame, Rect(x, y, width, height),
                             "the old window where the log says the window manager keeps it")
            old_window = "kept above the strut by the window manager, as the log says, home on hide"
        else:
            self.assertBackExactly(left, home, "the old window after the focus change", daemon)
            old_window = "exactly home"
        self.keyboard.hide()
        self.assertBackExactly(right, right.original, "the new window after the hide", daemon)
        self.assertBackExactly(left, left.original, "the old window after the hide", daemon)
        self.record("focus change", None, "a focus change: the old window %s, the new one cleared" % old_window)


class TiledChecks:
    """i3: a tiled window is the WM's to place; a floating one is served like any other."""

    def test_a_tiled_form_is_asked_at_most_once_and_reported_tiled_while_a_floating_one_is_served(self):
        daemon = self.start_daemon(config=NO_ANIMATION)
        tiled = self.form("tiled", *TALL_FORM, "--class", I3_TILED_CLASS)
        self.assertEqual(tiled.original.frame.width, self.x.root_size()[0], "test setup: i3 tiles the form, full width")
        floating = self.form("floating", *CHAT_FORM, "--geometry", "400x300+700+400")
        self.activate(tiled, daemon)
        mark, requests_mark = daemon.log_mark(), daemon.mark()
        keyboard = self.show_keyboard()
        asked = daemon.at_rest(requests_mark).get(tiled.window, 0)
        requests = requests_for(daemon, tiled.window, mark)
        self.assertLessEqual(asked, 1, "asked more than once: %s" % requests)
        gap = self.clearance(tiled, "entry-14", keyboard)
        if gap is None or gap < MARGIN:
            # Under xvkbd the tile is asked once and refused. A docked onboard makes i3 shrink the tiling area
            # instead: the form, taller than the tile, has its field below the tile's bottom, where no move shows it.
            reported = re.search(r"decision: window=0x%x .*(tiled|outside the window at \d+x\d+, which the window "
                                 r"manager or its application made smaller than its content)" % tiled.window, daemon.log()[mark:])
            self.assertTrue(reported, "the log reports the window tiled or too small for its field (the field %s px "
                            "above the keyboard)%s" % (gap, self._decision_tail(daemon)))

        self.activate(floating, daemon)
        self.assertFieldBecomesClear(floating, "entry-1", keyboard, daemon)
        self.keyboard.hide()
        self.assertBackExactly(floating, floating.original, "the floating form after the hide", daemon)
        self.assertBackExactly(tiled, tiled.original, "the tiled form after the hide", daemon)
        self.record("tiled", "a tiled window ignores requests", "a tiled window left to i3 (%d request%s), a floating one "
                    "cleared" % (len(requests), "" if len(requests) == 1 else "s"))


# A 15-field form moved with `offset`: the lower its focused field, the higher its frame goes, until the target
# top passes through xfwm4's snap zone (a top from minus the title's height to 0 lands at 0).
FIFTEEN_FIELDS = ("--entries", "15", "--geometry", "+300+100")
OFFSET_ANIMATED = '[avoidance]\nmode = "offset"\n[animation]\nduration_ms = 150\n'
OFFSET_AT_ONCE = '[avoidance]\nmode = "offset"\n[animation]\nduration_ms = 0\n'


class SnapZoneChecks(WindowManagerParts):
    """A window manager that snaps tops near the screen's top to it (xfwm4): a snap is neither a limit nor a
    refusal, and an animation's steps through the zone teach nothing about where the target lands."""

    def assertServedThenHome(self, form, daemon, mark):
        excluded = [d["line"] for d in daemon.decisions_for(form.window, mark) if "excluded" in d.get("line", "")]
        self.assertEqual(excluded, [], "the window manager's snap taken for a refusal")
        self.keyboard.hide()
        self.assertBackExactly(form, form.original, "after the hide", daemon)

    def test_tab_through_fifteen_fields_with_an_animation_clears_each_field_then_the_hide_brings_the_form_home(self):
        daemon = self.start_daemon(config=OFFSET_ANIMATED)
        form = self.form("tab-fifteen", *FIFTEEN_FIELDS, "--focus", "entry-1")
        self.activate(form, daemon)
        mark = daemon.log_mark()
        keyboard = self.show_keyboard()
        for number in range(2, 16):
            name = "entry-%d" % number
            form.focus_by_keys(name, "Tab")
            self.assertFieldBecomesClear(form, name, keyboard, daemon)
        self.assertStill(form, daemon)
        self.assertServedThenHome(form, daemon, mark)

    def check_a_target_inside_the_snap_zone(self, title, config):
        # Sized so that its field's bottom, the margin above the keyboard, puts the frame's top half a title bar
        # above the screen's: the keyboard's top and the field's place in a chat form measured first.
        keyboard = self.show_keyboard()
        self.keyboard.hide()
        probe = self.form(title + "-probe", *CHAT_FORM, "--geometry", "300x300+300+100")
        below_field = probe.original.frame.bottom - self.field(probe, "entry-1").bottom
        extents = self.x.cardinals(probe.window, "_NET_FRAME_EXTENTS")
        self.desktop.end(probe.process)
        wanted_top = -(extents[2] // 2)
        frame_height = keyboard.y - MARGIN - wanted_top + below_field
        client = "300x%d+300+100" % (frame_height - extents[2] - extents[3])

        daemon = self.start_daemon(config=config)
        form = self.form(title, *CHAT_FORM, "--geometry", client)
        self.assertEqual(form.original.frame.height, frame_height, "test setup: the form's height")
        self.activate(form, daemon)
        mark = daemon.log_mark()
        self.show_keyboard()
        self.assertFieldBecomesClear(form, "entry-1", keyboard, daemon)
        placed = self.assertStill(form, daemon)
        self.assertEqual(placed.frame.y, -extents[2] - 1, "just above the snap zone (-%d..0): %s" % (extents[2], placed))
        self.assertServedThenHome(form, daemon, mark)

    def test_a_target_top_inside_the_snap_zone_reached_by_one_jump_lands_just_above_the_zone(self):
        self.check_a_target_inside_the_snap_zone("snap-jump", OFFSET_AT_ONCE)

    def test_a_target_top_inside_the_snap_zone_reached_by_an_animation_lands_just_above_the_zone(self):
        self.check_a_target_inside_the_snap_zone("snap-animated", OFFSET_ANIMATED)


class SnapZoneUnderXfwm4WithDockedOnboard(SnapZoneChecks, DesktopTestCase):
    wm, keyboard_kind, keyboard_options = "xfwm4", Onboard, {"docked": True}


# One X session per class. Under matchbox, xvkbd is a NORMAL window that matchbox makes full-screen: its own
# keyboard (a toolbar) takes xvkbd's place there; and a docked onboard never hides under matchbox (after Hide over
# D-Bus it stays mapped at the bottom and says Visible=true), so there is no docked-onboard class for it.
class UnderOpenboxWithXvkbd(WindowManagerChecks, DesktopTestCase):
    wm, keyboard_kind = "openbox", Xvkbd


class UnderOpenboxWithDockedOnboard(WindowManagerChecks, DesktopTestCase):
    wm, keyboard_kind, keyboard_options = "openbox", Onboard, {"docked": True}


class UnderMatchboxWithMatchboxKeyboard(WindowManagerChecks, DesktopTestCase):
    wm, keyboard_kind = "matchbox", MatchboxKeyboard


class UnderXfwm4WithXvkbd(WindowManagerChecks, DesktopTestCase):
    wm, keyboard_kind = "xfwm4", Xvkbd


class UnderXfwm4WithDockedOnboard(WindowManagerChecks, DesktopTestCase):
    wm, keyboard_kind, keyboard_options = "xfwm4", Onboard, {"docked": True}


class UnderMarcoWithXvkbd(WindowManagerChecks, DesktopTestCase):
    wm, keyboard_kind = "marco", Xvkbd


class UnderMarcoWithDockedOnboard(WindowManagerChecks, DesktopTestCase):
    wm, keyboard_kind, keyboard_options = "marco", Onboard, {"docked": True}


class UnderMetacityWithXvkbd(WindowManagerChecks, DesktopTestCase):
    wm, keyboard_kind = "metacity", Xvkbd


class UnderMetacityWithDockedOnboard(WindowManagerChecks, DesktopTestCase):
    wm, keyboard_kind, keyboard_options = "metacity", Onboard, {"docked": True}


class UnderKwinWithXvkbd(WindowManagerChecks, DesktopTestCase):
    wm, keyboard_kind = "kwin_x11", Xvkbd


class UnderKwinWithDockedOnboard(WindowManagerChecks, DesktopTestCase):
    wm, keyboard_kind, keyboard_options = "kwin_x11", Onboard, {"docked": True}


class UnderIcewmWithXvkbd(WindowManagerChecks, DesktopTestCase):
    wm, keyboard_kind = "icewm", Xvkbd


class UnderIcewmWithDockedOnboard(WindowManagerChecks, DesktopTestCase):
    wm, keyboard_kind, keyboard_options = "icewm", Onboard, {"docked": True}


class UnderFluxboxWithXvkbd(WindowManagerChecks, DesktopTestCase):
    wm, keyboard_kind = "fluxbox", Xvkbd


class UnderFluxboxWithDockedOnboard(WindowManagerChecks, DesktopTestCase):
    wm, keyboard_kind, keyboard_options = "fluxbox", Onboard, {"docked": True}


class UnderI3WithXvkbd(TiledChecks, WindowManagerChecks, DesktopTestCase):
    wm, keyboard_kind = "i3", Xvkbd


class UnderI3WithDockedOnboard(TiledChecks, WindowManagerChecks, DesktopTestCase):
    wm, keyboard_kind, keyboard_options = "i3", Onboard, {"docked": True}


# Window managers the daemon was never tuned for: run with their packaged defaults and xvkbd, the same checks.
# What the daemon learnt under each is in docs/window-managers.md; not one line of the daemon names them.
class UnderJwmWithXvkbd(WindowManagerChecks, DesktopTestCase):
    wm, keyboard_kind = "jwm", Xvkbd


class UnderFvwmWithXvkbd(WindowManagerChecks, DesktopTestCase):
    wm, keyboard_kind = "fvwm", Xvkbd
    # fvwm 2.7 lists _NET_WM_STATE_MAXIMIZED_* in _NET_SUPPORTED and resizes the window to the work area when asked,
    # but never writes the window's _NET_WM_STATE (measured: the property stays absent).
    lists_maximized_state = False


class UnderPekwmWithXvkbd(WindowManagerChecks, DesktopTestCase):
    wm, keyboard_kind = "pekwm", Xvkbd


class UnderBlackboxWithXvkbd(WindowManagerChecks, DesktopTestCase):
    wm, keyboard_kind = "blackbox", Xvkbd

    def test_a_form_laid_out_at_its_maximized_size_only_once_the_keyboard_has_the_focus_has_its_field_cleared(self):
        """Blackbox gives xvkbd the X focus as it maps it, and GTK 3 then sends the entry's focus-out: a form that
        lays itself out at a new size only after that (a loaded machine: the maximized form's layout came after the
        keyboard once in a fresh-clone run) must still have its field's new place followed. The form is stopped
        while it is maximized and the keyboard shown, so that it handles its new size, its focus-out and its layout
        in that order when it goes on."""
        daemon = self.start_daemon(config=DEFAULTS)
        form = self.form("late-layout", *CHAT_FORM, "--geometry", "400x300+100+100")
        self.wait_field_read(daemon, form)
        os.kill(form.pid, signal.SIGSTOP)
        try:
            self.desktop.run("wmctrl", "-i", "-r", "0x%x" % form.window, "-b", "add,maximized_vert,maximized_horz")
            maximized = form.tracked.maximized()
            keyboard = self.show_keyboard()
            wait_for(lambda: self.x.active_window() == self.keyboard.window, what="the keyboard to have the focus")
        finally:
            os.kill(form.pid, signal.SIGCONT)
        self.assertFieldBecomesClear(form, "entry-1", keyboard, daemon)
        self.assertStill(form, daemon)
        self.keyboard.hide()
        self.assertBackExactly(form, maximized, "after the hide", daemon)


if __name__ == "__main__":
    unittest.main()


class UnderTwmWithXvkbd(WindowManagerParts, DesktopTestCase):
    """twm: no EWMH at all (no _NET_FRAME_EXTENTS, _NET_MOVERESIZE_WINDOW, _NET_ACTIVE_WINDOW nor _NET_WM_STATE),
    so only the checks that need none of it: the daemon reads frames and extents from the server, asks with a
    ConfigureRequest, and follows the X input focus (twm gives it to the window under the pointer)."""
    wm, keyboard_kind = "twm", Xvkbd

    def form(self, title, *options):
        """The form, focused by the pointer at its top: twm's focus follows the pointer, and a form moved up from
        under a pointer at its bottom (where the user tapped the field) loses the focus to what is below, and is
        put back (docs/window-managers.md, "Known limits")."""
        form = super().form(title, *options)
        frame = form.tracked.geometry().frame
        self.desktop.run("xdotool", "mousemove", str(frame.x + frame.width // 2), str(frame.y + 30),
                         check=False, timeout=5)
        return form

    def test_a_form_focused_as_it_maps_while_the_daemon_is_behind_has_its_field_cleared(self):
        """twm focuses a window mapped under the pointer, and GTK 3 moves that focus to a child window of its own: a
        daemon behind the server (stopped here; a loaded machine in the ten cycles) selects the window's focus events
        only once it handles its creation, after both focus changes, and no FocusIn ever comes. The daemon reads the
        input focus once it watches the new window."""
        daemon = self.start_daemon(config=DEFAULTS)
        self.desktop.run("xdotool", "mousemove", "302", "430", check=False, timeout=5)  # inside the form to come
        os.kill(daemon.process.pid, signal.SIGSTOP)
        try:
            form = WindowManagerParts.form(self, "behind", *CHAT_FORM, "--geometry", "400x300+100+400")
            wait_for(lambda: self.desktop.run("xdotool", "getwindowfocus", check=False).strip() == str(form.window),
                     what="twm to give the form the X focus as it maps it")
        finally:
            os.kill(daemon.process.pid, signal.SIGCONT)
        keyboard = self.show_keyboard()
        self.assertFieldBecomesClear(form, "entry-1", keyboard, daemon)
        self.assertStill(form, daemon)
        self.keyboard.hide()
        self.assertBackExactly(form, form.original, "after the hide", daemon)

    test_a_covered_field_ends_clear_by_the_margin_the_window_holds_still_and_comes_back_exactly = \
        WindowManagerChecks.test_a_covered_field_ends_clear_by_the_margin_the_window_holds_still_and_comes_back_exactly
    test_ten_show_and_hide_cycles_put_the_form_back_exactly_frame_and_client_after_each_hide = \
        WindowManagerChecks.test_ten_show_and_hide_cycles_put_the_form_back_exactly_frame_and_client_after_each_hide
