"""GTK 4 (4.8 in Debian 12) with the default configuration: the GTK4 form fixture (tests/fixtures/gtk4_form.py) and
gnome-text-editor, under openbox with xvkbd across the bottom and with a docked onboard.

GTK 4 implements AT-SPI itself and reports its fields relative to its window's content, with no screen position
(docs/accessibility.md, "GTK 4"): the daemon places them at the X client's position. Field geometry comes from the
application over AT-SPI, placed on the root at the client's position as the X server reports it (gtk4_clients.py);
window geometry from the server. Nothing of the daemon's log is taken for the expected numbers.
"""
import os
import re
import signal
import subprocess
import threading
import time
import unittest

import compatibility

from daemon import MARGIN
from desktop import processes_named
from e2e_case import DesktopTestCase, is_acting
from gtk4_clients import GnomeTextEditor, Gtk4Form, require_adwaita, require_gtk4
from keyboards import Onboard, Xvkbd
from test_first_instant import FrameWatch
from waiting import wait_for

# The default configuration (mode auto, margin 8, focus caret, widget, input-focus, pointer, window), without the
# animation, so that a placement is final as soon as the daemon has acted.
DEFAULT_WITHOUT_ANIMATION = """\
[animation]
duration_ms = 0
"""

# A form whose last entries are under the keyboard: frame 402x325 at 100,470 (bottom 795).
FORM_AT_BOTTOM = ("--entries", "6", "--geometry", "400x300+100+470")
# How long an application stays unresponsive after joining the bus: longer than libatspi's wait for an answer
# (the daemon sets 800 ms, 3 s in an application's first seconds).
UNRESPONSIVE_S = 3.5


