"""Sends the window manager a message it ignores every INTERVAL_S, for as long as the display lives.

Why: PekWM 0.1.18 waits for its next event with XPending(), then XFlush(), then select() on its connection. XFlush
also reads what has arrived into Xlib's queue, so events that arrive between the two calls sit in that queue while
select() waits for new bytes: a MapRequest, or a _NET_ACTIVE_WINDOW, is handled only when some later event reaches
the window manager. On a person's desktop one comes within moments (the pointer moves, a clock redraws); on a test
desktop nothing may come at all (seen: 10 s, and more than 60 s). This stands in for that traffic. The message is
sent with SubstructureRedirectMask alone, so the window manager is the only client that receives it: the daemon
and the applications see nothing of it.
"""
import time

from xlib import Display

# The longest a window manager's lost wake-up lasts: short against every wait of the tests, long against the cost of
# one ignored ClientMessage.
INTERVAL_S = 0.1
MESSAGE_TYPE = "_OSKSHIFT_E2E_WAKE"


def main():
    display = Display()
    while True:  # ends with the display: Xlib exits the process when the server goes
        display.send_to_window_manager(MESSAGE_TYPE)
        display.flush()
        time.sleep(INTERVAL_S)  # the pace of the stand-in traffic, not a wait for a result


if __name__ == "__main__":
    main()
