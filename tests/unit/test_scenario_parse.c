/* Unit tests: the scenario text read by the fast JSON reader (yajl into jansson's tree) exactly as jansson reads it, or left to jansson. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json_read.h"
#include "lb/lb.h"
#include "state_int.h"

/* jansson's reading of text[0..len), as the loader asks for it. */
static json_t *jansson_read(const char *text, size_t len)
{
    json_error_t jerr;
    return json_loadb(text, len, JSON_REJECT_DUPLICATES, &jerr);
}

/* The fast reader accepts text[0..len), as jansson does, and builds jansson's very tree: the
 * same kinds and values, keys in the same order, reals to the last bit. Returns the tree. */
static json_t *fast_as_jansson_n(const char *text, size_t len)
{
    json_t *fast = lbi_json_read(text, len), *slow = jansson_read(text, len);
    assert_non_null(fast);
    assert_non_null(slow);
    assert_true(json_equal(fast, slow));
    size_t flags = JSON_COMPACT | JSON_REAL_PRECISION(17);
    char *a = json_dumps(fast, flags), *b = json_dumps(slow, flags);
    assert_string_equal(a, b);
    free(a);
    free(b);
    json_decref(slow);
    return fast;
}

static json_t *fast_as_jansson(const char *text)
{
    return fast_as_jansson_n(text, strlen(text));
}

/* The fast reader leaves text[0..len) to jansson, which accepts it (1) or refuses it (0). */
static void left_to_jansson_n(const char *text, size_t len, int jansson_accepts)
{
    assert_null(lbi_json_read(text, len));
    json_t *slow = jansson_read(text, len);
    assert_int_equal(slow != NULL, jansson_accepts);
    json_decref(slow);
}

static void left_to_jansson(const char *text, int jansson_accepts)
{
    left_to_jansson_n(text, strlen(text), jansson_accepts);
}

/* Every escape decoded: \" \\ \/ \b \f \n \r \t and \u00e9 (2 bytes), \u20AC (3 bytes). */
static void test_scenario_parse__escapes(void **state)
{
    (void)state;
    json_t *v = fast_as_jansson("{\"a\\tb\": \"\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\u00e9 \\u20AC\"}");
    assert_string_equal(json_string_value(json_object_get(v, "a\tb")),
                        "\" \\ / \b \f \n \r \t \xC3\xA9 \xE2\x82\xAC");
    json_decref(v);
    /* an escaped backslash before "u0000" is no \u escape */
    v = fast_as_jansson("[\"\\\\u0000\"]");
    assert_string_equal(json_string_value(json_array_get(v, 0)), "\\u0000");
    json_decref(v);
}

/* U+1F600 as \uD83D\uDE00: 0x10000 + (0x3D << 10) + 0x200 = 0x1F600, F0 9F 98 80 in UTF-8;
 * a surrogate alone, or a high one followed by anything but a low one, is refused by jansson
 * (yajl would write '?' or a wrong character: left to jansson). */
static void test_scenario_parse__surrogates(void **state)
{
    (void)state;
    json_t *v = fast_as_jansson("[\"\\uD83D\\uDE00\", \"\\udbff\\udfff\"]");
    assert_string_equal(json_string_value(json_array_get(v, 0)), "\xF0\x9F\x98\x80");
    assert_string_equal(json_string_value(json_array_get(v, 1)), "\xF4\x8F\xBF\xBF"); /* U+10FFFF */
    json_decref(v);
    left_to_jansson("[\"\\uD800\"]", 0);
    left_to_jansson("[\"\\uD800x\"]", 0);
    left_to_jansson("[\"\\uD800\\u0041\"]", 0);
    left_to_jansson("[\"\\uD800\\uD800\"]", 0);
    left_to_jansson("[\"\\uDC00\"]", 0);
    left_to_jansson("[\"\\uDE00\\uD83D\"]", 0);
}

/* Raw UTF-8: well-formed passes; overlong forms, encoded surrogates, code points above U+10FFFF,
 * stray continuation bytes and cut sequences are refused by jansson (yajl checks less). */
