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
import tempfile
import time

import requirements
from waiting import wait_for
from xquery import XQuery

MARKER = "OSKSHIFT_E2E_DESKTOP"
SCREEN = (1280, 800)


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
        if self.wm == "openbox":
            args = ["openbox", "--sm-disable"]
            config_dir = os.path.join(self.env["XDG_CONFIG_HOME"], "openbox")
            os.makedirs(config_dir, exist_ok=True)
        elif self.wm == "matchbox":
            args = ["matchbox-window-manager", "-use_titlebar", "yes"]
        else:
            raise ValueError("unknown window manager %r" % self.wm)
        self.spawn(args + self.wm_args, log_name="wm-" + self.wm)
        # _NET_SUPPORTING_WM_CHECK alone comes too early: openbox sets it before it handles MapRequests, and
        # a client mapped in that gap stays unmapped and unmanaged. _NET_WORKAREA is set once it is running.
        for name in ("_NET_SUPPORTING_WM_CHECK", "_NET_WORKAREA"):
            wait_for(lambda: self.x.property_text("root", name), timeout=10,
                     what="%s to set %s" % (self.wm, name))


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
