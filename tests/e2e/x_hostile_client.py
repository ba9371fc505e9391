"""A client that sets malformed properties everywhere while it creates and destroys many windows.

usage: x_hostile_client.py churn COUNT      create COUNT windows with broken properties, map, destroy
       x_hostile_client.py poison WINDOW    set broken properties on an existing window

Every property the daemon reads is given the wrong type, the wrong format or the wrong length (too short,
too long, empty, absurd values), the way buggy clients do (matchbox-keyboard's strut is garbage already).
"""
import sys

from xlib import Display

LONG_MAX = (1 << 63) - 1

# (property, type, format, values): each entry is wrong in at least one of type, format or length.
MALFORMED = [
    ("WM_CLASS", "INTEGER", 32, [1, 2, 3]),
    ("WM_CLASS", "STRING", 8, list(b"XVkbd")),              # no NUL, no second string
    ("WM_CLASS", "STRING", 16, [0x4f6e, 0x626f]),
    ("WM_NAME", "STRING", 32, [0x4b657962]),
    ("WM_NAME", "UTF8_STRING", 8, list(b"Keyboard\xff\xfe")),  # invalid UTF-8 named like an OSK
    ("_NET_WM_NAME", "UTF8_STRING", 8, []),
    ("_NET_WM_STATE", "CARDINAL", 32, [LONG_MAX, -1, 0]),
    ("_NET_WM_STATE", "ATOM", 8, list(b"max")),
    ("_NET_WM_WINDOW_TYPE", "ATOM", 16, [1, 2, 3]),
    ("_NET_WM_WINDOW_TYPE", "ATOM", 32, []),
    ("_NET_WM_WINDOW_TYPE", "ATOM", 32, [0xFFFFFFF0]),          # an atom that does not exist
    ("_NET_WM_STRUT", "CARDINAL", 32, [0, 0]),                    # too short
    ("_NET_WM_STRUT_PARTIAL", "CARDINAL", 32, [0, 480, 0, 0, 0, 0, 10, 1247265280, 0, 3173485664, 3173485808]),
    ("_NET_WM_STRUT_PARTIAL", "STRING", 8, list(b"strut")),
    ("WM_NORMAL_HINTS", "WM_SIZE_HINTS", 32, [0xFFFF, -5, -5]),   # too short, negative sizes
    ("WM_NORMAL_HINTS", "CARDINAL", 8, [1, 2, 3, 4]),
    ("WM_HINTS", "WM_HINTS", 32, [1]),
    ("_NET_FRAME_EXTENTS", "CARDINAL", 32, [-100000, 5]),
    ("_NET_FRAME_EXTENTS", "CARDINAL", 16, [1, 1, 20, 5]),
    ("WM_STATE", "WM_STATE", 32, [7]),
    ("WM_TRANSIENT_FOR", "WINDOW", 32, [0xDEADBEEF]),
    ("_OSKSHIFT_ORIGINAL_GEOMETRY", "CARDINAL", 32, [1, 2, 3]),                       # too short
    ("_OSKSHIFT_ORIGINAL_GEOMETRY", "CARDINAL", 32, [-70000, 90000, 0, 0, 1, 1, 1]),  # absurd
    ("_OSKSHIFT_ORIGINAL_GEOMETRY", "STRING", 8, list(b"1 2 3 4 0 0 0")),
    ("_OSKSHIFT_ORIGINAL_GEOMETRY", "CARDINAL", 32, [0, 0, 100, 100, 5, 9, 2, 1]),   # flags out of range, too long
]


def poison(display, window, offset=0):
    """Sets a rotating share of MALFORMED on `window` (all of them when offset is None)."""
    entries = MALFORMED if offset is None else [MALFORMED[(offset + k) % len(MALFORMED)] for k in range(6)]
    for name, type_name, format_bits, values in entries:
        display.change_property(window, name, type_name, format_bits, values)


def churn(display, count):
    batch = []
    for index in range(count):
        # Most windows are override-redirect (cheap, but the daemon still sees them come and go); every
        # fourth is a managed top-level the WM frames and may focus.
        window = display.create_window(40 + index % 600, 60 + index % 500, 120, 90,
                                       override_redirect=index % 4 != 0)
        poison(display, window, offset=index)
        display.map(window)
        batch.append(window)
        if len(batch) == 10:
            display.sync()
            for old in batch[:5]:
                display.destroy(old)
            batch = batch[5:]
    for window in batch:
        display.destroy(window)
    display.sync()


def main():
    display = Display()
    if sys.argv[1] == "churn":
        churn(display, int(sys.argv[2]))
    elif sys.argv[1] == "poison":
        poison(display, int(sys.argv[2], 0), offset=None)
        display.sync()
    else:
        raise SystemExit(__doc__)
    display.close()
    print("done", flush=True)


if __name__ == "__main__":
    main()
