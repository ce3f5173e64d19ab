/* Unit tests of the dice: PCG32 reference outputs, unbiased bounds, roll arithmetic, scripts, log; keyed dice: known answers, exact uniformity, commitment. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lb/core.h"
#include "dice_int.h"
#include "game_dice_int.h"

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

/* ---- keyed dice (R-DICE-3, docs/api.md "Fair dice") ---------------------------------------- */

/* The secret 00 01 02 … 1f of the known answers below. */
static void counting_secret(unsigned char secret[LB_DICE_SECRET_BYTES])
{
    for (int i = 0; i < LB_DICE_SECRET_BYTES; i++)
        secret[i] = (unsigned char)i;
}

static void hex_of(const unsigned char *b, int n, char *out)
{
    for (int i = 0; i < n; i++)
        sprintf(out + 2 * i, "%02x", b[i]);
}

/* Blocks computed apart from the code, with Python's hmac and hashlib:
 *   python3 -c 'import hmac,hashlib,struct; s=bytes(range(32));
 *     print(hmac.new(s,struct.pack(">Q",0),hashlib.sha256).hexdigest());
 *     print(hmac.new(s,struct.pack(">QI",0,1),hashlib.sha256).hexdigest());
 *     print(hmac.new(s,struct.pack(">QI",49,2),hashlib.sha256).hexdigest())' */
static void test_dice__keyed_blocks_known(void **state)
{
    (void)state;
    unsigned char secret[LB_DICE_SECRET_BYTES], digest[32];
    char hex[65];
    counting_secret(secret);
    lb_dice_block(secret, 0, 0, digest);
    hex_of(digest, 32, hex);
    assert_string_equal(hex, "9f0cd9b94097fe4929918d2b8942b34439574261a35dc50163f06c67d4e48899");
    lb_dice_block(secret, 0, 1, digest);
    hex_of(digest, 32, hex);
    assert_string_equal(hex, "8328f60bee3dfa2145e1b3f392f0adc2d64d9535906bf32099449313f5496a46");
    lb_dice_block(secret, 49, 2, digest);
    hex_of(digest, 32, hex);
    assert_string_equal(hex, "082617892afb8cfa8d04b25d6d0a03c5ae5dcb7cc4ee5ffebe8d3c6ed6d75b30");
}

/* Draws k of the counting secret: the first byte of block 0 below 252 as byte % 6 + 1, or the
 * roll of index byte % 36. k = 0: 0x9f = 159, 159 % 6 = 3 -> 4, 159 % 36 = 15 -> 34. k = 49:
 * 0xfe = 254 is thrown away, 0x65 = 101 -> 6 and index 29 -> 56. k = 2^40: 0x0f = 15 -> 4, 34.
 * The blocks' first bytes with Python (as above, struct.pack(">Q",k)):
 *   0 9f, 1 c4, 2 f9, 3 96, 4 f8, 5 1d, 6 67, 7 dd, 49 fe65, 84 fd4e, 110 ff0b, 2^40 0f. */
static void test_dice__keyed_draws_known(void **state)
{
    (void)state;
    static const struct {
        uint64_t k;
        int die, roll;
    } want[] = {{0, 4, 34},  {1, 5, 35},  {2, 4, 64},  {3, 1, 21},   {4, 3, 63},
                {5, 6, 56},  {6, 2, 62},  {7, 6, 16},  {49, 6, 56}, {84, 1, 21},
                {110, 6, 26}, {1ULL << 40, 4, 34}};
    unsigned char secret[LB_DICE_SECRET_BYTES];
    counting_secret(secret);
    for (int i = 0; i < COUNT(want); i++) {
        assert_int_equal(lb_dice_derive(secret, want[i].k, LB_DIE_ONE), want[i].die);
        assert_int_equal(lb_dice_derive(secret, want[i].k, LB_DIE_TWO), want[i].roll);
    }
}

/* Exact uniformity of the rejection: of the 256 byte values, 252 are kept, 42 for each face of a
 * die and 7 for each of the 36 rolls; 252..255 give nothing and the next byte is read. */
static void test_dice__keyed_uniform(void **state)
{
    (void)state;
    int die[7] = {0}, roll[67] = {0}, rejected = 0;
    for (int b = 0; b < 256; b++) {
        unsigned char byte = (unsigned char)b;
        int d = lb_dice_from_bytes(&byte, 1, LB_DIE_ONE);
        int r = lb_dice_from_bytes(&byte, 1, LB_DIE_TWO);
        assert_int_equal(d == 0, r == 0);
        if (d == 0) {
            rejected++;
            continue;
        }
        assert_true(d >= 1 && d <= 6);
        assert_true(lb_roll_valid(r));
        die[d]++;
        roll[r]++;
    }
    assert_int_equal(rejected, 4);
    for (int d = 1; d <= 6; d++)
        assert_int_equal(die[d], 42);
    for (int i = 0; i < 36; i++)
        assert_int_equal(roll[lb_roll_from_index(i)], 7);
    /* the first byte kept decides: 255 and 252 are passed over, 251 is the last face */
    const unsigned char bytes[] = {255, 252, 251, 0};
    assert_int_equal(lb_dice_from_bytes(bytes, 4, LB_DIE_ONE), 251 % 6 + 1);
    assert_int_equal(lb_dice_from_bytes(bytes, 4, LB_DIE_TWO), 66);
    assert_int_equal(lb_dice_from_bytes(bytes, 2, LB_DIE_TWO), 0);
    assert_int_equal(lb_dice_from_bytes(bytes + 3, 1, LB_DIE_TWO), 11);
}

