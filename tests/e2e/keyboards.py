"""The real on-screen keyboards, started on a Desktop and shown or hidden the way their users do it.

Each keyboard knows its top-level window and reads its frame rect from the server. A show is over when the keyboard
stands at its end frame, known before it shows: where `start` saw it placed (the window manager's answer to its
first map; a docked onboard: the top of its own strut), since a keyboard shows again where it was. No wait on the
clock: a docked onboard's ~0.3 s slide ends at a known frame.
"""
import time

import requirements
from waiting import wait_for, wait_until_equal

ONBOARD_FLOATING = {"x": 290, "y": 595, "width": 700, "height": 205}  # centred at the bottom of 1280x800


class Keyboard:
    tools = ()
    name = "keyboard"

    def __init__(self, desktop):
        self.desktop = desktop
        self.x = desktop.x
        self.window = None
        self.process = None
        self.rest = None  # the frame the keyboard shows at, recorded by `start`

    def rect(self):
        """The keyboard's frame in root coordinates, as the daemon must see it."""
        return self.x.frame_rect(self.window)

    def is_shown(self):
        return self.x.is_viewable(self.window)

    def wait_shown(self, timeout=5.0):
        """Waits until the keyboard shows at its end frame, known before it shows: where it rested when `start`
        first showed it (a keyboard shows where it was; a docked onboard's slide ends there too). Returns it."""
        end = self.rest
        if end is None:
            raise AssertionError("%s has no known end frame: start() records it (else use wait_placed)" % self.name)
        wait_until_equal(lambda: self.rect() if self.is_shown() else None, end, timeout=timeout,
                         what="%s shown at its end frame" % self.name)
        return end

    def wait_placed(self, timeout=10.0):
        """The frame the window manager put the keyboard in when it mapped it, read once the WM has answered the map:
        the window viewable, WM_STATE Normal and, from a WM that publishes them, its _NET_FRAME_EXTENTS (set when it
        framed the window). Each read is a round trip through the server, so it comes after the WM's answer."""
        wants_extents = "_NET_FRAME_EXTENTS" in (self.x.property_text("root", "_NET_SUPPORTED") or "")

        def placed():
            answered = (self.is_shown() and self.x.wm_state(self.window) == "Normal"
                        and (not wants_extents or self.x.has_property(self.window, "_NET_FRAME_EXTENTS")))
            return answered and self.rect()
        return wait_for(placed, timeout=timeout, what="the window manager to have placed %s" % self.name)

    def wait_own_window(self, *criteria, timeout=10.0):
        """The keyboard's viewable window. A client that maps itself in the instant between openbox announcing
        itself and handling map requests stays unmapped for good (seen rarely in CI): after a second without a
        viewable window, its existing unmapped windows are mapped again, as a user would re-launch it."""
        started = time.monotonic()

        def probe():
            window = self.x.viewable_window(*criteria)
            if window is None and time.monotonic() - started > 1.0:
                for candidate in self.x.search(*criteria):
                    self.desktop.run("xdotool", "windowmap", str(candidate), check=False)
            return window
        return wait_for(probe, timeout=timeout, interval=0.1, what="the %s window" % self.name)

    def wait_hidden(self, timeout=5.0):
        wait_for(lambda: not self.is_shown(), timeout=timeout, what="%s to hide" % self.name)

    def show(self):
        self.request_show()
        return self.wait_shown()

    def hide(self):
        self.request_hide()
        self.wait_hidden()

    def request_show(self):
        self.desktop.run("xdotool", "windowmap", str(self.window))

    def request_hide(self):
        self.desktop.run("xdotool", "windowunmap", str(self.window))

    def stop(self):
        if self.process:
            self.desktop.end(self.process)
            self.process = None


class Xvkbd(Keyboard):
    """xvkbd across the bottom; shown and hidden by mapping its window, as kiosk scripts do."""
    tools = ("xvkbd",)
    name = "xvkbd"

    def start(self):
        self.process = self.desktop.spawn(["xvkbd", "-compact", "-geometry", "1280x240+0-0"], log_name="xvkbd")
        self.window = self.wait_own_window("--class", "^XVkbd$")
        self.rest = self.wait_placed()
        self.hide()
        return self


