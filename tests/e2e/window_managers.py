"""What the window-manager checks (test_window_managers.py) read and measure beside the desktop: each WM's name
and package, a window's geometry as the server has it (the X frame and the client, never _NET_FRAME_EXTENTS
alone), where a request of the test's own lands, and the words for the "Window managers" table (docs/compatibility.md).
"""
import re
from collections import namedtuple

import xlib
from waiting import wait_for

# Desktop.wm -> (the name users know it by, the Debian package whose version ran).
WINDOW_MANAGERS = {
    "openbox": ("openbox", "openbox"),
    "matchbox": ("matchbox-window-manager", "matchbox-window-manager"),
    "xfwm4": ("xfwm4 (Xfce)", "xfwm4"),
    "marco": ("marco (MATE)", "marco"),
    "metacity": ("metacity (GNOME Flashback)", "metacity"),
    "kwin_x11": ("KWin (Plasma on X11)", "kwin-x11"),
    "icewm": ("IceWM", "icewm"),
    "fluxbox": ("fluxbox", "fluxbox"),
    "i3": ("i3", "i3-wm"),
    "jwm": ("JWM", "jwm"),
    "fvwm": ("FVWM", "fvwm"),
    "pekwm": ("PekWM", "pekwm"),
    "blackbox": ("Blackbox", "blackbox"),
    "twm": ("twm", "twm"),
}

MOVE_RESIZE = re.compile(r"^action: move-resize (\S+) frame=(\S+)")
KEYBOARD_EVENT = re.compile(r"^event: keyboard-(?:shown|moved) (\S+)")


def place(rect):
    return "%d,%d %dx%d" % (rect.x, rect.y, rect.width, rect.height)


class Geometry(namedtuple("Geometry", "frame client")):
    """A top-level as the server has it: the WM's X frame (the root's child) and the client inside it."""

    def __str__(self):
        return "frame %s, client %s" % (place(self.frame), place(self.client))

    def moved_by(self, dx, dy):
        return Geometry(self.frame.moved_by(dx, dy), self.client.moved_by(dx, dy))


class Tracked:
    """A managed client window and the frame the WM put it in (found once: a WM frames a window for life)."""

    def __init__(self, x, window):
        self.x = x
        self.window = window
        self.frame_window = x.frame_window(window)

    def geometry(self):
        return Geometry(self.x.x_frame_rect(self.window, self.frame_window), self.x.client_rect(self.window))

    def visible(self):
        """What is drawn: the client grown by _NET_FRAME_EXTENTS when the WM publishes them (marco's X frame is
        larger than that by its invisible borders), else the X frame (i3 publishes none)."""
        if self.x.cardinals(self.window, "_NET_FRAME_EXTENTS"):
            return self.x.frame_rect(self.window)
        return self.x.x_frame_rect(self.window, self.frame_window)

    def placed(self, timeout=10.0):
        """The geometry the window manager gave a window it has just mapped, read once it has answered the map (see
        `wm_answered`): a WM places and frames a window before it maps it."""
        wait_for(lambda: wm_answered(self.x, self.window), timeout=timeout,
                 what="the window manager to have mapped 0x%x" % self.window)
        return self.geometry()

    def maximized(self, listed=True, timeout=5.0):
        """The geometry once the window manager has answered a maximize: _NET_WM_STATE lists both maximized atoms
        (unless `listed` is False: a WM that never writes the state), the drawn frame covers the work area (the screen where the WM publishes none; IceWM puts the borders just
        outside it) and the client is inside it."""
        width, height = self.x.root_size()
        area = self.x.workarea() or type(self.x.client_rect(self.window))(0, 0, width, height)
        seen = []

        def answered():
            seen[:] = [self.visible(), self.x.client_rect(self.window)]
            drawn, client = seen
            return (not listed or self.x.is_maximized(self.window)) and covers(drawn, area) and covers(area, client)
        try:
            wait_for(answered, timeout=timeout)
        except AssertionError as error:
            raise AssertionError("0x%x not maximized over the work area %s: drawn %s, client %s, _NET_WM_STATE %s" % (
                self.window, area, *(seen or [None, None]), self.x.net_wm_state(self.window))) from error
        return self.geometry()


def covers(outer, inner):
    return (outer.x <= inner.x and outer.y <= inner.y and outer.right >= inner.right
            and outer.bottom >= inner.bottom)


