#!/bin/bash
# A PostgreSQL password never shows (run by tests/store/with_postgres.sh, which gives
# $LB_TEST_PG_URI, a server that trusts its user whatever the password): `games`, `serve`, `play`
# and `replay` with the password in the user part and as a percent-encoded parameter
# (pass%77ord); the server's log and refusal when the database goes away; addresses libpq cannot
# read (its message quotes them) or whose server is not there; a keyword/value string, taken for
# a SQLite file's name. Each output and error is searched for the passwords.
#   secrets.sh BIN WEB
set -euo pipefail
bin=$(realpath "$1")
web=$2
dir=$(mktemp -d)
. "$(dirname "$0")/serve_lib.sh"
stopped=0 # the database server stopped by the test, started again on the way out
trap 'kill_servers; [ $stopped = 0 ] || "$LB_TEST_PG_CTL" start || true; rm -rf "$dir"' EXIT

# the passwords: each distinct, none a word of the answers
pw1=Pw1-s3cret-user-part
pw2=Pw2-s3cret-parameter
uri=${LB_TEST_PG_URI/postgresql:\/\/lb@/postgresql:\/\/lb:$pw1@}\&pass%77ord=$pw2
[ "$uri" != "$LB_TEST_PG_URI" ] || fail "the test's address is not postgresql://lb@…"
shown=${LB_TEST_PG_URI/postgresql:\/\/lb@/postgresql:\/\/lb:***@}\&pass%77ord=***

# never DIR: no file in dir holds a password
never() {
  local f
  for f in "$dir"/*.out "$dir"/*.err; do
    ! grep -q -e s3cret "$f" || fail "$f shows a password: $(grep -e s3cret "$f" | head -3)"
  done
}

# the store empty: games names it, its passwords hidden
"$bin" games --db "$uri" >"$dir/games-empty.out" 2>"$dir/games-empty.err"
[ "$(cat "$dir/games-empty.out")" = "no saved games in $shown" ] ||
  fail "games on an empty store: $(cat "$dir/games-empty.out" "$dir/games-empty.err")"

# the banner of serve, a game made through it, the games listed
db=$uri
serve a
grep -qF "games saved in $shown; Ctrl-C stops" "$dir/a.out" ||
  fail "serve's banner: $(head -1 "$dir/a.out")"
token=$(new_hotseat "$base_a")
"$bin" games --db "$uri" >"$dir/games.out" 2>"$dir/games.err"
grep -q 'Demo: the fight' "$dir/games.out" || fail "games: $(cat "$dir/games.out" "$dir/games.err")"

# the database goes away under the server: a decision answers 503 (whatever the server logs is
# searched below); a server started then is refused, naming the store as shown
"$LB_TEST_PG_CTL" stop
stopped=1
status=$(decide "$base_a" "$token" 0 end)
[ "$status" = 503 ] || fail "a decision with the database stopped answered $status"
rc=0
"$bin" serve --db "$uri" --port 0 --web "$web" >"$dir/down.out" 2>"$dir/down.err" || rc=$?
[ $rc = 1 ] || fail "serve with the database stopped: exit $rc"
grep -qF "labataille: $shown: cannot connect: " "$dir/down.err" ||
  fail "serve with the database stopped: $(cat "$dir/down.err")"
"$LB_TEST_PG_CTL" start
stopped=0
stop_all

# play saves a game there and says where; replay reads it back
printf 'end\nquit\n' >"$dir/script.txt"
"$bin" play --db "$uri" --seed 1 --script "$dir/script.txt" >"$dir/play.out" 2>"$dir/play.err"
grep -qF "in $shown" "$dir/play.out" || fail "play: $(head -3 "$dir/play.out")"
game=$(sed -n 's/^game \([0-9]*\) in .*/\1/p' "$dir/play.out")
"$bin" replay "$game" --db "$uri" >"$dir/replay.out" 2>"$dir/replay.err" ||
  fail "replay: $(cat "$dir/replay.err")"
"$bin" play --db "$uri" --game "$game" --script "$dir/script.txt" >"$dir/reopen.out" \
  2>"$dir/reopen.err" || fail "play --game: $(cat "$dir/reopen.err")"
grep -qF "game $game in $shown, journal 1" "$dir/reopen.out" ||
  fail "play --game: $(head -1 "$dir/reopen.out")"

# addresses refused: libpq cannot read them (its message quotes the address or the piece it could
# not read) or nothing answers there; each refused with the address shown, exit 1
refused() { # NAME ADDRESS EXPECTED-STDERR
  local rc=0
  "$bin" games --db "$2" >"$dir/$1.out" 2>"$dir/$1.err" || rc=$?
  [ $rc = 1 ] || fail "$1: exit $rc"
  [ "$(cat "$dir/$1.err")" = "$3" ] || fail "$1: $(cat "$dir/$1.err")"
}
refused ipv6 "postgresql://lb:$pw1@[::1/lb" \
  'labataille: postgresql://lb:***@[::1/lb: not a PostgreSQL address: end of string reached when looking for matching "]" in IPv6 host address in URI: "postgresql://lb:***@[::1/lb"'
refused escape "postgresql://lb:$pw1%zz@h/lb" \
  'labataille: postgresql://lb:***@h/lb: not a PostgreSQL address: invalid percent-encoded token: "***"'
refused upper "$LB_TEST_PG_URI&PASSWORD=$pw2" \
  "labataille: ${LB_TEST_PG_URI}&PASSWORD=***: not a PostgreSQL address: invalid URI query parameter: \"PASSWORD\""
refused nowhere "postgresql://lb:$pw1@/lb?host=$dir/none&port=1&password=$pw2" \
  "labataille: postgresql://lb:***@/lb?host=$dir/none&port=1&password=***: cannot connect: connection to server on socket \"$dir/none/.s.PGSQL.1\" failed: No such file or directory Is the server running locally and accepting connections on that socket?"

# a keyword/value string is a SQLite file's name to --db; shown without its password all the same:
# games refuses a file that is not there (it makes no empty store), then lists the one play made
refused keywords "host=db password=$pw2" \
  "labataille: host=db password=***: No such file or directory (no store there: \`play --db FILE\` or \`serve --db FILE\` makes one)"
[ ! -e "host=db password=$pw2" ] || fail "keywords: games made the file"
(cd "$dir" && "$bin" play --db "host=db password=$pw2" --seed 1 --script /dev/null >/dev/null 2>&1 &&
  "$bin" games --db "host=db password=$pw2" >"$dir/keywords.out" 2>"$dir/keywords.err")
grep -qF "dice: seed 1 (seeded: not for play)" "$dir/keywords.out" ||
  fail "keywords: $(cat "$dir/keywords.out" "$dir/keywords.err")"

never
echo "no password shown by games, serve, play, replay, the server's log or the refusals"
