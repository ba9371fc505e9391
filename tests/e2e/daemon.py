"""The oskshift daemon under test: started on a Desktop with a config file, its log read as it runs.

The binary is $OSKSHIFT_BIN, else the repository's .build/debug/oskshift (scripts/e2e.sh builds it).
Start-up is awaited on the `oskshift: ready on display` line, never with a sleep. Checks sync with the daemon
(`oskshift status --sync`): its answer comes once it has handled everything sent before, and says how many move and
state requests it sent since a mark and whether it still waits on its own clock.
"""
import json
import os
import re
import signal
import subprocess
import time

import requirements
from waiting import wait_for
from xquery import Rect

REPOSITORY = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
READY = re.compile(r"^oskshift: ready on display (\S+)", re.M)
DECISION = re.compile(r"^.*decision: (.*)$", re.M)
SAVED_ORIGINAL = re.compile(r"^action: save-original (\S+) (\S+)", re.M)
RECT = re.compile(r"^(-?\d+)x(-?\d+)([+-]-?\d+)([+-]-?\d+)$")

# duration_ms = 0: the geometry is final as soon as the daemon has acted, so tests need no animation waits.
# The focus sources without AT-SPI, in the product's order; xterm and yad keep the X focus on the
# top-level, so `pointer` (the last press) decides there.
DEFAULT_CONFIG = """\
[avoidance]
mode = "offset"
margin = 8
focus = ["input-focus", "pointer", "window"]
pointer_band = 48

[animation]
duration_ms = 0
"""

MARGIN = 8
POINTER_BAND = 48


def binary_path():
    return os.environ.get("OSKSHIFT_BIN") or os.path.join(REPOSITORY, ".build", "debug", "oskshift")


def require_binary(test_case):
    path = binary_path()
    if os.access(path, os.X_OK):
        return path
    requirements.fail_on_ci_or_skip(
        test_case, "oskshift binary not found at %s (run scripts/e2e.sh, or set OSKSHIFT_BIN)" % path)


def parse_rect(text):
    """`WxH+X+Y` as the daemon logs it."""
    match = RECT.match(text)
    if not match:
        return None
    width, height, x, y = (int(g.replace("+", "")) for g in match.groups())
    return Rect(x, y, width, height)


