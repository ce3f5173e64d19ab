/* Unit tests: fractions, traces, error records, printable text, growing arrays and the arena. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lb/core.h"
#include "lb/lb.h"
#include "arena_int.h"
#include "frac_int.h"
#include "trace_int.h"
#include "err_int.h"

static void test_core__frac_arithmetic(void **unused)
{
    (void)unused;
    lb_frac half = lb_frac_make(1, 2), third = lb_frac_make(2, 6);
    assert_int_equal(third.num, 1);
    assert_int_equal(third.den, 3);
    lb_frac s = lb_frac_add(half, third);
    assert_int_equal(s.num, 5);
    assert_int_equal(s.den, 6);
    lb_frac d = lb_frac_sub(third, half);
    assert_int_equal(d.num, -1);
    assert_int_equal(d.den, 6);
    lb_frac p = lb_frac_mul(lb_frac_int(24), half);
    assert_int_equal(p.num, 12);
    assert_int_equal(p.den, 1);
    lb_frac q = lb_frac_div(lb_frac_int(15), lb_frac_int(2));
    assert_int_equal(q.num, 15);
    assert_int_equal(q.den, 2);
    assert_int_equal(lb_frac_floor(q), 7);
    assert_int_equal(lb_frac_floor(lb_frac_make(-15, 2)), -8);
    assert_int_equal(lb_frac_cmp(half, third), 1);
    assert_int_equal(lb_frac_cmp(third, lb_frac_make(3, 9)), 0);
    lb_frac neg = lb_frac_make(3, -4);
    assert_int_equal(neg.num, -3);
    assert_int_equal(neg.den, 4);
    char buf[32];
    assert_string_equal(lb_frac_fmt(q, buf, sizeof buf), "15/2");
    assert_string_equal(lb_frac_fmt(p, buf, sizeof buf), "12");
}

/* Issue 11.1: a product or sum that does not fit 64 bits is the invalid fraction, never a
 * wrapped value (nor undefined behaviour: UBSan runs these), and stays invalid. */
static void test_core__frac_overflow_detected(void **unused)
{
    (void)unused;
    /* (3/4)^k: 3^31 / 4^31 = 3^31 / 2^62 fits; the 32nd factor needs 2^64 */
    lb_frac p = lb_frac_int(1);
    for (int k = 1; k <= 31; k++)
        p = lb_frac_mul(p, lb_frac_make(3, 4));
    assert_true(lb_frac_ok(p));
    assert_int_equal(p.den, 1LL << 62);
    assert_int_equal(p.num, 617673396283947LL); /* 3^31 */
    lb_frac q = lb_frac_mul(p, lb_frac_make(3, 4));
    assert_false(lb_frac_ok(q));
    assert_int_equal(q.den, 0);
    char buf[32];
    assert_string_equal(lb_frac_fmt(q, buf, sizeof buf), "overflow");
    /* sticky: every later operation keeps it invalid */
    assert_false(lb_frac_ok(lb_frac_add(q, lb_frac_int(1))));
    assert_false(lb_frac_ok(lb_frac_mul(lb_frac_int(0), q)));
    assert_false(lb_frac_ok(lb_frac_sub(lb_frac_int(1), q)));
    assert_int_equal(lb_frac_cmp(q, lb_frac_int(-5)), -1);
    assert_int_equal(lb_frac_cmp(q, lb_frac_invalid()), 0);
    assert_true(isnan(lb_frac_double(q)));
    /* sums: LLONG_MAX + 1, and 1/2^62 + 1/3^39 whose common denominator is too big */
    assert_false(lb_frac_ok(lb_frac_add(lb_frac_int(LLONG_MAX), lb_frac_int(1))));
    assert_true(lb_frac_ok(lb_frac_add(lb_frac_int(LLONG_MAX), lb_frac_int(-1))));
    lb_frac third39 = lb_frac_make(1, 4052555153018976267LL); /* 3^39 */
    assert_false(lb_frac_ok(lb_frac_add(lb_frac_make(1, 1LL << 62), third39)));
    /* negation and division at the edges */
    assert_false(lb_frac_ok(lb_frac_make(LLONG_MIN, -1)));
    lb_frac h = lb_frac_make(LLONG_MIN, 2);
    assert_int_equal(h.num, -(1LL << 62));
    assert_int_equal(h.den, 1);
    assert_false(lb_frac_ok(lb_frac_sub(lb_frac_int(0), lb_frac_int(LLONG_MIN))));
    assert_false(lb_frac_ok(lb_frac_div(lb_frac_int(1), lb_frac_int(0))));
    assert_false(lb_frac_ok(lb_frac_make(1, 0)));
}

