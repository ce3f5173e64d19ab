#!/usr/bin/env bash
# Only lb_ symbols leave the library: every global symbol the static libraries given define must
# start with lb_. Internals shared between a layer's files are lbi_ and hidden (LBI,
# src/core/lbi.h), and the build makes them local in the library's one linked object;
# file-private functions are static. Lists the offenders by object.
# Usage: symbols.sh LIBRARY.a...
set -u
[ $# -gt 0 ] || { echo "usage: symbols.sh LIBRARY.a..."; exit 2; }
status=0
for lib in "$@"; do
    # readelf -sW on an archive prints "File: lib.a(member.o)" then one line per symbol:
    # Num: Value Size Type Bind Vis Ndx Name
    out=$(readelf -sW "$lib") || { echo "FAIL: readelf $lib"; exit 1; }
    listed=$(printf '%s\n' "$out" | awk '
        /^File: / { obj = $2; sub(/.*\(/, "", obj); sub(/\)$/, "", obj); next }
        NF >= 8 && ($5 == "GLOBAL" || $5 == "WEAK") && $7 != "UND" { print obj, $6, $8 }')
    total=$(printf '%s\n' "$listed" | awk 'NF == 3' | wc -l)
    bad=$(printf '%s\n' "$listed" | awk 'NF == 3 && $3 !~ /^lb_/')
    if [ "$total" -eq 0 ]; then
        echo "FAIL: $(basename "$lib"): no exported symbol found"
        status=1
    elif [ -n "$bad" ]; then
        echo "FAIL: $(basename "$lib"): $(printf '%s\n' "$bad" | wc -l) of $total exported symbols lack the lb_ prefix:"
        printf '%s\n' "$bad" | awk '{ s[$1] = s[$1] " " $3 } END { for (f in s) print "  " f ":" s[f] }' | sort
        status=1
    else
        echo "$(basename "$lib"): all $total exported symbols start with lb_"
    fi
done
exit $status