class Gtk4TestCase(DesktopTestCase):
    # A text view taller than the space above the keyboard: the caret's line is what must clear.
    # Placed low enough that the window has room to move up for the lines typed past the keyboard (auto mode would
    # shrink it at the screen's top, and a scrolled view such as gnome-text-editor's brings its caret back into its
    # smaller view only at the next key).
    tall_view_geometry = "600x680+300+90"
    editor_place = (700, 690, 290, 100)

    def setUp(self):
        super().setUp()
        require_gtk4(self)
        self.daemon = self.start_daemon(config=DEFAULT_WITHOUT_ANIMATION)

    def form(self, title, *options):
        return Gtk4Form(self, title, *options)

    def expected_frame(self, original, field, keyboard):
        overlap = field.bottom + MARGIN - keyboard.y
        self.assertGreater(overlap, 0, "test setup: the field %s is not covered by %s" % (field, keyboard))
        return original.moved_by(0, -overlap)

    def assertHoldsStill(self, app):
        """The frame once the daemon has handled everything and has nothing of its own going (its reads of the
        field after a move included)."""
        self.daemon.at_rest()
        return app.frame()

    def status(self):
        return subprocess.run([self.binary, "status", "--display", self.desktop.display], env=self.desktop.env,
                              capture_output=True, text=True, timeout=10).stdout

    def assertCaretClearWhileLinesAreTypedPastTheKeyboard(self, read_caret, app, original, keyboard, past=2, limit=60,
                                                          moves=None):
        """Types Return one line at a time; after each, the caret's line ends up margin px or more above the
        keyboard (and on the screen) once the daemon has acted. Goes on until `past` lines were typed that, with the
        window at `original` (before the keyboard showed), would have been under the keyboard; then the window holds
        still and the caret is still clear. Returns the last caret. With `moves` (a list), the ms from each Return
        that moved the window to the window at rest go into it."""
        passed, caret = 0, None
        watch = FrameWatch(self) if moves is not None else None
        frame_window = compatibility.frame_of(self.desktop, app.window) if watch else None
        for line in range(limit):
            pressed, frame_before = time.monotonic(), app.frame()
            app.key("Return")

            def clear():
                before = app.frame()
                caret = read_caret()
                if caret is None or caret.height <= 0 or app.frame() != before:
                    return None
                if caret.bottom + MARGIN <= keyboard.y and caret.y >= 0:
                    return caret, before
                return None
            try:
                caret, frame = wait_for(clear, timeout=8, interval=0.1, what="the caret clear after line %d" % (line + 1))
            except AssertionError as error:
                raise self.failureException("%s%s" % (error, self._decision_tail(self.daemon))) from None
            if watch and frame != frame_before:
                moves.append(compatibility.at_rest_ms(watch, frame_window, pressed))
            if caret.bottom + (original.y - frame.y) + MARGIN > keyboard.y:
                passed += 1
            if passed >= past:
                break
        self.assertEqual(passed, past, "test setup: %d lines typed down past the keyboard" % past)
        self.assertHoldsStill(app)
        caret = read_caret()
        self.assertLessEqual(caret.bottom + MARGIN, keyboard.y, "the caret clear once the window holds still")
        return caret

    # --- the tests ------------------------------------------------------------------------------------------

    def test_a_bottom_entry_reached_by_tab_clears_the_keyboard_by_the_margin_and_hiding_restores_exactly(self):
        form = self.form("tab-form", *FORM_AT_BOTTOM)
        original = form.frame()
        # The window maps (and the fixture says ready) before the application is on the bus: an Adw.Application's
        # query right after its start finds no application of its pid yet.
        bottom = wait_for(lambda: (form.accessible("entry-6") or {}).get("widget"), timeout=10,
                          what="entry-6 of %s over AT-SPI" % form.title)
        keyboard = self.keyboard.show()

        form.focus_by_keys("entry-5", *["Tab"] * 4)
        expected = self.expected_frame(original, bottom, keyboard)
        clear_ms = compatibility.time_until(lambda: form.key("Tab"), lambda: form.frame() == expected)
        self.assertFrameBecomes(form, expected, daemon=self.daemon)
        self.assertEqual(form.focused(), "entry-6")
        compatibility.record(self, "GTK4 form (tests/fixtures/gtk4_form.py)", "GTK 4", "libgtk-4-1",
                             "AT-SPI (GTK's own): the entry's window-relative extents at the X client",
                             "offset above the keyboard", "Tab", clear_ms, self.keyboard)
        self.assertEqual(form.accessible("entry-6")["widget"].bottom + MARGIN, keyboard.y,
                         "entry-6 ends exactly margin px above the keyboard")
        acting = [d for d in self.daemon.decisions_for(form.window) if is_acting(d)]
        self.assertEqual([d.get("source") for d in acting][-1:], ["widget"], "the entry's rect came from AT-SPI")
        self.assertIn("field extents: window-relative (GTK 4.", self.status())
        self.assertHoldsStill(form)

        self.keyboard.hide()
        self.assertFrameBecomes(form, original, daemon=self.daemon)

    def test_a_bottom_entry_clicked_before_the_keyboard_shows_clears_it_by_the_margin(self):
        form = self.form("click-form", *FORM_AT_BOTTOM)
        original = form.frame()
        bottom = form.accessible("entry-6")["widget"]
        self.desktop.run("xdotool", "mousemove", str(bottom.x + bottom.width // 2), str(bottom.y + bottom.height // 2),
                         "click", "1")
        wait_for(lambda: form.focused() == "entry-6", what="entry-6 focused by the click")
        keyboard = self.keyboard.show()

        self.assertFrameBecomes(form, self.expected_frame(original, bottom, keyboard), daemon=self.daemon)
        self.assertEqual(form.accessible("entry-6")["widget"].bottom + MARGIN, keyboard.y)
        self.keyboard.hide()
        self.assertFrameBecomes(form, original, daemon=self.daemon)

    def test_a_form_mapped_under_the_shown_keyboard_with_its_bottom_entry_focused_is_moved_without_a_key(self):
        # GTK 4.8 activates its first window before it is registered on the bus, so the focus it announces then
        # reaches nobody: the watcher looks for it when the application joins.
        keyboard = self.keyboard.show()
        form = self.form("mapped-focused", *FORM_AT_BOTTOM, "--focus", "entry-6")

        def clear():
            field = form.accessible("entry-6")["widget"]
            return field.bottom + MARGIN == keyboard.y
        try:
            wait_for(clear, timeout=5, interval=0.1, what="entry-6 exactly margin px above the keyboard")
        except AssertionError as error:
            raise self.failureException("%s%s" % (error, self._decision_tail(self.daemon))) from None
        self.assertHoldsStill(form)
        saved = self.daemon.saved_originals(form.window)
        self.assertTrue(saved, "the daemon saved the form's geometry")
        self.keyboard.hide()
        self.assertFrameBecomes(form, saved[0], daemon=self.daemon)

    def test_a_bottom_entry_focused_before_the_daemon_started_is_cleared_when_it_starts_with_the_keyboard_up(self):
        # The focus GTK 4 already has is found at start, in a window whose fields are not marked showing.
        self.daemon.stop()
        form = self.form("before-daemon", *FORM_AT_BOTTOM, "--focus", "entry-6")
        original = form.frame()
        # The window maps (and the fixture says ready) before the application is on the bus: an Adw.Application's
        # query right after its start finds no application of its pid yet.
        bottom = wait_for(lambda: (form.accessible("entry-6") or {}).get("widget"), timeout=10,
                          what="entry-6 of %s over AT-SPI" % form.title)
        keyboard = self.keyboard.show()
        self.assertEqual(form.frame(), original, "no daemon: the keyboard alone moves nothing")
        daemon = self.start_daemon(config=DEFAULT_WITHOUT_ANIMATION)
        self.assertFrameBecomes(form, self.expected_frame(original, bottom, keyboard), daemon=daemon)
        self.keyboard.hide()
        self.assertFrameBecomes(form, original, daemon=daemon)

    def test_a_window_whose_focus_is_on_a_button_is_not_moved(self):
        form = self.form("button-form", *FORM_AT_BOTTOM, "--button", "--focus", "button")
        original = form.frame()
        button = form.accessible("button")["widget"]
        mark = self.daemon.mark()
        keyboard = self.keyboard.show()
        self.assertGreater(button.bottom + MARGIN, keyboard.y, "test setup: the button is under the keyboard")

        self.assertNothingMoved(self.daemon, form, original, since=mark)
        self.assertNoAdjustment(self.daemon, form.window)

    def test_returns_typed_line_by_line_into_the_text_view_keep_its_caret_clear_and_hiding_restores_exactly(self):
        form = self.form("view-form", "--entries", "0", "--textview", "--focus", "textview",
                         "--geometry", self.tall_view_geometry)
        original = form.frame()
        keyboard = self.keyboard.show()
        start = form.accessible("textview")
        self.assertIsNotNone(start["caret"], "GTK 4 gives the text view's caret box")

        caret = self.assertCaretClearWhileLinesAreTypedPastTheKeyboard(
            lambda: form.accessible("textview")["caret"], form, original, keyboard)
        self.assertGreater(caret.y, start["caret"].y, "the caret went down")

        self.keyboard.hide()
        self.assertFrameBecomes(form, original, daemon=self.daemon)

    def test_an_undecorated_adwaita_window_at_the_origin_is_learnt_window_relative_from_its_text_views_caret(self):
        """An Adw.ApplicationWindow at 0,0 (client-side decorations, left undecorated by openbox: its client at 0,0):
        there its screen and window coordinates are the same numbers, so its window's place cannot tell the daemon
        that its "screen" coordinates are its window's. Its text view's caret box, refused in screen coordinates and
        given in window coordinates, does: learnt at the first read, the view is then read in window coordinates and
        placed by its caret."""
        require_adwaita(self)
        form = self.form("adw-origin", "--entries", "0", "--textview", "--focus", "textview",
                         "--geometry", "600x480+0+0", "--application", "org.oskshift.tests.AdwOrigin", "--adwaita")
        wait_for(lambda: (lambda client: (client.x, client.y) == (0, 0))(self.desktop.x.client_rect(form.window)),
                 timeout=5, what="test setup: the client at the root's origin")
        self.keyboard.show()
        form.key("Return")
        wait_for(lambda: "screen coordinates: relative to its window (learnt from its caret box refused in screen "
                 "coordinates" in self.daemon.log(), timeout=10,
                 what="the form's coordinates learnt from its caret%s" % self._decision_tail(self.daemon))
        wait_for(lambda: any(line.startswith("accessibility: t=") and "coordinates=window" in line
                             and "caret=1x" in line for line in self.daemon.log().splitlines()), timeout=10,
                 what="the text view read in window coordinates with its caret")

    def test_gnome_text_editor_keeps_its_document_caret_clear_while_lines_are_typed_down_past_the_keyboard(self):
        editor = GnomeTextEditor(self)
        editor.place(*self.editor_place)
        original = editor.frame()
        editor.key("h", "i")
        start = wait_for(lambda: (editor.field() or {}).get("caret"), timeout=10, what="the document's caret box")
        keyboard = self.keyboard.show()

        moves = []
        caret = self.assertCaretClearWhileLinesAreTypedPastTheKeyboard(lambda: editor.field()["caret"], editor,
                                                                       original, keyboard, moves=moves)
        if moves:  # under the docked onboard the window may be placed at the show already, for every line to come
            compatibility.record(self, "gnome-text-editor", "GTK 4 (libadwaita)", "gnome-text-editor",
                                 "AT-SPI (GTK's own): the document's caret, window-relative, at the X client",
                                 "follows the caret line by line (offset)", "Return",
                                 sorted(moves)[len(moves) // 2], self.keyboard)
        self.assertGreater(caret.y, start.y, "the caret went down")
        acting = [d for d in self.daemon.decisions_for(editor.window) if is_acting(d)]
        self.assertTrue(acting, "the editor was moved%s" % self._decision_tail(self.daemon))
        self.assertEqual(acting[-1].get("source"), "caret", "the caret came from AT-SPI")

        self.keyboard.hide()
        self.assertFrameBecomes(editor, original, daemon=self.daemon)


    # --- GTK 4 as applications are built: Gtk.Application and Adw.Application -------------------------------

    def application_form(self, title, adwaita=False):
        """The form as a GtkApplication (an AdwApplication with `adwaita`) with an application id of its own."""
        application_id = "org.oskshift.tests.%s%s" % ("Adw" if adwaita else "Gtk", title.replace("-", "_"))
        return self.form(title, *FORM_AT_BOTTOM, "--application", application_id, *(["--adwaita"] if adwaita else []))

    def assertBottomEntryReachedByTabClearsAndHidingRestoresExactly(self, form, daemon, row=None):
        original = form.frame()
        # The window maps (and the fixture says ready) before the application is on the bus: an Adw.Application's
        # query right after its start finds no application of its pid yet.
        bottom = wait_for(lambda: (form.accessible("entry-6") or {}).get("widget"), timeout=10,
                          what="entry-6 of %s over AT-SPI" % form.title)
        keyboard = self.keyboard.show()

        form.focus_by_keys("entry-5", *["Tab"] * 4)
        expected = self.expected_frame(original, bottom, keyboard)
        clear_ms = compatibility.time_until(lambda: form.key("Tab"), lambda: form.frame() == expected)
        self.assertFrameBecomes(form, expected, daemon=daemon)
        self.assertEqual(form.focused(), "entry-6")
        self.assertEqual(form.accessible("entry-6")["widget"].bottom + MARGIN, keyboard.y,
                         "entry-6 ends exactly margin px above the keyboard")
        acting = [d for d in daemon.decisions_for(form.window) if is_acting(d)]
        self.assertEqual([d.get("source") for d in acting][-1:], ["widget"], "the entry's rect came from AT-SPI")
        if row:
            compatibility.record(self, *row, "Tab", clear_ms, self.keyboard)
        self.assertHoldsStill(form)

        self.keyboard.hide()
        self.assertFrameBecomes(form, original, daemon=daemon)

    GTK_APPLICATION_ROW = ("GTK4 Gtk.Application form (tests/fixtures/gtk4_form.py --application)", "GTK 4",
                           "libgtk-4-1", "AT-SPI (GTK's own): the entry's window-relative extents at the X client",
                           "offset above the keyboard")
    ADW_APPLICATION_ROW = ("libadwaita Adw.Application form (tests/fixtures/gtk4_form.py --adwaita)",
                           "GTK 4 (libadwaita)", "libadwaita-1-0",
                           "AT-SPI (GTK's own): the entry's window-relative extents at the X client",
                           "offset above the keyboard")

    def test_a_gtk_application_started_after_the_daemon_gets_its_bottom_entry_cleared_and_restored(self):
        form = self.application_form("gtkapp-after")
        self.assertBottomEntryReachedByTabClearsAndHidingRestoresExactly(form, self.daemon, self.GTK_APPLICATION_ROW)

    def test_a_gtk_application_started_before_the_daemon_gets_its_bottom_entry_cleared_and_restored(self):
        self.daemon.stop()
        form = self.application_form("gtkapp-before")
        daemon = self.start_daemon(config=DEFAULT_WITHOUT_ANIMATION)
        self.assertBottomEntryReachedByTabClearsAndHidingRestoresExactly(form, daemon)

    def assertClearedAfterAnUnresponsiveStart(self, title, adwaita=False):
        """An application busy when it joins the accessibility bus (loading its data, or not scheduled on a loaded
        machine) answers no question about itself for a while: its toolkit reads empty then. Made certain here:
        at-spi2-registryd is stopped while the form starts, so that the form can be stopped before the registry
        names it; the daemon then asks a form that cannot answer. The form goes on after UNRESPONSIVE_S, longer
        than libatspi's wait for an answer, and its bottom entry must still be cleared (an empty toolkit
        answer, if remembered, would keep the window-relative extents from ever matching a window)."""
        registries = processes_named(self.desktop, "at-spi2-registryd")
        self.assertEqual(len(registries), 1, "one at-spi2-registryd on this desktop")
        registry = registries[0]
        os.kill(registry, signal.SIGSTOP)
        self.addCleanup(os.kill, registry, signal.SIGCONT)
        embeds = self.watch_embeds()
        form = self.application_form(title, adwaita=adwaita)
        # GTK 4 sends its Embed (its registration) on its own schedule, after its window's first events and at
        # times after the form said ready (seen by dbus-monitor on a loaded machine: no Embed before the stop, so the
        # registry had nothing to name while the form was stopped). Stopped once the bus holds its Embed (queued
        # for the stopped registry), the form is named while it cannot answer, as this test means.
        wait_for(lambda: form.process.pid in embeds(), timeout=10, what="the form's Embed to reach the bus")
        os.kill(form.process.pid, signal.SIGSTOP)
        self.addCleanup(os.kill, form.process.pid, signal.SIGCONT)
        os.kill(registry, signal.SIGCONT)
        named = re.compile(r"^event: accessible-applications .*\b%d\b" % form.process.pid, re.M)
        wait_for(lambda: named.search(self.daemon.log()), timeout=10, what="the daemon to learn that the form joined")
        time.sleep(UNRESPONSIVE_S)  # the fault's length, not a wait for a result
        os.kill(form.process.pid, signal.SIGCONT)
        self.assertBottomEntryReachedByTabClearsAndHidingRestoresExactly(form, self.daemon)

    def watch_embeds(self):
        """A function giving the processes whose Embed (an application's registration with at-spi2-registryd) has
        reached the accessibility bus since this call: dbus-monitor on that bus, to which the bus daemon copies
        every message as it takes it in, whether or not the registry is running to read it."""
        bus = self.desktop.run("xprop", "-root", "AT_SPI_BUS").split("=", 1)[1].strip().strip('"')
        monitor = subprocess.Popen(["dbus-monitor", "--address", bus,
                                    "type='method_call',interface='org.a11y.atspi.Socket',member='Embed'"],
                                   stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        lines = []

        def read():
            with monitor.stdout:
                for line in monitor.stdout:
                    lines.append(line)
        reader = threading.Thread(target=read, daemon=True)
        reader.start()
        self.addCleanup(reader.join, 5)
        self.addCleanup(monitor.wait, 5)
        self.addCleanup(monitor.terminate)
        # dbus-monitor prints its own NameLost once it has become a monitor: from then on it sees every Embed.
        wait_for(lambda: any("member=NameLost" in line for line in lines), timeout=10, what="dbus-monitor to monitor")
        embed = re.compile(r"sender=(\S+) .*member=Embed$")

        def processes():
            senders = {found.group(1) for found in map(embed.search, list(lines)) if found}
            return {self.bus_process(bus, sender) for sender in senders}
        return processes

    def bus_process(self, bus, name):
        """The process of the connection `name` on `bus`, as the bus daemon knows it; None when it does not say."""
        reply = self.desktop.run("dbus-send", "--bus=" + bus, "--print-reply", "--dest=org.freedesktop.DBus",
                                 "/org/freedesktop/DBus", "org.freedesktop.DBus.GetConnectionUnixProcessID",
                                 "string:" + name, check=False)
        found = re.search(r"uint32 (\d+)", reply)
        return int(found.group(1)) if found else None

    def test_a_gtk_application_that_did_not_answer_as_it_joined_the_bus_gets_its_bottom_entry_cleared_later(self):
        self.assertClearedAfterAnUnresponsiveStart("gtkapp-busy")

    def test_an_adwaita_application_that_did_not_answer_as_it_joined_the_bus_gets_its_bottom_entry_cleared_later(self):
        require_adwaita(self)
        self.assertClearedAfterAnUnresponsiveStart("adwapp-busy", adwaita=True)

    def test_an_adwaita_application_started_after_the_daemon_gets_its_bottom_entry_cleared_and_restored(self):
        require_adwaita(self)
        form = self.application_form("adwapp-after", adwaita=True)
        self.assertBottomEntryReachedByTabClearsAndHidingRestoresExactly(form, self.daemon, self.ADW_APPLICATION_ROW)

    def test_an_adwaita_application_started_before_the_daemon_gets_its_bottom_entry_cleared_and_restored(self):
        require_adwaita(self)
        self.daemon.stop()
        form = self.application_form("adwapp-before", adwaita=True)
        daemon = self.start_daemon(config=DEFAULT_WITHOUT_ANIMATION)
        self.assertBottomEntryReachedByTabClearsAndHidingRestoresExactly(form, daemon)


class Gtk4WithXvkbd(Gtk4TestCase):
    keyboard_kind = Xvkbd


class Gtk4WithDockedOnboard(Gtk4TestCase):
    keyboard_kind = Onboard
    keyboard_options = {"docked": True}
    # The docked keyboard's strut leaves a 595 px work area, which openbox fits windows into: views that fit.
    tall_view_geometry = "600x480+300+290"
    editor_place = (700, 500, 290, 290)


del Gtk4TestCase  # only the keyboards' classes are tests

if __name__ == "__main__":
    unittest.main()
