"""The browsers for the end-to-end tests, showing tests/fixtures/web_form.html with private profiles:
`chromium --kiosk` and `firefox-esr --kiosk` fullscreen, or both in an ordinary window of a given size and place.
Each takes about 1 GB: start one at a time.
"""
import os

from qt_clients import AccessibleApp
from waiting import wait_for

HERE = os.path.dirname(os.path.abspath(__file__))
WEB_FORM = "file://" + os.path.abspath(os.path.join(HERE, "..", "fixtures", "web_form.html"))

# A fresh Firefox profile opens a second "welcome" tab and asks about telemetry; these keep the form alone.
FIREFOX_PREFERENCES = {
    "browser.startup.homepage_override.mstone": '"ignore"',
    "datareporting.policy.dataSubmissionPolicyBypassNotification": "true",
    "toolkit.telemetry.reportingpolicy.firstRun": "false",
    "browser.shell.checkDefaultBrowser": "false",
    "browser.aboutwelcome.enabled": "false",
}


QTWEBENGINE_KIOSK = os.path.abspath(os.path.join(HERE, "..", "fixtures", "qtwebengine_kiosk.py"))
PYTHON_WITH_QT = "/usr/bin/python3"


class Browser(AccessibleApp):
    """A started browser: its process and its top-level X window (found by the form's title)."""

    def __init__(self, test, command, name, env=None):
        process = test.desktop.spawn(command, log_name=name, env=env)
        test.addCleanup(test.desktop.end, process)
        # The form's title starts "web-form" (the browser adds its own name).
        window = wait_for(lambda: test.desktop.x.viewable_window("--name", "^web-form"), timeout=30,
                          what="the %s window" % name)
        super().__init__(test, process, window, name)

    def is_fullscreen(self):
        return "_NET_WM_STATE_FULLSCREEN" in self.desktop.x.net_wm_state(self.window)


def start_chromium(test, *flags):
    profile = os.path.join(test.desktop.home, "chromium-profile")
    # --no-sandbox: Chromium refuses to run as root without it (the test machines run as root).
    command = ["chromium", "--kiosk", "--no-sandbox", "--no-first-run", "--user-data-dir=" + profile, *flags,
               WEB_FORM]
    return Browser(test, command, "chromium")


def firefox_profile(test, preferences=None):
    """A fresh profile directory with the preferences that keep the form alone (and `preferences`: more user.js
    preferences, values as JavaScript literals, e.g. a content scale)."""
    profile = os.path.join(test.desktop.home, "firefox-profile")
    os.makedirs(profile, exist_ok=True)
    with open(os.path.join(profile, "user.js"), "w") as f:
        for key, value in {**FIREFOX_PREFERENCES, **(preferences or {})}.items():
            f.write('user_pref("%s", %s);\n' % (key, value))
    return profile


def start_firefox(test, preferences=None):
    command = ["firefox-esr", "--kiosk", "--no-remote", "--profile", firefox_profile(test, preferences), WEB_FORM]
    return Browser(test, command, "firefox")


def start_chromium_window(test, client):
    """Chromium in an ordinary window whose client is `client` (a Rect). Chromium draws its own title bar and tab
    strip and asks the window manager for no decorations (_MOTIF_WM_HINTS), so its frame is the client: openbox
    honours --window-size and --window-position exactly. --test-type keeps the "unsupported command-line flag"
    bar that --no-sandbox would show above the page (it would push the page down after the first paint)."""
    profile = os.path.join(test.desktop.home, "chromium-window-profile")
    command = ["chromium", "--no-sandbox", "--test-type", "--no-first-run", "--no-default-browser-check",
               "--user-data-dir=" + profile, "--window-size=%d,%d" % (client.width, client.height),
               "--window-position=%d,%d" % (client.x, client.y), WEB_FORM]
    browser = Browser(test, command, "chromium")
    wait_for(lambda: test.desktop.x.client_rect(browser.window) == client, timeout=10,
             what="the chromium window at %s" % (client,))
    return browser


