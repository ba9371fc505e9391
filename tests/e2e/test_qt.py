"""Qt 5 and Qt 6 applications with the default configuration: PyQt5 and PyQt6 forms (tests/fixtures/qt_form.py)
and featherpad, under openbox with xvkbd across the bottom (frame 1282x265+0+558) and a docked onboard.

Every class sets the accessibility switch (`org.a11y.Status IsEnabled`) explicitly at its session's start, and the
daemon starts BEFORE the application: Qt 6 reads the switch when it starts, and Qt 5 joins the bus only when the
X root property AT_SPI_BUS exists at its start, which at-spi-bus-launcher sets once the daemon's watcher has asked
for the bus (docs/kiosk.md). Field geometry comes from the application over AT-SPI (atspi_field.py), window
geometry from the server.
"""
import os

import compatibility
import requirements
from daemon import MARGIN
from e2e_case import DesktopTestCase, is_acting
from keyboards import Onboard, Xvkbd
from qt_clients import PYTHON_WITH_GI, Featherpad, QtForm, accessibility_switch, set_accessibility_switch
from waiting import wait_for

# The default configuration (mode auto, margin 8, focus caret, widget, input-focus, pointer, window), without the
# animation, so that a placement is final as soon as the daemon has acted.
DEFAULT_WITHOUT_ANIMATION = """\
[animation]
duration_ms = 0
"""

# A form whose last line edits are under xvkbd: frame 402x325 at 100,470 (bottom 795).
FORM_AT_BOTTOM = ("--entries", "6", "--geometry", "400x300+100+470")


def require_qt(test, module):
    requirements.require_tools(test, PYTHON_WITH_GI)
    if not os.path.isdir("/usr/lib/python3/dist-packages/%s" % module):
        requirements.require_tools(test, "%s (python3-%s)" % (module, module.lower()))


class QtTestCase(DesktopTestCase):
    switch_at_session_start = True

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        set_accessibility_switch(cls.desktop, cls.switch_at_session_start)

    def start_daemon_with_defaults(self):
        return self.start_daemon(config=DEFAULT_WITHOUT_ANIMATION)

    def expected_frame(self, original, field, keyboard):
        overlap = field.bottom + MARGIN - keyboard.y
        self.assertGreater(overlap, 0, "test setup: the field %s is not covered by %s" % (field, keyboard))
        return original.moved_by(0, -overlap)

    def assertFieldClearsKeyboardByTheMargin(self, app, name, keyboard):
        field = app.field(name)["widget"]
        self.assertEqual(field.bottom + MARGIN, keyboard.y, "%s ends exactly margin px above the keyboard" % name)

    def bottom_line_edit_is_cleared_and_restored(self, qt):
        daemon = self.start_daemon_with_defaults()
        form = QtForm(self, qt, "qt%s-form" % qt, *FORM_AT_BOTTOM)
        original = form.frame()
        bottom = form.wait_field("entry-6")["widget"]
        keyboard = self.keyboard.show()

        form.focus_by_keys("entry-5", *["Tab"] * 4)
        expected = self.expected_frame(original, bottom, keyboard)
        clear_ms = compatibility.time_until(lambda: form.key("Tab"), lambda: form.frame() == expected)
        self.assertFrameBecomes(form, expected, daemon=daemon)
        self.assertEqual(form.focused(), "entry-6")
        self.assertFieldClearsKeyboardByTheMargin(form, "entry-6", keyboard)
        compatibility.record(self, "PyQt%d form (tests/fixtures/qt_form.py)" % qt, "Qt %d" % qt,
                             "libqt5widgets5" if qt == 5 else "libqt6widgets6", "AT-SPI (Qt's own bridge): the "
                             "line edit's extents", "offset above the keyboard", "Tab", clear_ms, self.keyboard)

        self.keyboard.hide()
        self.assertFrameBecomes(form, original, daemon=daemon)


