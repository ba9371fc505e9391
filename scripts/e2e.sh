#!/usr/bin/env bash
# End-to-end tests on a real X server (Xvfb) with real window managers, keyboards and applications.
#
#   scripts/e2e.sh                        build oskshift, run every e2e test
#   scripts/e2e.sh replace_takes_over     only tests whose name contains the pattern (unittest -k; repeatable)
#   scripts/e2e.sh UnderMatchbox          a whole class
#
# OSKSHIFT_BIN=/path/to/oskshift skips the build. CI=true turns a missing tool into a failure, not a skip.
# OSKSHIFT_E2E_JOBS=N runs the whole suite's test classes in N processes at once (scripts/e2e_shards.py; `make test`: 3).
# Artifacts (daemon logs per test, desktop process logs, screenshots of failures) go to out/e2e/.
set -euo pipefail

cd "$(dirname "$0")/.."

if [ -z "${OSKSHIFT_BIN:-}" ]; then
    swift build --product oskshift >&2
    OSKSHIFT_BIN="$(swift build --product oskshift --show-bin-path)/oskshift"
fi
export OSKSHIFT_BIN

# The last run's times weigh the shards of the next one.
if [ -f out/e2e/timings.tsv ]; then cp out/e2e/timings.tsv out/e2e-timings-last.tsv; fi
rm -rf out/e2e
mkdir -p out/e2e

patterns=()
for pattern in "$@"; do
    patterns+=(-k "$pattern")
done

if [ "${OSKSHIFT_E2E_JOBS:-1}" -gt 1 ] && [ ${#patterns[@]} -eq 0 ]; then
    exec /usr/bin/python3 scripts/e2e_shards.py "$OSKSHIFT_E2E_JOBS"
fi

# /usr/bin/python3: the Debian interpreter (gi and pyatspi live there, not in a pyenv python on PATH).
exec /usr/bin/python3 -m unittest discover -s tests/e2e -v "${patterns[@]}"
