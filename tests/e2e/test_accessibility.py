"""The `caret` and `widget` focus sources through AT-SPI, and auto-show, with the GTK3 fixture and xvkbd.

xvkbd spans the bottom (frame 1282x265+0+558 under openbox). The fixture (tests/fixtures/gtk_form.py) prints
`ready` and `focus NAME` into its log; field geometry is read through AT-SPI by atspi_field.py, so every
expectation comes from what the application itself reports, never from the daemon's log.
"""
import json
import os
import time

import compatibility
import requirements
import sandbox
from daemon import MARGIN
from e2e_case import DesktopTestCase, is_acting
from keyboards import Xvkbd
from waiting import wait_for
from xquery import Rect

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURE = os.path.join(HERE, "..", "fixtures", "gtk_form.py")
PYTHON_WITH_GI = "/usr/bin/python3"

CONFIG = """\
[avoidance]
mode = "offset"
margin = %d
focus = %s
pointer_band = 48

[animation]
duration_ms = 0
%s"""

AUTO_SHOW = """
[keyboard_control]
auto_show = true
hide_delay_ms = 300
"""


def config(focus, extra=""):
    return CONFIG % (MARGIN, json.dumps(focus), extra)


class GtkForm:
    """One run of the fixture: its window, its log (ready, focus lines) and its accessibles' geometry."""
    fixture = FIXTURE
    # The window manager draws the window's decorations (no client-side title bar).
    framed_by_wm = True

    def __init__(self, test, title, *options, env=None, launcher=()):
        """`launcher`: a command the fixture runs under (sandbox.UNSHARE: a PID namespace of its own)."""
        self.test = test
        self.desktop = test.desktop
        self.title = title
        self.log_path = os.path.join(test.class_dir, "gtk-form-%s.log" % title)
        if os.path.exists(self.log_path):
            os.remove(self.log_path)
        environment = dict(self.desktop.env, **(env or {}))
        self.process = self.desktop.spawn([*launcher, PYTHON_WITH_GI, self.fixture, "--title", title, *options],
                                          log_name="gtk-form-%s" % title, env=environment)
        test.addCleanup(self.desktop.end, self.process)
        self._launched_pid = sandbox.launched_pid(self.process) if launcher else None
        wait_for(lambda: "ready" in self.log(), timeout=15, what="the GTK form %r to be ready" % title)
        self.window = wait_for(lambda: self.desktop.x.viewable_window("--name", "^%s$" % title), timeout=10,
                               what="window %r" % title)
        if self.desktop.wm == "openbox" and self.framed_by_wm:
            wait_for(lambda: self.desktop.x.frame_extents(self.window) != (0, 0, 0, 0), what="openbox to frame it")

    @property
    def pid(self):
        """The application's process as the accessibility bus reports it: the launcher's child when there is one."""
        return getattr(self, "_launched_pid", None) or self.process.pid

    def log(self):
        with open(self.log_path) as f:
            return f.read()

    def frame(self):
        return self.desktop.x.frame_rect(self.window)

    def focused(self):
        lines = [line[len("focus "):] for line in self.log().splitlines() if line.startswith("focus ")]
        return lines[-1] if lines else None

    def key(self, *keys):
        """Types keys into the focused window (xdotool sends them to whatever has the X focus)."""
        self.desktop.run("xdotool", "key", "--delay", "30", *keys)

    def focus_by_keys(self, name, *keys):
        self.key(*keys)
        wait_for(lambda: self.focused() == name, what="%s to be focused in %s" % (name, self.title))

    def accessible(self, name):
        """{"widget": Rect, "caret": Rect or None}, in root coordinates, as the application reports them."""
        out = self.desktop.run(PYTHON_WITH_GI, os.path.join(HERE, "atspi_field.py"), str(self.pid), name,
                               check=False)
        data = json.loads(out.strip().splitlines()[-1]) if out.strip() else None
        if not data:
            return None
        return {key: Rect(*value) if value else None for key, value in data.items() if key != "coordinates"}


