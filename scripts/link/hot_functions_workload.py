#!/usr/bin/env python3
"""Drives a representative workload against one oskshift daemon on a private desktop (tests/e2e harness).

Used by scripts/link/hot-functions.sh with the daemon under valgrind's callgrind; each run leaves one
callgrind.out.PID in --out. Runs, one desktop each (Xvfb + openbox + its own D-Bus session, xvkbd):

  dbus-animated  D-Bus and AT-SPI present (a GTK3 form runs before the daemon starts), started as the
                 systemd unit does (no arguments: XDG config lookup, no trace), default configuration
                 (150 ms animation, default focus order)
  dbus-instant   the same with --config, --verbose (the decision trace), duration_ms = 0, the tests' focus order
  no-dbus        no session bus for the daemon (DBUS_SESSION_BUS_ADDRESS points nowhere), xterm only

In each: keyboard show/hide over a covered xterm (press low in it first), over the GTK form (Tab and
Shift+Tab between entries while shown), a focus change between the two windows while shown, SIGHUP reload,
`oskshift status` (the client runs natively; its answer is produced in the daemon), then SIGTERM, after which
every window must be back where it was.

Waits are generous (the daemon runs ~50x slower under callgrind) and soft: a step that times out is
reported and the run goes on, since the point is to execute the code paths, not to test them.

    hot_functions_workload.py --binary .../release/oskshift --out DIR [--runs dbus-animated,...] [--native]
"""
import argparse
import os
import shlex
import signal
import stat
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPOSITORY = os.path.abspath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, os.path.join(REPOSITORY, "tests", "e2e"))

from clients import start_xterm  # noqa: E402
from daemon import Daemon  # noqa: E402
from desktop import Desktop  # noqa: E402
from keyboards import Xvkbd  # noqa: E402
from test_accessibility import GtkForm, config  # noqa: E402
from waiting import Timeout, wait_for  # noqa: E402

ANIMATED_CONFIG = "# defaults: 150 ms animation, focus = caret, widget, input-focus, pointer, window\n"
INSTANT_CONFIG = config(["caret", "widget", "input-focus", "pointer", "window"])
NO_BUS = "unix:path=/nonexistent/oskshift-no-session-bus"  # fails at once; unset would D-Bus-autolaunch

XTERM_GEOMETRY = "80x24+40+420"      # frame 486x341 at (40, 420): its lower part lies under xvkbd (y >= 558)
FORM_GEOMETRY = "400x300+700+480"    # entry-6 under xvkbd, entry-1 clear of it
PRESS_Y = 700                        # low in the xterm, covered by the keyboard


def log(message):
    print("[workload %s] %s" % (time.strftime("%H:%M:%S"), message), flush=True)


def soft_wait(probe, timeout, what):
    try:
        return wait_for(probe, timeout=timeout, interval=0.05, what=what)
    except Timeout as error:
        log("warning: %s" % error)
        return None


class _TestShim:
    """What GtkForm needs of a test case: desktop, class_dir, addCleanup."""

    def __init__(self, desktop, class_dir):
        self.desktop = desktop
        self.class_dir = class_dir
        self.cleanups = []

    def addCleanup(self, function, *args):  # noqa: N802 - unittest's name
        self.cleanups.append((function, args))

    def cleanup(self):
        for function, args in reversed(self.cleanups):
            try:
                function(*args)
            except Exception as error:  # noqa: BLE001
                log("cleanup: %r" % error)
        self.cleanups.clear()


