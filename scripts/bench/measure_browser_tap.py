#!/usr/bin/python3
"""A tap on a covered web input in a fullscreen kiosk browser -> the input's AT-SPI extents clear, stamp by stamp
(not a test; the `browser` phase of `make bench`).

    OSKSHIFT_BIN=/path/to/oskshift /usr/bin/python3 scripts/bench/measure_browser_tap.py chromium|firefox [RUNS] [--json]
        [--defaults | --inset]

A private desktop (Xvfb, openbox, D-Bus), xvkbd across the bottom with its top 20 px above where field-8's bottom
plus the margin ends (the field is covered, its upper part can still be tapped), `chromium --kiosk` or
`firefox-esr --kiosk` on tests/fixtures/web_form.html started after the daemon (which turns the accessibility
switch on and asks Chromium for its content), the built-in defaults with `duration_ms = 0` (`--defaults`: the
built-in defaults as they are; `--inset`: `mode = "inset"`, the window shrunk and the page asked to scroll the input
into view with ScrollTo, instead of panned). Each run taps field-8
with XTest from this process's own X connection, and this process's own AT-SPI client (pyatspi, one connection for
the whole run, no process per read) reads field-8's extents every 2 ms until the field is clear of the keyboard;
then a tap on field-1 puts the window back (fullscreen) before the next run.

Stamps, all on CLOCK_MONOTONIC (ms after the tap): `focus` the browser's focus event at this process's pyatspi
listener; from the daemon's traced log (`OSKSHIFT_TRACE_CLOCK=1`, `--verbose`): `received` its watcher's receipt of
the focus event, `read` its reads done, `unfullscreen` and `move` the flush of those requests, `scroll` a ScrollTo
asked for; from this process's X connection: `state-left` the browser window's `_NET_WM_STATE` without
fullscreen, `moved` the frame's ConfigureNotify at the final place; from the extents: `answer` the first read that
differs from before the tap, `clear` the first read that is clear (the clock). `ours` is the daemon's own share:
receipt of the focus event to the flush of its last request.
"""
import ctypes
import json
import os
import re
import select
import statistics
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tests", "e2e"))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # the other measure_* scripts

import browsers  # noqa: E402
import compatibility  # noqa: E402
from daemon import MARGIN, Daemon  # noqa: E402
from desktop import Desktop  # noqa: E402
from keyboards import Xvkbd  # noqa: E402
from measure_atspi_latency import Harness  # noqa: E402
from measure_kiosk_tap import TapClock  # noqa: E402
from qt_clients import set_accessibility_switch  # noqa: E402
from waiting import wait_for  # noqa: E402
import xlib  # noqa: E402

CONFIG = "[animation]\nduration_ms = 0\n"
INSET_CONFIG = "[avoidance]\nmode = \"inset\"\n\n[animation]\nduration_ms = 0\n"
POLL_S = 0.002
PROPERTY_NOTIFY = 28
PROPERTY_CHANGE_MASK = 1 << 22
STAMP = re.compile(r"^@(\d+\.\d+) (.*)$")


class XPropertyEvent(ctypes.Structure):
    _fields_ = [("type", ctypes.c_int), ("serial", ctypes.c_ulong), ("send_event", ctypes.c_int),
                ("display", ctypes.c_void_p), ("window", ctypes.c_ulong), ("atom", ctypes.c_ulong),
                ("time", ctypes.c_ulong), ("state", ctypes.c_int)]


