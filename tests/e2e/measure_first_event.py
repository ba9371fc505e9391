#!/usr/bin/python3
"""Measures the first keyboard show after a daemon starts against the steady ones (not a test; issue 18).

    OSKSHIFT_BIN=/path/to/oskshift /usr/bin/python3 tests/e2e/measure_first_event.py [STARTS] [STEADY]
    OSKSHIFT_BIN=... /usr/bin/python3 tests/e2e/measure_first_event.py --tab [STARTS] [STEADY]

One private desktop (Xvfb, openbox, D-Bus), xvkbd hidden, an xterm whose lower part it covers. For each of STARTS
fresh daemons (default 20): start it, wait until ready, tap the xterm low (the `pointer` source), then map the
keyboard from this process's own X connection and stop the clock at the ConfigureNotify that puts the xterm's frame
at the expected y; that is the run's first show. Then STEADY (default 10) more hide/show cycles with the same
daemon. Prints the first shows' and the steady shows' samples with median, p99 and max in milliseconds.

`--tab`: the first Tab in a new GTK window instead. For each run a fresh daemon, then a NEW GTK3 form (a new
application on the bus) with entry-5 focused under the shown keyboard; the clock runs from an XTest Tab to the
frame at the y entry-6 needs (measure_atspi_latency.py's clock), then STEADY more Tab / Shift+Tab presses.
"""
import os
import statistics
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import clients  # noqa: E402
from measure_atspi_latency import KeyClock, XK_SHIFT_L, XK_TAB  # noqa: E402
from test_accessibility import GtkForm  # noqa: E402
from daemon import MARGIN, POINTER_BAND, Daemon  # noqa: E402
from desktop import Desktop  # noqa: E402
from keyboards import Xvkbd  # noqa: E402
from measure_atspi_latency import Harness  # noqa: E402

CONFIG = "[animation]\nduration_ms = 0\n"
TAP_Y = 700


class ShowClock(KeyClock):
    """KeyClock's connection and ConfigureNotify clock, mapping the keyboard instead of pressing keys."""

    def map(self, window):
        while self.display.pending():
            self.display.next_event()
        started = time.monotonic()
        self.display.map(window)
        self.display.flush()
        return started


def main_tab():
    starts = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    steady_cycles = int(sys.argv[2]) if len(sys.argv) > 2 else 10
    out = tempfile.mkdtemp(prefix="oskshift-first-tab-")
    desktop = Desktop(log_dir=out).start()
    harness = Harness(desktop, out)
    firsts, steady = [], []
    try:
        keyboard = Xvkbd(desktop).start()
        keyboard.show()
        for run in range(starts):
            daemon = Daemon(desktop, os.path.join(out, "oskshift-%d.log" % run), config=CONFIG)
            daemon.start()
            form = GtkForm(harness, "first-tab-%d" % run, "--entries", "6", "--focus", "entry-5",
                           "--geometry", "400x300+100+480")
            time.sleep(0.5)  # its first focus report has been handled and the window placed for entry-5
            adjusted = form.frame()
            bottoms = {name: form.accessible(name)["widget"].bottom for name in ("entry-5", "entry-6")}
            at_six = adjusted.y - (bottoms["entry-6"] - bottoms["entry-5"])
            clock = KeyClock(desktop)
            tab, shift = clock.keycode(XK_TAB), clock.keycode(XK_SHIFT_L)
            for cycle in range(steady_cycles + 1):
                to_six = cycle % 2 == 0
                started = clock.press(tab) if to_six else clock.press(shift, tab)
                ended = clock.wait_frame(at_six if to_six else adjusted.y, adjusted.height, started + 5)
                (firsts if cycle == 0 else steady).append((ended - started) * 1000)
                time.sleep(0.15)
            clock.close()
            desktop.end(form.process)
            daemon.terminate()
    finally:
        harness.close()
        desktop.stop()
    report("first Tab in a new GTK window", firsts)
    report("steady Tab", steady)


def main():
    if "--tab" in sys.argv:
        sys.argv.remove("--tab")
        return main_tab()
    starts = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    steady_cycles = int(sys.argv[2]) if len(sys.argv) > 2 else 10
    out = tempfile.mkdtemp(prefix="oskshift-first-event-")
    desktop = Desktop(log_dir=out).start()
    harness = Harness(desktop, out)
    firsts, steady = [], []
    try:
        keyboard = Xvkbd(desktop).start()
        term = clients.start_xterm(harness, desktop, "first-event", "80x24+100+400")
        original = term.frame()
        top = keyboard.show().y
        keyboard.hide()
        expected_y = original.y - (TAP_Y + POINTER_BAND // 2 + MARGIN - top)
        clock = ShowClock(desktop)
        for run in range(starts):
            daemon = Daemon(desktop, os.path.join(out, "oskshift-%d.log" % run), config=CONFIG)
            daemon.start()
            term.tap_field_at_y(TAP_Y)
            time.sleep(0.2)  # the press and the activation have reached the daemon
            for cycle in range(steady_cycles + 1):
                started = clock.map(keyboard.window)
                ended = clock.wait_frame(expected_y, original.height, started + 5)
                (firsts if cycle == 0 else steady).append((ended - started) * 1000)
                keyboard.hide()
                clock.wait_frame(original.y, original.height, time.monotonic() + 5)
                time.sleep(0.1)
            daemon.terminate()
        clock.display.close()
    finally:
        harness.close()
        desktop.stop()
    report("first show after start", firsts)
    report("steady show", steady)


def report(what, samples):
    ordered = sorted(samples)
    p99 = ordered[min(len(ordered) - 1, int(round(0.99 * (len(ordered) - 1))))]
    print("%s (ms): %s" % (what, " ".join("%.2f" % s for s in ordered)))
    print("%s: n=%d median=%.2f ms p99=%.2f ms max=%.2f ms" % (what, len(ordered), statistics.median(ordered), p99,
                                                               ordered[-1]))


if __name__ == "__main__":
    main()
