#!/bin/bash
# make soak: random players play games of the demo through the engine, each decision committed to
# a store, the memory sampled as they go (it must stay flat after the warm-up); then every game is
# reopened from the store and replays to the state hash it was played to. On a SQLite file for
# SOAK_SECONDS, then the same games on a PostgreSQL server of its own; both stores must give the
# same games (the same digest of their state hashes).
#   soak.sh BUILD_DIR
# Settings (environment): SOAK_SECONDS (600), SOAK_GAMES (1000), SOAK_SAMPLE (50 games between
# memory samples), SOAK_RSS_BOUND_KIB (8192: the growth allowed after the warm-up, the first
# tenth of the games).
set -euo pipefail
build=$1
seconds=${SOAK_SECONDS:-600}
games=${SOAK_GAMES:-1000}
every=${SOAK_SAMPLE:-50}
bound=${SOAK_RSS_BOUND_KIB:-8192}
here=$(cd "$(dirname "$0")/../.." && pwd)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

# each part runs whatever the other gave; the soak fails at the end when one failed
rc=0
echo "== soak on SQLite: $games games or more, for $seconds s"
"$build/soak_games" "$dir/soak.db" "$games" "$seconds" "$every" "$bound" | tee "$dir/sqlite.txt" ||
  rc=1
echo "== the first $games games on PostgreSQL"
bash "$here/tests/store/with_postgres.sh" --durable bash -c \
  '"$0" "$LB_TEST_PG_URI" "$1" 0 "$2" "$3"' "$build/soak_games" "$games" "$every" "$bound" |
  tee "$dir/postgresql.txt" || rc=1
# the same seeds give the same games in both stores
a=$(grep -o 'digest [0-9a-f]*' "$dir/sqlite.txt")
b=$(grep -o 'digest [0-9a-f]*' "$dir/postgresql.txt")
[ -n "$a" ] && [ "$a" = "$b" ] || { echo "FAIL: SQLite's first $games games $a, PostgreSQL's $b" >&2; exit 1; }
echo "both stores: the same first $games games ($a)"
[ $rc = 0 ] || { echo "FAIL: the soak (see above)" >&2; exit 1; }
