"""Fault suite, hostile clients: every property oskshift reads set with random types, formats and lengths
(seeded), and forged `_OSKSHIFT_ORIGINAL_GEOMETRY` values met by a restarting daemon.

By design a PLAUSIBLE forged saved geometry (a well-formed CARDINAL[7] whose rect is on a monitor and of a sane
size) is applied at start-up: the daemon cannot tell it from one it wrote itself before a SIGKILL, and any client
can move its own window anyway. Everything else (off every monitor, huge, negative or zero size, wrong type,
format or length, flags other than 0/1) must leave the window exactly where it is.
"""
import unittest

from faults import FaultCase, fault_runs
from keyboards import Xvkbd
from waiting import wait_for

TAP_Y = 700
CLIENT_PROPERTIES = ["WM_CLASS", "WM_NAME", "_NET_WM_NAME", "_NET_WM_STATE", "_NET_WM_WINDOW_TYPE", "_NET_WM_STRUT",
                     "_NET_WM_STRUT_PARTIAL", "WM_NORMAL_HINTS", "_NET_FRAME_EXTENTS", "_NET_WM_PID", "WM_HINTS",
                     "WM_TRANSIENT_FOR", "_OSKSHIFT_ORIGINAL_GEOMETRY"]
ROOT_PROPERTIES = ["_NET_ACTIVE_WINDOW", "_NET_WORKAREA", "_NET_CURRENT_DESKTOP"]
TYPES = ["CARDINAL", "ATOM", "STRING", "UTF8_STRING", "WINDOW", "INTEGER", "WM_SIZE_HINTS", "WM_HINTS", "WM_STATE",
         "_OSKSHIFT_FAULT_TYPE"]


def random_value(rng, format_bits, length):
    if format_bits == 8:
        alphabet = [rng.randrange(256) for _ in range(8)] + list(b"XVkbdOnboardKeyboard\0")
        return [rng.choice(alphabet) for _ in range(length)]
    if format_bits == 16:
        return [rng.randrange(-32768, 32768) for _ in range(length)]
    interesting = [0, 1, -1, 2, 0x7FFFFFFF, -0x80000000, 0xFFFFFFFF, 32767, 32768, -32768, 800, 1280, 560]
    return [rng.choice(interesting) if rng.random() < 0.5 else rng.randrange(-2**31, 2**32) for _ in range(length)]


def random_length(rng):
    return rng.choice([0, 1, 1, 3, 4, 7, 12, rng.randrange(1, 64) | 1, rng.randrange(2, 200),
                       rng.randrange(10000, 70000)])


class HostileProperties(FaultCase):
    keyboard_kind = Xvkbd

    def test_random_types_formats_and_lengths_on_every_property_read_leave_the_daemon_alive_and_correct(self):
        daemon = self.start_daemon()
        victim = self.xterm("hostile-victim", "80x24+100+400")
        own = [self.fx.create_window(50 + 60 * k, 100 + 40 * k, 200, 120, override_redirect=k % 2 == 1)
               for k in range(4)]
        for window in own:
            self.fx.map(window)
            self.addCleanup(self.fx.destroy, window)
        self.fx.sync()
        saved_root = {name: self.fx.get_property(self.fx.root, name) for name in ROOT_PROPERTIES}
        sets = fault_runs(3000)
        sizes = {"0": 0, "1": 0, "odd": 0, "even": 0, "huge": 0}
        try:
            for index in range(sets):
                target = self.rng.choice([victim.window] * 3 + own + [self.fx.root])
                names = ROOT_PROPERTIES if target == self.fx.root else CLIENT_PROPERTIES
                name = self.rng.choice(names)
                format_bits = self.rng.choice([8, 16, 32])
                length = random_length(self.rng)
                sizes["0" if length == 0 else "1" if length == 1 else "huge" if length >= 10000
                      else "odd" if length % 2 else "even"] += 1
                self.fx.change_property(target, name, self.rng.choice(TYPES), format_bits,
                                        random_value(self.rng, format_bits, length))
                if index % 50 == 0:
                    self.fx.sync()
                    if index % 100 == 0:
                        (self.fx.map if index % 200 == 0 else self.fx.unmap)(self.keyboard.window)
                    if index % 300 == 0:
                        self.fx.activate(self.rng.choice([victim.window, own[0], own[2]]))
            self.fx.sync()
        finally:
            for name, value in saved_root.items():  # the WM's own values back, so the desktop stays usable
                if value is None:
                    self.fx.delete_property(self.fx.root, name)
                else:
                    self.fx.change_property(self.fx.root, name, value[0], value[1], value[2])
            self.fx.unmap(self.keyboard.window)
            self.fx.sync()
        self.assertTrue(daemon.is_alive(), "the daemon died%s" % self.log_tail(daemon))
        # The server answers for the daemon too: it is not stuck (a request round-trips through its queue).
        wait_for(lambda: not self.fx.is_viewable(self.keyboard.window), what="the keyboard hidden")
        victim.close()

        term = self.xterm("after-hostile", "80x24+100+400")
        original = self.frame_of(term.window)
        term.tap_field_at_y(TAP_Y)
        rect = self.keyboard.show()
        self.wait_frame(term.window, self.expected_offset_frame(original, TAP_Y, rect), daemon=daemon,
                        what="a clean window adjusted after the storm")
        self.keyboard.hide()
        self.wait_frame(term.window, original, daemon=daemon, what="a clean window restored after the storm")
        self.assertTrue(daemon.is_alive())
        print("\n  %d random property sets (lengths %s)" % (sets, ", ".join("%s %d" % i for i in sizes.items())))


