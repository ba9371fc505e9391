"""The field against the keyboard while the keyboard moves: overlap and "keyboard at rest -> field clear", from events.

Nothing is polled. x_frame_watch.py (a separate X client) stamps every ConfigureNotify, MapNotify and UnmapNotify of
every top-level frame on CLOCK_MONOTONIC as it receives it; both the keyboard's frame and the application's are
among them. Between two events a frame stands still, so the geometry at any instant is the last event's: the
timeline is sampled every millisecond from the keyboard's first step until everything rests. The field's place in
its frame is read once from AT-SPI (it does not move inside the frame in `offset`), so the field's rect at each
instant is the frame's origin plus that offset.

    watch = FrameWatch(test); since = time.monotonic(); <show the keyboard>; <wait until both rest>
    show = measure(watch.events(), since, keyboard_frame, app_frame, field_offset, original_app_frame, margin)

Used by the e2e check (test_onboard.py) and by `make bench` (scripts/bench/bench.py, phase keyboard_motion).
"""
import os
import re
import subprocess
import sys

from waiting import wait_for
from xquery import Rect

HERE = os.path.dirname(os.path.abspath(__file__))
SAMPLE_MS = 1.0
# Our reaction time: samples this soon after a keyboard step are not counted (the daemon has not seen it yet).
REACTION_MS = 5.0


class FrameWatch:
    """x_frame_watch.py as a child process writing to `path`; its events parsed on demand."""

    LINE = re.compile(r"^(\d+\.\d+) (create|configure|map|unmap) (0x[0-9a-f]+)((?: -?\d+){4})?$")

    def __init__(self, desktop, path):
        self.path = path
        self.output = open(path, "w")
        self.process = desktop.spawn([sys.executable, os.path.join(HERE, "x_frame_watch.py")], stdout=self.output,
                                     stderr=subprocess.DEVNULL)
        self.desktop = desktop
        wait_for(lambda: self._lines()[:1] == ["watching"], what="the frame watcher to start")

    def _lines(self):
        with open(self.path) as f:
            return f.read().splitlines()

    def events(self):
        """(seconds, kind, window, Rect or None), in the order received."""
        found = []
        for line in self._lines()[1:]:
            match = self.LINE.match(line)
            if match:
                rect = Rect(*(int(v) for v in match.group(4).split())) if match.group(4) else None
                found.append((float(match.group(1)), match.group(2), int(match.group(3), 16), rect))
        return found

    def close(self):
        self.desktop.end(self.process)
        self.output.close()


def _overlap(field, keyboard):
    """Pixels of the field's height under the keyboard (0 when they do not meet)."""
    if keyboard is None or field.right <= keyboard.x or keyboard.right <= field.x:
        return 0
    return max(0, min(field.bottom, keyboard.bottom) - max(field.y, keyboard.y))


def _clear(keyboard, field, margin):
    if keyboard is None or field.right <= keyboard.x or keyboard.right <= field.x:
        return True
    return field.bottom + margin <= keyboard.y or field.y >= keyboard.bottom


def measure(events, since, keyboard_frame, app_frame, field_offset, app_start, margin, keyboard_start=None,
            until=None):
    """One keyboard show (or hide) from `since`: the keyboard's steps, the app frame's placements and the overlap.

    `field_offset`: the field as a Rect relative to the app frame's origin; `app_start`: the app frame's rect at
    `since`; `keyboard_start`: the keyboard's rect then, when it is shown already (a hide). Returns a dict of
    figures in milliseconds and pixels (see the keys below)."""
    keyboard_rect, shown = keyboard_start, keyboard_start is not None
    steps, timeline = [], []  # steps: times the keyboard moved while shown; timeline: (t, keyboard, app)
    app = app_start
    sizes = [(app_start.width, app_start.height)]
    app_moves = []
    for t, kind, window, rect in events:
        if t < since or (until is not None and t > until):
            continue
        if window == keyboard_frame:
            # A step: the keyboard mapped, moved or resized while shown, or unmapped.
            if kind in ("map", "unmap") or (shown and kind == "configure" and rect != keyboard_rect):
                steps.append(t)
            if kind in ("create", "configure"):
                keyboard_rect = rect
            shown = kind == "map" or (shown and kind != "unmap")
        elif window == app_frame and kind == "configure":
            if (rect.width, rect.height) != sizes[-1]:
                sizes.append((rect.width, rect.height))
            if rect != app:
                app_moves.append(t)
            app = rect
        else:
            continue
        timeline.append((t, keyboard_rect if shown else None, app))
    if not steps:
        raise AssertionError("the keyboard frame 0x%x never moved after %.3f" % (keyboard_frame, since))
    first, last = steps[0], steps[-1]
    end = max([last] + app_moves) + 0.05
    def state_at(t):
        keyboard, frame = keyboard_start, app_start
        for when, keyboard_then, frame_then in timeline:
            if when > t:
                break
            keyboard, frame = keyboard_then, frame_then
        return keyboard, field_offset.moved_by(frame.x, frame.y)

    worst, worst_beyond = 0, 0
    t = first
    while t <= end:
        keyboard, field = state_at(t)
        overlap = _overlap(field, keyboard)
        worst = max(worst, overlap)
        previous_step = max(s for s in steps if s <= t)
        if (t - previous_step) * 1000.0 > REACTION_MS:
            worst_beyond = max(worst_beyond, overlap)
        t += SAMPLE_MS / 1000.0
    # "At rest -> clear" exactly, at the events: the keyboard's last step, or the app's move that cleared the field
    # and that no later move undid.
    clear_at = None
    for moment in [last] + [t for t in app_moves if t > last]:
        cleared = _clear(*state_at(moment), margin)
        clear_at = (clear_at or moment) if cleared else None
    return {
        "keyboard_steps": len(steps),
        "slide_ms": (last - first) * 1000.0,
        "max_overlap_px": worst,
        "max_overlap_beyond_reaction_px": worst_beyond,
        "rest_to_clear_ms": None if clear_at is None else max(0.0, (clear_at - last) * 1000.0),
        "app_placements": len(app_moves),
        "relayouts": len(sizes) - 1,
        "first_step_to_first_placement_ms": ((app_moves[0] - first) * 1000.0) if app_moves else None,
    }
