/* Unit tests of the dice: PCG32 reference outputs, unbiased bounds, roll arithmetic, scripts, log. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "lb/dice.h"

#define COUNT(a) ((int)(sizeof(a) / sizeof((a)[0])))

/* pcg32-demo of pcg-random.org: pcg32_srandom_r(&rng, 42, 54), first outputs. */
static void test_dice__pcg32_reference(void **state)
{
    (void)state;
    static const uint32_t want[] = {0xa15c02b7, 0x7b47f409, 0xba1d3330, 0x83d2f293, 0xbfa4784b, 0xcbed606e};
    lb_pcg32 rng;
    lb_pcg32_seed(&rng, 42, 54);
    for (int i = 0; i < COUNT(want); i++)
        assert_int_equal(lb_pcg32_next(&rng), want[i]);
}

/*
 * A state whose next output is w: with the top five bits clear there is no rotation, and the
 * output of state v << 27 is v ^ (v >> 18), which undoes itself for 32-bit v.
 */
static lb_pcg32 rng_about_to_output(uint32_t w)
{
    lb_pcg32 rng = {(uint64_t)(w ^ (w >> 18)) << 27, 2 * 1442695040888963407ULL + 1};
    lb_pcg32 probe = rng;
    assert_int_equal(lb_pcg32_next(&probe), w);
    return rng;
}

/* bounded(rng, bound) when the next output is w: the value, and how many outputs it used. */
static void expect_bounded(uint32_t w, uint32_t bound, uint32_t want, int draws)
{
    lb_pcg32 rng = rng_about_to_output(w), after = rng;
    for (int i = 0; i < draws; i++)
        lb_pcg32_next(&after);
    assert_int_equal(lb_pcg32_bounded(&rng, bound), want);
    assert_true(rng.state == after.state);
}

/* Outputs below 2^32 mod bound are thrown away: 4 for a d6, 2^31 - 1 for 2^31 + 1. */
static void test_dice__pcg32_bounded_threshold(void **state)
{
    (void)state;
    for (uint32_t w = 0; w < 4; w++) {
        lb_pcg32 rng = rng_about_to_output(w), next = rng;
        lb_pcg32_next(&next);
        uint32_t second = lb_pcg32_next(&next);
        assert_true(second >= 4);
        expect_bounded(w, 6, second % 6, 2);
    }
    expect_bounded(4, 6, 4, 1);
    expect_bounded(5, 6, 5, 1);
    expect_bounded(6, 6, 0, 1);
    expect_bounded(UINT32_MAX, 6, UINT32_MAX % 6, 1);

    uint32_t big = 0x80000001u;
    expect_bounded(0x7fffffffu, big, 0x7fffffffu, 1);
    expect_bounded(0x80000001u, big, 0, 1);
    /* Here about half the outputs are rejected: follow the draws until one passes. */
    lb_pcg32 next = rng_about_to_output(0x7ffffffeu);
    uint32_t w = lb_pcg32_next(&next);
    int draws = 1;
    while (w < 0x7fffffffu) {
        w = lb_pcg32_next(&next);
        draws++;
    }
    expect_bounded(0x7ffffffeu, big, w % big, draws);

    expect_bounded(0, 8, 0, 1); /* a power of two rejects nothing */
    expect_bounded(12345, 1, 0, 1);
}

/* 600,000 d6: each face within 5 standard deviations (sd ~ 289) and chi-square below 20.5 (p = 0.001). */
static void test_dice__d6_distribution(void **state)
{
    (void)state;
    enum { DRAWS = 600000 };
    lb_dice *dice = malloc(sizeof *dice);
    assert_non_null(dice);
    lb_dice_init_seed(dice, 2024);
    long count[6] = {0};
    for (int i = 0; i < DRAWS; i++) {
        int v = 0;
        assert_int_equal(lb_dice_d6(dice, "distribution", &v), 0);
        assert_in_range(v, 1, 6);
        count[v - 1]++;
    }
    double chi2 = 0;
    for (int f = 0; f < 6; f++) {
        assert_in_range(count[f], DRAWS / 6 - 1450, DRAWS / 6 + 1450);
        double dev = (double)count[f] - DRAWS / 6.0;
        chi2 += dev * dev / (DRAWS / 6.0);
    }
    assert_true(chi2 < 20.5);
    assert_int_equal(dice->log_len, DRAWS);
    free(dice);
}

