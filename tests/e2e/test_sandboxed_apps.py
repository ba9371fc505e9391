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
import shutil
import subprocess
import tempfile
import time
import unittest

import compatibility
import requirements
import test_first_instant
from daemon import MARGIN
from e2e_case import DesktopTestCase, is_acting
from keyboards import Xvkbd
from qt_clients import QtForm, bus_ready_for_early_applications
from sandbox import BWRAP, UNSHARE, require_bwrap, require_unshare
from test_accessibility import PYTHON_WITH_GI, GtkForm
from test_qt import require_qt
from waiting import wait_for

DEFAULT_WITHOUT_ANIMATION = """\
[animation]
duration_ms = 0
"""

# A form whose last fields are under xvkbd: frame 402x325 at 100,470 (bottom 795), a button below the fields.
FORM_AT_BOTTOM = ("--entries", "6", "--button", "--geometry", "400x300+100+470")


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
        # At rest: the field read again once the window stood still. A read the application made as our move landed
        # names its top-level at the new place while the daemon still has the window at the old one, and lines up with
        # no window until then (the status, asked in between, said so in a fresh-clone run).
        self.assertAtRest(form, expected, daemon)
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
        self.assertAtRest(form, original, daemon)
        mark = daemon.mark()
        self.keyboard.hide()
        self.assertNothingMoved(daemon, form, original, since=mark)

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
        mark = daemon.mark()
        keyboard = self.keyboard.show()
        second.focus_by_keys("entry-6", *["Tab"] * 5)
        self.assertGreater(second.accessible("entry-6")["widget"].bottom + MARGIN, keyboard.y)
        wait_for(lambda: re.search(r"lines up with 2 windows alike", daemon.log()), timeout=5,
                 what="the daemon to say the field's window cannot be told")
        self.assertNothingMoved(daemon, second, first.frame(), since=mark, windows=[first.window, second.window])
        self.assertNoAdjustment(daemon, first.window)
        self.assertNoAdjustment(daemon, second.window)


# A form that places itself at 300,100 with its last field partly and its Done button wholly under xvkbd (its top at
# 558), the focus on Done; offset by its last field, its top stays on the screen (the default `auto` mode offsets).
# Qt's line edits are shorter than GTK's: 14 of them reach as far as 11 of GTK's.
FORM_ON_DONE = {"gtk": ("--entries", "11", "--button", "--focus", "button", "--geometry", "400x440+300+100"),
                "qt": ("--entries", "14", "--button", "--focus", "button", "--geometry", "400x480+300+100")}
BOTTOM_FIELD = {"gtk": "entry-11", "qt": "entry-14"}


