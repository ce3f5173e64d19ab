#!/usr/bin/env bash
# Only lb_ symbols leave the library: lists every defined global symbol of the static libraries
# given (nm) without the lb_ prefix, by object file, and fails when there is one. File-private
# functions are static; names shared between a layer's files still need the prefix.
# Usage: symbols.sh LIBRARY.a...
set -u
[ $# -gt 0 ] || { echo "usage: symbols.sh LIBRARY.a..."; exit 2; }
status=0
for lib in "$@"; do
    # "archive:member: address type name" for every defined global symbol
    out=$(nm -A -g --defined-only "$lib") || { echo "FAIL: nm $lib"; exit 1; }
    bad=$(printf '%s\n' "$out" | awk 'NF == 3 && $3 !~ /^lb_/ {
              n = split($1, part, ":"); printf "%s %s\n", part[n - 1], $3 }')
    total=$(printf '%s\n' "$out" | awk 'NF == 3' | wc -l)
    if [ -n "$bad" ]; then
        echo "$(basename "$lib"): $(printf '%s\n' "$bad" | wc -l) of $total exported symbols lack the lb_ prefix:"
        printf '%s\n' "$bad" | awk '{ s[$1] = s[$1] " " $2 } END { for (f in s) print "  " f ":" s[f] }' | sort
        status=1
    else
        echo "$(basename "$lib"): all $total exported symbols start with lb_"
    fi
done
exit $status
