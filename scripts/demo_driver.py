#!/usr/bin/python3
"""The demo behind `make demo` (see scripts/demo.sh): a covered GTK field, a docked onboard, and oskshift.

Reuses the end-to-end suite's private desktop (tests/e2e/desktop.py: Xvfb -displayfd, a private D-Bus session
and XDG dirs, openbox) and its onboard driver (tests/e2e/keyboards.py: docking set with gsettings before onboard
starts, shown through D-Bus once it owns its name). Where the field is comes from AT-SPI, independently of
oskshift. Every process started here is ended on the way out, also after a failure.
"""
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time

REPOSITORY = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
sys.path.insert(0, os.path.join(REPOSITORY, "tests", "e2e"))

from desktop import Desktop  # noqa: E402
from keyboards import Onboard  # noqa: E402
from waiting import wait_for  # noqa: E402
from xquery import Rect  # noqa: E402

OUT = os.path.join(REPOSITORY, "out", "demo")
FORM = os.path.join(REPOSITORY, "tests", "fixtures", "gtk_form.py")
ENTRIES = 8
FIELD = "entry-%d" % ENTRIES
MARGIN = 8
# The product's defaults, written out so a configuration installed on this machine cannot change the demo.
CONFIG = """\
[avoidance]
mode = "auto"
margin = %d

[animation]
duration_ms = 150
""" % MARGIN


def say(text):
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


class FieldLocator:
    """The form's bottom entry in root coordinates, as AT-SPI reports it (exact, follows WM moves at once)."""

    def __init__(self, env, pid):
        # pyatspi finds the accessibility bus through the session bus of the environment it is imported in.
        os.environ.update(env)
        import pyatspi
        self.pyatspi = pyatspi
        self.pid = pid
        self.accessible = None

    def rect(self):
        if self.accessible is None:
            self.accessible = self._find()
        extents = self.accessible.queryComponent().getExtents(self.pyatspi.DESKTOP_COORDS)
        return Rect(extents.x, extents.y, extents.width, extents.height)

    def _find(self):
        desktop = self.pyatspi.Registry.getDesktop(0)
        for index in range(desktop.childCount):
            application = desktop[index]
            if application is None or application.get_process_id() != self.pid:
                continue
            pending = [application]
            while pending:
                node = pending.pop(0)
                if node.name == FIELD:
                    return node
                pending.extend(node[i] for i in range(node.childCount))
        raise LookupError("%s not found over AT-SPI" % FIELD)


def read_line(stream, timeout, wanted):
    """Waits for a line starting with `wanted` on a child's stdout (the form announces "ready" and focus)."""
    import select
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        ready, _, _ = select.select([stream], [], [], deadline - time.monotonic())
        if not ready:
            break
        line = stream.readline()
        if not line:
            break
        if line.decode(errors="replace").startswith(wanted):
            return True
    raise TimeoutError("the form did not print %r within %.0f s" % (wanted, timeout))


def status(binary, desktop, *args):
    return subprocess.run([binary, "status", "--display", desktop.display, *args], env=desktop.env,
                          capture_output=True, text=True, timeout=15)


def side_by_side(before, after, out, labels=("without oskshift", "with oskshift")):
    """One picture for the README: without oskshift (left) and with it (right), half size, labelled."""
    def labelled(path, label):
        return ["(", path, "-resize", "50%", "-gravity", "north", "-background", "white", "-splice", "0x28",
                "-pointsize", "20", "-annotate", "+0+4", label, ")"]
    subprocess.run(["convert", *labelled(before, labels[0]), *labelled(after, labels[1]), "+append", out],
                   check=True)


