"""Bad input never crashes the daemon: malformed properties and 500 windows coming and going."""
import os
import subprocess
import sys
import unittest

from e2e_case import HERE, DesktopTestCase
from keyboards import Xvkbd


class HostileClient(DesktopTestCase):
    keyboard_kind = Xvkbd

    def hostile(self, *args):
        return subprocess.Popen([sys.executable, os.path.join(HERE, "x_hostile_client.py"), *args],
                                env=self.desktop.env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)

    def test_malformed_properties_on_500_windows_during_keyboard_toggles_leave_the_daemon_alive_and_correct(self):
        daemon = self.start_daemon()
        # A managed window with every malformed property at once, shown while the keyboard toggles.
        victim = self.xterm("victim", "80x24+600+300")
        poisoned = self.hostile("poison", str(victim.window))
        output, _ = poisoned.communicate(timeout=30)
        self.assertEqual(poisoned.returncode, 0, output)
        victim.tap_field_at_y(580)

        churn = self.hostile("churn", "500")
        toggles = 0
        # The churn reads nothing back, so its pipe cannot fill up while the keyboard toggles.
        while churn.poll() is None or toggles < 6:
            self.keyboard.show() if toggles % 2 == 0 else self.keyboard.hide()
            toggles += 1
        output, _ = churn.communicate(timeout=60)
        self.assertEqual(churn.returncode, 0, output)
        if self.keyboard.is_shown():
            self.keyboard.hide()
        self.assertTrue(daemon.is_alive(), "oskshift died; log tail:\n%s" % daemon.log()[-3000:])

        # Still correct afterwards, on a clean window.
        victim.close()
        term = self.xterm("after-the-storm", "80x24+100+400")
        original = term.frame()
        term.tap_field_at_y(700)
        keyboard = self.keyboard.show()
        self.assertFrameBecomes(term, self.expected_offset_frame(original, 700, keyboard), daemon=daemon)
        self.keyboard.hide()
        self.assertFrameBecomes(term, original, daemon=daemon)
        self.assertTrue(daemon.is_alive())


if __name__ == "__main__":
    unittest.main()
