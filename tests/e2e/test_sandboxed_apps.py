"""Applications in a PID namespace of their own, as Flatpak runs them, with the default configuration: the
GTK3 form (tests/fixtures/gtk_form.py) and the PyQt5 form (tests/fixtures/qt_form.py) started with `unshare --pid
--fork --mount-proc`, under openbox with xvkbd across the bottom, each started after the daemon and before it.

Their windows carry `_NET_WM_PID` 1 (their number inside the namespace) while the accessibility bus reports their
host process, so no window has the process's number: the daemon finds the window by the field's top-level, which
lines up with exactly one window's frame or client (docs/accessibility.md, "Sandboxed applications"). Field geometry
comes from the applications over AT-SPI, window geometry from the server.
"""
import os
import re
import subprocess
import unittest

import compatibility
from daemon import MARGIN
from e2e_case import DesktopTestCase, is_acting
from keyboards import Xvkbd
from qt_clients import QtForm, bus_ready_for_early_applications
from sandbox import UNSHARE, require_unshare
from test_accessibility import PYTHON_WITH_GI, GtkForm
from test_qt import require_qt
from waiting import wait_for

DEFAULT_WITHOUT_ANIMATION = """\
[animation]
duration_ms = 0
"""

# A form whose last fields are under xvkbd: frame 402x325 at 100,470 (bottom 795), a button below the fields.
FORM_AT_BOTTOM = ("--entries", "6", "--button", "--geometry", "400x300+100+470")
HOLD_STILL = 0.6


