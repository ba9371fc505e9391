#!/usr/bin/python3
"""Prints where an application's text field is, as AT-SPI reports it, for the end-to-end tests; and focuses it.

    atspi_field.py PID NAME                   the accessible named NAME
    atspi_field.py PID --showing-text         the largest showing accessible with role "text" (a real application's
                                              unnamed editor, e.g. featherpad's)
    atspi_field.py PID --focused              the accessible with state FOCUSED in the application's active window
                                              (a LibreOffice paragraph or cell editor, a VTE terminal); for GTK 4,
                                              which sets no "showing" state on its fields, the focused editable
    add --grab-focus to focus it first (Component.grabFocus, as an assistive technology would)

Prints one line of JSON: {"widget": [x, y, w, h], "caret": [x, y, w, h] or null, "coordinates": "screen"} in
screen coordinates, with "role" and "pane_offset" ([dx, dy] or null) added for --focused. GTK 4 has no screen
coordinates (its "screen" extents are window-relative, its text refuses them): for it the rects are read in window
coordinates, "coordinates" is "window" and "toplevel" gives the top-level's extents in the same coordinates (its
size: the window's content), to be placed by the caller at the X client's position. The caret box is the character
box at the caret offset; at the end of the text GTK reports an empty box there, so the box of the character before
it is used, moved past that character (as the daemon's watcher does); an application that gives no character boxes
(GTK 4 entries) has caret null. Run with /usr/bin/python3 (pyatspi); the accessibility bus is found through the
session bus in the environment.

LibreOffice's VCL (gtk3 plugin) reports what lies under its root pane 25 px higher than it is drawn: the pane
claims 1280x756+0+19 while the GTK panel that holds it (found among the frame's descendants, not as the pane's
parent, which VCL says is the frame) is at 1280x756+0+44. This reader measures that displacement on its own and
reports the rects where they are on the screen, with the displacement in "pane_offset"; the tests check the
corrected caret against the pixels drawn (office_clients.py).
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
def focused(application):
    """The FOCUSED accessible under the application's active window: showing subtrees only, and containers that
    manage their descendants only when they expose few (a Writer document's visible paragraphs, not a sheet's
    cells)."""
    containers = []

    def search(node, depth):
        try:
            states = node.getState()
            if states.contains(pyatspi.STATE_FOCUSED):
                # A Calc sheet keeps the focus while one of its cells is edited in a paragraph beside it.
                if not states.contains(pyatspi.STATE_MANAGES_DESCENDANTS):
                    return node
                containers.append(node)
            if depth > 40 or (depth > 1 and not states.contains(pyatspi.STATE_SHOWING)):
                return None
            if states.contains(pyatspi.STATE_MANAGES_DESCENDANTS) and node.childCount > 64:
                return None
            for index in range(min(node.childCount, 512)):
                child = node[index]
                found = search(child, depth + 1) if child is not None else None
                if found is not None:
                    return found
        except Exception:  # noqa: BLE001 - an accessible that went away is skipped
            return None
        return None
    for window in (application[i] for i in range(application.childCount)):
        try:
            if window is not None and window.getState().contains(pyatspi.STATE_ACTIVE):
                found = search(window, 1) or (containers[0] if containers else None)
                return holding_the_caret(found) if found is not None else None
        except Exception:  # noqa: BLE001
            continue
    return None


def holding_the_caret(focused_node):
    """A focused document's paragraph that holds the caret, else the focused accessible itself. Under a full run's
    load LibreOffice Writer once in a while keeps FOCUSED on its document's panel while it reports its paragraph's
    focus events and takes the typed keys there: the paragraph with a caret offset (panel > scroll pane > document text >
    paragraphs) is the one typed in."""
    try:
        if focused_node.getRoleName() not in ("panel", "scroll pane", "document text"):
            return focused_node
        level = [focused_node]
        for _ in range(3):
            following = []
            for holder in level:
                for child in (holder[i] for i in range(min(holder.childCount, 64))):
                    if child is None:
                        continue
                    if child.getRoleName() == "paragraph":
                        try:
                            if child.queryText().caretOffset >= 0:
                                return child
                        except Exception:  # noqa: BLE001 - no text, or gone
                            pass
                    else:
                        following.append(child)
            level = following
    except Exception:  # noqa: BLE001
        pass
    return focused_node


def pane_offset(accessible):
    """[dx, dy] to add to the accessible's rects when it lies under a root pane reported elsewhere than the node
    that holds it among the application's windows' descendants (at the same size); None when there is nothing to
    correct. The pane's parent as reported is no help: LibreOffice's VCL names a frame of its own."""
    pane, node = None, accessible
    while node is not None and pane is None:
        if node.getRole() == pyatspi.ROLE_ROOT_PANE:
            pane = node
        node = node.parent
    if pane is None:
        return None
    def children(holder):
        try:
            return [child for child in (holder[i] for i in range(min(holder.childCount, 16))) if child is not None]
        except Exception:  # noqa: BLE001 - an accessible that went away has no children to search
            return []

    def showing(node):
        try:
            return node.getState().contains(pyatspi.STATE_SHOWING)
        except Exception:  # noqa: BLE001
            return False

    level = [pane.getApplication()]
    for depth in range(4):
        following = []
        for holder in level:
            kids = children(holder)
            if any(child == pane for child in kids):
                outer, inner = extents(holder), extents(pane)
                if outer[2:] == inner[2:] and outer[:2] != inner[:2]:
                    return [outer[0] - inner[0], outer[1] - inner[1]]
                return None
            following += [child for child in kids if depth == 0 or showing(child)]
        level = following
    return None


def find(application, name):
    if name == "--focused":
        if is_gtk4(application):
            for node in nodes(application):
                try:
                    state = node.getState()
                    if state.contains(pyatspi.STATE_FOCUSED) and state.contains(pyatspi.STATE_EDITABLE):
                        return node
                except Exception:  # noqa: BLE001
                    continue
            return None
        return focused(application)
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
            return 0
        offset = pane_offset(accessible)
        widget, caret = extents(accessible), caret_box(accessible)
        if offset:
            widget = [widget[0] + offset[0], widget[1] + offset[1]] + widget[2:]
            caret = caret and [caret[0] + offset[0], caret[1] + offset[1]] + caret[2:]
        report = {"widget": widget, "caret": caret, "coordinates": "screen"}
        if name == "--focused":
            report.update(role=accessible.getRoleName(), pane_offset=offset)
        print(json.dumps(report))
        return 0
    print("null")
    return 1


if __name__ == "__main__":
    sys.exit(main())
