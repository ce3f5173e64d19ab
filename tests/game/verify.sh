#!/bin/bash
# labataille verify (R-DICE-5) on exports the terminal game made: a finished game with secret dice
# verifies (exit 0); one roll changed, or the commitment, fails naming it (exit 1); a game in play
# cannot be verified yet (exit 1); a seeded game is checked against its seed; what is not an
# export is a usage error (exit 2) placed FILE:LINE:COL: PATH.
#   verify.sh BIN
set -u
bin=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
# runs verify on its arguments: $rc, $out and $err
run() { "$bin" verify "$@" > "$dir/out" 2> "$dir/err"; rc=$?; out=$(cat "$dir/out"); err=$(cat "$dir/err"); }

# a secret game: a fire, taken back, another fire; exported in play, then conceded and exported
cat > "$dir/script.txt" <<SCRIPT
end
end
end
fire fr-26le-1 0911
undo
fire fr-art-5-4 0910
save $dir/play.json
concede
save $dir/over.json
SCRIPT
"$bin" play --script "$dir/script.txt" > "$dir/play.txt" || fail "play exits $?"
commitment=$(grep -o 'secret dice, commitment [0-9a-f]*' "$dir/play.txt" | awk '{print $4}')
[ ${#commitment} = 64 ] || fail "play printed no commitment: $(head -1 "$dir/play.txt")"

run "$dir/over.json"
[ "$rc" = 0 ] || fail "a finished game: exit $rc, expected 0: $out $err"
[ "$(printf '%s\n' "$out" | tail -1)" = verified ] || fail "a finished game: $out"
printf '%s\n' "$out" | grep -q "^$dir/over.json: secret dice, commitment $commitment$" ||
    fail "the report does not name the commitment play printed: $out"
printf '%s\n' "$out" | grep -q ": its SHA-256 $commitment is the commitment$" ||
    fail "the secret is not checked: $out"
[ "$(jq -r .dice.secret "$dir/play.json")" = null ] || fail "the export in play has a secret"
[ "$(jq -r .settings.seed "$dir/play.json")" = null ] || fail "the export in play has a seed"
run --json "$dir/over.json"
[ "$rc" = 0 ] && [ "$(printf '%s' "$out" | jq -r .verdict)" = verified ] &&
    [ "$(printf '%s' "$out" | jq -r '.checked == .rolls and .rolls >= 2')" = true ] ||
    fail "--json: $out"

# the first roll (the fire taken back: draw 0) changed
value=$(jq '.journal.entries[4].value' "$dir/over.json")
other=$([ "$value" = 11 ] && echo 12 || echo 11)
jq ".journal.entries[4].value = $other" "$dir/over.json" > "$dir/roll.json"
run "$dir/roll.json"
[ "$rc" = 1 ] || fail "a roll changed: exit $rc, expected 1"
[ "$err" = "$dir/roll.json: entry 5 (/journal/entries/4, draw 0, roll for fire): expected $value, found $other" ] ||
    fail "a roll changed: stderr $err"
[ "$(printf '%s\n' "$out" | tail -1)" = "not verified" ] || fail "a roll changed: $out"

# the commitment changed
jq '.settings.dice.commitment = ("0" * 64)' "$dir/over.json" > "$dir/commitment.json"
run "$dir/commitment.json"
[ "$rc" = 1 ] || fail "the commitment changed: exit $rc, expected 1"
printf '%s\n' "$err" | grep -q "^$dir/commitment.json: /settings/dice/commitment: the secret's SHA-256 is $commitment, not this commitment 0\{64\}$" ||
    fail "the commitment changed: stderr $err"

# in play: not yet
run "$dir/play.json"
[ "$rc" = 1 ] || fail "a game in play: exit $rc, expected 1"
[ "$(printf '%s\n' "$out" | tail -1)" = "not yet" ] || fail "a game in play: $out"
[ "$err" = "$dir/play.json: not yet: the battle is in play, its dice secret is not revealed" ] ||
    fail "a game in play: stderr $err"

# a seeded game: against its seed
sed "s|$dir/over.json|$dir/seeded.json|; /save .*play.json/d" "$dir/script.txt" > "$dir/seeded.txt"
"$bin" play --seed 9 --script "$dir/seeded.txt" > /dev/null || fail "play --seed exits $?"
run "$dir/seeded.json"
[ "$rc" = 0 ] || fail "a seeded game: exit $rc: $out $err"
printf '%s\n' "$out" | grep -q "^$dir/seeded.json: seed 9 (seeded: not for play)$" ||
    fail "a seeded game: $out"

# not an export: exit 2, placed
printf '{"format": "labataille-game/1",\n "seq": }\n' > "$dir/broken.json"
run "$dir/broken.json"
[ "$rc" = 2 ] || fail "broken JSON: exit $rc, expected 2"
[ "$err" = "$dir/broken.json:2:9: /seq: expected a JSON value, found '}'" ] ||
    fail "broken JSON: stderr $err"
jq 'del(.journal)' "$dir/over.json" > "$dir/nojournal.json"
run "$dir/nojournal.json"
[ "$rc" = 2 ] || fail "no journal: exit $rc, expected 2"
[ "$err" = "$dir/nojournal.json:1:1: /: expected the journal in member \"journal\", found none" ] ||
    fail "no journal: stderr $err"
run "$dir/missing.json"
[ "$rc" = 2 ] || fail "a missing file: exit $rc, expected 2"
run
[ "$rc" = 2 ] || fail "no file: exit $rc, expected 2"
run --seed 1 "$dir/over.json"
[ "$rc" = 2 ] || fail "--seed: exit $rc, expected 2"

[ "$failures" = 0 ] && echo "verify: every export answered as expected"
exit $((failures > 0))
