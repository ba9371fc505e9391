"""Fault suite: the processes around the daemon die (keyboard, client, window manager, X server) or it is stopped
mid-animation. Each fault is repeated (faults.fault_runs; OSKSHIFT_FAULT_RUNS scales it) and checked with exact
geometry read from the server."""
import os
import re
import signal
import subprocess
import time
import unittest

from daemon import DEFAULT_CONFIG, Daemon
from desktop import Desktop
from faults import FaultCase, fault_runs, send_signal
from keyboards import Xvkbd
from waiting import wait_for

ANIMATED_CONFIG = DEFAULT_CONFIG.replace("duration_ms = 0", "duration_ms = %d")
ACTION = re.compile(r"^action: [\w-]+ (0x[0-9a-f]+)", re.M)
TAP_Y = 700


def acted_on(daemon, since=0):
    """The windows the daemon sent a request about (from its `action:` lines)."""
    return {int(window, 16) for window in ACTION.findall(daemon.log()[since:])}


class FaultCaseWithAdjust(FaultCase):
    def adjust(self, daemon, term, keyboard=None):
        """Taps the field at TAP_Y, shows the keyboard, waits for the exact offset position; returns it."""
        keyboard = keyboard or self.keyboard
        daemon.at_rest()  # whatever the daemon had to do before (a keyboard's start shows it once) is done
        original = self.frame_of(term.window)
        term.tap_field_at_y(TAP_Y)
        rect = keyboard.show()
        expected = self.expected_offset_frame(original, TAP_Y, rect)
        self.wait_frame(term.window, expected, daemon=daemon, what="%s adjusted" % term.title)
        return original, expected


class KeyboardProcessKilledWhileShown(FaultCaseWithAdjust):
    """The OSK's process dies while it covers the field: its window vanishes, the window goes back."""

    def test_the_keyboard_killed_while_shown_restores_the_window_every_time(self):
        daemon = self.start_daemon()
        term = self.xterm("kb-killed", "80x24+100+400")
        for run in range(fault_runs(3)):
            keyboard = Xvkbd(self.desktop).start()
            self.addCleanup(keyboard.stop)
            original, _ = self.adjust(daemon, term, keyboard)
            self.desktop.end(keyboard.process, signal.SIGKILL)
            keyboard.process = None
            self.wait_frame(term.window, original, daemon=daemon, what="run %d: %s restored" % (run, term.title))
            self.assertTrue(daemon.is_alive(), self.log_tail(daemon))
            self.assertFalse(self.x.has_property(term.window, "_OSKSHIFT_ORIGINAL_GEOMETRY"))


class AdjustedWindowWithdrawnAndMappedAgain(FaultCaseWithAdjust):
    """The application withdraws its window while it is moved (a dialog hidden, a window closed to the tray) and
    maps it again after the keyboard hid: the window manager puts it back where it was withdrawn, and the daemon,
    finding its own saved geometry on it, sends it home."""
    keyboard_kind = Xvkbd

    def test_a_window_withdrawn_while_moved_comes_home_when_mapped_again(self):
        daemon = self.start_daemon()
        term = self.xterm("withdrawn", "80x24+100+400")
        for run in range(fault_runs(2)):
            original, adjusted = self.adjust(daemon, term)
            self.desktop.run("xdotool", "windowunmap", "--sync", str(term.window))
            wait_for(lambda: self.fx.parent(term.window) == self.fx.root, timeout=5,
                     what="run %d: openbox to let the withdrawn xterm go" % run)
            self.keyboard.hide()
            self.desktop.run("xdotool", "windowmap", "--sync", str(term.window))
            self.wait_frame(term.window, original, daemon=daemon,
                            what="run %d: %s home once mapped again" % (run, term.title))
            wait_for(lambda: not self.x.has_property(term.window, "_OSKSHIFT_ORIGINAL_GEOMETRY"), timeout=2,
                     what="run %d: no saved geometry left" % run)


