/* Unit tests of actions: keys read into actions and written back by the one reader and the one writer (hand-worked keys, located refusals), every option and random answer of many random games round-tripped, and the game answered by action as by key. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "action.h"
#include "lb/data.h"
#include "lb/game.h"
#include "lb/lb.h"
#include "decision_int.h"
#include "action_int.h"
#include "game_int.h"
#include "fixture.h"

#define RANDOM_GAMES 14
#define DECISIONS_PER_GAME 400

static lb_game *demo(uint64_t seed)
{
    size_t len;
    const char *name;
    return fixture_game("demo.json", lb_data_demo(&len, &name), seed, LB_UNDO_HOTSEAT);
}

static lb_game *prusse(uint64_t seed)
{
    FILE *f = fopen("data/scenarios/prusse-1806-demo.json", "rb");
    assert_non_null(f);
    char *text = calloc(1, 1 << 17);
    size_t n = fread(text, 1, (1 << 17) - 1, f);
    fclose(f);
    assert_true(n > 0);
    lb_game *g = fixture_game("prusse-1806-demo.json", text, seed, LB_UNDO_HOTSEAT);
    free(text);
    return g;
}

/* key read for kind: LB_OK, and written back the same. */
static lb_action read_ok(const lb_state *st, lb_decision_kind kind, const char *key)
{
    lb_action a;
    lb_err err = {0};
    int rc = lb_action_parse(st, kind, key, &a, &err);
    if (rc != LB_OK)
        fprintf(stderr, "%s: %s\n", key, err.msg);
    assert_int_equal(rc, LB_OK);
    char back[LB_OPTION_KEY_MAX];
    assert_int_equal(lb_action_fmt(st, &a, back, sizeof back), LB_OK);
    assert_string_equal(back, key);
    return a;
}

/* key refused for kind with this message and column. */
static void read_refused(const lb_state *st, lb_decision_kind kind, const char *key, int col,
                         const char *msg)
{
    lb_action a;
    lb_err err = {0};
    assert_int_equal(lb_action_parse(st, kind, key, &a, &err), LB_INVALID);
    assert_string_equal(err.msg, msg);
    assert_int_equal(err.col, col);
}

static int hex_is(lb_hex h, int col, int row)
{
    return h.col == col && h.row == row;
}

