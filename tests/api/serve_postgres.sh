#!/bin/bash
# Two `labataille serve` processes on one PostgreSQL store (run by tests/store/with_postgres.sh,
# which gives $LB_TEST_PG_URI): each prints the store's address with its password hidden; each
# answers the links the other made (links and each game's hosting live in the store, R-GAME-16,
# R-WEB-1); the same answer at the same journal length sent to both: the first 200, the second
# 409 (the store refuses its rows; that server reloads the game and shows it as it now is).
#   serve_postgres.sh BIN WEB
set -euo pipefail
bin=$1
web=$2
dir=$(mktemp -d)
pids=()
trap 'for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; rm -rf "$dir"' EXIT
# the test server trusts its user: a password in the address is accepted and must never show
uri=${LB_TEST_PG_URI/postgresql:\/\/lb@/postgresql:\/\/lb:s3cret-pw@}
[ "$uri" != "$LB_TEST_PG_URI" ]

fail() { echo "FAIL: $*" >&2; exit 1; }

# serve NAME: starts a server, waits for its links; $base_NAME, and the output in $dir/NAME.out
serve() {
  "$bin" serve --db "$uri" --port 0 --seed 7 --web "$web" > "$dir/$1.out" 2> "$dir/$1.err" &
  pids+=($!)
  for _ in $(seq 300); do grep -q spectator "$dir/$1.out" 2>/dev/null && break; sleep 0.05; done
  grep -q spectator "$dir/$1.out" || fail "$1 printed no links: $(cat "$dir/$1.out" "$dir/$1.err")"
  eval "base_$1=$(sed -n 's#^labataille serve: \(http://[^/]*\)/.*#\1#p' "$dir/$1.out")"
}
link() { sed -n "s#^  $2 *http://[^/]*/g/\([A-Za-z0-9_-]*\)\$#\1#p" "$dir/$1.out"; }
# http METHOD URL [BODY]: the status on the first line, the body after it
http() {
  curl -s -o "$dir/body" -w '%{http_code}\n' -X "$1" ${3:+-H 'Content-Type: application/json' --data "$3"} "$2"
  cat "$dir/body"
}

serve a
serve b
for s in a b; do
  grep -q "games saved in postgresql://lb:\*\*\*@/lb?host=" "$dir/$s.out" ||
    fail "$s does not name the store with its password hidden: $(head -1 "$dir/$s.out")"
  ! grep -q s3cret "$dir/$s.out" "$dir/$s.err" || fail "$s printed the password"
done

fr=$(link a french)
spectator=$(link a spectator)
[ ${#fr} = 32 ] && [ ${#spectator} = 32 ] || fail "a's links: $(cat "$dir/a.out")"
# b answers a's links: the same game, the role each link names
out=$(http GET "$base_b/api/g/$fr")
[ "$(head -1 <<<"$out")" = 200 ] || fail "b on a's French link: $out"
[ "$(tail -n +2 <<<"$out" | jq -r '.role, .seq')" = $'french\n0' ] || fail "b's view: $out"
out=$(http GET "$base_b/api/g/$spectator")
[ "$(tail -n +2 <<<"$out" | jq -r .role)" = spectator ] || fail "b on a's spectator link: $out"
# the French end their Charge segment on a, then the same answer at 0 on b
out=$(http POST "$base_a/api/g/$fr/decide" '{"seq":0,"key":"end"}')
[ "$(head -1 <<<"$out")" = 200 ] || fail "a's decide: $out"
out=$(http POST "$base_b/api/g/$fr/decide" '{"seq":0,"key":"end"}')
[ "$(head -1 <<<"$out")" = 409 ] || fail "b's decide at 0 after a's: $out"
[ "$(tail -n +2 <<<"$out" | jq -r .error.code)" = stale ] || fail "b's 409: $out"
out=$(http GET "$base_b/api/g/$fr")
[ "$(tail -n +2 <<<"$out" | jq -r '.seq, .segment')" = $'1\nmovement' ] || fail "b after: $out"
# both stop cleanly
for p in "${pids[@]}"; do kill -TERM "$p"; wait "$p" || fail "a server exited $?"; done
pids=()
head -1 "$dir/a.out"
echo "two servers on one PostgreSQL store: links shared, one 200 and one 409 for journal 0"
