#!/usr/bin/env bash
# make demo: oskshift on a private virtual desktop, from a fresh Debian 12 machine with no desktop.
#
# Installs the packages it needs (scripts/install-deps.sh), builds oskshift, then scripts/demo_driver.py starts
# Xvfb, openbox, a docked onboard and a GTK form whose bottom field the keyboard covers, runs oskshift --verbose,
# focuses that field, shows the keyboard, and checks that the field ended up above it.
#
# Output in out/demo/: before.png, after.png, oskshift.log (the decision trace), decisions.log, status.txt,
# status.json, result.txt, logs/ (Xvfb, openbox, onboard, the form). Exit 0 only when the field is visible.
# OSKSHIFT_BIN=/path/to/oskshift skips the build.
set -euo pipefail

cd "$(dirname "$0")/.."

bash scripts/install-deps.sh

if [ -z "${OSKSHIFT_BIN:-}" ]; then
    if ! command -v swift >/dev/null; then
        if [ -x /opt/swift/usr/bin/swift ]; then
            PATH=/opt/swift/usr/bin:$PATH
        else
            echo "demo: no Swift toolchain: install Swift 6 (swift.org) and put it on PATH" >&2
            exit 1
        fi
    fi
    swift build --product oskshift >&2
    OSKSHIFT_BIN="$(swift build --product oskshift --show-bin-path)/oskshift"
fi
export OSKSHIFT_BIN

# /usr/bin/python3: the Debian interpreter, which has gi and pyatspi.
exec /usr/bin/python3 scripts/demo_driver.py "$@"
