"""A private X desktop for one test class: Xvfb, a window manager, a D-Bus session, and the processes on it.

Nothing leaks into the developer's session: the XDG dirs and HOME live in a temp dir, the display number is
picked by Xvfb (-displayfd), and every process started here, directly or by D-Bus activation, carries a
marker variable in its environment so `stop()` can find and end exactly those processes, even after a
failure half way through `start()`.
"""
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

import requirements
import xlib
from waiting import wait_for
from xquery import XQuery

MARKER = "OSKSHIFT_E2E_DESKTOP"
SCREEN = (1280, 800)

# Desktop.wm -> the program it runs (the tool that must be installed for it).
WINDOW_MANAGER_TOOLS = {
    "openbox": "openbox", "matchbox": "matchbox-window-manager", "xfwm4": "xfwm4", "marco": "marco",
    "metacity": "metacity", "kwin_x11": "kwin_x11", "icewm": "icewm", "fluxbox": "fluxbox", "i3": "i3",
    # Run with their packaged defaults only, to see what the daemon learns under window managers it has no
    # measurement of (docs/window-managers.md, "Window managers never measured before").
    "jwm": "jwm", "fvwm": "fvwm", "pekwm": "pekwm", "blackbox": "blackbox",
    # No EWMH at all: frames and focus only as the X server has them.
    "twm": "twm",
}
# Window managers that set no _NET_SUPPORTING_WM_CHECK nor _NET_WORKAREA: ready once they manage a window.
NO_EWMH = ("twm",)
# Window managers that can sleep with events already read into Xlib's queue, until their next event (PekWM 0.1.18:
# XPending, XFlush, select; x_window_manager_wake.py). A test desktop has none of a person's ambient traffic, so
# it gets a stand-in: a message only the window manager receives, and ignores, every 0.1 s.
WAKEUPS_LOST = ("pekwm",)
HERE = os.path.dirname(os.path.abspath(__file__))

# i3 tiles every window unless told otherwise. The test forms (class GtkForm) and xvkbd float, as a user makes an
# on-screen keyboard and small dialogs float with for_window rules; any other class (e.g. a form started with
# `--class TiledForm`) is tiled. A docked onboard is a DOCK window: i3 puts it in its dock area by itself. The
# first line must be exactly this, or i3 takes the file for an old one, converts it and adds a bar.
I3_CONFIG = """\
# i3 config file (v4)
font pango:monospace 8
# The tests tap with xdotool: the pointer crossing a window must not move the focus.
focus_follows_mouse no
mouse_warping none
focus_on_window_activation focus
for_window [class="^GtkForm$"] floating enable
for_window [class="^XVkbd$"] floating enable
"""
I3_TILED_CLASS = "TiledForm"


