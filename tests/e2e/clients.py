"""Applications that hold the text field: xterm (one big text area) and yad/zenity forms (GTK3 entries)."""
import requirements
from waiting import wait_for

# openbox decorations measured on this machine: _NET_FRAME_EXTENTS 1, 1, 20, 5.


class Client:
    def __init__(self, desktop, process, window, title):
        self.desktop = desktop
        self.x = desktop.x
        self.process = process
        self.window = window
        self.title = title

    def frame(self):
        return self.x.frame_rect(self.window)

    def client_rect(self):
        return self.x.client_rect(self.window)

    def state(self):
        return self.x.window_state(self.window)

    def focus(self):
        """Activates the window the way a tap on it would, and waits until the WM says it is active."""
        self.desktop.run("xdotool", "windowactivate", str(self.window), check=False, timeout=5)
        wait_for(lambda: self.x.active_window() == self.window, what="%s to be active" % self.title)

    def click_at(self, x, y):
        """A button press at root (x, y): focuses the window and tells the `pointer` source where the field is."""
        self.desktop.run("xdotool", "mousemove", str(x), str(y), "click", "1")

    def tap_field_at_y(self, y):
        """Presses at root y in the middle of the window's width, as a finger on the field would.

        The press itself focuses the window (click-to-focus): activating it first would let the daemon
        adjust for the whole window (source `window`) before it knows the field.
        """
        frame = self.frame()
        self.click_at(frame.x + frame.width // 2, y)
        wait_for(lambda: self.x.active_window() == self.window, what="%s to be active after the tap" % self.title)

    def move_to(self, x, y):
        self.desktop.run("xdotool", "windowmove", str(self.window), str(x), str(y))

    def wait_frame(self, expected, timeout=3.0):
        from waiting import wait_until_equal
        wait_until_equal(self.frame, expected, timeout=timeout, what="%s frame" % self.title)

    def close(self):
        self.desktop.end(self.process)


def _wait_for_window(desktop, title, timeout=10.0):
    return wait_for(lambda: desktop.x.viewable_window("--name", "^%s$" % title), timeout=timeout,
                    what="window %r" % title)


def start_xterm(test_case, desktop, title, geometry="80x24+100+100", extra=()):
    """An xterm with a unique title; geometry in xterm's own terms (characters, frame position)."""
    requirements.require_tools(test_case, "xterm")
    process = desktop.spawn(["xterm", "-title", title, "-geometry", geometry, *extra], log_name="xterm-" + title)
    client = Client(desktop, process, _wait_for_window(desktop, title), title)
    wait_for(lambda: client.x.frame_extents(client.window) != (0, 0, 0, 0) or desktop.wm != "openbox",
             what="openbox to frame %s" % title)
    return client


def start_yad_form(test_case, desktop, title, fields=4, geometry="500x300+100+100", dialog=False):
    """A yad --form with `fields` entries (GTK3). `dialog` keeps yad's dialog type hint for matchbox tests."""
    requirements.require_tools(test_case, "yad")
    args = ["yad", "--form", "--title", title, "--geometry", geometry, "--no-buttons"]
    for index in range(fields):
        args += ["--field", "Field %d" % (index + 1)]
    process = desktop.spawn(args, log_name="yad-" + title)
    return Client(desktop, process, _wait_for_window(desktop, title), title)


def start_zenity_entry(test_case, desktop, title):
    requirements.require_tools(test_case, "zenity")
    process = desktop.spawn(["zenity", "--entry", "--title", title, "--text", "Name"], log_name="zenity-" + title)
    return Client(desktop, process, _wait_for_window(desktop, title), title)
