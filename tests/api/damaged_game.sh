#!/bin/bash
# A damaged game in a SQLite store (its saved state hash changed; another's journal holding a
# decision the rules refuse): the server answers each with a 500 "damaged-game" naming the game,
# for its view and its decisions alike, and goes on serving the healthy game beside them.
#   damaged_game.sh BIN WEB
set -euo pipefail
bin=$1
web=$2
dir=$(mktemp -d)
db=$dir/games.db
. "$(dirname "$0")/serve_lib.sh"
trap 'kill_servers; rm -rf "$dir"' EXIT
: >"$dir/log"

serve a
tokens=() games=()
for i in 1 2 3; do
  t=$(new_hotseat "$base_a")
  tokens+=("$t")
  games+=("$(tail -n +2 <<<"$(http GET "$base_a/api/g/$t")" | jq -r .game)")
  seq=0
  for _ in 1 2 3; do
    key=$(tail -n +2 <<<"$(http GET "$base_a/api/g/$t")" | next_key)
    [ "$(decide "$base_a" "$t" "$seq" "$key")" = 200 ] || fail "decision: $(cat "$dir/answer")"
    seq=$((seq + 1))
  done
done
stop_all

# the first: its last row's state hash (rows count from 0) is not the state its journal replays to;
# the second: its second decision is one the rules refuse
sqlite3 "$db" "UPDATE journal SET hash = '0123456789abcdef' WHERE game = ${games[0]} AND seq = 2;"
sqlite3 "$db" "UPDATE journal SET entry = replace(entry, '\"key\":\"', '\"key\":\"no-such-') WHERE game = ${games[1]} AND seq = 1;"
[ "$(sqlite3 "$db" "SELECT count(*) FROM journal WHERE game = ${games[1]} AND entry LIKE '%no-such-%'")" = 1 ] ||
  fail "game 2's journal row was not changed: $(sqlite3 "$db" "SELECT entry FROM journal WHERE game = ${games[1]}")"

serve b
for i in 0 1; do
  for route in view decide; do
    if [ $route = view ]; then out=$(http GET "$base_b/api/g/${tokens[$i]}")
    else out=$(http POST "$base_b/api/g/${tokens[$i]}/decide" '{"seq":3,"key":"end"}'); fi
    [ "$(head -1 <<<"$out")" = 500 ] || fail "damaged game ${games[$i]}'s $route: $out"
    [ "$(tail -n +2 <<<"$out" | jq -r .error.code)" = damaged-game ] || fail "$route: $out"
    tail -n +2 <<<"$out" | jq -r .error.message | grep -q "^game ${games[$i]} cannot be opened" ||
      fail "the error does not name game ${games[$i]}: $out"
  done
  grep -q "game ${games[$i]}: " "$dir/b.err" || fail "the log does not name game ${games[$i]}: $(cat "$dir/b.err")"
done
# the healthy game is served: its view, and a decision
view=$(http GET "$base_b/api/g/${tokens[2]}")
[ "$(head -1 <<<"$view")" = 200 ] && [ "$(tail -n +2 <<<"$view" | jq -r .seq)" = 3 ] ||
  fail "the healthy game: $view"
key=$(tail -n +2 <<<"$view" | next_key)
[ "$(decide "$base_b" "${tokens[2]}" 3 "$key")" = 200 ] || fail "the healthy game's decision: $(cat "$dir/answer")"
stop_all
sqlite3 "$db" "SELECT seq FROM games WHERE id = ${games[0]}" | grep -qx 3 || fail "damaged game 1 changed"
echo "games ${games[0]} and ${games[1]} answered damaged-game; game ${games[2]} served"
