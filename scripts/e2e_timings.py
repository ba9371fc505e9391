#!/usr/bin/env python3
"""Where an e2e run's time went: out/e2e/timings.tsv (written by tests/e2e/e2e_case.py) summed per module, then the
slowest tests and session starts.

    python3 scripts/e2e_timings.py [out/e2e/timings.tsv] [--top N]
    python3 scripts/e2e_timings.py --classes [out/e2e/timings.tsv]   seconds per class, as scripts/e2e_class_seconds.tsv
"""
import collections
import os
import sys


def main(argv):
    top = 15
    if "--top" in argv:
        top = int(argv[argv.index("--top") + 1])
        del argv[argv.index("--top"):argv.index("--top") + 2]
    classes = "--classes" in argv
    if classes:
        argv.remove("--classes")
    path = argv[1] if len(argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "out", "e2e", "timings.tsv")
    rows = []
    with open(path) as f:
        for line in f:
            module, cls, test, seconds = line.rstrip("\n").split("\t")
            rows.append((module, cls, test, float(seconds)))
    if classes:
        per_class = collections.Counter()
        for module, cls, _, seconds in rows:
            per_class["%s.%s" % (module, cls)] += seconds
        for name, seconds in per_class.most_common():
            print("%s\t%.0f" % (name, seconds))
        return
    per_module = collections.Counter()
    for module, _, _, seconds in rows:
        per_module[module] += seconds
    print("per module (tests, session starts and stops), seconds:")
    for module, seconds in per_module.most_common():
        print("  %7.1f  %s" % (seconds, module))
    print("  %7.1f  total" % sum(per_module.values()))
    print("slowest %d:" % top)
    for module, cls, test, seconds in sorted(rows, key=lambda row: -row[3])[:top]:
        print("  %7.1f  %s.%s %s" % (seconds, module, cls, test))


if __name__ == "__main__":
    main(sys.argv)
