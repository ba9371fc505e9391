"""Kiosk browsers on the accessibility bus with no flag and no environment variable, thanks to the daemon: it turns
the switch on at its start (Firefox, even one already running) and asks each Chromium application for its web
content (docs/kiosk.md). The fields' extents are read from the browsers over AT-SPI and compared with the page's
own layout (tests/fixtures/web_form.html: field-11 is 600x36 at 40,724 in the viewport) in a fullscreen window
whose geometry is read from the server.

One browser at a time (about 1 GB each); the session's switch is set explicitly at its start.
"""
import requirements
from browsers import start_chromium, start_firefox
from e2e_case import DesktopTestCase
from qt_clients import PYTHON_WITH_GI, accessibility_switch, set_accessibility_switch
from xquery import Rect

DEFAULT_WITHOUT_ANIMATION = """\
[animation]
duration_ms = 0
"""
FIELD_11_IN_VIEWPORT = Rect(40, 724, 600, 36)


class KioskBrowsersOnTheBus(DesktopTestCase):
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        set_accessibility_switch(cls.desktop, False)

    def setUp(self):
        super().setUp()
        # Each test starts from a switched-off session, as a fresh user's would be.
        set_accessibility_switch(self.desktop, False)

    def assertFieldAtPageLayoutInFullscreenWindow(self, browser):
        client = self.desktop.x.client_rect(browser.window)
        self.assertEqual(client, Rect(0, 0, 1280, 800), "the kiosk window fills the screen")
        self.assertTrue(browser.is_fullscreen())
        field = browser.wait_field("field-11", timeout=20)["widget"]
        self.assertEqual(field, FIELD_11_IN_VIEWPORT.moved_by(client.x, client.y),
                         "screen extents = the page's layout offset by the window's root position")

    def test_chromium_started_after_the_daemon_exposes_its_page_without_the_renderer_accessibility_flag(self):
        requirements.require_tools(self, "chromium", PYTHON_WITH_GI)
        daemon = self.start_daemon(config=DEFAULT_WITHOUT_ANIMATION)
        self.assertTrue(accessibility_switch(self.desktop))
        browser = start_chromium(self)
        self.assertFieldAtPageLayoutInFullscreenWindow(browser)
        self.assertEqual(daemon.log().count("accessibility: asked Chromium (pid %d)" % browser.process.pid), 1,
                         "asked once for this application")
        # The daemon looks again 5 s after asking and would say "... without page content" then: that look is one
        # of the watcher's own timers, which the sync answer reports as a tick due until it has been made.
        daemon.at_rest()
        self.assertNotIn("without page content", daemon.log(), "no complaint about missing page content")

    def test_firefox_already_running_with_the_switch_off_exposes_its_page_once_the_daemon_starts(self):
        requirements.require_tools(self, "firefox-esr", PYTHON_WITH_GI)
        browser = start_firefox(self)
        self.assertIsNone(browser.field("field-11"), "test setup: not on the bus while the switch is off")
        daemon = self.start_daemon(config=DEFAULT_WITHOUT_ANIMATION)
        self.assertIn("accessibility: turned the desktop's accessibility switch on", daemon.log())
        self.assertFieldAtPageLayoutInFullscreenWindow(browser)
