#!/usr/bin/env bash
# oskshift's benchmarks on a private Xvfb (openbox, xvkbd, xterms); not part of the tests. `make bench` runs the
# engine micro-benchmark first, then this. Figures go to stdout and out/bench/ (results.md, results.json, logs).
#
#   scripts/bench/run.sh                          build oskshift (release) and run everything (~15-20 min)
#   OSKSHIFT_BIN=/path/to/oskshift scripts/bench/run.sh --cycles 50 --idle-seconds 5   quicker, no build
set -euo pipefail

cd "$(dirname "$0")/../.."
out=out/bench
mkdir -p "$out"

if [ -z "${OSKSHIFT_BIN:-}" ]; then
    swift build -c release --product oskshift >&2
    OSKSHIFT_BIN="$(swift build -c release --product oskshift --show-bin-path)/oskshift"
fi

# xtrace counts the daemon's X round trips; strace the idle system calls. Both are Debian packages.
if ! command -v xtrace >/dev/null || ! command -v strace >/dev/null; then
    sudo=()
    [ "$(id -u)" -eq 0 ] || sudo=(sudo)
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends xtrace strace \
        >/dev/null 2>&1 || echo "bench: could not install xtrace/strace; those figures will be missing" >&2
fi

# The watcher: a separate X connection that timestamps events on receipt (C, so its own overhead is ~µs).
cc=${CC:-cc}
command -v "$cc" >/dev/null || cc=clang
"$cc" -O2 -Wall -o "$out/x_event_watcher" scripts/bench/x_event_watcher.c -lX11

engine=()
[ -f "$out/engine-bench.txt" ] && engine=(--engine-bench-output "$out/engine-bench.txt")
exec /usr/bin/python3 scripts/bench/bench.py --oskshift "$OSKSHIFT_BIN" --watcher "$out/x_event_watcher" \
    --out "$out" "${engine[@]}" "$@"
