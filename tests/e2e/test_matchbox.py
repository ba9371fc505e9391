"""Under matchbox-window-manager, with matchbox-keyboard as its toolbar (1280x320+0+480 when shown)."""
import unittest

import clients
from e2e_case import DesktopTestCase, is_acting
from keyboards import MatchboxKeyboard
from waiting import wait_for


class UnderMatchbox(DesktopTestCase):
    """What oskshift does where the window manager places windows itself.

    matchbox-window-manager makes every NORMAL window fill the work area, shrinks it itself above a toolbar
    keyboard, ignores _NET_MOVERESIZE_WINDOW and answers a move request with a ConfigureNotify that leaves the
    window where it was. Expected of oskshift there:
      - a NORMAL window: at most one request; when the window did not move, oskshift notices the refusal and
        leaves the window to the WM: no further requests (no fight), no restore request on hide, no saved
        geometry left on the window. The window ends where matchbox puts it.
      - a DIALOG window (here with `-use_dialog_mode free`, so matchbox lets the keyboard cover it) can be
        moved: oskshift offsets it above the keyboard and restores it exactly, as under openbox.
    """
    wm = "matchbox"
    wm_args = ("-use_dialog_mode", "free")
    keyboard_kind = MatchboxKeyboard

    def test_a_normal_window_matchbox_will_not_move_is_left_to_the_window_manager_without_a_fight(self):
        daemon = self.start_daemon()
        term = self.xterm("matchbox-normal", "80x24+0+0")
        full = wait_for(lambda: term.frame() if term.frame().height > 700 else None,
                        what="matchbox to size the xterm to the work area")
        term.tap_field_at_y(700)
        configures = self.watch_configures(term.window)
        mark = daemon.mark()

        keyboard = self.keyboard.show()
        self.assertEqual(keyboard.y, 480, "matchbox-keyboard docked as a toolbar at the bottom")
        shrunk = wait_for(lambda: term.frame() if term.frame().bottom <= keyboard.y else None,
                          what="matchbox to shrink the xterm above its toolbar")
        shrunk_at = len(configures())
        requests = daemon.at_rest(mark)
        self.assertEqual(term.frame(), shrunk, "the window ends where matchbox puts it")
        self.assertLessEqual(requests.get(term.window, 0), 1, "no fight with the WM: %s" % requests)
        more = configures()[shrunk_at:]
        self.assertLessEqual(len(more), 2, "no fight with the WM after the toolbar shrank it: %s" % more)
        self.assertLessEqual(len([d for d in daemon.decisions_for(term.window) if is_acting(d)]), 1,
                             self._decision_tail(daemon))

        self.keyboard.hide()
        self.assertFrameBecomes(term, full, daemon=daemon)
        self.assertFalse(self.x.has_property(term.window, "_OSKSHIFT_ORIGINAL_GEOMETRY"))
        self.assertTrue(daemon.is_alive())

    def test_a_dialog_window_is_moved_above_the_toolbar_keyboard_and_restored_exactly(self):
        daemon = self.start_daemon()
        dialog = clients.start_zenity_entry(self, self.desktop, "matchbox-dialog")
        self.addCleanup(dialog.close)
        dialog.move_to(100, 500)
        original = wait_for(lambda: dialog.frame() if dialog.frame().y == 500 else None,
                            what="the dialog at y=500 (-use_dialog_mode free lets it go there)")
        press_y = original.y + 60
        dialog.tap_field_at_y(press_y)

        keyboard = self.keyboard.show()
        self.assertFrameBecomes(dialog, self.expected_offset_frame(original, press_y, keyboard), daemon=daemon)

        self.keyboard.hide()
        self.assertFrameBecomes(dialog, original, daemon=daemon)


if __name__ == "__main__":
    unittest.main()
