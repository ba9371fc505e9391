"""Base test case: one private desktop (and keyboard) per test class, one daemon per test, artifacts on disk.

Artifacts go to out/e2e/<Class>/<test>/: the daemon's log, its config, and a screenshot of the root window
when the test failed. The desktop's own process logs (WM, keyboard, clients) go to out/e2e/<Class>/.
"""
import os
import re
import shutil
import subprocess
import sys
import time
import unittest

import clients
import requirements
from daemon import MARGIN, POINTER_BAND, REPOSITORY, Daemon, require_binary
from desktop import WINDOW_MANAGER_TOOLS, Desktop
from waiting import wait_for, wait_until_equal

HERE = os.path.dirname(os.path.abspath(__file__))
ACTING = ("adjust", "move", "offset", "inset", "resize", "unmaximize")


def is_acting(decision):
    """A decision that changes the window (the daemon logs e.g. action=adjust; none/skip/keep do not)."""
    return decision.get("action", "").startswith(ACTING)

ARTIFACTS = os.environ.get("OSKSHIFT_E2E_OUT") or os.path.join(REPOSITORY, "out", "e2e")


def _record_time(module, cls, test, seconds):
    """One line per test and per session start and stop in out/e2e/timings.tsv (module, class, test, seconds):
    where a run's time goes (`scripts/e2e_timings.py` sums it per module)."""
    with open(os.path.join(ARTIFACTS, "timings.tsv"), "a") as f:
        f.write("%s\t%s\t%s\t%.2f\n" % (module, cls, test, seconds))