/* lb_frac_cmp is exact near the 64-bit limits, where cross products would not fit. */
static void test_core__frac_compare_exact_at_the_limits(void **unused)
{
    (void)unused;
    long long m = LLONG_MAX;
    /* 1 + 1/(m-1) < 1 + 1/(m-2) */
    lb_frac a = lb_frac_make(m, m - 1), b = lb_frac_make(m - 1, m - 2);
    assert_int_equal(lb_frac_cmp(a, b), -1);
    assert_int_equal(lb_frac_cmp(b, a), 1);
    assert_int_equal(lb_frac_cmp(a, a), 0);
    lb_frac c = lb_frac_make(m - 2, m - 1), d = lb_frac_make(m - 3, m - 2); /* 1 - 1/(m-1) > ... */
    assert_int_equal(lb_frac_cmp(c, d), 1);
    assert_int_equal(lb_frac_cmp(lb_frac_make(-1, 3), lb_frac_make(-1, 2)), 1);
    assert_int_equal(lb_frac_cmp(lb_frac_make(-7, 2), lb_frac_int(-4)), 1);
    assert_int_equal(lb_frac_cmp(lb_frac_int(LLONG_MIN), lb_frac_make(m, m - 1)), -1);
    assert_int_equal(lb_frac_floor(lb_frac_make(LLONG_MIN + 1, 2)), -(1LL << 62));
}

static void test_core__trace_steps_and_values(void **unused)
{
    (void)unused;
    lb_trace t;
    lb_trace_init(&t);
    lb_trace_int(&t, "ignored", 1); /* no step yet: nothing to attach to */
    lb_trace_add(&t, "R-FIRE-3", "(24)", "line, 2 hexes: %d + %d increments", 4, 4);
    lb_trace_int(&t, "increments", 8);
    lb_trace_frac(&t, "value", 30, 4);
    lb_trace_text(&t, "nation", "french");
    lb_trace_add(&t, "R-MOR-1", "(31)", "morale check");
    lb_trace_roll(&t, "morale check", 43);
    lb_trace_die(&t, "recall", 5);
    lb_trace_bool(&t, "passed", 7);
    assert_int_equal(t.count, 2);
    assert_string_equal(t.steps[0].text, "line, 2 hexes: 4 + 4 increments");
    assert_int_equal(t.steps[0].nvalues, 3);
    assert_int_equal(t.steps[0].values[1].num, 15);
    assert_int_equal(t.steps[0].values[1].den, 2);
    assert_string_equal(t.steps[0].values[2].text, "french");
    const lb_trace_step *m = lb_trace_find(&t, "R-MOR-1");
    assert_non_null(m);
    assert_int_equal(m->values[0].kind, LB_TV_ROLL);
    assert_int_equal(m->values[0].num, 43);
    assert_int_equal(m->values[2].num, 1);
    assert_null(lb_trace_find(&t, "R-LOS-1"));
    lb_trace_add(NULL, "R-X", "(0)", "no trace: no effect");
    lb_trace_release(&t);
    assert_int_equal(t.count, 0);
}

