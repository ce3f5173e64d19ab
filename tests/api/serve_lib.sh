#!/bin/bash
# Shared by the HTTP fault tests (sourced): starting `labataille serve` processes, HTTP with curl,
# and a stream of decisions whose answers are logged, so a test can check what the store kept.
# The sourcing script sets bin, web, db and dir (a temporary folder it removes).

fail() { echo "FAIL: $*" | cut -c1-600 >&2; exit 1; }

declare -A serve_pid
# serve NAME: starts a server on db, waits for its links; its address in base_NAME, its pid in
# serve_pid[NAME], its output in $dir/NAME.out and .err
serve() {
  "$bin" serve --db "$db" --port 0 --seed 7 --web "$web" >"$dir/$1.out" 2>"$dir/$1.err" &
  serve_pid[$1]=$!
  for _ in $(seq 400); do grep -q spectator "$dir/$1.out" 2>/dev/null && break; sleep 0.05; done
  grep -q spectator "$dir/$1.out" || fail "$1 printed no links: $(cat "$dir/$1.out" "$dir/$1.err")"
  eval "base_$1=$(sed -n 's#^labataille serve: \(http://[^/]*\)/.*#\1#p' "$dir/$1.out")"
}
# stop_all: every server still running, stopped cleanly (each must exit 0)
stop_all() {
  local n
  for n in "${!serve_pid[@]}"; do
    kill -TERM "${serve_pid[$n]}" 2>/dev/null || continue
    wait "${serve_pid[$n]}" || fail "server $n exited $?: $(tail -3 "$dir/$n.err")"
    unset "serve_pid[$n]"
  done
}
kill_servers() { local n; for n in "${!serve_pid[@]}"; do kill -9 "${serve_pid[$n]}" 2>/dev/null || true; done; }

# http METHOD URL [BODY]: the status on the first line, the body after it (000: no answer)
http() {
  local body=$dir/body.$BASHPID # the stream runs beside the test
  curl -s -m 10 -o "$body" -w '%{http_code}\n' -X "$1" \
    ${3:+-H 'Content-Type: application/json' --data "$3"} "$2" || true
  cat "$body" 2>/dev/null
  rm -f "$body"
}

# new_hotseat BASE: a hot-seat game of the demo made on that server; prints its "both" token
new_hotseat() {
  local out
  out=$(http POST "$1/api/games" '{"scenario":"demo","mode":"hotseat","seed":11}')
  [ "$(head -1 <<<"$out")" = 201 ] || fail "new game: $out"
  tail -n +2 <<<"$out" | jq -r .links.both | cut -c4-
}

# The key a player sends for a view: "end" when the pending decision offers it, else its first
# option; empty when nothing is pending.
next_key() { jq -r '[.pending.options[]?.key] | if index("end") then "end" else (.[0] // "") end'; }

# decide BASE TOKEN SEQ KEY: one decision; appends "STATUS SEQ KEY NEWSEQ" to $dir/log and
# leaves the answer in $dir/answer. The status is 000 when no answer came.
decide() {
  local out status
  out=$(http POST "$1/api/g/$2/decide" "{\"seq\":$3,\"key\":\"$4\"}")
  status=$(head -1 <<<"$out")
  tail -n +2 <<<"$out" >"$dir/answer"
  local now=-
  [ "$status" = 200 ] && now=$(jq -r .seq "$dir/answer")
  echo "$status $3 $4 $now" >>"$dir/log"
  echo "$status"
}

# check_journal BASE TOKEN: the journal the server gives holds every decision answered 200 in
# $dir/log at its place, once; beyond the last one at most the decision in flight when the log
# ends. Prints the journal's length.
check_journal() {
  local out n last
  out=$(http GET "$1/api/g/$2/journal")
  [ "$(head -1 <<<"$out")" = 200 ] || fail "journal: $out"
  tail -n +2 <<<"$out" | jq -r '.entries[] | .key' >"$dir/keys"
  n=$(wc -l <"$dir/keys")
  last=0
  while read -r status seq key now; do
    [ "$status" = 200 ] || continue
    [ "$now" -gt "$seq" ] || fail "an answer at $seq gave journal $now"
    [ "$(sed -n "$((seq + 1))p" "$dir/keys")" = "$key" ] ||
      fail "decision $key answered 200 at $seq: the journal has $(sed -n "$((seq + 1))p" "$dir/keys")"
    # only the decision's own entries between seq and now (none twice)
    [ "$(sed -n "$((seq + 2)),${now}p" "$dir/keys" | grep -cx "$key" || true)" -le 1 ] ||
      fail "decision $key at $seq written twice"
    last=$now
  done <"$dir/log"
  [ "$n" -ge "$last" ] || fail "the journal has $n entries, $last were answered 200"
  if [ "$n" -gt "$last" ]; then
    local inflight
    inflight=$(awk -v s="$last" '$2 == s { k = $3 } END { print k }' "$dir/log")
    [ "$(sed -n "$((last + 1))p" "$dir/keys")" = "$inflight" ] ||
      fail "entry $last is not the decision in flight ($inflight)"
  fi
  echo "$n"
}
