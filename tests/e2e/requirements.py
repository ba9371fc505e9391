"""What the suite needs installed, and what to do when something is missing.

On CI a missing tool is a broken machine, so the test fails; on a developer's
machine the test is skipped with a sentence that names the package.
"""
import os
import shutil
import unittest

# tool -> Debian package that provides it (scripts/install-deps.sh installs them all).
PACKAGE_OF = {
    "Xvfb": "xvfb",
    "openbox": "openbox",
    "matchbox-window-manager": "matchbox-window-manager",
    "xfwm4": "xfwm4",
    "marco": "marco",
    "metacity": "metacity",
    "kwin_x11": "kwin-x11",
    "icewm": "icewm",
    "fluxbox": "fluxbox",
    "i3": "i3-wm",
    "onboard": "onboard",
    "xvkbd": "xvkbd",
    "matchbox-keyboard": "matchbox-keyboard",
    "xterm": "xterm",
    "yad": "yad",
    "zenity": "zenity",
    "xdotool": "xdotool",
    "wmctrl": "wmctrl",
    "xprop": "x11-utils",
    "xwininfo": "x11-utils",
    "xrandr": "x11-xserver-utils",
    "dbus-daemon": "dbus",
    "gdbus": "libglib2.0-bin",
    "gsettings": "libglib2.0-bin",
    "import": "imagemagick",
    "featherpad": "featherpad",
    "gnome-text-editor": "gnome-text-editor",
    "qutebrowser": "qutebrowser",
    "unshare": "util-linux",
    "chromium": "chromium",
    "firefox-esr": "firefox-esr",
    "systemd-analyze": "systemd",
    "groff": "groff-base",
    "make": "make",
    # `make deb` (test_package.py)
    "dpkg": "dpkg",
    "dpkg-deb": "dpkg",
    "dpkg-buildpackage": "dpkg-dev",
    "dh": "debhelper",
    "lintian": "lintian",
    "readelf": "binutils",
}

# Every desktop needs these, whatever the test does.
BASE_TOOLS = ("Xvfb", "dbus-daemon", "gsettings", "xdotool", "xprop", "xwininfo", "xrandr", "wmctrl")


def running_on_ci():
    return os.environ.get("CI", "").lower() in ("1", "true", "yes")


def missing_tools(tools):
    return [tool for tool in tools if shutil.which(tool) is None]


def require_tools(test, *tools):
    """Fails (CI) or skips (elsewhere) `test` when any of `tools` is not on PATH. `test` is a test case, or its
    class in setUpClass, which cannot fail a single test: every test of the class then errs or is skipped."""
    missing = missing_tools(tools)
    if not missing:
        return
    packages = sorted({PACKAGE_OF.get(tool, tool) for tool in missing})
    fail_on_ci_or_skip(test, "missing %s (apt-get install %s, or run scripts/install-deps.sh)" % (
        ", ".join(missing), " ".join(packages)))


def fail_on_ci_or_skip(test, reason):
    """Ends `test` (a test case or, in setUpClass, its class) for want of something the machine lacks."""
    if running_on_ci():
        raise test.failureException("CI=true and " + reason)
    raise unittest.SkipTest(reason)