static void test_core__err_format(void **unused)
{
    (void)unused;
    lb_err e;
    lb_err_set(&e, LB_INVALID, "expected a roll 11-66, found \"%s\"", "70");
    snprintf(e.file, sizeof e.file, "demo.json");
    e.line = 41;
    e.col = 18;
    snprintf(e.path, sizeof e.path, "/units/3/morale");
    char buf[600];
    lb_err_fmt(&e, buf, sizeof buf);
    assert_string_equal(buf, "demo.json:41:18: /units/3/morale: expected a roll 11-66, found \"70\"");
    e.line = 0;
    e.path[0] = '\0';
    lb_err_fmt(&e, buf, sizeof buf);
    assert_string_equal(buf, "demo.json: expected a roll 11-66, found \"70\"");
    assert_string_equal(lb_err_name(LB_DICE), "LB_DICE");
    assert_string_equal(lb_err_name(999), "LB_UNKNOWN");
    assert_int_equal(lb_err_set(NULL, LB_NOMEM, "x"), LB_NOMEM);
}

static void test_core__errlist_sorted_by_position(void **unused)
{
    (void)unused;
    lb_errlist list = {0};
    int lines[] = {9, 2, 9, 1};
    int cols[] = {5, 7, 1, 1};
    for (int i = 0; i < 4; i++) {
        lb_err e = {.code = LB_INVALID, .line = lines[i], .col = cols[i]};
        snprintf(e.file, sizeof e.file, "a.json");
        snprintf(e.msg, sizeof e.msg, "%d", i);
        assert_int_equal(lb_errlist_push(&list, &e), LB_OK);
    }
    lb_errlist_sort(&list);
    assert_string_equal(list.items[0].msg, "3");
    assert_string_equal(list.items[1].msg, "1");
    assert_string_equal(list.items[2].msg, "2");
    assert_string_equal(list.items[3].msg, "0");
    lb_errlist_release(&list);
}

static void test_core__err_control_characters_escaped(void **unused)
{
    (void)unused;
    /* 11.9: ESC and BEL from a scenario never reach the terminal raw, in the path or the message */
    lb_err e;
    lb_err_set(&e, LB_INVALID, "expected a key, found \"\x1b[31m\a\"");
    snprintf(e.file, sizeof e.file, "s.json");
    e.line = 3;
    e.col = 7;
    snprintf(e.path, sizeof e.path, "/map/legend/\x1b");
    char buf[200];
    int len = lb_err_fmt(&e, buf, sizeof buf);
    assert_int_equal(len, (int)strlen(buf));
    assert_string_equal(buf, "s.json:3:7: /map/legend/\\u001B: expected a key, found "
                             "\"\\u001B[31m\\u0007\"");
    /* U+009B (CSI in UTF-8, C2 9B) is a control character too */
    snprintf(e.msg, sizeof e.msg, "x\xc2\x9by");
    e.path[0] = '\0';
    lb_err_fmt(&e, buf, sizeof buf);
    assert_string_equal(buf, "s.json:3:7: x\\u009By");
    /* a buffer too small: cut, NUL-terminated, the whole length returned */
    char small[8];
    assert_int_equal(lb_err_fmt(&e, small, sizeof small), 20);
    assert_string_equal(small, "s.json:");
    /* a byte that is not UTF-8 (0x9B alone is CSI to a terminal of 8-bit characters) as \xNN */
    snprintf(e.msg, sizeof e.msg, "x\x9by\xff");
    lb_err_fmt(&e, buf, sizeof buf);
    assert_string_equal(buf, "s.json:3:7: x\\x9by\\xff");
}

static void test_core__err_quote(void **unused)
{
    (void)unused;
    char buf[24];
    assert_string_equal(lb_err_quote("fr-6le-1", buf, sizeof buf), "\"fr-6le-1\"");
    assert_string_equal(lb_err_quote("a\"b\\c\n\x1b", buf, sizeof buf),
                        "\"a\\\"b\\\\c\\n\\u001B\"");
    /* bytes that are not UTF-8 as \xNN; UTF-8 kept */
    assert_string_equal(lb_err_quote("\xff\xc3\xa9", buf, sizeof buf), "\"\\xff\xc3\xa9\"");
    /* a surrogate and an overlong form are not UTF-8 either */
    assert_string_equal(lb_err_quote("\xed\xa0\x80", buf, sizeof buf), "\"\\xed\\xa0\\x80\"");
    assert_string_equal(lb_err_quote("\xc0\xaf", buf, sizeof buf), "\"\\xc0\\xaf\"");
    /* 24 bytes: two quotes, "...", the NUL and 18 characters */
    assert_string_equal(lb_err_quote("abcdefghijklmnopqrstuvwxyz", buf, sizeof buf),
                        "\"abcdefghijklmnopqr...\"");
    assert_int_equal(strlen(buf), 23);
}

