#!/bin/bash
# Load on loopback with wrk against `labataille serve` processes of a build: reads of a game's view
# (requests/s, p50, p99), plain and gzip-compressed (Accept-Encoding: gzip), then decisions with
# their commits (bench/load/decide.lua), on a SQLite file with one server, then on a PostgreSQL
# server of its own (flushing every commit) with two servers, each loaded by its own wrk at the
# same time (the sum is the store's rate).
#   load_http.sh BUILD_DIR [SECONDS]      SECONDS per measure (default 10)
set -euo pipefail
build=$(cd "$1" && pwd)
seconds=${2:-10}
here=$(cd "$(dirname "$0")/../.." && pwd)
command -v wrk >/dev/null || { echo "load_http.sh: wrk is needed (Debian: apt-get install wrk)" >&2; exit 1; }

dir=$(mktemp -d)
pids=()
trap 'for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; rm -rf "$dir"' EXIT

# serve NAME DB: a server; its address in base_NAME. wrk's connections all come from 127.0.0.1
# and make a game after each game played: the per-address caps and the quotas of new games are
# raised past what a run makes
many=100000000
limits=games=$many,address-games=$many,bytes=$((many * 1000)),address-bytes=$((many * 1000))
limits=$limits,address-connections=100000
serve() {
  "$build/labataille" serve --db "$2" --port 0 --seed 7 --web "$here/web" --limit "$limits" \
    >"$dir/$1.out" 2>"$dir/$1.err" &
  pids+=($!)
  for _ in $(seq 200); do grep -q spectator "$dir/$1.out" 2>/dev/null && break; sleep 0.05; done
  eval "base_$1=$(sed -n 's#^labataille serve: \(http://[^/]*\)/.*#\1#p' "$dir/$1.out")"
}
hotseat() {
  curl -s -X POST "$1/api/games" -d '{"scenario":"demo","mode":"hotseat","seed":3}' |
    sed -n 's#.*"both":"/g/\([^"]*\)".*#\1#p'
}
# the figures of a wrk run: requests/s, the latency's p50 and p99, bytes/s, and the script's line
figures() {
  local rate p50 p99 bytes
  rate=$(awk '/^Requests\/sec/ { print $2 }' "$1")
  p50=$(awk '$1 == "50%" { print $2 }' "$1")
  p99=$(awk '$1 == "99%" { print $2 }' "$1")
  bytes=$(awk '/^Transfer\/sec/ { print $2 }' "$1")
  echo "$rate requests/s, p50 $p50, p99 $p99, $bytes/s"
  grep -E '^decisions answered|Non-2xx|Socket errors' "$1" || true
}

if [ "${LOAD_PART-}" = postgresql ]; then
  serve a "$LB_TEST_PG_URI"
  serve b "$LB_TEST_PG_URI"
  token=$(hotseat "$base_a")
  echo "-- reads of one game's view, wrk -t1 -c16 -d${seconds}s on each of the two servers at once"
  wrk -t1 -c16 -d"${seconds}s" --latency "$base_a/api/g/$token" >"$dir/ra.txt" &
  other=$!
  wrk -t1 -c16 -d"${seconds}s" --latency "$base_b/api/g/$token" >"$dir/rb.txt"
  wait "$other"
  echo "server a: $(figures "$dir/ra.txt")"
  echo "server b: $(figures "$dir/rb.txt")"
  echo "-- decisions, wrk -t2 -c2 -d${seconds}s -s decide.lua on each of the two servers at once"
  wrk -t2 -c2 -d"${seconds}s" --latency -s "$here/bench/load/decide.lua" "$base_a" >"$dir/da.txt" &
  other=$!
  wrk -t2 -c2 -d"${seconds}s" --latency -s "$here/bench/load/decide.lua" "$base_b" >"$dir/db.txt"
  wait "$other"
  echo "server a: $(figures "$dir/da.txt")"
  echo "server b: $(figures "$dir/db.txt")"
  exit 0
fi

echo "== SQLite, one server"
serve s "$dir/load.db"
token=$(hotseat "$base_s")
echo "-- reads of one game's view (48 KB), wrk -t2 -c32 -d${seconds}s"
wrk -t2 -c32 -d"${seconds}s" --latency "$base_s/api/g/$token" >"$dir/r.txt"
figures "$dir/r.txt"
echo "-- the same view gzip-compressed (about 7 KB), wrk -t2 -c32 -d${seconds}s -H 'Accept-Encoding: gzip'"
wrk -t2 -c32 -d"${seconds}s" --latency -H 'Accept-Encoding: gzip' "$base_s/api/g/$token" >"$dir/rz.txt"
figures "$dir/rz.txt"
grep -q '^Content-Encoding: gzip' <(curl -s -D - -o /dev/null -H 'Accept-Encoding: gzip' "$base_s/api/g/$token" | tr -d '\r') ||
  echo "(this build sends the view plain: no Content-Encoding: gzip)"
echo "-- reads of the journal, wrk -t2 -c32 -d${seconds}s"
wrk -t2 -c32 -d"${seconds}s" --latency "$base_s/api/g/$token/journal" >"$dir/j.txt"
figures "$dir/j.txt"
echo "-- the HTTP stack's ceiling here: a 404 of 80 bytes, wrk -t2 -c32 -d${seconds}s"
wrk -t2 -c32 -d"${seconds}s" --latency "$base_s/api/none" >"$dir/n.txt"
figures "$dir/n.txt"
echo "-- decisions, wrk -t4 -c4 -d${seconds}s -s decide.lua (4 games at a time)"
wrk -t4 -c4 -d"${seconds}s" --latency -s "$here/bench/load/decide.lua" "$base_s" >"$dir/d.txt"
figures "$dir/d.txt"
echo "-- a view and the stop (SIGTERM to exit) with 64 event streams open on one game"
for _ in $(seq 64); do
  curl -s -N -m 60 "$base_s/api/g/$token/events" >/dev/null &
  pids+=($!)
done
sleep 1
start=$(date +%s%N)
curl -s -o /dev/null "$base_s/api/g/$token"
echo "a view: $(( ($(date +%s%N) - start) / 1000 )) us"
start=$(date +%s%N)
kill "${pids[0]}"
wait "${pids[0]}" 2>/dev/null || true
echo "the stop: $(( ($(date +%s%N) - start) / 1000000 )) ms"
echo "== PostgreSQL (every commit flushed), two servers"
LOAD_PART=postgresql bash "$here/tests/store/with_postgres.sh" --durable bash "$0" "$build" "$seconds"
