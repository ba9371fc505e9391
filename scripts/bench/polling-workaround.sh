#!/bin/sh
# The usual kiosk workaround for an on-screen keyboard that covers the focused window, written the way such
# scripts are: poll every $INTERVAL seconds; while the keyboard is visible, move the active window up until its
# bottom clears the keyboard's top by $MARGIN px; put it back where it was when the keyboard hides or another
# window becomes active. scripts/bench/bench.py measures it as the baseline, exactly as it measures oskshift.
#
#   INTERVAL=0.2 KEYBOARD_CLASS=XVkbd MARGIN=8 scripts/bench/polling-workaround.sh
#
# Needs xdotool, xwininfo, xprop and wmctrl. Geometry is the WM frame's (xwininfo's client rect widened by
# _NET_FRAME_EXTENTS), and moves go through wmctrl -e (_NET_MOVERESIZE_WINDOW, x/y = the frame's top-left), so
# repeated moves do not drift by the decorations the way `xdotool getwindowgeometry` + `windowmove` do.
INTERVAL=${INTERVAL:-0.2}
KEYBOARD_CLASS=${KEYBOARD_CLASS:-XVkbd}
MARGIN=${MARGIN:-8}

moved=""          # the window this script moved, if any
moved_x=0
moved_y=0

# frame_geometry WINDOW: sets fx fy fw fh, the window's frame in root coordinates. Returns 1 when it is gone.
frame_geometry() {
    info=$(xwininfo -id "$1" 2>/dev/null) || return 1
    ax=$(printf '%s\n' "$info" | sed -n 's/^ *Absolute upper-left X: *//p')
    ay=$(printf '%s\n' "$info" | sed -n 's/^ *Absolute upper-left Y: *//p')
    w=$(printf '%s\n' "$info" | sed -n 's/^ *Width: *//p')
    h=$(printf '%s\n' "$info" | sed -n 's/^ *Height: *//p')
    # _NET_FRAME_EXTENTS(CARDINAL) = left, right, top, bottom
    set -- $(xprop -id "$1" _NET_FRAME_EXTENTS 2>/dev/null | sed -n 's/.*= *//p' | tr ',' ' ')
    fx=$((ax - ${1:-0})); fy=$((ay - ${3:-0}))
    fw=$((w + ${1:-0} + ${2:-0})); fh=$((h + ${3:-0} + ${4:-0}))
}

restore() {
    [ -n "$moved" ] && wmctrl -i -r "$moved" -e "0,$moved_x,$moved_y,-1,-1" 2>/dev/null
    moved=""
}
trap 'restore; exit 0' TERM INT

while :; do
    keyboard=$(xdotool search --onlyvisible --class "^$KEYBOARD_CLASS\$" 2>/dev/null | head -n 1)
    active=$(xdotool getactivewindow 2>/dev/null)

    if [ -n "$moved" ] && { [ -z "$keyboard" ] || [ "$active" != "$moved" ]; }; then
        restore
    fi

    if [ -n "$keyboard" ] && [ -n "$active" ] && [ -z "$moved" ] && [ "$active" != "$keyboard" ]; then
        if frame_geometry "$keyboard"; then
            keyboard_top=$fy
            if frame_geometry "$active"; then
                overlap=$((fy + fh + MARGIN - keyboard_top))
                if [ "$overlap" -gt 0 ]; then
                    moved=$active moved_x=$fx moved_y=$fy
                    wmctrl -i -r "$active" -e "0,$fx,$((fy - overlap)),-1,-1" 2>/dev/null
                fi
            fi
        fi
    fi

    sleep "$INTERVAL" &
    wait $!   # a signal ends the sleep at once, and the trap restores
done