/* Printable text: the first control character or byte that is not UTF-8, with its column. */
static void test_core__printable_check(void **unused)
{
    (void)unused;
    lb_unprintable u;
    assert_true(lb_printable_check("show", 4, 0, &u));
    /* ESC [ 2 J (clear the screen) after "unit fr-": byte 8, character 9 */
    assert_false(lb_printable_check("unit fr-\x1b[2J", 12, 1, &u));
    assert_int_equal(u.offset, 8);
    assert_int_equal(u.column, 9);
    assert_int_equal(u.control, 0x1b);
    /* a tab when allowed, else a control character */
    assert_true(lb_printable_check("a\tb", 3, 1, &u));
    assert_false(lb_printable_check("a\tb", 3, 0, &u));
    assert_int_equal(u.column, 2);
    assert_int_equal(u.control, '\t');
    /* NUL inside the text: after "é" (two bytes, one character) */
    assert_false(lb_printable_check("\xc3\xa9\0x", 4, 1, &u));
    assert_int_equal(u.offset, 2);
    assert_int_equal(u.column, 2);
    assert_int_equal(u.control, 0);
    /* DEL, and U+009B (CSI) in UTF-8 */
    assert_false(lb_printable_check("\x7f", 1, 1, &u));
    assert_int_equal(u.control, 0x7f);
    assert_false(lb_printable_check("\xc2\x9b", 2, 1, &u));
    assert_int_equal(u.control, 0x9b);
    assert_int_equal(u.byte, -1);
    /* no-break space U+00A0, the ellipsis and a four-byte character are text */
    assert_true(lb_printable_check("\xc2\xa0\xe2\x80\xa6\xf0\x9f\x8e\xb2", 9, 0, &u));
    assert_false(lb_printable_check("\xe2\x80\xa6\xf0\x9f\x8e\xb2\x1b", 8, 0, &u));
    assert_int_equal(u.column, 3);
    assert_int_equal(u.offset, 7);
    /* bytes that are not UTF-8: a stray byte, overlong forms, a surrogate, past U+10FFFF, cut
     * short by the end of the text, a lone continuation byte */
    static const struct {
        const char *s;
        size_t len, offset;
        int byte;
    } bad[] = {
        {"ab\xff", 3, 2, 0xff},          {"\xc0\xaf", 2, 0, 0xc0},
        {"\xe0\x80\xaf", 3, 0, 0xe0},    {"\xed\xa0\x80", 3, 0, 0xed},
        {"\xf4\x90\x80\x80", 4, 0, 0xf4}, {"x\xe2\x82", 3, 1, 0xe2},
        {"\x9b", 1, 0, 0x9b},            {"\xf8\x88\x80\x80\x80", 5, 0, 0xf8},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        assert_false(lb_printable_check(bad[i].s, bad[i].len, 1, &u));
        assert_int_equal(u.offset, bad[i].offset);
        assert_int_equal(u.column, (int)bad[i].offset + 1);
        assert_int_equal(u.control, -1);
        assert_int_equal(u.byte, bad[i].byte);
    }
    assert_false(lb_printable_check("\x1b", 1, 0, NULL));
}

/* s as lb_printable writes it into a buffer of n bytes (at most 64). */
static const char *printable(const char *s, size_t len, size_t n)
{
    static char buf[64];
    return lb_printable(s, len, buf, n);
}

/* Any text as it may be printed: control characters as \u00XX, bytes not UTF-8 as \xNN, cut
 * between whole pieces. */
