"""onboard, shown and hidden through its D-Bus interface: floating with a yad form, and docked (sliding)."""
import unittest

from e2e_case import DesktopTestCase
from keyboards import Onboard, slide_frames
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
        self.assertEqual(self.keyboard.wait_settled(), final_keyboard)
        self.assertFrameBecomes(term, expected, daemon=daemon)
        self.assertAtRest(term, expected, daemon)

        self.keyboard.hide()
        self.assertFrameBecomes(term, original, daemon=daemon)
        self.assertFalse(self.x.has_property(term.window, "_OSKSHIFT_ORIGINAL_GEOMETRY"))


if __name__ == "__main__":
    unittest.main()
