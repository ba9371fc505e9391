"""GTK 4 applications for the end-to-end tests: the GTK4 form fixture (tests/fixtures/gtk4_form.py) and
gnome-text-editor, a real GTK 4 (libadwaita) application.

GTK 4 reports its fields over AT-SPI relative to its window's content, not the screen (docs/accessibility.md,
"GTK 4"): every rect read here is put on the root at the X client's position as the server reports it, plus half
of what the client has around the reported top-level (client-side decorations: gnome-text-editor's content sits
5 px inside its client on every side, as a screenshot showed). Such rects do not change when the window moves, so a
read is placed correctly whenever the client rect is read.
"""
import glob
import json
import os

import requirements
from qt_clients import FIELD_QUERY, PYTHON_WITH_GI, AccessibleApp
from test_accessibility import GtkForm
from waiting import wait_for
from xquery import Rect

HERE = os.path.dirname(os.path.abspath(__file__))
GTK4_FIXTURE = os.path.join(HERE, "..", "fixtures", "gtk4_form.py")
GTK4_TYPELIBS = "/usr/lib/*/girepository-1.0/Gtk-4.0.typelib"  # the multiarch directory of gir1.2-gtk-4.0
ADWAITA_TYPELIBS = "/usr/lib/*/girepository-1.0/Adw-1.typelib"  # gir1.2-adw-1


def require_gtk4(test):
    requirements.require_tools(test, PYTHON_WITH_GI)
    if not os.path.exists("/usr/lib/python3/dist-packages/pyatspi"):
        requirements.require_tools(test, "pyatspi (python3-pyatspi)")
    if not glob.glob(GTK4_TYPELIBS):
        requirements.require_tools(test, "Gtk-4.0.typelib (gir1.2-gtk-4.0)")


def on_root(data, client):
    """atspi_field.py's answer ({"widget", "caret", "toplevel", "coordinates"}) as Rects in root coordinates."""
    if not data:
        return None
    rects = {key: Rect(*value) if value else None for key, value in data.items() if key != "coordinates"}
    if data.get("coordinates") != "window":
        return rects
    toplevel = rects.get("toplevel")
    dx = client.x + ((client.width - toplevel.width) // 2 if toplevel else 0)
    dy = client.y + ((client.height - toplevel.height) // 2 if toplevel else 0)
    return {key: rect.moved_by(dx, dy) if rect else None for key, rect in rects.items()}


def read_field(desktop, pid, window, name):
    out = desktop.run(PYTHON_WITH_GI, FIELD_QUERY, str(pid), name, check=False, timeout=20)
    lines = out.strip().splitlines()
    data = json.loads(lines[-1]) if lines else None
    return on_root(data, desktop.x.client_rect(window)) if data else None


def require_adwaita(test):
    if not glob.glob(ADWAITA_TYPELIBS):
        requirements.require_tools(test, "Adw-1.typelib (gir1.2-adw-1)")


class Gtk4Form(GtkForm):
    """One run of the GTK 4 fixture; same options, log lines and helpers as the GTK3 one."""
    fixture = GTK4_FIXTURE

    def __init__(self, test, title, *options, env=None):
        # An Adw.ApplicationWindow draws its own title bar, and openbox then leaves it undecorated.
        self.framed_by_wm = "--adwaita" not in options
        super().__init__(test, title, *options, env=env)

    def accessible(self, name):
        """{"widget", "caret", "toplevel"}: Rects in root coordinates (caret None where GTK 4 gives no box)."""
        return read_field(self.desktop, self.pid, self.window, name)


class GnomeTextEditor(AccessibleApp):
    """gnome-text-editor --standalone (a new instance, no session restored): its document is the focused source
    view. Undecorated by openbox (it draws its own title bar), so its frame is its client."""
    DOCUMENT = "--focused"

    def __init__(self, test):
        requirements.require_tools(test, "gnome-text-editor")
        process = test.desktop.spawn(["gnome-text-editor", "--standalone"], log_name="gnome-text-editor")
        test.addCleanup(test.desktop.end, process)
        window = wait_for(lambda: test.desktop.x.viewable_window("--class", "^gnome-text-editor$"), timeout=30,
                          what="the gnome-text-editor window")
        super().__init__(test, process, window, "gnome-text-editor")

    def field(self, name=DOCUMENT, grab_focus=False):
        return read_field(self.desktop, self.process.pid, self.window, name)

    def place(self, width, height, x, y):
        """As a user or a kiosk script would, before the keyboard shows."""
        self.desktop.run("xdotool", "windowsize", str(self.window), str(width), str(height))
        self.desktop.run("xdotool", "windowmove", str(self.window), str(x), str(y))
        wanted = Rect(x, y, width, height)
        wait_for(lambda: self.desktop.x.client_rect(self.window) == wanted, what="gnome-text-editor at %s" % (wanted,))