static void test_scenario_parse__utf8(void **state)
{
    (void)state;
    json_t *v = fast_as_jansson("{\"\xC3\xA9t\xC3\xA9\": [\"\xE2\x82\xAC\xF0\x9F\x98\x80\x7F\"]}");
    assert_non_null(json_object_get(v, "\xC3\xA9t\xC3\xA9"));
    json_decref(v);
    left_to_jansson("[\"\xC0\x80\"]", 0);
    left_to_jansson("[\"\xC1\xBF\"]", 0);
    left_to_jansson("[\"\xE0\x80\x80\"]", 0);
    left_to_jansson("[\"\xED\xA0\x80\"]", 0);
    left_to_jansson("[\"\xF0\x80\x80\x80\"]", 0);
    left_to_jansson("[\"\xF4\x90\x80\x80\"]", 0);
    left_to_jansson("[\"\xF8\x88\x80\x80\x80\"]", 0);
    left_to_jansson("[\"\x80\"]", 0);
    left_to_jansson("[\"\xE2\x82\"]", 0);
    left_to_jansson("{\"\xFF\": 1}", 0);
}

/* \u0000 and raw control characters: jansson refuses them (no JSON_ALLOW_NUL), in values and
 * keys; a NUL byte in the text is left to jansson too. */
static void test_scenario_parse__nul_and_controls(void **state)
{
    (void)state;
    left_to_jansson("[\"a\\u0000b\"]", 0);
    left_to_jansson("{\"\\u0000\": 1}", 0);
    left_to_jansson("[\"a\x01\"]", 0);
    left_to_jansson("[\"a\tb\"]", 0);
    left_to_jansson_n("[1]\0", 4, 0);
    left_to_jansson_n("[\"\0\"]", 5, 0);
    left_to_jansson_n("[true\0 ]", 8, 1); /* jansson reads this one */
    /* \u0001 written as an escape is a plain character */
    json_t *v = fast_as_jansson("[\"\\u0001\"]");
    assert_string_equal(json_string_value(json_array_get(v, 0)), "\x01");
    json_decref(v);
}

/* A key twice in one object is refused (JSON_REJECT_DUPLICATES), also written differently; the
 * same key in two objects is not. */
static void test_scenario_parse__duplicates(void **state)
{
    (void)state;
    left_to_jansson("{\"a\": 1, \"a\": 2}", 0);
    left_to_jansson("{\"a\": 1, \"\\u0061\": 2}", 0);
    left_to_jansson("[{\"x\": {\"a\": 1, \"b\": 2, \"a\": {}}}]", 0);
    json_t *v = fast_as_jansson("{\"a\": {\"a\": 1}, \"b\": {\"a\": 2}, \"\": 3, \"A\": 4}");
    assert_int_equal(json_object_size(v), 4);
    assert_int_equal(json_integer_value(json_object_get(json_object_get(v, "b"), "a")), 2);
    json_decref(v);
}

/* Integers to the ends of long long (19 digits: read by strtoll, 18 or fewer digit by digit),
 * reals as strtod reads them (an underflow to 0 is a real 0.0), -0 an integer, -0.0 a real;
 * beyond range is left to jansson (and to the loader's report at the number's path). */
static void test_scenario_parse__numbers(void **state)
{
    (void)state;
    json_t *v = fast_as_jansson("[9223372036854775807, -9223372036854775808, 999999999999999999,"
                                " -123456789012345678, 0, -0, -0.0, 1.5, 1E2, 2e-3, 1e-400,"
                                " 1.7976931348623157e308, 0.1]");
    assert_true(json_integer_value(json_array_get(v, 0)) == 9223372036854775807LL);
    assert_true(json_integer_value(json_array_get(v, 1)) == -9223372036854775807LL - 1);
    assert_true(json_integer_value(json_array_get(v, 2)) == 999999999999999999LL);
    assert_true(json_integer_value(json_array_get(v, 3)) == -123456789012345678LL);
    assert_true(json_is_integer(json_array_get(v, 5)));
    assert_true(json_is_real(json_array_get(v, 6)));
    assert_true(json_real_value(json_array_get(v, 8)) == 100.0);
    assert_true(json_is_real(json_array_get(v, 10)) && json_real_value(json_array_get(v, 10)) == 0);
    assert_true(json_real_value(json_array_get(v, 12)) == 0.1);
    json_decref(v);
    left_to_jansson("[9223372036854775808]", 0);
    left_to_jansson("[-9223372036854775809]", 0);
    left_to_jansson("[1e400]", 0);
    left_to_jansson("[-1e400]", 0);
    /* 66 characters: longer than the fast reader reads, jansson reads it */
    left_to_jansson("[0.000000000000000000000000000000000000000000000000000000000000001]", 1);
    left_to_jansson("[01]", 0);
    left_to_jansson("[1.]", 0);
    left_to_jansson("[+1]", 0);
}

