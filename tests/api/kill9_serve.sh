#!/bin/bash
# kill -9 of `labataille serve` in the middle of a stream of decisions sent over HTTP, then a
# restart on the same store: every decision answered 200 is in the journal at its place, none
# twice, at most the one in flight beyond them, and the game replays (`labataille replay`).
#   kill9_serve.sh BIN WEB              one server on a SQLite file
#   kill9_serve.sh BIN WEB postgresql   two servers on the PostgreSQL store of
#                                       tests/store/with_postgres.sh, the decisions sent to each
#                                       in turn; one is killed, the other goes on, then a restart
set -euo pipefail
bin=$1
web=$2
dir=$(mktemp -d)
db=$dir/games.db
[ "${3-}" = postgresql ] && db=$LB_TEST_PG_URI
. "$(dirname "$0")/serve_lib.sh"
trap 'kill_servers; rm -rf "$dir"' EXIT
: >"$dir/log"

servers=(a)
[ "${3-}" = postgresql ] && servers=(a b)
for s in "${servers[@]}"; do serve "$s"; done
token=$(new_hotseat "$base_a")
game=$(tail -n +2 <<<"$(http GET "$base_a/api/g/$token")" | jq -r .game)

# the stream: a decision at a time, to each server in turn, until one does not answer; it is
# killed 0 to 0.6 s after the fifth answer
stream() {
  local seq=0 key i=0 status base
  key=$(tail -n +2 <<<"$(http GET "$base_a/api/g/$token")" | next_key)
  while [ -n "$key" ]; do
    local name=${servers[$((i % ${#servers[@]}))]}
    eval "base=\$base_$name"
    status=$(decide "$base" "$token" "$seq" "$key")
    [ "$status" = 200 ] || return 0
    seq=$(jq -r .seq "$dir/answer")
    key=$(next_key <"$dir/answer")
    i=$((i + 1))
  done
}
stream &
client=$!
for _ in $(seq 300); do [ "$(grep -c '^200 ' "$dir/log" || true)" -ge 5 ] && break; sleep 0.05; done
sleep "0.$(printf '%03d' $((RANDOM % 600)))"
kill -9 "${serve_pid[a]}"
wait "${serve_pid[a]}" 2>/dev/null || true
unset "serve_pid[a]"
wait "$client"
answered=$(grep -c '^200 ' "$dir/log" || true)
[ "$answered" -gt 3 ] || fail "only $answered decisions answered before the kill: $(tail -3 "$dir/log")"
tail -1 "$dir/log" | grep -q '^000 ' || fail "the stream did not end on the killed server: $(tail -1 "$dir/log")"

if [ "${3-}" = postgresql ]; then
  # the other server goes on from the store: ten more decisions answered 200; it answers 409 with
  # the game as the store has it when the decision in flight at the kill was saved
  seq=$(awk '$1 == 200 { s = $4 } END { print s }' "$dir/log")
  key=$(next_key <"$dir/answer")
  [ -s "$dir/answer" ] || key=$(awk '$1 == "000" { k = $3 } END { print k }' "$dir/log")
  done=0
  for _ in $(seq 30); do
    status=$(decide "$base_b" "$token" "$seq" "$key")
    case $status in
      200) seq=$(jq -r .seq "$dir/answer"); key=$(next_key <"$dir/answer"); done=$((done + 1)) ;;
      409) seq=$(jq -r .view.seq "$dir/answer"); key=$(jq .view "$dir/answer" | next_key) ;;
      *) fail "b after the kill: $status $(cat "$dir/answer")" ;;
    esac
    [ $done = 10 ] && break
  done
  [ $done = 10 ] || fail "b answered $done decisions after the kill: $(tail -3 "$dir/log")"
fi

serve c
n=$(check_journal "$base_c" "$token")
stop_all
"$bin" replay "$game" --db "$db" >"$dir/replay.txt" || fail "replay: $(cat "$dir/replay.txt")"
grep -q "journal $n of $n entries" "$dir/replay.txt" || fail "replay of $n entries: $(head -1 "$dir/replay.txt")"
echo "killed after $answered decisions answered 200; journal $n on restart, replayed"
