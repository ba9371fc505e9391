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
# Flatpak's own sandbox tool: its first process inside is bubblewrap's (number 1), the application number 2.
BWRAP = ("bwrap", "--unshare-pid", "--die-with-parent", "--dev-bind", "/", "/", "--proc", "/proc")


def require_unshare(test):
    requirements.require_tools(test, "unshare")
    if os.geteuid() != 0:
        test.skipTest("a PID namespace needs root (unshare --pid)")


def require_bwrap(test):
    requirements.require_tools(test, "bwrap")
    if os.geteuid() != 0:
        test.skipTest("a PID namespace needs root here (bwrap --unshare-pid without user namespaces)")


def _children(pid):
    try:
        with open("/proc/%d/task/%d/children" % (pid, pid)) as f:
            return [int(n) for n in f.read().split()]
    except OSError:
        return []


def _runs_python(pid):
    try:
        with open("/proc/%d/cmdline" % pid, "rb") as f:
            return b"python" in f.read().split(b"\0")[0]
    except OSError:
        return False


def launched_pid(launcher):
    """The host's number of the application `launcher` (a Popen of UNSHARE or BWRAP ...) started in the namespace:
    the first descendant that runs Python (bubblewrap puts a process of its own between)."""
    def application():
        pid = launcher.pid
        for _ in range(4):
            children = _children(pid)
            if not children:
                return None
            pid = children[0]
            if _runs_python(pid):
                return pid
        return None
    return wait_for(application, timeout=10, interval=0.01, what="the launcher's application in its PID namespace")
