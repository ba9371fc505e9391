"""A VTE terminal (xfce4-terminal 1.0.4, VTE 0.70) with the default configuration, under openbox with xvkbd across
the bottom and with a docked onboard; the daemon starts before the terminal.

VTE exposes its terminal as a focused accessible of role `terminal` that is not editable, with a Text interface
whose caret is the cursor (text-caret-moved as it moves, character extents 10x19 per cell): the daemon follows it
as a multi-line field (TextFieldStates), so the cursor line is what clears the keyboard. Before, the terminal's
window was taken for one whose focus is on a button and was never moved.
"""

import compatibility
from daemon import MARGIN
from e2e_case import is_acting
from keyboards import Onboard, Xvkbd
from office_clients import AccessibleDesktopTestCase, XfceTerminal
from waiting import wait_for

# 80x34 cells (34 x 19 px rows): taller than the room above either keyboard, so the cursor's line is what must be
# clear; the window's top at y 40 leaves a little room for an offset before the default auto mode shrinks it.
GEOMETRY = "80x34+100+40"
LINE = 19


class VteTerminalWithXvkbd(AccessibleDesktopTestCase):
    keyboard_kind = Xvkbd

    def test_the_cursor_line_typed_down_to_the_bottom_stays_clear_and_hiding_restores_exactly(self):
        term = XfceTerminal(self, "vte-term", GEOMETRY)
        original = term.frame()
        field = wait_for(lambda: (lambda f: f if f and f["role"] == "terminal" and f["caret"] else None)(
            term.focused_field()), timeout=20, interval=0.2, what="the terminal's cursor over AT-SPI")
        start = field["caret"]
        self.assertEqual(start.height, LINE)
        mark = self.daemon.mark()
        keyboard = self.keyboard.show()
        self.assertGreater(field["widget"].height, keyboard.y - MARGIN, "test setup: the terminal is taller than the room")
        self.assertNothingMoved(self.daemon, term, original, since=mark)

        # Returns until the cursor's next line would be covered, all at once; then the Return that covers it.
        lines = (keyboard.y - MARGIN - start.bottom) // LINE
        term.key(*["Return"] * lines)
        before = wait_for(lambda: (lambda c: c if c and c.y == start.y + lines * LINE else None)(term.caret()),
                          timeout=10, interval=0.1, what="the cursor %d lines down" % lines)
        self.assertLessEqual(before.bottom + MARGIN, keyboard.y)
        self.assertEqual(term.frame(), original, "not moved while the cursor line is clear")
        clear_ms = compatibility.time_until(lambda: term.key("Return"), lambda: term.frame() != original, timeout=8)

        def cursor_clear():
            caret = term.caret()
            return caret if caret is not None and caret.y >= 0 and caret.bottom + MARGIN <= keyboard.y else None
        wait_for(cursor_clear, timeout=8, interval=0.1,
                 what="the cursor line clear of the keyboard%s" % self._decision_tail(self.daemon))
        self.assertAtRest(term, term.frame(), self.daemon)  # the window holds still
        acting = [d for d in self.daemon.decisions_for(term.window) if is_acting(d)]
        self.assertEqual(acting[-1].get("source"), "caret", acting[-1]["line"])
        compatibility.record(self, "xfce4-terminal", "VTE (GTK 3)", "xfce4-terminal",
                             "AT-SPI (VTE's terminal, not editable): the cursor's character extents",
                             "keeps the cursor line clear (offset while the top has room, else inset; VTE reflows)", "Return", clear_ms,
                             self.keyboard)

        # Two more lines: the cursor stays on the terminal's last row, clear.
        term.key("Return", "Return")
        wait_for(cursor_clear, timeout=8, interval=0.1, what="the cursor line still clear")

        self.keyboard.hide()
        self.assertFrameBecomes(term, original, daemon=self.daemon)



class VteTerminalWithDockedOnboard(VteTerminalWithXvkbd):
    keyboard_kind = Onboard
    keyboard_options = {"docked": True}