def start_firefox_window(test, client):
    """Firefox ESR in an ordinary window whose client is `client`: sized with -width/-height, then put in place
    with xdotool (Firefox has no position option; openbox first places it where it likes), as a user would
    drag it. openbox decorates it (1, 1, 20, 5 px), so the frame is a little larger than `client`."""
    command = ["firefox-esr", "--no-remote", "--profile", firefox_profile(test), "-width", str(client.width),
               "-height", str(client.height), WEB_FORM]
    browser = Browser(test, command, "firefox")
    x = test.desktop.x
    wait_for(lambda: x.frame_extents(browser.window) != (0, 0, 0, 0), what="openbox to frame the firefox window")
    extents = x.frame_extents(browser.window)
    # xdotool windowmove places the frame's top-left (openbox, NorthWest gravity).
    test.desktop.run("xdotool", "windowmove", str(browser.window), str(client.x - extents.left),
                     str(client.y - extents.top))
    wait_for(lambda: x.client_rect(browser.window) == client, timeout=10,
             what="the firefox window at %s (now %s)" % (client, x.client_rect(browser.window)))
    return browser


def start_qtwebengine_kiosk(test, qt, accessibility_variable=False, client=None):
    """tests/fixtures/qtwebengine_kiosk.py with PyQt5 or PyQt6 (`qt`), fullscreen, or in an ordinary window whose
    client is `client` (a Rect). `accessibility_variable`: QTWEBENGINE_ENABLE_LINUX_ACCESSIBILITY=1 in its
    environment, as the package's session files set it; without it, as a kiosk's own start script runs it."""
    env = dict(test.desktop.env)
    env.pop("QTWEBENGINE_ENABLE_LINUX_ACCESSIBILITY", None)
    if accessibility_variable:
        env["QTWEBENGINE_ENABLE_LINUX_ACCESSIBILITY"] = "1"
    geometry = ["--geometry", "%dx%d+%d+%d" % (client.width, client.height, client.x, client.y)] if client else []
    command = [PYTHON_WITH_QT, QTWEBENGINE_KIOSK, "--qt", str(qt), *geometry, WEB_FORM]
    return Browser(test, command, "qtwebengine%d-kiosk" % qt, env=env)


def start_qutebrowser_window(test, client, accessibility_variable=True):
    """qutebrowser (QtWebEngine 5 through PyQt5, Debian's) in an ordinary window whose client is `client`, with a
    fresh temporary profile; QTWEBENGINE_ENABLE_LINUX_ACCESSIBILITY=1 in its environment as an X session with the
    package has it (`accessibility_variable`). openbox decorates it; it is sized and moved with xdotool, as a user
    would. As root, Chromium's sandbox cannot start: QTWEBENGINE_DISABLE_SANDBOX=1 then."""
    env = {key: value for key, value in test.desktop.env.items() if key != "QTWEBENGINE_ENABLE_LINUX_ACCESSIBILITY"}
    if accessibility_variable:
        env["QTWEBENGINE_ENABLE_LINUX_ACCESSIBILITY"] = "1"
    if os.geteuid() == 0:
        env["QTWEBENGINE_DISABLE_SANDBOX"] = "1"
    command = ["qutebrowser", "--temp-basedir", "--set", "window.title_format", "{current_title}", WEB_FORM]
    browser = Browser(test, command, "qutebrowser", env=env)
    x = test.desktop.x
    wait_for(lambda: x.frame_extents(browser.window) != (0, 0, 0, 0), what="openbox to frame the qutebrowser window")
    test.desktop.run("xdotool", "windowsize", str(browser.window), str(client.width), str(client.height))
    extents = x.frame_extents(browser.window)
    test.desktop.run("xdotool", "windowmove", str(browser.window), str(client.x - extents.left),
                     str(client.y - extents.top))
    wait_for(lambda: x.client_rect(browser.window) == client, timeout=10,
             what="the qutebrowser window at %s (now %s)" % (client, x.client_rect(browser.window)))
    return browser