def wm_answered(x, window):
    """The window manager has handled the window's map: it is viewable, WM_STATE is Normal and, from a WM that
    publishes them, its _NET_FRAME_EXTENTS are set (written when it framed the window)."""
    wants_extents = "_NET_FRAME_EXTENTS" in (x.property_text("root", "_NET_SUPPORTED") or "")
    return (x.is_viewable(window) and x.wm_state(window) == "Normal"
            and (not wants_extents or x.has_property(window, "_NET_FRAME_EXTENTS")))


def window_manager_round_trip(desktop, timeout=10.0):
    """Returns once the window manager has handled every request sent to it before the call, even one it ignores
    (a _NET_MOVERESIZE_WINDOW it refuses has no answer to wait for): a probe window mapped now reaches the WM after
    them (the server delivers its events in order, and a WM handles them in turn), and every WM answers a map.
    The probe is destroyed again; it may take the focus on its way (callers activate their window after)."""
    display = xlib.Display(desktop.display)
    try:
        probe = display.create_window(0, 0, 10, 10)
        display.map(probe)
        display.sync()
        wait_for(lambda: desktop.x.is_viewable(probe) and desktop.x.wm_state(probe) == "Normal", timeout=timeout,
                 what="%s to manage a probe window (a round trip)" % desktop.wm)
        display.destroy(probe)
        display.sync()
    finally:
        display.close()


def requests_for(daemon, window, since=0):
    """The frames the daemon asked the WM for, for `window`, in its log after `since` (one line per request)."""
    return [frame for group in requests_per_keyboard_rect(daemon, window, since).values() for frame in group]


def requests_per_keyboard_rect(daemon, window, since=0):
    """The same, grouped by the keyboard rect they answered (a docked onboard slides through a dozen rects, and
    each may deserve a request; many for one rect is a fight with the WM): {rect: [frame, ...]}, in order."""
    groups, keyboard = {}, "-"
    for line in daemon.log()[since:].splitlines():
        shown, asked = KEYBOARD_EVENT.match(line), MOVE_RESIZE.match(line)
        if shown:
            keyboard = shown.group(1)
        elif asked and int(asked.group(1), 0) == window:
            groups.setdefault(keyboard, []).append(asked.group(2))
    return groups


def ask_to_move(desktop, tracked, x, y):
    """Sends the WM a _NET_MOVERESIZE_WINDOW for x,y (wmctrl -e; gravity 0: the window's own, NorthWest for GTK)
    as any pager or tool would, and returns the geometry the window has once the WM has handled it."""
    desktop.run("wmctrl", "-i", "-r", "0x%x" % tracked.window, "-e", "0,%d,%d,-1,-1" % (x, y))
    window_manager_round_trip(desktop)
    return tracked.geometry()


def reading(before, asked, landed, extents):
    """In words: which point of the window the WM put at the x,y it was asked for (and what became of the size,
    which the request left out)."""
    x, y = asked
    visible = (landed.client.x - extents[0], landed.client.y - extents[2]) if extents else None
    if landed == before:
        return "ignores a _NET_MOVERESIZE_WINDOW"
    if (landed.frame.x, landed.frame.y) == asked:
        words = "x,y is the frame's top-left"
    elif (landed.client.x, landed.client.y) == asked:
        words = "x,y is the client's top-left (frame at %d,%d)" % (landed.frame.x, landed.frame.y)
    elif visible == asked:
        words = "x,y is the visible frame's top-left; the X frame is %d px larger on the left, %d above" % (
            x - landed.frame.x, y - landed.frame.y)
    else:
        words = "x,y %d,%d lands with %s" % (x, y, landed)
    size, was = landed.client[2:], before.client[2:]
    if size != was:
        words += "; a request without a size changed the client from %dx%d to %dx%d" % (was + size)
    return words


def top_limit(before, asked_y, landed):
    """In words: what the WM did with a request to put the window's top at `asked_y` (above the screen)."""
    if landed == before:
        return "ignores a request for a top at y=%d" % asked_y
    if landed.frame.y == asked_y or landed.client.y == asked_y:
        return "a top at y=%d is allowed" % asked_y
    return "a top at y=%d is kept at frame y=%d, client y=%d" % (asked_y, landed.frame.y, landed.client.y)
