"""LibreOffice Writer and Calc (GTK 3 VCL plugin) with the default configuration, under openbox with xvkbd across
the bottom and with a docked onboard; the daemon starts before LibreOffice.

LibreOffice exposes each visible paragraph of a Writer document as an editable accessible that takes the focus
(a Return focuses the next one), with text-caret-moved events and character extents; a Calc cell being edited is a
paragraph beside the sheet's table. Everything under VCL's root pane is reported 25 px higher than it is drawn (the
GTK menu bar's height), which the daemon corrects (PaneOffset); the Writer test checks the corrected caret against
the pixels of the letter drawn in it. Two more things measured here shape the tests: a Return right after a Return
is applied by Writer only when the next other key arrives (so each line gets a letter after its Return), and an
accessible of a paragraph scrolled out of view is dropped (its reads then name no process).
"""
import compatibility
from daemon import MARGIN
from keyboards import Onboard, Xvkbd
from office_clients import DEFAULT_WITHOUT_ANIMATION, AccessibleDesktopTestCase, LibreOffice, dark_rows
from waiting import wait_for
from xquery import Rect

# The client both documents are placed at (frame 902x585+99+130): its top leaves 130 px for offsets, which the
# default auto mode takes before it would shrink the window.
PLACE = (900, 560, 100, 150)


