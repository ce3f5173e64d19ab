#!/usr/bin/env python3
# No function of src/, cli/ or server/ above cyclomatic complexity 25 (pmccabe's modified McCabe figure: a switch counts once) but the ones the allow-list names: none may join it, and none listed may grow past its figure.
import glob
import re
import subprocess
import sys

LIMIT = 25
SOURCES = ["src/**/*.c", "cli/*.c", "server/*.c"]
LINE = re.compile(r"^(\d+)\s+\d+\s+\d+\s+\d+\s+\d+\s+(.+)\((\d+)\): (\S+)$")


def measure():
    """{(function, file): complexity} of every function above LIMIT, and the count measured."""
    files = sorted({f for pattern in SOURCES for f in glob.glob(pattern, recursive=True)})
    out = subprocess.run(["pmccabe"] + files, capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit(f"FAIL: pmccabe: {out.stderr.strip()}")
    above, count = {}, 0
    for line in out.stdout.splitlines():
        m = LINE.match(line)
        if not m:
            sys.exit(f"FAIL: pmccabe wrote a line not understood: {line}")
        count += 1
        cc, path, name = int(m.group(1)), m.group(2), m.group(4)
        if cc > LIMIT:
            above[(name, path)] = max(cc, above.get((name, path), 0))
    return above, count


def allowed(path):
    """The allow-list: "FUNCTION FILE CC" a line; # starts a comment."""
    entries = {}
    for n, line in enumerate(open(path, encoding="utf-8"), 1):
        line = line.split("#", 1)[0].split()
        if not line:
            continue
        if len(line) != 3 or not line[2].isdigit():
            sys.exit(f"FAIL: {path}:{n}: expected FUNCTION FILE CC")
        entries[(line[0], line[1])] = int(line[2])
    return entries


def main():
    args = sys.argv[1:]
    if args[:1] == ["--list"]:
        above, _ = measure()
        for (name, path), cc in sorted(above.items(), key=lambda e: (-e[1], e[0])):
            print(f"{name} {path} {cc}")
        return 0
    if len(args) != 1:
        print("usage: complexity.py ALLOW-LIST | complexity.py --list")
        return 2
    above, count = measure()
    allow = allowed(args[0])
    problems = []
    for (name, path), cc in sorted(above.items()):
        listed = allow.get((name, path))
        if listed is None:
            problems.append(f"{path}: {name} has complexity {cc}, above {LIMIT}: split it by the "
                            "steps it takes")
        elif cc > listed:
            problems.append(f"{path}: {name} has complexity {cc}, up from {listed}: it may only "
                            "get simpler")
    # a function made simpler is not a fault; the list is tightened to match when it is seen
    for (name, path), cc in sorted(allow.items()):
        now = above.get((name, path))
        if now is None:
            print(f"note: {name} {path} is no longer above {LIMIT} (or is gone): take its line "
                  f"off {args[0]}")
        elif now < cc:
            print(f"note: {name} {path} is down to {now} from {cc}: write {now} in {args[0]}")
    if problems:
        print(f"FAIL: complexity above {LIMIT}:")
        for p in problems:
            print("  " + p)
        return 1
    print(f"complexity: {count} functions, {len(above)} above {LIMIT}, every one listed in "
          f"{args[0]} at its figure or below")
    return 0


if __name__ == "__main__":
    sys.exit(main())