/* Nesting: LBI_JSON_READ_DEPTH lists read, one more left to jansson (which reads up to 2048). */
static void test_scenario_parse__deep_nesting(void **state)
{
    (void)state;
    enum { DEEPER = LBI_JSON_READ_DEPTH + 1 };
    char text[2 * DEEPER + 1];
    memset(text, '[', DEEPER);
    memset(text + DEEPER, ']', DEEPER);
    json_t *v = fast_as_jansson_n(text + 1, 2 * DEEPER - 2);
    json_decref(v);
    left_to_jansson_n(text, 2 * DEEPER, 1);
    char objects[16 * DEEPER];
    size_t len = 0;
    for (int i = 0; i < DEEPER; i++)
        len += (size_t)snprintf(objects + len, sizeof objects - len, "{\"k\":");
    len += (size_t)snprintf(objects + len, sizeof objects - len, "1");
    for (int i = 0; i < DEEPER; i++)
        objects[len++] = '}';
    left_to_jansson_n(objects, len, 1);
    v = fast_as_jansson_n(objects + 5, len - 6);
    json_decref(v);
}

/* Short strings and the integers 0-255 met before are one value, shared (the loader never
 * changes a scalar in place): the tree is still jansson's, and freed whole. 2000 different short
 * strings ("s0".."s1999") share 256 slots: each slot keeps the last one met. */
static void test_scenario_parse__shared_values(void **state)
{
    (void)state;
    json_t *v = fast_as_jansson("[\"french\", \"french\", \"fr\", 8, 8, 255, 255, 256, 256, -1, -1,"
                                " \"seventeen bytes!!\", \"seventeen bytes!!\", 8.0, \"8\"]");
    assert_ptr_equal(json_array_get(v, 0), json_array_get(v, 1));
    assert_ptr_not_equal(json_array_get(v, 0), json_array_get(v, 2));
    assert_ptr_equal(json_array_get(v, 3), json_array_get(v, 4));
    assert_ptr_equal(json_array_get(v, 5), json_array_get(v, 6));
    assert_ptr_not_equal(json_array_get(v, 7), json_array_get(v, 8));   /* 256: not shared */
    assert_ptr_not_equal(json_array_get(v, 9), json_array_get(v, 10));  /* negative: not shared */
    assert_ptr_not_equal(json_array_get(v, 11), json_array_get(v, 12)); /* 17 bytes: not shared */
    assert_true(json_is_real(json_array_get(v, 13)) && json_is_string(json_array_get(v, 14)));
    json_decref(v);
    size_t cap = 16 * 4000, len = 0;
    char *text = malloc(cap);
    assert_non_null(text);
    text[len++] = '[';
    for (int round = 0; round < 2; round++)
        for (int i = 0; i < 2000; i++)
            len += (size_t)snprintf(text + len, cap - len, "%s\"s%d\", %d", round || i ? ", " : "",
                                    i, i % 300);
    text[len++] = ']';
    v = fast_as_jansson_n(text, len);
    assert_int_equal(json_array_size(v), 8000);
    assert_string_equal(json_string_value(json_array_get(v, 2 * 1999)), "s1999");
    assert_string_equal(json_string_value(json_array_get(v, 4000 + 2 * 1234)), "s1234");
    json_decref(v);
    free(text);
}

/* Empty objects and lists anywhere; whitespace jansson knows (space, tab, CR, LF) around. */
static void test_scenario_parse__empty_and_whitespace(void **state)
{
    (void)state;
    json_decref(fast_as_jansson("{}"));
    json_decref(fast_as_jansson("[]"));
    json_t *v = fast_as_jansson(" \t\r\n{\"a\": [], \"b\": {}, \"c\": [[], {}, [{}]]}\r\n\t ");
    assert_int_equal(json_array_size(json_object_get(v, "a")), 0);
    assert_int_equal(json_object_size(json_object_get(v, "b")), 0);
    assert_int_equal(json_array_size(json_object_get(v, "c")), 3);
    json_decref(v);
    /* yajl also skips form feed and vertical tab: jansson does not */
    left_to_jansson("[1]\f", 0);
    left_to_jansson("[\v1]", 0);
    left_to_jansson("", 0);
    left_to_jansson(" \n", 0);
}