def word(value):
    """A signed value as the 32-bit word a format-32 property stores."""
    return value & 0xFFFFFFFF


class ForgedSavedGeometry(FaultCase):
    keyboard_kind = Xvkbd

    def forge_and_restart(self, term, case, prop_type, format_bits, values):
        before = self.frame_of(term.window)
        self.fx.change_property(term.window, "_OSKSHIFT_ORIGINAL_GEOMETRY", prop_type, format_bits, values)
        self.fx.sync()
        daemon = self.start_daemon()
        return before, daemon

    def test_implausible_forged_saved_geometries_never_move_the_window_at_restart(self):
        term = self.xterm("forged", "80x24+100+300")
        frame = self.frame_of(term.window)
        w, h = frame.width, frame.height
        cases = [
            ("off every monitor (right, below)", "CARDINAL", 32, [5000, 5000, w, h, 0, 0, 0], True),
            ("off every monitor (left, above)", "CARDINAL", 32, [word(-3000), word(-3000), w, h, 0, 0, 0], True),
            ("just past the right edge", "CARDINAL", 32, [1280, 100, w, h, 0, 0, 0], True),
            ("huge beyond the X limit", "CARDINAL", 32, [0, 0, 100000, 100000, 0, 0, 0], True),
            ("huge within the 16-bit limit (23x the screen)", "CARDINAL", 32, [0, 0, 30000, 30000, 0, 0, 0], True),
            ("huge, x/y beyond 16 bits", "CARDINAL", 32, [word(-70000), 90000, w, h, 0, 0, 0], True),
            ("x = INT32_MIN", "CARDINAL", 32, [0x80000000, 0, w, h, 0, 0, 0], True),
            ("negative size", "CARDINAL", 32, [100, 100, word(-400), word(-300), 0, 0, 0], True),
            ("zero size", "CARDINAL", 32, [100, 100, 0, 0, 0, 0, 0], True),
            ("flags out of range", "CARDINAL", 32, [100, 100, w, h, 2, 0, 7], False),
            ("short (6 words)", "CARDINAL", 32, [100, 100, w, h, 0, 0], False),
            ("long (8 words)", "CARDINAL", 32, [100, 100, w, h, 0, 0, 0, 0], False),
            ("empty", "CARDINAL", 32, [], False),
            ("format 16", "CARDINAL", 16, [100, 100, w, h, 0, 0, 0], False),
            ("format 8", "CARDINAL", 8, [100, 100, 50, 50, 0, 0, 0], False),
            ("type INTEGER", "INTEGER", 32, [100, 100, w, h, 0, 0, 0], False),
            ("type STRING", "STRING", 8, list(b"100 100 486 341 0 0 0"), False),
        ]
        for name, prop_type, format_bits, values, parseable in cases:
            with self.subTest(name):
                before, daemon = self.forge_and_restart(term, name, prop_type, format_bits, values)
                try:
                    if parseable:  # well-formed CARDINAL[7]: read, then rejected by the engine (and said so)
                        wait_for(lambda: "window=0x%x source=- field=- " % term.window in daemon.log()
                                 and "implausible saved geometry" in daemon.log(), timeout=3,
                                 what="%s: the implausible value noticed" % name)
                    daemon.at_rest()
                    if self.frame_of(term.window) != before:
                        self.fail("%s: the window moved from %s to %s%s" % (
                            name, before, self.frame_of(term.window), self.log_tail(daemon)))
                    acting = [line for line in daemon.log().splitlines() if line.startswith("action: move-resize")]
                    self.assertEqual(acting, [], "%s: the daemon moved a window" % name)
                    self.assertEqual(daemon.terminate(), 0)
                    self.assertEqual(self.frame_of(term.window), before)
                finally:  # the next case starts from a clean window and no daemon, whatever happened here
                    daemon.stop()
                    self.fx.delete_property(term.window, "_OSKSHIFT_ORIGINAL_GEOMETRY")
                    self.fx.move_resize(term.window, frame.x, frame.y,
                                        *self.x.client_rect(term.window)[2:]) if self.frame_of(term.window) != frame else None
                    self.fx.sync()

    def test_a_plausible_forged_saved_geometry_is_applied_by_design(self):
        term = self.xterm("forged-plausible", "80x24+100+300")
        frame = self.frame_of(term.window)
        before, daemon = self.forge_and_restart(term, "plausible", "CARDINAL", 32,
                                                [60, 50, frame.width, frame.height, 0, 0, 0])
        self.wait_frame(term.window, frame._replace(x=60, y=50), daemon=daemon,
                        what="the plausible forged value applied")
        wait_for(lambda: self.fx.get_property(term.window, "_OSKSHIFT_ORIGINAL_GEOMETRY") is None,
                 what="the forged property consumed")
        self.assertEqual(daemon.terminate(), 0)


if __name__ == "__main__":
    unittest.main()