def run_demo(binary, desktop):
    started = time.monotonic()
    keyboard = Onboard(desktop, docked=True).start()  # started hidden
    say("onboard: docked, window 0x%x, hidden" % keyboard.window)

    form = desktop.spawn(["/usr/bin/python3", FORM, "--entries", str(ENTRIES), "--geometry", "520x360+380+400",
                          "--title", "oskshift-demo-form", "--class", "DemoForm", "--focus", "entry-1"],
                         stdout=subprocess.PIPE, stderr=open(os.path.join(OUT, "logs", "form.log"), "wb"))
    read_line(form.stdout, 20, "ready")
    window = wait_for(lambda: desktop.x.viewable_window("--name", "^oskshift-demo-form$"), timeout=10,
                      what="the form's window")
    original_frame = desktop.x.frame_rect(window)
    field = FieldLocator(desktop.env, form.pid)
    field_before = wait_for(field.rect, timeout=10, what="the bottom field over AT-SPI")

    # The problem first, without oskshift: the field tapped, the keyboard up and covering it.
    desktop.run("xdotool", "mousemove", str(field_before.x + field_before.width // 2),
                str(field_before.y + field_before.height // 2), "click", "1")
    read_line(form.stdout, 10, "focus " + FIELD)
    keyboard.request_show()
    covering = keyboard.wait_shown()
    desktop.screenshot(os.path.join(OUT, "before.png"))
    say("before: no oskshift, the keyboard (top %d) covers the field (bottom %d)" % (covering.y, field_before.bottom))
    keyboard.hide()

    config_path = os.path.join(OUT, "oskshift.toml")
    with open(config_path, "w") as f:
        f.write(CONFIG)
    log = open(os.path.join(OUT, "oskshift.log"), "wb")
    daemon = desktop.spawn([binary, "--config", config_path, "--display", desktop.display, "--verbose"],
                           stdout=log, stderr=subprocess.STDOUT)
    # `oskshift status` answers once the daemon is ready (display watched, AT-SPI listened to).
    wait_for(lambda: status(binary, desktop).returncode == 0, timeout=15, what="oskshift to be ready")
    say("oskshift: ready (pid %d)" % daemon.pid)

    # A tap on the field before the keyboard shows, as on a tablet: focus, and the pointer source's press.
    desktop.run("xdotool", "mousemove", str(field_before.x + field_before.width // 2),
                str(field_before.y + field_before.height // 2), "click", "1")

    shown_at = time.monotonic()
    keyboard.request_show()
    keyboard_rect = keyboard.wait_shown()

    def field_clear():
        rect = field.rect()
        return rect if rect.bottom + MARGIN <= keyboard_rect.y and desktop.x.frame_rect(window) != original_frame \
            else None
    try:
        field_after = wait_for(field_clear, timeout=5, what="the field to clear the keyboard")
    except AssertionError:
        field_after = field.rect()
    reaction = time.monotonic() - shown_at
    # Let a running animation end before the picture: the frame the same over 100 ms.
    wait_for(lambda: desktop.x.frame_rect(window) == (time.sleep(0.1) or desktop.x.frame_rect(window)), timeout=3,
             what="the form to stop moving")
    desktop.screenshot(os.path.join(OUT, "after.png"))
    frame_after = desktop.x.frame_rect(window)
    side_by_side(os.path.join(OUT, "before.png"), os.path.join(OUT, "after.png"),
                 os.path.join(OUT, "before-after.png"))

    text, as_json = status(binary, desktop), status(binary, desktop, "--json")
    with open(os.path.join(OUT, "status.txt"), "w") as f:
        f.write(text.stdout)
    with open(os.path.join(OUT, "status.json"), "w") as f:
        f.write(as_json.stdout)

    keyboard.hide()
    restored = wait_for(lambda: desktop.x.frame_rect(window) == original_frame and desktop.x.frame_rect(window),
                        timeout=5, what="the form back at its original frame")
    daemon.send_signal(signal.SIGTERM)
    exit_status = daemon.wait(timeout=10)
    log.close()

    visible = field_after.bottom <= keyboard_rect.y
    lines = [
        "before: field %s (bottom %d); keyboard hidden, docks at %s (top %d): it would cover the field by %d px"
        % (field_before, field_before.bottom, keyboard_rect, keyboard_rect.y, field_before.bottom - keyboard_rect.y),
        "after:  field %s (bottom %d); keyboard %s (top %d): %d px clear (margin %d)"
        % (field_after, field_after.bottom, keyboard_rect, keyboard_rect.y, keyboard_rect.y - field_after.bottom,
           MARGIN),
        "window: frame %s -> %s -> restored to %s after the keyboard hid" % (original_frame, frame_after, restored),
        "reaction: field clear %.0f ms after the Show request (slide and animation included); oskshift exit %d"
        % (reaction * 1000, exit_status),
        "result: %s (demo took %.1f s)" % ("the field is VISIBLE above the keyboard" if visible
                                           else "the field is STILL COVERED", time.monotonic() - started),
    ]
    with open(os.path.join(OUT, "result.txt"), "w") as f:
        f.write("\n".join(lines) + "\n")
    say("\n".join(lines))
    return visible


def write_decisions():
    path = os.path.join(OUT, "oskshift.log")
    if not os.path.exists(path):
        return
    with open(path, errors="replace") as f:
        decisions = [line for line in f if re.match(r"^decision: ", line)]
    with open(os.path.join(OUT, "decisions.log"), "w") as f:
        f.writelines(decisions)


def main():
    binary = os.environ.get("OSKSHIFT_BIN") or os.path.join(REPOSITORY, ".build", "debug", "oskshift")
    shutil.rmtree(OUT, ignore_errors=True)
    os.makedirs(os.path.join(OUT, "logs"))
    desktop = Desktop(wm="openbox", log_dir=os.path.join(OUT, "logs"))
    visible = False
    try:
        desktop.start()
        say("desktop: Xvfb %s 1280x800, openbox, private D-Bus session" % desktop.display)
        visible = run_demo(binary, desktop)
    except Exception as error:  # noqa: BLE001 - the demo reports, then cleans up
        desktop.screenshot(os.path.join(OUT, "failure.png"))
        say("demo failed: %s" % error)
    finally:
        desktop.stop()
        write_decisions()
    say("artifacts: %s (before.png, after.png, before-after.png, oskshift.log, decisions.log, status.txt)" % os.path.relpath(OUT))
    return 0 if visible else 1


if __name__ == "__main__":
    sys.exit(main())
