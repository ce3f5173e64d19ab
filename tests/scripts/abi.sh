#!/usr/bin/env bash
# The library's API as linked: the sorted names of the symbols liblb.a exports must equal the
# committed list (abi/lb.symbols), so that a change of the public API is a change of that file too,
# made on purpose and seen in review. With --update, writes the list instead (make abi-update).
# Usage: abi.sh [--update] LIBRARY.a LIST
set -u
update=0
if [ "${1:-}" = --update ]; then
    update=1
    shift
fi
[ $# -eq 2 ] || { echo "usage: abi.sh [--update] LIBRARY.a LIST"; exit 2; }
lib=$1 list=$2
# nm -g --defined-only on an archive: "ADDRESS TYPE NAME" for each global symbol a member defines
now=$(nm -g --defined-only "$lib" | awk 'NF == 3 { print $3 }' | LC_ALL=C sort -u) ||
    { echo "FAIL: nm $lib"; exit 1; }
[ -n "$now" ] || { echo "FAIL: $(basename "$lib") exports no symbol"; exit 1; }
if [ $update -eq 1 ]; then
    printf '%s\n' "$now" > "$list"
    echo "$list: $(printf '%s\n' "$now" | wc -l) symbols of $(basename "$lib")"
    exit 0
fi
[ -f "$list" ] || { echo "FAIL: no $list (make abi-update writes it)"; exit 1; }
if ! diff=$(printf '%s\n' "$now" | diff -u --label "$list" --label "$(basename "$lib")" "$list" -); then
    echo "FAIL: the symbols $(basename "$lib") exports differ from $list (- listed, + exported):"
    printf '%s\n' "$diff"
    echo "A change of the API is made on purpose: run make abi-update and commit $list"
    echo "(docs/hacking.md, \"Changing the API\")."
    exit 1
fi
echo "$(basename "$lib"): its $(printf '%s\n' "$now" | wc -l) exported symbols are those of $list"
