#!/bin/bash
# A game against the computer, saved and reopened, goes on against it: `play --ai austrian
# --level quick --db DB` saves the players with the game; `play --db DB --game 1` (no --ai) says
# the computer plays the Austrians and the computer answers their decisions; `games` lists the
# players. `games` and `replay` refuse a store file that is not there and make none; `replay --to`
# past the end names the journal's length.
#   resume.sh BIN
set -eu
bin=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "resume: $*" >&2; exit 1; }
db=$dir/games.db
printf 'end\nquit\n' > "$dir/first.txt"
"$bin" play --ai austrian --level quick --db "$db" --seed 5 --script "$dir/first.txt" \
  > "$dir/first.out"
grep -qx 'game 1 in .*games.db' "$dir/first.out" || fail "not saved: $(head -3 "$dir/first.out")"
# seed 5: the French end their Charge segment (entry 1) and, reopened, their Movement segment;
# the Austrian Defensive Fire that follows is the computer's, answered without a person
printf 'end\nquit\n' > "$dir/again.txt"
"$bin" play --db "$db" --game 1 --script "$dir/again.txt" > "$dir/again.out"
sed -n 2p "$dir/again.out" | grep -qx 'the computer plays austrian (quick), as when the game was made' ||
  fail "banner: $(head -3 "$dir/again.out")"
grep -q '^austrian (computer, quick) ' "$dir/again.out" ||
  fail "the computer did not answer: $(grep -m3 austrian "$dir/again.out")"
"$bin" games --db "$db" > "$dir/games.out"
grep -qx '       players: side 1 a person, side 2 the computer (quick)' "$dir/games.out" ||
  fail "games: $(cat "$dir/games.out")"
[ "$("$bin" games --db "$db" --json | tr -d ' \n' | grep -o '"players":\[[^]]*\]')" = \
  '"players":["","computer:quick"]' ] || fail "games --json: no players"
# replay says which decisions the computer took
"$bin" replay 1 --db "$db" > "$dir/replay.out"
grep -q '^ *[0-9]*  austrian: action -> .* (the computer, quick)$' "$dir/replay.out" ||
  fail "replay: $(cat "$dir/replay.out")"
grep -q '^ *0  french: action -> end (player)$' "$dir/replay.out" || fail "replay: $(head -2 "$dir/replay.out")"
# replay --to past the end names the journal's length (it said "from 0 to 0", the journal
# released before the message read it)
seq=$("$bin" games --db "$db" --json | tr -d ' \n' | grep -o '"seq":[0-9]*' | grep -o '[0-9]*$')
[ "$seq" -gt 1 ] || fail "journal of $seq entries"
rc=0
"$bin" replay 1 --db "$db" --to 999 > /dev/null 2> "$dir/to.err" || rc=$?
[ $rc = 2 ] && grep -qxF "labataille replay: --to: expected an entry from 0 to $seq, found \"999\"" \
  "$dir/to.err" || fail "replay --to 999: exit $rc, $(cat "$dir/to.err")"
# a misspelt store is refused, exit 1, and no file appears
for cmd in "games" "replay 1"; do
  rc=0
  $bin $cmd --db "$dir/typo.db" > "$dir/typo.out" 2> "$dir/typo.err" || rc=$?
  [ $rc = 1 ] || fail "$cmd --db typo.db: exit $rc"
  grep -qF "typo.db: No such file or directory (no store there" "$dir/typo.err" ||
    fail "$cmd --db typo.db: $(cat "$dir/typo.err")"
  [ ! -e "$dir/typo.db" ] || fail "$cmd --db typo.db made the file"
done
echo "resume: a saved game against the computer goes on against it; games lists its players"
