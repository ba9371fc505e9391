#!/usr/bin/python3
"""Prints where an application's text field is, as AT-SPI reports it, for the end-to-end tests; and focuses it.

    atspi_field.py PID NAME                   the accessible named NAME
    atspi_field.py PID --showing-text         the largest showing accessible with role "text" (a real application's
                                              unnamed editor, e.g. featherpad's)
    add --grab-focus to focus it first (Component.grabFocus, as an assistive technology would)

Prints one line of JSON: {"widget": [x, y, w, h], "caret": [x, y, w, h] or null} in screen coordinates. The
caret box is the character box at the caret offset; at the end of the text GTK reports an empty box there, so the
box of the character before it is used, moved past that character (as the daemon's watcher does). Run with
/usr/bin/python3 (pyatspi); the accessibility bus is found through the session bus in the environment.
"""
import json
import sys

import pyatspi


def nodes(root, limit=6000):
    pending = [root]
    while pending and limit > 0:
        node = pending.pop(0)
        limit -= 1
        yield node
        try:
            pending.extend(child for child in (node[i] for i in range(node.childCount)) if child is not None)
        except Exception:  # noqa: BLE001 - an accessible that went away is skipped
            continue


def extents(accessible):
    box = accessible.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
    return [box.x, box.y, box.width, box.height]


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


def find(application, name):
    if name == "--showing-text":
        texts = []
        for node in nodes(application):
            try:
                if node.getRoleName() == "text" and node.getState().contains(pyatspi.STATE_SHOWING):
                    box = extents(node)
                    texts.append((box[2] * box[3], node))
            except Exception:  # noqa: BLE001
                continue
        return max(texts, key=lambda pair: pair[0])[1] if texts else None
    for node in nodes(application):
        try:
            if node.name == name:
                return node
        except Exception:  # noqa: BLE001
            continue
    return None


def main():
    pid, name = int(sys.argv[1]), sys.argv[2]
    grab = "--grab-focus" in sys.argv[3:]
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
        if grab:
            accessible.queryComponent().grabFocus()
        print(json.dumps({"widget": extents(accessible), "caret": caret_box(accessible)}))
        return 0
    print("null")
    return 1


if __name__ == "__main__":
    sys.exit(main())
