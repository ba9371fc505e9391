"""Fault suite: 10 000 random focus and keyboard events in one burst, from one client that never waits.

A ctypes client (this test process) owns an override-redirect keyboard window (`[[keyboard]] class =
"FaultOSK"`) and six managed windows, and fires map/unmap/move of the keyboard, `_NET_ACTIVE_WINDOW`
requests, moves/resizes and unmap/map of the windows, flushing every 100 requests and never reading anything
back. The burst ends with the keyboard at the bottom, shown, and window W (never moved by the client, so its
original is known) active. W is only activated, never tapped: which window held the focus when the daemon saw the
keyboard appear depends on how far openbox had got through the burst's activations (the keyboard's own map reaches
the server at once, the activations seconds later), and the whole-window source serves a window only after the
user's input in it. So once the daemon has read the whole burst, the user types a key in W. The daemon must then
reach the one correct final state, W offset exactly above the keyboard, within a bounded time (no backlog that
grows with the burst), and put W back exactly when the keyboard hides, leaving no `_OSKSHIFT_ORIGINAL_GEOMETRY`
on any window.
"""
import time
import unittest

from daemon import DEFAULT_CONFIG, MARGIN
from faults import FaultCase, fault_runs
from waiting import wait_for
from xquery import Rect

CONFIG = DEFAULT_CONFIG + '\n[[keyboard]]\nclass = "FaultOSK"\n'
KEYBOARD = Rect(0, 560, 1280, 240)
W_POSITION = (200, 450)
SENTINEL_POSITIONS = [(950, 20), (950, 60)]  # the burst moves windows to x 0-900 only
SIZE = (300, 200)
# The daemon's backlog once openbox is through: measured 14-250 ms (debug build, 2 cores); 10 s leaves room for a
# slow CI machine and still catches a backlog that grows with the burst.
DRAIN_LIMIT_PER_10000_S = 10.0
WM_DRAIN_LIMIT_S = 60.0  # openbox's own pace (4.4-5.6 s measured), not the daemon's


