#!/usr/bin/python3
"""Prints where an application's named accessible is, as AT-SPI reports it, for the end-to-end tests.

    atspi_query.py PID NAME

Prints one line of JSON: {"widget": [x, y, w, h], "caret": [x, y, w, h] or null} in screen coordinates. The
caret box is the character box at the caret offset; at the end of the text GTK reports an empty box there, so
the box of the character before it is used, moved past that character (as the daemon's watcher does).
Run with /usr/bin/python3 (pyatspi); the accessibility bus is found through the session bus in the environment.
"""
import json
import sys

import pyatspi


def find(root, name, limit=4000):
    pending = [root]
    while pending and limit > 0:
        node = pending.pop(0)
        limit -= 1
        try:
            if node.name == name:
                return node
            pending.extend(node[i] for i in range(node.childCount))
        except Exception:  # noqa: BLE001 - an accessible that went away is skipped
            continue
    return None


def caret_box(accessible):
    try:
        text = accessible.queryText()
    except NotImplementedError:
        return None
    offset = text.caretOffset
    x, y, w, h = text.getCharacterExtents(offset, pyatspi.DESKTOP_COORDS)
    if h <= 0 and offset > 0:
        x, y, w, h = text.getCharacterExtents(offset - 1, pyatspi.DESKTOP_COORDS)
        x, w = x + w, 0
    if h <= 0:
        return None
    return [x, y, max(w, 1), h]


def main():
    pid, name = int(sys.argv[1]), sys.argv[2]
    desktop = pyatspi.Registry.getDesktop(0)
    for index in range(desktop.childCount):
        application = desktop[index]
        try:
            if application is None or application.get_process_id() != pid:
                continue
        except Exception:  # noqa: BLE001
            continue
        accessible = find(application, name)
        if accessible is None:
            continue
        extents = accessible.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
        print(json.dumps({"widget": [extents.x, extents.y, extents.width, extents.height],
                          "caret": caret_box(accessible)}))
        return 0
    print("null")
    return 1


if __name__ == "__main__":
    sys.exit(main())