class AtspiClient:
    """One pyatspi connection for the whole run: a focus listener and the field's extents, read in this process."""

    def __init__(self, env, pid):
        for key in ("DISPLAY", "DBUS_SESSION_BUS_ADDRESS", "XDG_RUNTIME_DIR", "HOME", "XDG_CONFIG_HOME"):
            if key in env:
                os.environ[key] = env[key]
        import pyatspi  # after the environment: it finds the accessibility bus through the session bus
        from gi.repository import GLib
        self.pyatspi = pyatspi
        self.context = GLib.MainContext.default()
        self.focus_events = []
        self.application = wait_for(lambda: self._application(pid), timeout=30, what="the browser on the bus")
        self.fields = {}
        pyatspi.Registry.registerEventListener(self._on_focus, "object:state-changed:focused")

    def _application(self, pid):
        desktop = self.pyatspi.Registry.getDesktop(0)
        for index in range(desktop.childCount):
            try:
                application = desktop[index]
                if application is not None and application.get_process_id() == pid:
                    return application
            except Exception:  # noqa: BLE001 - an application that went away
                continue
        return None

    def field(self, name):
        if name not in self.fields:
            self.fields[name] = wait_for(lambda: self._find(name), timeout=30, what="%s on the bus" % name)
        return self.fields[name]

    def _find(self, name):
        pending = [self.application]
        while pending:
            node = pending.pop(0)
            try:
                if node.name == name:
                    return node
                pending.extend(child for child in (node[i] for i in range(node.childCount)) if child is not None)
            except Exception:  # noqa: BLE001
                continue
        return None

    def _on_focus(self, event):
        if event.detail1 == 1:
            try:
                name = event.source.name
            except Exception:  # noqa: BLE001
                name = None
            self.focus_events.append((time.monotonic(), name))

    def pump(self):
        """Dispatches what the bus has delivered (the focus events), without waiting."""
        for _ in range(50):
            if not self.context.iteration(False):
                break

    def extents(self, name):
        box = self.field(name).queryComponent().getExtents(self.pyatspi.DESKTOP_COORDS)
        return (box.x, box.y, box.width, box.height)


def scroll_home(client):
    """field-1 at the viewport's top (ScrollTo TOP_LEFT): where the page is at the start of each `--inset` run.
    Returns field-8 there, as an xquery Rect, once it has stopped moving."""
    from xquery import Rect
    client.field("field-1").queryComponent().scrollTo(client.pyatspi.SCROLL_TOP_LEFT)
    last = [None]

    def still():
        box = client.extents("field-8")
        same = box == last[0]
        last[0] = box
        return box if same else None
    time.sleep(0.05)
    return Rect(*wait_for(still, timeout=5, interval=0.05, what="field-8 still after scrolling home"))


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    kind = args[0] if args else "chromium"
    runs = int(args[1]) if len(args) > 1 else 20
    out = tempfile.mkdtemp(prefix="oskshift-browser-tap-")
    desktop = Desktop(log_dir=out).start()
    harness = Harness(desktop, out)
    try:
        set_accessibility_switch(desktop, False)  # the daemon turns it on, as it would on a real desktop
        keyboard = Xvkbd(desktop).start()
        config = "" if "--defaults" in sys.argv else CONFIG
        if "--inset" in sys.argv:  # the window shrunk above the keyboard, the page asked to scroll (ScrollTo)
            config = INSET_CONFIG
        daemon = Daemon(desktop, os.path.join(out, "oskshift.log"), config=config)
        harness.addCleanup(daemon.stop)
        desktop.env["OSKSHIFT_TRACE_CLOCK"] = "1"
        try:
            daemon.start()
        finally:
            del desktop.env["OSKSHIFT_TRACE_CLOCK"]
        app = browsers.start_chromium(harness) if kind == "chromium" else browsers.start_firefox(harness)
        low_field = app.wait_field("field-8", timeout=30)["widget"]
        high_field = app.wait_field("field-1")["widget"]
        client = AtspiClient(desktop.env, app.process.pid)
        client.field("field-8")
        client.field("field-1")
        if "--inset" in sys.argv:
            # Each run scrolls the page; every run starts from field-1 scrolled to the viewport's top.
            low_field = scroll_home(client)
        keyboard.show()
        top = low_field.bottom + MARGIN - 20
        desktop.run("xdotool", "windowmove", str(keyboard.window), "0", str(top))
        wait_for(lambda: keyboard.rect().y == top, what="the keyboard at y %d" % top)
        samples = measure(desktop, daemon, app, client, keyboard, low_field, high_field, runs)
    finally:
        harness.close()
        desktop.stop()
    result = summarize(kind, samples)
    if "--json" in sys.argv:
        print(json.dumps(result))
    else:
        report(result)


