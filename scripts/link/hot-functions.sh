#!/bin/sh
# Regenerates scripts/link/hot-functions.txt: the functions of the release daemon that run in a representative
# workload, which the release link (Package.swift) lays out together so that fewer pages of the binary become
# resident. See scripts/link/README.md.
#
#   scripts/link/hot-functions.sh            # ~1.5 min plus the build: 3 runs of the daemon under callgrind
#
# The build uses the list as it stands (an empty one when there is none): the order only moves functions, it
# changes neither the code nor which functions run, so what callgrind sees is the same with or without it.
# Environment: SCRATCH (build dir, default /tmp/oskshift-hot-functions-build), ROUNDS (default 1), KEEP=1 keeps
# the callgrind files.
set -eu

HERE=$(cd "$(dirname "$0")" && pwd)
REPOSITORY=$(cd "$HERE/../.." && pwd)
LIST="$HERE/hot-functions.txt"
SCRATCH=${SCRATCH:-/tmp/oskshift-hot-functions-build}
export PATH="/opt/swift/usr/bin:$PATH"

for tool in valgrind nm python3 Xvfb openbox xvkbd xterm xdotool dbus-daemon; do
    command -v "$tool" >/dev/null || { echo "hot-functions: $tool is not installed" >&2; exit 1; }
done

[ -f "$LIST" ] || : >"$LIST"
(cd "$REPOSITORY" && swift build -c release --product oskshift --scratch-path "$SCRATCH")
BINARY=$(cd "$REPOSITORY" && swift build -c release --product oskshift --scratch-path "$SCRATCH" --show-bin-path)/oskshift

WORK=$(mktemp -d /tmp/oskshift-hot-functions.XXXXXX)
if [ "${KEEP:-0}" = 1 ]; then echo "hot-functions: callgrind output kept in $WORK"; else trap 'rm -rf "$WORK"' EXIT; fi

# A step that times out only warns: the runs exist to execute the code paths, not to test them. ROUNDS > 1
# takes the union of several rounds (in our tries two rounds gave the same list as one).
for round in $(seq "${ROUNDS:-1}"); do
    echo "hot-functions: workload round $round"
    python3 "$HERE/hot_functions_workload.py" --binary "$BINARY" --out "$WORK" ||
        echo "hot-functions: the workload reported a problem (see above); the list is written anyway" >&2
done

nm --defined-only "$BINARY" | awk '$2 ~ /^[TtWw]$/ { print $1, $3 }' >"$WORK/text-symbols"
# The stdlib's Swift.o keeps most of its code in one 1.6 MB .text section, which lld cannot split. Its functions
# go last in the list, so that lld places the section after the hot code instead of in the middle of it.
stdlib_archive="$(dirname "$(readlink -f "$(command -v swiftc)")")/../lib/swift_static/linux/libswiftCore.a"
(cd "$WORK" && ar x "$stdlib_archive" Swift.o)
text_index=$(readelf -SW "$WORK/Swift.o" | sed -n 's/^ *\[ *\([0-9]*\)\] \.text .*/\1/p')
readelf -sW "$WORK/Swift.o" | awk -v n="$text_index" '$4 == "FUNC" && $7 == n { print $8 }' >"$WORK/monolithic"
python3 - "$BINARY" "$WORK" >"$LIST.new" <<'PYTHON'
# Every function callgrind saw run in the binary itself (ob= the binary), from fn= cost lines. Names and
# objects are compressed: "fn=(12) name" defines id 12 (cfn= lines too), a later "fn=(12)" refers to it.
# Kept: the binary's text symbols at the address of a name seen, so all aliases of a function go in (merged
# functions, "...Tm", have several names; which one valgrind reports depends on the layout).
import glob, os, re, sys
binary, work = os.path.realpath(sys.argv[1]), sys.argv[2]
spec = re.compile(r"^(c?ob|c?fn)=(?:\((\d+)\))?\s*(.*)$")
found = set()
for path in glob.glob(os.path.join(work, "callgrind.out.*")):
    objects, functions, current_object = {}, {}, None
    with open(path, errors="replace") as f:
        for line in f:
            match = spec.match(line.rstrip("\n"))
            if not match:
                continue
            kind, number, name = match.groups()
            table = objects if kind.endswith("ob") else functions
            if number is not None:
                if name:
                    table[number] = name
                name = table.get(number, "")
            if kind == "ob":
                current_object = os.path.realpath(name) if name else None
            elif kind == "fn" and current_object == binary:
                found.add(re.sub(r"'\d+$", "", name))  # valgrind's recursion-depth suffix
address_of, names_at = {}, {}
with open(os.path.join(work, "text-symbols")) as f:
    for line in f:
        address, name = line.split()
        address_of[name] = address
        names_at.setdefault(address, set()).add(name)
hot = set()
for name in found:
    if name in address_of:
        hot |= names_at[address_of[name]]
if not hot:
    sys.exit("hot-functions: callgrind saw no function of %s" % binary)
print("hot-functions: %d names seen by callgrind, %d in the binary's text, %d with aliases" % (
    len(found), len(found & address_of.keys()), len(hot)), file=sys.stderr)
with open(os.path.join(work, "monolithic")) as f:
    monolithic = set(f.read().split())
for name in sorted(hot - monolithic, key=lambda n: n.encode()) + sorted(hot & monolithic, key=lambda n: n.encode()):
    print(name)
PYTHON
mv "$LIST.new" "$LIST"
echo "hot-functions: $(wc -l <"$LIST") functions in $LIST"

# SwiftPM does not know the list is an input of the link (it is named in unsafeFlags): an existing build
# directory relinks only when the binary is gone. Relink this one so it holds the new order.
rm -f "$BINARY"
(cd "$REPOSITORY" && swift build -c release --product oskshift --scratch-path "$SCRATCH")
