"""LibreOffice Writer and Calc, xfce4-terminal (VTE) and a Java Swing form for the end-to-end tests, with their
focused field read from the applications over AT-SPI (atspi_field.py --focused) and pixels read back from the
screen where the reported geometry itself is in question.

LibreOffice runs with the GTK 3 VCL plugin (SAL_USE_VCLPLUGIN=gtk3), a fresh user profile in the class's private
HOME, and without the start center or restore dialogs (--norestore --nologo and a new document). Measured here,
LibreOffice 7.4: its window maps about 2.3 s after the start, maximized on this 1280x800 screen, with no dialog.
"""
import os
import shutil
import subprocess

import requirements
from e2e_case import DesktopTestCase
from qt_clients import PYTHON_WITH_GI, AccessibleApp, FixtureLog, set_accessibility_switch
from waiting import wait_for
from xquery import Rect

HERE = os.path.dirname(os.path.abspath(__file__))
SWING_FORM = os.path.join(HERE, "..", "fixtures", "SwingForm.java")
ATK_WRAPPER_JAR = "/usr/share/java/java-atk-wrapper.jar"
ATK_WRAPPER_JNI = "/usr/lib/x86_64-linux-gnu/jni"

requirements.PACKAGE_OF.update({
    "soffice": "libreoffice-writer libreoffice-calc libreoffice-gtk3",
    "xfce4-terminal": "xfce4-terminal",
    "java": "openjdk-17-jre openjdk-17-jdk-headless",
    ATK_WRAPPER_JAR: "libatk-wrapper-java libatk-wrapper-java-jni",
})


def require_pyatspi(test):
    requirements.require_tools(test, PYTHON_WITH_GI)
    if not os.path.exists("/usr/lib/python3/dist-packages/pyatspi"):
        requirements.require_tools(test, "pyatspi (python3-pyatspi)")


def require_files(test, *paths):
    """Like requirements.require_tools, for files that are no command (a jar, a plugin library)."""
    missing = [path for path in paths if not os.path.exists(path)]
    if missing:
        requirements.require_tools(test, *missing)


def dark_rows(desktop, rect, threshold=300):
    """The first and last row (root y) of the pixels inside `rect` darker than `threshold` (r+g+b), or None: where
    text is drawn, read from the screen itself (ImageMagick's `import`, 8 bits per channel)."""
    data = subprocess.run(["import", "-window", "root", "-depth", "8", "ppm:-"], env=desktop.env,
                          capture_output=True, timeout=10).stdout
    magic, size, maxval, pixels = data.split(b"\n", 3)
    width, height = (int(v) for v in size.split())
    assert magic == b"P6" and maxval == b"255", "unexpected picture format"
    rows = []
    for y in range(max(0, rect.y), min(height, rect.bottom)):
        line = pixels[(y * width + max(0, rect.x)) * 3:(y * width + min(width, rect.right)) * 3]
        if any(sum(line[i:i + 3]) < threshold for i in range(0, len(line), 3)):
            rows.append(y)
    return (rows[0], rows[-1]) if rows else None


DEFAULT_WITHOUT_ANIMATION = """\
[animation]
duration_ms = 0
"""


class AccessibleDesktopTestCase(DesktopTestCase):
    """A desktop with the accessibility switch on from its start, and a daemon with the default configuration
    without the animation (a placement is final as soon as the daemon has acted) for each test."""

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        set_accessibility_switch(cls.desktop, True)

    def setUp(self):
        super().setUp()
        require_pyatspi(self)
        self.daemon = self.start_daemon(config=DEFAULT_WITHOUT_ANIMATION)


