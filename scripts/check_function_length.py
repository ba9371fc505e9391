#!/usr/bin/env python3
"""Fails when a function in the pure core is longer than the house limit.

The core (Sources/OskshiftCore) keeps its functions short so each decision can be read and tested on its own.
This finds every `func`, `init`, `subscript` and computed property (`var name: Type {`) body there, counts its
lines from the declaration to the closing brace, and exits 1 listing those over the limit.

Usage: scripts/check_function_length.py [--max N] [--all] [directory]
  --all  prints every body's length, longest first (to see the figures, not only the failures).
"""
import re
import sys
from pathlib import Path

DECLARATION = re.compile(
    r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*"
    r"(?:(?:public|internal|private|fileprivate|static|class|mutating|nonmutating|override|final|"
    r"private\(set\)|internal\(set\)|public\(set\)|fileprivate\(set\)|@discardableResult)\s+)*"
    r"(?P<kind>func\s+[^\s(<]+|init[?!]?|subscript|var\s+\w+\s*:[^={]*)")


def strip_strings_and_comments(line, in_block_comment):
    """The line without string literals and comments, so their braces are not counted; and whether a block
    comment is still open at its end."""
    out = []
    i = 0
    in_string = False
    while i < len(line):
        if in_block_comment:
            end = line.find("*/", i)
            if end < 0:
                return "".join(out), True
            i = end + 2
            in_block_comment = False
            continue
        c = line[i]
        if in_string:
            if c == "\\":
                i += 2
                continue
            if c == '"':
                in_string = False
            i += 1
            continue
        if line.startswith("//", i):
            break
        if line.startswith("/*", i):
            in_block_comment = True
            i += 2
            continue
        if c == '"':
            in_string = True
            i += 1
            continue
        out.append(c)
        i += 1
    return "".join(out), in_block_comment


def bodies(path):
    """(name, first line, line count) of every function-like body in the file."""
    lines = path.read_text().splitlines()
    code = []
    in_block = False
    for line in lines:
        stripped, in_block = strip_strings_and_comments(line, in_block)
        code.append(stripped)
    found = []
    for start, line in enumerate(code):
        match = DECLARATION.match(line)
        if not match:
            continue
        kind = match.group("kind")
        # A stored property (no body) or a protocol requirement: no brace before the declaration ends.
        depth = 0
        opened = False
        end = None
        for index in range(start, len(code)):
            text = code[index]
            if not opened and index > start and DECLARATION.match(text):
                break
            if not opened and kind.startswith("var") and "=" in text.split("{")[0]:
                break
            for char in text:
                if char == "{":
                    depth += 1
                    opened = True
                elif char == "}":
                    depth -= 1
                    if opened and depth == 0:
                        end = index
                        break
            if end is not None:
                break
            if not opened and kind.startswith("var") and index > start:
                break
        if end is not None:
            name = re.sub(r"\s+", " ", kind.split(":")[0]).strip()
            found.append((name, start + 1, end - start + 1))
    return found


def main(argv):
    limit = 60
    show_all = False
    root = Path(__file__).resolve().parent.parent / "Sources" / "OskshiftCore"
    args = list(argv)
    while args:
        arg = args.pop(0)
        if arg == "--max":
            limit = int(args.pop(0))
        elif arg == "--all":
            show_all = True
        else:
            root = Path(arg)
    every = []
    for path in sorted(root.rglob("*.swift")):
        for name, line, count in bodies(path):
            every.append((count, f"{path.relative_to(root.parent.parent) if root.parent.parent in path.parents else path}:{line}", name))
    every.sort(reverse=True)
    if show_all:
        for count, where, name in every:
            print(f"{count:4} {where} {name}")
    too_long = [entry for entry in every if entry[0] > limit]
    for count, where, name in too_long:
        print(f"{where}: {name} is {count} lines long (limit {limit}): split it", file=sys.stderr)
    if not show_all:
        longest = every[0] if every else (0, "-", "-")
        print(f"{len(every)} bodies in {root}; longest {longest[0]} lines ({longest[2]}, {longest[1]})")
    return 1 if too_long else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
