"""Start, stop and crash: signals restore, a restart after SIGKILL restores, one instance per display."""
import unittest

from e2e_case import DesktopTestCase
from keyboards import Xvkbd
from waiting import wait_for


class StoppingAndRestarting(DesktopTestCase):
    keyboard_kind = Xvkbd

    def adjust_one_window(self, daemon, title):
        term = self.xterm(title, "80x24+100+400")
        original = term.frame()
        term.tap_field_at_y(700)
        keyboard = self.keyboard.show()
        self.assertFrameBecomes(term, self.expected_offset_frame(original, 700, keyboard), daemon=daemon)
        return term, original

    def test_sigterm_restores_every_adjusted_window_before_exiting_0(self):
        daemon = self.start_daemon()
        term, original = self.adjust_one_window(daemon, "sigterm")

        self.assertEqual(daemon.terminate(), 0, daemon.log()[-1500:])
        self.assertEqual(term.frame(), original, "restored before the process exited, with the keyboard still up")
        self.assertFalse(self.x.has_property(term.window, "_OSKSHIFT_ORIGINAL_GEOMETRY"))

    def test_after_sigkill_the_geometry_saved_on_the_window_lets_the_next_start_restore_it(self):
        daemon = self.start_daemon()
        term, original = self.adjust_one_window(daemon, "sigkill")
        adjusted = term.frame()

        daemon.kill()
        saved = self.x.cardinals(term.window, "_OSKSHIFT_ORIGINAL_GEOMETRY")
        self.assertIsNotNone(saved, "the original geometry survives the daemon on the window")
        self.assertEqual(len(saved), 7)
        self.keyboard.hide()
        self.assertEqual(term.frame(), adjusted, "nobody is left to restore it")

        restarted = self.start_daemon()
        self.assertFrameBecomes(term, original, daemon=restarted)
        self.assertFalse(self.x.has_property(term.window, "_OSKSHIFT_ORIGINAL_GEOMETRY"))

    def test_a_second_instance_exits_3_and_replace_takes_over(self):
        first = self.start_daemon()
        second = first.run_once("--verbose")
        self.assertEqual(second.returncode, 3, "second instance: %s" % (second.stdout + second.stderr))
        self.assertTrue(first.is_alive(), "the first instance keeps running")

        replacement = self.start_daemon("--replace")
        wait_for(lambda: not first.is_alive(), timeout=5, what="the replaced instance to exit")
        self.assertEqual(first.process.returncode, 0, first.log()[-1500:])

        term, _ = self.adjust_one_window(replacement, "after-replace")
        self.keyboard.hide()


if __name__ == "__main__":
    unittest.main()
