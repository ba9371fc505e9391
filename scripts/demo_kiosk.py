#!/usr/bin/python3
"""`make demo-kiosk`: a Chromium kiosk (`chromium --kiosk`, no accessibility flag) showing a long web form,
xvkbd across the bottom, and oskshift with its built-in defaults, on a private virtual desktop.

Without oskshift the shown keyboard stays out of sight under the fullscreen browser (openbox stacks the active
fullscreen window above it) and its place covers the tapped input (before.png); with oskshift the window leaves
fullscreen and is panned so the input ends `margin` px above the keyboard, which is then visible (after.png), and
it is fullscreen again once the keyboard hides.
Output in out/demo-kiosk/: before.png, after.png, before-after.png, oskshift.log, result.txt. Exit 0 only when the
input was clear. Reuses the end-to-end suite's desktop, keyboard and browser helpers (tests/e2e).
"""
import os
import shutil
import subprocess
import sys
import time

REPOSITORY = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
sys.path.insert(0, os.path.join(REPOSITORY, "tests", "e2e"))
sys.path.insert(0, os.path.join(REPOSITORY, "scripts"))
sys.path.insert(0, os.path.join(REPOSITORY, "scripts", "bench"))  # measure_atspi_latency

import browsers  # noqa: E402
from daemon import MARGIN, Daemon  # noqa: E402
from demo_driver import say, side_by_side  # noqa: E402
from desktop import Desktop  # noqa: E402
from keyboards import Xvkbd  # noqa: E402
from measure_atspi_latency import Harness  # noqa: E402
from qt_clients import set_accessibility_switch  # noqa: E402
from waiting import wait_for  # noqa: E402

OUT = os.path.join(REPOSITORY, "out", "demo-kiosk")
FIELD = "field-11"


def run(binary, desktop, harness):
    set_accessibility_switch(desktop, False)  # as on a fresh desktop: oskshift turns it on
    keyboard = Xvkbd(desktop).start()
    daemon = Daemon(desktop, os.path.join(OUT, "logs", "oskshift-first.log"), config="# the built-in defaults\n",
                    binary=binary)
    harness.addCleanup(daemon.stop)
    daemon.start()  # first, so that Chromium starts with accessibility on
    say("oskshift: ready; starting chromium --kiosk (no accessibility flag)")
    browser = browsers.start_chromium(harness)
    field = browser.wait_field(FIELD, timeout=30)["widget"]
    desktop.run("xdotool", "mousemove", str(field.x + 100), str(field.y + field.height // 2), "click", "1")
    wait_for(lambda: FIELD in (desktop.x.property_text(browser.window, "_NET_WM_NAME") or ""), timeout=10,
             what="%s focused" % FIELD)

    # Without oskshift first: stopped. Measured here: openbox stacks the active fullscreen window above xvkbd (and
    # above a window kept "above"), so the shown keyboard is not even visible; its place covers the input.
    daemon.terminate()
    covering = keyboard.show()
    time.sleep(0.3)
    desktop.screenshot(os.path.join(OUT, "before.png"))
    say("before: no oskshift, the keyboard (top %d) covers %s (bottom %d)" % (covering.y, FIELD, field.bottom))
    keyboard.hide()

    daemon = Daemon(desktop, os.path.join(OUT, "oskshift.log"), config="# the built-in defaults\n", binary=binary)
    harness.addCleanup(daemon.stop)
    daemon.start()
    shown_at = time.monotonic()
    keyboard_rect = keyboard.show()

    def clear():
        now = browser.field(FIELD)
        return now if now and now["widget"].bottom + MARGIN <= keyboard_rect.y and now["widget"].y >= 0 else None
    after = wait_for(clear, timeout=10, interval=0.1, what="%s clear of the keyboard" % FIELD)["widget"]
    reaction = time.monotonic() - shown_at
    time.sleep(0.3)  # the 150 ms animation
    desktop.screenshot(os.path.join(OUT, "after.png"))
    side_by_side(os.path.join(OUT, "before.png"), os.path.join(OUT, "after.png"),
                 os.path.join(OUT, "before-after.png"),
                 labels=("without oskshift: the keyboard is shown, behind the fullscreen page", "with oskshift"))
    keyboard.hide()
    wait_for(lambda: browser.is_fullscreen() and desktop.x.client_rect(browser.window).height == 800, timeout=10,
             what="the kiosk window fullscreen again")
    lines = ["before: %s at %s, keyboard shown with its top at %d but stacked under the fullscreen browser"
             % (FIELD, field, covering.y),
             "after:  %s at %s, %d px above the keyboard (margin %d), seen %.0f ms after the show request"
             % (FIELD, after, keyboard_rect.y - after.bottom, MARGIN, reaction * 1000),
             "restore: fullscreen again at 1280x800+0+0"]
    with open(os.path.join(OUT, "result.txt"), "w") as f:
        f.write("\n".join(lines) + "\n")
    for line in lines:
        say(line)


def main():
    binary = os.environ.get("OSKSHIFT_BIN") or os.path.join(REPOSITORY, ".build", "debug", "oskshift")
    shutil.rmtree(OUT, ignore_errors=True)
    os.makedirs(os.path.join(OUT, "logs"))
    desktop = Desktop(wm="openbox", log_dir=os.path.join(OUT, "logs"))
    ok = False
    try:
        desktop.start()
        harness = Harness(desktop, os.path.join(OUT, "logs"))
        try:
            run(binary, desktop, harness)
            ok = True
        finally:
            harness.close()
    except Exception as error:  # noqa: BLE001 - the demo reports, then cleans up
        desktop.screenshot(os.path.join(OUT, "failure.png"))
        say("demo-kiosk failed: %s" % error)
    finally:
        desktop.stop()
    say("artifacts: %s" % os.path.relpath(OUT))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