class FocusedFieldApp(AccessibleApp):
    """An application whose field is its focused accessible, read with the window's _NET_WM_PID (the started
    process may be a launcher script)."""

    def focused_field(self):
        """{"widget": Rect, "caret": Rect or None, "role": ..., "pane_offset": ...} or None."""
        return self.field("--focused")

    def caret(self):
        field = self.focused_field()
        return field["caret"] if field else None

    def place(self, width, height, x, y):
        """Client size and position (xdotool places the client, openbox the frame around it), as a user or a kiosk
        script sets them before the keyboard shows; a maximized window is unmaximized first."""
        if self.desktop.x.is_maximized(self.window):
            self.desktop.run("wmctrl", "-i", "-r", str(self.window), "-b", "remove,maximized_vert,maximized_horz")
            wait_for(lambda: not self.desktop.x.is_maximized(self.window), what="%s unmaximized" % self.title)
        wanted = Rect(x, y, width, height)
        def placed():
            if self.desktop.x.client_rect(self.window) == wanted:
                return True
            self.desktop.run("xdotool", "windowsize", str(self.window), str(width), str(height))
            self.desktop.run("xdotool", "windowmove", str(self.window), str(x), str(y))
            return False
        wait_for(placed, timeout=10, interval=0.3, what="%s at %s" % (self.title, wanted))
        wait_for(lambda: self.desktop.x.frame_extents(self.window) != (0, 0, 0, 0), what="openbox to frame it")
        self.activate()

    def activate(self):
        """Gives the window the focus, as a tap on its title would (openbox usually gives a new window the focus,
        but once in two runs LibreOffice's window had none after it was placed, and its paragraph no FOCUSED)."""
        def active():
            if self.desktop.x.active_window() == self.window:
                return True
            self.desktop.run("xdotool", "windowactivate", str(self.window), check=False, timeout=5)
            return False
        wait_for(active, timeout=10, interval=0.3, what="%s to be active" % self.title)

    @staticmethod
    def window_pid(desktop, window):
        values = desktop.x.cardinals(window, "_NET_WM_PID")
        return values[0] if values else None


class _Pid:
    """Stands in for a Popen where only `pid` is read (AccessibleApp.field)."""

    def __init__(self, pid):
        self.pid = pid