class SandboxedFormsFocusedOnAButton(test_first_instant.FirstInstantTestCase):
    """Forms under `bwrap --unshare-pid` (as Flatpak runs them: `_NET_WM_PID` 2, the bus naming the host's process),
    with the built-in defaults, mapped while xvkbd is up with the focus on their Done button: nothing moves before the
    user taps (no ConfigureNotify of the frame at all from its map, or from the daemon's start when the form came
    first, until the daemon is at rest: no request sent, no acting decision); a tap on the covered bottom field clears it by exactly
    `field bottom + margin - keyboard top`; the keyboard hidden brings the form home exactly. The window is found to
    be its application's by geometry, and the log and `oskshift status` say so."""

    def setUp(self):
        super().setUp()
        require_bwrap(self)

    def gtk_form(self, title, env=None):
        if not os.path.exists("/usr/lib/python3/dist-packages/pyatspi"):
            self.skipTest("pyatspi (python3-pyatspi) missing")
        return GtkForm(self, title, *FORM_ON_DONE["gtk"], launcher=BWRAP, env=env)

    def qt_form(self, title):
        require_qt(self, "PyQt5")
        return QtForm(self, 5, title, *FORM_ON_DONE["qt"], launcher=BWRAP)

    def status(self):
        return subprocess.run([self.binary, "status", "--display", self.desktop.display], env=self.desktop.env,
                              capture_output=True, text=True, timeout=10).stdout

    def toolkit(self, form):
        return "gtk" if isinstance(form, GtkForm) else "qt"

    def bottom_field(self, form):
        if isinstance(form, GtkForm):
            return form.accessible(BOTTOM_FIELD["gtk"])["widget"]
        return form.wait_field(BOTTOM_FIELD["qt"])["widget"]

    def daemon_then_form(self, start_form):
        """The daemon runs and the keyboard is up; the form maps: its frame's configures from the map on."""
        watch = test_first_instant.FrameWatch(self)
        daemon = self.start_daemon(config=test_first_instant.DEFAULTS)
        keyboard = self.keyboard.show()
        form = start_form()
        frame = self.frame_window(form.window)
        mapped = wait_for(lambda: watch.mapped_at(frame), what="the frame's MapNotify")
        self.assertUntouched(form, daemon, lambda: watch.around_map(frame)[1], since=mapped)
        return form, daemon, keyboard

    def form_then_daemon(self, start_form):
        """The keyboard is up and the form placed; the daemon starts: the frame's configures from the start on."""
        keyboard = self.keyboard.show()
        form = start_form()
        frame = self.frame_window(form.window)
        watch = test_first_instant.FrameWatch(self)
        started = time.monotonic()
        daemon = self.start_daemon(config=test_first_instant.DEFAULTS)
        self.assertUntouched(form, daemon, lambda: watch.configures(frame, since=started), since=started)
        return form, daemon, keyboard

    def assertUntouched(self, form, daemon, configures, since):
        self.assertEqual(self.desktop.x.cardinals(form.window, "_NET_WM_PID"), [2],
                         "test setup: the window carries bubblewrap's number for the application")
        self.assertEqual(form.focused(), "button", "test setup: the focus is on Done")
        original = form.frame()
        self.assertEqual((original.x, original.y), (300, 100), "test setup: the form placed itself at 300,100")
        # Proven at a known point, not sampled for a while: once the daemon has handled everything that reached it
        # (the form's map, its application's reports) and has nothing of its own going, it sent no request for the
        # form since it started, and the server recorded no ConfigureNotify of the frame since then.
        self.assertNothingMoved(daemon, form, original, since=0)
        seen = configures()
        self.record("%d frame configures before the tap (%.1f s, until the daemon was at rest), %d acting decisions" % (
            len(seen), time.monotonic() - since, len([d for d in daemon.decisions_for(form.window) if is_acting(d)])))
        self.assertEqual(seen, [], "the form's frame was configured before anyone tapped")
        self.assertNoAdjustment(daemon, form.window)

    def assertServedByItsFieldOnceTapped(self, form, daemon, keyboard, bus_pid=None):
        bus_pid = bus_pid or form.pid
        found = r"window 0x%x belongs to pid %d on the bus, found by geometry" % (form.window, bus_pid)
        wait_for(lambda: re.search(found, daemon.log()), timeout=5, what="the log to say how the window was found")
        self.assertIn("accessibility bus application: pid %d, found by geometry" % bus_pid, self.status())
        original = form.frame()
        field = self.bottom_field(form)
        overlap = field.bottom + MARGIN - keyboard.y
        self.assertGreater(overlap, 0, "test setup: the bottom field is under the keyboard")
        self.assertLess(field.y, keyboard.y, "test setup: the bottom field shows above the keyboard, to be tapped")
        self.desktop.run("xdotool", "mousemove", str(field.x + field.width // 2), str((field.y + keyboard.y) // 2),
                         "click", "1")
        expected = original.moved_by(0, -overlap)
        self.assertFrameBecomes(form, expected, daemon=daemon)
        self.assertEqual(form.focused(), BOTTOM_FIELD[self.toolkit(form)])
        acting = [d for d in daemon.decisions_for(form.window) if is_acting(d)]
        self.assertEqual([d.get("source") for d in acting][-1:], ["widget"], "the entry's own extents")
        self.keyboard.hide()
        self.assertFrameBecomes(form, original, daemon=daemon)
        self.assertAtRest(form, original, daemon)

    def test_a_gtk3_form_mapped_under_the_keyboard_with_its_focus_on_done_waits_for_a_tap_daemon_first(self):
        self.assertServedByItsFieldOnceTapped(*self.daemon_then_form(lambda: self.gtk_form("bwrap-gtk-done-after")))

    def test_a_gtk3_form_mapped_under_the_keyboard_with_its_focus_on_done_waits_for_a_tap_daemon_last(self):
        self.assertServedByItsFieldOnceTapped(*self.form_then_daemon(lambda: self.gtk_form("bwrap-gtk-done-before")))

    def test_a_pyqt5_form_mapped_under_the_keyboard_with_its_focus_on_done_waits_for_a_tap_daemon_first(self):
        self.assertServedByItsFieldOnceTapped(*self.daemon_then_form(lambda: self.qt_form("bwrap-qt-done-after")))

    def test_a_pyqt5_form_mapped_under_the_keyboard_with_its_focus_on_done_waits_for_a_tap_daemon_last(self):
        self.assertServedByItsFieldOnceTapped(*self.form_then_daemon(lambda: self.qt_form("bwrap-qt-done-before")))

    def test_a_gtk3_form_whose_bus_connection_belongs_to_a_dbus_proxy_waits_for_a_tap(self):
        # As Flatpak connects an application to the accessibility bus: through xdg-dbus-proxy, so the bus names the
        # proxy's process, which is neither the window's number nor the application's.
        requirements.require_tools(self, "xdg-dbus-proxy")
        bus = self.desktop.run("xprop", "-root", "AT_SPI_BUS").split("=", 1)[1].strip().strip('"')
        directory = tempfile.mkdtemp(prefix="oskshift-proxy-")
        self.addCleanup(shutil.rmtree, directory, True)
        socket = os.path.join(directory, "a11y-bus")
        proxy = self.desktop.spawn(["xdg-dbus-proxy", bus, socket], log_name="xdg-dbus-proxy")
        self.addCleanup(self.desktop.end, proxy)
        wait_for(lambda: os.path.exists(socket), what="the proxy's socket")

        def start_form():
            form = self.gtk_form("bwrap-gtk-done-proxy", env={"AT_SPI_BUS_ADDRESS": "unix:path=" + socket})
            form._launched_pid = proxy.pid  # the bus names the proxy for it (atspi_field.py asks by that number)
            return form
        self.assertServedByItsFieldOnceTapped(*self.daemon_then_form(start_form), bus_pid=proxy.pid)

if __name__ == "__main__":
    unittest.main()