class AccessibleFieldsWithXvkbd(DesktopTestCase):
    keyboard_kind = Xvkbd

    def setUp(self):
        super().setUp()
        requirements.require_tools(self, PYTHON_WITH_GI)
        if not os.path.exists("/usr/lib/python3/dist-packages/pyatspi"):
            requirements.require_tools(self, "pyatspi (python3-pyatspi)")

    def form(self, title, *options, **kwargs):
        return GtkForm(self, title, *options, **kwargs)

    def last_acting_decision(self, daemon, window):
        decisions = [d for d in daemon.decisions_for(window) if is_acting(d)]
        self.assertTrue(decisions, "an acting decision for 0x%x%s" % (window, self._decision_tail(daemon)))
        return decisions[-1]

    def expected_frame(self, original, field_bottom, keyboard):
        overlap = field_bottom + MARGIN - keyboard.y
        self.assertGreater(overlap, 0, "test setup: the field (bottom %d) is not covered by %s" % (
            field_bottom, keyboard))
        return original.moved_by(0, -overlap)

    def test_the_bottom_field_of_a_form_focused_by_tab_is_moved_above_the_keyboard_by_its_widget_rect(self):
        daemon = self.start_daemon(config=config(["widget", "pointer", "window"]))
        form = self.form("tab-form", "--entries", "6", "--geometry", "400x300+100+480")
        original = form.frame()
        bottom_field = form.accessible("entry-6")["widget"]
        field_above = form.accessible("entry-5")["widget"]
        keyboard = self.keyboard.show()

        expected = self.expected_frame(original, bottom_field.bottom, keyboard)
        form.focus_by_keys("entry-5", *["Tab"] * 4)
        # entry-5 is covered too: the last Tab starts once its placement has landed and the daemon is at rest.
        self.assertFrameBecomes(form, self.expected_frame(original, field_above.bottom, keyboard), daemon=daemon)
        daemon.at_rest()
        lines_before_tab = len(daemon.log().splitlines())
        clear_ms = compatibility.time_until(lambda: form.key("Tab"), lambda: form.frame() == expected)
        self.assertFrameBecomes(form, expected, daemon=daemon)
        self.assertEqual(form.focused(), "entry-6")
        compatibility.record(self, "GTK3 form (tests/fixtures/gtk_form.py)", "GTK 3", "libgtk-3-0",
                             "AT-SPI (ATK): the entry's extents", "offset above the keyboard", "Tab", clear_ms,
                             self.keyboard)
        moved_field = form.accessible("entry-6")["widget"]
        self.assertEqual(moved_field.bottom + MARGIN, keyboard.y, "the entry ends exactly margin px above the keyboard")
        self.assertEqual(moved_field.height, bottom_field.height)
        self.assertEqual(self.last_acting_decision(daemon, form.window).get("source"), "widget")
        # The Tab's own focus read. GTK sends the focus twice; the second copy, when it comes while the first is read,
        # is read as a re-layout on the screen path and supersedes the first in the batch, labelled a focus (the same
        # field at the same place; docs/testing.md).
        tab_reads = [line for line in daemon.log().splitlines()[lines_before_tab:]
                     if "accessibility: t=" in line and "change=focus editable" in line and "toolkit=gtk" in line]
        self.assertTrue(tab_reads, "a focus read of the Tab%s" % self._decision_tail(daemon))
        self.assertIn(" in-window=", tab_reads[0], "a Tab within a window already matched is read in window coordinates")

        self.keyboard.hide()
        self.assertFrameBecomes(form, original, daemon=daemon)

    def focus_reads(self, daemon, what):
        reads = [line for line in daemon.log().splitlines()
                 if line.startswith("accessibility:") and "change=focus editable" in line and "toolkit=gtk" in line]
        self.assertTrue(reads, "a focus read of the GTK form (%s)%s" % (what, self._decision_tail(daemon)))
        return reads

    def test_a_gtk3_form_at_gdk_scale_2_tabbed_to_its_bottom_entry_is_cleared_in_root_pixels(self):
        """GDK_SCALE=2: GTK3 reports logical pixels. The first focus is read on the screen path (the window and
        its scale matched), the Tabs after it in window coordinates, doubled and placed on the client window."""
        daemon = self.start_daemon(config=config(["widget", "pointer", "window"]))
        form = self.form("hidpi-tab-form", "--entries", "4", "--geometry", "300x170+100+170",
                         env={"GDK_SCALE": "2"})
        original = form.frame()
        logical = form.accessible("entry-4")["widget"]
        keyboard = self.keyboard.show()
        self.assertGreater(2 * logical.bottom + MARGIN, keyboard.y, "test setup: entry-4 is under the keyboard")
        form.focus_by_keys("entry-4", *["Tab"] * 3)
        moved = wait_for(lambda: form.frame() if form.frame() != original and
                         abs(2 * form.accessible("entry-4")["widget"].bottom + MARGIN - keyboard.y) <= 2 else None,
                         timeout=5, what="entry-4 cleared at scale 2")
        self.assertEqual((moved.x, moved.width, moved.height), (original.x, original.width, original.height),
                         "offset, not resized")
        # Each Tab's own focus read; a second focus event of the same entry can come while it is read and supersede
        # it in the batch, read on the screen path (the same field at the same place, docs/testing.md).
        tab_reads = [line for line in daemon.log().splitlines()
                     if "accessibility: t=" in line and "change=focus editable" in line and "toolkit=gtk" in line][1:]
        self.assertTrue(tab_reads and all(" in-window=" in line for line in tab_reads if "superseded" in line)
                        and any(" in-window=" in line for line in tab_reads),
                        "the Tabs after the first read are read in window coordinates: %s" % tab_reads)
        self.keyboard.hide()
        self.assertFrameBecomes(form, original, daemon=daemon)

    def test_focus_moving_between_fields_of_one_window_is_computed_from_the_original_geometry(self):
        daemon = self.start_daemon(config=config(["caret", "widget", "pointer", "window"]))
        form = self.form("fields-form", "--entries", "6", "--geometry", "400x300+100+480")
        original = form.frame()
        fields = {name: form.accessible(name)["widget"] for name in ("entry-1", "entry-5", "entry-6")}
        keyboard = self.keyboard.show()
        self.assertLessEqual(fields["entry-1"].bottom + MARGIN, keyboard.y, "test setup: entry-1 is clear")

        form.focus_by_keys("entry-6", *["Tab"] * 5)
        at_six = self.expected_frame(original, fields["entry-6"].bottom, keyboard)
        self.assertFrameBecomes(form, at_six, daemon=daemon)
        form.focus_by_keys("entry-5", "shift+Tab")
        self.assertFrameBecomes(form, self.expected_frame(original, fields["entry-5"].bottom, keyboard), daemon=daemon)
        form.focus_by_keys("entry-1", *["shift+Tab"] * 4)
        self.assertFrameBecomes(form, original, daemon=daemon)
        form.focus_by_keys("entry-6", *["Tab"] * 5)
        self.assertFrameBecomes(form, at_six, daemon=daemon)
        self.assertEqual(self.last_acting_decision(daemon, form.window).get("source"), "widget",
                         "caret comes first in the order, but a single-line entry is cleared whole: its caret is "
                         "not read")

        self.keyboard.hide()
        self.assertFrameBecomes(form, original, daemon=daemon)

    def test_the_window_follows_the_caret_as_returns_are_typed_in_a_tall_text_view(self):
        daemon = self.start_daemon(config=config(["caret", "widget", "pointer", "window"]))
        form = self.form("caret-form", "--entries", "0", "--textview", "--focus", "textview",
                         "--geometry", "400x700+100+40")
        original = form.frame()
        mark = daemon.mark()
        keyboard = self.keyboard.show()
        start = form.accessible("textview")
        self.assertGreater(start["widget"].height, keyboard.y - MARGIN, "test setup: the view does not fit above")
        self.assertNothingMoved(daemon, form, original, since=mark)

        # Enough lines to bring the caret under the keyboard's top.
        line = 17
        returns = (keyboard.y - MARGIN - start["caret"].bottom) // line + 3
        form.key(*["Return"] * returns)

        def caret_exactly_clear():
            caret = form.accessible("textview")["caret"]
            return caret is not None and caret.bottom + MARGIN == keyboard.y and caret.y > start["caret"].y
        wait_for(caret_exactly_clear, timeout=6, interval=0.05, what="the caret line exactly margin px above "
                 "the keyboard%s" % self._decision_tail(daemon))
        following = form.frame()
        self.assertLess(following.y, original.y)
        self.assertEqual(self.last_acting_decision(daemon, form.window).get("source"), "caret")

        form.key("Return", "Return")
        wait_for(lambda: form.frame().y < following.y, what="the window to follow two more lines")
        wait_for(caret_exactly_clear, timeout=6, interval=0.05, what="the caret line clear again")
        step = following.y - form.frame().y
        self.assertEqual(step % 2, 0, "two lines of equal height: moved by %d px" % step)

        self.keyboard.hide()
        self.assertFrameBecomes(form, original, daemon=daemon)

    def test_an_application_without_accessibility_falls_back_to_the_pointer_source(self):
        daemon = self.start_daemon(config=config(["caret", "widget", "input-focus", "pointer", "window"]))
        form = self.form("no-bridge-form", "--entries", "6", "--geometry", "400x300+100+480",
                         env={"NO_AT_BRIDGE": "1"})
        original = form.frame()
        press_y = 730
        self.desktop.run("xdotool", "mousemove", str(original.x + 200), str(press_y), "click", "1")
        keyboard = self.keyboard.show()
        expected = self.expected_offset_frame(original, press_y, keyboard)
        self.assertFrameBecomes(form, expected, daemon=daemon)
        self.assertEqual(self.last_acting_decision(daemon, form.window).get("source"), "pointer")
        self.keyboard.hide()
        self.assertFrameBecomes(form, original, daemon=daemon)


