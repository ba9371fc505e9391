#!/bin/sh
# Fuzzes the TOML decoder with libFuzzer (swiftc -sanitize=fuzzer,address). Not part of `swift test`, which runs a
# seeded mutation test instead. Usage: scripts/fuzz-toml.sh [RUNS] (default 200000; 0 = until stopped).
# The corpus starts from config/oskshift.toml; crashes are written as crash-* in the work directory.
set -eu
repo=$(cd "$(dirname "$0")/.." && pwd)
runs=${1:-200000}
work=${FUZZ_WORK:-/tmp/oskshift-fuzz-toml}
mkdir -p "$work/corpus"
cp "$repo/config/oskshift.toml" "$work/corpus/"
printf 'a.b = [1, 2.5, "x", {c = 1979-05-27T07:32:00Z}]\n[[t]]\ns = """\\\n  y"""\n' > "$work/corpus/mixed.toml"
# The harness is compiled into the same module as the decoder's sources, so it needs no package build.
cat > "$work/harness.swift" <<'SWIFT'
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let table = try? TOMLDecoder.decode(bytes: bytes) {
        _ = TaggedJSON.encode(table)
    }
    return 0
}
SWIFT
swiftc -sanitize=fuzzer,address -parse-as-library -O -module-name TOMLFuzz \
    "$repo"/Sources/TOML/*.swift "$work/harness.swift" -o "$work/fuzz-toml"
cd "$work"
# -rss_limit_mb bounds memory; -timeout flags any input that takes more than 2 s (a hang).
exec ./fuzz-toml -runs="$runs" -max_len=4096 -rss_limit_mb=512 -timeout=2 corpus
