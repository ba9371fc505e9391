"""Chromium and Firefox ESR in ordinary windows: not fullscreen, not maximized, placed where a user (or a
kiosk script) put them, with tests/fixtures/web_form.html. The default configuration without animation; no
browser flag for accessibility (the daemon turns the switch on and asks Chromium for its page, docs/kiosk.md).

- A window placed low on the screen whose focused input the keyboard would cover is offset like a native form:
  the input's bottom + `margin` exactly at the keyboard's top, read from the browser over AT-SPI and from the
  server's geometry; the exact original geometry comes back when the keyboard hides.
- A tall window whose input is too far down to be offset with its top on screen is moved to the top and shrunk
  above the keyboard, and the page is scrolled to the input (AT-SPI ScrollTo, the inset path of kiosk browsers);
  the exact original again on hide.
- Focus on a button (the form's "send", beside field-5): nothing moves, also when Tab takes the focus there from
  an input the window was offset for (the window goes home).

One browser at a time (about 1 GB each); the session's switch is set explicitly at its start.
"""
import time

import compatibility
import requirements
from browsers import start_chromium_window, start_firefox_window
from daemon import MARGIN
from e2e_case import DesktopTestCase, is_acting
from keyboards import Onboard, Xvkbd
from qt_clients import PYTHON_WITH_GI, set_accessibility_switch
from test_first_instant import FrameWatch
from waiting import wait_for
from xquery import Rect

DEFAULT_WITHOUT_ANIMATION = """\
[animation]
duration_ms = 0
"""
BUILT_IN_DEFAULTS = "# the built-in defaults\n"
# Clients: a 900x600 window low on the 1280x800 screen (field-5 is under either keyboard, and offsetting it keeps
# the window's top on screen), and a 900x740 one near the top (field-9 is too far down for that).
LOW = Rect(190, 190, 900, 600)
TALL = Rect(190, 40, 900, 740)

CHROMIUM = ("Chromium (window)", "Chromium (Blink)", "chromium")
FIREFOX = ("Firefox ESR (window)", "Firefox (Gecko)", "firefox-esr")


