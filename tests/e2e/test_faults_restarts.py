"""Fault suite: the daemon SIGKILLed at random points of adjust/restore cycles and started again each time.

Each cycle taps a field in one of two covered xterms, shows the keyboard, waits for the adjustment, hides the
keyboard and waits for the restore, while a timer SIGKILLs the daemon at a random moment of it (before the tap,
between save-original and the move, mid-restore, ...). Whatever happened, the next daemon is started (with the
keyboard shown or hidden, at random), the keyboard ends hidden, and then EVERY window must be at its exact
original geometry with no `_OSKSHIFT_ORIGINAL_GEOMETRY` left on it.
"""
import threading
import time
import unittest

from faults import FaultCase, fault_runs, send_signal
from keyboards import Xvkbd
from waiting import wait_for

CYCLE_SECONDS = 0.5


class DaemonKilledAtRandomPoints(FaultCase):
    keyboard_kind = Xvkbd

    def show_keyboard(self, shown):
        (self.fx.map if shown else self.fx.unmap)(self.keyboard.window)
        self.fx.flush()
        wait_for(lambda: self.fx.is_viewable(self.keyboard.window) == shown, timeout=3, interval=0.005,
                 what="the keyboard %s" % ("shown" if shown else "hidden"))
        if not shown:
            # The unmap is ours, its handling is the window manager's: a tap whose press reaches openbox before it
            # has released the keyboard's frame activates nothing (the window active before keeps the focus).
            # The keyboard back on the root is openbox's answer to the unmap; only then is the desktop a user's.
            wait_for(lambda: self.fx.parent(self.keyboard.window) == self.fx.root, timeout=3, interval=0.005,
                     what="the window manager to release the hidden keyboard")

    def tap(self, window, y):
        frame = self.frame_of(window)
        self.desktop.run("xdotool", "mousemove", str(frame.x + frame.width // 2), str(y), "click", "1")
        try:
            wait_for(lambda: self.fx.active_window() == window, timeout=3, interval=0.005)
        except AssertionError:
            self.fail("tapping %s at y=%d did not activate 0x%x: active 0x%x" % (
                frame, y, window, self.fx.active_window()))

    def test_sigkill_at_random_points_of_adjust_restore_cycles_then_restart_leaves_every_window_original(self):
        keyboard_rect = self.keyboard.show()
        self.keyboard.hide()
        terms = [self.xterm("cycle-a", "80x24+100+400"), self.xterm("cycle-b", "60x20+650+380"),
                 self.xterm("cycle-c", "40x8+700+40")]  # the last one is never covered
        originals = {t.window: self.frame_of(t.window) for t in terms}
        taps = {terms[0].window: 700, terms[1].window: 640}
        expected = {w: self.expected_offset_frame(originals[w], y, keyboard_rect) for w, y in taps.items()}
        cycles = fault_runs(100)
        kill_points, adjusted_seen, restart_shown = [], 0, 0
        started = time.monotonic()
        daemon = self.start_daemon()
        for cycle in range(cycles):
            where = "cycle %d (seed %d)" % (cycle, self.seed)
            delay = self.rng.uniform(0, CYCLE_SECONDS)
            timer = threading.Timer(delay, send_signal, (daemon.process,))
            timer.start()
            window = self.rng.choice(list(taps))
            try:
                self.tap(window, taps[window])
                self.show_keyboard(True)
                try:
                    wait_for(lambda: self.frame_of(window) == expected[window] or not daemon.is_alive(),
                             timeout=3, interval=0.005, what="%s: adjusted or killed" % where)
                except AssertionError:
                    self.fail("%s: neither adjusted nor killed: %s%s" % (
                        where, self.frame_of(window), self._decision_tail(daemon)))
                if self.frame_of(window) == expected[window]:
                    adjusted_seen += 1
                self.show_keyboard(False)
                wait_for(lambda: self.frame_of(window) == originals[window] or not daemon.is_alive(),
                         timeout=3, interval=0.005, what="%s: restored or killed" % where)
            finally:
                # A timer not yet run would kill a daemon at rest, which a kill at the cycle's end does now instead of
                # waiting for the rest of the delay.
                timer.cancel()
                timer.join()
            if daemon.is_alive():
                send_signal(daemon.process)  # the timer came after the whole cycle: kill at its end
            daemon.process.wait()
            kill_points.append(delay)
            daemon.stop()

            # Restart, with the keyboard up half of the time (the restarted daemon then adopts what it finds).
            shown = self.rng.random() < 0.5
            restart_shown += shown
            self.show_keyboard(shown)
            daemon = self.start_daemon()
            if shown:
                self.show_keyboard(False)
            for term in terms:
                self.wait_frame(term.window, originals[term.window], daemon=daemon,
                                what="%s: %s at its original after the restart" % (where, term.title))
            for term in terms:
                wait_for(lambda: self.fx.get_property(term.window, "_OSKSHIFT_ORIGINAL_GEOMETRY") is None,
                         timeout=2, what="%s: %s without a saved geometry" % (where, term.title))
        self.assertTrue(daemon.is_alive())
        print("\n  %d SIGKILL+restart cycles in %.1f s: adjusted before the kill in %d, restarted with the keyboard "
              "shown in %d" % (cycles, time.monotonic() - started, adjusted_seen, restart_shown))


if __name__ == "__main__":
    unittest.main()