/* 360,000 two-dice rolls: each of the 36 values within 5 standard deviations (sd ~ 98.6). */
static void test_dice__roll_distribution(void **state)
{
    (void)state;
    enum { DRAWS = 360000 };
    lb_dice *dice = malloc(sizeof *dice);
    assert_non_null(dice);
    lb_dice_init_seed(dice, 7);
    long count[36] = {0};
    for (int i = 0; i < DRAWS; i++) {
        int v = 0;
        assert_int_equal(lb_dice_roll(dice, "distribution", &v), 0);
        assert_true(lb_roll_valid(v));
        count[lb_roll_index(v)]++;
    }
    for (int i = 0; i < 36; i++)
        assert_in_range(count[i], DRAWS / 36 - 493, DRAWS / 36 + 493);
    free(dice);
}

/* R-DICE-2 */
static void test_dice__roll_add(void **state)
{
    (void)state;
    static const int cases[][3] = {
        {43, 4, 51}, {35, 3, 42}, {43, -6, 33}, {11, -1, 11}, {66, 1, 66}, {64, 5, 66}, {11, 0, 11},
        {11, 35, 66}, {66, -35, 11}, {16, 1, 21}, {21, -1, 16}, {34, 12, 54}, {34, -12, 14},
        {11, INT_MAX, 66}, {66, INT_MIN, 11}, {33, 100, 66}, {33, -100, 11},
    };
    for (int i = 0; i < COUNT(cases); i++)
        assert_int_equal(lb_roll_add(cases[i][0], cases[i][1]), cases[i][2]);
    static const int not_rolls[] = {0, 10, 17, 67, 70, 7, -43, 100};
    for (int i = 0; i < COUNT(not_rolls); i++)
        assert_int_equal(lb_roll_add(not_rolls[i], 1), -1);
}

static void test_dice__roll_index_round_trip(void **state)
{
    (void)state;
    for (int i = 0; i < 36; i++) {
        int roll = lb_roll_from_index(i);
        assert_int_equal(roll, 10 * (i / 6 + 1) + i % 6 + 1);
        assert_true(lb_roll_valid(roll));
        assert_int_equal(lb_roll_index(roll), i);
    }
    assert_int_equal(lb_roll_from_index(-5), 11);
    assert_int_equal(lb_roll_from_index(36), 66);
    assert_int_equal(lb_roll_from_index(INT_MAX), 66);
    int valid = 0;
    for (int v = -100; v <= 200; v++) {
        int want = v >= 11 && v <= 66 && v % 10 >= 1 && v % 10 <= 6;
        assert_int_equal(lb_roll_valid(v) != 0, want);
        assert_int_equal(lb_roll_index(v) >= 0, want);
        valid += want;
    }
    assert_int_equal(valid, 36);
}

/* R-DICE-3: seed s is PCG32 (s, 54); a d6 is bounded(6) + 1, a roll its tens die then its units die. */
static void test_dice__seeded(void **state)
{
    (void)state;
    lb_dice *dice = malloc(sizeof *dice), *again = malloc(sizeof *again);
    assert_non_null(dice);
    assert_non_null(again);
    lb_dice_init_seed(dice, 42);
    lb_pcg32 rng;
    lb_pcg32_seed(&rng, 42, 54);
    assert_false(dice->scripted);
    for (int i = 0; i < 50; i++) {
        int d = 0, r = 0;
        assert_int_equal(lb_dice_d6(dice, "die", &d), 0);
        assert_int_equal(d, (int)lb_pcg32_bounded(&rng, 6) + 1);
        assert_int_equal(lb_dice_roll(dice, "roll", &r), 0);
        int tens = (int)lb_pcg32_bounded(&rng, 6) + 1;
        assert_int_equal(r, 10 * tens + (int)lb_pcg32_bounded(&rng, 6) + 1);
    }
    lb_dice_init_seed(dice, 1);
    lb_dice_init_seed(again, 1);
    int same = 1, differs_from_2 = 0;
    for (int i = 0; i < 20; i++) {
        int a = 0, b = 0;
        lb_dice_roll(dice, "x", &a);
        lb_dice_roll(again, "x", &b);
        same &= a == b;
    }
    lb_dice_init_seed(dice, 1);
    lb_dice_init_seed(again, 2);
    for (int i = 0; i < 20; i++) {
        int a = 0, b = 0;
        lb_dice_roll(dice, "x", &a);
        lb_dice_roll(again, "x", &b);
        differs_from_2 |= a != b;
    }
    assert_true(same);
    assert_true(differs_from_2);
    free(again);
    free(dice);
}