/* The top level is an object or a list (no JSON_DECODE_ANY); nothing but whitespace after it. */
static void test_scenario_parse__top_level_and_trailing(void **state)
{
    (void)state;
    left_to_jansson("1", 0);
    left_to_jansson("\"a\"", 0);
    left_to_jansson("null", 0);
    left_to_jansson("true", 0);
    left_to_jansson("[1] x", 0);
    left_to_jansson(" [\"ros\"]\"ros", 0); /* yajl would take the open string for one coming */
    left_to_jansson("[1] \"", 0);
    left_to_jansson("{}{}", 0);
    left_to_jansson("[1],", 0);
    left_to_jansson("[1] // note", 0);
    left_to_jansson("/* note */ [1]", 0);
    left_to_jansson("[1, ]", 0);
    left_to_jansson("{\"a\" 1}", 0);
    left_to_jansson("[nul]", 0);
    left_to_jansson("[true, false, null", 0);
    json_t *v = fast_as_jansson("[true, false, null]");
    assert_true(json_is_true(json_array_get(v, 0)) && json_is_null(json_array_get(v, 2)));
    json_decref(v);
}

/* A byte-order mark is no JSON (both refuse it); the loader skips it before reading (11.11), so a
 * scenario with one loads as the same scenario without. */
static void test_scenario_parse__bom(void **state)
{
    (void)state;
    left_to_jansson("\xEF\xBB\xBF{}", 0);
    FILE *f = fopen("tests/scenarios/bom-valid.json", "rb");
    assert_non_null(f);
    char text[65536];
    size_t len = fread(text, 1, sizeof text, f);
    fclose(f);
    assert_true(len > 3 && len < sizeof text && memcmp(text, "\xEF\xBB\xBF", 3) == 0);
    json_decref(fast_as_jansson_n(text + 3, len - 3));
    lb_state *with = NULL, *without = NULL;
    lb_errlist errs = {0};
    assert_int_equal(lb_scenario_load("bom.json", text, len, NULL, &with, &errs), LB_OK);
    assert_int_equal(lb_scenario_load("plain.json", text + 3, len - 3, NULL, &without, &errs),
                     LB_OK);
    assert_int_equal(errs.count, 0);
    assert_true(with->nunits > 0);
    assert_int_equal(with->nunits, without->nunits);
    lb_state_free(with);
    lb_state_free(without);
    lb_errlist_release(&errs);
}

/* Errors in texts the fast reader leaves to jansson are reported by jansson's reading, with the
 * messages of the contract (docs/cli.md): the bad token placed by line and column. */
static void test_scenario_parse__errors_still_jansson(void **state)
{
    (void)state;
    static const struct {
        const char *text, *line;
    } cases[] = {
        {"{\"a\": 1, \"a\": 2}", "t.json:1:10: /: expected a key not used before in this object, "
                                 "found '\"a\"'"},
        {"[\"\\uD800\"]", "t.json:1:2: /0: expected a \\uXXXX escape of a Unicode character, "
                          "found '\"\\uD800\"'"},
        {"[1]\f", "t.json:1:4: /: expected end of file, found '\\u000C'"},
        {"{\"x\": \"\xC0\x80\"}", "t.json:1:8: /x: expected UTF-8 text, found byte 0xc0"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        lb_state *st = NULL;
        lb_errlist errs = {0};
        assert_int_equal(lb_scenario_load("t.json", cases[i].text, strlen(cases[i].text), NULL,
                                          &st, &errs), LB_SYNTAX);
        assert_null(st);
        assert_int_equal(errs.count, 1);
        char line[1200];
        lb_err_fmt(&errs.items[0], line, sizeof line);
        assert_string_equal(line, cases[i].line);
        lb_errlist_release(&errs);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_scenario_parse__escapes),
        cmocka_unit_test(test_scenario_parse__surrogates),
        cmocka_unit_test(test_scenario_parse__utf8),
        cmocka_unit_test(test_scenario_parse__nul_and_controls),
        cmocka_unit_test(test_scenario_parse__duplicates),
        cmocka_unit_test(test_scenario_parse__numbers),
        cmocka_unit_test(test_scenario_parse__deep_nesting),
        cmocka_unit_test(test_scenario_parse__shared_values),
        cmocka_unit_test(test_scenario_parse__empty_and_whitespace),
        cmocka_unit_test(test_scenario_parse__top_level_and_trailing),
        cmocka_unit_test(test_scenario_parse__bom),
        cmocka_unit_test(test_scenario_parse__errors_still_jansson),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
