#!/bin/bash
# The attacks of issue 23 on one `labataille serve` with its default limits, from several loopback
# addresses (make attack; about two minutes): each must leave the server serving, answering as
# api.md says. Timings are printed, never asserted (a read must only be answered within curl's 5 s).
#   1. every game in memory held by a live stream, then one game more: made and served
#   2. 300 streams and 300 slow clients (a byte of headers a second) while a view is read
#   3. scenarios past the limits (a 999x999 map, 100 hussars of 999 MP on 200x200, a 3.9 MB
#      unknown member) refused at once; 8 posted at once at the limits, each made
#   4. spectators' and players' answers with any seq while the players read their view
#   5. bodies past the size limit, with and without their length
#   attacks.sh BIN WEB
set -euo pipefail
bin=$1
web=$2
here=$(cd "$(dirname "$0")" && pwd)
dir=$(mktemp -d)
db=$dir/games.db
. "$here/serve_lib.sh"
trap 'kill_servers; rm -rf "$dir"' EXIT
[ "$(ulimit -n)" -ge 2048 ] || ulimit -n 4096

# seconds a request takes (its status in $dir/status), a failure past 5 s
timed() {
  curl -s -m 5 -o "$dir/timed" -w '%{http_code} %{time_total}\n' "$@" >"$dir/status" || true
  cat "$dir/status"
}
peak_kb() { sed -n 's/^VmHWM:\s*\([0-9]*\) kB/\1/p' "/proc/${serve_pid[a]}/status"; }

serve a
base=$base_a
view_token=$(sed -n 's#^  french *http://[^/]*/g/\([A-Za-z0-9_-]*\)$#\1#p' "$dir/a.out")
spectator=$(sed -n 's#^  spectator *http://[^/]*/g/\([A-Za-z0-9_-]*\)$#\1#p' "$dir/a.out")

echo "== 1. 64 games held by live streams, then one game more"
pids=()
for i in $(seq 0 63); do
  # 16 an address: the streams' cap of one address (the games' quota is 60 an hour)
  from=127.0.0.$((100 + i / 16))
  t=$(curl -s --interface "$from" -X POST -d '{"scenario":"demo","mode":"hotseat"}' \
    "$base/api/games" | jq -r .links.both | cut -c4-)
  curl -s -N -m 30 --interface "$from" "$base/api/g/$t/events" >"$dir/stream.$i" &
  pids+=($!)
done
for i in $(seq 0 63); do
  for _ in $(seq 100); do grep -q "id: 0" "$dir/stream.$i" 2>/dev/null && break; sleep 0.05; done
  grep -q "id: 0" "$dir/stream.$i" || fail "stream $i never began: $(cat "$dir/stream.$i")"
done
code=$(curl -s --interface 127.0.0.104 -o "$dir/made" -w '%{http_code}' -X POST \
  -d '{"scenario":"demo","mode":"hotseat"}' "$base/api/games")
[ "$code" = 201 ] || fail "a game past the 64 held: $code $(cat "$dir/made")"
t=$(jq -r .links.both "$dir/made" | cut -c4-)
[ "$(head -1 <<<"$(http GET "$base/api/g/$t")")" = 200 ] || fail "its view"
kill "${pids[@]}" 2>/dev/null || true
wait "${pids[@]}" 2>/dev/null || true
echo "the game past the 64 held: 201, its view 200; the server goes on"

echo "== 2. 300 live updates streams and 300 slow clients, 40 s, while a view is read"
python3 "$here/attack_clients.py" "$(sed 's#.*:##' <<<"$base")" "/api/g/$spectator/events" \
  "/api/g/$view_token" 300 300 40 || fail "a read was not answered, or no slow client was cut"

