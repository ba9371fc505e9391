"""QtWebEngine kiosks: a PyQt5 and a PyQt6 `QWebEngineView` fullscreen (tests/fixtures/qtwebengine_kiosk.py,
showing tests/fixtures/web_form.html), as a kiosk script starts them, under openbox with xvkbd and with a docked
onboard; the default configuration without animation.

QtWebEngine puts its pages on the accessibility bus only when its process starts with
QTWEBENGINE_ENABLE_LINUX_ACCESSIBILITY set (the package sets it for every X session; docs/kiosk.md):
- With it, the tapped input's own extents are read: the input ends inside the window's on-screen part and `margin`
  above the keyboard, as with Chromium and Firefox kiosks.
- Without it (a kiosk's own start script), the daemon serves the window with the tap's pointer band: the window
  leaves fullscreen and moves so that the band around the tapped point ends exactly `margin` above the keyboard
  (the point is read back from the server: the client's position plus the tap's place in the page), and `oskshift
  status` and the verbose log say which path and why.
Either way the window is fullscreen at its exact geometry again once the keyboard hides.
"""
import glob
import subprocess
import time
import unittest

import compatibility
import requirements
from browsers import start_qtwebengine_kiosk, start_qutebrowser_window
from daemon import MARGIN, POINTER_BAND
from e2e_case import is_acting
from keyboards import Onboard, Xvkbd
from qt_clients import PYTHON_WITH_GI
from test_first_instant import FrameWatch
from test_kiosk_browsers import FULLSCREEN, KioskBrowserTestCase
from test_windowed_browsers import WindowedBrowserTestCase
from waiting import wait_for
from xquery import Rect

DEFAULT_WITHOUT_ANIMATION = """\
[animation]
duration_ms = 0
"""
# field-11 of the web form, in the fullscreen page: about y 724-760, x 40-640 (tests/fixtures/web_form.html).
TAP = (300, 742)


def require_qtwebengine(test, qt):
    requirements.require_tools(test, PYTHON_WITH_GI)
    if not glob.glob("/usr/lib/python3/dist-packages/PyQt%d/QtWebEngineWidgets*" % qt):
        requirements.require_tools(test, "PyQt%d.QtWebEngineWidgets (python3-pyqt%d.qtwebengine)" % (qt, qt))


