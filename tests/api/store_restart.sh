#!/bin/bash
# The PostgreSQL server stopped and started again under a stream of decisions sent to two
# `labataille serve` processes in turn (run by tests/store/with_postgres.sh): while it is down each
# server answers a clean 503 JSON error (store-unavailable) to decisions, new games and links it
# has not seen, and nothing changes; once it is back the same decisions succeed; every one
# answered 200 is in the journal at its place, none twice, and the game replays.
#   store_restart.sh BIN WEB
set -euo pipefail
bin=$1
web=$2
dir=$(mktemp -d)
db=$LB_TEST_PG_URI
. "$(dirname "$0")/serve_lib.sh"
client=
trap '[ -n "$client" ] && kill "$client" 2>/dev/null; kill_servers; rm -rf "$dir"' EXIT
: >"$dir/log"

serve a
serve b
token=$(new_hotseat "$base_a")
game=$(tail -n +2 <<<"$(http GET "$base_a/api/g/$token")" | jq -r .game)
unseen=$(sed -n 's#^  french *http://[^/]*/g/\([A-Za-z0-9_-]*\)$#\1#p' "$dir/a.out")

# the stream: to a and b in turn until $dir/stop; a 503 is sent again a moment later, a 409
# goes on from the view it carries; anything else is a failure written to $dir/bad
stream() {
  local seq=0 key i=0 status base name
  key=$(tail -n +2 <<<"$(http GET "$base_a/api/g/$token")" | next_key)
  while [ ! -e "$dir/stop" ] && [ -n "$key" ]; do
    name=$([ $((i % 2)) = 0 ] && echo a || echo b)
    eval "base=\$base_$name"
    status=$(decide "$base" "$token" "$seq" "$key")
    i=$((i + 1))
    case $status in
      200) seq=$(jq -r .seq "$dir/answer"); key=$(next_key <"$dir/answer") ;;
      409) seq=$(jq -r .view.seq "$dir/answer"); key=$(jq .view "$dir/answer" | next_key) ;;
      503) [ "$(jq -r '.error.status, .error.code' "$dir/answer" 2>/dev/null)" = $'503\nstore-unavailable' ] ||
             { echo "503 without the error shape: $(cat "$dir/answer")" >"$dir/bad"; return; }
           sleep 0.05 ;;
      *) echo "$name answered $status: $(cat "$dir/answer")" >"$dir/bad"; return ;;
    esac
  done
}
stream &
client=$!
for _ in $(seq 300); do [ "$(grep -c '^200 ' "$dir/log" || true)" -ge 5 ] && break; sleep 0.05; done
before=$(grep -c '^200 ' "$dir/log" || true)
"$LB_TEST_PG_CTL" stop
echo "--- stopped" >>"$dir/log"
sleep 1
# while it is down: clean 503s, with the JSON error shape
expect_503() {
  [ "$(head -1 <<<"$1")" = 503 ] || fail "$2 while the store is down: $1"
  [ "$(tail -n +2 <<<"$1" | jq -r '.error.status, .error.code')" = $'503\nstore-unavailable' ] ||
    fail "$2: $1"
}
expect_503 "$(http POST "$base_b/api/games" '{"scenario":"demo","mode":"hotseat"}')" "a new game"
expect_503 "$(http GET "$base_b/api/g/$unseen")" "a link b has not seen"
# a's view: from memory (200), or a 503 when a refused decision of the stream left a's copy to be
# reloaded from the store; a decision: a 503 either way, and nothing changes
view=$(http GET "$base_a/api/g/$token")
seq=$(awk '$1 == 200 { s = $4 } END { print s }' "$dir/log")
key=end
case $(head -1 <<<"$view") in
  200) seq=$(tail -n +2 <<<"$view" | jq -r .seq); key=$(tail -n +2 <<<"$view" | next_key) ;;
  503) expect_503 "$view" "a's view" ;;
  *) fail "a's view while the store is down: $view" ;;
esac
expect_503 "$(http POST "$base_a/api/g/$token/decide" "{\"seq\":$seq,\"key\":\"$key\"}")" "a decision"
view=$(http GET "$base_a/api/g/$token")
[ "$(head -1 <<<"$view")" = 503 ] || [ "$(tail -n +2 <<<"$view" | jq -r .seq)" -le "$seq" ] ||
  fail "the refused decision shows in a's view: $view"
down=$(sed -n '/^--- stopped/,$p' "$dir/log" | grep -c '^503 ' || true)
"$LB_TEST_PG_CTL" start
echo "--- started" >>"$dir/log"
for _ in $(seq 100); do
  [ "$(sed -n '/^--- started/,$p' "$dir/log" | grep -c '^200 ' || true)" -ge 10 ] && break
  [ -e "$dir/bad" ] && break
  sleep 0.1
done
touch "$dir/stop"
wait "$client"
client=
[ ! -e "$dir/bad" ] || fail "the stream: $(cat "$dir/bad")"
after=$(sed -n '/^--- started/,$p' "$dir/log" | grep -c '^200 ' || true)
[ "$before" -ge 3 ] || fail "only $before decisions answered before the stop"
[ "$down" -ge 1 ] || fail "no decision of the stream was refused while the store was down"
[ "$after" -ge 10 ] || fail "only $after decisions answered 200 after the restart: $(tail -3 "$dir/log")"

grep -v '^---' "$dir/log" >"$dir/log2" && mv "$dir/log2" "$dir/log"
# the journal as the store has it, from a server that has not seen the game yet (a and b each
# hold a copy that lags the other's last answers)
serve c
n=$(check_journal "$base_c" "$token")
last=$(awk '$1 == 200 { s = $4 } END { print s }' "$dir/log")
[ "$n" = "$last" ] || fail "the journal has $n entries; the last decision answered 200 made it $last"
stop_all
"$bin" replay "$game" --db "$db" >"$dir/replay.txt" || fail "replay: $(cat "$dir/replay.txt")"
grep -q "journal $n of $n entries" "$dir/replay.txt" || fail "replay of $n entries: $(head -1 "$dir/replay.txt")"
echo "$before decisions answered before the stop, $down refused with 503 while down, $after after; journal $n replayed"
