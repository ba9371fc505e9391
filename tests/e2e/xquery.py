"""Reads window state straight from the X server with xwininfo, xprop and xdotool.

Everything a test asserts about geometry comes from here, so the numbers are the server's, not what a
client or the daemon believes.
"""
import re
import subprocess
from collections import namedtuple


class Rect(namedtuple("Rect", "x y width height")):
    """A rectangle in root coordinates, in pixels."""

    @property
    def bottom(self):
        return self.y + self.height

    @property
    def right(self):
        return self.x + self.width

    def moved_by(self, dx, dy):
        return Rect(self.x + dx, self.y + dy, self.width, self.height)

    def intersects_horizontally(self, other):
        return self.x < other.right and other.x < self.right

    def __str__(self):
        return "%dx%d%+d%+d" % (self.width, self.height, self.x, self.y)


Extents = namedtuple("Extents", "left right top bottom")
NO_EXTENTS = Extents(0, 0, 0, 0)


class XQuery:
    """Runs the X command-line readers against one display."""

    def __init__(self, env):
        self.env = env

    def run(self, *args, timeout=10, check=True):
        result = subprocess.run(args, env=self.env, capture_output=True, text=True, timeout=timeout)
        if check and result.returncode != 0:
            raise RuntimeError("%s failed (%d): %s" % (" ".join(args), result.returncode, result.stderr.strip()))
        return result.stdout

    # --- windows ------------------------------------------------------------------------------------------

    def window_info(self, window):
        """xwininfo's fields for `window` as a dict (absolute position, size, map state)."""
        out = self.run("xwininfo", "-id", str(window))
        fields = {}
        for label, key in (("Absolute upper-left X", "x"), ("Absolute upper-left Y", "y"),
                           ("Width", "width"), ("Height", "height")):
            match = re.search(r"^\s*%s:\s+(-?\d+)" % re.escape(label), out, re.M)
            fields[key] = int(match.group(1))
        match = re.search(r"^\s*Border width:\s+(\d+)", out, re.M)
        fields["border"] = int(match.group(1)) if match else 0
        match = re.search(r"^\s*Map State:\s+(\w+)", out, re.M)
        fields["map_state"] = match.group(1) if match else "?"
        match = re.search(r"^\s*Override Redirect State:\s+(\w+)", out, re.M)
        fields["override_redirect"] = bool(match and match.group(1) == "yes")
        return fields

    def client_rect(self, window):
        """The client window's rect in root coordinates (inside the WM frame)."""
        info = self.window_info(window)
        return Rect(info["x"], info["y"], info["width"], info["height"])

    def is_viewable(self, window):
        try:
            return self.window_info(window)["map_state"] == "IsViewable"
        except RuntimeError:
            return False  # destroyed

    def frame_window(self, window):
        """The window manager's frame around a client: its ancestor that is a child of the root (the client
        itself when the WM does not reparent it)."""
        current = window
        while True:
            out = self.run("xwininfo", "-id", str(current), "-tree")
            parent = re.search(r"Parent window id: (0x[0-9a-f]+)(.*)", out)
            if parent is None or "(the root window)" in parent.group(2):
                return current
            current = int(parent.group(1), 16)

    def x_frame_rect(self, window, frame=None):
        """The X geometry of the frame around `window` (inside its X border), as the server has it; `frame` when
        the caller knows it already. Not always what _NET_FRAME_EXTENTS implies: marco's frame holds 10 px of
        invisible resize border on every side, i3 publishes no extents at all."""
        return self.client_rect(frame or self.frame_window(window))

    def x_frame_outer_width(self, window, frame=None):
        """The width of the frame around `window` with its X border (fluxbox draws its normal windows' border as
        the frame's X border, and has none on a maximized one)."""
        info = self.window_info(frame or self.frame_window(window))
        return info["width"] + 2 * info["border"]

    def frame_extents(self, window):
        values = self.cardinals(window, "_NET_FRAME_EXTENTS")
        return Extents(*values) if values and len(values) == 4 else NO_EXTENTS

    def frame_rect(self, window):
        """The rect of the WM frame around `window`: what the user sees and what the WM positions."""
        client = self.client_rect(window)
        e = self.frame_extents(window)
        return Rect(client.x - e.left, client.y - e.top, client.width + e.left + e.right,
                    client.height + e.top + e.bottom)

    def window_state(self, window):
        """Snapshot used to prove a window was not touched: client rect, frame extents, _NET_WM_STATE."""
        return (self.client_rect(window), self.frame_extents(window), tuple(self.net_wm_state(window)))

    # --- properties -------------------------------------------------------------------------------------

    def property_text(self, window, name):
        """xprop's line for one property, or None when the window does not have it."""
        args = ("xprop", "-root", name) if window == "root" else ("xprop", "-id", str(window), name)
        out = self.run(*args, check=False)
        if "not found" in out or "no such atom" in out or not out.strip():
            return None
        return out.strip()

    def cardinals(self, window, name):
        """Numbers of a CARDINAL/WINDOW property; xprop prints `NAME(TYPE) = 1, 2` or `NAME(WINDOW): window id # 0x..`."""
        text = self.property_text(window, name)
        match = text and re.match(r"^[^(]*\([^)]*\)\s*[=:](.*)$", text, re.S)
        if not match:
            return None
        return [int(v, 0) for v in re.findall(r"-?(?:0x[0-9a-fA-F]+|\d+)", match.group(1))]

    def wm_state(self, window):
        """WM_STATE's state as the window manager set it ("Normal", "Iconic", "Withdrawn"), or None before it has."""
        match = re.search(r"window state: (\w+)", self.property_text(window, "WM_STATE") or "")
        return match and match.group(1)

    def net_wm_state(self, window):
        text = self.property_text(window, "_NET_WM_STATE")
        if text is None or "=" not in text:
            return []
        return [atom.strip() for atom in text.split("=", 1)[1].split(",") if atom.strip()]

    def is_maximized(self, window):
        state = self.net_wm_state(window)
        return "_NET_WM_STATE_MAXIMIZED_VERT" in state and "_NET_WM_STATE_MAXIMIZED_HORZ" in state

    def has_property(self, window, name):
        return self.property_text(window, name) is not None

    def active_window(self):
        values = self.cardinals("root", "_NET_ACTIVE_WINDOW")
        return values[0] if values else 0

    def root_size(self):
        out = self.run("xwininfo", "-root")
        width = int(re.search(r"^\s*Width:\s+(\d+)", out, re.M).group(1))
        height = int(re.search(r"^\s*Height:\s+(\d+)", out, re.M).group(1))
        return width, height

    def workarea(self):
        values = self.cardinals("root", "_NET_WORKAREA")
        return Rect(*values[:4]) if values and len(values) >= 4 else None

    # --- finding windows --------------------------------------------------------------------------------

    def search(self, *criteria):
        """xdotool search; returns window ids (possibly empty)."""
        out = self.run("xdotool", "search", *criteria, check=False)
        return [int(line) for line in out.split() if line.strip().isdigit()]

    def viewable_window(self, *criteria):
        """The one viewable window matching the xdotool search criteria, or None."""
        found = [w for w in self.search(*criteria) if self.is_viewable(w)]
        if len(found) > 1:
            raise LookupError("%d viewable windows match %s: %s" % (len(found), " ".join(criteria), found))
        return found[0] if found else None

    def pid_windows(self, pid):
        return self.search("--pid", str(pid))
