"""Applications in a PID namespace of their own, as Flatpak runs them: the accessibility bus reports the process as
the host sees it, while the application's windows carry the number it has inside the namespace (`_NET_WM_PID` 1).

`UNSHARE` is the launcher the fixtures take (`launcher=`): `unshare --pid --fork --mount-proc` (util-linux, root
only), with `--kill-child` so that ending the launcher ends the application (the namespace's first process ignores
SIGTERM without a handler of its own, as every init does).
"""
import os

import requirements
from waiting import wait_for

UNSHARE = ("unshare", "--pid", "--fork", "--kill-child", "--mount-proc")


def require_unshare(test):
    requirements.require_tools(test, "unshare")
    if os.geteuid() != 0:
        test.skipTest("a PID namespace needs root (unshare --pid)")


def launched_pid(launcher):
    """The host's number of the process `launcher` (a Popen of UNSHARE ...) forked into the namespace."""
    path = "/proc/%d/task/%d/children" % (launcher.pid, launcher.pid)

    def child():
        with open(path) as f:
            numbers = f.read().split()
        return int(numbers[0]) if numbers else None
    return wait_for(child, timeout=10, interval=0.01, what="the launcher's child in its PID namespace")