class LibreOffice(FocusedFieldApp):
    """`soffice --writer` or `--calc` with a profile of its own (so its own process)."""
    tools = ("soffice",)

    def __init__(self, test, module, name):
        requirements.require_tools(test, *self.tools)
        profile = os.path.join(test.desktop.home, "lo-profile-%s" % name.lower())
        shutil.rmtree(profile, ignore_errors=True)
        environment = dict(test.desktop.env, SAL_USE_VCLPLUGIN="gtk3")
        launcher = test.desktop.spawn(["soffice", "-env:UserInstallation=file://%s" % profile, "--norestore",
                                       "--nologo", module], log_name="soffice-%s" % name.lower(), env=environment)
        test.addCleanup(test.desktop.end, launcher)
        window = wait_for(lambda: test.desktop.x.viewable_window("--name", "LibreOffice %s$" % name), timeout=60,
                          interval=0.2, what="the LibreOffice %s window" % name)
        wait_for(lambda: test.desktop.x.frame_extents(window) != (0, 0, 0, 0) or test.desktop.x.is_maximized(window),
                 what="openbox to frame LibreOffice")
        pid = wait_for(lambda: self.window_pid(test.desktop, window), what="LibreOffice's _NET_WM_PID")
        super().__init__(test, _Pid(pid), window, "LibreOffice %s" % name)
        self.launcher = launcher

    @classmethod
    def placed_and_typing(cls, test, module, name, place, role, key):
        """A LibreOffice `module` placed at `place` (client width, height, x, y) whose focused `role` has taken a
        `key`: (the application, that field). About one start in thirty under a full run's load, LibreOffice's
        document keeps its focus on the panel around the text whatever is typed or tapped for 30 s (its
        accessible paragraphs never made): then it is closed and started once more, as a user would."""
        for start in (1, 2):
            app = cls(test, module, name)
            app.place(*place)
            try:
                return app, app.type_until_focused(role, key)
            except AssertionError:
                if start == 2:
                    raise
                test.desktop.end(app.launcher)
                wait_for(lambda: not test.desktop.x.viewable_window("--name", "LibreOffice %s$" % name),
                         timeout=20, what="LibreOffice %s closed" % name)

    def type_until_focused(self, role, key, attempts=10):
        """Types `key` until LibreOffice reports a focused field of this role, and returns it. Just started and
        placed, LibreOffice sometimes drops the first key, or keeps its focus on the document's panel (Writer) or
        the sheet (Calc) whatever is typed (about one start in eight in full runs here): then a tap on it first."""
        def ready():
            field = self.focused_field()
            return field if field and field["role"] == role and field["widget"].height > 0 else None
        for attempt in range(attempts):
            holder = self.focused_field() if attempt >= 2 else None
            if holder and holder["widget"] and holder["role"] != role:
                # Still elsewhere (the document's panel, the sheet): a tap where the text goes, as a user would; on
                # a sheet its first cell.
                box = holder["widget"]
                x, y = ((box.x + 20, box.y + 8) if holder["role"] == "table"
                        else (box.x + box.width // 2, box.y + box.height // 2))
                self.desktop.run("xdotool", "mousemove", str(x), str(y), "click", "1")
            self.key(key)
            try:
                return wait_for(ready, timeout=3, interval=0.2, what="%s to report its focused %s" % (self.title, role))
            except AssertionError as error:
                if attempt == attempts - 1:
                    self.desktop.screenshot(os.path.join(self.test.test_dir, "no-focused-%s.png" % role))
                    raise AssertionError("%s after %d keys; the reader's answer: %s" % (
                        error, attempts, self.focused_field())) from None
        return None

    def wait_focused_field(self, role, timeout=20):
        """The focused accessible once LibreOffice is on the bus and reports one with this role and a size."""
        def ready():
            field = self.focused_field()
            return field if field and field["role"] == role and field["widget"].height > 0 else None
        try:
            return wait_for(ready, timeout=timeout, interval=0.3,
                            what="%s to report its focused %s" % (self.title, role))
        except AssertionError as error:
            apps = self.desktop.run(PYTHON_WITH_GI, "-c", "import pyatspi; d = pyatspi.Registry.getDesktop(0); "
                                    "print([(a.name, a.get_process_id()) for a in d if a is not None])", check=False)
            reader = subprocess.run([PYTHON_WITH_GI, os.path.join(HERE, "atspi_field.py"), str(self.process.pid),
                                     "--focused"], env=self.desktop.env, capture_output=True, text=True, timeout=20)
            raise AssertionError("%s; pid %s, active window 0x%x (ours 0x%x), on the bus: %s; the reader said: %s %s" % (
                error, self.process.pid, self.desktop.x.active_window(), self.window, apps.strip(),
                reader.stdout.strip()[-300:], reader.stderr.strip()[-600:])) from None


class XfceTerminal(FocusedFieldApp):
    """xfce4-terminal (VTE 0.70), its own instance (--disable-server), a plain /bin/sh in it (prompt "$ " or "# ")."""
    tools = ("xfce4-terminal",)

    def __init__(self, test, title, geometry):
        requirements.require_tools(test, *self.tools)
        process = test.desktop.spawn(["xfce4-terminal", "--disable-server", "--hide-menubar", "--hide-toolbar",
                                      "--geometry", geometry, "-T", title, "-x", "/bin/sh"],
                                     log_name="xfce4-terminal-%s" % title,
                                     env=dict(test.desktop.env, ENV="/dev/null", PS1="$ "))
        test.addCleanup(test.desktop.end, process)
        window = wait_for(lambda: test.desktop.x.viewable_window("--name", "^%s$" % title), timeout=20,
                          what="the xfce4-terminal window %r" % title)
        wait_for(lambda: test.desktop.x.frame_extents(window) != (0, 0, 0, 0), what="openbox to frame it")
        super().__init__(test, process, window, title)


class SwingForm(FixtureLog, FocusedFieldApp):
    """tests/fixtures/SwingForm.java run as a single-file program by the installed JDK, with the ATK wrapper
    (java-atk-wrapper) loaded as the JVM's assistive technology, or without it (the JVM's default here: Debian's
    accessibility.properties leaves `assistive_technologies` commented out)."""
    tools = ("java",)

    def __init__(self, test, title, *options, atk_wrapper=True):
        requirements.require_tools(test, *self.tools)
        args = ["java"]
        if atk_wrapper:
            require_files(test, ATK_WRAPPER_JAR, os.path.join(ATK_WRAPPER_JNI, "libatk-wrapper.so"))
            args += ["-Djavax.accessibility.assistive_technologies=org.GNOME.Accessibility.AtkWrapper",
                     "-Djava.library.path=" + ATK_WRAPPER_JNI, "-cp", ATK_WRAPPER_JAR]
        self.log_path = os.path.join(test.class_dir, "swing-%s.log" % title)
        if os.path.exists(self.log_path):
            os.remove(self.log_path)
        process = test.desktop.spawn(args + [SWING_FORM, "--title", title, *options], log_name="swing-%s" % title)
        test.addCleanup(test.desktop.end, process)
        wait_for(lambda: "ready" in self.log(), timeout=60, interval=0.2, what="the Swing form %r" % title)
        window = wait_for(lambda: test.desktop.x.viewable_window("--name", "^%s$" % title), timeout=20,
                          what="window %r" % title)
        wait_for(lambda: test.desktop.x.frame_extents(window) != (0, 0, 0, 0), what="openbox to frame it")
        super().__init__(test, process, window, title)

