"""Monitors: a keyboard on the other monitor is ignored; the screen shrinking under an adjusted window."""
import unittest

from e2e_case import DesktopTestCase
from keyboards import Xvkbd
from waiting import wait_for
from xquery import Rect

LEFT_HALF_WIDTH = 640


class RightMonitorKeyboard(Xvkbd):
    """xvkbd at the bottom of the right half only, so it covers nothing on the left monitor."""

    def start(self):
        self.process = self.desktop.spawn(["xvkbd", "-compact", "-geometry", "600x240+660-0"], log_name="xvkbd-right")
        self.window = wait_for(lambda: self.x.viewable_window("--class", "^XVkbd$"), timeout=10, what="xvkbd")
        self.rest = self.wait_placed()
        self.hide()
        return self


class KeyboardOnTheOtherMonitor(DesktopTestCase):
    keyboard_kind = RightMonitorKeyboard

    def setUp(self):
        super().setUp()
        # Two monitors side by side on Xvfb's single output; openbox picks this up at once.
        self.desktop.run("xrandr", "--setmonitor", "LEFT", "640/169x800/211+0+0", "screen")
        self.desktop.run("xrandr", "--setmonitor", "RIGHT", "640/169x800/211+640+0", "none")
        self.addCleanup(self.desktop.run, "xrandr", "--delmonitor", "RIGHT", check=False)
        self.addCleanup(self.desktop.run, "xrandr", "--delmonitor", "LEFT", check=False)

    def test_a_keyboard_on_the_other_monitor_leaves_a_window_at_the_same_height_alone(self):
        daemon = self.start_daemon()
        left = self.xterm("left-monitor", "80x24+40+400")   # x 40..526, on LEFT; y 400..741 like the keyboard
        before = left.state()
        left.tap_field_at_y(700)
        configures = self.watch_configures(left.window)
        mark, requests_mark, frame_before = daemon.log_mark(), daemon.mark(), left.frame()

        keyboard = self.keyboard.show()
        self.assertGreaterEqual(keyboard.x, LEFT_HALF_WIDTH, "test setup: the keyboard is on the right monitor")
        self.assertLess(keyboard.y, 700 + 24, "test setup: the field is at the keyboard's height")
        self.assertNothingMoved(daemon, left, frame_before, since=requests_mark)
        self.keyboard.hide()

        self.assertEqual(left.state(), before)
        self.assertEqual(configures(), [])
        self.assertNoAdjustment(daemon, left.window, since=mark)

        # The control: the same keyboard does move a covered window on its own monitor.
        right = self.xterm("right-monitor", "80x24+700+400")
        original = right.frame()
        right.tap_field_at_y(700)
        keyboard = self.keyboard.show()
        self.assertFrameBecomes(right, self.expected_offset_frame(original, 700, keyboard), daemon=daemon)
        self.keyboard.hide()
        self.assertFrameBecomes(right, original, daemon=daemon)


class ScreenShrinking(DesktopTestCase):
    """Its own desktop: shrinking the screen changes it for every later test."""
    keyboard_kind = Xvkbd

    def test_the_screen_shrinking_while_a_window_is_adjusted_is_followed_and_hiding_still_restores_exactly(self):
        daemon = self.start_daemon()
        term = self.xterm("shrink", "80x24+100+400")  # stays inside 1024x768 at its original place
        original = term.frame()
        term.tap_field_at_y(700)
        keyboard = self.keyboard.show()
        self.assertFrameBecomes(term, self.expected_offset_frame(original, 700, keyboard), daemon=daemon)

        # Xvfb's output only knows 1280x800: add a 1024x768 mode, then switch to it (RRScreenChangeNotify).
        self.desktop.run("xrandr", "--newmode", "1024x768", "60", "1024", "1048", "1184", "1344",
                         "768", "771", "777", "806")
        self.desktop.run("xrandr", "--addmode", "screen", "1024x768")
        self.desktop.run("xrandr", "-s", "1024x768")
        wait_for(lambda: self.x.root_size() == (1024, 768), what="the root window to shrink to 1024x768")
        # openbox leaves a window that is still partly on the smaller screen where it is: the keyboard stays at its
        # end frame (checked on the server, not assumed).
        keyboard = self.keyboard.wait_shown()
        expected = self.expected_offset_frame(original, 700, keyboard) if 700 + 24 + 8 > keyboard.y else original
        self.assertFrameBecomes(term, expected, daemon=daemon)
        self.assertTrue(daemon.is_alive())

        self.keyboard.hide()
        self.assertFrameBecomes(term, original, daemon=daemon)


class ScreenShrinkingUnderAWindow(DesktopTestCase):
    """Its own desktop too: a window whose original place is partly off the smaller screen."""
    keyboard_kind = Xvkbd

    def test_hiding_the_keyboard_after_the_screen_shrank_puts_the_window_back_fully_on_the_new_screen(self):
        daemon = self.start_daemon(config="# the built-in defaults\n")
        term = self.xterm("shrink-off", "80x24+700+400")  # x 700..1186: partly off a 1024 px wide screen
        original = term.frame()
        self.assertGreater(original.right, 1024, "test setup: the original does not fit the smaller screen")
        term.tap_field_at_y(700)
        keyboard = self.keyboard.show()
        wait_for(lambda: term.frame().y < original.y, timeout=5, what="the xterm to be moved up")
        self.desktop.run("xrandr", "--newmode", "1024x768", "60", "1024", "1048", "1184", "1344",
                         "768", "771", "777", "806")
        self.desktop.run("xrandr", "--addmode", "screen", "1024x768")
        self.desktop.run("xrandr", "-s", "1024x768")
        wait_for(lambda: self.x.root_size() == (1024, 768), what="the root window to shrink to 1024x768")
        self.keyboard.wait_shown()  # openbox leaves it where it is, partly on the smaller screen
        self.keyboard.hide()

        def fully_on_screen():
            frame = term.frame()
            return (frame.x >= 0 and frame.y >= 0 and frame.right <= 1024 and frame.bottom <= 768
                    and (frame.width, frame.height) == (original.width, original.height))
        wait_for(fully_on_screen, timeout=5, what="the xterm fully on the 1024x768 screen at its size, now %s%s" % (
            term.frame(), self._decision_tail(daemon)))
        placed = term.frame()
        self.assertEqual(placed.right, 1024, "the nearest place: moved left just enough")
        self.assertAtRest(term, placed, daemon)


if __name__ == "__main__":
    unittest.main()