class MatchboxKeyboard(Keyboard):
    """matchbox-keyboard. Under openbox it opens at the top, so `start` moves it to the screen's bottom."""
    tools = ("matchbox-keyboard",)
    name = "matchbox-keyboard"

    def __init__(self, desktop, at_bottom=True):
        super().__init__(desktop)
        self.at_bottom = at_bottom

    def start(self):
        self.process = self.desktop.spawn(["matchbox-keyboard"], log_name="matchbox-keyboard")
        self.window = self.wait_own_window("--name", "^Keyboard$")
        rect = self.rest = self.wait_placed()
        if self.at_bottom and self.desktop.wm == "openbox":
            _, screen_height = self.x.root_size()
            self.desktop.run("xdotool", "windowmove", str(self.window), "0", str(screen_height - rect.height))
            self.rest = wait_for(lambda: self.rect().bottom == screen_height and self.rect(),
                                 what="matchbox-keyboard at the bottom")
        self.hide()
        return self


class Onboard(Keyboard):
    """onboard, floating (700x205 at the bottom centre) or docked (slides in, sets a bottom strut).

    Shown and hidden through its D-Bus interface, as its own auto-show would; docking is a setting read at
    start-up only, so it is written before onboard starts.
    """
    tools = ("onboard", "gdbus", "gsettings")
    BUS_NAME = "org.onboard.Onboard"

    def __init__(self, desktop, docked=False):
        super().__init__(desktop)
        self.docked = docked
        self.name = "onboard (%s)" % ("docked" if docked else "floating")

    def start(self):
        settings = [("org.onboard.window", "docking-enabled", "true" if self.docked else "false"),
                    ("org.onboard.auto-show", "enabled", "false"),
                    ("org.onboard", "show-status-icon", "false")]
        settings += [("org.onboard.window.landscape", key, str(value)) for key, value in ONBOARD_FLOATING.items()]
        for schema, key, value in settings:
            self.desktop.gsettings_set(schema, key, value)
        self.process = self.desktop.spawn(["onboard"], log_name="onboard")
        # Calling the interface before onboard owns its name would D-Bus-activate a second onboard.
        wait_for(self._name_is_owned, timeout=20, what="onboard to own %s" % self.BUS_NAME)
        # onboard also owns small unmapped helper windows of the same class; the keyboard is the viewable one.
        self.window = wait_for(lambda: self.x.viewable_window("--class", "^Onboard$"),
                               timeout=10, what="the onboard window")
        self.rest = self.wait_docked() if self.docked else self.wait_placed()
        self.hide()
        return self

    def _name_is_owned(self):
        out = self.desktop.run("gdbus", "call", "--session", "--dest", "org.freedesktop.DBus",
                               "--object-path", "/org/freedesktop/DBus",
                               "--method", "org.freedesktop.DBus.NameHasOwner", self.BUS_NAME)
        return "true" in out

    def _call(self, method):
        self.desktop.run("gdbus", "call", "--session", "--dest", self.BUS_NAME,
                         "--object-path", "/org/onboard/Onboard/Keyboard",
                         "--method", "org.onboard.Onboard.Keyboard." + method)

    def request_show(self):
        self._call("Show")

    def request_hide(self):
        self._call("Hide")

    def wait_docked(self, timeout=10.0):
        """A docked onboard's end frame: its top on the top of its own bottom strut (_NET_WM_STRUT_PARTIAL, measured
        from the root's bottom: 205 px on the screen's edge, more above a panel). The strut is set a step before the
        slide's last, so the frame reaching it, not the strut appearing, is the end."""
        def docked():
            strut = self.x.cardinals(self.window, "_NET_WM_STRUT_PARTIAL")
            rect = self.rect() if self.is_shown() else None
            return rect if rect and strut and rect.y == self.x.root_size()[1] - strut[3] else None
        return wait_for(docked, timeout=timeout, what="%s at the top of its strut" % self.name)

    def docked_rect(self):
        """Where a docked onboard ends its slide: the full width at the screen's bottom."""
        width, height = self.x.root_size()
        return type(self.rect())(0, height - 205, width, 205)


def start_keyboard(test_case, desktop, kind, **options):
    """Starts a keyboard for a test, failing or skipping (see requirements) when it is not installed."""
    requirements.require_tools(test_case, *kind.tools)
    return kind(desktop, **options).start()


def slide_frames(keyboard, duration=1.0, also=None):
    """Samples the keyboard's rect while it moves (with `also()` beside it when given); keeps changes only.

    Used to prove a docked onboard really slides, and to watch a window follow it.
    """
    frames, deadline = [], time.monotonic() + duration
    while time.monotonic() < deadline:
        rect = keyboard.rect() if keyboard.is_shown() else None
        sample = (rect, also()) if also else rect
        if not frames or frames[-1] != sample:
            frames.append(sample)
        time.sleep(0.005)  # onboard's clock: the samples of its slide are the result, not a wait for one
    return frames