class AdjustedClientKilledMidAnimation(FaultCaseWithAdjust):
    """The adjusted client dies while its window is being animated: the daemon lives on, touches nothing else."""
    keyboard_kind = Xvkbd
    duration_ms = 600

    def test_the_client_killed_mid_animation_leaves_the_daemon_alive_and_everything_else_untouched(self):
        daemon = self.start_daemon(config=ANIMATED_CONFIG % self.duration_ms)
        bystander = self.xterm("bystander", "40x8+700+40")
        bystander_state = bystander.state()
        keyboard_rect = None
        victims, killed_mid_animation, runs = set(), 0, fault_runs(4)
        for run in range(runs):
            victim = self.xterm("victim-%d" % run, "80x24+100+400")
            victims.add(victim.window)
            original = self.frame_of(victim.window)
            victim.tap_field_at_y(TAP_Y)
            self.keyboard.request_show()
            wait_for(lambda: self.frame_of(victim.window) != original, timeout=3, interval=0.002,
                     what="run %d: the animation to start" % run)
            time.sleep(self.rng.uniform(0, self.duration_ms * 0.6 / 1000))  # a random point of the animation
            seen = self.frame_of(victim.window)
            self.desktop.end(victim.process, signal.SIGKILL)
            keyboard_rect = keyboard_rect or self.keyboard.wait_shown()
            if seen is not None and seen != self.expected_offset_frame(original, TAP_Y, keyboard_rect):
                killed_mid_animation += 1
            wait_for(lambda: not self.fx.is_viewable(victim.window), what="run %d: the victim gone" % run)
            self.assertTrue(daemon.is_alive(), "run %d: the daemon died%s" % (run, self.log_tail(daemon)))
            self.assertEqual(self.keyboard.rect(), keyboard_rect, "the keyboard was moved")
            self.keyboard.hide()
        self.assertGreater(killed_mid_animation, 0, "no run killed the client during the animation")
        self.assertEqual(bystander.state(), bystander_state, "the bystander was touched")
        self.assertLessEqual(acted_on(daemon), victims, "the daemon acted on windows other than the victims")

        # Still correct on a fresh window.
        term = self.xterm("after", "80x24+100+400")
        original = self.frame_of(term.window)
        term.tap_field_at_y(TAP_Y)
        rect = self.keyboard.show()
        self.wait_frame(term.window, self.expected_offset_frame(original, TAP_Y, rect), daemon=daemon)
        self.keyboard.hide()
        self.wait_frame(term.window, original, daemon=daemon)
        print("\n  client killed mid-animation: %d/%d runs mid-animation" % (killed_mid_animation, runs))


class WindowManagerKilledAndRestarted(FaultCaseWithAdjust):
    """openbox is SIGKILLed while a window is adjusted and started again; hiding the keyboard restores."""
    keyboard_kind = Xvkbd

    def wm_process(self):
        found = [p for p in self.desktop.processes if p.args and p.args[0] == "openbox" and p.poll() is None]
        self.assertEqual(len(found), 1, "one running openbox")
        return found[0]

    def test_the_window_manager_killed_and_restarted_while_adjusted_then_keyboard_hidden_restores_exactly(self):
        daemon = self.start_daemon()
        term = self.xterm("wm-restart", "80x24+100+400")
        for run in range(fault_runs(2)):
            # Each restart re-frames the keyboard 20 px lower (openbox keeps the client where it was): put it
            # back at the bottom so the field stays covered however many runs there are.
            # Shown where the window manager (a new one after the first run) put it: its answer to the map.
            self.keyboard.request_show()
            rect = self.keyboard.wait_placed()
            if rect.bottom != 800:
                self.desktop.run("xdotool", "windowmove", str(self.keyboard.window), "0", str(800 - rect.height))
                rect = wait_for(lambda: self.keyboard.rect().bottom == 800 and self.keyboard.rect(),
                                what="the keyboard back at the bottom")
            self.keyboard.rest = rect  # where it shows from now on
            self.keyboard.hide()
            # The xterm the daemon moved for that show home again before `adjust` reads its original.
            daemon.at_rest()
            original, adjusted = self.adjust(daemon, term)
            self.desktop.end(self.wm_process(), signal.SIGKILL)
            # The X server hands the client back to the root when its frame dies with the WM's connection.
            wait_for(lambda: self.fx.selection_owner("WM_S0") == 0 and self.fx.parent(term.window) == self.fx.root,
                     timeout=5, what="run %d: the killed openbox to be gone" % run)
            self.desktop.spawn(["openbox", "--sm-disable"], log_name="wm-openbox")
            wait_for(lambda: self.fx.selection_owner("WM_S0") != 0, timeout=10, what="run %d: the new openbox" % run)
            wait_for(lambda: self.fx.parent(term.window) not in (None, self.fx.root), timeout=10,
                     what="run %d: the new openbox to frame the xterm" % run)
            self.assertTrue(daemon.is_alive(), "run %d: the daemon died%s" % (run, self.log_tail(daemon)))
            # The new openbox takes the keyboard on too and maps it again: hidden before that, it would show once
            # more after the hide (a CI run: the xterm adjusted again, its saved geometry back on it).
            wait_for(lambda: self.fx.parent(self.keyboard.window) not in (None, self.fx.root), timeout=10,
                     what="run %d: the new openbox to frame the keyboard" % run)
            self.keyboard.hide()
            self.wait_frame(term.window, original, daemon=daemon,
                            what="run %d: %s back at its original after the WM restart" % (run, term.title))
            # The saved geometry goes once the daemon has seen the window home: after the frame got there.
            daemon.at_rest()
            self.assertFalse(self.x.has_property(term.window, "_OSKSHIFT_ORIGINAL_GEOMETRY"))
        # And the daemon still works with the new window manager.
        term.tap_field_at_y(TAP_Y)
        original = self.frame_of(term.window)
        self.keyboard.request_show()
        rect = self.keyboard.wait_placed()  # re-framed by the last openbox: where is its answer to the map
        self.wait_frame(term.window, self.expected_offset_frame(original, TAP_Y, rect), daemon=daemon)
        self.keyboard.hide()
        self.wait_frame(term.window, original, daemon=daemon)


