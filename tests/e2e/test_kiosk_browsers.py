"""Fullscreen kiosk browsers with the default configuration (PRODUCT.md, "Applications it must work with"): a
focused `<input>` under the keyboard ends up visible and clear (inside the part of the window that is on screen,
`margin` above the keyboard, its top on screen), and the window is fullscreen again at its exact geometry once the
keyboard hides. No browser flag: the daemon turns accessibility on and asks Chromium for its page (docs/kiosk.md).

The input's extents are read from the browser over AT-SPI, the window's geometry and state from the server. One
browser at a time (about 1 GB each); the session's switch is set explicitly at its start.
"""
import time

import compatibility
import requirements
from browsers import start_chromium, start_firefox
from daemon import MARGIN
from e2e_case import DesktopTestCase
from keyboards import Onboard, Xvkbd
from test_first_instant import FrameWatch
from qt_clients import PYTHON_WITH_GI, set_accessibility_switch
from waiting import wait_for
from xquery import Rect

DEFAULT_WITHOUT_ANIMATION = """\
[animation]
duration_ms = 0
"""
FULLSCREEN = Rect(0, 0, 1280, 800)


class KioskBrowserTestCase(DesktopTestCase):
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        set_accessibility_switch(cls.desktop, True)

    def focus_bottom_input(self, browser, name="field-11"):
        """A tap on the input (near the viewport's bottom) while the keyboard is still hidden."""
        field = browser.wait_field(name, timeout=20)["widget"]
        self.desktop.run("xdotool", "mousemove", str(field.x + 100), str(field.y + field.height // 2), "click", "1")
        wait_for(lambda: name in (self.desktop.x.property_text(browser.window, "_NET_WM_NAME") or ""),
                 what="%s focused (the page names it in its title)" % name)
        return field

    def assertInputVisibleAndClear(self, browser, keyboard, daemon, name="field-11"):
        def clear():
            field = browser.field(name)
            if not field or field["widget"].width <= 0:
                return None
            input_rect, client = field["widget"], self.desktop.x.client_rect(browser.window)
            visible = input_rect.y >= max(client.y, 0) and input_rect.bottom <= client.bottom
            return (input_rect, client) if visible and input_rect.bottom + MARGIN <= keyboard.y else None
        try:
            return wait_for(clear, timeout=5, interval=0.01, what="%s visible in the window and clear of %s"
                            % (name, keyboard))
        except AssertionError as error:
            raise self.failureException("%s%s" % (error, self._decision_tail(daemon))) from None

    def assertFullscreenAgain(self, browser, daemon):
        try:
            wait_for(lambda: self.desktop.x.client_rect(browser.window) == FULLSCREEN and browser.is_fullscreen(),
                     timeout=5, what="the window fullscreen at 1280x800+0+0 again")
        except AssertionError as error:
            raise self.failureException("%s%s" % (error, self._decision_tail(daemon))) from None

    def input_under_keyboard_is_cleared_and_fullscreen_restored(self, start_browser, name="field-11", row=None):
        daemon = self.start_daemon(config=DEFAULT_WITHOUT_ANIMATION)
        browser = start_browser(self)
        self.assertEqual(self.desktop.x.client_rect(browser.window), FULLSCREEN)
        before = self.focus_bottom_input(browser, name)
        if row:
            watch = FrameWatch(self)
            frame = compatibility.frame_of(self.desktop, browser.window)
        shown = time.monotonic()
        if row:
            # xvkbd keeps its place while hidden: the clock runs from the request to show it, not from its settling.
            # Hidden, its rect is the unframed client's, with the same top.
            top = self.keyboard.rect().y
            self.keyboard.request_show()
            self.assertInputVisibleAndClear(browser, Rect(0, top, 1280, 800 - top), daemon, name)
            keyboard = self.keyboard.wait_shown()
            self.assertEqual(keyboard.y, top)
        else:
            keyboard = self.keyboard.show()
        self.assertGreater(before.bottom + MARGIN, keyboard.y, "test setup: %s is under the keyboard" % name)

        self.assertInputVisibleAndClear(browser, keyboard, daemon, name)
        if row:
            # The clock stops at the window's last ConfigureNotify, once the input was seen clear over AT-SPI (a
            # helper process's read takes ~100 ms, too coarse to time); `make bench` times the tap, stamp by stamp.
            compatibility.record(self, *row, "AT-SPI: the input's extents",
                                 "leaves fullscreen, pans the window above the keyboard, fullscreen again on hide",
                                 "keyboard shown (window at rest)",
                                 compatibility.at_rest_ms(watch, frame, shown), self.keyboard)
        self.keyboard.hide()
        self.assertFullscreenAgain(browser, daemon)


    def second_input_is_read_in_window_coordinates_and_cleared(self, start_browser, toolkit):
        """field-1 tapped with the keyboard hidden (its window read on the screen path and matched), the keyboard
        shown, then field-11 focused over AT-SPI (a tap would hit the keyboard): the window pans, and the read after
        that move samples the browser's window coordinates (the fullscreen window at 0,0 could not tell them from the
        screen's), so the daemon learns they are relative to the window. Then field-10 focused over AT-SPI: that
        focus is read in window coordinates (` in-window=` in the trace), and the input ends exactly `margin` above
        the keyboard."""
        daemon = self.start_daemon(config=DEFAULT_WITHOUT_ANIMATION)
        browser = start_browser(self)
        self.focus_bottom_input(browser, "field-1")
        wait_for(lambda: "toolkit=%s" % toolkit in daemon.log(), what="the %s field read" % toolkit)
        keyboard = self.keyboard.show()
        browser.field("field-11", grab_focus=True)
        self.assertInputVisibleAndClear(browser, keyboard, daemon, "field-11")
        wait_for(lambda: "window coordinates: relative to its client or frame" in daemon.log(),
                 what="the browser's window coordinates learnt from a read of the panned window")
        mark = len(daemon.log())
        browser.field("field-10", grab_focus=True)
        input_rect, _ = self.assertInputVisibleAndClear(browser, keyboard, daemon, "field-10")
        self.assertEqual(input_rect.bottom + MARGIN, keyboard.y, "panned exactly: margin px above the keyboard")
        # A read the daemon took in the same batch as later ones is still logged, as superseded in its batch (seen
        # when the focus, bounds and caret reads of one grab came together on a loaded machine).
        reads = [line for line in daemon.log()[mark:].splitlines()
                 if line.startswith(("accessibility:", "note: accessibility: superseded in its batch:"))
                 and "change=focus editable" in line]
        self.assertTrue(reads and " in-window=" in reads[0] and "toolkit=%s" % toolkit in reads[0],
                        "the focus read in window coordinates: %s" % reads[:1])
        self.keyboard.hide()
        self.assertFullscreenAgain(browser, daemon)


class KioskBrowsersWithXvkbd(KioskBrowserTestCase):
    keyboard_kind = Xvkbd

    def test_a_second_chromium_input_focused_with_the_keyboard_up_is_read_in_window_coordinates_and_cleared(self):
        requirements.require_tools(self, "chromium", PYTHON_WITH_GI)
        self.second_input_is_read_in_window_coordinates_and_cleared(start_chromium, "Chromium")

    def test_a_second_firefox_input_focused_with_the_keyboard_up_is_read_in_window_coordinates_and_cleared(self):
        requirements.require_tools(self, "firefox-esr", PYTHON_WITH_GI)
        self.second_input_is_read_in_window_coordinates_and_cleared(start_firefox, "Gecko")

    def test_a_chromium_kiosk_input_under_the_keyboard_ends_visible_and_clear_and_fullscreen_comes_back_exactly(self):
        requirements.require_tools(self, "chromium", PYTHON_WITH_GI)
        self.input_under_keyboard_is_cleared_and_fullscreen_restored(
            start_chromium, row=("Chromium --kiosk", "Chromium (Blink)", "chromium"))

    def test_a_firefox_kiosk_input_under_the_keyboard_ends_visible_and_clear_and_fullscreen_comes_back_exactly(self):
        requirements.require_tools(self, "firefox-esr", PYTHON_WITH_GI)
        self.input_under_keyboard_is_cleared_and_fullscreen_restored(
            start_firefox, row=("Firefox ESR --kiosk", "Firefox (Gecko)", "firefox-esr"))


class ScaledKioskBrowsersWithXvkbd(KioskBrowserTestCase):
    """Page content scaled 2x: the browsers report their extents in real pixels (docs/kiosk.md); field-5 is the
    input near the bottom at that scale (y 608-680)."""
    keyboard_kind = Xvkbd

    def test_a_chromium_kiosk_at_device_scale_2_has_its_input_cleared_and_fullscreen_comes_back(self):
        requirements.require_tools(self, "chromium", PYTHON_WITH_GI)
        self.input_under_keyboard_is_cleared_and_fullscreen_restored(
            lambda test: start_chromium(test, "--force-device-scale-factor=2"), name="field-5")

    def test_a_firefox_kiosk_at_two_device_pixels_per_px_has_its_input_cleared_and_fullscreen_comes_back(self):
        requirements.require_tools(self, "firefox-esr", PYTHON_WITH_GI)
        self.input_under_keyboard_is_cleared_and_fullscreen_restored(
            lambda test: start_firefox(test, {"layout.css.devPixelsPerPx": '"2.0"'}), name="field-5")


class KioskBrowserWithDockedOnboard(KioskBrowserTestCase):
    keyboard_kind = Onboard
    keyboard_options = {"docked": True}

    def test_a_chromium_kiosk_input_under_a_docked_onboard_ends_visible_and_clear_and_fullscreen_comes_back(self):
        requirements.require_tools(self, "chromium", PYTHON_WITH_GI)
        self.input_under_keyboard_is_cleared_and_fullscreen_restored(start_chromium)