static void test_dice__script(void **state)
{
    (void)state;
    lb_dice *dice = malloc(sizeof *dice);
    assert_non_null(dice);
    int bad = -7, v = 0;
    assert_int_equal(lb_dice_init_script(dice, "34,5,62", &bad), 0);
    assert_int_equal(bad, -7);
    assert_true(dice->scripted);
    assert_int_equal(dice->script_len, 3);
    assert_int_equal(lb_dice_roll(dice, "morale", &v), 0);
    assert_int_equal(v, 34);
    assert_int_equal(lb_dice_d6(dice, "recall", &v), 0);
    assert_int_equal(v, 5);
    assert_int_equal(lb_dice_roll(dice, "fire", &v), 0);
    assert_int_equal(v, 62);
    free(dice);
}

/* Asking for the wrong kind fails and leaves the script where it was. */
static void test_dice__script_wrong_kind(void **state)
{
    (void)state;
    lb_dice *dice = malloc(sizeof *dice);
    assert_non_null(dice);
    int v = -1;
    assert_int_equal(lb_dice_init_script(dice, "34,5", NULL), 0);
    assert_int_equal(lb_dice_d6(dice, "recall", &v), LB_DICE);
    assert_int_equal(v, -1);
    assert_int_equal(dice->script_pos, 0);
    assert_int_equal(dice->log_len, 0);
    assert_int_equal(lb_dice_roll(dice, "morale", &v), 0);
    assert_int_equal(v, 34);
    assert_int_equal(lb_dice_roll(dice, "morale", &v), LB_DICE);
    assert_int_equal(dice->script_pos, 1);
    assert_int_equal(lb_dice_d6(dice, "recall", &v), 0);
    assert_int_equal(v, 5);
    free(dice);
}

static void test_dice__script_exhausted(void **state)
{
    (void)state;
    lb_dice *dice = malloc(sizeof *dice);
    assert_non_null(dice);
    int v = 0;
    assert_int_equal(lb_dice_init_script(dice, "5", NULL), 0);
    assert_int_equal(lb_dice_d6(dice, "rout length", &v), 0);
    assert_int_equal(v, 5);
    v = -1;
    assert_int_equal(lb_dice_d6(dice, "rout length", &v), LB_DICE);
    assert_int_equal(lb_dice_roll(dice, "morale", &v), LB_DICE);
    assert_int_equal(v, -1);
    assert_int_equal(dice->script_pos, 1);
    assert_int_equal(dice->log_len, 1);
    free(dice);
}

/* A bad list is refused with the offset of its bad entry, and the dice are not touched. */
static void test_dice__script_bad_lists(void **state)
{
    (void)state;
    static const struct {
        const char *list;
        int pos;
    } cases[] = {
        {"7", 0},     {"34,", 3},   {"3a", 0},     {"71", 0},  {"", 0},          {"340", 0},
        {"34,,5", 3}, {",34", 0},   {"34,5,62,0", 8}, {"1,2,77", 4}, {" 34", 0}, {"34 ", 0},
        {"-1", 0},    {"0", 0},     {"34;5", 0},   {"5,16,60", 5},
    };
    lb_dice *dice = malloc(sizeof *dice), *before = malloc(sizeof *before);
    assert_non_null(dice);
    assert_non_null(before);
    lb_dice_init_seed(dice, 9);
    int v;
    lb_dice_roll(dice, "earlier", &v);
    memcpy(before, dice, sizeof *dice);
    for (int i = 0; i < COUNT(cases); i++) {
        int bad = -1;
        assert_int_equal(lb_dice_init_script(dice, cases[i].list, &bad), LB_INVALID);
        if (bad != cases[i].pos) {
            print_message("list \"%s\": bad entry at %d, expected %d\n", cases[i].list, bad, cases[i].pos);
            fail();
        }
        assert_memory_equal(dice, before, sizeof *dice);
        assert_int_equal(lb_dice_init_script(dice, cases[i].list, NULL), LB_INVALID);
    }
    free(before);
    free(dice);
}