class RandomEventBurst(FaultCase):

    def make_window(self, name):
        window = self.fx.create_window(40, 40, *SIZE)
        self.fx.set_wm_class(window, name, "Burst")
        self.fx.set_name(window, name)
        self.fx.map(window)
        self.fx.sync()
        self.addCleanup(self.fx.destroy, window)
        wait_for(lambda: self.fx.is_viewable(window) and self.fx.parent(window) != self.fx.root
                 and self.fx.frame_extents(window) != (0, 0, 0, 0), timeout=5, what="openbox to frame %s" % name)
        return window

    def place_and_wait(self, window, position, timeout):
        self.fx.move_resize(window, *position, *SIZE)
        self.fx.sync()
        wait_for(lambda: (self.fx.frame_rect(window) or Rect(0, 0, 0, 0))[:2] == position, timeout=timeout,
                 interval=0.005, what="openbox to place the sentinel at %d,%d" % position)

    def test_ten_thousand_random_focus_and_keyboard_events_then_the_exact_final_state_within_a_bounded_time(self):
        daemon = self.start_daemon(config=CONFIG)
        keyboard = self.fx.create_window(KEYBOARD.x, KEYBOARD.y, KEYBOARD.width, KEYBOARD.height,
                                         override_redirect=True)
        self.fx.set_wm_class(keyboard, "faultosk", "FaultOSK")
        self.addCleanup(self.fx.destroy, keyboard)
        windows = [self.make_window("burst-%d" % index) for index in range(6)]
        w = windows[0]
        self.fx.move_resize(w, W_POSITION[0], W_POSITION[1], *SIZE)
        self.fx.sync()
        e = self.fx.frame_extents(w)
        w_original = Rect(W_POSITION[0], W_POSITION[1], SIZE[0] + e.left + e.right, SIZE[1] + e.top + e.bottom)
        self.wait_frame(w, w_original, what="W placed")
        # `window` source (a key typed in W, no press on it, no focus subwindow): the whole frame clears the keyboard
        # by the margin.
        w_expected = w_original.moved_by(0, KEYBOARD.y - MARGIN - w_original.bottom)

        events = fault_runs(10000)
        drain_limit = max(2.0, DRAIN_LIMIT_PER_10000_S * events / 10000)
        counts = {"keyboard map/unmap": 0, "keyboard move": 0, "activate": 0, "move/resize": 0, "window unmap/map": 0}
        keyboard_mapped, unmapped = False, set()
        started = time.monotonic()
        for index in range(events):
            roll = self.rng.random()
            target = self.rng.choice(windows)
            if roll < 0.25:
                keyboard_mapped = not keyboard_mapped
                (self.fx.map if keyboard_mapped else self.fx.unmap)(keyboard)
                counts["keyboard map/unmap"] += 1
            elif roll < 0.35:
                self.fx.move_resize(keyboard, 0, self.rng.randint(300, 700), KEYBOARD.width, self.rng.choice([120, 240]))
                counts["keyboard move"] += 1
            elif roll < 0.65:
                self.fx.activate(target)
                counts["activate"] += 1
            elif roll < 0.90 and target != w:
                self.fx.move_resize(target, self.rng.randint(0, 900), self.rng.randint(0, 550),
                                    self.rng.randint(100, 400), self.rng.randint(80, 300))
                counts["move/resize"] += 1
            elif target != w:
                (self.fx.map if target in unmapped else self.fx.unmap)(target)
                unmapped ^= {target}
                counts["window unmap/map"] += 1
            if index % 100 == 99:
                self.fx.flush()
        # The final state: every window mapped, the keyboard at the bottom and shown, W active.
        for target in unmapped:
            self.fx.map(target)
        self.fx.move_resize(keyboard, KEYBOARD.x, KEYBOARD.y, KEYBOARD.width, KEYBOARD.height)
        self.fx.map(keyboard)
        self.fx.activate(w)
        # Barriers: moves of a sentinel window to places no burst event uses. W was active hundreds of times in
        # the burst, so "W active" or "W offset" alone can be a state the window manager or the daemon passes
        # through while still behind (CI once unmapped the keyboard then, and openbox, still working through the
        # burst's activations, took over 2 s to apply the restore). Both work in order: once openbox has placed
        # the sentinel it has handled every request before it, and after a second placement also the focus
        # events its own focus changes caused; once the daemon has logged the sentinel's configure, it has read
        # every event before it.
        sentinel = windows[1]
        self.fx.sync()
        burst_end = time.monotonic()
        sent = burst_end - started
        self.assertTrue(daemon.is_alive(), "the daemon died in the burst%s" % self.log_tail(daemon))
        for position in SENTINEL_POSITIONS:
            self.place_and_wait(sentinel, position, timeout=WM_DRAIN_LIMIT_S)
        self.assertEqual(self.fx.active_window(), w, "W is active once openbox has handled the burst")
        wm_done = time.monotonic() - burst_end  # the window manager has worked through its share by now
        sentinel_configured = "event: window-configured 0x%x frame=%dx%d+%d+%d" % (
            (sentinel,) + self.fx.frame_rect(sentinel)[2:] + SENTINEL_POSITIONS[-1])
        wait_for(lambda: sentinel_configured in daemon.log(), timeout=drain_limit, interval=0.01,
                 what="the daemon to read the sentinel's last configure")
        # The daemon now holds W as the focus (it logs an event once the batch it came in has been settled). W was
        # activated, not acted in: a key typed in it is the user's input the whole-window source waits for. Whether
        # W already had it is the burst's race (the keyboard seen to appear while W held the focus), not asserted.
        self.desktop.run("xdotool", "key", "x")
        self.wait_frame(w, w_expected, timeout=drain_limit, daemon=daemon,
                        what="W offset above the keyboard after the burst")
        drained = time.monotonic() - burst_end - wm_done

        self.fx.unmap(keyboard)
        self.fx.sync()
        self.wait_frame(w, w_original, timeout=2, daemon=daemon, what="W restored when the keyboard hides")
        for window in windows:
            try:
                wait_for(lambda: self.fx.get_property(window, "_OSKSHIFT_ORIGINAL_GEOMETRY") is None, timeout=2,
                         what="no saved geometry left on 0x%x" % window)
            except AssertionError as error:
                self.fail("%s%s" % (error, self.failure_log(daemon)))
        self.assertTrue(daemon.is_alive())
        requests = daemon.log().count("action: move-resize ")
        print("\n  %d events sent in %.2f s (%s); openbox done %.0f ms after the burst, the daemon %.0f ms after openbox;"
              " %d move requests from the daemon" % (
                  events, sent, ", ".join("%s %d" % item for item in counts.items()), wm_done * 1000,
                  drained * 1000, requests))


if __name__ == "__main__":
    unittest.main()