static void test_core__printable(void **unused)
{
    (void)unused;
    assert_string_equal(printable("unit fr-\x1b[2J", 12, 64), "unit fr-\\u001B[2J");
    assert_string_equal(printable("a\xff" "b\xc2\x9b\xc3\xa9", 7, 64), "a\\xffb\\u009B\xc3\xa9");
    assert_string_equal(printable("x\ty\n", 4, 64), "x\\u0009y\\u000A");
    /* a NUL inside the text, and the length given stops the text before its end */
    assert_string_equal(printable("a\0b", 3, 64), "a\\u0000b");
    assert_string_equal(printable("abc", 2, 64), "ab");
    /* 12 bytes: 8 characters, "..." and the NUL; an escape is not cut in half */
    assert_string_equal(printable("abcdefghijklmnop", 16, 12), "abcdefgh...");
    assert_string_equal(printable("abcdef\x1bxyz", 10, 12), "abcdef...");
    assert_string_equal(printable("abcdefghijk", 11, 12), "abcdefghijk");
}

static void test_core__errlist_sort_files_and_ties(void **unused)
{
    (void)unused;
    /* files keep the order they first appear in; equal positions keep their order */
    lb_errlist list = {0};
    const char *files[] = {"s.json", "m.json", "s.json", "m.json", "s.json"};
    int lines[] = {9, 5, 2, 1, 2};
    for (int i = 0; i < 5; i++) {
        lb_err e = {.code = LB_INVALID, .line = lines[i], .col = 1};
        snprintf(e.file, sizeof e.file, "%s", files[i]);
        snprintf(e.msg, sizeof e.msg, "%d", i);
        assert_int_equal(lb_errlist_push(&list, &e), LB_OK);
    }
    lb_errlist_sort(&list);
    const char *order[] = {"2", "4", "0", "3", "1"};
    for (int i = 0; i < 5; i++)
        assert_string_equal(list.items[i].msg, order[i]);
    lb_errlist_release(&list);
}

static void test_core__grow(void **unused)
{
    (void)unused;
    int cap = 0, *items = NULL;
    /* from nothing to 8, then doubling: 1000 appends need 8 16 32 64 128 256 512 1024 */
    int moves = 0;
    for (int n = 0; n < 1000; n++) {
        int before = cap;
        int *grown = lb_grow(items, &cap, n + 1, sizeof *items);
        assert_non_null(grown);
        moves += cap != before;
        items = grown;
        items[n] = n;
    }
    assert_int_equal(cap, 1024);
    assert_int_equal(moves, 8);
    assert_int_equal(items[999], 999);
    /* room already there: unchanged */
    assert_ptr_equal(lb_grow(items, &cap, 10, sizeof *items), items);
    /* a size that overflows: NULL, the array and its capacity as they were */
    assert_null(lb_grow(items, &cap, 2000, (size_t)-1 / 1000));
    assert_int_equal(cap, 1024);
    free(items);
}

static void test_core__arena(void **unused)
{
    (void)unused;
    lb_arena *a = lb_arena_new();
    char *s = lb_arena_strdup(a, "austrian");
    assert_string_equal(s, "austrian");
    int *big = lb_arena_calloc(a, 100000, sizeof *big); /* larger than one block */
    assert_non_null(big);
    assert_int_equal(big[99999], 0);
    big[99999] = 7;
    char *after = lb_arena_alloc(a, 10); /* still served from the first block */
    assert_non_null(after);
    assert_int_equal(((uintptr_t)after) % 16, 0);
    assert_null(lb_arena_calloc(a, SIZE_MAX / 2, 4)); /* overflow refused */
    lb_arena_free(a);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_core__frac_arithmetic),
        cmocka_unit_test(test_core__frac_overflow_detected),
        cmocka_unit_test(test_core__frac_compare_exact_at_the_limits),
        cmocka_unit_test(test_core__trace_steps_and_values),
        cmocka_unit_test(test_core__err_format),
        cmocka_unit_test(test_core__errlist_sorted_by_position),
        cmocka_unit_test(test_core__err_control_characters_escaped),
        cmocka_unit_test(test_core__err_quote),
        cmocka_unit_test(test_core__printable_check),
        cmocka_unit_test(test_core__printable),
        cmocka_unit_test(test_core__errlist_sort_files_and_ties),
        cmocka_unit_test(test_core__grow),
        cmocka_unit_test(test_core__arena),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