static void test_dice__script_longest(void **state)
{
    (void)state;
    char list[4 * LB_DICE_SCRIPT_MAX + 8] = "";
    lb_dice *dice = malloc(sizeof *dice);
    assert_non_null(dice);
    for (int i = 0; i < LB_DICE_SCRIPT_MAX; i++)
        strcat(list, i == 0 ? "66" : ",66");
    assert_int_equal(lb_dice_init_script(dice, list, NULL), 0);
    assert_int_equal(dice->script_len, LB_DICE_SCRIPT_MAX);
    size_t len = strlen(list);
    strcat(list, ",1");
    int bad = -1;
    assert_int_equal(lb_dice_init_script(dice, list, &bad), LB_INVALID);
    assert_int_equal(bad, (int)len + 1);
    free(dice);
}

/* R-DICE-3: each roll taken is logged with its kind, value and purpose, past the log's size too. */
static void test_dice__log(void **state)
{
    (void)state;
    lb_dice *dice = malloc(sizeof *dice);
    assert_non_null(dice);
    int v;
    assert_int_equal(lb_dice_init_script(dice, "34,5,62", NULL), 0);
    lb_dice_roll(dice, "morale 0305", &v);
    lb_dice_d6(dice, "recall", &v);
    lb_dice_roll(dice, "fire", &v);
    assert_int_equal(dice->log_len, 3);
    static const struct {
        lb_die_kind kind;
        int value;
        const char *purpose;
    } want[] = {{LB_DIE_TWO, 34, "morale 0305"}, {LB_DIE_ONE, 5, "recall"}, {LB_DIE_TWO, 62, "fire"}};
    for (int i = 0; i < COUNT(want); i++) {
        assert_int_equal(dice->log[i].kind, want[i].kind);
        assert_int_equal(dice->log[i].value, want[i].value);
        assert_string_equal(dice->log[i].purpose, want[i].purpose);
    }

    lb_dice_init_seed(dice, 3);
    assert_int_equal(dice->log_len, 0);
    for (int i = 0; i < LB_DICE_LOG_MAX + 10; i++) {
        assert_int_equal(i % 2 ? lb_dice_d6(dice, "odd", &v) : lb_dice_roll(dice, "even", &v), 0);
        if (i < LB_DICE_LOG_MAX) {
            assert_int_equal(dice->log[i].value, v);
            assert_int_equal(dice->log[i].kind, i % 2 ? LB_DIE_ONE : LB_DIE_TWO);
        }
    }
    assert_int_equal(dice->log_len, LB_DICE_LOG_MAX + 10);
    assert_string_equal(dice->log[LB_DICE_LOG_MAX - 1].purpose, "odd");
    free(dice);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_dice__pcg32_reference),
        cmocka_unit_test(test_dice__pcg32_bounded_threshold),
        cmocka_unit_test(test_dice__d6_distribution),
        cmocka_unit_test(test_dice__roll_distribution),
        cmocka_unit_test(test_dice__roll_add),
        cmocka_unit_test(test_dice__roll_index_round_trip),
        cmocka_unit_test(test_dice__seeded),
        cmocka_unit_test(test_dice__script),
        cmocka_unit_test(test_dice__script_wrong_kind),
        cmocka_unit_test(test_dice__script_exhausted),
        cmocka_unit_test(test_dice__script_bad_lists),
        cmocka_unit_test(test_dice__script_longest),
        cmocka_unit_test(test_dice__log),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