class QtFormsWithXvkbd(QtTestCase):
    keyboard_kind = Xvkbd

    def test_a_pyqt5_line_edit_near_the_bottom_reached_by_tab_clears_the_keyboard_and_hiding_restores_exactly(self):
        require_qt(self, "PyQt5")
        self.bottom_line_edit_is_cleared_and_restored(5)

    def test_a_pyqt6_line_edit_near_the_bottom_reached_by_tab_clears_the_keyboard_and_hiding_restores_exactly(self):
        require_qt(self, "PyQt6")
        self.bottom_line_edit_is_cleared_and_restored(6)

    def test_a_pyqt6_line_edit_focused_over_atspi_clears_the_keyboard(self):
        require_qt(self, "PyQt6")
        daemon = self.start_daemon_with_defaults()
        form = QtForm(self, 6, "grab-form", *FORM_AT_BOTTOM)
        original = form.frame()
        bottom = form.wait_field("entry-5")["widget"]
        keyboard = self.keyboard.show()

        form.field("entry-5", grab_focus=True)
        wait_for(lambda: form.focused() == "entry-5", what="entry-5 focused through Component.grabFocus")
        self.assertFrameBecomes(form, self.expected_frame(original, bottom, keyboard), daemon=daemon)
        self.assertFieldClearsKeyboardByTheMargin(form, "entry-5", keyboard)
        self.keyboard.hide()
        self.assertFrameBecomes(form, original, daemon=daemon)

    def test_the_window_follows_the_qtextedit_caret_as_lines_are_typed_and_hiding_restores_exactly(self):
        require_qt(self, "PyQt6")
        daemon = self.start_daemon_with_defaults()
        form = QtForm(self, 6, "caret-form", "--entries", "0", "--textedit", "--focus", "textedit",
                      "--geometry", "400x700+100+40")
        original = form.frame()
        mark = daemon.mark()
        keyboard = self.keyboard.show()
        form.key("a")
        start = wait_for(lambda: form.field("textedit")["caret"], what="the caret box after one character")
        self.assertGreater(form.field("textedit")["widget"].height, keyboard.y - MARGIN,
                           "test setup: the text edit does not fit above the keyboard")
        self.assertNothingMoved(daemon, form, original, since=mark)

        # "a" after each Return: the caret then sits after a character of its own line. All lines but the last two
        # that stay clear go at once; then one at a time until the window moves, so typing stops at the first line
        # under the margin (1-14 px to clear) and the daemon's exact offset is the state that stays. (Typing a
        # computed count at once ended one line further in about 1 run of 10, past the room the window has to
        # move up, and the exact offset was only passed through on the way to a shrink.)
        form.key(*["Return", "a"] * max(0, (keyboard.y - MARGIN - start.bottom) // start.height - 1))
        previous = wait_for(lambda: form.field("textedit")["caret"], what="the caret after the lines typed at once")
        for _ in range(6):
            form.key("Return", "a")

            def new_line_or_moved():
                if form.frame().y != original.y:
                    return "moved"
                caret = form.field("textedit")["caret"]
                # Again after the read (100+ ms): a move meanwhile makes the caret's root position meaningless.
                if form.frame().y != original.y:
                    return "moved"
                return caret if caret is not None and caret.y > previous.y else None
            outcome = wait_for(new_line_or_moved, timeout=8, interval=0.1, what="the next line, or the window moved")
            if outcome == "moved":
                break
            previous = outcome

        def caret_clear():
            caret = form.field("textedit")["caret"]
            return caret is not None and caret.bottom + MARGIN == keyboard.y and caret.y > start.y
        wait_for(caret_clear, timeout=8, interval=0.1,
                 what="the caret line exactly margin px above the keyboard%s" % self._decision_tail(daemon))
        following = form.frame()
        self.assertLess(following.y, original.y)

        # One more line: the window moves up, or (shrunk in auto mode) the text edit scrolls its caret back into
        # its smaller view by itself; either way the caret line ends clear of the keyboard and the window holds
        # still.
        form.key("Return", "a")

        def caret_above_keyboard():
            caret = form.field("textedit")["caret"]
            return caret is not None and caret.bottom + MARGIN <= keyboard.y and caret.y >= 0
        wait_for(caret_above_keyboard, timeout=8, interval=0.1, what="the caret line clear again")
        placed = form.frame()
        self.assertLess(placed.y, original.y)
        self.assertAtRest(form, placed, daemon)

        self.keyboard.hide()
        self.assertFrameBecomes(form, original, daemon=daemon)

    def test_a_window_whose_focus_is_on_a_button_is_not_moved(self):
        require_qt(self, "PyQt6")
        daemon = self.start_daemon_with_defaults()
        form = QtForm(self, 6, "button-form", *FORM_AT_BOTTOM, "--button", "--focus", "button")
        original = form.frame()
        button = form.wait_field("button")["widget"]
        mark = daemon.mark()
        keyboard = self.keyboard.show()
        self.assertGreater(button.bottom + MARGIN, keyboard.y, "test setup: the button is under the keyboard")

        self.assertNothingMoved(daemon, form, original, since=mark)
        self.assertNoAdjustment(daemon, form.window)

    def test_featherpad_editor_clears_the_keyboard_and_hiding_restores_exactly(self):
        requirements.require_tools(self, "featherpad", PYTHON_WITH_GI)
        daemon = self.start_daemon_with_defaults()
        editor = Featherpad(self)
        editor.place(600, 400, 100, 380)
        original = editor.frame()
        editor.key("h", "i")
        field = editor.wait_field(Featherpad.EDITOR)["widget"]
        keyboard = self.keyboard.show()

        self.assertFrameBecomes(editor, self.expected_frame(original, field, keyboard), daemon=daemon)
        self.assertFieldClearsKeyboardByTheMargin(editor, Featherpad.EDITOR, keyboard)
        self.assertEqual([d.get("source") for d in daemon.decisions_for(editor.window) if is_acting(d)][-1:],
                         ["caret"], "the editor's field came from AT-SPI")

        self.keyboard.hide()
        self.assertFrameBecomes(editor, original, daemon=daemon)


class QtHiDPIWithXvkbd(QtTestCase):
    """QT_SCALE_FACTOR=2: Qt reports every AT-SPI rect in logical pixels (root pixels / 2), like GTK3 with
    GDK_SCALE."""
    keyboard_kind = Xvkbd

    def test_a_pyqt6_form_at_scale_2_has_its_bottom_line_edit_cleared_in_root_pixels(self):
        require_qt(self, "PyQt6")
        daemon = self.start_daemon_with_defaults()
        # 2x: client 400x160 logical = 800x320 root pixels, frame at 100,470.
        form = QtForm(self, 6, "hidpi-form", "--entries", "4", "--geometry", "400x160+50+235",
                      env={"QT_SCALE_FACTOR": "2"})
        original = form.frame()
        client = self.desktop.x.client_rect(form.window)
        logical = form.wait_field("entry-4")["widget"]
        self.assertEqual(client.width, 800, "test setup: Qt doubled the window")
        bottom_in_root = logical.bottom * 2
        keyboard = self.keyboard.show()

        form.focus_by_keys("entry-4", *["Tab"] * 3)
        overlap = bottom_in_root + MARGIN - keyboard.y
        self.assertGreater(overlap, 0, "test setup: entry-4 is under the keyboard")
        self.assertFrameBecomes(form, original.moved_by(0, -overlap), daemon=daemon)
        self.keyboard.hide()
        self.assertFrameBecomes(form, original, daemon=daemon)


    def test_a_large_pyqt6_window_near_the_origin_at_scale_2_is_matched_at_scale_2(self):
        # A plain QWidget window's accessible is a `filler`, so the watcher finds no top-level rect, and a logical
        # field rect that also lies inside the big window must not be taken for root pixels (docs/kiosk.md).
        require_qt(self, "PyQt6")
        daemon = self.start_daemon_with_defaults()
        # 2x: client 620x300 logical = 1240x600 root pixels, frame at 0,120.
        form = QtForm(self, 6, "big-hidpi-form", "--entries", "8", "--geometry", "620x300+0+60",
                      env={"QT_SCALE_FACTOR": "2"})
        original = form.frame()
        logical = form.wait_field("entry-8")["widget"]
        client = self.desktop.x.client_rect(form.window)
        self.assertTrue(client.y <= logical.y and logical.bottom <= client.bottom,
                        "test setup: the logical rect also lies inside the window in root pixels")
        keyboard = self.keyboard.show()

        form.focus_by_keys("entry-8", *["Tab"] * 7)
        overlap = logical.bottom * 2 + MARGIN - keyboard.y
        self.assertGreater(overlap, 0, "test setup: entry-8 is under the keyboard")
        self.assertLessEqual(overlap, original.y, "test setup: an offset keeps the top on screen")
        self.assertFrameBecomes(form, original.moved_by(0, -overlap), daemon=daemon)
        self.keyboard.hide()
        self.assertFrameBecomes(form, original, daemon=daemon)


class QtFormWithDockedOnboard(QtTestCase):
    keyboard_kind = Onboard
    keyboard_options = {"docked": True}

    def test_a_pyqt6_line_edit_under_a_docked_onboard_clears_it_and_hiding_restores_exactly(self):
        require_qt(self, "PyQt6")
        self.bottom_line_edit_is_cleared_and_restored(6)


class AccessibilitySwitchedOnByTheDaemon(QtTestCase):
    """The session starts with the switch OFF: the daemon turns it on, and a Qt 6 form started after it is exposed."""
    keyboard_kind = Xvkbd
    switch_at_session_start = False

    def setUp(self):
        super().setUp()
        # The tests share the session, and each needs it switched off (and no screen reader) at its start.
        set_accessibility_switch(self.desktop, False, name="ScreenReaderEnabled")
        set_accessibility_switch(self.desktop, False)

    def test_the_daemon_turns_the_switch_on_and_a_pyqt6_form_started_after_it_has_its_field_cleared(self):
        require_qt(self, "PyQt6")
        self.assertFalse(accessibility_switch(self.desktop), "test setup: the switch starts off")
        daemon = self.start_daemon_with_defaults()
        self.assertTrue(accessibility_switch(self.desktop))
        self.assertEqual(daemon.log().count("accessibility: turned the desktop's accessibility switch on"), 1)
        self.assertEqual(self.desktop.run("gsettings", "get", "org.gnome.desktop.interface",
                                          "toolkit-accessibility").strip(), "true",
                         "at-spi-bus-launcher stored the switch in dconf (documented in docs/kiosk.md)")

        form = QtForm(self, 6, "switched-form", *FORM_AT_BOTTOM)
        original = form.frame()
        bottom = form.wait_field("entry-6")["widget"]
        keyboard = self.keyboard.show()
        form.focus_by_keys("entry-6", *["Tab"] * 5)
        self.assertFrameBecomes(form, self.expected_frame(original, bottom, keyboard), daemon=daemon)
        self.keyboard.hide()
        self.assertFrameBecomes(form, original, daemon=daemon)

    def test_a_screen_readers_own_switch_is_left_on_when_the_daemon_turns_the_desktop_switch_on(self):
        # In this order: at-spi-bus-launcher turns IsEnabled on with ScreenReaderEnabled.
        set_accessibility_switch(self.desktop, True, name="ScreenReaderEnabled")
        set_accessibility_switch(self.desktop, False)
        self.assertEqual((accessibility_switch(self.desktop), accessibility_switch(self.desktop, "ScreenReaderEnabled")),
                         (False, True), "test setup: a screen reader's switch on, the desktop's off")
        daemon = self.start_daemon_with_defaults()
        self.assertIn("accessibility: turned the desktop's accessibility switch on", daemon.log())
        self.assertEqual((accessibility_switch(self.desktop), accessibility_switch(self.desktop, "ScreenReaderEnabled")),
                         (True, True))
