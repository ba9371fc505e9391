#!/usr/bin/python3
"""Measures a kiosk browser's own share of "tap on a web input -> input clear" (not a test): an XTest tap on an
`<input>` to that input's `object:state-changed:focused` arriving over AT-SPI.

    OSKSHIFT_BIN=/path/to/oskshift /usr/bin/python3 scripts/bench/measure_browser_focus_latency.py chromium|firefox [RUNS]

A private desktop (Xvfb, openbox, D-Bus), the daemon started first (it turns accessibility on and asks Chromium for
its page), the browser fullscreen in kiosk mode on tests/fixtures/web_form.html. The measuring part runs in a child
process on that desktop: it taps field-10 and field-11 in turn, 400 ms apart, from its own X connection, and stops
the clock at the input's focus event. Prints the samples and p50, p90 and max in milliseconds (docs/kiosk.md).
"""
import ctypes
import ctypes.util
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tests", "e2e"))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # the other measure_* scripts

# (accessible name, root y of its middle in the fullscreen 1280x800 page)
TARGETS = [("field-10", 672), ("field-11", 742)]


def measure_on_this_desktop(runs):
    """The child: taps and listens; prints one line of JSON."""
    import pyatspi
    from gi.repository import GLib

    x11 = ctypes.CDLL(ctypes.util.find_library("X11"))
    xtst = ctypes.CDLL(ctypes.util.find_library("Xtst"))
    x11.XOpenDisplay.restype = ctypes.c_void_p
    display = ctypes.c_void_p(x11.XOpenDisplay(None))
    state = {"taps": 0, "started": None, "wanted": None, "samples": []}

    def tap():
        name, y = TARGETS[state["taps"] % 2]
        state["wanted"] = name
        xtst.XTestFakeMotionEvent(display, -1, 300, y, 0)
        state["started"] = time.monotonic()
        xtst.XTestFakeButtonEvent(display, 1, 1, 0)
        xtst.XTestFakeButtonEvent(display, 1, 0, 0)
        x11.XFlush(display)
        return False

    def focused(event):
        if event.detail1 != 1 or state["started"] is None:
            return
        try:
            if event.source.name != state["wanted"]:
                return
        except Exception:  # noqa: BLE001 - an accessible that went away
            return
        state["samples"].append((time.monotonic() - state["started"]) * 1000)
        state["started"] = None
        state["taps"] += 1
        if state["taps"] >= runs:
            GLib.timeout_add(10, pyatspi.Registry.stop)
        else:
            GLib.timeout_add(400, tap)

    pyatspi.Registry.registerEventListener(focused, "object:state-changed:focused")
    GLib.timeout_add(500, tap)
    GLib.timeout_add(runs * 2000 + 5000, pyatspi.Registry.stop)  # a browser that stopped answering
    pyatspi.Registry.start()
    print(json.dumps([round(sample, 1) for sample in state["samples"]]))


def main():
    if sys.argv[1] == "--on-this-desktop":
        return measure_on_this_desktop(int(sys.argv[2]))
    from browsers import start_chromium, start_firefox
    from daemon import Daemon
    from measure_atspi_latency import Harness
    from desktop import Desktop
    from qt_clients import set_accessibility_switch

    browser_name, runs = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 20
    out = tempfile.mkdtemp(prefix="oskshift-browser-latency-")
    desktop = Desktop(log_dir=out).start()
    harness = Harness(desktop, out)
    try:
        set_accessibility_switch(desktop, True)
        daemon = Daemon(desktop, os.path.join(out, "oskshift.log"), config="[animation]\nduration_ms = 0\n")
        harness.addCleanup(daemon.stop)
        daemon.start()
        browser = (start_chromium if browser_name == "chromium" else start_firefox)(harness)
        browser.wait_field("field-11", timeout=30)
        result = subprocess.run([sys.executable, os.path.abspath(__file__), "--on-this-desktop", str(runs)],
                                env=desktop.env, capture_output=True, text=True, timeout=runs * 3 + 60)
        samples = json.loads(result.stdout.strip().splitlines()[-1])
        ordered = sorted(samples)
        print("%s, %d taps: %s" % (browser_name, len(samples), " ".join("%.1f" % s for s in samples)))
        print("p50 %.1f ms, p90 %.1f ms, max %.1f ms" % (
            statistics.median(ordered), ordered[max(int(len(ordered) * 0.9) - 1, 0)], ordered[-1]))
    finally:
        harness.close()
        desktop.stop()


if __name__ == "__main__":
    sys.exit(main())