class AutoShowWithXvkbd(DesktopTestCase):
    """xvkbd has no D-Bus: auto-show maps its (hidden, withdrawn) window and unmaps it again."""
    keyboard_kind = Xvkbd

    def test_focusing_an_entry_maps_the_hidden_keyboard_and_leaving_it_hides_the_keyboard_after_the_delay(self):
        requirements.require_tools(self, PYTHON_WITH_GI)
        daemon = self.start_daemon(config=config(["caret", "widget", "pointer", "window"], AUTO_SHOW))
        mark = daemon.mark()
        form = GtkForm(self, "auto-form", "--entries", "6", "--button", "--focus", "button",
                       "--geometry", "400x300+100+480")
        original = form.frame()
        bottom_field = form.accessible("entry-6")["widget"]
        self.assertFalse(self.keyboard.is_shown(), "test setup: xvkbd starts hidden")
        self.assertNothingMoved(daemon, form, original, since=mark)

        form.focus_by_keys("entry-6", "shift+Tab")
        keyboard = self.keyboard.wait_shown()
        overlap = bottom_field.bottom + MARGIN - keyboard.y
        self.assertGreater(overlap, 0, "test setup: entry-6 is covered")
        self.assertFrameBecomes(form, original.moved_by(0, -overlap), daemon=daemon)

        left_at = time.monotonic()
        form.focus_by_keys("button", "Tab")
        self.keyboard.wait_hidden(timeout=5)
        hidden_after = time.monotonic() - left_at
        self.assertGreaterEqual(hidden_after, 0.3, "hidden only after hide_delay_ms (300 ms)")
        self.assertFrameBecomes(form, original, daemon=daemon)
        self.assertIn("auto-show: unmapped keyboard window", daemon.log())

    def test_tabbing_through_a_button_to_the_next_field_within_the_delay_keeps_the_keyboard(self):
        requirements.require_tools(self, PYTHON_WITH_GI)
        daemon = self.start_daemon(config=config(["caret", "widget", "pointer", "window"],
                                                 AUTO_SHOW.replace("300", "2000")))
        form = GtkForm(self, "flicker-form", "--entries", "6", "--button", "--focus", "entry-6",
                       "--geometry", "400x300+100+480")
        form.focus_by_keys("entry-5", "shift+Tab")
        self.keyboard.wait_shown()
        form.focus_by_keys("button", "Tab", "Tab")
        form.focus_by_keys("entry-1", "Tab")
        daemon.at_rest()  # past auto-show's hide delay too, had it been armed: the sync reports it as a tick due
        self.assertTrue(self.keyboard.is_shown(), "the keyboard stayed shown")
        self.assertNotIn("auto-show: unmapped", daemon.log())