class QtWebEngineKioskTestCase(KioskBrowserTestCase):
    def status(self):
        return subprocess.run([self.binary, "status", "--display", self.desktop.display], env=self.desktop.env,
                              capture_output=True, text=True, timeout=10).stdout

    def tap_the_bottom_input(self, kiosk):
        """A real tap (XTest) on field-11 while the keyboard is hidden; the page names its focus in the title."""
        self.desktop.run("xdotool", "mousemove", str(TAP[0]), str(TAP[1]), "click", "1")
        wait_for(lambda: "field-11" in (self.desktop.x.property_text(kiosk.window, "_NET_WM_NAME") or ""),
                 what="field-11 focused (the page names it in its title)")

    def without_the_variable_the_tap_band_is_cleared_and_fullscreen_comes_back(self, qt, row=False):
        require_qtwebengine(self, qt)
        daemon = self.start_daemon(config=DEFAULT_WITHOUT_ANIMATION)
        kiosk = start_qtwebengine_kiosk(self, qt)
        wait_for(lambda: self.desktop.x.client_rect(kiosk.window) == FULLSCREEN and kiosk.is_fullscreen(),
                 what="the kiosk fullscreen")
        self.tap_the_bottom_input(kiosk)
        watch, frame = FrameWatch(self), compatibility.frame_of(self.desktop, kiosk.window)
        shown = time.monotonic()
        keyboard = self.keyboard.show()
        self.assertGreater(TAP[1] + POINTER_BAND // 2 + MARGIN, keyboard.y, "test setup: the tap is under the keyboard")

        # The band around the tapped point, in the page: the point is where the page's origin (the client's) is
        # now, plus the tap's place in the fullscreen page.
        def band_clear():
            client = self.desktop.x.client_rect(kiosk.window)
            return client if client.y + TAP[1] + POINTER_BAND // 2 + MARGIN == keyboard.y else None
        try:
            client = wait_for(band_clear, timeout=5, interval=0.01,
                              what="the tapped point's band exactly margin px above the keyboard")
        except AssertionError as error:
            raise self.failureException("%s%s" % (error, self._decision_tail(daemon))) from None
        self.assertFalse(kiosk.is_fullscreen(), "out of fullscreen while the keyboard is up")
        self.assertGreaterEqual(client.y + TAP[1], 0, "the tapped point is on the screen")
        if row:
            compatibility.record(
                self, "PyQt%d QtWebEngine kiosk, started without QTWEBENGINE_ENABLE_LINUX_ACCESSIBILITY" % qt,
                "Qt %d WebEngine" % qt, "python3-pyqt%d.qtwebengine" % qt,
                "X side: the tap's pointer band (the page is not on the bus without the variable)",
                "leaves fullscreen, moves the tapped place above the keyboard, fullscreen again on hide",
                "keyboard shown (window at rest)", compatibility.at_rest_ms(watch, frame, shown), self.keyboard)

        acting = [d for d in daemon.decisions_for(kiosk.window) if is_acting(d)]
        self.assertTrue(acting and acting[-1].get("source") == "pointer", "the tap's band decided%s" %
                        self._decision_tail(daemon))
        why = "QtWebEngine (Qt %d) started without QTWEBENGINE_ENABLE_LINUX_ACCESSIBILITY: its pages are not on " \
              "the accessibility bus" % qt
        self.assertIn("field extents: " + why, daemon.log())
        status = self.status()
        self.assertIn(why, status)
        self.assertRegex(status, r"focus: 0x[0-9a-f]+ .*\(pointer, a fallback: the pointer band around the last press")

        self.keyboard.hide()
        self.assertFullscreenAgain(kiosk, daemon)

    def with_the_variable_the_input_is_cleared_and_fullscreen_comes_back(self, qt, row=False):
        require_qtwebengine(self, qt)
        row_fields = ("PyQt%d QtWebEngine kiosk with QTWEBENGINE_ENABLE_LINUX_ACCESSIBILITY=1" % qt,
                      "Qt %d WebEngine" % qt, "python3-pyqt%d.qtwebengine" % qt) if row else None
        self.input_under_keyboard_is_cleared_and_fullscreen_restored(
            lambda test: start_qtwebengine_kiosk(test, qt, accessibility_variable=True), row=row_fields)


class QtWebEngineKiosksWithXvkbd(QtWebEngineKioskTestCase):
    keyboard_kind = Xvkbd

    def test_a_pyqt5_kiosk_started_without_the_variable_has_the_tapped_place_cleared_and_is_fullscreen_again(self):
        self.without_the_variable_the_tap_band_is_cleared_and_fullscreen_comes_back(5, row=True)

    def test_a_pyqt6_kiosk_started_without_the_variable_has_the_tapped_place_cleared_and_is_fullscreen_again(self):
        self.without_the_variable_the_tap_band_is_cleared_and_fullscreen_comes_back(6, row=True)

    def test_a_pyqt5_kiosk_with_the_variable_has_its_input_cleared_and_is_fullscreen_again(self):
        self.with_the_variable_the_input_is_cleared_and_fullscreen_comes_back(5, row=True)

    def test_a_pyqt6_kiosk_with_the_variable_has_its_input_cleared_and_is_fullscreen_again(self):
        self.with_the_variable_the_input_is_cleared_and_fullscreen_comes_back(6, row=True)


class QtWebEngineKiosksWithDockedOnboard(QtWebEngineKioskTestCase):
    keyboard_kind = Onboard
    keyboard_options = {"docked": True}

    def test_a_pyqt5_kiosk_started_without_the_variable_has_the_tapped_place_cleared_under_a_docked_onboard(self):
        self.without_the_variable_the_tap_band_is_cleared_and_fullscreen_comes_back(5)

    def test_a_pyqt6_kiosk_started_without_the_variable_has_the_tapped_place_cleared_under_a_docked_onboard(self):
        self.without_the_variable_the_tap_band_is_cleared_and_fullscreen_comes_back(6)

    def test_a_pyqt5_kiosk_with_the_variable_has_its_input_cleared_under_a_docked_onboard(self):
        self.with_the_variable_the_input_is_cleared_and_fullscreen_comes_back(5)

    def test_a_pyqt6_kiosk_with_the_variable_has_its_input_cleared_under_a_docked_onboard(self):
        self.with_the_variable_the_input_is_cleared_and_fullscreen_comes_back(6)


class QutebrowserWindowWithXvkbd(WindowedBrowserTestCase):
    """qutebrowser (QtWebEngine 5) in an ordinary window low on the screen, started in a session with the package's
    QTWEBENGINE_ENABLE_LINUX_ACCESSIBILITY=1: its page's input is offset like a native form's."""
    keyboard_kind = Xvkbd

    def start(self, kind, client):
        requirements.require_tools(self, "qutebrowser", PYTHON_WITH_GI)
        self.daemon = self.start_daemon(config=self.config)
        # Lower than the other browsers' window: qutebrowser's tab bar puts the page 30 px lower in its client.
        browser = start_qutebrowser_window(self, Rect(client.x, client.y + 40, client.width, client.height - 40))
        self.assertFalse(self.x.net_wm_state(browser.window), "test setup: neither fullscreen nor maximized")
        return browser

    def wait_focus(self, browser, name):
        """The page names its focused control in its title (qutebrowser's is the page's title alone here)."""
        wait_for(lambda: (self.x.property_text(browser.window, "_NET_WM_NAME") or "").endswith('"web-form: %s"' % name),
                 what="%s focused (the page names it in its title)" % name)

    def test_a_qutebrowser_window_is_offset_until_the_tapped_input_clears_the_keyboard_and_comes_back_exactly(self):
        self.input_is_offset_like_a_native_form_and_restored_exactly(
            "qutebrowser", ("qutebrowser (window)", "Qt 5 WebEngine", "qutebrowser"))


del QtWebEngineKioskTestCase  # only the keyboards' classes are tests

if __name__ == "__main__":
    unittest.main()
