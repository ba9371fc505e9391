#!/usr/bin/env python3
"""Runs the e2e test classes in N processes at once (OSKSHIFT_E2E_JOBS=N scripts/e2e.sh): each test class has its
own Xvfb, window manager, D-Bus and keyboard, so classes do not see each other; what they share is the machine.

The unit of a shard is the class, not the module: test_window_managers alone is a third of the suite, so shards of
whole modules could not balance. Classes go to the shards longest first, each to the shard with the least time so
far, weighed by the last run's out/e2e/timings.tsv (kept by scripts/e2e.sh as out/e2e-timings-last.tsv: the class's
tests and its session start and stop), else by scripts/e2e_class_seconds.tsv, else by the module's size. Each
shard's output goes to out/e2e/shard-<n>.log and is printed once all have ended; the exit status is 1 when any
failed.

    python3 scripts/e2e_shards.py N [test_module ...]     (default: every tests/e2e/test_*.py)
"""
import collections
import glob
import inspect
import os
import subprocess
import sys
import time
import unittest

REPOSITORY = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
TESTS = os.path.join(REPOSITORY, "tests", "e2e")
OUT = os.path.join(REPOSITORY, "out")
SECONDS_PER_BYTE = 0.004  # a module without a recorded time: roughly its size (a 10 kB module, 40 s)
# Run before the others, alone: the package's test makes a release build (minutes of both cores on a fresh clone),
# which would starve the tests beside it.
ALONE = ("test_package",)


def test_classes(module_name):
    """The module's own test classes that have tests, as unittest names ("module.Class"), in discovery's order."""
    sys.path.insert(0, TESTS)
    module = __import__(module_name)
    return ["%s.%s" % (module_name, name) for name, value in sorted(vars(module).items())
            if inspect.isclass(value) and issubclass(value, unittest.TestCase) and value.__module__ == module_name
            and unittest.defaultTestLoader.getTestCaseNames(value)]


def recorded_seconds(path, key):
    """Seconds per class in a timings file: out/e2e/timings.tsv's rows (module, class, test, seconds) summed, or
    scripts/e2e_class_seconds.tsv's (module.Class, seconds)."""
    seconds = collections.Counter()
    if os.path.exists(path):
        with open(path) as f:
            for line in f:
                parts = line.rstrip("\n").split("\t")
                if not line.startswith("#") and len(parts) in (2, 4):
                    seconds[key(parts)] += float(parts[-1])
    return seconds


def weights(classes):
    """Seconds per class: the last run's, else the ones kept in the repository, else a guess from the module's size
    shared among its classes."""
    last = recorded_seconds(os.path.join(OUT, "e2e-timings-last.tsv"), lambda parts: "%s.%s" % tuple(parts[:2]))
    kept = recorded_seconds(os.path.join(REPOSITORY, "scripts", "e2e_class_seconds.tsv"), lambda parts: parts[0])
    per_module = collections.Counter(name.split(".")[0] for name in classes)

    def guess(name):
        module = name.split(".")[0]
        return os.path.getsize(os.path.join(TESTS, module + ".py")) * SECONDS_PER_BYTE / per_module[module]
    return {name: last.get(name) or kept.get(name) or guess(name) for name in classes}


def shards(classes, count):
    weight = weights(classes)
    loads = [[0.0, []] for _ in range(count)]
    for name in sorted(classes, key=lambda c: -weight[c]):
        lightest = min(loads, key=lambda load: load[0])
        lightest[0] += weight[name]
        lightest[1].append(name)
    return [(load, sorted(names)) for load, names in loads if names]


def main(argv):
    count = int(argv[1])
    modules = argv[2:] or sorted(os.path.basename(p)[:-3] for p in glob.glob(os.path.join(TESTS, "test_*.py")))
    os.makedirs(os.path.join(OUT, "e2e"), exist_ok=True)
    failed = False
    for module in [m for m in modules if m in ALONE]:
        print("alone: %s" % module, flush=True)
        failed |= subprocess.call(["/usr/bin/python3", "-m", "unittest", "-v", module], cwd=TESTS) != 0
    classes = [name for module in modules if module not in ALONE for name in test_classes(module)]
    running = []
    for number, (load, names) in enumerate(shards(classes, count), 1):
        log = os.path.join(OUT, "e2e", "shard-%d.log" % number)
        print("shard %d (about %.0f s): %s" % (number, load, " ".join(names)), flush=True)
        output = open(log, "w")
        process = subprocess.Popen(["/usr/bin/python3", "-m", "unittest", "-v", *names], cwd=TESTS,
                                   stdout=output, stderr=subprocess.STDOUT)
        running.append((number, process, output, log, time.monotonic()))
    for number, process, output, log, started in running:
        status = process.wait()
        output.close()
        failed |= status != 0
        with open(log) as f:
            sys.stdout.write(f.read())
        print("shard %d: exit %d after %.0f s" % (number, status, time.monotonic() - started), flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
