#!/usr/bin/python3
"""`make demo-apps`: the before/after picture of `make demo` for a GTK 4 form and a LibreOffice Writer document, each on its own
private virtual desktop with xvkbd across the bottom and oskshift with its built-in defaults.

For each application: its field near the bottom is focused with the keyboard hidden; the keyboard is shown
without oskshift (before.png: the field is covered), hidden again; oskshift starts, the keyboard is shown
(after.png: the field `margin` px above it), hidden (the window back at its exact original frame).
Output in out/demo-apps/<application>/: before.png, after.png, before-after.png, oskshift.log, result.txt.
Exit 0 only when every application's field was covered before and clear after, and every window came home.

    demo_apps.py [gtk4] [writer]     (default: both)
"""
import os
import shutil
import sys
import time

REPOSITORY = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
sys.path.insert(0, os.path.join(REPOSITORY, "tests", "e2e"))
sys.path.insert(0, os.path.join(REPOSITORY, "scripts"))
sys.path.insert(0, os.path.join(REPOSITORY, "scripts", "bench"))  # measure_atspi_latency

from daemon import MARGIN, Daemon  # noqa: E402
from demo_driver import say, side_by_side  # noqa: E402
from desktop import Desktop  # noqa: E402
from keyboards import Xvkbd  # noqa: E402
from measure_atspi_latency import Harness  # noqa: E402
from qt_clients import set_accessibility_switch  # noqa: E402
from waiting import wait_for  # noqa: E402

OUT = os.path.join(REPOSITORY, "out", "demo-apps")
DEFAULTS = "# the built-in defaults\n"


class Gtk4Demo:
    """The GTK 4 form fixture, its bottom entry focused."""
    name = "gtk4"
    title = "GTK 4 form"

    def start(self, harness, keyboard_top):
        from gtk4_clients import Gtk4Form
        self.form = Gtk4Form(harness, "gtk4-demo", "--entries", "6", "--geometry", "420x320+430+460",
                             "--focus", "entry-6")
        return self.form

    def field(self):
        return (self.form.accessible("entry-6") or {}).get("widget")


class WriterDemo:
    """A LibreOffice Writer document typed down to the bottom of its window: the caret is the field."""
    name = "writer"
    title = "LibreOffice Writer"

    def start(self, harness, keyboard_top):
        from office_clients import LibreOffice
        self.writer = LibreOffice(harness, "--writer", "Writer")
        self.writer.place(900, 560, 190, 200)
        self.writer.type_until_focused("paragraph", "a")
        # Line after line (Return, then a letter: Writer applies a Return after a Return only at the next key)
        # until the caret's line is well inside where the keyboard will be.
        for _ in range(40):
            caret = wait_for(self.writer.caret, timeout=5, what="Writer's caret")
            if caret.y > keyboard_top + 60:
                break
            self.writer.key("Return", "a")
            wait_for(lambda: (self.writer.caret() or caret).y > caret.y, timeout=5, what="the caret on a new line")
        return self.writer

    def field(self):
        return self.writer.caret()


def demo(binary, application, out):
    os.makedirs(os.path.join(out, "logs"))
    desktop = Desktop(wm="openbox", log_dir=os.path.join(out, "logs")).start()
    harness = Harness(desktop, os.path.join(out, "logs"))
    harness.test_dir = out  # where the LibreOffice client saves a screenshot when it finds no focused paragraph
    try:
        set_accessibility_switch(desktop, True)
        keyboard = Xvkbd(desktop).start()
        app = application.start(harness, keyboard.rect().y)  # xvkbd keeps its place while hidden
        original = app.frame()
        field = wait_for(application.field, timeout=20, what="the %s field over AT-SPI" % application.title)

        covering = keyboard.show()
        time.sleep(0.3)
        desktop.screenshot(os.path.join(out, "before.png"))
        covered = field.bottom + MARGIN > covering.y
        say("%s before: no oskshift, the keyboard (top %d) over the field %s: %s" % (
            application.title, covering.y, field, "covered" if covered else "NOT covered"))
        keyboard.hide()

        daemon = Daemon(desktop, os.path.join(out, "oskshift.log"), config=DEFAULTS, binary=binary)
        harness.addCleanup(daemon.stop)
        daemon.start("--verbose")
        shown = time.monotonic()
        keyboard_rect = keyboard.show()

        def clear():
            now = application.field()
            return now if now and now.bottom + MARGIN <= keyboard_rect.y and now.y >= 0 else None
        after = wait_for(clear, timeout=10, interval=0.1, what="the %s field clear" % application.title)
        seen = time.monotonic() - shown
        time.sleep(0.3)  # the 150 ms animation
        desktop.screenshot(os.path.join(out, "after.png"))
        side_by_side(os.path.join(out, "before.png"), os.path.join(out, "after.png"),
                     os.path.join(out, "before-after.png"))
        keyboard.hide()
        wait_for(lambda: app.frame() == original, timeout=5, what="the %s window home" % application.title)
        lines = ["before: the field at %s, the keyboard's top at %d (%s)" % (
                     field, covering.y, "covered" if covered else "not covered"),
                 "after:  the field at %s, %d px above the keyboard (margin %d), seen %.0f ms after the show" % (
                     after, keyboard_rect.y - after.bottom, MARGIN, seen * 1000),
                 "restore: the window at %s again" % (original,)]
        with open(os.path.join(out, "result.txt"), "w") as f:
            f.write("\n".join(lines) + "\n")
        for line in lines:
            say("%s %s" % (application.title, line))
        return covered
    finally:
        harness.close()
        desktop.stop()


def main(argv):
    binary = os.environ.get("OSKSHIFT_BIN") or os.path.join(REPOSITORY, ".build", "debug", "oskshift")
    chosen = argv or ["gtk4", "writer"]
    applications = [app for app in (Gtk4Demo(), WriterDemo()) if app.name in chosen]
    shutil.rmtree(OUT, ignore_errors=True)
    ok = True
    for application in applications:
        out = os.path.join(OUT, application.name)
        try:
            ok = demo(binary, application, out) and ok
        except Exception as error:  # noqa: BLE001 - the demo reports, then goes on with the next application
            say("demo-apps: %s failed: %s" % (application.title, error))
            ok = False
    say("artifacts: %s" % os.path.relpath(OUT))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
