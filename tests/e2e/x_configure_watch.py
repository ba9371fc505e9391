"""Prints one line per ConfigureNotify on a window: `<seconds> <x> <y> <width> <height> <synthetic>`.

Run as a process next to a test: the test counts the lines to prove a window was never configured, or that
a window manager and the daemon do not fight (a refused move answered again and again).
"""
import select
import sys
import time

from xlib import CONFIGURE_NOTIFY, Display


def main():
    window = int(sys.argv[1], 0)
    display = Display()
    display.select_structure_events(window)
    display.sync()
    print("watching", flush=True)
    start = time.monotonic()
    while True:
        while display.pending():
            event = display.next_event()
            if event.type == CONFIGURE_NOTIFY and event.xconfigure.window == window:
                c = event.xconfigure
                print("%.3f %d %d %d %d %d" % (time.monotonic() - start, c.x, c.y, c.width, c.height,
                                               c.send_event), flush=True)
        select.select([display.fileno()], [], [], 1.0)


if __name__ == "__main__":
    main()
