#!/usr/bin/env bash
# Rule -> code -> test, by machine: every ruling of docs/rulings.md is cited in the code (src/,
# cli/ for the rulings about answers' form, server/ for the web game's, web/ for the page's) and
# exercised by a test (the "ruling" of a rule case or golden trace, or cited in a cmocka test:
# tests/unit/, the store's tests/store/, the HTTP API's tests/api/; or in a browser test of the
# page, tests/browser/). Lists every ruling that is not, and fails
# then. A citation is the whole id ("R-LOS-1" is not in "R-LOS-12"); a range such as
# "R-LOS-1..12" cites none of its members. A ruling that docs/rulings.md itself marks "*Not
# implemented yet*" is listed as such and does not fail the check (it must then not be cited as
# implemented).
# Usage: rulings.sh (run from the project root by ctest).
set -u
ids() { grep -ohE 'R-[A-Z]+-[0-9]+(\.\.)?' "$@" 2>/dev/null | grep -v '\.\.$' | sort -u; }

defined=$(grep -oE '^- R-[A-Z]+-[0-9]+\.' docs/rulings.md | sed 's/^- //; s/\.$//' | sort -u)
[ -n "$defined" ] || { echo "FAIL: no ruling found in docs/rulings.md"; exit 1; }
in_src=$(ids -r --include='*.c' --include='*.h' --include='*.js' src cli server web)
# rulings whose paragraph says "*Not implemented yet*"
pending=$(awk '/^- R-[A-Z]+-[0-9]+\./ { id = $2; sub(/\.$/, "", id) }
               /^(#|$)/ { id = "" }
               id != "" && /\*Not implemented yet\*/ { print id }' docs/rulings.md | sort -u)
in_cases=$(cat tests/cases/*.json tests/golden/*.json 2>/dev/null |
           grep -ohE '"ruling": *"R-[A-Z]+-[0-9]+"' |
           grep -oE 'R-[A-Z]+-[0-9]+' | sort -u)
in_units=$(ids tests/unit/*.c tests/store/*.c tests/api/*.c tests/browser/*.mjs)
tested=$(printf '%s\n%s\n' "$in_cases" "$in_units" | sort -u)

missing=0
for id in $pending; do
    if printf '%s\n' "$in_src" | grep -qxF "$id"; then
        echo "$id: marked not implemented in docs/rulings.md, yet cited in the code"
        missing=$((missing + 1))
    else
        echo "$id: not implemented yet (docs/rulings.md says so)"
    fi
done
for id in $defined; do
    printf '%s\n' "$pending" | grep -qxF "$id" && continue
    why=
    printf '%s\n' "$in_src" | grep -qxF "$id" || why="not cited in src/, cli/, server/ or web/"
    printf '%s\n' "$tested" | grep -qxF "$id" ||
        why="${why:+$why; }not exercised by a test (no case names it, no unit test cites it)"
    if [ -n "$why" ]; then
        echo "$id: $why"
        missing=$((missing + 1))
    fi
done
# and the other way: every ruling a case names is defined (the case runner checks it too)
for id in $in_cases; do
    printf '%s\n' "$defined" | grep -qxF "$id" || { echo "$id: named by a case, not defined"; missing=$((missing + 1)); }
done
total=$(printf '%s\n' "$defined" | wc -l)
if [ "$missing" -gt 0 ]; then
    echo "FAIL: $missing of $total rulings are not cited in the code and exercised by a test"
    exit 1
fi
echo "rulings: $total defined, all cited in the code and exercised by a test but $(printf '%s' "$pending" | grep -c .) marked not implemented"