/* Keyed dice take draws k, k+1, … in order whatever their kind, and log them; skipping a draw
 * moves k as a draw would. */
static void test_dice__keyed_source(void **state)
{
    (void)state;
    unsigned char secret[LB_DICE_SECRET_BYTES];
    counting_secret(secret);
    lb_dice *dice = malloc(sizeof *dice);
    lb_dice_init_keyed(dice, secret, 3);
    int v;
    assert_int_equal(lb_dice_roll(dice, "fire", &v), LB_OK);
    assert_int_equal(v, 21); /* k = 3 */
    assert_int_equal(lb_dice_d6(dice, "recall", &v), LB_OK);
    assert_int_equal(v, 3); /* k = 4 */
    lb_dice_skip(dice, LB_DIE_TWO); /* k = 5 */
    assert_int_equal(lb_dice_roll(dice, "melee", &v), LB_OK);
    assert_int_equal(v, 62); /* k = 6 */
    assert_int_equal(dice->log_len, 3);
    assert_int_equal(dice->log[1].value, 3);
    assert_true(dice->draw == 7);
    free(dice);
}

/* Seeded dice skip a roll as two bounded draws and a die as one: the same generator as rolling. */
static void test_dice__seeded_skip(void **state)
{
    (void)state;
    lb_dice *a = malloc(sizeof *a), *b = malloc(sizeof *b);
    lb_dice_init_seed(a, 7);
    lb_dice_init_seed(b, 7);
    int v;
    lb_dice_roll(a, "x", &v);
    lb_dice_d6(a, "y", &v);
    lb_dice_skip(b, LB_DIE_TWO);
    lb_dice_skip(b, LB_DIE_ONE);
    assert_true(a->rng.state == b->rng.state);
    assert_int_equal(b->log_len, 0);
    /* seed 7's third roll (Python's PCG32 of pcg-random.org, as R-DICE-1 rolls: 23, 23, 12) */
    lb_dice_init_seed(a, 7);
    lb_dice_skip(a, LB_DIE_TWO);
    lb_dice_skip(a, LB_DIE_TWO);
    assert_int_equal(lb_dice_roll(a, "z", &v), LB_OK);
    assert_int_equal(v, 12);
    free(a);
    free(b);
}

/* The commitment is SHA-256 of the secret's bytes (python3 -c 'import hashlib;
 * print(hashlib.sha256(bytes(range(32))).hexdigest())'); a secret reads back from its hex, and
 * anything but 64 hex digits is refused with the secret untouched. */
static void test_dice__commitment_and_hex(void **state)
{
    (void)state;
    unsigned char secret[LB_DICE_SECRET_BYTES], back[LB_DICE_SECRET_BYTES];
    char hex[LB_DICE_HEX_MAX];
    counting_secret(secret);
    lb_dice_commitment(secret, hex);
    assert_string_equal(hex, "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd");
    lb_dice_secret_hex(secret, hex);
    assert_string_equal(hex, "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f");
    assert_int_equal(lb_dice_secret_parse(hex, back), LB_OK);
    assert_memory_equal(back, secret, sizeof secret);
    hex[0] = 'F';
    hex[1] = 'f';
    assert_int_equal(lb_dice_secret_parse(hex, back), LB_OK);
    assert_int_equal(back[0], 0xff);
    memset(back, 7, sizeof back);
    assert_int_equal(lb_dice_secret_parse("00", back), LB_INVALID);
    hex[5] = 'g';
    assert_int_equal(lb_dice_secret_parse(hex, back), LB_INVALID);
    /* 64 characters with a space among them are 31 bytes and a half: refused */
    hex[5] = ' ';
    assert_int_equal(lb_dice_secret_parse(hex, back), LB_INVALID);
    assert_int_equal(lb_dice_secret_parse(NULL, back), LB_INVALID);
    assert_int_equal(back[0], 7);
    /* two secrets from the system differ (they are equal with chance 2^-256) */
    unsigned char one[LB_DICE_SECRET_BYTES], two[LB_DICE_SECRET_BYTES];
    assert_int_equal(lb_dice_secret_new(one), LB_OK);
    assert_int_equal(lb_dice_secret_new(two), LB_OK);
    assert_memory_not_equal(one, two, sizeof one);
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
        cmocka_unit_test(test_dice__keyed_blocks_known),
        cmocka_unit_test(test_dice__keyed_draws_known),
        cmocka_unit_test(test_dice__keyed_uniform),
        cmocka_unit_test(test_dice__keyed_source),
        cmocka_unit_test(test_dice__seeded_skip),
        cmocka_unit_test(test_dice__commitment_and_hex),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
