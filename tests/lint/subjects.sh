#!/usr/bin/env bash
# Commit subjects under 72 characters: every commit made after the one this check starts from
# (SINCE, the tip of issue 24's first steps), merges included. Older commits that a later merge
# brings in (made before SINCE) are not judged. Without the history (a shallow clone), says so.
set -u
SINCE=8c7b308
cd "$(dirname "$0")/../.."
if ! git rev-parse -q --verify "$SINCE^{commit}" >/dev/null 2>&1; then
    echo "subjects: commit $SINCE is not in this clone's history; nothing checked"
    exit 0
fi
since_time=$(git log -1 --format=%ct "$SINCE")
long=$(git log --format='%ct %h %s' "$SINCE..HEAD" |
    python3 -c '
import sys
since = int(sys.argv[1])
for line in sys.stdin:
    time, commit, subject = line.rstrip("\n").split(" ", 2)
    if int(time) > since and len(subject) >= 72:
        print(f"  {commit} ({len(subject)}): {subject}")
' "$since_time")
count=$(git rev-list --count "$SINCE..HEAD")
if [ -n "$long" ]; then
    echo "FAIL: commit subjects of 72 characters or more (write a shorter one, the rest in the body):"
    printf '%s\n' "$long"
    exit 1
fi
echo "subjects: the $count commits since $SINCE are under 72 characters"