class SigtermDuringAnimation(FaultCaseWithAdjust):
    """SIGTERM at a random point of a 300 ms animation: the window is at its exact original when the process exits."""
    keyboard_kind = Xvkbd

    def test_sigterm_at_random_points_of_the_animation_restores_exactly_and_exits_0(self):
        term = self.xterm("sigterm-anim", "80x24+100+400")
        original = self.frame_of(term.window)
        mid = 0
        runs = fault_runs(6)
        for run in range(runs):
            daemon = self.start_daemon(config=ANIMATED_CONFIG % 300)
            term.tap_field_at_y(TAP_Y)
            self.keyboard.request_show()
            wait_for(lambda: self.frame_of(term.window) != original, timeout=3, interval=0.002,
                     what="run %d: the animation to start" % run)
            time.sleep(self.rng.uniform(0, 0.25))  # the fault's moment: a random point of the animation
            seen = self.frame_of(term.window)
            status = daemon.terminate(timeout=5)
            after = self.frame_of(term.window)
            rect = self.keyboard.wait_shown()
            if seen != self.expected_offset_frame(original, TAP_Y, rect):
                mid += 1
            self.assertEqual(status, 0, "run %d: exit status%s" % (run, self.log_tail(daemon)))
            self.assertEqual(after, original, "run %d: restored before exit (was at %s when signalled)%s" % (
                run, seen, self.log_tail(daemon)))
            self.assertFalse(self.x.has_property(term.window, "_OSKSHIFT_ORIGINAL_GEOMETRY"))
            self.keyboard.hide()
        self.assertGreater(mid, 0, "no SIGTERM landed during the animation")
        print("\n  SIGTERM during animation: %d/%d runs mid-animation" % (mid, runs))


class XServerKilled(FaultCase):
    """Xvfb dies under the daemon: exit 1 with one sentence, within a bounded time (no hang)."""

    def test_the_x_server_killed_makes_the_daemon_exit_1_with_a_message_without_hanging(self):
        for run in range(fault_runs(2)):
            animated = run % 2 == 1
            desktop = Desktop(log_dir=os.path.join(self.test_dir, "desktop-%d" % run)).start()
            self.addCleanup(desktop.stop)
            keyboard = Xvkbd(desktop).start()
            from clients import start_xterm
            term = start_xterm(self, desktop, "xkill-%d" % run, "80x24+100+400")
            daemon = Daemon(desktop, os.path.join(self.test_dir, "oskshift-x%d.log" % run),
                            config=(ANIMATED_CONFIG % 2000) if animated else DEFAULT_CONFIG, binary=self.binary)
            self.addCleanup(daemon.stop)
            daemon.start()
            original = desktop.x.frame_rect(term.window)
            term.tap_field_at_y(TAP_Y)
            keyboard.request_show()
            wait_for(lambda: desktop.x.frame_rect(term.window) != original, timeout=3, interval=0.005,
                     what="run %d: the daemon to act" % run)
            xvfb = desktop.processes[0]
            self.assertEqual(xvfb.args[0], "Xvfb")
            killed_at = time.monotonic()
            send_signal(xvfb, signal.SIGKILL)
            try:
                status = daemon.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.fail("run %d: oskshift still running 5 s after the X server died (hang)%s" % (
                    run, self.log_tail(daemon)))
            elapsed = time.monotonic() - killed_at
            self.assertEqual(status, 1, "run %d%s" % (run, self.log_tail(daemon)))
            self.assertIn("oskshift: lost the connection to the X server on display %s" % desktop.display,
                          daemon.log())
            print("\n  X server killed (%s): exit %d after %.0f ms" % (
                "mid-animation" if animated else "adjusted", status, elapsed * 1000))
            daemon.stop()
            desktop.stop()


if __name__ == "__main__":
    unittest.main()
