#!/usr/bin/python3
"""Measures focus event -> window at its final geometry through the AT-SPI `widget` source (not a test).

    OSKSHIFT_BIN=/path/to/oskshift /usr/bin/python3 scripts/bench/measure_atspi_latency.py [RUNS] [--caret]

A private desktop (Xvfb, openbox, D-Bus), xvkbd shown across the bottom, the GTK3 fixture at the bottom with
the focus on entry-5 (already adjusted). Each run presses Tab (to entry-6) or Shift+Tab (back to entry-5) with
XTest from this process's own X connection, and stops the clock at the ConfigureNotify that puts the window's
frame at the geometry computed from the fields' AT-SPI extents. Both directions count as runs. Prints every
sample and the median, p95 and max in milliseconds. `--caret` measures caret moves instead (see main_caret).
`--floor` sets each Tab against GTK's own part in the same run (see main_floor) and prints one line of JSON.
"""
import ctypes
import ctypes.util
import json
import os
import select
import statistics
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tests", "e2e"))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # the other measure_* scripts

from daemon import MARGIN, Daemon  # noqa: E402
from desktop import Desktop  # noqa: E402
from keyboards import Xvkbd  # noqa: E402
from test_accessibility import GtkForm, config  # noqa: E402
import xlib  # noqa: E402

SUBSTRUCTURE_NOTIFY_MASK = 1 << 19
XK_TAB, XK_SHIFT_L, XK_RETURN, XK_BACKSPACE = 0xFF09, 0xFFE1, 0xFF0D, 0xFF08


class Harness:
    """What GtkForm wants of a test case: a desktop, a log directory and cleanups."""

    def __init__(self, desktop, class_dir):
        self.desktop = desktop
        self.class_dir = class_dir
        self.cleanups = []

    def addCleanup(self, function, *args):
        self.cleanups.append((function, args))

    def close(self):
        for function, args in reversed(self.cleanups):
            function(*args)


def main():
    if "--caret" in sys.argv:
        sys.argv.remove("--caret")
        return main_caret()
    if "--floor" in sys.argv:
        sys.argv.remove("--floor")
        return main_floor()
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    out = tempfile.mkdtemp(prefix="oskshift-latency-")
    desktop = Desktop(log_dir=out).start()
    harness = Harness(desktop, out)
    try:
        keyboard = Xvkbd(desktop).start()
        daemon = Daemon(desktop, os.path.join(out, "oskshift.log"), config=config(["widget", "pointer", "window"]))
        harness.addCleanup(daemon.stop)
        daemon.start()
        form = GtkForm(harness, "latency", "--entries", "6", "--focus", "entry-5", "--geometry", "400x300+100+480")
        original = form.frame()
        bottoms = {name: form.accessible(name)["widget"].bottom for name in ("entry-5", "entry-6")}
        top = keyboard.show().y
        expected_y = {name: original.y - (bottom + MARGIN - top) for name, bottom in bottoms.items()}
        samples = measure(desktop, form, expected_y, original.height, runs)
    finally:
        harness.close()
        desktop.stop()
    report(samples)


def main_caret():
    """Caret moves: a tall GTK3 text view under the keyboard, `caret` first in the order. Each run types Return
    (the caret goes one line down, the window one line up) or BackSpace (back), with XTest; the clock stops at the
    frame's ConfigureNotify at the y the learning presses found for that state."""
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    out = tempfile.mkdtemp(prefix="oskshift-caret-latency-")
    desktop = Desktop(log_dir=out).start()
    harness = Harness(desktop, out)
    try:
        keyboard = Xvkbd(desktop).start()
        daemon = Daemon(desktop, os.path.join(out, "oskshift.log"),
                        config=config(["caret", "widget", "pointer", "window"]))
        harness.addCleanup(daemon.stop)
        daemon.start()
        form = GtkForm(harness, "caret-latency", "--entries", "0", "--textview", "--focus", "textview",
                       "--geometry", "400x700+100+40")
        top = keyboard.show().y
        start = form.accessible("textview")
        # Enough lines to bring the caret under the keyboard's top; then the window follows every line.
        lines = (top - MARGIN - start["caret"].bottom) // 17 + 3
        samples = measure_caret(desktop, form, lines, runs)
    finally:
        harness.close()
        desktop.stop()
    report(samples)