class Desktop:
    def __init__(self, wm="openbox", screen=SCREEN, log_dir=None, wm_args=()):
        self.wm = wm
        self.wm_args = list(wm_args)
        self.screen = screen
        self.log_dir = log_dir
        self.home = None
        self.env = None
        self.display = None
        self.x = None
        self.processes = []
        self._log_files = []

    # --- life cycle -------------------------------------------------------------------------------------

    def start(self):
        try:
            self._make_private_dirs()
            self._start_xvfb()
            self._start_session_bus()
            self._start_window_manager()
        except BaseException:
            self.stop()
            raise
        return self

    def stop(self):
        """Ends every process of this desktop: our own children first, then anything carrying the marker."""
        for process in reversed(self.processes):
            _end_process_group(process)
        self.processes.clear()
        if self.home:
            for pid in _pids_with_marker(self.home):
                _kill_quietly(pid, signal.SIGKILL)
        for f in self._log_files:
            f.close()
        self._log_files.clear()
        if self.home:
            shutil.rmtree(self.home, ignore_errors=True)
            self.home = None

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()

    # --- starting processes -----------------------------------------------------------------------------

    def spawn(self, args, log_name=None, env=None, **popen_args):
        """Starts `args` in its own process group on this desktop; its output goes to a log file."""
        stdout = subprocess.DEVNULL
        if self.log_dir and log_name:
            os.makedirs(self.log_dir, exist_ok=True)
            stdout = open(os.path.join(self.log_dir, log_name + ".log"), "ab")
            self._log_files.append(stdout)
        popen_args.setdefault("stdout", stdout)
        popen_args.setdefault("stderr", subprocess.STDOUT if stdout is not subprocess.DEVNULL else subprocess.DEVNULL)
        process = subprocess.Popen(args, env=env or self.env, stdin=subprocess.DEVNULL, start_new_session=True,
                                   **popen_args)
        self.processes.append(process)
        return process

    def end(self, process, sig=signal.SIGTERM):
        _end_process_group(process, sig)
        if process in self.processes:
            self.processes.remove(process)

    def run(self, *args, timeout=10, check=True):
        return self.x.run(*args, timeout=timeout, check=check)

    def gsettings_set(self, schema, key, value):
        self.run("gsettings", "set", schema, key, value)

    def screenshot(self, path):
        if shutil.which("import"):
            self.run("import", "-window", "root", path, check=False)

    # --- steps of start() -------------------------------------------------------------------------------

    def _make_private_dirs(self):
        self.home = tempfile.mkdtemp(prefix="oskshift-e2e-")
        runtime = os.path.join(self.home, "runtime")
        os.mkdir(runtime, 0o700)
        env = {key: value for key, value in os.environ.items()
               if not key.startswith(("DBUS_", "XDG_", "WAYLAND_", "GTK_", "GDK_", "AT_SPI"))}
        env.pop("DISPLAY", None)
        env.pop("NO_AT_BRIDGE", None)  # with it GTK apps never join AT-SPI
        env.pop("XAUTHORITY", None)
        for name, sub in (("HOME", "home"), ("XDG_CONFIG_HOME", "config"), ("XDG_DATA_HOME", "data"),
                          ("XDG_CACHE_HOME", "cache"), ("XDG_STATE_HOME", "state")):
            path = os.path.join(self.home, sub)
            os.makedirs(path, exist_ok=True)
            env[name] = path
        env["XDG_RUNTIME_DIR"] = runtime
        env[MARKER] = self.home
        self.env = env

    def _start_xvfb(self):
        requirements_missing = requirements.missing_tools(["Xvfb"])
        if requirements_missing:
            raise RuntimeError("Xvfb is not installed")
        read_end, write_end = os.pipe()
        width, height = self.screen
        process = self.spawn(["Xvfb", "-displayfd", str(write_end), "-screen", "0", "%dx%dx24" % (width, height),
                              "+extension", "RANDR", "-nolisten", "tcp", "-noreset"],
                             log_name="xvfb", pass_fds=(write_end,))
        os.close(write_end)
        number = _read_line(read_end, timeout=10)
        os.close(read_end)
        if not number.strip().isdigit():
            raise RuntimeError("Xvfb did not report a display number (exit %r)" % process.poll())
        self.display = ":" + number.strip()
        self.env["DISPLAY"] = self.display
        self.x = XQuery(self.env)

    def _start_session_bus(self):
        # --nofork keeps dbus-daemon our child; services it activates inherit the marker for stop().
        process = self.spawn(["dbus-daemon", "--session", "--nofork", "--print-address=1"], stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL)
        address = _read_line(process.stdout.fileno(), timeout=10).strip()
        if not address:
            raise RuntimeError("dbus-daemon did not print its address")
        self.env["DBUS_SESSION_BUS_ADDRESS"] = address
        # toolkit-accessibility true keeps onboard from opening its modal "enable accessibility?" dialog.
        self.gsettings_set("org.gnome.desktop.interface", "toolkit-accessibility", "true")

    def _start_window_manager(self):
        args, env = self._window_manager_command()
        self.spawn(args + self.wm_args, log_name="wm-" + self.wm, env=dict(self.env, **env))
        if self.wm not in NO_EWMH:
            wait_for(lambda: self.x.property_text("root", "_NET_SUPPORTING_WM_CHECK"), timeout=20,
                     what="%s to set _NET_SUPPORTING_WM_CHECK" % self.wm)
        # The check window alone comes too early: openbox sets it before it handles MapRequests, and a client
        # mapped in that gap stays unmapped and unmanaged. A window the WM has mapped and marked with WM_STATE
        # proves it is handling requests.
        self._wait_until_a_window_is_managed()
        # i3 deletes _NET_WORKAREA; KWin 5.27 lists it as supported but never sets it on Xvfb.
        if self.wm not in ("i3", "kwin_x11") + NO_EWMH:
            wait_for(lambda: self.x.property_text("root", "_NET_WORKAREA"), timeout=10,
                     what="%s to set _NET_WORKAREA" % self.wm)
        if self.wm in WAKEUPS_LOST:
            self.spawn([sys.executable, os.path.join(HERE, "x_window_manager_wake.py")], log_name="wm-wake")

    def _window_manager_command(self):
        """The command line and extra environment that start `self.wm` on this desktop (see
        ../shared/notes/window-managers.md for what each does with another client's requests)."""
        if self.wm == "openbox":
            os.makedirs(os.path.join(self.env["XDG_CONFIG_HOME"], "openbox"), exist_ok=True)
            return ["openbox", "--sm-disable"], {}
        if self.wm == "matchbox":
            return ["matchbox-window-manager", "-use_titlebar", "yes"], {}
        if self.wm == "xfwm4":
            # Without xfconfd on the bus it warns and keeps its built-in defaults, which is what a test wants.
            return ["xfwm4", "--compositor=off", "--sm-client-disable"], {}
        if self.wm in ("marco", "metacity"):
            return [self.wm, "--no-composite", "--sm-disable"], {}
        if self.wm == "kwin_x11":
            # No OpenGL on Xvfb: KWin must not try to composite; Qt must not look for Wayland.
            return ["kwin_x11"], {"KWIN_COMPOSE": "N", "QT_QPA_PLATFORM": "xcb"}
        if self.wm == "fluxbox":
            # Its default style sets a wallpaper through fbsetbg, which fails here and opens an xmessage window
            # that takes the focus; the style overlay (read from ~/.fluxbox/overlay) turns the wallpaper off.
            os.makedirs(os.path.join(self.env["HOME"], ".fluxbox"), exist_ok=True)
            with open(os.path.join(self.env["HOME"], ".fluxbox", "overlay"), "w") as f:
                f.write("background: none\n")
            return ["fluxbox"], {}
        if self.wm == "icewm":
            return ["icewm"], {}
        if self.wm == "i3":
            return ["i3", "-c", self._write_i3_config()], {}
        if self.wm == "fvwm":
            # Its packaged default focuses the window under the pointer and places new windows itself: a user of
            # a tablet clicks to focus, and the tests place their forms where they ask.
            path = os.path.join(self.env["HOME"], "fvwm-config")
            with open(path, "w") as f:
                f.write("Style * ClickToFocus, GrabFocus, UsePPosition\n")
            return ["fvwm", "-f", path], {}
        if self.wm == "twm":
            # Its default asks the user to place each new window with the pointer (the tests place their forms
            # where they ask), and its default fonts are not on Xvfb (twm exits without them).
            path = os.path.join(self.env["HOME"], "twmrc")
            with open(path, "w") as f:
                f.write('UsePPosition "on"\nRandomPlacement\n' + "".join(
                    '%s "fixed"\n' % font for font in ("TitleFont", "ResizeFont", "MenuFont", "IconFont",
                                                       "IconManagerFont")))
            return ["twm", "-f", path], {}
        if self.wm in ("jwm", "pekwm", "blackbox"):
            return [self.wm], {}
        raise ValueError("unknown window manager %r" % self.wm)

    def _write_i3_config(self):
        path = os.path.join(self.env["XDG_CONFIG_HOME"], "i3", "config")
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write(I3_CONFIG)
        return path

    def _wait_until_a_window_is_managed(self):
        """Maps a small probe window until the WM has mapped it and set WM_STATE on it, then destroys it. A map
        request that reaches the WM before it handles them is lost for good, so the request is repeated."""
        display = xlib.Display(self.display)
        try:
            probe = display.create_window(0, 0, 10, 10)
            asked = [0.0]

            def managed():
                if self.x.is_viewable(probe) and self.x.has_property(probe, "WM_STATE"):
                    return True
                if time.monotonic() - asked[0] > 0.5:
                    display.map(probe)
                    display.sync()
                    asked[0] = time.monotonic()
                return False
            wait_for(managed, timeout=20, interval=0.05, what="%s to manage a window" % self.wm)
            display.destroy(probe)
            display.sync()
        finally:
            display.close()


