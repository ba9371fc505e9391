#!/usr/bin/python3
"""Measures a tap on a web input under the keyboard's margin -> window at rest with the input clear (not a test).

    OSKSHIFT_BIN=/path/to/oskshift /usr/bin/python3 scripts/bench/measure_kiosk_tap.py chromium|firefox|gtk [RUNS]

A private desktop (Xvfb, openbox, D-Bus), xvkbd shown across the bottom with its top 20 px above where the tapped
field's bottom plus the margin ends, so that field is covered while its upper part can still be tapped (a tap on
the keyboard would hit a key). The daemon runs the built-in defaults with `duration_ms = 0`
(fullscreen = "adjust": a kiosk browser leaves fullscreen and is panned). Each run taps, with XTest from this
process's own X connection, the low field (the window must move) or a high one (the window goes back); the clock
stops at the last ConfigureNotify of a root child before 400 ms of quiet. After each low tap the field is checked
clear over AT-SPI (not timed). Prints every sample of the low taps and the median, p99 and max in milliseconds;
the browser's own accessibility latency is included, as the benchmark asks.
"""
import ctypes
import os
import select
import statistics
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tests", "e2e"))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # the other measure_* scripts

import browsers  # noqa: E402
from daemon import MARGIN, Daemon  # noqa: E402
from desktop import Desktop  # noqa: E402
from keyboards import Xvkbd  # noqa: E402
from measure_atspi_latency import Harness, KeyClock  # noqa: E402
from qt_clients import AccessibleApp, set_accessibility_switch  # noqa: E402
from test_accessibility import GtkForm  # noqa: E402
import xlib  # noqa: E402
from waiting import wait_for  # noqa: E402

CONFIG = "[animation]\nduration_ms = 0\n"
QUIET = 0.4


class TapClock(KeyClock):
    """XTest pointer taps, and the time of the last ConfigureNotify before a quiet spell."""

    def __init__(self, desktop):
        super().__init__(desktop)
        self.xtst.XTestFakeMotionEvent.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_int, ctypes.c_int,
                                                   ctypes.c_ulong]
        self.xtst.XTestFakeButtonEvent.argtypes = [ctypes.c_void_p, ctypes.c_uint, ctypes.c_int, ctypes.c_ulong]

    def tap(self, x, y):
        while self.display.pending():
            self.display.next_event()
        self.xtst.XTestFakeMotionEvent(self.display.handle, -1, x, y, 0)
        started = time.monotonic()
        self.xtst.XTestFakeButtonEvent(self.display.handle, 1, 1, 0)
        self.xtst.XTestFakeButtonEvent(self.display.handle, 1, 0, 0)
        self.display.flush()
        return started

    def last_configure(self, ignore, deadline):
        """The time of the last root-child ConfigureNotify (not of `ignore`) once QUIET s pass without one."""
        last = None
        quiet_since = time.monotonic()
        while time.monotonic() < deadline:
            while self.display.pending():
                event = self.display.next_event()
                if event.type == xlib.CONFIGURE_NOTIFY and event.xconfigure.window not in ignore:
                    last = quiet_since = time.monotonic()
            if time.monotonic() - quiet_since >= QUIET:
                return last
            select.select([self.display.fileno()], [], [], 0.02)
        raise RuntimeError("the windows did not come to rest")




def main():
    kind = sys.argv[1] if len(sys.argv) > 1 else "chromium"
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 20
    out = tempfile.mkdtemp(prefix="oskshift-kiosk-tap-")
    desktop = Desktop(log_dir=out).start()
    harness = Harness(desktop, out)
    harness.desktop = desktop
    try:
        set_accessibility_switch(desktop, False)  # the daemon turns it on, as it would on a real desktop
        keyboard = Xvkbd(desktop).start()
        daemon = Daemon(desktop, os.path.join(out, "oskshift.log"), config=CONFIG)
        harness.addCleanup(daemon.stop)
        daemon.start()
        if kind == "gtk":
            form = GtkForm(harness, "tap-form", "--entries", "8", "--geometry", "600x400+300+200")
            app = AccessibleApp(harness, form.process, form.window, "tap-form")
            low, high = "entry-8", "entry-1"
        else:
            app = browsers.start_chromium(harness) if kind == "chromium" else browsers.start_firefox(harness)
            low, high = "field-8", "field-1"
        low_field = app.wait_field(low, timeout=30)["widget"]
        high_field = app.wait_field(high)["widget"]
        keyboard.show()
        # The keyboard's top 20 px above the low field's bottom plus the margin: its upper part stays tappable
        # (a tap on a key would hit the keyboard), and the move is larger than the daemon's 4 px hysteresis.
        top = low_field.bottom + MARGIN - 20
        desktop.run("xdotool", "windowmove", str(keyboard.window), "0", str(top))
        wait_for(lambda: keyboard.rect().y == top, what="the keyboard at y %d" % top)
        keyboard_rect = keyboard.rect()
        samples = measure(desktop, app, keyboard, keyboard_rect, low, low_field, high, high_field, runs)
    finally:
        harness.close()
        desktop.stop()
    report(kind, samples)


def measure(desktop, app, keyboard, keyboard_rect, low, low_field, high, high_field, runs):
    clock = TapClock(desktop)
    ignore = {keyboard.window}
    samples = []
    # Start from the high field (window at its original geometry).
    clock.tap(high_field.x + 20, high_field.y + high_field.height // 2)
    clock.last_configure(ignore, time.monotonic() + 10)
    for _ in range(runs):
        started = clock.tap(low_field.x + 20, low_field.y + 6)
        ended = clock.last_configure(ignore, started + 10)
        if ended is None:
            raise RuntimeError("the window did not move for a tap on %s" % low)
        samples.append((ended - started) * 1000)
        field = app.field(low)["widget"]
        if field.bottom + MARGIN > keyboard_rect.y or field.y < 0:
            raise RuntimeError("%s not clear after the tap: %s, keyboard %s" % (low, field, keyboard_rect))
        # Back: the window returns to where it was, and the high field is where it was measured.
        clock.tap(high_field.x + 20, high_field.y + high_field.height // 2 - (low_field.y - field.y))
        clock.last_configure(ignore, time.monotonic() + 10)
    clock.close()
    return samples


def report(kind, samples):
    print("%s first tap (ms): %.1f" % (kind, samples[0]))
    ordered = sorted(samples)
    p99 = ordered[min(len(ordered) - 1, int(round(0.99 * (len(ordered) - 1))))]
    print("%s samples (ms): %s" % (kind, " ".join("%.1f" % s for s in ordered)))
    print("%s runs=%d median=%.1f ms p99=%.1f ms max=%.1f ms (minus the %.0f ms quiet wait, already excluded)"
          % (kind, len(ordered), statistics.median(ordered), p99, ordered[-1], QUIET * 1000))


if __name__ == "__main__":
    main()
