"""Qt applications for the end-to-end tests: the PyQt5 / PyQt6 form fixture and featherpad (a real Qt 5
application), with their fields' geometry read from the applications themselves over AT-SPI.

Also `set_accessibility_switch`: every test class sets `org.a11y.Status IsEnabled` explicitly at its session's
start, since the value persists in the user's dconf database and must never be inherited.
"""
import json
import os

import sandbox
from waiting import wait_for
from xquery import Rect

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURE = os.path.join(HERE, "..", "fixtures", "qt_form.py")
FIELD_QUERY = os.path.join(HERE, "atspi_field.py")
PYTHON_WITH_GI = "/usr/bin/python3"


def set_accessibility_switch(desktop, enabled, name="IsEnabled"):
    """`name`: IsEnabled (the desktop's switch) or ScreenReaderEnabled (a screen reader's own)."""
    desktop.run("gdbus", "call", "--session", "--dest", "org.a11y.Bus", "--object-path", "/org/a11y/bus",
                "--method", "org.freedesktop.DBus.Properties.Set", "org.a11y.Status", name,
                "<%s>" % ("true" if enabled else "false"))


def bus_ready_for_early_applications(desktop):
    """The switch on and the accessibility bus running with its root property AT_SPI_BUS set, as in a session where
    something already asked for it: applications started before the daemon join the bus too (Qt 5 only when the
    property exists at its start)."""
    set_accessibility_switch(desktop, True)
    desktop.run("gdbus", "call", "--session", "--dest", "org.a11y.Bus", "--object-path", "/org/a11y/bus",
                "--method", "org.a11y.Bus.GetAddress")
    wait_for(lambda: desktop.x.property_text("root", "AT_SPI_BUS"), timeout=10,
             what="at-spi-bus-launcher to set AT_SPI_BUS on the root")


def accessibility_switch(desktop, name="IsEnabled"):
    out = desktop.run("gdbus", "call", "--session", "--dest", "org.a11y.Bus", "--object-path", "/org/a11y/bus",
                      "--method", "org.freedesktop.DBus.Properties.Get", "org.a11y.Status", name)
    return "true" in out


class AccessibleApp:
    """A started application: its top-level X window and its fields as AT-SPI reports them."""

    def __init__(self, test, process, window, title, pid=None):
        self.test = test
        self.desktop = test.desktop
        self.process = process
        self.window = window
        self.title = title
        # The process as the accessibility bus reports it (a launcher's child for a sandboxed one).
        self.pid = pid or process.pid

    def frame(self):
        return self.desktop.x.frame_rect(self.window)

    def key(self, *keys):
        """XTest key presses to whatever has the X focus (xdotool)."""
        self.desktop.run("xdotool", "key", "--delay", "30", *keys)

    def field(self, name, grab_focus=False):
        """{"widget": Rect, "caret": Rect or None, "role": str, "pane_offset": [dx, dy] or None} in root coordinates
        (atspi_field.py), or None when the application does not say."""
        args = [PYTHON_WITH_GI, FIELD_QUERY, str(self.pid), name] + (["--grab-focus"] if grab_focus else [])
        out = self.desktop.run(*args, check=False, timeout=20)
        lines = out.strip().splitlines()
        data = json.loads(lines[-1]) if lines else None
        if not data:
            return None
        return {key: (Rect(*value) if value else None) if key in ("widget", "caret", "toplevel") else value
                for key, value in data.items() if key != "coordinates"}

    def wait_field(self, name, timeout=10):
        """The field once the application is on the bus and reports it with a size."""
        return wait_for(lambda: (lambda f: f if f and f["widget"].height > 0 else None)(self.field(name)),
                        timeout=timeout, interval=0.2, what="%s to report %s over AT-SPI" % (self.title, name))


class FixtureLog:
    """A fixture that prints "ready" and one "focus NAME" line per focus change to `self.log_path`."""

    def log(self):
        with open(self.log_path) as f:
            return f.read()

    def focused(self):
        lines = [line[len("focus "):] for line in self.log().splitlines() if line.startswith("focus ")]
        return lines[-1] if lines else None

    def focus_by_keys(self, name, *keys):
        self.key(*keys)
        wait_for(lambda: self.focused() == name, what="%s to be focused in %s" % (name, self.title))


class QtForm(FixtureLog, AccessibleApp):
    """One run of tests/fixtures/qt_form.py with PyQt5 or PyQt6."""

    def __init__(self, test, qt, title, *options, env=None, launcher=()):
        """`launcher`: a command the fixture runs under (sandbox.UNSHARE: a PID namespace of its own)."""
        self.log_path = os.path.join(test.class_dir, "qt-form-%s.log" % title)
        if os.path.exists(self.log_path):
            os.remove(self.log_path)
        environment = dict(test.desktop.env, **(env or {}))
        process = test.desktop.spawn([*launcher, PYTHON_WITH_GI, FIXTURE, "--qt", str(qt), "--title", title, *options],
                                     log_name="qt-form-%s" % title, env=environment)
        test.addCleanup(test.desktop.end, process)
        pid = sandbox.launched_pid(process) if launcher else process.pid
        wait_for(lambda: "ready" in self.log(), timeout=20, what="the Qt%s form %r to be ready" % (qt, title))
        window = wait_for(lambda: test.desktop.x.viewable_window("--name", "^%s$" % title), timeout=10,
                          what="window %r" % title)
        wait_for(lambda: test.desktop.x.frame_extents(window) != (0, 0, 0, 0), what="openbox to frame it")
        super().__init__(test, process, window, title, pid=pid)



class Featherpad(AccessibleApp):
    """featherpad (Qt 5), a real text editor: its editor is an unnamed QPlainTextEdit (role text)."""
    EDITOR = "--showing-text"

    def __init__(self, test, env=None):
        environment = dict(test.desktop.env, **(env or {}))
        # A fresh config dir per class (HOME is private), so no saved size or session is restored.
        process = test.desktop.spawn(["featherpad", "--standalone"], log_name="featherpad", env=environment)
        test.addCleanup(test.desktop.end, process)
        window = wait_for(lambda: test.desktop.x.viewable_window("--class", "^FeatherPad$"), timeout=20,
                          what="the featherpad window")
        wait_for(lambda: test.desktop.x.frame_extents(window) != (0, 0, 0, 0), what="openbox to frame featherpad")
        super().__init__(test, process, window, "featherpad")

    def place(self, width, height, x, y):
        """Client size and position (xdotool places the client, openbox puts the frame around it), as a user or a
        kiosk script would set them before the keyboard shows."""
        self.desktop.run("xdotool", "windowsize", str(self.window), str(width), str(height))
        self.desktop.run("xdotool", "windowmove", str(self.window), str(x), str(y))
        wanted = Rect(x, y, width, height)
        wait_for(lambda: self.desktop.x.client_rect(self.window) == wanted, what="featherpad at %s" % (wanted,))
