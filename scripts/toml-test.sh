#!/bin/sh
# Runs the toml-test conformance cases (TOML 1.0.0) against Sources/toml-decoder when the shared suite is present:
# $TOML_TEST_DIR, else /work/shared/toml-test, else ../shared/toml-test next to the repository.
# Prints "toml-test: N passed, M failed" and exits non-zero on any failure; exits 0 with a note when absent.
set -eu
repo=$(cd "$(dirname "$0")/.." && pwd)
suite=${TOML_TEST_DIR:-}
for candidate in /work/shared/toml-test "$repo/../shared/toml-test"; do
    if [ -z "$suite" ] && [ -f "$candidate/run.py" ]; then suite=$candidate; fi
done
if [ -z "$suite" ]; then
    echo "toml-test: suite not found (set TOML_TEST_DIR); skipped"
    exit 0
fi
scratch=${SCRATCH_PATH:-$repo/.build}
swift build --package-path "$repo" --scratch-path "$scratch" --product toml-decoder >/dev/null
decoder=$(swift build --package-path "$repo" --scratch-path "$scratch" --show-bin-path)/toml-decoder
python3 "$suite/run.py" --verbose "$decoder"