class SandboxedAppsWithXvkbd(DesktopTestCase):
    keyboard_kind = Xvkbd

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        bus_ready_for_early_applications(cls.desktop)

    def setUp(self):
        super().setUp()
        require_unshare(self)

    def gtk_form(self, title):
        if not os.path.exists("/usr/lib/python3/dist-packages/pyatspi"):
            self.skipTest("pyatspi (python3-pyatspi) missing")
        return GtkForm(self, title, *FORM_AT_BOTTOM, launcher=UNSHARE)

    def qt_form(self, title):
        require_qt(self, "PyQt5")
        return QtForm(self, 5, title, *FORM_AT_BOTTOM, launcher=UNSHARE)

    def status(self):
        return subprocess.run([self.binary, "status", "--display", self.desktop.display], env=self.desktop.env,
                              capture_output=True, text=True, timeout=10).stdout

    def assertInItsOwnNamespace(self, form):
        numbers = self.desktop.x.cardinals(form.window, "_NET_WM_PID")
        self.assertEqual(numbers, [1], "test setup: the window carries the namespace's number, not %d" % form.pid)

    def assertBottomFieldClearedThenTheButtonSendsTheWindowHome(self, form, daemon, row=None):
        """Tab to the bottom field: the window moves by exactly `field bottom + margin - keyboard top` (the field's own
        extents, not the whole window's), and the log and `oskshift status` say the window was found by geometry.
        Tab on to the button: the application is still authoritative about its focus, so the window goes home
        instead of being moved for its whole height; hiding leaves it there."""
        self.assertInItsOwnNamespace(form)
        original = form.frame()
        bottom = form.accessible("entry-6")["widget"] if isinstance(form, GtkForm) else form.wait_field("entry-6")["widget"]
        keyboard = self.keyboard.show()
        overlap = bottom.bottom + MARGIN - keyboard.y
        self.assertGreater(overlap, 0, "test setup: entry-6 is covered by the keyboard")
        expected = original.moved_by(0, -overlap)

        form.focus_by_keys("entry-5", *["Tab"] * 4)
        clear_ms = compatibility.time_until(lambda: form.key("Tab"), lambda: form.frame() == expected)
        self.assertFrameBecomes(form, expected, daemon=daemon)
        self.assertEqual(form.focused(), "entry-6")
        acting = [d for d in daemon.decisions_for(form.window) if is_acting(d)]
        self.assertEqual([d.get("source") for d in acting][-1:], ["widget"], "the entry's own extents%s" %
                         self._decision_tail(daemon))
        self.assertRegex(daemon.log(), r"pid %d's field extents: screen coordinates \([^)]*\), its window found by "
                         r"geometry" % form.pid)
        self.assertIn("its window found by geometry", self.status())
        if row:
            compatibility.record(self, *row, "Tab", clear_ms, self.keyboard)

        form.focus_by_keys("button", "Tab")
        self.assertFrameBecomes(form, original, daemon=daemon)
        self.assertFrameStays(form, original, duration=HOLD_STILL, daemon=daemon)
        self.keyboard.hide()
        self.assertFrameStays(form, original, duration=HOLD_STILL, daemon=daemon)

    GTK3_ROW = ("GTK3 form in a PID namespace (`unshare --pid`, as Flatpak)", "GTK 3", "libgtk-3-0",
                "AT-SPI (ATK): the entry's extents, its window found by geometry", "offset above the keyboard")
    QT5_ROW = ("PyQt5 form in a PID namespace (`unshare --pid`, as Flatpak)", "Qt 5", "libqt5widgets5",
               "AT-SPI (Qt's own bridge): the line edit's extents, its window found by geometry",
               "offset above the keyboard")

    def test_a_sandboxed_gtk3_form_started_after_the_daemon_is_moved_by_its_own_field(self):
        daemon = self.start_daemon(config=DEFAULT_WITHOUT_ANIMATION)
        form = self.gtk_form("sandboxed-gtk-after")
        self.assertBottomFieldClearedThenTheButtonSendsTheWindowHome(form, daemon, self.GTK3_ROW)

    def test_a_sandboxed_gtk3_form_started_before_the_daemon_is_moved_by_its_own_field(self):
        form = self.gtk_form("sandboxed-gtk-before")
        daemon = self.start_daemon(config=DEFAULT_WITHOUT_ANIMATION)
        self.assertBottomFieldClearedThenTheButtonSendsTheWindowHome(form, daemon)

    def test_a_sandboxed_pyqt5_form_started_after_the_daemon_is_moved_by_its_own_field(self):
        daemon = self.start_daemon(config=DEFAULT_WITHOUT_ANIMATION)
        form = self.qt_form("sandboxed-qt-after")
        self.assertBottomFieldClearedThenTheButtonSendsTheWindowHome(form, daemon, self.QT5_ROW)

    def test_a_sandboxed_pyqt5_form_started_before_the_daemon_is_moved_by_its_own_field(self):
        form = self.qt_form("sandboxed-qt-before")
        daemon = self.start_daemon(config=DEFAULT_WITHOUT_ANIMATION)
        self.assertBottomFieldClearedThenTheButtonSendsTheWindowHome(form, daemon)

    def test_two_sandboxed_forms_at_the_same_place_and_size_are_not_moved(self):
        # Both windows carry _NET_WM_PID 1 and line up with the field's top-level alike: which one holds the field
        # cannot be told from geometry, so neither moves.
        daemon = self.start_daemon(config=DEFAULT_WITHOUT_ANIMATION)
        first = self.gtk_form("sandboxed-twin-1")
        second = self.gtk_form("sandboxed-twin-2")
        self.assertEqual(first.frame(), second.frame(), "test setup: the twins share their place and size")
        keyboard = self.keyboard.show()
        second.focus_by_keys("entry-6", *["Tab"] * 5)
        self.assertGreater(second.accessible("entry-6")["widget"].bottom + MARGIN, keyboard.y)
        wait_for(lambda: re.search(r"lines up with 2 windows alike", daemon.log()), timeout=5,
                 what="the daemon to say the field's window cannot be told")
        self.assertFrameStays(second, first.frame(), duration=HOLD_STILL, daemon=daemon)
        self.assertNoAdjustment(daemon, first.window)
        self.assertNoAdjustment(daemon, second.window)


if __name__ == "__main__":
    unittest.main()
