"""Fault suite: bursts of SIGHUP while the keyboard toggles, with a configuration file that alternates between
valid and invalid. The daemon stays alive, keeps the old configuration for each bad file (and says so), and
is still exactly right afterwards with the last good one."""
import os
import re
import signal
import threading
import time
import unittest

from daemon import DEFAULT_CONFIG
from faults import FastX, FaultCase, fault_runs
from keyboards import Xvkbd
from waiting import wait_for

RELOADED = re.compile(r"^oskshift: configuration reloaded from ", re.M)
KEPT = re.compile(r"^oskshift: the new configuration has errors; keeping the previous one$", re.M)
ERROR_LINE = re.compile(r"^(\S+\.toml):(\d+):(\d+): ", re.M)
TAP_Y = 700

BAD_CONFIGS = [
    DEFAULT_CONFIG.replace("margin = 8", 'margin = "8"'),
    DEFAULT_CONFIG + "\n[avoidance.extra]\n",
    DEFAULT_CONFIG.replace("[animation]", "[animation"),
    DEFAULT_CONFIG + "unknown_key = 1\n",
    DEFAULT_CONFIG.replace("margin = 8", "margin = 5000"),
]


def last_answer(log):
    """'reloaded' or 'kept': what the daemon said about the most recent SIGHUP it handled."""
    answers = [(m.start(), "reloaded") for m in RELOADED.finditer(log)] + [(m.start(), "kept") for m in KEPT.finditer(log)]
    return max(answers)[1] if answers else None


def config_with_margin(margin):
    return DEFAULT_CONFIG.replace("margin = 8", "margin = %d" % margin)


class KeyboardToggler(threading.Thread):
    """Maps and unmaps the keyboard window as fast as the server takes it, on its own connection."""

    def __init__(self, display, window):
        super().__init__(daemon=True)
        self.display, self.window = display, window
        self.stopping = threading.Event()
        self.toggles = 0

    def run(self):
        fx = FastX(self.display)
        try:
            while not self.stopping.is_set():
                (fx.map if self.toggles % 2 == 0 else fx.unmap)(self.window)
                fx.sync()
                self.toggles += 1
                self.stopping.wait(0.01)
            fx.unmap(self.window)
            fx.sync()
        finally:
            fx.close()