echo "== 3. scenarios past the limits, and 8 at the limits at once"
python3 - "$dir" <<'PY'
import json, sys
d = sys.argv[1]
def field(cols, rows, n, mp, segment, **extra):
    w = 2 if max(cols, rows) <= 99 else 3
    per = max(1, cols // 4)
    units = [{"id": "fr-h%d" % i, "side": "french", "arm": "cavalry", "nation": "french",
              "class": "hussar", "increments": 8, "fire": 0, "melee": 16, "movement": mp,
              "morale": "33", "formation": "column", "state": "good", "facing": 2,
              "hexes": ["%0*d%0*d" % (w, 1 + 2 * (i % per), w, 1 + 2 * (i // per))]}
             for i in range(n)]
    units.append({"id": "au-h", "side": "austrian", "arm": "cavalry", "nation": "austrian",
                  "class": "hussar", "increments": 8, "fire": 0, "melee": 16, "movement": 14,
                  "morale": "33", "formation": "column", "state": "good", "facing": 2,
                  "hexes": ["%0*d%0*d" % (w, cols, w, rows)]})
    s = {"format": "labataille-scenario/1", "title": "field", "game": "deutsch-wagram-1809",
         "rules": "premier-2018", "sides": ["french", "austrian"],
         "turn": {"time": "13:00", "phasing": "french", "segment": segment},
         "map": {"columns": cols, "rows": rows, "terrain": ["." * cols] * rows,
                 "legend": {".": "clear"}}, "units": units}
    s.update(extra)
    return json.dumps({"scenario": s, "mode": "hotseat", "seed": 1})
open(d + "/map999.json", "w").write(field(999, 999, 1, 14, "charge"))
open(d + "/hussars.json", "w").write(field(200, 200, 100, 999, "movement"))
open(d + "/junk.json", "w").write(field(10, 10, 2, 14, "charge", junk="x" * 3900000))
# at the limits: 64 x 64 hexes, the options a decision may list (R-WEB-6) nearly all offered
open(d + "/limits.json", "w").write(field(64, 64, 7, 20, "movement"))
PY
for f in map999 hussars junk; do
  r=$(timed -X POST --data-binary "@$dir/$f.json" "$base/api/games")
  code=$(jq -r .error.code "$dir/timed")
  case "$code" in over-limit|too-large) ;; *) fail "$f: $r $(head -c 300 "$dir/timed")" ;; esac
  echo "$f ($(stat -c %s "$dir/$f.json") bytes): ${r% *} $code" \
    "($(jq -r .error.path "$dir/timed")) in ${r#* } s"
done
start=$(date +%s%N)
posts=()
for i in $(seq 8); do
  curl -s -m 30 -o "$dir/made.$i" -w '%{http_code} %{time_total}\n' -X POST \
    --interface "127.0.0.$((200 + i))" --data-binary "@$dir/limits.json" "$base/api/games" \
    >"$dir/made.$i.status" &
  posts+=($!)
done
wait "${posts[@]}"
for i in $(seq 8); do
  [ "$(cut -d' ' -f1 "$dir/made.$i.status")" = 201 ] ||
    fail "a game at the limits: $(cat "$dir/made.$i.status") $(head -c 300 "$dir/made.$i")"
done
t=$(jq -r .links.both "$dir/made.1" | cut -c4-)
r=$(timed --compressed "$base/api/g/$t")
echo "8 games at the limits at once: 201 each, in $((($(date +%s%N) - start) / 1000000)) ms" \
  "(each $(cut -d' ' -f2 "$dir"/made.*.status | sort -n | tr '\n' ' ')s); a view ${r% *}" \
  "$(stat -c %s "$dir/timed") bytes in ${r#* } s;" \
  "the server's peak memory $(($(peak_kb) / 1024)) MB"

echo "== 4. answers with any seq, from spectators and players, while the players read"
for i in $(seq 200); do
  curl -s -o /dev/null -w '%{http_code}\n' -X POST -d '{"seq":1073741824,"key":"end"}' \
    "$base/api/g/$spectator/decide"
done >"$dir/spectators" &
flood=$!
for i in $(seq 40); do timed "$base/api/g/$view_token" | cut -d' ' -f2; done >"$dir/reads"
wait $flood
[ "$(sort -u "$dir/spectators")" = 403 ] ||
  fail "a spectator's answer: $(sort "$dir/spectators" | uniq -c)"
echo "200 spectators' answers at seq 2^30: all 403; 40 reads meanwhile, the slowest" \
  "$(sort -n "$dir/reads" | tail -1) s"
for seq in 1073741824 -1 1073741825 99999999999999999999; do
  r=$(http POST "$base/api/g/$view_token/decide" "{\"seq\":$seq,\"key\":\"end\"}")
  case "$seq:$(head -1 <<<"$r")" in 1073741824:409|-1:400|1073741825:400|9*:400) ;;
    *) fail "a player's answer at $seq: $r" ;; esac
done
echo "a player's answer at 2^30: 409 with the view; at -1, 2^30 + 1, 10^20: 400"

echo "== 5. bodies past the limit"
head -c $((5 << 20)) /dev/zero | tr '\0' ' ' >"$dir/big"
r=$(timed -X POST --data-binary "@$dir/big" "$base/api/games")
[ "${r% *}" = 413 ] || fail "5 MiB to /api/games: $r"
r2=$(timed -X POST -H 'Transfer-Encoding: chunked' --data-binary "@$dir/big" \
  "$base/api/g/$view_token/decide")
[ "${r2% *}" = 413 ] || fail "5 MiB in chunks to decide: $r2"
echo "5 MiB with its length: 413 in ${r#* } s; in chunks, no length: 413 in ${r2#* } s"
stop_all
echo "attacks: the server served throughout and stopped cleanly"
