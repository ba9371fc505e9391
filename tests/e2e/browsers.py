"""The kiosk browsers for the end-to-end tests: `chromium --kiosk` and `firefox-esr --kiosk` showing
tests/fixtures/web_form.html fullscreen, with private profiles. Each takes about 1 GB: start one at a time.
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


class KioskBrowser(AccessibleApp):
    def __init__(self, test, command, name):
        process = test.desktop.spawn(command, log_name=name)
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
    return KioskBrowser(test, command, "chromium")


def start_firefox(test, preferences=None):
    """`preferences`: more user.js preferences (values as JavaScript literals), e.g. a content scale."""
    profile = os.path.join(test.desktop.home, "firefox-profile")
    os.makedirs(profile, exist_ok=True)
    with open(os.path.join(profile, "user.js"), "w") as f:
        for key, value in {**FIREFOX_PREFERENCES, **(preferences or {})}.items():
            f.write('user_pref("%s", %s);\n' % (key, value))
    command = ["firefox-esr", "--kiosk", "--no-remote", "--profile", profile, WEB_FORM]
    return KioskBrowser(test, command, "firefox")
