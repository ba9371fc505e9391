"""Maps N small managed windows (not override-redirect, so the WM frames them) and keeps them until killed.

Prints "mapped" once the map requests have reached the server. Used for the start-up-with-300-windows figure.
"""
import signal
import sys
import os

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tests", "e2e"))
from xlib import Display  # noqa: E402


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    display = Display()
    for index in range(count):
        window = display.create_window(20 + (index % 30) * 40, 20 + (index // 30) * 40, 30, 20)
        display.change_property(window, "WM_NAME", "STRING", 8, b"crowd %d" % index)
        display.change_property(window, "WM_CLASS", "STRING", 8, b"crowd\0Crowd\0")
        display.map(window)
    display.sync()
    print("mapped", flush=True)
    signal.sigwait([signal.SIGTERM, signal.SIGINT])


if __name__ == "__main__":
    main()