def _read_line(fd, timeout):
    """Reads up to a newline from a pipe, giving up after `timeout` seconds."""
    import select
    deadline = time.monotonic() + timeout
    data = b""
    while b"\n" not in data:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            break
        ready, _, _ = select.select([fd], [], [], remaining)
        if not ready:
            break
        chunk = os.read(fd, 256)
        if not chunk:
            break
        data += chunk
    return data.decode(errors="replace").split("\n", 1)[0]


def _end_process_group(process, sig=signal.SIGTERM, grace=2.0):
    if process.poll() is None:
        _kill_group_quietly(process.pid, sig)
        try:
            process.wait(timeout=grace)
        except subprocess.TimeoutExpired:
            pass
    # Whatever the leader left behind in its group goes too.
    _kill_group_quietly(process.pid, signal.SIGKILL)
    try:
        process.wait(timeout=grace)
    except subprocess.TimeoutExpired:
        pass
    for stream in (process.stdout, process.stderr):
        if stream:
            stream.close()


def processes_named(desktop, name):
    """This desktop's processes whose command name (/proc/PID/comm, at most 15 characters) is `name`."""
    pids = []
    for pid in _pids_with_marker(desktop.home):
        try:
            with open("/proc/%d/comm" % pid) as f:
                if f.read().strip() == name[:15]:
                    pids.append(pid)
        except OSError:
            continue
    return pids


def _kill_group_quietly(pgid, sig):
    try:
        os.killpg(pgid, sig)
    except (ProcessLookupError, PermissionError):
        pass


def _kill_quietly(pid, sig):
    try:
        os.kill(pid, sig)
    except (ProcessLookupError, PermissionError):
        pass


def _pids_with_marker(home):
    wanted = ("%s=%s" % (MARKER, home)).encode()
    pids = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit() or int(entry) == os.getpid():
            continue
        try:
            with open("/proc/%s/environ" % entry, "rb") as f:
                if wanted in f.read().split(b"\0"):
                    pids.append(int(entry))
        except OSError:
            continue
    return pids