def main_floor():
    """Tab in a form, side by side: for each XTest Tab / Shift+Tab, GTK's own part (the press to the new entry's
    `object:state-changed:focused` at this process's pyatspi listener: the floor, as no assistive technology can
    hear of the focus sooner; the daemon's watcher is another listener of the same signal) and the press to the
    frame's ConfigureNotify at its final place (the field clear). One GLib main context waits on the bus and on
    this process's X connection together, so both stamps are taken as the message arrives."""
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    out = tempfile.mkdtemp(prefix="oskshift-tab-floor-")
    desktop = Desktop(log_dir=out).start()
    harness = Harness(desktop, out)
    try:
        keyboard = Xvkbd(desktop).start()
        daemon = Daemon(desktop, os.path.join(out, "oskshift.log"), config=config(["widget", "pointer", "window"]))
        harness.addCleanup(daemon.stop)
        desktop.env["OSKSHIFT_TRACE_CLOCK"] = "1"  # the daemon's steps on the same clock (measure_browser_tap.py)
        try:
            daemon.start()
        finally:
            del desktop.env["OSKSHIFT_TRACE_CLOCK"]
        form = GtkForm(harness, "tab-floor", "--entries", "6", "--focus", "entry-5", "--geometry", "400x300+100+480")
        original = form.frame()
        bottoms = {name: form.accessible(name)["widget"].bottom for name in ("entry-5", "entry-6")}
        top = keyboard.show().y
        expected_y = {name: original.y - (bottom + MARGIN - top) for name, bottom in bottoms.items()}
        samples = measure_floor(desktop, form, expected_y, original.height, runs)
        from measure_browser_tap import daemon_steps
        log_text = daemon.log()
        bounds = [sample["started"] for sample in samples] + [float("inf")]
        for sample, until in zip(samples, bounds[1:]):
            started = sample.pop("started")
            steps = daemon_steps(log_text, started, until)
            for key in ("received", "read", "drained", "move"):
                if key in steps:
                    sample[key] = steps[key] - started
    finally:
        harness.close()
        desktop.stop()
    print(json.dumps({"samples": samples}))


def measure_floor(desktop, form, expected_y, height, runs):
    for key in ("DISPLAY", "DBUS_SESSION_BUS_ADDRESS", "XDG_RUNTIME_DIR"):
        os.environ[key] = desktop.env[key]
    import pyatspi  # after the environment: it finds the accessibility bus through the session bus
    from gi.repository import GLib
    context = GLib.MainContext.default()
    focused = []

    def on_focus(event):
        if event.detail1 == 1:
            stamp = time.monotonic()
            try:
                name = event.source.name
            except Exception:  # noqa: BLE001
                name = None
            focused.append((stamp, name))

    pyatspi.Registry.registerEventListener(on_focus, "object:state-changed:focused")
    clock = KeyClock(desktop)
    frames = []

    def on_x(*_):
        while clock.display.pending():
            event = clock.display.next_event()
            c = event.xconfigure
            if event.type == xlib.CONFIGURE_NOTIFY:
                frames.append((time.monotonic(), c.y, c.height))
        return True

    GLib.io_add_watch(clock.display.fileno(), GLib.IO_IN, on_x)
    tab, shift = clock.keycode(XK_TAB), clock.keycode(XK_SHIFT_L)
    samples = []
    for index in range(runs + 1):
        target = "entry-6" if index % 2 == 0 else "entry-5"
        while context.iteration(False):
            pass
        on_x()
        focused.clear()
        frames.clear()
        started = clock.press(tab) if target == "entry-6" else clock.press(shift, tab)
        deadline = started + 5
        clear = None
        while clear is None and time.monotonic() < deadline:
            context.iteration(True)
            on_x()
            clear = next((at for at, y, h in frames if y == expected_y[target] and h == height), None)
        if clear is None:
            raise RuntimeError("the window did not reach y=%d" % expected_y[target])
        # GTK's event may be dispatched after the frame (both were waiting): pump what has arrived.
        end = time.monotonic() + 0.15
        while time.monotonic() < end:
            context.iteration(False)
            time.sleep(0.002)
        focus = next((at for at, name in focused if name == target), None)
        if index > 0 and focus is not None:  # the first press meets cold caches; it is not a sample
            samples.append({"focus": (focus - started) * 1000, "clear": (clear - started) * 1000,
                            "started": started * 1000})
    clock.close()
    return samples


