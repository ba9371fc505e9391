#!/usr/bin/python3
"""Prints where an application's text field is, as AT-SPI reports it, for the end-to-end tests; and focuses it.

    atspi_field.py PID NAME                   the accessible named NAME
    atspi_field.py PID --showing-text         the largest showing accessible with role "text" (a real application's
                                              unnamed editor, e.g. featherpad's)
    atspi_field.py PID --focused              the focused editable accessible (GTK 4 sets no "showing" state on
                                              its fields)
    add --grab-focus to focus it first (Component.grabFocus, as an assistive technology would)

Prints one line of JSON: {"widget": [x, y, w, h], "caret": [x, y, w, h] or null, "coordinates": "screen"} in
screen coordinates. GTK 4 has no screen coordinates (its "screen" extents are window-relative, its text refuses
them): for it the rects are read in window coordinates, "coordinates" is "window" and "toplevel" gives the
top-level's extents in the same coordinates (its size: the window's content), to be placed by the caller at the X
client's position. The caret box is the character box at the caret offset; at the end of the text GTK reports an
empty box there, so the box of the character before it is used, moved past that character (as the daemon's
watcher does); an application that gives no character boxes (GTK 4 entries) has caret null. Run with
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


def extents(accessible, coordinates=pyatspi.DESKTOP_COORDS):
    box = accessible.queryComponent().getExtents(coordinates)
    return [box.x, box.y, box.width, box.height]


def caret_box(accessible, coordinates=pyatspi.DESKTOP_COORDS):
    try:
        text = accessible.queryText()
    except NotImplementedError:
        return None
    offset = text.caretOffset
    try:
        x, y, w, h = text.getCharacterExtents(offset, coordinates)
        if h <= 0 and offset > 0:
            x, y, w, h = text.getCharacterExtents(offset - 1, coordinates)
            x, w = x + w, 0
    except Exception:  # noqa: BLE001 - GTK 4 entries refuse character extents
        return None
    if h <= 0:
        return None
    return [x, y, max(w, 1), h]


def is_gtk4(application):
    try:
        version = application.get_toolkit_version() or ""
        return application.get_toolkit_name().lower() == "gtk" and int(version.split(".")[0]) >= 4
    except (ValueError, AttributeError):
        return False


def toplevel_of(accessible):
    node = accessible
    while node is not None:
        if node.getRoleName() in ("frame", "window", "dialog"):
            return node
        node = node.parent
    return None


def find(application, name):
    if name == "--focused":
        for node in nodes(application):
            try:
                state = node.getState()
                if state.contains(pyatspi.STATE_FOCUSED) and state.contains(pyatspi.STATE_EDITABLE):
                    return node
            except Exception:  # noqa: BLE001
                continue
        return None
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
        if is_gtk4(application):
            toplevel = toplevel_of(accessible)
            print(json.dumps({"widget": extents(accessible, pyatspi.WINDOW_COORDS),
                              "caret": caret_box(accessible, pyatspi.WINDOW_COORDS), "coordinates": "window",
                              "toplevel": extents(toplevel, pyatspi.WINDOW_COORDS) if toplevel else None}))
        else:
            print(json.dumps({"widget": extents(accessible), "caret": caret_box(accessible),
                              "coordinates": "screen"}))
        return 0
    print("null")
    return 1


if __name__ == "__main__":
    sys.exit(main())
