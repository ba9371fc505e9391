"""Prints one line per CreateNotify, ConfigureNotify, MapNotify and UnmapNotify of every top-level window (the window
manager's frames, children of the root), from before a window exists:

    <monotonic seconds> create <window> <x> <y> <width> <height>
    <monotonic seconds> configure <window> <x> <y> <width> <height>
    <monotonic seconds> map <window>
    <monotonic seconds> unmap <window>

The times are CLOCK_MONOTONIC (Python's time.monotonic(), the same clock in every process), so a test can set them
against the moment it started the daemon. Unlike x_configure_watch.py, which selects StructureNotify on one
window that must exist already, this selects SubstructureNotify on the root: a frame's very first configure is
seen, and so is every move of a window that is mapped after the watch began.
"""
import select
import sys
import time

import xlib

SUBSTRUCTURE_NOTIFY_MASK = 1 << 19
CREATE_NOTIFY, UNMAP_NOTIFY, MAP_NOTIFY = 16, 18, 19


def main():
    display = xlib.Display()
    xlib._lib.XSelectInput(display.handle, display.root, SUBSTRUCTURE_NOTIFY_MASK)
    display.sync()
    print("watching", flush=True)
    while True:
        while display.pending():
            event = display.next_event()
            # XMapEvent and XUnmapEvent begin like XConfigureEvent: type, serial, send_event, display, event, window;
            # XCreateWindowEvent too (its parent where the others have event), then x, y, width, height.
            common = event.xconfigure
            if common.event != display.root:
                continue
            now = time.monotonic()
            if event.type in (xlib.CONFIGURE_NOTIFY, CREATE_NOTIFY):
                kind = "configure" if event.type == xlib.CONFIGURE_NOTIFY else "create"
                print("%.4f %s 0x%x %d %d %d %d" % (now, kind, common.window, common.x, common.y, common.width,
                                                     common.height), flush=True)
            elif event.type == MAP_NOTIFY:
                print("%.4f map 0x%x" % (now, common.window), flush=True)
            elif event.type == UNMAP_NOTIFY:
                print("%.4f unmap 0x%x" % (now, common.window), flush=True)
        select.select([display.fileno()], [], [], 1.0)


if __name__ == "__main__":
    main()