class SighupBursts(FaultCase):
    keyboard_kind = Xvkbd

    def write_config(self, path, text):
        """Atomically: the daemon never reads half a file (the fault is the content, not a torn write)."""
        with open(path + ".tmp", "w") as f:
            f.write(text)
        os.replace(path + ".tmp", path)

    def assert_exact_with_margin(self, daemon, term, margin):
        original = self.frame_of(term.window)
        term.tap_field_at_y(TAP_Y)
        rect = self.keyboard.show()
        self.wait_frame(term.window, self.expected_offset_frame(original, TAP_Y, rect, margin=margin), daemon=daemon,
                        what="%s adjusted with margin %d" % (term.title, margin))
        self.keyboard.hide()
        self.wait_frame(term.window, original, daemon=daemon, what="%s restored" % term.title)

    def start_toggling(self):
        toggler = KeyboardToggler(self.desktop.display, self.keyboard.window)
        toggler.start()

        def stop():
            toggler.stopping.set()
            toggler.join(timeout=10)
            # The toggler's last unmap can reach the server before openbox has handled the MapRequest before it
            # (an unmap of a not-yet-mapped window does nothing, then openbox maps it): unmap until it stays so.
            # It must also STAY hidden: a map openbox still has queued can show it again after a first check.
            window = self.keyboard.window
            hidden_since = []

            def stays_hidden():
                if self.fx.is_viewable(window):
                    self.fx.unmap(window)
                    self.fx.sync()
                    hidden_since.clear()
                    return False
                if not hidden_since:
                    hidden_since.append(time.monotonic())
                return time.monotonic() - hidden_since[0] >= 0.5
            wait_for(stays_hidden, timeout=5, interval=0.02, what="the keyboard hidden for good")
        return toggler, stop

    def test_sighups_one_after_another_alternating_valid_and_invalid_files_while_the_keyboard_toggles(self):
        daemon = self.start_daemon()
        term = self.xterm("hup", "80x24+100+400")
        original = self.frame_of(term.window)
        term.tap_field_at_y(TAP_Y)
        count = fault_runs(50)
        toggler, stop_toggling = self.start_toggling()
        bad, last_margin = 0, 8
        try:
            for index in range(count):
                if index % 2 == 1:
                    text = BAD_CONFIGS[(index // 2) % len(BAD_CONFIGS)]
                    bad += 1
                else:
                    last_margin = self.rng.choice([8, 16, 24, 40])
                    text = config_with_margin(last_margin)
                self.write_config(daemon.config_path, text)
                answered = len(RELOADED.findall(daemon.log())) + len(KEPT.findall(daemon.log()))
                os.kill(daemon.process.pid, signal.SIGHUP)
                wait_for(lambda: len(RELOADED.findall(daemon.log())) + len(KEPT.findall(daemon.log())) > answered
                         or not daemon.is_alive(), timeout=3, interval=0.005,
                         what="SIGHUP %d to be answered" % index)
                self.assertTrue(daemon.is_alive(), "SIGHUP %d killed it%s" % (index, self.log_tail(daemon)))
        finally:
            stop_toggling()
        log = daemon.log()
        self.assertEqual(len(KEPT.findall(log)), bad, "one kept-old-config line per bad file")
        self.assertEqual(len(RELOADED.findall(log)), count - bad)
        for match in ERROR_LINE.finditer(log):
            self.assertEqual(match.group(1), daemon.config_path)
            self.assertGreaterEqual(int(match.group(2)), 1)
            self.assertGreaterEqual(int(match.group(3)), 1)
        self.assertGreaterEqual(len(ERROR_LINE.findall(log)), bad, "every bad file reported as FILE:LINE:COL")
        self.wait_frame(term.window, original, daemon=daemon, what="restored after the toggling")
        # The last file was good when `count` is odd, else the last good one before the bad one stays.
        self.assert_exact_with_margin(daemon, term, last_margin)
        print("\n  %d SIGHUPs (%d bad files) during %d keyboard toggles" % (count, bad, toggler.toggles))

    def test_a_burst_of_sighups_in_a_row_while_the_keyboard_toggles(self):
        daemon = self.start_daemon()
        term = self.xterm("hup-burst", "80x24+100+400")
        original = self.frame_of(term.window)
        term.tap_field_at_y(TAP_Y)
        toggler, stop_toggling = self.start_toggling()
        count = fault_runs(50)
        try:
            for index in range(count):
                # The file changes under the burst: whichever version a reload reads, it is whole.
                self.write_config(daemon.config_path, config_with_margin(16) if index % 2 == 0
                                  else BAD_CONFIGS[index % len(BAD_CONFIGS)])
                os.kill(daemon.process.pid, signal.SIGHUP)
            self.write_config(daemon.config_path, config_with_margin(24))
            os.kill(daemon.process.pid, signal.SIGHUP)
            # Pending SIGHUPs coalesce in the signalfd; the last one is always answered after the last write.
            wait_for(lambda: last_answer(daemon.log()) == "reloaded" or not daemon.is_alive(), timeout=5,
                     interval=0.01, what="the last reload")
        finally:
            stop_toggling()
        self.assertTrue(daemon.is_alive(), self.log_tail(daemon))
        self.wait_frame(term.window, original, daemon=daemon, what="restored after the toggling")
        self.assert_exact_with_margin(daemon, term, 24)
        answered = len(RELOADED.findall(daemon.log())) + len(KEPT.findall(daemon.log()))
        print("\n  burst of %d SIGHUPs: %d answered (the rest coalesced), %d keyboard toggles" % (
            count + 1, answered, toggler.toggles))


class TapHandledLate(FaultCase):
    """A tap on a field near the bottom, then a keyboard mapped over that very point before the daemon handles the
    tap (busy: here stopped). The tap's window is asked of the pointer when the tap is handled, and the pointer is
    over the keyboard by then: the tap must still count for the window that was there when it was made."""
    keyboard_kind = Xvkbd

    def test_a_tap_handled_after_a_keyboard_mapped_over_its_point_still_moves_the_tapped_window(self):
        daemon = self.start_daemon()
        term = self.xterm("late-tap", "80x24+100+400")
        original = self.frame_of(term.window)
        tap_x = original.x + original.width // 2
        os.kill(daemon.process.pid, signal.SIGSTOP)
        try:
            term.tap_field_at_y(TAP_Y)
            rect = self.keyboard.show()
        finally:
            os.kill(daemon.process.pid, signal.SIGCONT)
        self.assertTrue(rect.x <= tap_x < rect.x + rect.width and rect.y <= TAP_Y < rect.y + rect.height,
                        "the keyboard %s must cover the tap (%d, %d)" % (rect, tap_x, TAP_Y))
        self.wait_frame(term.window, self.expected_offset_frame(original, TAP_Y, rect), daemon=daemon,
                        what="%s adjusted for the tap" % term.title)
        self.keyboard.hide()
        self.wait_frame(term.window, original, daemon=daemon, what="%s restored" % term.title)


if __name__ == "__main__":
    unittest.main()
