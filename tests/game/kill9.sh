#!/bin/bash
# A save survives kill -9 of `play --script` at a random point: the reopened game replays and
# holds every decision that play had reported as accepted (each one is a transaction).
#   kill9.sh BIN              a SQLite file
#   kill9.sh BIN postgresql   the database of tests/store/with_postgres.sh ($LB_TEST_PG_URI)
set -eu
bin=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
db=$dir/games.db
[ "${2-}" = postgresql ] && db=$LB_TEST_PG_URI
for i in $(seq 4000); do echo end; echo undo; done > "$dir/script.txt"
"$bin" play --db "$db" --seed 5 --script "$dir/script.txt" > "$dir/out.txt" 2>&1 &
pid=$!
for _ in $(seq 200); do grep -q accepted "$dir/out.txt" && break; sleep 0.01; done
sleep "0.$(printf '%03d' $((RANDOM % 400)))"
kill -9 "$pid"
wait "$pid" 2>/dev/null || true
printed=$(grep -o 'accepted (journal [0-9]*)' "$dir/out.txt" | tail -1 | grep -o '[0-9]*' || echo 0)
saved=$("$bin" games --db "$db" --json | grep -o '"seq": [0-9]*' | grep -o '[0-9]*')
echo "killed after $printed reported rows; $saved rows saved"
[ "$printed" -gt 0 ]
# every reported decision is saved; at most the one being reported when the kill came is more
[ "$saved" -ge "$printed" ] && [ "$saved" -le $((printed + 1)) ]
"$bin" replay 1 --db "$db" > "$dir/replay.txt"
grep -q "journal $saved of $saved entries" "$dir/replay.txt"
echo score > "$dir/again.txt"
"$bin" play --db "$db" --game 1 --script "$dir/again.txt" | grep -q "journal $saved"
