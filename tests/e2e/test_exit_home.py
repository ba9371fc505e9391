"""Exit leaves every window home: SIGTERM at random moments of a show, a restore, an animation and a focus change,
100 times; after each exit both windows' frames AND clients are exactly where they were, with no saved geometry
left on them. The daemon sends every restore at once, then waits (at most 1 s) until the server reports each window
home, asking again once where the window manager put one elsewhere."""
import signal
import time

from daemon import DEFAULT_CONFIG
from faults import FaultCase, fault_runs
from keyboards import Xvkbd
from waiting import wait_for

ANIMATED_CONFIG = DEFAULT_CONFIG.replace("duration_ms = 0", "duration_ms = 150")
TAP_Y = 700
MOMENTS = ("show", "restore", "focus change", "animation")


class SigtermAtRandomMoments(FaultCase):
    keyboard_kind = Xvkbd
    runs = 100
    first_geometry = "80x24+100+400"
    tap_y = TAP_Y

    def home_state(self, terms):
        return {term.title: (term.frame(), term.client_rect()) for term in terms}

    def provoke(self, moment, daemon, first, second, original):
        """Starts the moment the SIGTERM is to land in, and returns once it is under way."""
        # The tap handled before the keyboard shows: the daemon asks the server where the pointer is when it reads
        # a raw press, and a keyboard mapped under the pointer by then takes the press for itself.
        first.tap_field_at_y(self.tap_y)
        daemon.sync()
        if moment in ("show", "animation"):
            self.keyboard.request_show()
            if moment == "animation":
                wait_for(lambda: first.frame() != original[first.title][0], timeout=3, interval=0.002,
                         what="the animation to start")
            return
        self.keyboard.show()
        wait_for(lambda: first.frame() != original[first.title][0], timeout=3, interval=0.005,
                 what="%s adjusted" % first.title)
        if moment == "restore":
            self.keyboard.request_hide()
        else:
            # Activated as a window list would: the first goes home; the second, not tapped or typed in, stays.
            second.focus()

    def test_sigterm_at_random_moments_leaves_every_window_frame_and_client_exactly_home(self):
        first = self.xterm("exit-first", self.first_geometry)
        second = self.xterm("exit-second", "80x24+640+420")
        terms = (first, second)
        original = self.home_state(terms)
        counts = {moment: 0 for moment in MOMENTS}
        exits_ms = []
        for run in range(fault_runs(self.runs)):
            config = ANIMATED_CONFIG if run % 2 else DEFAULT_CONFIG
            daemon = self.start_daemon(config=config)
            moment = self.rng.choice(MOMENTS if run % 2 else MOMENTS[:3])
            counts[moment] += 1
            self.provoke(moment, daemon, first, second, original)
            time.sleep(self.rng.uniform(0, 0.2))  # the fault's moment: a random point after the provocation
            started = time.monotonic()
            status = daemon.terminate(timeout=5)
            exits_ms.append((time.monotonic() - started) * 1000)
            after = self.home_state(terms)
            self.assertEqual(status, 0, "run %d (%s): exit status%s" % (run, moment, self.log_tail(daemon)))
            self.assertEqual(after, original, "run %d (%s, SIGTERM): windows not home%s" % (
                run, moment, self.log_tail(daemon)))
            for term in terms:
                self.assertFalse(self.x.has_property(term.window, "_OSKSHIFT_ORIGINAL_GEOMETRY"),
                                 "run %d: saved geometry left on %s" % (run, term.title))
            self.assertNotIn("not brought home", daemon.log(), "run %d%s" % (run, self.log_tail(daemon)))
            self.keyboard.hide()
        exits_ms.sort()
        print("\n  %s: %d SIGTERMs %s; exit took p50 %.0f ms, max %.0f ms" % (
            self.wm, len(exits_ms), ", ".join("%s %d" % item for item in counts.items()),
            exits_ms[len(exits_ms) // 2], exits_ms[-1]))


class SigtermAtRandomMomentsUnderMetacity(SigtermAtRandomMoments):
    """The same under a window manager that clamps: the first window is tall and near the top, so its placement is
    kept at the work area's top by metacity (a clamp the daemon learns and plans within)."""
    wm = "metacity"
    runs = 30
    first_geometry = "80x44+100+40"
    tap_y = 600
