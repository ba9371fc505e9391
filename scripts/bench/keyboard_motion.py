"""The field against the keyboard while it moves, per keyboard: `make bench` phase keyboard_motion (see BENCHMARKS.md).

    /usr/bin/python3 scripts/bench/keyboard_motion.py [RUNS] [--json]     OSKSHIFT_BIN=path (else the debug build)

For each keyboard (docked onboard, floating onboard, xvkbd, matchbox-keyboard) on its own openbox desktop: a GTK3
form whose focused entry lies under the keyboard at rest, the daemon with the built-in defaults (no glide of our own,
margin 8, mode auto, which offsets this form; the focus order is `widget` so that the field is the entry measured),
then RUNS shows and hides. tests/e2e/keyboard_motion.py turns the frames' ConfigureNotify (x_frame_watch.py) into:

  overlap beyond reaction  the largest overlap of the entry and the keyboard, sampled every 1 ms from the keyboard's
                           first step until rest, counting only samples more than 5 ms after a keyboard step
  overlap                  the same with no exclusion at all
  rest -> clear            the keyboard's last step -> the entry margin px above it (0: it was already)
  placements               the form's moves per show
Then RUNS shows in `inset` mode on the docked onboard: the form's re-layouts (size changes) per show.
"""
import json
import os
import statistics
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
E2E = os.path.join(HERE, "..", "..", "tests", "e2e")
sys.path.insert(0, E2E)

from daemon import MARGIN, Daemon  # noqa: E402
from desktop import Desktop  # noqa: E402
from keyboard_motion import FrameWatch, measure  # noqa: E402
from keyboards import MatchboxKeyboard, Onboard, Xvkbd  # noqa: E402
from measure_atspi_latency import Harness  # noqa: E402
from test_accessibility import GtkForm  # noqa: E402
from waiting import wait_for  # noqa: E402

CONFIG = '[avoidance]\nfocus = ["widget", "window"]\n%s'
KEYBOARDS = [("docked onboard", Onboard, {"docked": True}), ("floating onboard", Onboard, {"docked": False}),
             ("xvkbd", Xvkbd, {}), ("matchbox-keyboard", MatchboxKeyboard, {})]


def log(*args):
    print(*args, file=sys.stderr, flush=True)


def percentile(values, p):
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    return ordered[max(0, min(len(ordered) - 1, int(round(p / 100.0 * len(ordered) + 0.5)) - 1))]


def stays_equal(probe, expected, duration, interval=0.02):
    """True when `probe()` keeps returning `expected` for `duration` seconds: a benchmark's wait on its own clock."""
    deadline = time.monotonic() + duration
    while time.monotonic() < deadline:
        if probe() != expected:
            return False
        time.sleep(interval)
    return probe() == expected


def settle(probe, quiet=0.15, timeout=5.0):
    """The value `probe()` keeps for `quiet` seconds."""
    return wait_for(lambda: (lambda v: v if stays_equal(probe, v, quiet) else None)(probe()), timeout=timeout,
                    interval=0.01, what="a rest")


def cycles(desktop, keyboard, runs, mode, out):
    harness = Harness(desktop, out)
    try:
        extra = 'mode = "inset"\n' if mode == "inset" else ""
        daemon = Daemon(desktop, os.path.join(out, "oskshift-%s.log" % mode), config=CONFIG % extra)
        harness.addCleanup(daemon.stop)
        daemon.start()
        form = GtkForm(harness, "motion-%s" % mode, "--entries", "4", "--geometry", "400x200+440+500",
                       "--focus", "entry-4")
        original, app_frame = form.frame(), desktop.x.frame_window(form.window)
        origin = desktop.x.x_frame_rect(form.window, app_frame)
        field = form.accessible("entry-4")["widget"].moved_by(-origin.x, -origin.y)
        watch = FrameWatch(desktop, os.path.join(out, "frames-%s.txt" % mode))
        harness.addCleanup(watch.close)
        shows, hides = [], []
        for _ in range(runs):
            since = time.monotonic()
            keyboard.request_show()
            rest = keyboard.wait_shown()
            placed = settle(form.frame)
            keyboard_frame = desktop.x.frame_window(keyboard.window)
            placed_origin = desktop.x.x_frame_rect(form.window, app_frame)
            shows.append(measure(watch.events(), since, keyboard_frame, app_frame, field, origin, MARGIN))
            since = time.monotonic()
            keyboard.hide()
            wait_for(lambda: form.frame() == original, timeout=5, what="the form home")
            hidden = measure(watch.events(), since, keyboard_frame, app_frame, field, placed_origin, MARGIN,
                             keyboard_start=rest)
            hides.append(hidden)
            time.sleep(0.2)
            if placed == original:
                raise RuntimeError("the form was not moved for %s" % keyboard.name)
        return shows, hides
    finally:
        harness.close()


def summary(shows, hides):
    clear = [s["rest_to_clear_ms"] for s in shows if s["rest_to_clear_ms"] is not None]
    return {
        "runs": len(shows),
        "keyboard_steps_p50": percentile([s["keyboard_steps"] for s in shows], 50),
        "overlap_beyond_reaction_max_px": max(s["max_overlap_beyond_reaction_px"] for s in shows),
        "overlap_beyond_reaction_p50_px": percentile([s["max_overlap_beyond_reaction_px"] for s in shows], 50),
        "overlap_max_px": max(s["max_overlap_px"] for s in shows),
        "rest_to_clear_p50_ms": percentile(clear, 50), "rest_to_clear_p95_ms": percentile(clear, 95),
        "rest_to_clear_max_ms": max(clear) if clear else float("nan"),
        "never_clear": len(shows) - len(clear),
        "placements_per_show_max": max(s["app_placements"] for s in shows),
        "relayouts_per_show_max": max(s["relayouts"] for s in shows),
        "relayouts_per_show_mean": statistics.fmean(s["relayouts"] for s in shows),
        "hide_placements_p50": percentile([h["app_placements"] for h in hides], 50),
        "hide_relayouts_p50": percentile([h["relayouts"] for h in hides], 50),
    }


def main():
    runs = int(sys.argv[1]) if len(sys.argv) > 1 and sys.argv[1].isdigit() else 20
    as_json = "--json" in sys.argv
    load = open("/proc/loadavg").read().split()[:3]
    results = {"load_start": " ".join(load), "keyboards": {}}
    for name, kind, options in KEYBOARDS:
        out = tempfile.mkdtemp(prefix="oskshift-motion-")
        desktop = Desktop(log_dir=out).start()
        try:
            keyboard = kind(desktop, **options).start()
            modes = ["offset", "inset"] if name == "docked onboard" else ["offset"]
            for mode in modes:
                log("keyboard motion: %s, %s, %d shows" % (name, mode, runs))
                shows, hides = cycles(desktop, keyboard, runs, mode, out)
                results["keyboards"]["%s (%s)" % (name, mode)] = summary(shows, hides)
            keyboard.stop()
        except Exception as error:  # one keyboard's failure is a row of its own, not the end of the run
            results["keyboards"][name] = {"status": "failed: %s" % error}
        finally:
            desktop.stop()
    results["load_end"] = " ".join(open("/proc/loadavg").read().split()[:3])
    if as_json:
        print(json.dumps(results))
        return
    print("load %s -> %s" % (results["load_start"], results["load_end"]))
    for name, row in results["keyboards"].items():
        print(name, json.dumps(row))


if __name__ == "__main__":
    main()
