"""Waiting on the X server's state: poll with a short interval until a deadline, never a blind sleep."""
import time


class Timeout(AssertionError):
    pass


def wait_for(probe, timeout=3.0, interval=0.02, what=None):
    """Returns the first truthy value of `probe()`; raises Timeout with the last value seen.

    Exceptions from the probe count as "not yet" (a window may not exist yet), but the last one is
    reported when time runs out so a broken probe does not look like a slow server.
    """
    deadline = time.monotonic() + timeout
    last_value, last_error = None, None
    while True:
        try:
            last_value = probe()
            last_error = None
            if last_value:
                return last_value
        except Exception as error:  # noqa: BLE001 - see the docstring
            last_error = error
        if time.monotonic() >= deadline:
            break
        time.sleep(interval)  # the pause between two polls of the value, not a wait for a result
    detail = "last error: %r" % (last_error,) if last_error else "last value: %r" % (last_value,)
    raise Timeout("timed out after %.1f s waiting for %s; %s" % (timeout, what or probe, detail))


def wait_until_equal(probe, expected, timeout=3.0, what=None):
    """Waits until `probe()` == `expected`; the failure message shows both, as assertEqual would."""
    seen = []

    def matches():
        value = probe()
        seen[:] = [value]
        return value == expected

    try:
        wait_for(matches, timeout=timeout, what=what)
    except Timeout as error:
        raise Timeout("%s: expected %r, still %r after %.1f s" % (
            what or "value", expected, seen[0] if seen else None, timeout)) from error

