"""The accessory bar (previous / next / done above the keyboard) and hide_on_return, with the GTK3 fixture and xvkbd.

xvkbd spans the bottom (frame 1282x265+0+558 under openbox); the bar is oskshift's own override-redirect window
(WM_CLASS oskshift-accessory), flush on top of the keyboard and clipped to the monitor. Field geometry comes from
AT-SPI (atspi_field.py), focus from the fixture's `focus NAME` lines, never from the daemon's log.
"""
import json
import os
import signal

from daemon import MARGIN
from e2e_case import DesktopTestCase
from test_accessibility import PYTHON_WITH_GI, GtkForm
from keyboards import Onboard, Xvkbd
from waiting import wait_for
from xquery import Rect
import requirements

BAR_HEIGHT = 48
BUTTONS = ["previous", "next", "done"]

CONFIG = """\
[avoidance]
mode = "offset"
margin = %d
focus = ["widget", "pointer", "window"]

[animation]
duration_ms = 0

[keyboard_control]
hide_on_return = %s

[accessory]
enabled = true
buttons = %s
height = %d
"""


def config(hide_on_return=False):
    return CONFIG % (MARGIN, "true" if hide_on_return else "false", json.dumps(BUTTONS), BAR_HEIGHT)


class AccessoryTestCase(DesktopTestCase):
    """Helpers only; the keyboard comes from the subclasses."""

    def setUp(self):
        super().setUp()
        requirements.require_tools(self, PYTHON_WITH_GI, "import", "convert")
        if not os.path.exists("/usr/lib/python3/dist-packages/pyatspi"):
            requirements.require_tools(self, "pyatspi (python3-pyatspi)")

    # --- helpers ----------------------------------------------------------------------------------------

    def expected_bar(self, keyboard):
        width, _ = self.x.root_size()
        left, right = max(keyboard.x, 0), min(keyboard.right, width)
        return Rect(left, keyboard.y - BAR_HEIGHT, right - left, BAR_HEIGHT)

    def bar_window(self):
        return wait_for(lambda: self.x.viewable_window("--classname", "^oskshift-accessory$"), timeout=5,
                        what="the accessory bar to be mapped")

    def bar_rect(self):
        window = self.x.viewable_window("--classname", "^oskshift-accessory$")
        return self.x.client_rect(window) if window else None

    def wait_bar_at(self, expected, daemon):
        wait_for(lambda: self.bar_rect() == expected, timeout=5, what="the bar at %s (now %s)%s" % (
            expected, self.bar_rect(), self._decision_tail(daemon)))

    def wait_bar_hidden(self):
        wait_for(lambda: self.bar_rect() is None, timeout=5, what="the bar to be unmapped")

    def button_centre(self, bar, name):
        width = bar.width // len(BUTTONS)
        index = BUTTONS.index(name)
        right = bar.width if index == len(BUTTONS) - 1 else (index + 1) * width
        return bar.x + (index * width + right) // 2, bar.y + bar.height // 2

    def click_button(self, bar, name):
        x, y = self.button_centre(bar, name)
        self.desktop.run("xdotool", "mousemove", str(x), str(y), "click", "1")

    def input_focus(self):
        return self.desktop.run("xdotool", "getwindowfocus", "-f").strip()

    def cleared_frame(self, original, field_bottom, bar):
        """offset: the field's bottom + margin exactly at the bar's top (keyboard plus bar is one obstacle)."""
        overlap = field_bottom + MARGIN - bar.y
        self.assertGreater(overlap, 0, "test setup: the field (bottom %d) is not covered by the bar %s" % (
            field_bottom, bar))
        return original.moved_by(0, -overlap)

    def form_with_six_entries(self, title):
        return GtkForm(self, title, "--entries", "6", "--geometry", "400x300+100+480")



