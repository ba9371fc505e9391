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
}

# Every desktop needs these, whatever the test does.
BASE_TOOLS = ("Xvfb", "dbus-daemon", "gsettings", "xdotool", "xprop", "xwininfo", "xrandr", "wmctrl")


def running_on_ci():
    return os.environ.get("CI", "").lower() in ("1", "true", "yes")


def missing_tools(tools):
    return [tool for tool in tools if shutil.which(tool) is None]


def require_tools(test_case, *tools):
    """Fails (CI) or skips (elsewhere) `test_case` when any of `tools` is not on PATH."""
    missing = missing_tools(tools)
    if not missing:
        return
    packages = sorted({PACKAGE_OF.get(tool, tool) for tool in missing})
    reason = "missing %s (apt-get install %s, or run scripts/install-deps.sh)" % (
        ", ".join(missing), " ".join(packages))
    if running_on_ci():
        test_case.fail("CI=true and " + reason)
    raise unittest.SkipTest(reason)