class DesktopTestCase(unittest.TestCase):
    wm = "openbox"
    keyboard_kind = None       # a keyboards.Keyboard subclass, started once per class
    keyboard_options = {}
    wm_args = ()
    screen = (1280, 800)

    @classmethod
    def setUpClass(cls):
        cls._class_started = time.monotonic()
        tools = list(requirements.BASE_TOOLS)
        tools.append(WINDOW_MANAGER_TOOLS[cls.wm])
        if cls.keyboard_kind:
            tools += list(cls.keyboard_kind.tools)
        requirements.require_tools(cls, *tools)
        cls.class_dir = os.path.join(ARTIFACTS, cls.__name__)
        os.makedirs(cls.class_dir, exist_ok=True)
        cls.desktop = Desktop(wm=cls.wm, screen=cls.screen, log_dir=cls.class_dir, wm_args=cls.wm_args).start()
        cls.x = cls.desktop.x
        try:
            cls.keyboard = cls.keyboard_kind(cls.desktop, **cls.keyboard_options).start() if cls.keyboard_kind else None
        except BaseException:
            cls.desktop.stop()
            raise
        _record_time(cls.__module__, cls.__name__, "(session start)", time.monotonic() - cls._class_started)

    @classmethod
    def tearDownClass(cls):
        stopping = time.monotonic()
        cls.desktop.stop()
        _record_time(cls.__module__, cls.__name__, "(session stop)", time.monotonic() - stopping)

    def setUp(self):
        self._test_started = time.monotonic()
        self.addCleanup(lambda: _record_time(type(self).__module__, type(self).__name__, self._testMethodName,
                                             time.monotonic() - self._test_started))
        self.binary = require_binary(self)
        self.test_dir = os.path.join(self.class_dir, self._testMethodName)
        shutil.rmtree(self.test_dir, ignore_errors=True)  # logs of this run only, also when run by hand
        os.makedirs(self.test_dir)
        self._daemon_count = 0
        if self.keyboard:
            self.addCleanup(self._hide_keyboard_quietly)

    def tearDown(self):
        # tearDown runs before the cleanups close windows, so the picture shows the failing state.
        self._screenshot_if_failed()

    # --- helpers for tests ------------------------------------------------------------------------------

    def start_daemon(self, *args, config=None, wait_ready=True):
        self._daemon_count += 1
        log = os.path.join(self.test_dir, "oskshift-%d.log" % self._daemon_count)
        daemon = Daemon(self.desktop, log, **({"config": config} if config else {}), binary=self.binary)
        self.addCleanup(daemon.stop)
        self.last_daemon = daemon  # the one a helper syncs with when the test does not name it
        return daemon.start(*args, wait_ready=wait_ready)

    def xterm(self, title, geometry="80x24+100+100"):
        client = clients.start_xterm(self, self.desktop, title, geometry)
        self.addCleanup(client.close)
        return client

    def yad_form(self, title, **options):
        client = clients.start_yad_form(self, self.desktop, title, **options)
        self.addCleanup(client.close)
        return client

    def expected_offset_frame(self, original_frame, press_y, keyboard_rect, margin=MARGIN):
        """Where `offset` must put the frame: the pointer band's bottom + margin exactly at the keyboard's top.

        The band is POINTER_BAND px centred on the press, so the field's bottom is press_y + band/2.
        """
        field_bottom = press_y + POINTER_BAND // 2
        overlap = field_bottom + margin - keyboard_rect.y
        self.assertGreater(overlap, 0, "test setup: the field at y=%d is not covered by %s" % (press_y, keyboard_rect))
        return original_frame.moved_by(0, -overlap)

    def assertFrameBecomes(self, client, expected, timeout=3.0, daemon=None):
        try:
            wait_until_equal(client.frame, expected, timeout=timeout, what="%s frame" % client.title)
        except AssertionError as error:
            raise self.failureException("%s%s" % (error, self._decision_tail(daemon))) from None

    def assertNothingMoved(self, daemon, client, expected, since, windows=None):
        """Proven, not waited for: once the daemon has handled everything and has nothing of its own going, it sent
        no request for the client's window (or `windows`) since the mark, and the server shows `expected`."""
        requests = daemon.at_rest(since)
        watched = windows if windows is not None else [client.window]
        asked = {"0x%x" % w: n for w, n in requests.items() if w in watched}
        self.assertEqual(asked, {}, "the daemon sent requests for %s since its mark%s" % (
            client.title, self._decision_tail(daemon)))
        self.assertEqual(client.frame(), expected, "%s frame%s" % (client.title, self._decision_tail(daemon)))

    def assertAtRest(self, client, expected, daemon):
        """"Came to rest": once the daemon has handled everything and has nothing of its own going (no tick due, no
        request unanswered), the server shows `expected`."""
        daemon.at_rest()
        self.assertEqual(client.frame(), expected, "%s frame once the daemon is at rest%s" % (
            client.title, self._decision_tail(daemon)))

    def assertNoAdjustment(self, daemon, window, since=0):
        acting = [d["line"] for d in daemon.decisions_for(window, since) if is_acting(d)]
        self.assertEqual(acting, [], "the daemon decided to act on 0x%x" % window)

    def watch_configures(self, window):
        """Starts counting ConfigureNotify on `window`; returns a function giving the events seen so far."""
        path = os.path.join(self.test_dir, "configures-0x%x.txt" % window)
        output = open(path, "w")
        process = self.desktop.spawn([sys.executable, os.path.join(HERE, "x_configure_watch.py"), str(window)],
                                     stdout=output, stderr=subprocess.DEVNULL)
        self.addCleanup(output.close)
        self.addCleanup(self.desktop.end, process)

        def events():
            with open(path) as f:
                lines = f.read().splitlines()
            return lines[1:] if lines and lines[0] == "watching" else None

        wait_for(lambda: events() is not None, what="the ConfigureNotify watcher to start")
        return events

    @staticmethod
    def _decision_tail(daemon):
        if daemon is None:
            return ""
        lines = [line for line in daemon.log().splitlines() if re.search(r"decision:|event:|error|warn", line)]
        return "\nlast daemon lines:\n  " + "\n  ".join(lines[-12:])

    @staticmethod
    def _window_history(daemon, window, limit=40):
        """For a failure's message: what the daemon saw and did about `window` (its decisions, frames, moves, focus
        and field reports) and the keyboard's shows and hides, the last `limit` of them. The tail of the whole log
        is mostly a sliding keyboard's steps; what moved the window (or kept it still) came before them."""
        if daemon is None:
            return ""
        name = "0x%x" % window
        lines = [line for line in daemon.log().splitlines()
                 if re.search(r"\b%s\b" % name, line) or re.search(r"keyboard-(shown|hidden)|focus-changed", line)]
        return "\nthe daemon about %s:\n  " % name + "\n  ".join(lines[-limit:])

    # --- cleanup ----------------------------------------------------------------------------------------

    def _hide_keyboard_quietly(self):
        try:
            if self.keyboard.is_shown():
                self.keyboard.hide()
        except Exception:  # noqa: BLE001 - a broken keyboard must not hide the test's own failure
            pass

    def _screenshot_if_failed(self):
        # Python 3.11 resets outcome.success to True for the tearDown part, so the result's lists say whether the
        # test itself failed.
        outcome = getattr(self, "_outcome", None)
        result = getattr(outcome, "result", None)
        reported = [test for test, _ in getattr(result, "failures", []) + getattr(result, "errors", [])]
        if outcome is not None and (not getattr(outcome, "success", True) or self in reported):
            self.desktop.screenshot(os.path.join(self.test_dir, "failure.png"))