class Daemon:
    def __init__(self, desktop, log_path, config=DEFAULT_CONFIG, binary=None):
        self.desktop = desktop
        self.log_path = log_path
        self.binary = binary or binary_path()
        self.config_path = log_path[:-len(".log")] + ".toml" if log_path.endswith(".log") else log_path + ".toml"
        with open(self.config_path, "w") as f:
            f.write(config)
        self.process = None
        self._log_file = None

    def start(self, *extra_args, wait_ready=True, timeout=10.0):
        os.makedirs(os.path.dirname(self.log_path), exist_ok=True)
        self._log_file = open(self.log_path, "ab")
        self._log_offset = self._log_file.tell()
        args = [self.binary, "--config", self.config_path, "--display", self.desktop.display, "--verbose",
                *extra_args]
        self._log_file.write(("# %s\n" % " ".join(args)).encode())
        self._log_file.flush()
        self._log_offset = self._log_file.tell()
        self.process = subprocess.Popen(args, env=self.desktop.env, stdin=subprocess.DEVNULL,
                                        stdout=self._log_file, stderr=subprocess.STDOUT)
        if wait_ready:
            self.wait_ready(timeout)
        return self

    def wait_ready(self, timeout=10.0):
        def ready():
            if self.process.poll() is not None:
                raise AssertionError("oskshift exited with %d before it was ready; log:\n%s" % (
                    self.process.returncode, self.log()[-2000:]))
            return READY.search(self.log())
        try:
            wait_for(ready, timeout=timeout, interval=0.01, what="'oskshift: ready on display'")
        except AssertionError as error:
            raise AssertionError("%s\nlog:\n%s" % (error, self.log()[-2000:])) from None

    def log(self):
        """What this run of the daemon has printed so far (stdout and stderr)."""
        with open(self.log_path, "rb") as f:
            f.seek(self._log_offset)
            return f.read().decode(errors="replace")

    def log_mark(self):
        """A position in the log; `decisions(since=mark)` then only sees what came after it."""
        return len(self.log())

    def decisions(self, since=0):
        """Every `decision:` line as a dict of its key=value fields (plus 'line')."""
        found = []
        for match in DECISION.finditer(self.log()[since:]):
            fields = dict(re.findall(r"(\w+)=(\S+)", match.group(1)))
            fields["line"] = match.group(0)
            found.append(fields)
        return found

    def decisions_for(self, window, since=0):
        return [d for d in self.decisions(since) if _same_window(d.get("window"), window)]

    def saved_originals(self, window):
        """Every geometry the daemon saved for the window before moving it (`action: save-original`), in order."""
        return [parse_rect(rect) for logged, rect in SAVED_ORIGINAL.findall(self.log()) if _same_window(logged, window)]

    def is_alive(self):
        return self.process is not None and self.process.poll() is None

    def terminate(self, timeout=10.0):
        """SIGTERM, then the exit status (the daemon must restore every window before it exits)."""
        return self._signal_and_wait(signal.SIGTERM, timeout)

    def kill(self):
        return self._signal_and_wait(signal.SIGKILL, 5.0)

    def _signal_and_wait(self, sig, timeout):
        if self.process.poll() is None:
            self.process.send_signal(sig)
        try:
            return self.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
            raise AssertionError("oskshift did not exit within %.0f s after %s" % (timeout, sig.name))

    def stop(self):
        """Cleanup: whatever state the test left, the daemon goes."""
        if self.process and self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        if self._log_file:
            self._log_file.close()
            self._log_file = None

    # --- sync: a known point in the daemon's work, instead of a wait ------------------------------------------

    def sync(self, mark=0, timeout=10.0):
        """The daemon's sync answer (a dict) once it has handled every X event and accessibility report that reached
        it before this call: `sequence` (the mark for later calls), `requests` since `mark` (None: the mark is too
        old), `idle`, `next_tick_in_ms`, `awaiting_answer`, `animating`."""
        command = [self.binary, "status", "--sync", "--json", "--mark", str(mark), "--display", self.desktop.display]
        result = subprocess.run(command, env=self.desktop.env, capture_output=True, text=True, timeout=timeout)
        if result.returncode != 0:
            raise AssertionError("oskshift status --sync failed (%d): %s%s" % (
                result.returncode, result.stdout, result.stderr))
        return json.loads(result.stdout)

    def mark(self):
        """The daemon's request count once it has handled everything sent before: `requests_since(mark)` counts
        the requests after this point."""
        return self.sync()["sequence"]

    def requests_since(self, mark):
        """{window: number of move, resize and state requests} the daemon sent after `mark`, once it has handled
        everything sent before this call (without waiting for its own clock: see `at_rest`)."""
        return _counts(self.sync(mark))

    def at_rest(self, mark=0, timeout=10.0):
        """Syncs until the daemon has nothing of its own going (no animation, no tick due, no request the server has
        not answered), then returns {window: requests since `mark`}. The only waits are the ones the daemon names:
        until its next tick is due, or a moment while the server owes it an answer."""
        deadline = time.monotonic() + timeout
        while True:
            reply = self.sync(mark)
            if reply["idle"]:
                return _counts(reply)
            if time.monotonic() > deadline:
                raise AssertionError("the daemon did not come to rest within %.1f s: %r" % (timeout, reply))
            due = reply["next_tick_in_ms"]
            # The daemon's clock: until the tick it names is due (an animation's next step: 10 ms).
            time.sleep(min(0.2, (due + 1) / 1000.0) if due is not None and not reply["animating"] else 0.01)

    def run_once(self, *args, timeout=10.0):
        """Runs another oskshift process to completion (second instance, --check-config ...)."""
        command = [self.binary, "--config", self.config_path, "--display", self.desktop.display, *args]
        started = time.monotonic()
        result = subprocess.run(command, env=self.desktop.env, capture_output=True, text=True, timeout=timeout)
        with open(self.log_path, "a") as f:
            f.write("# %s -> exit %d in %.2f s\n%s%s" % (" ".join(command), result.returncode,
                                                         time.monotonic() - started, result.stdout, result.stderr))
        return result


def _counts(reply):
    if reply["requests"] is None:
        raise AssertionError("the sync mark %d is not among the requests the daemon remembers (now %d)" % (
            reply["mark"], reply["sequence"]))
    return {entry["window"]: entry["count"] for entry in reply["requests"]}


def _same_window(logged, window):
    try:
        return int(logged, 0) == int(window)
    except (TypeError, ValueError):
        return False
