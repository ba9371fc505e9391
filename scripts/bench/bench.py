"""oskshift's benchmarks on a private Xvfb desktop (openbox, xvkbd, xterms). Not a test: it measures and prints.

    /usr/bin/python3 scripts/bench/bench.py --oskshift BIN --watcher x_event_watcher [--cycles 200] [--out DIR]

What it measures (see BENCHMARKS.md):
  1. Reaction latency, oskshift vs. scripts/bench/polling-workaround.sh, the same way for both: the time from the
     keyboard frame's MapNotify (or a _NET_ACTIVE_WINDOW change) to the covered window's frame ConfigureNotify
     that puts it at its final geometry, both timestamped on receipt by x_event_watcher, a separate connection.
  2. Idle cost over 30 s (strace -c -f, context switches), RSS after start and every 2 500 engine events up to
     10 000, start-up time to `ready` with 300 windows mapped.
  3. X round trips per keyboard show/hide and per focus change (xtrace, when installed).
  4. The field against the keyboard while it moves, per keyboard (scripts/bench/keyboard_motion.py).
Uses the e2e harness (tests/e2e) for the desktop, the keyboard and the clients.
"""
import argparse
import json
import os
import platform
import queue
import random
import re
import shutil
import signal
import statistics
import subprocess
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPOSITORY = os.path.abspath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, os.path.join(REPOSITORY, "tests", "e2e"))

import clients  # noqa: E402
import xlib  # noqa: E402
from desktop import Desktop  # noqa: E402
from measure_atspi_latency import Harness, KeyClock  # noqa: E402
from test_accessibility import GtkForm  # noqa: E402
from keyboards import Xvkbd  # noqa: E402
from waiting import wait_for  # noqa: E402
from xdriver import Driver  # noqa: E402

CONFIG = """\
[avoidance]
mode = "offset"
margin = 8
focus = ["input-focus", "pointer", "window"]
pointer_band = 48

[animation]
duration_ms = 0
"""
# The GTK form's field comes from AT-SPI; the xterms are not on the bus, so they keep the X sources.
FIRST_EVENT_CONFIG = CONFIG.replace('"input-focus"', '"widget", "input-focus"')
TAP_Y = 700  # the covered field: a press at this root y, under xvkbd's top (558)


def log(*args):
    print(*args, file=sys.stderr, flush=True)


# --- the watcher ------------------------------------------------------------------------------------------------


