"""Shared pieces of the fault suite (tests/e2e/test_faults_*.py): run counts, seeds, and a fast X reader/writer.

The fault tests repeat their fault many times, so the per-step cost matters: instead of one xwininfo/xprop
process per probe, `FastX` asks the server directly through libX11 (ctypes, the same library `xlib.py` loads).
What it reads is still the server's own state: a client window's root origin (XTranslateCoordinates) and size
(XGetWindowAttributes), minus `_NET_FRAME_EXTENTS`, exactly as `xquery.XQuery.frame_rect` computes it.

Run counts: every test has a CI default sized so the whole fault suite stays under ~4 minutes.
`OSKSHIFT_FAULT_RUNS` multiplies them (`OSKSHIFT_FAULT_RUNS=10` for a long soak, `0.2` for a quick look);
`OSKSHIFT_FAULT_SEED` changes the seed of the random choices (default: fixed, so a failure replays).
"""
import ctypes
import os
import random
import signal

import xlib
from e2e_case import DesktopTestCase
from waiting import wait_for
from xquery import Extents, Rect

DEFAULT_SEED = 20240608

_lib = xlib._lib  # noqa: SLF001 - the same libX11 handle; we only declare more functions on it


class XWindowAttributes(ctypes.Structure):
    _fields_ = [("x", ctypes.c_int), ("y", ctypes.c_int), ("width", ctypes.c_int), ("height", ctypes.c_int),
                ("border_width", ctypes.c_int), ("depth", ctypes.c_int), ("visual", ctypes.c_void_p),
                ("root", ctypes.c_ulong), ("c_class", ctypes.c_int), ("bit_gravity", ctypes.c_int),
                ("win_gravity", ctypes.c_int), ("backing_store", ctypes.c_int), ("backing_planes", ctypes.c_ulong),
                ("backing_pixel", ctypes.c_ulong), ("save_under", ctypes.c_int), ("colormap", ctypes.c_ulong),
                ("map_installed", ctypes.c_int), ("map_state", ctypes.c_int), ("all_event_masks", ctypes.c_long),
                ("your_event_mask", ctypes.c_long), ("do_not_propagate_mask", ctypes.c_long),
                ("override_redirect", ctypes.c_int), ("screen", ctypes.c_void_p)]


class XClientMessageEvent(ctypes.Structure):
    _fields_ = [("type", ctypes.c_int), ("serial", ctypes.c_ulong), ("send_event", ctypes.c_int),
                ("display", ctypes.c_void_p), ("window", ctypes.c_ulong), ("message_type", ctypes.c_ulong),
                ("format", ctypes.c_int), ("data", ctypes.c_long * 5)]


class _Event(ctypes.Union):
    _fields_ = [("xclient", XClientMessageEvent), ("pad", ctypes.c_long * 24)]


_lib.XGetWindowAttributes.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.POINTER(XWindowAttributes)]
_lib.XTranslateCoordinates.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_int, ctypes.c_int,
                                       ctypes.POINTER(ctypes.c_int), ctypes.POINTER(ctypes.c_int),
                                       ctypes.POINTER(ctypes.c_ulong)]
_lib.XGetWindowProperty.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_long, ctypes.c_long,
                                    ctypes.c_int, ctypes.c_ulong, ctypes.POINTER(ctypes.c_ulong),
                                    ctypes.POINTER(ctypes.c_int), ctypes.POINTER(ctypes.c_ulong),
                                    ctypes.POINTER(ctypes.c_ulong), ctypes.POINTER(ctypes.c_void_p)]
_lib.XFree.argtypes = [ctypes.c_void_p]
_lib.XDeleteProperty.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_ulong]
_lib.XMoveResizeWindow.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_int, ctypes.c_uint,
                                   ctypes.c_uint]