class AutoShowByCommands(DesktopTestCase):
    """No keyboard runs and onboard is not on the bus: auto-show starts one with `show_command` and, when focus has
    left the fields for the delay, ends it with `hide_command`, as a kiosk whose keyboard is a script does."""

    def test_show_command_starts_a_keyboard_for_an_entry_and_hide_command_ends_it_after_the_delay(self):
        requirements.require_tools(self, PYTHON_WITH_GI, "xvkbd")
        pid_file = os.path.join(self.test_dir, "xvkbd.pid")
        commands = (AUTO_SHOW + 'show_command = "xvkbd -compact -geometry 1280x240+0-0 & echo $! > %s"\n'
                    'hide_command = "kill $(cat %s)"\n') % (pid_file, pid_file)
        daemon = self.start_daemon(config=config(["caret", "widget", "pointer", "window"], commands))
        form = GtkForm(self, "command-form", "--entries", "6", "--button", "--focus", "button",
                       "--geometry", "400x300+100+480")
        original = form.frame()
        bottom_field = form.accessible("entry-6")["widget"]

        form.focus_by_keys("entry-6", "shift+Tab")
        keyboard = Xvkbd(self.desktop)
        keyboard.window = keyboard.wait_own_window("--class", "^XVkbd$")
        shown = keyboard.wait_placed()  # started by the daemon: its frame is the window manager's answer to its map
        overlap = bottom_field.bottom + MARGIN - shown.y
        self.assertGreater(overlap, 0, "test setup: entry-6 is covered")
        self.assertFrameBecomes(form, original.moved_by(0, -overlap), daemon=daemon)
        self.assertIn("auto-show: started xvkbd -compact", daemon.log())

        form.focus_by_keys("button", "Tab")
        keyboard.wait_hidden(timeout=5)
        self.assertFrameBecomes(form, original, daemon=daemon)
        self.assertIn("auto-show: started kill $(cat %s)" % pid_file, daemon.log())
        self.assertNotIn("no keyboard to show", daemon.log())