/* Keys of every shape, their parts worked out by hand (labels CCRR on the demo's map). */
static void test_action__keys_read_into_their_parts(void **state)
{
    (void)state;
    lb_game *g = demo(7);
    const lb_state *st = lb_game_state(g);
    lb_action a = read_ok(st, LB_DECIDE_ACTION, "fire:au-ir4-1+au-ir4-2:0810");
    assert_int_equal(a.verb, LB_VERB_FIRE);
    assert_int_equal(a.nunits, 2);
    assert_string_equal(lb_action_unit(&a, 0), "au-ir4-1");
    assert_string_equal(lb_action_unit(&a, 1), "au-ir4-2");
    assert_null(lb_action_unit(&a, 2));
    assert_int_equal(a.nhexes, 1);
    assert_true(hex_is(a.hexes[0], 8, 10));
    a = read_ok(st, LB_DECIDE_ACTION, "fire"); /* the option that stands for every fire */
    assert_int_equal(a.verb, LB_VERB_FIRE);
    assert_int_equal(a.nunits + a.nhexes, 0);
    a = read_ok(st, LB_DECIDE_ACTION, "form:fr-26le-1:line:5@0715+0814");
    assert_int_equal(a.verb, LB_VERB_FORM);
    assert_int_equal(a.formation, LB_FORM_LINE);
    assert_int_equal(a.number, 5);
    assert_int_equal(a.nhexes, 2);
    assert_true(hex_is(a.hexes[0], 7, 15) && hex_is(a.hexes[1], 8, 14));
    a = read_ok(st, LB_DECIDE_ACTION, "form:fr-26le-1:carre");
    assert_int_equal(a.formation, LB_FORM_CARRE);
    assert_int_equal(a.number + a.nhexes, 0);
    a = read_ok(st, LB_DECIDE_ACTION, "path:fr-26le-1:0911,0912,1012");
    assert_int_equal(a.verb, LB_VERB_PATH);
    assert_int_equal(a.nhexes, 3);
    assert_true(hex_is(a.hexes[2], 10, 12));
    a = read_ok(st, LB_DECIDE_ACTION, "melee:0910:fr-26le-1+fr-26le-2");
    assert_int_equal(a.verb, LB_VERB_MELEE);
    assert_true(hex_is(a.hexes[0], 9, 10));
    assert_int_equal(a.nunits, 2);
    a = read_ok(st, LB_DECIDE_ACTION, "attach:fr-lannes:fr-26le-1");
    assert_int_equal(a.verb, LB_VERB_ATTACH);
    assert_string_equal(lb_action_unit(&a, 1), "fr-26le-1");
    a = read_ok(st, LB_DECIDE_ACTION, "face:fr-26le-1:12");
    assert_int_equal(a.number, 12);
    assert_int_equal(read_ok(st, LB_DECIDE_ACTION, "detach:fr-lannes").verb, LB_VERB_DETACH);
    assert_int_equal(read_ok(st, LB_DECIDE_ACTION, "end").verb, LB_VERB_END);
    assert_int_equal(read_ok(st, LB_DECIDE_OPPORTUNITY, "pass").verb, LB_VERB_PASS);
    assert_int_equal(read_ok(st, LB_DECIDE_CONCEDE, "concede").verb, LB_VERB_CONCEDE);
    /* the rules' decisions: a word, or a value alone */
    assert_int_equal(read_ok(st, LB_DECIDE_PATH, "auto").verb, LB_VERB_AUTO);
    a = read_ok(st, LB_DECIDE_PATH, "0811");
    assert_int_equal(a.verb, LB_VERB_END_AT);
    assert_true(hex_is(a.hexes[0], 8, 11));
    a = read_ok(st, LB_DECIDE_TRAMPLE, "4");
    assert_int_equal(a.verb, LB_VERB_TRAMPLE);
    assert_int_equal(a.number, 4);
    a = read_ok(st, LB_DECIDE_ADVANCE, "au-ir4-1");
    assert_int_equal(a.verb, LB_VERB_ADVANCE);
    assert_int_equal(read_ok(st, LB_DECIDE_ADVANCE, "none").verb, LB_VERB_STAY);
    assert_int_equal(read_ok(st, LB_DECIDE_TARGET, "not-target").verb, LB_VERB_NOT_TARGET);
    assert_int_equal(read_ok(st, LB_DECIDE_FOLLOW, "halt").verb, LB_VERB_HALT);
    assert_int_equal(read_ok(st, LB_DECIDE_RETIRE, "retreat").verb, LB_VERB_RETIRE);
    assert_int_equal(read_ok(st, LB_DECIDE_PRESERVE, "full").verb, LB_VERB_FULL);
    lb_game_free(g);
}

/* A key that does not read is refused with the part that failed: where (from 1), what was
 * expected, what was found. A number or a label has one written form. */
static void test_action__refusals_say_where(void **state)
{
    (void)state;
    lb_game *g = demo(7);
    const lb_state *st = lb_game_state(g);
    /* "face:" 5 + "fr-26le-1" 9 + ":" 1: the hour begins at character 16 */
    read_refused(st, LB_DECIDE_ACTION, "face:fr-26le-1:13", 16,
                 "character 16: expected a clock hour from 1 to 12, found \"13\"");
    read_refused(st, LB_DECIDE_ACTION, "face:fr-26le-1:03", 16,
                 "character 16: expected a clock hour from 1 to 12, found \"03\"");
    /* "path:u:" 7 + "0810," 5: the second entry at 13 */
    read_refused(st, LB_DECIDE_ACTION, "path:u:0810,99x9", 13,
                 "character 13: expected hex labels of 4 digits H1,H2,… (at most 40), entry 2, "
                 "found \"99x9\"");
    read_refused(st, LB_DECIDE_ACTION, "move:u", 7,
                 "character 7: expected a hex label of 4 digits, found the key's end");
    read_refused(st, LB_DECIDE_ACTION, "jump:u:0810", 1,
                 "character 1: expected end, fire, move, path, face, form, prolonge, attach, "
                 "detach, march, enter, charge or melee, found \"jump:u:0810\"");
    read_refused(st, LB_DECIDE_OPPORTUNITY, "end", 1,
                 "character 1: expected fire, charge, melee or pass, found \"end\"");
    read_refused(st, LB_DECIDE_TRAMPLE, "04", 1,
                 "character 1: expected a number of movement points, found \"04\"");
    read_refused(st, LB_DECIDE_ACTION, "melee:0910:a++b", 14,
                 "character 14: expected unit ids U1+U2+… (at most 60), entry 2, found \"\"");
    read_refused(st, LB_DECIDE_ACTION, "detach:fr-lannes:x", 17,
                 "character 17: expected the end of the key, found \":x\"");
    lb_game_free(g);
}