def report(samples):
    # The first press of a run meets cold caches in GTK, the bus and openbox (measured: 19 ms, 11.6 of them in
    # openbox's first move of the window); it stays in the samples and is also shown on its own.
    print("first run (ms): %.1f" % samples[0])
    samples = sorted(samples)
    print("samples (ms): " + " ".join("%.1f" % s for s in samples))
    p95 = samples[min(len(samples) - 1, int(round(0.95 * (len(samples) - 1))))]
    print("runs=%d median=%.1f ms p95=%.1f ms max=%.1f ms" % (len(samples), statistics.median(samples), p95,
                                                              samples[-1]))


class KeyClock:
    """This process's own X connection: XTest key presses, and the root's ConfigureNotify to stop the clock."""

    def __init__(self, desktop):
        self.display = xlib.Display(desktop.display)
        self.x11 = xlib._lib
        self.xtst = ctypes.CDLL(ctypes.util.find_library("Xtst") or "libXtst.so.6")
        self.xtst.XTestFakeKeyEvent.argtypes = [ctypes.c_void_p, ctypes.c_uint, ctypes.c_int, ctypes.c_ulong]
        self.x11.XKeysymToKeycode.argtypes = [ctypes.c_void_p, ctypes.c_ulong]
        self.x11.XKeysymToKeycode.restype = ctypes.c_ubyte
        self.x11.XSelectInput(self.display.handle, self.display.root, SUBSTRUCTURE_NOTIFY_MASK)
        self.display.sync()

    def keycode(self, keysym):
        return self.x11.XKeysymToKeycode(self.display.handle, keysym)

    def press(self, *keycodes):
        """Presses the keys in order and releases them in reverse; returns the time of the press."""
        while self.display.pending():
            self.display.next_event()
        started = time.monotonic()
        for code in keycodes:
            self.xtst.XTestFakeKeyEvent(self.display.handle, code, 1, 0)
        for code in reversed(keycodes):
            self.xtst.XTestFakeKeyEvent(self.display.handle, code, 0, 0)
        self.display.flush()
        return started

    def wait_frame(self, y, height, deadline):
        """The time of the first ConfigureNotify at `y` with `height`."""
        while time.monotonic() < deadline:
            while self.display.pending():
                event = self.display.next_event()
                c = event.xconfigure
                if event.type == xlib.CONFIGURE_NOTIFY and c.y == y and c.height == height:
                    return time.monotonic()
            select.select([self.display.fileno()], [], [], 0.05)
        raise RuntimeError("the window did not reach y=%d" % y)

    def close(self):
        self.display.close()


def measure_caret(desktop, form, lines, runs):
    clock = KeyClock(desktop)
    ret, back = clock.keycode(XK_RETURN), clock.keycode(XK_BACKSPACE)

    def settled_y():
        last, quiet_since = None, time.monotonic()
        while time.monotonic() - quiet_since < 0.4:
            y = form.frame().y
            if y != last:
                last, quiet_since = y, time.monotonic()
            time.sleep(0.05)
        return last

    for _ in range(lines):
        clock.press(ret)
        time.sleep(0.03)
    low = settled_y()
    clock.press(back)
    high = settled_y()
    if low == high:
        raise RuntimeError("a BackSpace did not move the window back (y %d)" % low)
    height = form.frame().height
    samples = []
    for index in range(runs):
        code, target = (ret, low) if index % 2 == 0 else (back, high)
        started = clock.press(code)
        samples.append((clock.wait_frame(target, height, started + 5) - started) * 1000)
        time.sleep(0.15)
    clock.close()
    return samples


def measure(desktop, form, expected_y, height, runs):
    clock = KeyClock(desktop)
    tab, shift = clock.keycode(XK_TAB), clock.keycode(XK_SHIFT_L)
    samples = []
    for index in range(runs):
        target = "entry-6" if index % 2 == 0 else "entry-5"
        started = clock.press(tab) if target == "entry-6" else clock.press(shift, tab)
        samples.append((clock.wait_frame(expected_y[target], height, started + 5) - started) * 1000)
        # Let GTK's and the daemon's echoes (bounds events) pass before the next run.
        time.sleep(0.15)
    clock.close()
    return samples


if __name__ == "__main__":
    main()