class WindowedBrowserTestCase(DesktopTestCase):
    config = DEFAULT_WITHOUT_ANIMATION

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        set_accessibility_switch(cls.desktop, True)

    def start(self, kind, client):
        requirements.require_tools(self, kind, PYTHON_WITH_GI)
        self.daemon = self.start_daemon(config=self.config)
        browser = (start_chromium_window if kind == "chromium" else start_firefox_window)(self, client)
        self.assertFalse(self.x.net_wm_state(browser.window), "test setup: neither fullscreen nor maximized")
        return browser

    def wait_focus(self, browser, name):
        """The page names its focused control in its title (the browser appends its own name)."""
        wait_for(lambda: "web-form: %s " % name in (self.x.property_text(browser.window, "_NET_WM_NAME") or ""),
                 what="%s focused (the page names it in its title)" % name)

    def tap(self, browser, name):
        """A tap on the control while the keyboard is hidden; returns its rect as the browser reports it."""
        rect = browser.wait_field(name, timeout=20)["widget"]
        self.desktop.run("xdotool", "mousemove", str(rect.x + rect.width // 2), str(rect.y + rect.height // 2),
                         "click", "1")
        self.wait_focus(browser, name)
        return rect

    def failure(self, error, browser=None):
        history = self._window_history(self.daemon, browser.window) if browser else ""
        return self.failureException("%s%s%s" % (error, history, self._decision_tail(self.daemon)))

    def assertInputClear(self, browser, keyboard, name, exactly=False):
        """The input inside the window's client (the part the page shows) and `margin` above the keyboard, as the
        browser reports it; `exactly`: its bottom + margin at the keyboard's top to the pixel."""
        def clear():
            field = browser.field(name)
            if not field or field["widget"].width <= 0:
                return None
            rect, client = field["widget"], self.x.client_rect(browser.window)
            inside = rect.y >= max(client.y, 0) and rect.bottom <= client.bottom
            fits = rect.bottom + MARGIN == keyboard.y if exactly else rect.bottom + MARGIN <= keyboard.y
            return rect if inside and fits else None
        try:
            return wait_for(clear, timeout=5, interval=0.05, what="%s visible in the window and %sclear of %s"
                            % (name, "exactly " if exactly else "", keyboard))
        except AssertionError as error:
            raise self.failure(error, browser) from None

    def assertFrameReaches(self, browser, expected, timeout=5):
        seen = []
        try:
            wait_for(lambda: seen.append(browser.frame()) or seen[-1] == expected, timeout=timeout,
                     what="the %s frame at %s" % (browser.title, expected))
        except AssertionError as error:
            raise self.failure("%s (the frame was %s)" % (error, seen[-1] if seen else "?"), browser) from None

    def assertStill(self, browser, frame):
        """Came to rest at `frame`: the daemon at rest (its reads of the input after a move included)."""
        self.assertAtRest(browser, frame, self.daemon)

    # --- the scenarios ------------------------------------------------------------------------------------

    def input_is_offset_like_a_native_form_and_restored_exactly(self, kind, row):
        browser = self.start(kind, LOW)
        original = browser.frame()
        before = self.tap(browser, "field-5")
        watch = FrameWatch(self)
        frame_window = compatibility.frame_of(self.desktop, browser.window)
        shown = time.monotonic()
        keyboard = self.keyboard.show()
        overlap = before.bottom + MARGIN - keyboard.y
        self.assertGreater(overlap, 0, "test setup: field-5 %s is under the keyboard %s" % (before, keyboard))
        self.assertGreaterEqual(original.y - overlap, 0, "test setup: an offset keeps the window's top on screen")

        expected = original.moved_by(0, -overlap)
        self.assertFrameReaches(browser, expected)
        self.assertInputClear(browser, keyboard, "field-5", exactly=True)
        self.assertStill(browser, expected)
        self.assertFalse(self.x.net_wm_state(browser.window), "still neither fullscreen nor maximized")
        if self.config == DEFAULT_WITHOUT_ANIMATION:  # the table's figures are without animation, as for the others
            compatibility.record(self, *row, "AT-SPI: the input's extents (then ScrollTo when shrunk)",
                                 "offset above the keyboard; an input too far down for that: shrunk above it and the "
                                 "page scrolled to the input", "keyboard shown",
                                 compatibility.at_rest_ms(watch, frame_window, shown), self.keyboard)

        # Focus on the button next to it: nothing to clear, the window goes home; back on the input, up again.
        self.desktop.run("xdotool", "key", "Tab")
        self.wait_focus(browser, "send")
        self.assertFrameReaches(browser, original)
        self.assertStill(browser, original)
        self.desktop.run("xdotool", "key", "shift+Tab")
        self.wait_focus(browser, "field-5")
        self.assertFrameReaches(browser, expected)

        self.keyboard.hide()
        self.assertFrameReaches(browser, original)
        self.assertStill(browser, original)

    def input_too_far_down_is_scrolled_into_the_shrunk_window_and_restored_exactly(self, kind):
        browser = self.start(kind, TALL)
        original = browser.frame()
        before = self.tap(browser, "field-9")
        keyboard = self.keyboard.show()
        overlap = before.bottom + MARGIN - keyboard.y
        self.assertGreater(overlap, original.y, "test setup: field-9 %s is too far under the keyboard %s for an "
                           "offset of %s with its top on screen" % (before, keyboard, original))

        # Top at the work area's top, bottom edge `margin` above the keyboard.
        expected = Rect(original.x, 0, original.width, keyboard.y - MARGIN)
        self.assertFrameReaches(browser, expected)
        after = self.assertInputClear(browser, keyboard, "field-9")
        self.assertLess(after.y, before.y - original.y, "the page scrolled (the window's move alone is not enough)")
        self.assertStill(browser, expected)

        self.keyboard.hide()
        self.assertFrameReaches(browser, original)
        self.assertStill(browser, original)

    def button_focus_moves_nothing(self, kind):
        browser = self.start(kind, LOW)
        original = browser.frame()
        button = self.tap(browser, "send")
        mark, requests_mark = self.daemon.log_mark(), self.daemon.mark()
        watch = FrameWatch(self)
        frame_window = compatibility.frame_of(self.desktop, browser.window)
        since = time.monotonic()
        keyboard = self.keyboard.show()
        self.assertGreater(button.bottom + MARGIN, keyboard.y, "test setup: the button is under the keyboard")
        self.assertNothingMoved(self.daemon, browser, original, since=requests_mark)
        self.assertEqual(watch.configures(frame_window, since=since), [], "no ConfigureNotify of the frame at all")
        self.assertEqual([d["line"] for d in self.daemon.decisions_for(browser.window, mark) if is_acting(d)], [])

        # Closed with the keyboard up (Ctrl+W closes the only tab, and the window): not moved on its way out
        # either (openbox's own configure of the frame as it lets go of the window comes after the unmap).
        self.desktop.run("xdotool", "key", "ctrl+w")
        unmapped = wait_for(lambda: next((t for t, kind, _ in watch.events(frame_window) if kind == "unmap"), None),
                            timeout=10, what="the browser window to close")
        self.assertEqual(watch.configures(frame_window, since=since, until=unmapped), [],
                         "not moved on its way out%s" % self._decision_tail(self.daemon))


class WindowedBrowsersWithXvkbd(WindowedBrowserTestCase):
    keyboard_kind = Xvkbd

    def test_a_chromium_window_is_offset_until_the_tapped_input_clears_the_keyboard_and_comes_back_exactly(self):
        self.input_is_offset_like_a_native_form_and_restored_exactly("chromium", CHROMIUM)

    def test_a_firefox_window_is_offset_until_the_tapped_input_clears_the_keyboard_and_comes_back_exactly(self):
        self.input_is_offset_like_a_native_form_and_restored_exactly("firefox-esr", FIREFOX)

    def test_a_tall_chromium_window_is_shrunk_and_its_page_scrolled_to_an_input_too_far_down(self):
        self.input_too_far_down_is_scrolled_into_the_shrunk_window_and_restored_exactly("chromium")

    def test_a_tall_firefox_window_is_shrunk_and_its_page_scrolled_to_an_input_too_far_down(self):
        self.input_too_far_down_is_scrolled_into_the_shrunk_window_and_restored_exactly("firefox-esr")

    def test_a_chromium_window_whose_focus_is_on_a_button_under_the_keyboard_is_not_moved(self):
        self.button_focus_moves_nothing("chromium")

    def test_a_firefox_window_whose_focus_is_on_a_button_under_the_keyboard_is_not_moved(self):
        self.button_focus_moves_nothing("firefox-esr")


class WindowedBrowsersWithDockedOnboard(WindowedBrowserTestCase):
    """The built-in defaults here, animation on: an eased shrink reaches its size before its time is up, and the
    page must still be scrolled (it was not, before the engine decided the reveal once the window was still)."""
    keyboard_kind = Onboard
    keyboard_options = {"docked": True}
    config = BUILT_IN_DEFAULTS

    def test_a_chromium_window_is_offset_until_the_tapped_input_clears_a_docked_onboard_and_comes_back(self):
        self.input_is_offset_like_a_native_form_and_restored_exactly("chromium", CHROMIUM)

    def test_a_firefox_window_is_offset_until_the_tapped_input_clears_a_docked_onboard_and_comes_back(self):
        self.input_is_offset_like_a_native_form_and_restored_exactly("firefox-esr", FIREFOX)

    def test_a_tall_chromium_window_is_shrunk_above_a_docked_onboard_and_its_page_scrolled_to_the_input(self):
        self.input_too_far_down_is_scrolled_into_the_shrunk_window_and_restored_exactly("chromium")

    def test_a_tall_firefox_window_is_shrunk_above_a_docked_onboard_and_its_page_scrolled_to_the_input(self):
        self.input_too_far_down_is_scrolled_into_the_shrunk_window_and_restored_exactly("firefox-esr")