/* The writer refuses an action that is no key, and one that does not fit. */
static void test_action__writer_refuses_what_is_no_key(void **state)
{
    (void)state;
    lb_game *g = demo(7);
    const lb_state *st = lb_game_state(g);
    char buf[LB_OPTION_KEY_MAX];
    lb_action a;
    lb_action_init(&a, LB_VERB_MOVE); /* no unit, no hex */
    assert_int_equal(lb_action_fmt(st, &a, buf, sizeof buf), LB_INVALID);
    lb_action_init(&a, LB_VERB_NONE);
    assert_int_equal(lb_action_fmt(st, &a, buf, sizeof buf), LB_INVALID);
    lb_action_init(&a, LB_VERB_FACE);
    assert_int_equal(lb_action_add_unit(&a, "fr-26le-1"), LB_OK);
    a.number = 13;
    assert_int_equal(lb_action_fmt(st, &a, buf, sizeof buf), LB_INVALID);
    a.number = 3;
    assert_int_equal(lb_action_fmt(st, &a, buf, 8), LB_LIMIT); /* "face:fr-26le-1:3" */
    assert_int_equal(lb_action_fmt(st, &a, buf, sizeof buf), LB_OK);
    assert_string_equal(buf, "face:fr-26le-1:3");
    assert_int_equal(lb_action_add_unit(&a, ""), LB_INVALID);
    lb_game_free(g);
}

typedef struct tally {
    int options, answers;
    uint64_t verbs; /* a bit per verb seen */
} tally;

/* key read for kind, written back the same, read again the same action; *out the action. */
static void round_trip(const lb_state *st, lb_decision_kind kind, const char *key, lb_action *out)
{
    *out = read_ok(st, kind, key);
    char back[LB_OPTION_KEY_MAX];
    lb_action again;
    assert_int_equal(lb_action_fmt(st, out, back, sizeof back), LB_OK);
    assert_int_equal(lb_action_parse(st, kind, back, &again, NULL), LB_OK);
    assert_true(lb_action_eq(out, &again));
}

/* Every option of the pending decision round-trips, and its action is the one its key reads
 * as; then a random answer (a parameter filled in) that reads round-trips too. */
static void check_pending(const lb_game *g, lb_pcg32 *rng, tally *t, char *key)
{
    const lb_state *st = lb_game_state(g);
    const lb_decision *d = lb_game_pending(g);
    for (int i = 0; i < d->noptions; i++) {
        lb_action a;
        round_trip(st, d->kind, d->options[i].key, &a);
        const lb_action *offered = lb_decision_action(d, i);
        if (d->kind == LB_DECIDE_ACTION || d->kind == LB_DECIDE_OPPORTUNITY)
            assert_non_null(offered); /* the game's own decisions carry their actions */
        if (offered)
            assert_true(lb_action_eq(offered, &a));
        t->verbs |= UINT64_C(1) << a.verb;
        t->options++;
    }
    assert_int_equal(lb_game_random_key(g, rng, key, LB_OPTION_KEY_MAX), LB_OK);
    lb_action a;
    if (lb_action_parse(st, d->kind, key, &a, NULL) == LB_OK) {
        round_trip(st, d->kind, key, &a);
        t->answers++;
    }
}

