#!/usr/bin/env bash
# Output errors: an answer that cannot be written (stdout on /dev/full, closed, or an --svg file
# that cannot be written) exits 1 with the reason on stderr, for every kind of answer.
# Usage: write_errors.sh PROGRAM (run from the project root by ctest).
set -u
prog=$1
demo=data/scenarios/demo.json
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
[ -w /dev/full ] || { echo "FAIL: /dev/full is needed"; exit 1; }

# expect CODE STDERR-LINE ARGS...: runs with stdout on /dev/full
expect_full() {
    local want=$1 line=$2; shift 2
    local err rc
    err=$("$prog" "$@" 2>&1 >/dev/full); rc=$?
    [ "$rc" = "$want" ] || fail "$* >/dev/full: exit $rc, expected $want"
    printf '%s\n' "$err" | grep -qxF -- "$line" || fail "$* >/dev/full: stderr '$err'"
}
full="labataille: cannot write the answer to stdout: No space left on device"
expect_full 1 "$full" show
expect_full 1 "$full" show --json
expect_full 1 "$full" check "$demo"
expect_full 1 "$full" check "$demo" --json
expect_full 1 "$full" los "$demo" fr-art-5-4 au-gz7-1
expect_full 1 "$full" visible "$demo" au-art-brig --json
expect_full 1 "$full" morale "$demo" au-ir49-2 --dice 43
expect_full 1 "$full" retreat "$demo" au-ir49-2 --kind rout --json
expect_full 1 "$full" fire "$demo" fr-26le-1 0910 --seed 7
expect_full 1 "$full" charge "$demo" fr-8chs --path 0802,0903,1003,1104 --target au-ir20-3 \
    --response carre --auto --seed 7
expect_full 1 "$full" help
expect_full 1 "$full" fire --help
expect_full 1 "$full" --version
# a usage error writes nothing on stdout: it stays a usage error
expect_full 2 "labataille los: unknown option --no-such-option" los "$demo" --no-such-option

# stdout closed
err=$("$prog" show 2>&1 >&-); rc=$?
[ "$rc" = 1 ] || fail "show >&-: exit $rc, expected 1"
[ "$err" = "labataille: cannot write the answer to stdout: Bad file descriptor" ] ||
    fail "show >&-: stderr '$err'"

# the picture
err=$("$prog" show --svg /dev/full 2>&1 >/dev/null); rc=$?
[ "$rc" = 1 ] || fail "show --svg /dev/full: exit $rc, expected 1"
[ "$err" = "labataille: cannot write the picture to /dev/full: No space left on device" ] ||
    fail "show --svg /dev/full: stderr '$err'"
err=$("$prog" show --svg /nonexistent-folder/map.svg 2>&1 >/dev/null); rc=$?
[ "$rc" = 1 ] || fail "show --svg into a missing folder: exit $rc, expected 1"
[ "$err" = "labataille: cannot write the picture to /nonexistent-folder/map.svg: No such file or directory" ] ||
    fail "show --svg into a missing folder: stderr '$err'"

# and a good answer still exits 0 with nothing on stderr
err=$("$prog" show 2>&1 >/dev/null); rc=$?
[ "$rc" = 0 ] && [ -z "$err" ] || fail "show >/dev/null: exit $rc, stderr '$err'"

[ "$failures" = 0 ] && echo "write errors: all answered with exit 1"
exit $((failures > 0))