class AccessoryBarWithXvkbd(AccessoryTestCase):
    keyboard_kind = Xvkbd

    def test_the_bar_sits_flush_on_top_of_the_keyboard_and_the_field_clears_keyboard_plus_bar(self):
        daemon = self.start_daemon(config=config())
        form = self.form_with_six_entries("clear-form")
        original = form.frame()
        field = form.accessible("entry-6")["widget"]
        keyboard = self.keyboard.show()
        bar = self.expected_bar(keyboard)
        self.wait_bar_at(bar, daemon)
        self.assertTrue(self.x.window_info(self.bar_window())["override_redirect"], "the bar is override-redirect")

        form.focus_by_keys("entry-6", *["Tab"] * 5)
        self.assertFrameBecomes(form, self.cleared_frame(original, field.bottom, bar), daemon=daemon)
        moved = form.accessible("entry-6")["widget"]
        self.assertEqual(moved.bottom + MARGIN, bar.y, "the entry ends exactly margin px above the bar")

        self.keyboard.hide()
        self.wait_bar_hidden()
        self.assertFrameBecomes(form, original, daemon=daemon)

    def test_next_and_previous_move_the_focus_and_the_window_is_adjusted_for_each_field(self):
        daemon = self.start_daemon(config=config())
        form = self.form_with_six_entries("next-form")
        original = form.frame()
        fields = {name: form.accessible(name)["widget"] for name in ("entry-5", "entry-6")}
        keyboard = self.keyboard.show()
        bar = self.expected_bar(keyboard)
        self.wait_bar_at(bar, daemon)
        form.focus_by_keys("entry-5", *["Tab"] * 4)
        self.assertFrameBecomes(form, self.cleared_frame(original, fields["entry-5"].bottom, bar), daemon=daemon)
        active, focus = self.x.active_window(), self.input_focus()

        self.click_button(bar, "next")
        wait_for(lambda: form.focused() == "entry-6", what="next to focus entry-6%s" % self._decision_tail(daemon))
        self.assertFrameBecomes(form, self.cleared_frame(original, fields["entry-6"].bottom, bar), daemon=daemon)
        self.assertEqual(self.x.active_window(), active, "_NET_ACTIVE_WINDOW unchanged by the click")
        self.assertEqual(self.input_focus(), focus, "the X input focus unchanged by the click")

        self.click_button(bar, "previous")
        wait_for(lambda: form.focused() == "entry-5", what="previous to focus entry-5")
        self.assertFrameBecomes(form, self.cleared_frame(original, fields["entry-5"].bottom, bar), daemon=daemon)
        self.assertEqual(self.x.active_window(), active, "_NET_ACTIVE_WINDOW unchanged by the click")
        self.assertEqual(self.input_focus(), focus, "the X input focus unchanged by the click")

    def test_done_hides_the_keyboard_and_the_window_is_restored_exactly(self):
        daemon = self.start_daemon(config=config())
        form = self.form_with_six_entries("done-form")
        original = form.frame()
        field = form.accessible("entry-6")["widget"]
        keyboard = self.keyboard.show()
        bar = self.expected_bar(keyboard)
        form.focus_by_keys("entry-6", *["Tab"] * 5)
        self.wait_bar_at(bar, daemon)
        self.assertFrameBecomes(form, self.cleared_frame(original, field.bottom, bar), daemon=daemon)
        active, focus = self.x.active_window(), self.input_focus()

        self.click_button(bar, "done")
        self.keyboard.wait_hidden()
        self.wait_bar_hidden()
        self.assertFrameBecomes(form, original, daemon=daemon)
        self.assertEqual(form.focused(), "entry-6", "done leaves the focus where it was")
        self.assertEqual(self.x.active_window(), active, "_NET_ACTIVE_WINDOW unchanged by the click")
        self.assertEqual(self.input_focus(), focus, "the X input focus unchanged by the click")

    def test_the_bar_follows_the_keyboard_when_it_moves_and_the_window_follows_the_bar(self):
        daemon = self.start_daemon(config=config())
        form = self.form_with_six_entries("follow-form")
        original = form.frame()
        field = form.accessible("entry-6")["widget"]
        keyboard = self.keyboard.show()
        self.addCleanup(self.desktop.run, "xdotool", "windowmove", str(self.keyboard.window),
                        str(keyboard.x), str(keyboard.y), check=False)
        form.focus_by_keys("entry-6", *["Tab"] * 5)
        self.wait_bar_at(self.expected_bar(keyboard), daemon)

        self.desktop.run("xdotool", "windowmove", str(self.keyboard.window), str(keyboard.x), str(keyboard.y - 60))
        moved_keyboard = wait_for(lambda: self.keyboard.rect() if self.keyboard.rect().y == keyboard.y - 60 else None,
                                  what="xvkbd to move up 60 px")
        bar = self.expected_bar(moved_keyboard)
        self.wait_bar_at(bar, daemon)
        self.assertFrameBecomes(form, self.cleared_frame(original, field.bottom, bar), daemon=daemon)

    def test_a_screenshot_of_the_bar_shows_its_labels(self):
        daemon = self.start_daemon(config=config())
        self.form_with_six_entries("shot-form")
        keyboard = self.keyboard.show()
        self.wait_bar_at(self.expected_bar(keyboard), daemon)
        path = os.path.join(self.test_dir, "accessory-bar.png")
        self.desktop.run("import", "-window", str(self.bar_window()), path)
        colours = int(self.desktop.run("convert", path, "-format", "%k", "info:").strip())
        self.assertGreaterEqual(colours, 3, "background, button faces and label text (saved as %s)" % path)

    def pixel(self, path, x, y):
        return self.desktop.run("convert", path, "-format", "%%[hex:u.p{%d,%d}]" % (x, y), "info:").strip().upper()

    def test_a_held_button_is_drawn_inverted_and_releasing_it_outside_does_nothing(self):
        daemon = self.start_daemon(config=config())
        form = self.form_with_six_entries("press-form")
        keyboard = self.keyboard.show()
        bar = self.expected_bar(keyboard)
        self.wait_bar_at(bar, daemon)
        focused = form.focused()
        x, y = self.button_centre(bar, "next")
        face = (bar.width // len(BUTTONS) + 10, 10)  # inside the next button's face, clear of its label
        path = os.path.join(self.test_dir, "bar-%s.png")
        self.desktop.run("import", "-window", str(self.bar_window()), path % "idle")
        self.assertEqual(self.pixel(path % "idle", *face), "3C3F41", "an idle button face is dark")

        self.desktop.run("xdotool", "mousemove", str(x), str(y), "mousedown", "1")
        self.addCleanup(self.desktop.run, "xdotool", "mouseup", "1", check=False)

        def inverted():
            self.desktop.run("import", "-window", str(self.bar_window()), path % "held")
            return self.pixel(path % "held", *face) == "F0F0F0"
        wait_for(inverted, what="the held button drawn inverted")
        log_mark = daemon.log_mark()
        self.desktop.run("xdotool", "mousemove", str(x), str(bar.y - 100), "mouseup", "1")
        daemon.at_rest()  # the release handled: a Tab it would type has gone out
        self.assertNotIn("accessory: ", daemon.log()[log_mark:], "released outside: no button acted")
        self.assertEqual(form.focused(), focused, "released outside: no Tab was sent")
        self.assertNotIn("accessory: next", daemon.log())

    def test_the_bar_hides_while_focus_is_on_a_button_and_comes_back_on_a_field(self):
        daemon = self.start_daemon(config=config())
        form = GtkForm(self, "button-form", "--entries", "2", "--button", "--geometry", "400x200+100+100")
        keyboard = self.keyboard.show()
        bar = self.expected_bar(keyboard)
        self.wait_bar_at(bar, daemon)
        form.focus_by_keys("button", "Tab", "Tab")
        self.wait_bar_hidden()
        self.assertTrue(self.keyboard.is_shown(), "the keyboard itself stays")
        form.focus_by_keys("entry-2", "shift+Tab")
        self.wait_bar_at(bar, daemon)

    def test_return_hides_the_keyboard_in_a_single_line_entry_but_not_in_the_text_view(self):
        daemon = self.start_daemon(config=config(hide_on_return=True))
        form = GtkForm(self, "return-form", "--entries", "2", "--textview", "--geometry", "400x300+100+100")
        self.keyboard.show()
        form.focus_by_keys("textview", "Tab", "Tab")
        form.key("Return")
        daemon.at_rest()  # the Return handled: a hide it would ask for has gone out
        self.assertNotIn("hides the keyboard", daemon.log(), "Return in the text view keeps the keyboard")
        self.assertTrue(self.keyboard.is_shown(), "Return in the text view keeps the keyboard")

        form.focus_by_keys("entry-2", "shift+Tab")
        form.key("Return")
        self.keyboard.wait_hidden()
        self.assertIn("accessory: Return in a single-line field", daemon.log())

    def test_hide_on_return_turned_on_by_a_reload_takes_effect(self):
        daemon = self.start_daemon(config=config(hide_on_return=False))
        form = GtkForm(self, "reload-form", "--entries", "2", "--geometry", "400x200+100+100")
        self.keyboard.show()
        form.focus_by_keys("entry-2", "Tab")
        form.key("Return")
        daemon.at_rest()  # the Return handled: a hide it would ask for has gone out
        self.assertNotIn("hides the keyboard", daemon.log(), "hide_on_return off: the keyboard stays")
        self.assertTrue(self.keyboard.is_shown(), "hide_on_return off: the keyboard stays")

        with open(daemon.config_path, "w") as f:
            f.write(config(hide_on_return=True))
        mark = len(daemon.log())
        daemon.process.send_signal(signal.SIGHUP)
        wait_for(lambda: "configuration reloaded" in daemon.log()[mark:], what="the reload")
        form.key("Return")
        self.keyboard.wait_hidden()


class AccessoryBarWithDockedOnboard(AccessoryTestCase):
    """Docked onboard slides in (~12 ConfigureNotify) and reserves a strut; done hides it through D-Bus."""
    keyboard_kind = Onboard
    keyboard_options = {"docked": True}

    def test_the_bar_rides_on_the_sliding_keyboard_and_done_hides_it_through_d_bus(self):
        daemon = self.start_daemon(config=config())
        form = self.form_with_six_entries("docked-form")
        original = form.frame()
        field = form.accessible("entry-6")["widget"]
        form.focus_by_keys("entry-6", *["Tab"] * 5)
        self.keyboard.request_show()
        seen = []

        def slid_in():
            rect = self.bar_rect()
            if rect is not None and (not seen or seen[-1] != rect):
                seen.append(rect)
            return self.keyboard.is_shown() and self.keyboard.rect() == self.keyboard.docked_rect()
        wait_for(slid_in, timeout=10, interval=0.01, what="onboard to slide in")
        bar = self.expected_bar(self.keyboard.wait_shown())
        self.wait_bar_at(bar, daemon)
        self.assertEqual(bar, Rect(0, 547, 1280, BAR_HEIGHT))
        # While sliding up, every place the bar was seen at is full width, flush on a keyboard that is not yet
        # above its final top.
        self.assertTrue(all(r.width == 1280 and r.height == BAR_HEIGHT and r.y >= bar.y for r in seen), seen)
        self.assertFrameBecomes(form, self.cleared_frame(original, field.bottom, bar), daemon=daemon)

        self.click_button(bar, "done")
        self.keyboard.wait_hidden(timeout=10)
        self.wait_bar_hidden()
        self.assertFrameBecomes(form, original, daemon=daemon)
        self.assertIn("accessory: asked onboard to hide", daemon.log())
