"""The compatibility table's rows, written by the tests that exercise each application (and each window manager:
`record_window_manager`, from tests/e2e/test_window_managers.py).

A test that has just seen an application's field cleared calls `record(...)` with what it measured; every row goes
to out/e2e/compatibility.jsonl, and scripts/compatibility_table.py turns a run's rows into docs/compatibility.md's table (one
line per application: its toolkit, the Debian version that ran, the accessibility path the daemon took, what the
daemon did, and the tap (or Tab) -> field clear time, median over the rows of that run).
"""
import json
import os
import subprocess
import time

from waiting import wait_for

ARTIFACTS = os.environ.get("OSKSHIFT_E2E_OUT") or os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "..", "out", "e2e")


def package_version(package):
    """The installed Debian version of `package` ("-" when not installed, e.g. a pip-less fixture)."""
    result = subprocess.run(["dpkg-query", "-W", "-f", "${Version}", package], capture_output=True, text=True)
    return result.stdout.strip() if result.returncode == 0 and result.stdout.strip() else "-"


def time_until(action, reached, timeout=5.0):
    """Runs `action` (a tap or a key press, sent to the server) and returns the ms until `reached()` is true,
    read every 2 ms from the server."""
    started = time.monotonic()
    action()
    wait_for(reached, timeout=timeout, interval=0.002, what="the field to be clear")
    return (time.monotonic() - started) * 1000


def frame_of(desktop, window):
    """The window manager's frame around a client: its ancestor that is a child of the root."""
    return desktop.x.frame_window(window)


def at_rest_ms(watch, frame, since):
    """ms from `since` (monotonic) to the last ConfigureNotify of `frame` after it (a FrameWatch's record): when
    the window came to rest. Call once the field has been seen clear."""
    configures = watch.configures(frame, since=since)
    return (configures[-1][0] - since) * 1000 if configures else 0.0


def record(test, application, toolkit, package, path, behaviour, trigger, clear_ms, keyboard):
    """One row: `application` (as a user names it), `toolkit`, the Debian `package` whose version ran, the
    accessibility `path` the daemon used, its `behaviour`, what started the clock (`trigger`: "tap", "Tab",
    "keyboard shown"), the measured `clear_ms` and the keyboard's name."""
    row = {
        "application": application, "toolkit": toolkit, "version": package_version(package), "path": path,
        "behaviour": behaviour, "trigger": trigger, "clear_ms": round(clear_ms, 1), "keyboard": keyboard.name,
        "test": "%s.%s" % (type(test).__name__, test._testMethodName),
    }
    _append(row)
    return row


def record_window_manager(test, window_manager, package, check, observed, behaviour, clear_ms, keyboard):
    """One row of the window managers' table, written by a check of test_window_managers.py that passed: the
    `window_manager` (as users name it), the Debian `package` whose version ran, the `check`, what the WM was
    `observed` doing with requests (None when the check measured nothing of that), what oskshift did
    (`behaviour`), the keyboard shown -> window at rest time (`clear_ms`, or None) and the keyboard's name."""
    row = {
        "window_manager": window_manager, "version": package_version(package), "check": check,
        "observed": observed, "behaviour": behaviour,
        "clear_ms": None if clear_ms is None else round(clear_ms, 1), "keyboard": keyboard.name,
        "test": "%s.%s" % (type(test).__name__, test._testMethodName),
    }
    _append(row)
    return row


def _append(row):
    os.makedirs(ARTIFACTS, exist_ok=True)
    with open(os.path.join(ARTIFACTS, "compatibility.jsonl"), "a") as f:
        f.write(json.dumps(row) + "\n")