_lib.XSendEvent.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_long, ctypes.POINTER(_Event)]
_lib.XGetSelectionOwner.restype = ctypes.c_ulong
_lib.XGetSelectionOwner.argtypes = [ctypes.c_void_p, ctypes.c_ulong]
_lib.XQueryTree.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.POINTER(ctypes.c_ulong),
                            ctypes.POINTER(ctypes.c_ulong), ctypes.POINTER(ctypes.c_void_p),
                            ctypes.POINTER(ctypes.c_uint)]
_lib.XGetAtomName.restype = ctypes.c_void_p
_lib.XGetAtomName.argtypes = [ctypes.c_void_p, ctypes.c_ulong]

IS_VIEWABLE = 2
SUBSTRUCTURE_NOTIFY = 1 << 19
SUBSTRUCTURE_REDIRECT = 1 << 20
CLIENT_MESSAGE = 33


class FastX(xlib.Display):
    """One libX11 connection of the test process: reads geometry and properties, and plays a client."""

    def __init__(self, display_name):
        super().__init__(display_name)

    # --- reading ----------------------------------------------------------------------------------------

    def attributes(self, window):
        attributes = XWindowAttributes()
        if not _lib.XGetWindowAttributes(self.handle, window, ctypes.byref(attributes)):
            return None
        return attributes

    def is_viewable(self, window):
        attributes = self.attributes(window)
        return attributes is not None and attributes.map_state == IS_VIEWABLE

    def client_rect(self, window):
        attributes = self.attributes(window)
        if attributes is None:
            return None
        x, y, child = ctypes.c_int(), ctypes.c_int(), ctypes.c_ulong()
        if not _lib.XTranslateCoordinates(self.handle, window, self.root, 0, 0, ctypes.byref(x), ctypes.byref(y),
                                          ctypes.byref(child)):
            return None
        return Rect(x.value, y.value, attributes.width, attributes.height)

    def get_property(self, window, name, max_longs=1 << 16):
        """(type name, format, items) of a property, or None when the window has none (or is gone)."""
        actual_type, actual_format = ctypes.c_ulong(), ctypes.c_int()
        count, after, data = ctypes.c_ulong(), ctypes.c_ulong(), ctypes.c_void_p()
        status = _lib.XGetWindowProperty(self.handle, window, self.atom(name), 0, max_longs, 0, 0,
                                         ctypes.byref(actual_type), ctypes.byref(actual_format), ctypes.byref(count),
                                         ctypes.byref(after), ctypes.byref(data))
        if status != 0 or actual_type.value == 0:
            if data.value:
                _lib.XFree(data)
            return None
        item = {8: ctypes.c_ubyte, 16: ctypes.c_short, 32: ctypes.c_long}[actual_format.value]
        items = list((item * count.value).from_address(data.value)) if count.value else []
        if data.value:
            _lib.XFree(data)
        return self.atom_name(actual_type.value), actual_format.value, items

    def atom_name(self, atom):
        pointer = _lib.XGetAtomName(self.handle, atom)
        if not pointer:
            return None
        name = ctypes.string_at(pointer).decode(errors="replace")
        _lib.XFree(pointer)
        return name

    def cardinals(self, window, name):
        found = self.get_property(window, name)
        if found is None or found[1] != 32:
            return None
        return found[2]

    def frame_extents(self, window):
        values = self.cardinals(window, "_NET_FRAME_EXTENTS")
        return Extents(*values) if values and len(values) == 4 else Extents(0, 0, 0, 0)

    def frame_rect(self, window):
        """The WM frame's rect in root coordinates (None when the window is gone), like XQuery.frame_rect."""
        client = self.client_rect(window)
        if client is None:
            return None
        e = self.frame_extents(window)
        return Rect(client.x - e.left, client.y - e.top, client.width + e.left + e.right,
                    client.height + e.top + e.bottom)

    def selection_owner(self, name):
        return _lib.XGetSelectionOwner(self.handle, self.atom(name))

    def parent(self, window):
        root, parent, children, count = ctypes.c_ulong(), ctypes.c_ulong(), ctypes.c_void_p(), ctypes.c_uint()
        if not _lib.XQueryTree(self.handle, window, ctypes.byref(root), ctypes.byref(parent), ctypes.byref(children),
                               ctypes.byref(count)):
            return None
        if children.value:
            _lib.XFree(children)
        return parent.value

    def active_window(self):
        values = self.cardinals(self.root, "_NET_ACTIVE_WINDOW")
        return values[0] if values else 0

    # --- acting as a client -----------------------------------------------------------------------------

    def delete_property(self, window, name):
        _lib.XDeleteProperty(self.handle, window, self.atom(name))

    def move_resize(self, window, x, y, width, height):
        _lib.XMoveResizeWindow(self.handle, window, x, y, width, height)

    def activate(self, window):
        """_NET_ACTIVE_WINDOW with source 2 (a pager: the WM obeys without focus-stealing prevention)."""
        event = _Event()
        event.xclient.type = CLIENT_MESSAGE
        event.xclient.send_event = 1
        event.xclient.window = window
        event.xclient.message_type = self.atom("_NET_ACTIVE_WINDOW")
        event.xclient.format = 32
        event.xclient.data[0] = 2
        event.xclient.data[1] = 0
        _lib.XSendEvent(self.handle, self.root, 0, SUBSTRUCTURE_REDIRECT | SUBSTRUCTURE_NOTIFY, ctypes.byref(event))

    def set_wm_class(self, window, instance, class_name):
        self.change_property(window, "WM_CLASS", "STRING", 8, list(instance.encode() + b"\0" + class_name.encode()
                                                                    + b"\0"))

    def set_name(self, window, name):
        self.change_property(window, "WM_NAME", "STRING", 8, list(name.encode()))


