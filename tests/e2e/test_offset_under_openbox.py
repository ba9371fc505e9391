"""offset mode under openbox with xvkbd across the bottom (frame 1282x265+0+558): the core guarantees."""
import re
import unittest

import compatibility

from daemon import DEFAULT_CONFIG
from e2e_case import DesktopTestCase, is_acting
from keyboards import Xvkbd
from waiting import wait_for


class CoveredFieldsWithXvkbd(DesktopTestCase):
    keyboard_kind = Xvkbd

    def test_a_covered_field_is_moved_above_the_keyboard_with_the_margin_and_restored_exactly_when_it_hides(self):
        daemon = self.start_daemon()
        term = self.xterm("covered", "80x24+100+400")
        original, original_client = term.frame(), term.client_rect()
        term.tap_field_at_y(700)

        # xvkbd keeps its place while hidden: where it will show is known before it does.
        expected = self.expected_offset_frame(original, 700, self.keyboard.rect())
        clear_ms = compatibility.time_until(self.keyboard.request_show, lambda: term.frame() == expected)
        keyboard = self.keyboard.wait_shown()
        self.assertEqual(expected, self.expected_offset_frame(original, 700, keyboard))
        self.assertFrameBecomes(term, expected, daemon=daemon)
        compatibility.record(self, "xterm", "Xt (no accessibility)", "xterm", "none: the tap's pointer band",
                             "offset above the keyboard", "keyboard shown", clear_ms, self.keyboard)
        self.assertEqual(term.client_rect(), original_client.moved_by(0, expected.y - original.y),
                         "offset moves the window without resizing it")
        saved = self.x.cardinals(term.window, "_OSKSHIFT_ORIGINAL_GEOMETRY")
        self.assertIsNotNone(saved, "the original geometry is saved on the client window while adjusted")
        self.assertEqual(len(saved), 7)
        self.assertIn(tuple(saved[:4]), (tuple(original), tuple(original_client)))
        self.assertEqual(saved[4:], [0, 0, 0], "not maximized, not fullscreen")
        decisions = [d for d in daemon.decisions_for(term.window) if is_acting(d)]
        self.assertTrue(decisions, "a decision line for the adjusted window")
        self.assertEqual(decisions[-1].get("source"), "pointer", decisions[-1]["line"])

        self.keyboard.hide()
        self.assertFrameBecomes(term, original, daemon=daemon)
        self.assertEqual(term.client_rect(), original_client)
        self.assertFalse(self.x.has_property(term.window, "_OSKSHIFT_ORIGINAL_GEOMETRY"),
                         "the saved geometry is removed on restore")

    def test_a_keyboard_marked_hidden_while_mapped_counts_as_hidden_until_the_mark_goes(self):
        # The daemon checks a keyboard's _NET_WM_STATE after its own requests are out (LateChecks.swift); a
        # HIDDEN keyboard must still send the window home.
        daemon = self.start_daemon()
        term = self.xterm("hidden-mark", "80x24+100+400")
        original = term.frame()
        term.tap_field_at_y(700)
        keyboard = self.keyboard.show()
        adjusted = self.expected_offset_frame(original, 700, keyboard)
        self.assertFrameBecomes(term, adjusted, daemon=daemon)

        self.desktop.run("xprop", "-id", str(self.keyboard.window), "-f", "_NET_WM_STATE", "32a",
                         "-set", "_NET_WM_STATE", "_NET_WM_STATE_HIDDEN")
        self.assertFrameBecomes(term, original, daemon=daemon)
        self.desktop.run("xprop", "-id", str(self.keyboard.window), "-remove", "_NET_WM_STATE")
        self.assertFrameBecomes(term, adjusted, daemon=daemon)

    def test_a_window_the_keyboard_does_not_cover_is_never_configured(self):
        daemon = self.start_daemon()
        term = self.xterm("clear", "80x24+100+50")  # frame 50..391, well above the keyboard's top (558)
        term.tap_field_at_y(300)
        before, frame_before = term.state(), term.frame()
        configures = self.watch_configures(term.window)
        mark, requests_mark = daemon.log_mark(), daemon.mark()

        self.keyboard.show()
        self.assertNothingMoved(daemon, term, frame_before, since=requests_mark)
        self.keyboard.hide()
        self.keyboard.show()
        self.keyboard.hide()
        self.assertNothingMoved(daemon, term, frame_before, since=requests_mark)

        self.assertEqual(term.state(), before, "geometry, frame extents and _NET_WM_STATE are byte-identical")
        self.assertEqual(configures(), [], "no ConfigureNotify reached the window")
        self.assertNoAdjustment(daemon, term.window, since=mark)
        self.assertFalse(self.x.has_property(term.window, "_OSKSHIFT_ORIGINAL_GEOMETRY"))

    def test_focus_moving_to_another_window_restores_the_old_one_and_adjusts_the_new_one(self):
        daemon = self.start_daemon()
        left = self.xterm("left", "80x24+20+400")     # frame 486x341, x 20..506
        right = self.xterm("right", "80x24+640+400")  # x 640..1126
        left_original, right_original = left.frame(), right.frame()
        left.tap_field_at_y(700)

        keyboard = self.keyboard.show()
        self.assertFrameBecomes(left, self.expected_offset_frame(left_original, 700, keyboard), daemon=daemon)

        # 540 is still above the keyboard's top, so the press lands on the right window, 14 px short of clear.
        right.tap_field_at_y(540)
        self.assertFrameBecomes(right, self.expected_offset_frame(right_original, 540, keyboard), daemon=daemon)
        self.assertFrameBecomes(left, left_original, daemon=daemon)
        self.assertFalse(self.x.has_property(left.window, "_OSKSHIFT_ORIGINAL_GEOMETRY"))

        mark = daemon.mark()
        self.keyboard.hide()
        self.assertFrameBecomes(right, right_original, daemon=daemon)
        self.assertNothingMoved(daemon, left, left_original, since=mark)

    def test_the_users_move_of_an_adjusted_window_wins_and_it_is_not_restored_later(self):
        daemon = self.start_daemon()
        term = self.xterm("moved-by-user", "80x24+100+400")
        original = term.frame()
        term.tap_field_at_y(700)
        keyboard = self.keyboard.show()
        adjusted = self.expected_offset_frame(original, 700, keyboard)
        self.assertFrameBecomes(term, adjusted, daemon=daemon)

        term.move_to(300, 150)
        users_place = adjusted._replace(x=300, y=150)
        self.assertFrameBecomes(term, users_place)
        mark = daemon.mark()
        self.keyboard.hide()

        self.assertNothingMoved(daemon, term, users_place, since=mark)
        self.assertFalse(self.x.has_property(term.window, "_OSKSHIFT_ORIGINAL_GEOMETRY"),
                         "a released window keeps no saved geometry (a restart must not restore it)")
        self.assertTrue(daemon.is_alive())

    def test_a_maximized_window_is_unmaximized_for_the_keyboard_and_maximized_again_when_it_hides(self):
        daemon = self.start_daemon()
        term = self.xterm("maximized", "80x24+100+100")
        self.desktop.run("wmctrl", "-i", "-r", str(term.window), "-b", "add,maximized_vert,maximized_horz")
        wait_for(lambda: self.x.is_maximized(term.window), what="the xterm to be maximized")
        maximized = wait_for(lambda: term.frame() if term.frame().height == 800 else None,
                             what="the maximized frame to fill the screen")
        maximized_extents = self.x.frame_extents(term.window)
        term.tap_field_at_y(700)

        keyboard = self.keyboard.show()
        # The tap's band lies in the xterm's content, which moves inside the frame with the decorations: openbox's
        # title bar is 19 px high on a maximized window and 20 px on a normal one.
        wait_for(lambda: not self.x.is_maximized(term.window), what="the xterm to be unmaximized")
        normal_extents = wait_for(lambda: (lambda e: e if e != maximized_extents else None)(
            self.x.frame_extents(term.window)), what="openbox to decorate the unmaximized xterm")
        expected = self.expected_offset_frame(maximized, 700 + normal_extents.top - maximized_extents.top, keyboard)
        # xterm's WM_NORMAL_HINTS resize increments (one character cell) snap the requested size down, so the
        # size may come out up to one cell smaller; the position, which clears the field, is exact.
        wait_for(lambda: (lambda f: f.x == expected.x and f.y == expected.y
                          and expected.width - 16 < f.width <= expected.width
                          and expected.height - 24 < f.height <= expected.height)(term.frame()),
                 what="the unmaximized xterm at %s (within one cell of its size)" % (expected,))
        self.assertFalse(self.x.is_maximized(term.window), "unmaximized while adjusted (maximized = unmaximize)")
        saved = self.x.cardinals(term.window, "_OSKSHIFT_ORIGINAL_GEOMETRY")
        self.assertIsNotNone(saved)
        self.assertEqual(saved[4:6], [1, 1], "the saved geometry records maxV and maxH")

        self.keyboard.hide()
        wait_for(lambda: self.x.is_maximized(term.window), what="the xterm to be maximized again")
        self.assertFrameBecomes(term, maximized, daemon=daemon)
        self.assertIn("_NET_WM_STATE_MAXIMIZED_VERT", self.x.net_wm_state(term.window))
        self.assertIn("_NET_WM_STATE_MAXIMIZED_HORZ", self.x.net_wm_state(term.window))

    def test_with_animation_the_window_slides_and_ends_exactly_above_the_keyboard(self):
        config = DEFAULT_CONFIG.replace("duration_ms = 0", 'duration_ms = 150\ncurve = "ease-out"')
        daemon = self.start_daemon(config=config)
        term = self.xterm("animated", "80x24+100+400")
        original = term.frame()
        term.tap_field_at_y(700)

        # Sample from the moment the keyboard is asked to show: the slide is over before the keyboard stands still.
        self.keyboard.request_show()
        keyboard = wait_for(lambda: self.keyboard.is_shown() and self.keyboard.rect(), what="xvkbd shown")
        expected = self.expected_offset_frame(original, 700, keyboard)
        self.assertAtRest(term, expected, daemon)
        # The frames the server reported on the way, as the daemon received their ConfigureNotify: sampling the
        # frame from the test missed every step once (the slide over before the keyboard was seen shown).
        reported = re.findall(r"(?m)^event: window-configured 0x%x frame=%dx%d\+%d\+(-?\d+)$" % (
            term.window, original.width, original.height, original.x), daemon.log())
        between = sorted({int(y) for y in reported if expected.y < int(y) < original.y})
        self.assertTrue(between, "the window passed through positions between %d and %d (reported: %s)" % (
            original.y, expected.y, reported))

        self.keyboard.hide()
        self.assertFrameBecomes(term, original, daemon=daemon)


if __name__ == "__main__":
    unittest.main()