class Scene:
    """One private desktop with xvkbd, an xterm and (optionally) the GTK form; the daemon is started by callers."""

    def __init__(self, work_dir, with_form, slow):
        self.work_dir = work_dir
        self.with_form = with_form
        self.slow = slow  # timeouts for a daemon under valgrind
        self.desktop = Desktop(log_dir=work_dir)
        self.shim = None
        self.keyboard = self.xterm = self.form = None

    def start(self):
        os.makedirs(self.work_dir, exist_ok=True)
        self.desktop.start()
        try:
            self.shim = _TestShim(self.desktop, self.work_dir)
            self.keyboard = Xvkbd(self.desktop).start()
            self.xterm = start_xterm(None, self.desktop, "hot-xterm", geometry=XTERM_GEOMETRY)
            if self.with_form:
                self.form = GtkForm(self.shim, "hot-form", "--entries", "6", "--geometry", FORM_GEOMETRY)
        except BaseException:
            self.stop()
            raise
        return self

    def stop(self):
        if self.shim:
            self.shim.cleanup()
        self.desktop.stop()

    # --- steps ------------------------------------------------------------------------------------------

    def timeout(self, native=3.0):
        return native * 20 if self.slow else native

    def show(self):
        self.keyboard.request_show()
        wait_for(self.keyboard.is_shown, timeout=5, what="xvkbd shown")

    def hide(self):
        self.keyboard.request_hide()
        wait_for(lambda: not self.keyboard.is_shown(), timeout=5, what="xvkbd hidden")

    def press_low_in_xterm(self):
        frame = self.xterm.frame()  # the xterm may be moved up already (a focus change while shown)
        y = min(PRESS_Y, frame.y + frame.height - 40)
        if self.keyboard.is_shown():  # just above it: the pointer band still reaches under the keyboard
            y = min(y, self.keyboard.rect().y - 10)
        self.desktop.run("xdotool", "mousemove", str(frame.x + frame.width // 2), str(y), "click", "1")
        soft_wait(lambda: self.desktop.x.active_window() == self.xterm.window, 5, "xterm active after the press")

    def settled_frame(self, client, moved_from=None):
        """The client's frame once it has stopped changing (after an animation), optionally once it has moved."""
        history = []

        def settled():
            frame = client.frame()
            history.append(frame)
            recent = history[-6:]
            if moved_from is not None and frame == moved_from:
                return None
            return frame if len(recent) == 6 and all(f == frame for f in recent) else None
        return soft_wait(settled, self.timeout(), "%s frame to settle" % getattr(client, "title", "client"))

    def xterm_cycle(self, original):
        self.press_low_in_xterm()
        self.show()
        moved = self.settled_frame(self.xterm, moved_from=original)
        self.hide()
        soft_wait(lambda: self.xterm.frame() == original, self.timeout(), "xterm back at %s" % (original,))
        return moved

    def form_cycle(self, original):
        form = self.form
        self.desktop.run("xdotool", "windowactivate", str(form.window), check=False)
        soft_wait(lambda: self.desktop.x.active_window() == form.window, 5, "form active")
        # Start from entry-1 (clear of the keyboard), then Tab to entry-6 (covered) and back while shown.
        for _ in range(6):
            if form.focused() in (None, "entry-1"):
                break
            form.key("shift+Tab")
            soft_wait(lambda: form.focused() is not None, 5, "a focused entry")
        self.show()
        self.settled_frame(form)
        form.key(*["Tab"] * 5)
        moved = self.settled_frame(form, moved_from=original)
        form.key("shift+Tab")
        self.settled_frame(form)
        form.key(*["shift+Tab"] * 4)
        soft_wait(lambda: form.frame() == original, self.timeout(), "form back at entry-1")
        form.key(*["Tab"] * 5)
        self.settled_frame(form, moved_from=original)
        self.hide()
        soft_wait(lambda: form.frame() == original, self.timeout(), "form back after hide")
        return moved

    def focus_change_while_shown(self, xterm_original, form_original):
        """Shown over the xterm, then the form is activated (and a covered entry focused), then the xterm again."""
        self.press_low_in_xterm()
        self.show()
        self.settled_frame(self.xterm, moved_from=xterm_original)
        if self.form:
            self.desktop.run("xdotool", "windowactivate", str(self.form.window), check=False)
            soft_wait(lambda: self.desktop.x.active_window() == self.form.window, 5, "form active")
            self.form.key(*["Tab"] * 5)
            self.settled_frame(self.form, moved_from=form_original)
            self.press_low_in_xterm()
            self.settled_frame(self.xterm)
        else:
            # Without the form: a second xterm-like focus change, to the root and back by a press.
            self.desktop.run("xdotool", "mousemove", "1000", "100", "click", "1")
            time.sleep(0.5 if not self.slow else 3)
            self.press_low_in_xterm()
            self.settled_frame(self.xterm)
        self.hide()
        soft_wait(lambda: self.xterm.frame() == xterm_original, self.timeout(), "xterm back after the focus change")


class ServiceDaemon(Daemon):
    """The daemon as the systemd unit starts it: no arguments at all; the configuration is found by the XDG
    lookup ($XDG_CONFIG_HOME/oskshift/config.toml), the display is $DISPLAY and nothing is traced."""

    def start(self, wait_ready=True, timeout=10.0):
        directory = os.path.join(self.desktop.env["XDG_CONFIG_HOME"], "oskshift")
        os.makedirs(directory, exist_ok=True)
        with open(self.config_path) as source, open(os.path.join(directory, "config.toml"), "w") as target:
            target.write(source.read())
        os.makedirs(os.path.dirname(self.log_path), exist_ok=True)
        self._log_file = open(self.log_path, "ab")
        self._log_file.write(("# %s (configuration from %s)\n" % (self.binary, directory)).encode())
        self._log_file.flush()
        self._log_offset = self._log_file.tell()
        self.process = subprocess.Popen([self.binary], env=self.desktop.env, stdin=subprocess.DEVNULL,
                                        stdout=self._log_file, stderr=subprocess.STDOUT)
        if wait_ready:
            self.wait_ready(timeout)
        return self


def callgrind_wrapper(binary, out_dir, path):
    """A script that execs the daemon under callgrind (same PID), one output file per process."""
    with open(path, "w") as f:
        f.write("#!/bin/sh\nexec valgrind --tool=callgrind --demangle=no --callgrind-out-file=%s %s \"$@\"\n" % (
            shlex.quote(os.path.join(out_dir, "callgrind.out.%p")), shlex.quote(binary)))
    os.chmod(path, os.stat(path).st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    return path


def run_one(name, real_binary, launch_binary, out_dir, slow, cycles=3):
    with_bus = name != "no-dbus"
    scene = Scene(os.path.join(out_dir, name), with_form=with_bus, slow=slow).start()
    daemon = None
    try:
        xterm_original = scene.xterm.frame()
        form_original = scene.form.frame() if scene.form else None
        kind = ServiceDaemon if name == "dbus-animated" else Daemon
        daemon = kind(scene.desktop, os.path.join(scene.work_dir, "oskshift.log"),
                      config=ANIMATED_CONFIG if name != "dbus-instant" else INSTANT_CONFIG, binary=launch_binary)
        if not with_bus:  # Daemon starts with desktop.env; the X queries keep their own copy
            scene.desktop.env = dict(scene.desktop.env, DBUS_SESSION_BUS_ADDRESS=NO_BUS)
        log("%s: starting the daemon" % name)
        daemon.start(timeout=scene.timeout(10.0) * 3)
        log("%s: ready (pid %d)" % (name, daemon.process.pid))
        time.sleep(scene.timeout(0.5))
        for index in range(cycles):
            moved = scene.xterm_cycle(xterm_original)
            log("%s: xterm cycle %d: %s -> %s" % (name, index + 1, xterm_original, moved))
        if scene.form:
            for index in range(cycles):
                moved = scene.form_cycle(form_original)
                log("%s: form cycle %d: %s -> %s" % (name, index + 1, form_original, moved))
        scene.focus_change_while_shown(xterm_original, form_original)
        log("%s: focus change while shown done" % name)

        mark = daemon.log_mark()
        daemon.process.send_signal(signal.SIGHUP)
        soft_wait(lambda: "configuration reloaded" in daemon.log()[mark:], scene.timeout(), "the SIGHUP reload")
        scene.xterm_cycle(xterm_original)  # once more with the reloaded configuration
        status = subprocess.run([real_binary, "status", "--display", scene.desktop.display], env=scene.desktop.env,
                                capture_output=True, text=True, timeout=120)
        log("%s: status exit %d: %s" % (name, status.returncode, status.stdout.strip().splitlines()[:1]))
        status = subprocess.run([real_binary, "status", "--json", "--display", scene.desktop.display],
                                env=scene.desktop.env, capture_output=True, text=True, timeout=120)
        log("%s: status --json exit %d" % (name, status.returncode))

        # Leave a window adjusted, so SIGTERM has something to restore.
        scene.press_low_in_xterm()
        scene.show()
        scene.settled_frame(scene.xterm, moved_from=xterm_original)
        code = daemon.terminate(timeout=scene.timeout(10.0) * 3)
        restored = scene.xterm.frame() == xterm_original and (not scene.form or scene.form.frame() == form_original)
        log("%s: SIGTERM exit %d, windows restored: %s" % (name, code, restored))
        scene.hide()
        return code == 0 and restored
    finally:
        if daemon:
            daemon.stop()
        scene.stop()


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", required=True, help="the release oskshift binary")
    parser.add_argument("--out", required=True, help="directory for callgrind.out.* and logs")
    parser.add_argument("--runs", default="dbus-animated,dbus-instant,no-dbus")
    parser.add_argument("--native", action="store_true", help="run the daemon without valgrind (to try the workload)")
    parser.add_argument("--cycles", type=int, default=3)
    args = parser.parse_args(argv)
    binary = os.path.abspath(args.binary)
    out = os.path.abspath(args.out)
    os.makedirs(out, exist_ok=True)
    launch = binary if args.native else callgrind_wrapper(binary, out, os.path.join(out, "oskshift-callgrind"))
    ok = True
    for name in args.runs.split(","):
        ok = run_one(name, binary, launch, out, slow=not args.native, cycles=args.cycles) and ok
    log("all runs %s" % ("clean" if ok else "done, with a problem (see above)"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