def fault_runs(ci_default):
    """The number of repeats of a fault: the CI default times OSKSHIFT_FAULT_RUNS (a factor, default 1)."""
    factor = float(os.environ.get("OSKSHIFT_FAULT_RUNS", "1") or 1)
    return max(1, int(round(ci_default * factor)))


def fault_random(test_id):
    """A seeded generator per test: OSKSHIFT_FAULT_SEED (default fixed) mixed with the test's name."""
    seed = int(os.environ.get("OSKSHIFT_FAULT_SEED", DEFAULT_SEED))
    return random.Random("%d:%s" % (seed, test_id)), seed


class FaultCase(DesktopTestCase):
    """DesktopTestCase plus a FastX connection, a seeded generator and run counts for the fault tests."""

    def setUp(self):
        super().setUp()
        self.fx = FastX(self.desktop.display)
        self.addCleanup(self.fx.close)
        self.rng, self.seed = fault_random(self.id())

    def frame_of(self, window):
        return self.fx.frame_rect(window)

    def wait_frame(self, window, expected, timeout=3.0, daemon=None, what=None):
        seen = []

        def matches():
            seen[:] = [self.fx.frame_rect(window)]
            return seen[0] == expected

        try:
            wait_for(matches, timeout=timeout, interval=0.005, what=what or "frame of 0x%x" % window)
        except AssertionError:
            self.fail("%s: expected %s, still %s after %.1f s (seed %d)%s" % (
                what or "frame of 0x%x" % window, expected, seen[0] if seen else None, timeout, self.seed,
                self.failure_log(daemon)))

    def log_tail(self, daemon, chars=3000):
        return "\ndaemon log tail:\n%s" % daemon.log()[-chars:]

    def failure_log(self, daemon):
        """For a failure's message: the decision tail, or with OSKSHIFT_E2E_FULL_LOG a longer tail (=1) or the
        whole log kept in that directory (any other value)."""
        kept = os.environ.get("OSKSHIFT_E2E_FULL_LOG")
        if not kept or daemon is None:
            return self._decision_tail(daemon)
        if kept != "1":
            os.makedirs(kept, exist_ok=True)
            with open(os.path.join(kept, "%s.log" % self.id()), "w") as f:
                f.write(daemon.log())
        return self.log_tail(daemon, 12000)


def send_signal(process, sig=signal.SIGKILL):
    try:
        process.send_signal(sig)
    except ProcessLookupError:
        pass