class LibreOfficeWithXvkbd(AccessibleDesktopTestCase):
    keyboard_kind = Xvkbd

    def wait_caret(self, app, what, accept=lambda caret: True):
        def ready():
            caret = app.caret()
            return caret if caret is not None and accept(caret) else None
        return wait_for(ready, timeout=10, interval=0.1, what=what)

    def assertCaretExactlyClear(self, app, keyboard):
        try:
            return self.wait_caret(app, "the caret line exactly margin px above the keyboard",
                                   lambda caret: caret.bottom + MARGIN == keyboard.y)
        except AssertionError as error:
            raise self.failureException("%s (caret now %s)%s" % (error, app.caret(), self._decision_tail(self.daemon)))

    def test_the_writer_caret_typed_down_line_by_line_stays_clear_by_the_margin_and_hiding_restores_exactly(self):
        writer, paragraph = LibreOffice.placed_and_typing(self, "--writer", "Writer", PLACE, "paragraph", "a")
        original = writer.frame()
        self.assertEqual(paragraph["pane_offset"][0], 0)
        self.assertGreater(paragraph["pane_offset"][1], 0, "LibreOffice reports its root pane above its container")
        before = self.wait_caret(writer, "the caret in the focused paragraph")
        writer.key("a")
        start = self.wait_caret(writer, "the caret after a letter", lambda caret: caret.x > before.x)
        # The letter's pixels lie in the caret's line as corrected, not where LibreOffice says it is.
        drawn = wait_for(lambda: dark_rows(self.desktop, Rect(start.x - 12, start.y - 12, 13, start.height + 24)),
                         timeout=5, interval=0.2, what="the letter drawn left of the caret")
        self.assertTrue(start.y <= drawn[0] and drawn[1] <= start.bottom,
                        "the letter's rows %s lie in the corrected caret line %s" % (drawn, start))
        mark = self.daemon.mark()
        keyboard = self.keyboard.show()
        self.assertNothingMoved(self.daemon, writer, original, since=mark)

        # All lines but the last few that stay clear at once, then one at a time until the window moves.
        lines = max(0, (keyboard.y - MARGIN - start.bottom) // 19 - 2)
        writer.key(*["Return", "a"] * lines)
        previous = self.wait_caret(writer, "the caret after the lines typed at once",
                                   lambda caret: caret.y >= start.y + lines * 18)
        for _ in range(6):
            writer.key("Return", "a")

            def new_line_or_moved():
                if writer.frame() != original:
                    return "moved"
                caret = writer.caret()
                if writer.frame() != original:
                    return "moved"
                return caret if caret is not None and caret.y > previous.y else None
            outcome = wait_for(new_line_or_moved, timeout=8, interval=0.1, what="the next line, or the window moved")
            if outcome == "moved":
                break
            previous = outcome
        self.assertCaretExactlyClear(writer, keyboard)
        self.assertLess(writer.frame().y, original.y)

        # The window follows the typing: each new line moves it up by the line, the caret exactly margin clear.
        for step in range(2):
            before = writer.frame()
            clear_ms = compatibility.time_until(lambda: writer.key("Return", "a"),
                                                lambda: writer.frame().y < before.y, timeout=8)
            caret = self.assertCaretExactlyClear(writer, keyboard)
            self.assertEqual((writer.frame().width, writer.frame().height), (original.width, original.height),
                             "offset, not shrunk: the window's top still has room")
            if step == 0:
                compatibility.record(self, "LibreOffice Writer", "LibreOffice VCL (gtk3)", "libreoffice-writer",
                                     "AT-SPI (VCL's ATK bridge): the focused paragraph's caret, root pane offset "
                                     "corrected", "offset above the keyboard, following each new line", "Return",
                                     clear_ms, self.keyboard)
        self.assertAtRest(writer, writer.frame(), self.daemon)  # the window holds still

        self.keyboard.hide()
        self.assertFrameBecomes(writer, original, daemon=self.daemon)

    def test_a_calc_cell_near_the_bottom_being_edited_is_cleared_and_hiding_restores_exactly(self):
        calc = LibreOffice(self, "--calc", "Calc")
        calc.place(*PLACE)
        original = calc.frame()
        keyboard = self.keyboard.show()
        self.keyboard.hide()
        self.assertAtRest(calc, original, self.daemon)
        mark = self.daemon.mark()

        # The first cell's editor gives the rows' place and height; then the first row under the keyboard.
        first = calc.type_until_focused("paragraph", "x")["widget"]
        calc.key("Escape", "ctrl+Home")
        rows = (keyboard.y - MARGIN - first.bottom) // first.height + 1
        calc.key(*["Down"] * rows, "x")
        editor = wait_for(lambda: (lambda f: f if f and f["role"] == "paragraph"
                                   and f["widget"].y > first.y else None)(calc.focused_field()),
                          timeout=10, interval=0.2, what="the editor of the cell %d rows down" % rows)
        self.assertEqual(editor["pane_offset"][0], 0)
        self.assertGreater(editor["pane_offset"][1], 0, "the cell editor lies under VCL's displaced root pane")
        edited = editor["widget"]
        client = self.desktop.x.client_rect(calc.window)
        self.assertGreater(edited.bottom + MARGIN, keyboard.y, "test setup: the edited cell is under the keyboard")
        self.assertLess(edited.bottom, client.bottom - 40, "test setup: the edited cell is inside the window")
        self.assertNothingMoved(self.daemon, calc, original, since=mark)

        expected = original.moved_by(0, -(edited.bottom + MARGIN - keyboard.y))
        clear_ms = compatibility.time_until(self.keyboard.request_show, lambda: calc.frame() == expected, timeout=8)
        self.keyboard.wait_shown()
        self.assertFrameBecomes(calc, expected, daemon=self.daemon)
        cell = calc.focused_field()["widget"]
        self.assertEqual(cell.bottom + MARGIN, keyboard.y, "the cell being edited ends margin px above the keyboard")
        compatibility.record(self, "LibreOffice Calc", "LibreOffice VCL (gtk3)", "libreoffice-calc",
                             "AT-SPI (VCL's ATK bridge): the cell editor's extents, root pane offset corrected",
                             "offset above the keyboard", "keyboard shown", clear_ms, self.keyboard)

        self.keyboard.hide()
        self.assertFrameBecomes(calc, original, daemon=self.daemon)



    def test_a_writer_caret_under_the_keyboard_is_cleared_by_a_daemon_started_after_it(self):
        # The focus LibreOffice already has is found at start: in the document's visible paragraphs (a container
        # that manages its descendants), past 1 700 hidden menu items.
        self.daemon.stop()
        writer, _ = LibreOffice.placed_and_typing(self, "--writer", "Writer", PLACE, "paragraph", "a")
        original = writer.frame()
        keyboard = self.keyboard.show()
        start = self.wait_caret(writer, "the caret after a letter")
        lines = (keyboard.y - MARGIN - start.bottom) // 18 + 1
        writer.key(*["Return", "a"] * lines)
        caret = self.wait_caret(writer, "the caret under the keyboard", lambda c: c.bottom + MARGIN > keyboard.y)
        self.assertLess(caret.bottom, self.desktop.x.client_rect(writer.window).bottom - 40,
                        "test setup: the caret's line is inside the window")
        self.assertEqual(writer.frame(), original)
        expected = original.moved_by(0, -(caret.bottom + MARGIN - keyboard.y))
        daemon = self.start_daemon(config=DEFAULT_WITHOUT_ANIMATION)
        self.assertFrameBecomes(writer, expected, daemon=daemon)
        self.assertEqual(writer.caret().bottom + MARGIN, keyboard.y)
        self.keyboard.hide()
        self.assertFrameBecomes(writer, original, daemon=daemon)


class LibreOfficeWithDockedOnboard(LibreOfficeWithXvkbd):
    keyboard_kind = Onboard
    keyboard_options = {"docked": True}
    # The daemon's start is the same with either keyboard; once is enough for a LibreOffice start of 3 s.
    test_a_writer_caret_under_the_keyboard_is_cleared_by_a_daemon_started_after_it = None
