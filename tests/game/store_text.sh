#!/bin/bash
# What a store's rows hold is shown as printable text: a SQLite file whose game title and summary
# were written with ESC [ 2 J, BEL, a byte that is not UTF-8 and U+009B (CSI) is listed by `games`
# with those escaped (\u001B, \u0007, \xff, \u009B), never raw.
#   store_text.sh BIN
set -euo pipefail
bin=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

printf 'end\nquit\n' >"$dir/script.txt"
"$bin" play --db "$dir/games.db" --seed 1 --script "$dir/script.txt" >/dev/null
sqlite3 "$dir/games.db" "UPDATE games SET title = 'Bad' || char(27) || '[2J' || char(7) || \
  CAST(X'FF' AS TEXT) || 'end', summary = 'x' || char(155) || '[2J'"
"$bin" games --db "$dir/games.db" >"$dir/out" 2>"$dir/err" || fail "games: $(cat "$dir/err")"
! grep -q $'\e' "$dir/out" || fail "ESC reached the terminal: $(cat -A "$dir/out")"
! grep -q $'\a' "$dir/out" || fail "BEL reached the terminal: $(cat -A "$dir/out")"
! grep -q $'\xc2\x9b' "$dir/out" || fail "U+009B reached the terminal: $(cat -A "$dir/out")"
grep -qF 'Bad\u001B[2J\u0007\xffend' "$dir/out" || fail "the title: $(cat -A "$dir/out")"
grep -qF 'x\u009B[2J' "$dir/out" || fail "the summary: $(cat -A "$dir/out")"
echo "the store's text is shown escaped"
