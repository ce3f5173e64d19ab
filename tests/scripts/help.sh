#!/usr/bin/env bash
# Help and version: every subcommand of "labataille help" answers CMD --help and help CMD alike.
# Usage: help.sh PROGRAM VERSION (run from the project root by ctest).
set -u
prog=$1 version=$2
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

out=$("$prog" --version); rc=$?
[ "$rc" = 0 ] || fail "--version exits $rc"
[ "$out" = "labataille $version" ] || fail "--version prints '$out', expected 'labataille $version'"

list=$("$prog" help) || fail "help exits non-zero"
[ "$("$prog" --help)" = "$list" ] || fail "--help differs from help"
"$prog" >/dev/null 2>&1; rc=$?
[ "$rc" = 2 ] || fail "no command exits $rc, expected 2"
# the subcommands: "  labataille NAME   summary" lines, less help and --version
commands=$(printf '%s\n' "$list" | awk '/^  labataille / && $2 !~ /^(help|--version)$/ {print $2}')
[ "$(printf '%s\n' "$commands" | wc -l)" -ge 8 ] || fail "help lists too few commands: $commands"
# the computer player's commands (issue 18): selfplay, and play --ai with its level and budget
printf '%s\n' "$commands" | grep -qx selfplay || fail "help does not list selfplay"
for opt in --ai --level --budget; do
    "$prog" play --help | grep -q -- "^  $opt " || fail "play --help does not explain $opt"
done

for cmd in $commands; do
    a=$("$prog" "$cmd" --help); rc=$?
    [ "$rc" = 0 ] || fail "$cmd --help exits $rc"
    [ "$("$prog" help "$cmd")" = "$a" ] || fail "help $cmd differs from $cmd --help"
    # --help wins over anything else on the line
    [ "$("$prog" "$cmd" no-such-file --no-such-option --help)" = "$a" ] ||
        fail "$cmd: --help after bad arguments is not the help"
    first=$(printf '%s\n' "$a" | sed -n 1p)
    case $first in "usage: labataille $cmd"*) ;; *) fail "$cmd: first line '$first'" ;; esac
    paragraph=$(printf '%s\n' "$a" | sed -n 3p)
    [ "${#paragraph}" -ge 20 ] || fail "$cmd: no paragraph after the usage line"
    for common in --json --strict --dice --seed --help; do
        printf '%s\n' "$a" | grep -q -- "^  $common" || fail "$cmd --help does not list $common"
    done
    # every option in the usage line is explained under options
    for opt in $(printf '%s\n' "$first" | grep -o -- '--[a-z]*' | sort -u); do
        printf '%s\n' "$a" | grep -q -- "^  $opt" || fail "$cmd --help: $opt is not explained"
    done
done

"$prog" help no-such-command >/dev/null 2>&1; rc=$?
[ "$rc" = 2 ] || fail "help of an unknown command exits $rc, expected 2"
"$prog" --version extra >/dev/null 2>&1; rc=$?
[ "$rc" = 2 ] || fail "--version with an argument exits $rc, expected 2"

[ "$failures" = 0 ] && echo "help: $(printf '%s\n' "$commands" | wc -l) commands checked"
exit $((failures > 0))