class Watch(TapClock):
    """The tap, and the browser window's state and frame as this process's X connection sees them."""

    def __init__(self, desktop, client_window):
        super().__init__(desktop)
        self.client_window = client_window
        self.x11.XSelectInput(self.display.handle, client_window, PROPERTY_CHANGE_MASK)
        self.x11.XGetWindowProperty.argtypes = [
            ctypes.c_void_p, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_long, ctypes.c_long, ctypes.c_int,
            ctypes.c_ulong, ctypes.POINTER(ctypes.c_ulong), ctypes.POINTER(ctypes.c_int),
            ctypes.POINTER(ctypes.c_ulong), ctypes.POINTER(ctypes.c_ulong), ctypes.POINTER(ctypes.c_void_p)]
        self.x11.XFree.argtypes = [ctypes.c_void_p]
        self.net_wm_state = self.display.atom("_NET_WM_STATE")
        self.fullscreen_atom = self.display.atom("_NET_WM_STATE_FULLSCREEN")
        self.display.sync()

    def is_fullscreen(self):
        kind, fmt = ctypes.c_ulong(), ctypes.c_int()
        count, after, data = ctypes.c_ulong(), ctypes.c_ulong(), ctypes.c_void_p()
        self.x11.XGetWindowProperty(self.display.handle, self.client_window, self.net_wm_state, 0, 64, 0, 4,
                                    ctypes.byref(kind), ctypes.byref(fmt), ctypes.byref(count), ctypes.byref(after),
                                    ctypes.byref(data))
        if not data.value:
            return False
        atoms = ctypes.cast(data, ctypes.POINTER(ctypes.c_ulong))
        found = any(atoms[i] == self.fullscreen_atom for i in range(count.value))
        self.x11.XFree(data)
        return found

    def events(self):
        """(time, kind, detail) for what arrived: ("state", fullscreen?) and ("configure", (window, x, y, w, h))."""
        seen = []
        while self.display.pending():
            event = self.display.next_event()
            now = time.monotonic()
            if event.type == PROPERTY_NOTIFY:
                prop = ctypes.cast(ctypes.byref(event), ctypes.POINTER(XPropertyEvent)).contents
                if prop.window == self.client_window and prop.atom == self.net_wm_state:
                    seen.append((now, "state", self.is_fullscreen()))
            elif event.type == xlib.CONFIGURE_NOTIFY:
                c = event.xconfigure
                seen.append((now, "configure", (c.window, c.x, c.y, c.width, c.height)))
        return seen


def is_clear(box, keyboard_top):
    x, y, width, height = box
    return width > 0 and height > 0 and y >= 0 and y + height + MARGIN <= keyboard_top


def daemon_steps(log_text, since_ms, until_ms=float("inf")):
    """The daemon's stamped steps between `since_ms` and `until_ms` (CLOCK_MONOTONIC ms): its receipt and read of
    the first AT-SPI event, and the flush of the batch that carried each kind of request (`last_flush`: the last)."""
    steps = {}
    batch = set()
    for line in log_text.splitlines():
        match = STAMP.match(line)
        if not match or not since_ms <= float(match.group(1)) < until_ms:
            continue
        at, text = float(match.group(1)), match.group(2)
        # The first update of the field after the tap: its focus read, or (the two copies of a browser's focus
        # event drained together, the later read counts) the read of the second copy.
        # Not a `still` update: the daemon's own scheduled re-read of the field focused before (400 ms after the
        # last move) may fall just after the tap, and it is no receipt of the tap's focus event.
        if text.startswith(("accessibility: ", "note: accessibility: superseded")) and " editable " in text \
                and " change=still " not in text and "received" not in steps:
            stamps = re.search(r"received-us=(\d+) read-us=(\d+)", text)
            # An event received before `since_ms` (the tap) belongs to the run before, drained late.
            if stamps and int(stamps.group(1)) / 1000.0 >= since_ms:
                steps["received"] = int(stamps.group(1)) / 1000.0
                steps["read"] = int(stamps.group(2)) / 1000.0
                steps["drained"] = at
        elif text.startswith("action: set-fullscreen") and text.endswith("false"):
            batch.add("unfullscreen")
        elif text.startswith("action: move-resize"):
            batch.add("move")
        elif text.startswith("action: reveal-field"):
            steps.setdefault("scroll", at)
        elif text.startswith("note: requests flushed"):
            # The flush's start: the requests went to the kernel then (the line may be written after the X server,
            # woken by them, took the core for a while).
            began = re.search(r"at-us=(\d+)", text)
            sent = int(began.group(1)) / 1000.0 if began else at
            for kind in batch:
                steps.setdefault(kind, sent)
            if "received" in steps:
                steps["last_flush"] = sent
            batch = set()
    return steps