class Watcher:
    """x_event_watcher as a child process; its lines become (ns, kind, window, rest) tuples, kept in order."""

    def __init__(self, desktop, binary):
        self.process = desktop.spawn([binary], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.events = []
        self.cond = threading.Condition()
        line = self.process.stdout.readline().decode().strip()
        if line != "ready":
            raise RuntimeError("x_event_watcher did not start: %r" % line)
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for raw in self.process.stdout:
            parts = raw.decode().split()
            event = (int(parts[0]), parts[1], int(parts[2]), tuple(int(p) for p in parts[3:]))
            with self.cond:
                self.events.append(event)
                self.cond.notify_all()

    def mark(self):
        with self.cond:
            return len(self.events)

    def wait(self, predicate, since, timeout):
        """The first event from index `since` on that satisfies `predicate`, as (index, event); None on timeout."""
        deadline = time.monotonic() + timeout
        index = since
        with self.cond:
            while True:
                while index < len(self.events):
                    if predicate(self.events[index]):
                        return index, self.events[index]
                    index += 1
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    return None
                self.cond.wait(remaining)

    def between(self, start, end=None):
        with self.cond:
            return list(self.events[start:end])


# --- statistics -------------------------------------------------------------------------------------------------


def percentile(values, p):
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    rank = max(0, min(len(ordered) - 1, int(round(p / 100.0 * len(ordered) + 0.5)) - 1))
    return ordered[rank]


def summary(samples_ms):
    return {"n": len(samples_ms), "p50": percentile(samples_ms, 50), "p95": percentile(samples_ms, 95),
            "p99": percentile(samples_ms, 99), "max": max(samples_ms) if samples_ms else float("nan"),
            "mean": statistics.fmean(samples_ms) if samples_ms else float("nan")}


# --- the scenario ----------------------------------------------------------------------------------------------


class RssSampler:
    """Appends (events, VmRSS...) to `samples` at every 2 500 engine events a --verbose daemon has logged."""

    def __init__(self, pid, log_path, samples, every=2500, target=10000):
        self.pid, self.log_path, self.samples = pid, log_path, samples
        self.every, self.target, self.next = every, target, every

    def reached_target(self):
        """Samples when due; True once the daemon has handled `target` events."""
        count = _event_count(self.log_path)
        if count < self.next:
            return False
        self.samples.append((count, _rss_kb(self.pid)))
        self.next += self.every
        return count >= self.target


class Bench:
    def __init__(self, args):
        self.args = args
        self.out = args.out
        os.makedirs(self.out, exist_ok=True)
        self.results = {"cycles": args.cycles}
        self.desktop = None

    # set-up

    def start_desktop(self):
        self.desktop = Desktop(log_dir=os.path.join(self.out, "desktop")).start()
        self.x = self.desktop.x
        self.keyboard = Xvkbd(self.desktop).start()
        test = _NoTestCase()
        self.left = clients.start_xterm(test, self.desktop, "bench-left", "80x24+20+400")
        self.right = clients.start_xterm(test, self.desktop, "bench-right", "80x24+640+400")
        self.driver = Driver(self.desktop.display)
        self.moveresize_atom = self.driver.atom("_NET_MOVERESIZE_WINDOW")
        self.watcher = Watcher(self.desktop, self.args.watcher)
        self.left_frame = self.driver.frame_of(self.left.window)
        self.right_frame = self.driver.frame_of(self.right.window)
        self.originals = {self.left.window: self.left.frame(), self.right.window: self.right.frame()}

    def start_daemon(self, name, verbose=False, extra_env=None, config_text=CONFIG):
        config = os.path.join(self.out, name + ".toml")
        with open(config, "w") as f:
            f.write(config_text)
        log_path = os.path.join(self.out, name + ".log")
        args = [self.args.oskshift, "--config", config, "--display", self.desktop.display]
        if verbose:
            args.append("--verbose")
        env = dict(self.desktop.env, **(extra_env or {}))
        started = time.monotonic()
        process = self.desktop.spawn(args, env=env, stdout=open(log_path, "wb"), stderr=subprocess.STDOUT)
        wait_for(lambda: _log_has(log_path, "oskshift: ready on display") or process.poll() is not None,
                 timeout=20, interval=0.002, what="oskshift to be ready")
        if process.poll() is not None:
            raise RuntimeError("oskshift exited with %s; see %s" % (process.returncode, log_path))
        return process, time.monotonic() - started, log_path

    def start_daemon_then_form(self, harness, daemon_name, form_name, verbose=True):
        """A daemon with the `widget` source, then the GTK3 form (400x300+100+480, entry-5 focused), active;
        returns once the daemon has read the form's field over AT-SPI: (daemon, its log, form). The daemon first:
        it learns the field from the form's focus event. A daemon without --verbose does not say so: then once the
        keyboard shown over the form has moved it (the field read) and its hide has put it back."""
        daemon, _, log_path = self.start_daemon(daemon_name, verbose=verbose,
                                                config_text=CONFIG.replace('"input-focus"', '"widget"'))
        harness.addCleanup(self.stop, daemon)
        form = GtkForm(harness, form_name, "--entries", "6", "--focus", "entry-5", "--geometry", "400x300+100+480")
        self.driver.activate(form.window)
        if verbose:
            wait_for(lambda: _log_has(log_path, "event: accessible-focus pid="), timeout=10, interval=0.01,
                     what="the daemon to read the field over AT-SPI")
        else:
            frame = self.driver.frame_of(form.window)
            home = self.driver.frame_rect(frame)
            self.driver.map(self.keyboard.window)
            wait_for(lambda: self.driver.frame_rect(frame) != home, timeout=10, interval=0.01,
                     what="the daemon to move the form for its field")
            self.driver.unmap(self.keyboard.window)
            wait_for(lambda: self.driver.frame_rect(frame) == home, timeout=10, interval=0.01,
                     what="the daemon to put the form back")
        return daemon, log_path, form

    def start_polling(self):
        script = os.path.join(HERE, "polling-workaround.sh")
        return self.desktop.spawn(["sh", script], log_name="polling-workaround")

    def stop(self, process, sig=signal.SIGTERM):
        self.desktop.end(process, sig)

    def prepare_presses(self):
        """A press on each window's field (keyboard hidden): the `pointer` source; ends with `left` active."""
        self.right.tap_field_at_y(TAP_Y)
        self.left.tap_field_at_y(TAP_Y)

    # measuring one transition

    def keyboard_frame(self, since, timeout):
        """The frame the WM made for the keyboard client (openbox re-manages xvkbd at every map)."""
        found = self.watcher.wait(lambda e: e[1] == "R" and e[2] == self.keyboard.window
                                  and e[3][0] != self.driver.root, since, timeout)
        return found[1][3][0] if found else None

    def show_keyboard(self, target_frame, expected, timeout):
        """Maps xvkbd; returns (ms from the keyboard frame's MapNotify to target at `expected`, final rect)."""
        since = self.watcher.mark()
        called = time.monotonic_ns()  # the watcher stamps with CLOCK_MONOTONIC too
        self.driver.map(self.keyboard.window)
        frame = self.keyboard_frame(since, timeout)
        if frame is None:
            raise RuntimeError("xvkbd was not re-framed by the WM")
        mapped = self.watcher.wait(lambda e: e[1] == "M" and e[2] == frame, since, timeout)
        if mapped is None:
            raise RuntimeError("no MapNotify for the keyboard frame")
        latency = self._until_geometry(mapped, target_frame, expected, timeout)
        request = self.watcher.wait(lambda e: e[1] == "X" and e[3][0] == self.moveresize_atom, mapped[0], 0)
        self.last_request_ms = (request[1][0] - mapped[1][0]) / 1e6 if request and latency is not None else None
        # From the keyboard's map call, the clock a kiosk user feels: the window manager framing the keyboard (its
        # frame's MapNotify) is the floor, the rest is ours and the move.
        self.last_framing_ms = (mapped[1][0] - called) / 1e6
        self.last_from_call_ms = None if latency is None else self.last_framing_ms + latency
        return latency, frame

    def hide_keyboard(self, keyboard_frame, target_frame, expected, timeout):
        since = self.watcher.mark()
        self.driver.unmap(self.keyboard.window)
        unmapped = self.watcher.wait(lambda e: e[1] == "U" and e[2] == keyboard_frame, since, timeout)
        if unmapped is None:
            raise RuntimeError("no UnmapNotify for the keyboard frame")
        return self._until_geometry(unmapped, target_frame, expected, timeout)

    def _until_geometry(self, origin, target_frame, expected, timeout):
        index, event = origin
        if expected is None:  # learning run: the last rect the target reaches, once it has been still a while
            return None
        reached = self.watcher.wait(lambda e: e[1] == "C" and e[2] == target_frame and e[3] == expected,
                                    index, timeout)
        if reached is None:
            return None
        return (reached[1][0] - event[0]) / 1e6

    def settle_rect(self, frame, quiet=0.4, timeout=3.0):
        """Waits until the frame has had no ConfigureNotify for `quiet` s; returns its rect (x, y, w, h)."""
        deadline = time.monotonic() + timeout
        while True:
            mark = self.watcher.mark()
            time.sleep(quiet)
            if self.watcher.mark() == mark or time.monotonic() > deadline:
                break
        return self.driver.frame_rect(frame)

    # the latency runs

    def keyboard_cycles(self, label, cycles, gap, frame=None):
        """Show/hide cycles over `frame` (default: `left`, active, pressed at TAP_Y). gap(): seconds to wait before
        each toggle."""
        frame = frame or self.left_frame
        original = self.driver.frame_rect(frame)
        # Learning cycle: where does this avoider put the window?
        self.driver.map(self.keyboard.window)
        shown = self.settle_rect(frame)
        self.driver.unmap(self.keyboard.window)
        restored = self.settle_rect(frame)
        if shown == original or restored != original:
            raise RuntimeError("%s: learning cycle failed (original %s, shown %s, restored %s)"
                               % (label, original, shown, restored))
        show_ms, hide_ms, misses, request_ms, framing_ms, from_call_ms = [], [], 0, [], [], []
        for _ in range(cycles):
            time.sleep(gap())
            latency, keyboard_frame = self.show_keyboard(frame, shown, timeout=3.0)
            framing_ms.append(self.last_framing_ms)
            if latency is None:
                misses += 1
                self.settle_rect(frame)
            else:
                show_ms.append(latency)
                from_call_ms.append(self.last_from_call_ms)
                if self.last_request_ms is not None:
                    request_ms.append(self.last_request_ms)
            time.sleep(gap())
            latency = self.hide_keyboard(keyboard_frame, frame, original, timeout=3.0)
            if latency is None:
                misses += 1
                self.settle_rect(frame)
            else:
                hide_ms.append(latency)
        log("  %s keyboard: %d cycles, %d misses" % (label, cycles, misses))
        return {"show": summary(show_ms), "hide": summary(hide_ms), "misses": misses,
                "show_until_move_request": summary(request_ms),
                "show_from_map_call": summary(from_call_ms), "framing_from_map_call": summary(framing_ms),
                "shown_rect": shown, "original_rect": original}

    def focus_cycles(self, label, cycles, gap):
        """Keyboard up; the active window alternates between `left` and `right`, both covered and pressed."""
        frames = {self.left.window: self.left_frame, self.right.window: self.right_frame}
        originals = {w: self.driver.frame_rect(f) for w, f in frames.items()}
        self.driver.map(self.keyboard.window)
        shown = {}
        for window in (self.right.window, self.left.window):  # learn both adjusted rects; ends with left active
            self.driver.activate(window)
            shown[window] = self.settle_rect(frames[window])
        if any(shown[w] == originals[w] for w in frames):
            raise RuntimeError("%s: a window was not moved for the keyboard: %s" % (label, shown))
        samples, restore_samples, misses = [], [], 0
        current = self.left.window
        for _ in range(cycles):
            time.sleep(gap())
            other = self.right.window if current == self.left.window else self.left.window
            since, change, reached_ms = self.activate_timed(other, frames[other], shown[other])
            back = change and self.watcher.wait(
                lambda e: e[1] == "C" and e[2] == frames[current] and e[3] == originals[current], since, 3.0)
            if reached_ms is None or not back:
                misses += 1
                self.settle_rect(frames[other])
            else:
                samples.append(reached_ms)
                restore_samples.append((back[1][0] - change[1][0]) / 1e6)
            current = other
        self.driver.unmap(self.keyboard.window)
        for window, frame in frames.items():
            self.settle_rect(frame, quiet=0.3)
        if current != self.left.window:
            self.driver.activate(self.left.window)
            self.settle_rect(self.left_frame, quiet=0.3)
        log("  %s focus: %d cycles, %d misses" % (label, cycles, misses))
        return {"new_window": summary(samples), "old_window_restored": summary(restore_samples), "misses": misses}

    def activate_timed(self, window, frame, expected):
        """Activates `window` as a pager does: (watcher mark before, its _NET_ACTIVE_WINDOW change or None, ms
        from that change to `frame` at `expected` or None)."""
        since = self.watcher.mark()
        self.driver.activate(window)
        change = self.watcher.wait(lambda e: e[1] == "A", since, 3.0)
        reached = change and self.watcher.wait(
            lambda e: e[1] == "C" and e[2] == frame and e[3] == expected, since, 3.0)
        return since, change, (reached[1][0] - change[1][0]) / 1e6 if reached else None

    def run_latency(self):
        cycles = self.args.cycles
        daemon, _, _ = self.start_daemon("latency-oskshift")
        # After the daemon is ready, as a user's taps come: the pointer band is the press the daemon saw (a press
        # made before it started is unknown to it, and the whole window would be cleared instead).
        self.prepare_presses()
        self.results["oskshift"] = {
            "keyboard": self.keyboard_cycles("oskshift", cycles, lambda: random.uniform(0.005, 0.025)),
            "focus": self.focus_cycles("oskshift", cycles, lambda: random.uniform(0.005, 0.025)),
        }
        self.daemon = daemon
        # The idle run uses this very daemon, after its 4 x cycles adjustments.
        self.run_idle(daemon)
        self.stop(daemon)
        polling = self.start_polling()
        time.sleep(0.5)
        # The poll's phase must be uniform relative to the toggles, else every sample is the worst case.
        self.results["polling"] = {
            "keyboard": self.keyboard_cycles("polling", cycles, lambda: random.uniform(0.0, 0.2)),
            "focus": self.focus_cycles("polling", cycles, lambda: random.uniform(0.0, 0.2)),
        }
        self.stop(polling)

    # idle, memory, start-up

    def run_idle(self, daemon, seconds=None):
        seconds = seconds or self.args.idle_seconds
        log("  idle: %d s of nothing" % seconds)
        time.sleep(1.0)
        before = _ctxt(daemon.pid)
        trace = os.path.join(self.out, "idle-strace.txt")
        strace = subprocess.run(["timeout", "-s", "INT", str(seconds), "strace", "-c", "-f", "-p", str(daemon.pid),
                                 "-o", trace], capture_output=True, text=True)
        after = _ctxt(daemon.pid)
        calls = _strace_total(trace)
        self.results["idle"] = {"seconds": seconds, "syscalls": calls,
                                "strace_summary": open(trace).read() if os.path.exists(trace) else strace.stderr,
                                "voluntary_ctxt_switches": after[0] - before[0],
                                "nonvoluntary_ctxt_switches": after[1] - before[1]}

    def run_polling_idle(self, seconds):
        """The baseline's idle cost, for comparison: syscalls and processes over the same time."""
        polling = self.start_polling()
        time.sleep(0.5)
        trace = os.path.join(self.out, "idle-polling-strace.txt")
        subprocess.run(["timeout", "-s", "INT", str(seconds), "strace", "-c", "-f", "-p", str(polling.pid),
                        "-o", trace], capture_output=True, text=True)
        self.stop(polling)
        text = open(trace).read() if os.path.exists(trace) else ""
        execs = re.search(r"^\s*[\d.]+\s+[\d.]+\s+\d+\s+(\d+)(?:\s+\d+)?\s+execve$", text, re.M)
        self.results["idle_polling"] = {"seconds": seconds, "syscalls": _strace_total(trace),
                                        "execve": int(execs.group(1)) if execs else None}

    def run_memory(self):
        """RSS after start, then after every 2 500 engine events (counted in the --verbose log) up to 10 000."""
        log("  memory: 10 000 events")
        daemon, _, log_path = self.start_daemon("memory", verbose=True)
        time.sleep(0.3)
        samples = [(_event_count(log_path), _rss_kb(daemon.pid))]
        frame = self.left_frame
        sampler = RssSampler(daemon.pid, log_path, samples)
        toggles, started = 0, time.monotonic()
        configures = 0
        while not sampler.reached_target():
            # A keyboard cycle with its adjustment and restore, then a burst of moves of the uncovered window
            # (each one a windowConfigured through the engine), as a busy session would send them.
            since = self.watcher.mark()
            self.driver.map(self.keyboard.window)
            kb = self.keyboard_frame(since, 3.0)
            self.watcher.wait(lambda e: e[1] == "C" and e[2] == frame and e[3] != self.originals_rect(frame),
                              since, 3.0)
            since = self.watcher.mark()
            self.driver.unmap(self.keyboard.window)
            self.watcher.wait(lambda e: e[1] == "C" and e[2] == frame and e[3] == self.originals_rect(frame),
                              since, 3.0)
            toggles += 2
            for step in range(10):
                self.driver.move(self.right.window, 640 + (step % 2) * 4, 400)
                configures += 1
            self.driver.sync()
            if time.monotonic() - started > 120:
                break
        time.sleep(0.5)
        samples.append((_event_count(log_path), _rss_kb(daemon.pid)))
        shares = _shares_kb(daemon.pid)
        self.driver.move(self.right.window, 640, 400)
        self.driver.sync()
        self.stop(daemon)
        self.results["memory"] = {"samples": samples, "keyboard_toggles": toggles, "window_moves": configures,
                                  "seconds": time.monotonic() - started, "pss_uss": shares}

    def run_first_event(self):
        """First events: for each of N fresh daemons, its first keyboard show, its first focus change to another window
        and its first Tab in a NEW GTK window (a new application on the bus), each against the same daemon's next
        ones of the same kind (steady). Shows and focus changes use the watcher's clock (keyboard frame MapNotify or
        _NET_ACTIVE_WINDOW change -> frame at its final rect), as the latency phase; Tabs use an XTest press ->
        ConfigureNotify clock, as the AT-SPI phase."""
        runs, steady_cycles = self.args.first_event_runs, 5
        log("  first events: %d fresh daemons, %d steady cycles each" % (runs, steady_cycles))
        frames = {self.left.window: self.left_frame, self.right.window: self.right_frame}
        originals = {w: self.driver.frame_rect(f) for w, f in frames.items()}
        shown = self._learn_shown_rects(frames)
        harness = Harness(self.desktop, self.desktop.log_dir)
        keys = KeyClock(self.desktop)
        tab, shift = keys.keycode(0xFF09), keys.keycode(0xFFE1)
        samples = {kind: {"first": [], "steady": []} for kind in ("show", "show_request", "focus", "tab", "tab_request")}
        misses = 0
        try:
            for run in range(runs):
                daemon, _, _ = self.start_daemon("first-event-%d" % run, verbose=True, config_text=FIRST_EVENT_CONFIG)
                time.sleep(0.3)  # ready, and the start-up pages let go of: what a boot or a login leaves
                active = self.left.window
                for cycle in range(steady_cycles + 1):
                    kind = "first" if cycle == 0 else "steady"
                    latency, keyboard_frame = self.show_keyboard(frames[active], shown[active], timeout=3.0)
                    other = self.right.window if active == self.left.window else self.left.window
                    request_ms = self.last_request_ms
                    _, _, reached_ms = self.activate_timed(other, frames[other], shown[other])
                    if latency is None or reached_ms is None:
                        misses += 1
                    else:
                        samples["show"][kind].append(latency)
                        if request_ms is not None:
                            samples["show_request"][kind].append(request_ms)
                        samples["focus"][kind].append(reached_ms)
                    active = other
                    self.driver.unmap(self.keyboard.window)
                    for frame in frames.values():
                        self.settle_rect(frame, quiet=0.15)
                self.driver.activate(self.left.window)
                self.settle_rect(self.left_frame, quiet=0.15)
                self._first_tabs(harness, keys, run, tab, shift, steady_cycles, samples["tab"], samples["tab_request"])
                self.stop(daemon)
                for window, frame in frames.items():
                    # openbox carries out the restore the daemon asked for before exiting a moment later.
                    rect = self.settle_rect(frame, quiet=0.15)
                    if rect != originals[window]:
                        raise RuntimeError("run %d left a window displaced: 0x%x at %s, originally %s" % (
                            run, window, rect, originals[window]))
        finally:
            keys.close()
            harness.close()
        self.results["first_event"] = {
            "runs": runs, "misses": misses,
            **{kind: {which: summary(values) for which, values in parts.items()} for kind, parts in samples.items()}}

    def _learn_shown_rects(self, frames):
        """Where a daemon puts `left` and `right` when each is active under the keyboard."""
        daemon, _, _ = self.start_daemon("first-event-learning", verbose=True, config_text=FIRST_EVENT_CONFIG)
        self.driver.map(self.keyboard.window)
        shown = {}
        for window in (self.left.window, self.right.window, self.left.window):
            self.driver.activate(window)
            shown[window] = self.settle_rect(frames[window])
        self.driver.unmap(self.keyboard.window)
        self.settle_rect(self.left_frame)
        self.stop(daemon)
        return shown

    def _first_tabs(self, harness, keys, run, tab, shift, steady_cycles, samples, requests):
        """A NEW GTK3 form, entry-5 focused under the shown keyboard; the first Tab to entry-6, then Shift+Tab /
        Tab alternately."""
        self.driver.map(self.keyboard.window)
        form = GtkForm(harness, "first-tab-%d" % run, "--entries", "6", "--focus", "entry-5",
                       "--geometry", "400x300+100+480")
        frame = self.driver.frame_of(form.window)
        self.settle_rect(frame, quiet=0.4)  # its first focus report handled, placed for entry-5
        adjusted = form.frame()
        bottoms = {name: form.accessible(name)["widget"].bottom for name in ("entry-5", "entry-6")}
        at_six = adjusted.y - (bottoms["entry-6"] - bottoms["entry-5"])
        for cycle in range(steady_cycles * 2 + 1):
            to_six = cycle % 2 == 0
            since = self.watcher.mark()
            started = keys.press(tab) if to_six else keys.press(shift, tab)
            ended = keys.wait_frame(at_six if to_six else adjusted.y, adjusted.height, started + 5)
            kind = "first" if cycle == 0 else "steady"
            samples[kind].append((ended - started) * 1000)
            # The split: press -> our _NET_MOVERESIZE_WINDOW (GTK's focus event, the bus, our reads and decision),
            # the rest being openbox's move.
            request = self.watcher.wait(lambda e: e[1] == "X" and e[3][0] == self.moveresize_atom, since, 0.5)
            if request:
                requests[kind].append(request[1][0] / 1e6 - started * 1000)
            time.sleep(0.1)
        self.desktop.end(form.process)
        self.driver.unmap(self.keyboard.window)
        self.settle_rect(self.left_frame, quiet=0.15)

    def run_memory_atspi(self):
        """The same RSS samples with the focus read over AT-SPI: a GTK3 form whose fields are Tabbed through
        (Tab, Tab, Shift+Tab: each an accessible focus event, a read of the field, often a move) while the keyboard
        shows and hides, up to 10 000 engine events. Then a daemon as the service starts it (no --verbose, which
        formats a trace line for each event, decision and request) driven through the same number of rounds: the
        events are counted in the first daemon's trace, which the second does not write."""
        log("  memory with AT-SPI reads: 10 000 events")
        self.results["memory_atspi"] = self._memory_atspi_run("memory-atspi", verbose=True)
        rounds = self.results["memory_atspi"].get("rounds")
        if rounds:
            log("  memory with AT-SPI reads, the daemon as installed: %d rounds" % rounds)
            self.results["memory_atspi_installed"] = self._memory_atspi_run("memory-atspi-installed", verbose=False,
                                                                            rounds=rounds)

    def _memory_atspi_run(self, name, verbose, rounds=None):
        """One daemon, then the form: rounds of a keyboard show, Tab, Tab, Shift+Tab and a hide, until the verbose
        daemon has handled 10 000 events (or `rounds` of them)."""
        harness = Harness(self.desktop, self.desktop.log_dir)
        keys = KeyClock(self.desktop)
        try:
            daemon, log_path, _ = self.start_daemon_then_form(harness, name, "bench-" + name, verbose=verbose)
            time.sleep(0.5)
            samples = [(_event_count(log_path), _rss_kb(daemon.pid))]
            tab, shift = keys.keycode(0xFF09), keys.keycode(0xFFE1)
            sampler = RssSampler(daemon.pid, log_path, samples)
            started, tabs, done = time.monotonic(), 0, 0
            while time.monotonic() - started < 300 and (done < rounds if rounds else not sampler.reached_target()):
                self.driver.map(self.keyboard.window)
                self.driver.sync()
                time.sleep(0.03)
                for combo in ((tab,), (tab,), (shift, tab)):
                    keys.press(*combo)
                    tabs += 1
                    time.sleep(0.015)
                self.driver.unmap(self.keyboard.window)
                self.driver.sync()
                time.sleep(0.03)
                done += 1
            time.sleep(0.5)
            samples.append((_event_count(log_path), _rss_kb(daemon.pid)))
            return {"samples": samples, "tabs": tabs, "rounds": done, "seconds": time.monotonic() - started,
                    "pss_uss": _shares_kb(daemon.pid), "rss_by_file": _rss_by_file_kb(daemon.pid),
                    "widget_decisions": _log_count(log_path, "source=widget")}
        except Exception as error:  # the other figures stand without this one
            return {"status": "failed: %s" % error}
        finally:
            keys.close()
            harness.close()
            self.driver.activate(self.left.window)
            self.settle_rect(self.left_frame, quiet=0.3)

    def originals_rect(self, frame):
        return self.originals[self.left.window] if frame == self.left_frame else self.originals[self.right.window]

    def run_startup(self, windows=300, runs=5):
        log("  start-up with %d windows" % windows)
        crowd = self.desktop.spawn(["/usr/bin/python3", os.path.join(HERE, "x_crowd.py"), str(windows)],
                                   stdout=subprocess.PIPE)
        line = crowd.stdout.readline().decode().strip()
        if line != "mapped":
            raise RuntimeError("x_crowd.py did not map its windows: %r" % line)
        wait_for(lambda: self.driver.client_count() >= windows + 2, timeout=60, interval=0.1,
                 what="openbox to manage %d windows" % windows)
        managed = self.driver.client_count()
        times = []
        for run in range(runs):
            daemon, elapsed, _ = self.start_daemon("startup-%d" % run)
            times.append(elapsed * 1000)
            rss = _rss_kb(daemon.pid)
            self.stop(daemon)
        self.stop(crowd)
        self.results["startup"] = {"windows_managed": managed, "ms": times, "median_ms": statistics.median(times),
                                   "rss_kb_with_windows": rss}

    def run_round_trips(self):
        xtrace = shutil.which("xtrace")
        if not xtrace:
            self.results["round_trips"] = {"tool": None}
            return
        log("  round trips (xtrace)")
        fake = next(n for n in range(90, 200) if not os.path.exists("/tmp/.X11-unix/X%d" % n))
        trace = os.path.join(self.out, "xtrace.log")
        config = os.path.join(self.out, "round-trips.toml")
        with open(config, "w") as f:
            f.write(CONFIG)
        process = self.desktop.spawn([xtrace, "-n", "-d", self.desktop.display, "-D", ":%d" % fake, "-o", trace,
                                      "--", self.args.oskshift, "--config", config, "--display", ":%d" % fake,
                                      "--verbose"], log_name="round-trips-oskshift")
        wait_for(lambda: _log_has(os.path.join(self.out, "desktop", "round-trips-oskshift.log"),
                                  "oskshift: ready on display"), timeout=20, what="oskshift under xtrace")
        self.prepare_presses()  # as in the latency phase: the presses this daemon sees
        frame = self.left_frame
        original = self.originals[self.left.window]

        def quiet_offset():
            last = -1
            while True:
                time.sleep(0.3)
                size = os.path.getsize(trace)
                if size == last:
                    return size
                last = size

        phases = {"keyboard_show": [], "keyboard_hide": [], "focus_change": []}
        breakdown = {}
        for cycle in range(5):
            start = quiet_offset()
            self.driver.map(self.keyboard.window)
            self.settle_rect(frame, quiet=0.2)
            middle = quiet_offset()
            self.driver.unmap(self.keyboard.window)
            self.settle_rect(frame, quiet=0.2)
            end = quiet_offset()
            for name, (a, b) in (("keyboard_show", (start, middle)), ("keyboard_hide", (middle, end))):
                requests = _xtrace_requests(trace, a, b)
                phases[name].append(sum(1 for r in requests if r[1]))
                if cycle == 4:
                    breakdown[name] = _request_breakdown(requests)
        self.driver.map(self.keyboard.window)
        self.settle_rect(frame, quiet=0.3)
        for cycle in range(4):
            start = quiet_offset()
            self.driver.activate(self.right.window if cycle % 2 == 0 else self.left.window)
            self.settle_rect(self.right_frame, quiet=0.2)
            end = quiet_offset()
            requests = _xtrace_requests(trace, start, end)
            phases["focus_change"].append(sum(1 for r in requests if r[1]))
            if cycle == 3:
                breakdown["focus_change"] = _request_breakdown(requests)
        self.driver.unmap(self.keyboard.window)
        self.settle_rect(frame, quiet=0.3)
        self.stop(process)
        if self.driver.frame_rect(frame) != original:
            log("  warning: left window not restored after the xtrace run")
        self.results["round_trips"] = {"tool": "xtrace", "per_phase": phases, "breakdown": breakdown}

    PHASES = ("latency", "atspi_keyboard", "idle", "round_trips", "memory", "memory_atspi", "first_event", "startup",
              "atspi", "tab_floor", "browser", "keyboard_motion")

    def run(self):
        wanted = set(self.args.only.split(",")) if self.args.only else set(self.PHASES)
        desktop_phases = [("latency", self.run_latency), ("atspi_keyboard", self.run_atspi_keyboard),
                          ("idle", lambda: self.run_polling_idle(self.args.idle_seconds)),
                          ("round_trips", self.run_round_trips), ("memory", self.run_memory),
                          ("memory_atspi", self.run_memory_atspi), ("first_event", self.run_first_event),
                          ("startup", self.run_startup)]
        if any(name in wanted for name, _ in desktop_phases):
            self.start_desktop()
            try:
                log("latency: %d cycles each" % self.args.cycles)
                for name, phase in desktop_phases:
                    if name in wanted:
                        self.run_phase(name, phase)
            finally:
                self.desktop.stop()
        for name, phase in (("atspi", self.run_atspi), ("tab_floor", self.run_tab_floor),
                            ("browser", self.run_browser), ("keyboard_motion", self.run_keyboard_motion)):
            if name in wanted:
                self.run_phase(name, phase)
        return self.results

    def run_phase(self, name, phase):
        """A failed check is a row of the summary (with what was seen), not the end of the run."""
        try:
            phase()
        except Exception as error:  # every phase's failure, whatever raised it, is reported the same way
            log("%s: FAILED: %s" % (name, error))
            self.results.setdefault("failures", []).append({"phase": name, "seen": str(error)})

    def run_tab_floor(self):
        """Tab in a form, side by side (measure_atspi_latency.py --floor, its own desktop): GTK's own press -> focus
        event at a pyatspi listener (the floor) and press -> frame at its final place, in the same run."""
        script = os.path.join(HERE, "measure_atspi_latency.py")
        runs = self.args.atspi_runs
        if runs <= 0:
            self.results["tab_floor"] = {"status": "skipped (--atspi-runs 0)"}
            return
        log("  Tab against GTK's own part: %d Tabs" % runs)
        result = subprocess.run(["/usr/bin/python3", script, str(runs), "--floor"], capture_output=True, text=True,
                                timeout=600, env=dict(os.environ, OSKSHIFT_BIN=self.args.oskshift))
        lines = result.stdout.strip().splitlines()
        if result.returncode != 0 or not lines:
            self.results["tab_floor"] = {"status": "failed (exit %d): %s" % (
                result.returncode, (result.stderr or result.stdout)[-400:])}
            return
        samples = json.loads(lines[-1])["samples"]
        measured = {"status": "measured", "samples": samples}
        for key in ("focus", "clear", "received", "read", "move"):
            measured[key] = summary([s[key] for s in samples if key in s])
        measured["difference"] = summary([s["clear"] - s["focus"] for s in samples])
        measured["ours"] = summary([s["move"] - s["received"] for s in samples if "move" in s and "received" in s])
        measured["ours_after_read"] = summary([s["move"] - s["read"] for s in samples if "move" in s and "read" in s])
        measured["app_read"] = summary([s["read"] - s["received"] for s in samples if "read" in s and "received" in s])
        self.results["tab_floor"] = measured

    def run_keyboard_motion(self):
        """The field against the keyboard while it moves (scripts/bench/keyboard_motion.py, a desktop per keyboard):
        the overlap beyond our reaction time and without exclusion, keyboard at rest -> field clear, re-layouts per
        show in `inset`, for docked onboard, floating onboard, xvkbd and matchbox-keyboard."""
        runs = self.args.motion_runs
        if runs <= 0:
            self.results["keyboard_motion"] = {"status": "skipped (--motion-runs 0)"}
            return
        log("  keyboard motion: %d shows per keyboard" % runs)
        result = subprocess.run(["/usr/bin/python3", os.path.join(HERE, "keyboard_motion.py"), str(runs), "--json"],
                                capture_output=True, text=True, timeout=1800,
                                env=dict(os.environ, OSKSHIFT_BIN=self.args.oskshift))
        lines = result.stdout.strip().splitlines()
        if result.returncode != 0 or not lines:
            self.results["keyboard_motion"] = {"status": "failed (exit %d): %s" % (
                result.returncode, (result.stderr or result.stdout)[-400:])}
            return
        self.results["keyboard_motion"] = dict(status="measured", **json.loads(lines[-1]))

    def run_browser(self):
        """Kiosk browsers (scripts/bench/measure_browser_tap.py, a desktop each): a tap on a covered input -> the
        input's AT-SPI extents clear, stamp by stamp, Chromium then Firefox ESR."""
        script = os.path.join(HERE, "measure_browser_tap.py")
        runs = self.args.browser_runs
        if runs <= 0 or not all(shutil.which(b) for b in ("chromium", "firefox-esr")):
            self.results["browser"] = {"status": "skipped (--browser-runs 0, or chromium / firefox-esr missing)"}
            return
        measured = {"status": "measured"}
        for kind in ("chromium", "firefox"):
            log("  browser %s: %d taps" % (kind, runs))
            result = subprocess.run(["/usr/bin/python3", script, kind, str(runs), "--json"], capture_output=True,
                                    text=True, timeout=900, env=dict(os.environ, OSKSHIFT_BIN=self.args.oskshift))
            lines = result.stdout.strip().splitlines()
            if result.returncode != 0 or not lines:
                measured[kind] = {"status": "failed (exit %d): %s" % (
                    result.returncode, (result.stderr or result.stdout)[-400:])}
                continue
            data = json.loads(lines[-1])
            samples = data["samples"]
            steps = {key: summary([s[key] for s in samples if key in s]) for key in data["steps"]}
            steps["browser-own"] = summary([s["focus"] + (s["clear"] - s["moved"]) for s in samples
                                            if "focus" in s and "moved" in s and s["clear"] >= s["moved"]])
            steps["ours_after_read"] = summary([s["last_flush"] - s["read"] for s in samples
                                                if "last_flush" in s and "read" in s])
            steps["app_read"] = summary([s["read"] - s["received"] for s in samples if "read" in s and "received" in s])
            measured[kind] = {"status": "measured", "steps": steps, "samples": samples}
        self.results["browser"] = measured

    def run_atspi_keyboard(self):
        """PRODUCT.md's AT-SPI target: keyboard shown -> window at its final geometry, the field coming from AT-SPI
        (`widget`). A GTK3 form on this desktop, its focused entry under the keyboard; the same show/hide cycles as
        for the xterm, the clock from the keyboard frame's MapNotify to the form's frame at its final rect."""
        if self.args.atspi_runs <= 0:
            self.results["atspi_keyboard"] = {"status": "skipped (--atspi-runs 0)"}
            return
        harness = Harness(self.desktop, self.desktop.log_dir)
        try:
            daemon, log_path, form = self.start_daemon_then_form(harness, "atspi-keyboard-oskshift", "bench-form")
            frame = self.driver.frame_of(form.window)
            result = self.keyboard_cycles("oskshift AT-SPI", self.args.cycles, lambda: random.uniform(0.005, 0.025),
                                          frame=frame)
            result["status"] = "measured"
            result["widget_decisions"] = _log_count(log_path, "source=widget")
            self.results["atspi_keyboard"] = result
        except Exception as error:  # the X-side figures stand without this one
            self.results["atspi_keyboard"] = {"status": "failed: %s" % error}
        finally:
            harness.close()
            self.driver.activate(self.left.window)
            self.settle_rect(self.left_frame, quiet=0.3)

    def run_atspi(self):
        """AT-SPI moves: scripts/bench/measure_atspi_latency.py (its own desktop, a GTK3 form), twice: focus moves with
        the `widget` source (XTest Tab / Shift+Tab between entries) and caret moves with the `caret` source (XTest
        Return / BackSpace in a text view). The clock runs from the XTest press to the frame's final ConfigureNotify,
        so it includes GTK handling the key and announcing the change."""
        script = os.path.join(HERE, "measure_atspi_latency.py")
        if not os.path.exists(script) or self.args.atspi_runs <= 0:
            self.results["atspi"] = {"status": "skipped (--atspi-runs 0)"}
            return
        measured = {}
        for key, extra in (("widget", []), ("caret", ["--caret"])):
            log("  AT-SPI %s moves: %d runs" % (key, self.args.atspi_runs))
            result = subprocess.run(["/usr/bin/python3", script, str(self.args.atspi_runs), *extra],
                                    capture_output=True, text=True, timeout=300,
                                    env=dict(os.environ, OSKSHIFT_BIN=self.args.oskshift))
            match = re.search(r"^samples \(ms\): (.*)$", result.stdout, re.M)
            if result.returncode != 0 or not match:
                self.results["atspi"] = {"status": "failed (exit %d): %s" % (
                    result.returncode, (result.stderr or result.stdout)[-400:])}
                return
            measured[key] = summary([float(v) for v in match.group(1).split()])
            first = re.search(r"^first run \(ms\): (.*)$", result.stdout, re.M)
            measured[key]["first"] = float(first.group(1)) if first else float("nan")
        self.results["atspi"] = dict(status="measured", **measured)


class _NoTestCase:
    def fail(self, message):
        raise RuntimeError(message)

    def skipTest(self, message):
        raise RuntimeError(message)


# --- small readers --------------------------------------------------------------------------------------------


def _log_has(path, text):
    try:
        with open(path, "rb") as f:
            return text.encode() in f.read()
    except OSError:
        return False


def _log_count(path, text):
    with open(path, "rb") as f:
        return f.read().count(text.encode())


def _event_count(path):
    with open(path, "rb") as f:
        return f.read().count(b"\nevent: ")


def _status(pid):
    with open("/proc/%d/status" % pid) as f:
        return dict(line.split(":", 1) for line in f if ":" in line)


def _shares_kb(pid):
    """(PSS, USS) in kB from smaps_rollup: the shared pages divided among the processes that map them, and the
    pages only this process maps (private clean + private dirty)."""
    fields = {}
    with open("/proc/%d/smaps_rollup" % pid) as f:
        for line in f:
            parts = line.split()
            if len(parts) >= 2 and parts[0].endswith(":"):
                fields[parts[0][:-1]] = int(parts[1])
    return fields.get("Pss", 0), fields.get("Private_Clean", 0) + fields.get("Private_Dirty", 0)


def _rss_by_file_kb(pid, top=15):
    """Resident kB per mapped file (anonymous mappings under "[anon]"), largest first: where RssFile goes."""
    sizes, name = {}, "[anon]"
    with open("/proc/%d/smaps" % pid) as f:
        for line in f:
            parts = line.split()
            if parts and "-" in parts[0] and len(parts) >= 5 and not parts[0].endswith(":"):
                name = parts[5] if len(parts) > 5 else "[anon]"
            elif parts and parts[0] == "Rss:":
                sizes[name] = sizes.get(name, 0) + int(parts[1])
    return sorted(sizes.items(), key=lambda item: -item[1])[:top]


def _rss_kb(pid):
    """(VmRSS, RssAnon, RssFile) in kB: RssFile is the shared libraries' resident pages, RssAnon the process's own."""
    status = _status(pid)
    return tuple(int(status[key].split()[0]) for key in ("VmRSS", "RssAnon", "RssFile"))


def _ctxt(pid):
    status = _status(pid)
    return int(status["voluntary_ctxt_switches"]), int(status["nonvoluntary_ctxt_switches"])


def _strace_total(path):
    try:
        text = open(path).read()
    except OSError:
        return None
    match = re.search(r"^100\.00\s+[\d.]+\s+(?:\d+\s+)?(\d+)\s+(?:\d+\s+)?total$", text, re.M)
    if match:
        return int(match.group(1))
    return 0 if "total" not in text else None


REQUEST = re.compile(r"^\d+:<:([0-9a-f]+):\s*\d+: (?:[A-Za-z-]+-)?Request\(\d+\): (\w+)")
REPLY = re.compile(r"^\d+:>:([0-9a-f]+):\d+: Reply to (\w+)")


def _xtrace_requests(path, start, end):
    """[(name, answered)] for the daemon's requests logged between two byte offsets of xtrace's output."""
    with open(path, "rb") as f:
        f.seek(start)
        text = f.read(end - start).decode(errors="replace")
    requests, replied = [], set()
    for line in text.splitlines():
        match = REQUEST.match(line)
        if match:
            requests.append([match.group(1), match.group(2)])
            continue
        match = REPLY.match(line)
        if match:
            replied.add(match.group(1))
    return [(name, seq in replied) for seq, name in requests]


def _request_breakdown(requests):
    counts = {}
    for name, answered in requests:
        key = name + (" (round trip)" if answered else "")
        counts[key] = counts.get(key, 0) + 1
    return dict(sorted(counts.items(), key=lambda kv: -kv[1]))


def machine():
    model = "?"
    with open("/proc/cpuinfo") as f:
        for line in f:
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    with open("/proc/meminfo") as f:
        mem_kb = int(f.readline().split()[1])
    return {"nproc": os.cpu_count(), "cpu": model, "ram_gb": round(mem_kb / 1024 / 1024, 1),
            "kernel": platform.release(), "xvfb": subprocess.run(["dpkg-query", "-W", "-f=${Version}", "xvfb"],
                                                                 capture_output=True, text=True).stdout}


def report(results, engine_line):
    lines = []
    m = results["machine"]
    lines.append("machine: %s, %d cores, %.1f GB RAM, kernel %s, Xvfb %s" % (m["cpu"], m["nproc"], m["ram_gb"],
                                                                       m["kernel"], m["xvfb"]))
    lines.append("load average at start / end: %s / %s" % (results.get("load_start"), results.get("load_end")))
    lines.append("")
    lines.append("reaction latency in ms (watcher: keyboard frame MapNotify / UnmapNotify or _NET_ACTIVE_WINDOW "
                 "change -> target frame ConfigureNotify at its final rect), %d cycles" % results["cycles"])
    lines.append("| scenario | avoider | n | p50 | p95 | p99 | max | misses |")
    lines.append("|---|---|---:|---:|---:|---:|---:|---:|")
    rows = [("keyboard show", "keyboard", "show"), ("keyboard hide (restore)", "keyboard", "hide"),
            ("focus change (new window)", "focus", "new_window"),
            ("focus change (old window restored)", "focus", "old_window_restored")]
    for title, group, key in rows:
        for who in ("oskshift", "polling"):
            s = results[who][group][key]
            lines.append("| %s | %s | %d | %.3f | %.3f | %.3f | %.3f | %d |" % (
                title, "oskshift" if who == "oskshift" else "polling-workaround.sh", s["n"], s["p50"], s["p95"],
                s["p99"], s["max"], results[who][group]["misses"]))
    part = results["oskshift"]["keyboard"]["show_until_move_request"]
    if part["n"]:
        lines.append("")
        lines.append("oskshift's share of a keyboard show (MapNotify -> its _NET_MOVERESIZE_WINDOW seen by the watcher; "
                     "the rest is openbox's): n %d, p50 %.3f, p95 %.3f, p99 %.3f, max %.3f ms" % (
                         part["n"], part["p50"], part["p95"], part["p99"], part["max"]))
    lines.append("")
    lines.append("| ratio polling / oskshift | p50 | p99 |")
    lines.append("|---|---:|---:|")
    for title, group, key in rows[:3]:
        a, b = results["oskshift"][group][key], results["polling"][group][key]
        lines.append("| %s | %.0fx | %.0fx |" % (title, b["p50"] / a["p50"], b["p99"] / a["p99"]))
    lines.append("")
    idle, idle_polling = results["idle"], results.get("idle_polling", {})
    lines.append("idle %d s: oskshift %s system calls, %d voluntary + %d involuntary context switches; "
                 "polling-workaround.sh %s system calls, %s processes started" % (
                     idle["seconds"], idle["syscalls"], idle["voluntary_ctxt_switches"],
                     idle["nonvoluntary_ctxt_switches"], idle_polling.get("syscalls"), idle_polling.get("execve")))
    mem = results["memory"]
    lines.append("RSS (kB; VmRSS = RssAnon + RssFile) by engine events handled: " + ", ".join(
        "%d: %d = %d + %d" % (c, r[0], r[1], r[2]) for c, r in mem["samples"])
                 + " (%d keyboard toggles, %d window moves, %.1f s)" % (mem["keyboard_toggles"],
                                                                        mem["window_moves"], mem["seconds"]))
    if mem.get("pss_uss"):
        lines.append("after the 10 000 events: PSS %d kB, USS (private pages) %d kB" % tuple(mem["pss_uss"]))
    st = results["startup"]
    lines.append("start-up to ready with %d managed windows: median %.1f ms (runs: %s); VmRSS then %d kB" % (
        st["windows_managed"], st["median_ms"], ", ".join("%.1f" % t for t in st["ms"]), st["rss_kb_with_windows"][0]))
    rt = results["round_trips"]
    if rt.get("tool"):
        lines.append("X round trips (xtrace, 5 cycles): " + "; ".join(
            "%s %s" % (name, values) for name, values in rt["per_phase"].items()))
        for name, counts in rt["breakdown"].items():
            lines.append("  %s: %s" % (name, ", ".join("%s %d" % kv for kv in counts.items())))
    else:
        lines.append("X round trips: xtrace not installed (apt-get install xtrace)")
    ak = results.get("atspi_keyboard", {})
    if ak.get("status") == "measured":
        lines.append("")
        lines.append("AT-SPI keyboard show/hide (GTK3 form, `widget` source; PRODUCT.md target p99 < 10 ms), ms:")
        lines.append("| scenario | n | p50 | p95 | p99 | max | misses |")
        lines.append("|---|---:|---:|---:|---:|---:|---:|")
        for title, key in (("keyboard show", "show"), ("keyboard hide (restore)", "hide"),
                           ("oskshift's share of the show", "show_until_move_request")):
            s = ak[key]
            lines.append("| %s | %d | %.3f | %.3f | %.3f | %.3f | %d |" % (title, s["n"], s["p50"], s["p95"], s["p99"],
                                                                         s["max"], ak["misses"]))
        lines.append("")
    else:
        lines.append("AT-SPI keyboard show/hide: " + ak.get("status", "not run"))
    atspi = results.get("atspi", {})
    if atspi.get("status") == "measured":
        for key, what in (("widget", "AT-SPI focus move (widget source; XTest Tab -> frame ConfigureNotify at its "
                                     "final rect)"),
                          ("caret", "AT-SPI caret move (caret source; XTest Return/BackSpace in a text view -> frame "
                                    "ConfigureNotify at its final rect)")):
            s = atspi[key]
            lines.append("%s, ms: n %d, p50 %.3f, p95 %.3f, p99 %.3f, max %.3f; the run's first press %.1f" % (
                what, s["n"], s["p50"], s["p95"], s["p99"], s["max"], s.get("first", float("nan"))))
    else:
        lines.append("AT-SPI: " + atspi.get("status", "not run"))
    lines += _memory_atspi_report(results.get("memory_atspi"), results.get("memory_atspi_installed"))
    lines += _first_event_report(results.get("first_event"), results)
    if engine_line:
        lines.append(engine_line)
    return "\n".join(lines)


def summary_table(results):
    """One table for the whole run: each row's goal, what was measured, and its floor (the part no avoider could
    take away: the window manager's, the toolkit's, the browser's), from this run only."""
    rows = []

    def get(*path):
        node = results
        for key in path:
            if not isinstance(node, dict) or key not in node:
                return None
            node = node[key]
        return node

    def ms(value):
        return "-" if value is None or value != value else "%.2f ms" % value

    show = get("oskshift", "keyboard")
    if show:
        share = show["show_until_move_request"]
        rows.append(("keyboard show -> final geometry (xterm, pointer), p99", "< 2 ms", ms(show["show"]["p99"]),
                     "openbox's move: %s (show p99 - our share p99 %s)" % (
                         ms(show["show"]["p99"] - share["p99"]), ms(share["p99"]))))
        call, framing = show.get("show_from_map_call"), show.get("framing_from_map_call")
        if call and framing and framing["n"]:
            rows.append(("keyboard show from the keyboard's map call, p99", "<= 2x the floor (%s)" % ms(2 * framing["p99"]),
                         "%s (%.2fx)" % (ms(call["p99"]), call["p99"] / framing["p99"]),
                         "openbox framing the keyboard (map call -> frame MapNotify): %s" % ms(framing["p99"])))
    focus = get("oskshift", "focus", "new_window")
    if focus:
        rows.append(("focus change -> final geometry, p99", "< 2 ms", ms(focus["p99"]), "-"))
    ak = get("atspi_keyboard")
    if ak and ak.get("status") == "measured":
        rows.append(("keyboard show, field from AT-SPI (GTK3), p99", "< 10 ms", ms(ak["show"]["p99"]), "-"))
    tab = get("tab_floor")
    if tab and tab.get("status") == "measured":
        rows.append(("Tab (GTK3): press -> field clear minus press -> focus event, p99", "< 1 ms",
                     "%s (per Tab; clear p99 %s)" % (ms(tab["difference"]["p99"]), ms(tab["clear"]["p99"])),
                     "GTK's press -> focus event: p99 %s" % ms(tab["focus"]["p99"])))
        rows.append(("  of it ours: focus event received -> our move flushed, p99", "< 1 ms",
                     "%s (after GTK answered our read: %s)" % (ms(tab["ours"]["p99"]), ms(tab["ours_after_read"]["p99"])),
                     "GTK answering our read: p99 %s" % ms(tab["app_read"]["p99"])))
    browser = get("browser")
    if browser and browser.get("status") == "measured":
        for kind, goal, title in (("chromium", "< 50 ms", "Chromium"), ("firefox", "< 100 ms", "Firefox ESR")):
            b = browser.get(kind, {})
            if b.get("status") != "measured":
                rows.append(("%s --kiosk tap -> input clear, p50" % title, goal, b.get("status", "not run"), "-"))
                continue
            steps = b["steps"]
            rows.append(("%s --kiosk tap -> input clear (AT-SPI), p50" % title, goal,
                         "%s (p99 %s)" % (ms(steps["clear"]["p50"]), ms(steps["clear"]["p99"])),
                         "the browser's own (tap -> its focus event, + our move -> its new extents): p50 %s" % ms(
                             steps["browser-own"]["p50"])))
            rows.append(("  daemon's share (focus event received -> last request), p99", "< 1 ms",
                         "%s (after the browser answered our read: %s)" % (
                             ms(steps["ours"]["p99"]) if "ours" in steps else "-",
                             ms(steps["ours_after_read"]["p99"])),
                         "the browser answering our read: p99 %s" % ms(steps["app_read"]["p99"])))
    motion = get("keyboard_motion")
    if motion and motion.get("status") == "measured":
        for name, row in motion["keyboards"].items():
            if "runs" not in row:
                rows.append(("keyboard motion, %s" % name, "measured", row.get("status", "-"), "-"))
                continue
            rows.append(("keyboard motion, %s: overlap > 5 ms after a step (none excluded), max" % name, "0 px",
                         "%d px (%d px)" % (row["overlap_beyond_reaction_max_px"], row["overlap_max_px"]), "-"))
            rows.append(("  keyboard at rest -> field clear, p50 (p95)", "< 16 ms", "%s (%s)" % (
                ms(row["rest_to_clear_p50_ms"]), ms(row["rest_to_clear_p95_ms"])), "-"))
            if name.endswith("(inset)"):
                rows.append(("  re-layouts per show, max", "1", str(row["relayouts_per_show_max"]), "-"))
    idle = get("idle")
    if idle:
        rows.append(("idle: system calls in %d s" % idle["seconds"], "0", str(idle["syscalls"]), "-"))
    mem = get("memory_atspi", "samples")
    if mem:
        rows.append(("VmRSS after 10 000 events with AT-SPI reads (--verbose)", "< 8 MB",
                     "%.1f MB" % (mem[-1][1][0] / 1024.0), "-"))
    installed = get("memory_atspi_installed", "samples")
    if installed:
        rows.append(("VmRSS after the same rounds, the daemon as installed", "< 8 MB",
                     "%.1f MB" % (installed[-1][1][0] / 1024.0), "-"))
    for failure in results.get("failures", []):
        seen = " ".join(failure["seen"].split())[:300].replace("|", "/")
        rows.append(("%s: a check failed" % failure["phase"], "passes", "FAILED: %s" % seen, "-"))
    lines = ["", "summary (load average %s -> %s):" % (results.get("load_start"), results.get("load_end")),
             "| row | goal | measured | floor |", "|---|---|---|---|"]
    lines += ["| %s | %s | %s | %s |" % row for row in rows]
    return lines


def _memory_atspi_report(mem, installed=None):
    if not mem:
        return []
    if "samples" not in mem:
        return ["RSS with AT-SPI reads: " + mem.get("status", "not run")]
    lines = ["RSS with AT-SPI reads (GTK3 form Tabbed through under the keyboard; kB, VmRSS = RssAnon + RssFile) by "
             "engine events handled: " + ", ".join("%d: %d = %d + %d" % (c, r[0], r[1], r[2]) for c, r in mem["samples"])
             + " (%d Tabs, %d decisions from AT-SPI, %.1f s); then PSS %d kB, USS %d kB" % (
                 mem["tabs"], mem["widget_decisions"], mem["seconds"], mem["pss_uss"][0], mem["pss_uss"][1])]
    if installed and "samples" in installed:
        start, end = installed["samples"][0][1], installed["samples"][-1][1]
        lines.append("the daemon as installed (no --verbose), the same %d rounds (%d Tabs, %.1f s): VmRSS %d = %d + %d "
                     "at the start, %d = %d + %d at the end; then PSS %d kB, USS %d kB" % (
                         installed["rounds"], installed["tabs"], installed["seconds"], start[0], start[1], start[2],
                         end[0], end[1], end[2], installed["pss_uss"][0], installed["pss_uss"][1]))
    elif installed:
        lines.append("the daemon as installed: " + installed.get("status", "not run"))
    return lines


def _first_event_report(first, results):
    """First events of fresh daemons against the steady ones, and the polling script's figures from this run."""
    if not first:
        return []
    lines = ["", "first events of %d fresh daemons against the same daemons' next ones (ms; %d misses):" % (
        first["runs"], first["misses"]),
             "| event | first: n | p50 | p99 | max | steady: n | p50 | p99 | first p99 / steady p99 |"
             " polling p99 / first p99 |",
             "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    polling = results.get("polling", {})
    rows = (("keyboard show", "show", polling.get("keyboard", {}).get("show")),
            ("  oskshift's share (MapNotify -> its request)", "show_request", None),
            ("focus change to another window", "focus", polling.get("focus", {}).get("new_window")),
            ("Tab in a new GTK window (XTest press -> frame)", "tab", None),
            ("  press -> oskshift's request", "tab_request", None))
    for title, key, baseline in rows:
        a, b = first[key]["first"], first[key]["steady"]
        against = "%.0fx" % (baseline["p99"] / a["p99"]) if baseline and a["n"] else "-"
        lines.append("| %s | %d | %.2f | %.2f | %.2f | %d | %.2f | %.2f | %.2f | %s |" % (
            title, a["n"], a["p50"], a["p99"], a["max"], b["n"], b["p50"], b["p99"],
            a["p99"] / b["p99"] if b["n"] else float("nan"), against))
    return lines


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--oskshift", required=True)
    parser.add_argument("--watcher", required=True)
    parser.add_argument("--cycles", type=int, default=200)
    parser.add_argument("--idle-seconds", type=int, default=30)
    parser.add_argument("--out", default=os.path.join(REPOSITORY, "out", "bench"))
    parser.add_argument("--engine-bench-output", default=None)
    parser.add_argument("--atspi-runs", type=int, default=200)
    parser.add_argument("--first-event-runs", type=int, default=20)
    parser.add_argument("--browser-runs", type=int, default=20)
    parser.add_argument("--motion-runs", type=int, default=30)
    parser.add_argument("--only", default=None,
                        help="comma-separated phases to run (%s); the report lists what ran" % ", ".join(Bench.PHASES))
    args = parser.parse_args()
    random.seed(7)
    bench = Bench(args)
    load_start = open("/proc/loadavg").read().split()[:3]
    results = bench.run()
    results["load_start"], results["load_end"] = " ".join(load_start), " ".join(open("/proc/loadavg").read().split()[:3])
    results["machine"] = machine()
    engine_line = None
    if args.engine_bench_output and os.path.exists(args.engine_bench_output):
        engine_line = open(args.engine_bench_output).read().strip()
        results["engine_bench"] = engine_line
    with open(os.path.join(args.out, "results.json"), "w") as f:
        json.dump(results, f, indent=1, default=str)
    # A partial run (--only) prints its raw figures: the report's tables need every phase.
    text = json.dumps(results, indent=1, default=str) if args.only else report(results, engine_line)
    text += "\n" + "\n".join(summary_table(results))
    with open(os.path.join(args.out, "results.md"), "w") as f:
        f.write(text + "\n")
    print(text)


if __name__ == "__main__":
    main()
