"""onboard, shown and hidden through its D-Bus interface: floating with a yad form, and docked (sliding)."""
import os
import re
import time
import unittest

import requirements
from daemon import MARGIN, parse_rect
from e2e_case import DesktopTestCase
from keyboard_motion import FrameWatch, measure
from keyboards import Onboard, slide_frames
from test_accessibility import PYTHON_WITH_GI, GtkForm
from waiting import wait_for


class FloatingOnboard(DesktopTestCase):
    """onboard floating at 700x205+290+595 (set in its settings), above a yad form."""
    keyboard_kind = Onboard
    keyboard_options = {"docked": False}

    def test_a_yad_field_covered_by_floating_onboard_is_moved_above_it_and_restored_exactly(self):
        daemon = self.start_daemon()
        form = self.yad_form("form", fields=4, geometry="500x300+390+440")  # frame 502x325+390+440
        original = form.frame()
        form.tap_field_at_y(700)

        keyboard = self.keyboard.show()
        self.assertEqual(keyboard, type(keyboard)(290, 595, 700, 205), "onboard where its settings put it")
        self.assertFrameBecomes(form, self.expected_offset_frame(original, 700, keyboard), daemon=daemon)

        self.keyboard.hide()
        self.assertFrameBecomes(form, original, daemon=daemon)


class DockedOnboard(DesktopTestCase):
    """onboard docked at the bottom: it slides in and out (~12 ConfigureNotify) and reserves a strut."""
    keyboard_kind = Onboard
    keyboard_options = {"docked": True}

    def test_a_docked_onboard_sliding_in_is_followed_without_drift_and_hiding_restores_exactly(self):
        daemon = self.start_daemon()
        term = self.xterm("docked", "80x24+100+400")
        original = term.frame()
        term.tap_field_at_y(700)
        final_keyboard = self.keyboard.docked_rect()  # 1280x205+0+595
        expected = self.expected_offset_frame(original, 700, final_keyboard)

        self.keyboard.request_show()
        frames = slide_frames(self.keyboard, duration=0.8, also=term.frame)
        keyboard_frames = [k for k, _ in frames if k]
        # A slide, not a jump: two places or more between the first and the last. (The sampler saw 10-11 on a quiet
        # machine; 5 under two CPU hogs, where onboard's own steps and the sampling both slow down.)
        self.assertGreaterEqual(len(set(keyboard_frames)), 4, "onboard slid in: %s" % keyboard_frames)
        # While the keyboard rises the overlap only grows: following it never overshoots the final place.
        window_tops = [w.y for _, w in frames]
        self.assertGreaterEqual(min(window_tops), expected.y, "overshoot while following: %s" % window_tops)
        self.assertEqual(self.keyboard.wait_shown(), final_keyboard)
        self.assertFrameBecomes(term, expected, daemon=daemon)
        self.assertAtRest(term, expected, daemon)

        self.keyboard.hide()
        self.assertFrameBecomes(term, original, daemon=daemon)
        self.assertFalse(self.x.has_property(term.window, "_OSKSHIFT_ORIGINAL_GEOMETRY"))

    def test_a_gtk_field_under_a_docked_onboard_sliding_in_is_never_covered_and_rests_margin_above_it(self):
        """The keyboard's motion is the animation: the built-in defaults (no glide of our own) with `offset`. The
        window is placed at the slide's first step where the keyboard will rest, so the field is never under the
        keyboard, not even within our reaction time after a step; one placement per show, and the hide follows
        the slide-out home."""
        requirements.require_tools(self, PYTHON_WITH_GI)
        daemon = self.start_daemon(config='[avoidance]\nmode = "offset"\nfocus = ["widget", "window"]\n')
        form = GtkForm(self, "motion-form", "--entries", "4", "--geometry", "400x200+440+500", "--focus", "entry-4")
        original, app_frame = form.frame(), self.x.frame_window(form.window)
        origin = self.x.x_frame_rect(form.window, app_frame)
        field = form.accessible("entry-4")["widget"]
        # Under the keyboard's 6th step or later (~100 ms into its ~200 ms slide), and under it at rest.
        final_keyboard = self.keyboard.docked_rect()
        self.assertTrue(final_keyboard.y < field.bottom + MARGIN and field.bottom <= 700, "test setup: %s" % (field,))
        expected = original.moved_by(0, final_keyboard.y - MARGIN - field.bottom)
        watch = FrameWatch(self.desktop, os.path.join(self.test_dir, "frames.txt"))
        self.addCleanup(watch.close)

        since = time.monotonic()
        self.keyboard.request_show()
        self.assertEqual(self.keyboard.wait_shown(), final_keyboard)
        self.assertFrameBecomes(form, expected, daemon=daemon)
        self.assertAtRest(form, expected, daemon)
        keyboard_frame = self.x.frame_window(self.keyboard.window)
        shown = measure(watch.events(), since, keyboard_frame, app_frame, field.moved_by(-origin.x, -origin.y),
                        origin, MARGIN)
        self.assertGreaterEqual(shown["keyboard_steps"], 4, "onboard slid in: %s" % shown)
        self.assertEqual(shown["max_overlap_px"], 0, "the field under the keyboard during the slide: %s" % shown)
        self.assertEqual(shown["app_placements"], 1, "one placement per show: %s" % shown)
        self.assertEqual(shown["rest_to_clear_ms"], 0.0, "clear when the keyboard came to rest: %s" % shown)
        moved = form.accessible("entry-4")["widget"]
        self.assertEqual(moved.bottom + MARGIN, final_keyboard.y, "the entry ends margin px above the keyboard")

        since, mark = time.monotonic(), daemon.log_mark()
        self.keyboard.hide()
        self.assertFrameBecomes(form, original, daemon=daemon)
        self.assertAtRest(form, original, daemon)
        hidden = measure(watch.events(), since, keyboard_frame, app_frame, field.moved_by(-origin.x, -origin.y),
                         origin.moved_by(0, expected.y - original.y), MARGIN, keyboard_start=final_keyboard)
        asked = self.assertSlideOutFollowed(daemon, form.window, mark, field, original, expected)
        self.assertEqual(hidden["app_placements"], asked, "each placement asked on the way home landed, and no "
                         "other: %s" % hidden)

    def assertSlideOutFollowed(self, daemon, window, mark, field, original, placed):
        """Home with the slide-out, step by step: each keyboard position the daemon handled at which the window's
        placement no longer kept the field (`field`, read at home) margin px above the keyboard moved the window,
        down a step or home, and home only once the field there is clear. How many positions the daemon handles is
        the scheduler's, not the daemon's: under load the X events of several steps arrive in one read, and only the
        latest counts. Returns how many placements it asked for."""
        asked = 0
        for decision in daemon.decisions_for(window, mark):
            keyboard_top = parse_rect(decision["keyboard"]).y
            field_bottom = field.bottom + placed.y - original.y
            target = re.search(r"action=(?:adjust|restore) to (\S+)", decision["line"])
            if field_bottom + MARGIN > keyboard_top:
                self.assertTrue(target, "the field covered by the keyboard at y %d, and the window left: %s"
                                % (keyboard_top, decision["line"]))
            if target:
                asked += 1
                placed = parse_rect(target.group(1))
                if placed == original:
                    self.assertLessEqual(field.bottom + MARGIN, keyboard_top, "home while the keyboard at y %d still "
                                         "covers the field there: %s" % (keyboard_top, decision["line"]))
        self.assertEqual(placed, original, "the last placement asked is home")
        return asked


if __name__ == "__main__":
    unittest.main()