/* Random games of both scenarios: every option offered and every random answer. */
static void test_action__round_trip_over_random_games(void **state)
{
    (void)state;
    tally t = {0, 0, 0};
    for (int k = 0; k < RANDOM_GAMES; k++) {
        lb_game *g = k % 2 ? prusse((uint64_t)k + 1) : demo((uint64_t)k + 1);
        lb_pcg32 rng;
        lb_pcg32_seed(&rng, (uint64_t)k, 5);
        for (int n = 0; n < DECISIONS_PER_GAME && lb_game_pending(g); n++) {
            char key[LB_OPTION_KEY_MAX];
            const lb_decision *d = lb_game_pending(g);
            int side = d->side;
            check_pending(g, &rng, &t, key);
            lb_game_answer ans;
            assert_int_equal(lb_game_decide(g, side, lb_game_seq(g), key, &ans), LB_OK);
            if (ans.verdict != LB_ACCEPTED) /* a random parameter the rules refuse */
                assert_int_equal(lb_game_decide(g, side, lb_game_seq(g),
                                                d->options[d->auto_choice].key, &ans), LB_OK);
        }
        lb_game_free(g);
    }
    assert_true(t.options > 10000);
    assert_true(t.answers > 1000);
    const lb_verb seen[] = {LB_VERB_END, LB_VERB_FIRE, LB_VERB_MOVE, LB_VERB_PATH, LB_VERB_FACE,
                            LB_VERB_FORM, LB_VERB_CHARGE, LB_VERB_MELEE, LB_VERB_PASS,
                            LB_VERB_END_AT, LB_VERB_AUTO};
    for (size_t i = 0; i < sizeof seen / sizeof *seen; i++) {
        if (!(t.verbs & (UINT64_C(1) << seen[i])))
            fprintf(stderr, "verb %s never offered\n", lb_verb_name(seen[i]));
        assert_true(t.verbs & (UINT64_C(1) << seen[i]));
    }
}

/* lb_game_act with the action a key reads as does what lb_game_decide does with the key: the
 * same games, answer by answer; an action whose key the decision does not read is refused and
 * changes nothing. */
static void test_action__act_is_decide(void **state)
{
    (void)state;
    lb_game *by_key = demo(11), *by_action = demo(11);
    /* "target" is no answer of an action decision: refused, nothing changed */
    const lb_decision *d = lb_game_pending(by_action);
    assert_int_equal(d->kind, LB_DECIDE_ACTION);
    uint64_t h = lb_game_hash(by_action);
    int seq = lb_game_seq(by_action);
    lb_action target;
    lb_action_init(&target, LB_VERB_TARGET);
    lb_game_answer refused;
    assert_int_equal(lb_game_act(by_action, d->side, seq, &target, &refused), LB_OK);
    assert_int_equal(refused.verdict, LB_REFUSED_ILLEGAL);
    assert_string_equal(refused.reason,
                        "the action has no key that the action decision reads as it");
    assert_true(lb_game_hash(by_action) == h);
    assert_int_equal(lb_game_seq(by_action), seq);
    lb_pcg32 rng;
    lb_pcg32_seed(&rng, 11, 5);
    for (int n = 0; n < 200 && lb_game_pending(by_key); n++) {
        const lb_decision *d = lb_game_pending(by_key);
        int side = d->side;
        char key[LB_OPTION_KEY_MAX];
        assert_int_equal(lb_game_random_key(by_key, &rng, key, sizeof key), LB_OK);
        lb_action a;
        lb_game_answer x, y;
        if (lb_action_parse(lb_game_state(by_key), d->kind, key, &a, NULL) != LB_OK)
            snprintf(key, sizeof key, "%s", d->options[d->auto_choice].key);
        assert_int_equal(lb_action_parse(lb_game_state(by_key), d->kind, key, &a, NULL), LB_OK);
        assert_int_equal(lb_game_decide(by_key, side, lb_game_seq(by_key), key, &x), LB_OK);
        assert_int_equal(lb_game_act(by_action, side, lb_game_seq(by_action), &a, &y), LB_OK);
        assert_int_equal(x.verdict, y.verdict);
        assert_string_equal(x.reason, y.reason);
        assert_true(lb_game_hash(by_key) == lb_game_hash(by_action));
        if (x.verdict != LB_ACCEPTED) {
            const char *k = lb_game_pending(by_key)->options[0].key;
            assert_int_equal(lb_action_parse(lb_game_state(by_key), d->kind, k, &a, NULL), LB_OK);
            assert_int_equal(lb_game_decide(by_key, side, lb_game_seq(by_key), k, &x), LB_OK);
            assert_int_equal(lb_game_act(by_action, side, lb_game_seq(by_action), &a, &y), LB_OK);
        }
    }
    lb_game_free(by_key);
    lb_game_free(by_action);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_action__keys_read_into_their_parts),
        cmocka_unit_test(test_action__refusals_say_where),
        cmocka_unit_test(test_action__writer_refuses_what_is_no_key),
        cmocka_unit_test(test_action__round_trip_over_random_games),
        cmocka_unit_test(test_action__act_is_decide),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