def measure(desktop, daemon, app, client, keyboard, low_field, high_field, runs):
    watch = Watch(desktop, app.window)
    frame = compatibility.frame_of(desktop, app.window)
    keyboard_top = keyboard.rect().y
    ignore = {keyboard.window}
    home_low = client.extents("field-8")
    samples = []

    def tap_high_and_settle():
        if "--inset" in sys.argv:
            # A shrunk window stays shrunk while the keyboard is up (adjustResize): it is hidden and shown again, and
            # the page scrolled back to where each run starts.
            client.field("field-1").queryComponent().grabFocus()
            keyboard.hide()
            wait_for(watch.is_fullscreen, timeout=10, what="the browser fullscreen again")
            scroll_home(client)
            keyboard.show()
            wait_for(lambda: keyboard.rect().y == keyboard_top, what="the keyboard back at y %d" % keyboard_top)
        else:
            watch.tap(high_field.x + 20, high_field.y + high_field.height // 2 - (home_low[1] - client.extents(
                "field-8")[1]))
        watch.last_configure(ignore, time.monotonic() + 10)
        wait_for(lambda: watch.is_fullscreen() and client.extents("field-8") == home_low, timeout=10,
                 what="the browser fullscreen again with field-8 where it was")

    tap_high_and_settle()
    for _ in range(runs):
        client.pump()
        watch.events()
        client.focus_events.clear()
        started = watch.tap(low_field.x + 20, low_field.y + 6)
        stamps = {}
        configured = []
        deadline = started + 5
        while time.monotonic() < deadline:
            client.pump()
            for at, what, detail in watch.events():
                if what == "state" and not detail:
                    stamps.setdefault("state-left", at)
                elif what == "configure" and detail[0] == frame:
                    configured.append(at)
            read_at = time.monotonic()
            box = client.extents("field-8")
            if box != home_low:
                stamps.setdefault("answer", read_at)
            if is_clear(box, keyboard_top):
                stamps["clear"] = time.monotonic()
                break
            select.select([watch.display.fileno()], [], [], POLL_S)
        else:
            raise RuntimeError("field-8 not clear 5 s after the tap (keyboard top %d)" % keyboard_top)
        for at, name in client.focus_events:
            if name == "field-8":
                stamps.setdefault("focus", at)
        time.sleep(0.3)  # the daemon's later reads and the browser's echoes, before the log is read
        configured += [at for at, what, detail in watch.events() if what == "configure" and detail[0] == frame]
        # The frame's last ConfigureNotify before the field was clear (stamped as this loop took it, up to a poll
        # late: one taken just after the clear read counts too).
        before = [at for at in configured if at <= stamps["clear"] + POLL_S]
        if before:
            stamps["moved"] = max(before)
        steps = daemon_steps(daemon.log(), started * 1000)
        sample = {key: (value - started) * 1000 for key, value in stamps.items()}
        sample.update({key: value - started * 1000 for key, value in steps.items()})
        if "received" in sample and "last_flush" in sample:
            sample["ours"] = sample["last_flush"] - sample["received"]
        samples.append(sample)
        tap_high_and_settle()
    watch.close()
    return samples


ORDER = ["focus", "received", "read", "drained", "unfullscreen", "state-left", "move", "moved", "scroll", "answer",
         "clear", "ours"]


def summarize(kind, samples):
    rows = {}
    for key in ORDER:
        values = [s[key] for s in samples if key in s]
        if values:
            rows[key] = {"n": len(values), "p50": statistics.median(values), "p90": percentile(values, 0.9),
                         "p99": percentile(values, 0.99), "max": max(values)}
    # The browser's own part: the tap to its focus event, and its re-reporting after the move reached it.
    own = [s["focus"] + (s["clear"] - s["moved"]) for s in samples
           if "focus" in s and "moved" in s and s["clear"] >= s["moved"]]
    if own:
        rows["browser-own"] = {"n": len(own), "p50": statistics.median(own), "p90": percentile(own, 0.9),
                               "p99": percentile(own, 0.99), "max": max(own)}
    return {"kind": kind, "runs": len(samples), "steps": rows, "samples": samples}


def report(result):
    print("%s: %d taps, ms after the XTest click (ours: the daemon's receipt of the focus event to its last flush)"
          % (result["kind"], result["runs"]))
    for key, row in result["steps"].items():
        print("  %-13s n=%-3d p50 %7.2f  p90 %7.2f  p99 %7.2f  max %7.2f" % (
            key, row["n"], row["p50"], row["p90"], row["p99"], row["max"]))


if __name__ == "__main__":
    main()
