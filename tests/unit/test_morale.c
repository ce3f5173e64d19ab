/* Unit tests of morale checks: odds against hand-computed fractions, leaders, outcomes, apply. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lb/lb.h"
#include "state_int.h"
#include "trace_int.h"
#include "morale_int.h"
#include "unit_int.h"

/* A 3x1 map: 0101 clear, 0201 woods, 0301 clear; French phasing in the Morale Recovery
 * Segment; charts.morale as given (may be empty). */
static lb_state *scenario(const char *morale_chart, const char *units)
{
    static const char fmt[] =
        "{\"format\": \"labataille-scenario/1\", \"sides\": [\"french\", \"austrian\"],"
        " \"turn\": {\"time\": \"13:00\", \"phasing\": \"french\", \"segment\": "
        "\"morale_recovery\"},"
        " \"map\": {\"columns\": 3, \"rows\": 1, \"terrain\": [\".W.\"],"
        " \"legend\": {\".\": \"clear\", \"W\": \"woods\"}},"
        " \"charts\": {\"terrain\": {"
        "\"clear\": {\"move\": {\"infantry\": 1, \"cavalry\": 1, \"artillery\": 1}},"
        "\"woods\": {\"move\": {\"infantry\": 3, \"cavalry\": 5, \"artillery\": 4},"
        " \"general_order\": true}}%s}, \"units\": [%s]}";
    size_t n = sizeof fmt + strlen(morale_chart) + strlen(units) + 16;
    char *text = malloc(n);
    snprintf(text, n, fmt, morale_chart, units);
    lb_load_opts opts = {0};
    lb_errlist errs = {0};
    lb_state *st = NULL;
    lb_scenario_load("t.json", text, strlen(text), &opts, &st, &errs);
    for (int i = 0; i < errs.count; i++) {
        char line[1200];
        lb_err_fmt(&errs.items[i], line, sizeof line);
        print_message("%s\n", line);
    }
    lb_errlist_release(&errs);
    free(text);
    assert_non_null(st);
    return st;
}

#define UNIT(id, side, arm, form, state, morale, hexes)                                         \
    "{\"id\": \"" id "\", \"side\": \"" side "\", \"arm\": \"" arm "\", \"increments\": 6,"     \
    " \"fire\": 6, \"melee\": 12, \"movement\": 6, \"morale\": \"" morale "\", \"formation\": " \
    "\"" form "\", \"state\": \"" state "\", \"hexes\": [" hexes "]}"
#define LEADER(id, side, bonus, hex)                                                            \
    "{\"id\": \"" id "\", \"side\": \"" side "\", \"arm\": \"leader\", \"bonus\": {\"morale\": " \
    bonus "}, \"hexes\": [\"" hex "\"]}"

static void assert_frac(lb_frac f, long long n, long long d)
{
    if (f.num != n || f.den != d)
        fail_msg("expected %lld/%lld, got %lld/%lld", n, d, f.num, f.den);
}

static lb_morale_chance odds(const lb_state *st, const char *id, int extra)
{
    lb_morale_chance o;
    lb_morale_mod mod = {"R-MOR-1", "test", extra};
    assert_int_equal(lb_morale_odds(st, lb_state_unit_index(st, id), &mod, extra != 0, &o, NULL),
                     LB_OK);
    return o;
}

/* R-MOR-1, R-DICE-2: index(roll) = 6(tens - 1) + (units - 1), so index(34) = 15. Morale 34 with
 * no modifier passes on 35, 36 and 41..66: 2 + 18 = 20 of 36 = 5/9. Disordered, -3: a natural
 * roll passes when its index minus 3 is above 15, from index 19 (roll 42): 17 of 36. Routed,
 * -6: from index 22 (roll 45): 14/36 = 7/18. */
static void test_morale__odds_by_state(void **state)
{
    (void)state;
    lb_state *st = scenario("", UNIT("good", "french", "infantry", "column", "good", "34", "\"0101\"") ","
                                UNIT("dd", "french", "infantry", "column", "disordered", "34", "\"0301\"") ","
                                UNIT("pgd", "austrian", "infantry", "column", "routed", "34", "\"0201\""));
    lb_morale_chance o = odds(st, "good", 0);
    assert_frac(o.p_pass, 5, 9);
    assert_int_equal(o.need, 35);
    assert_int_equal(o.modifier, 0);
    assert_int_equal(o.nmods, 0);
    o = odds(st, "dd", 0);
    assert_frac(o.p_pass, 17, 36);
    assert_int_equal(o.need, 42);
    assert_int_equal(o.modifier, -3);
    assert_string_equal(o.mods[0].rule, "R-MOR-3");
    o = odds(st, "pgd", 0);
    assert_frac(o.p_pass, 7, 18);
    assert_int_equal(o.need, 45);
    assert_string_equal(o.mods[0].rule, "R-MOR-4");
    /* a caller's +4 on the good unit: from index 16 - 4 = 12 (roll 31): 24/36 = 2/3 */
    o = odds(st, "good", 4);
    assert_frac(o.p_pass, 2, 3);
    assert_int_equal(o.need, 31);
    lb_state_free(st);
}

/* The worked example of the rules (Q31-14): morale 32 (index 13); disordered needs index - 3 >
 * 13, roll 36 (index 17); routed needs index - 6 > 13, roll 43 (index 20). */
static void test_morale__recovery_thresholds_of_the_rules_example(void **state)
{
    (void)state;
    lb_state *st = scenario("", UNIT("dd", "french", "infantry", "column", "disordered", "32", "\"0101\"") ","
                                UNIT("pgd", "french", "infantry", "column", "routed", "32", "\"0301\""));
    lb_morale_chance o = odds(st, "dd", 0);
    assert_int_equal(o.need, 36);
    assert_frac(o.p_pass, 19, 36);
    o = odds(st, "pgd", 0);
    assert_int_equal(o.need, 43);
    assert_frac(o.p_pass, 4, 9); /* indexes 20..35: 16 of 36 */
    lb_state_free(st);
}

/* R-MOR-1, R-MOR-12: two leaders, +2 and +3: the best (+3), not the sum (+5). Morale 34 (index
 * 15) + 3 passes from index 16 - 3 = 13 (roll 32): 23/36; with +5 it would be 25/36. A leader
 * standing in the second hex of a line counts too. */
static void test_morale__leader_best_not_sum(void **state)
{
    (void)state;
    lb_state *st = scenario("", UNIT("col", "french", "infantry", "column", "good", "34", "\"0101\"") ","
                                LEADER("ney", "french", "2", "0101") ","
                                LEADER("lannes", "french", "3", "0101") ","
                                "{\"id\": \"line\", \"side\": \"austrian\", \"arm\": \"infantry\","
                                " \"increments\": 6, \"fire\": 6, \"melee\": 12, \"movement\": 6,"
                                " \"morale\": \"34\", \"formation\": \"line\", \"state\": \"good\","
                                " \"hexes\": [\"0201\", \"0301\"]},"
                                LEADER("karl", "austrian", "1", "0301"));
    lb_trace t;
    lb_trace_init(&t);
    lb_morale_chance o;
    assert_int_equal(lb_morale_odds(st, 0, NULL, 0, &o, &t), LB_OK);
    assert_int_equal(o.modifier, 3);
    assert_string_equal(st->units[o.leader].id, "lannes");
    assert_frac(o.p_pass, 23, 36);
    assert_int_equal(o.need, 32);
    assert_non_null(lb_trace_find(&t, "R-MOR-12"));
    lb_trace_release(&t);
    /* the line in 0201+0301 with its leader in 0301: +1, from index 15 (roll 34): 21/36 */
    o = odds(st, "line", 0);
    assert_int_equal(o.modifier, 1);
    assert_frac(o.p_pass, 7, 12);
    assert_int_equal(o.need, 34);
    lb_state_free(st);
}

/* R-MOR-12: a leader whose bonus is negative still counts when he is the only one: -1 on morale
 * 34 passes from index 17 (roll 36): 19/36. */
static void test_morale__lone_leader_with_negative_bonus(void **state)
{
    (void)state;
    lb_state *st = scenario("", UNIT("col", "french", "infantry", "column", "good", "34", "\"0101\"") ","
                                LEADER("dud", "french", "-1", "0101"));
    lb_morale_chance o = odds(st, "col", 0);
    assert_int_equal(o.modifier, -1);
    assert_frac(o.p_pass, 19, 36);
    assert_int_equal(o.need, 36);
    lb_state_free(st);
}

/* R-MOR-1: automatic rolls only when the charts declare them. Morale 66: no modified roll is
 * above 66 (the sum clamps at 66), so nothing passes, except a chart's natural 66: 1/36. Morale
 * 11 with +6: every roll passes (36/36), except a chart's natural 11: 35/36. */
static void test_morale__automatic_rolls_from_the_charts(void **state)
{
    (void)state;
    const char *units = UNIT("best", "french", "infantry", "column", "good", "11", "\"0101\"") ","
                        UNIT("worst", "french", "infantry", "column", "good", "66", "\"0301\"");
    lb_state *st = scenario("", units);
    assert_frac(odds(st, "worst", 0).p_pass, 0, 1);
    assert_int_equal(odds(st, "worst", 0).need, 0);
    assert_frac(odds(st, "best", 6).p_pass, 1, 1);
    lb_state_free(st);

    st = scenario(", \"morale\": {\"auto_pass\": \"66\", \"auto_fail\": \"11\"}", units);
    lb_morale_chance o = odds(st, "worst", 0);
    assert_frac(o.p_pass, 1, 36);
    assert_int_equal(o.auto_pass, 66);
    assert_frac(odds(st, "best", 6).p_pass, 35, 36);
    /* resolving: a natural 66 passes whatever the modifiers */
    lb_dice dice;
    assert_int_equal(lb_dice_init_script(&dice, "66,11", NULL), 0);
    lb_morale_result r;
    assert_int_equal(lb_morale_resolve(st, 1, LB_CHECK_ORDINARY, NULL, 0, &dice, &r, NULL), LB_OK);
    assert_int_equal(r.automatic, 1);
    assert_true(r.outcome.passed);
    lb_morale_mod plus = {"R-MOR-1", "test", 6};
    assert_int_equal(lb_morale_resolve(st, 0, LB_CHECK_ORDINARY, &plus, 1, &dice, &r, NULL), LB_OK);
    assert_int_equal(r.automatic, -1);
    assert_int_equal(r.modified, 21);
    assert_false(r.outcome.passed);
    lb_state_free(st);
}

/* R-MOR-7, R-MOR-8, R-MOR-13, R-MOR-14: each state, each kind of check, each result. */
static void test_morale__outcomes(void **state)
{
    (void)state;
    lb_state *st = scenario("", UNIT("inf", "french", "infantry", "line", "good", "34", "\"0101\"") ","
                                "{\"id\": \"cav\", \"side\": \"french\", \"arm\": \"cavalry\","
                                " \"increments\": 6, \"fire\": 0, \"melee\": 12, \"movement\": 12,"
                                " \"morale\": \"33\", \"formation\": \"column\", \"state\": \"good\","
                                " \"hexes\": [\"0201\"]},"
                                UNIT("dd", "french", "infantry", "column", "disordered", "34", "\"0201\"") ","
                                UNIT("pgd", "french", "infantry", "general", "routed", "34", "\"0201\"") ","
                                "{\"id\": \"art\", \"side\": \"french\", \"arm\": \"artillery\","
                                " \"increments\": 2, \"fire\": 4, \"melee\": 1, \"movement\": 4,"
                                " \"morale\": \"33\", \"formation\": \"limbered\", \"state\": \"good\","
                                " \"hexes\": [\"0301\"]}");
    struct {
        const char *id;
        lb_morale_kind kind;
        int passed;
        lb_morale_state to;
        lb_formation formation;
        int moves;
        lb_retreat_kind move;
    } cases[] = {
        {"inf", LB_CHECK_ORDINARY, 1, LB_STATE_GOOD, LB_FORM_LINE, 0, 0},
        {"inf", LB_CHECK_ORDINARY, 0, LB_STATE_DISORDERED, LB_FORM_COLUMN, 1, LB_RETREAT_DISORDER},
        {"cav", LB_CHECK_ORDINARY, 0, LB_STATE_ROUTED, LB_FORM_GENERAL, 1, LB_RETREAT_ROUT},
        {"art", LB_CHECK_ORDINARY, 0, LB_STATE_DISORDERED, LB_FORM_LIMBERED, 1, LB_RETREAT_DISORDER},
        {"dd", LB_CHECK_ORDINARY, 0, LB_STATE_ROUTED, LB_FORM_GENERAL, 1, LB_RETREAT_ROUT},
        {"dd", LB_CHECK_ORDINARY, 1, LB_STATE_DISORDERED, LB_FORM_COLUMN, 0, 0},
        {"pgd", LB_CHECK_ORDINARY, 0, LB_STATE_ROUTED, LB_FORM_GENERAL, 0, 0},
        {"dd", LB_CHECK_RECOVERY, 1, LB_STATE_GOOD, LB_FORM_GENERAL, 0, 0},
        {"dd", LB_CHECK_RECOVERY, 0, LB_STATE_ROUTED, LB_FORM_GENERAL, 1, LB_RETREAT_ROUT},
        {"pgd", LB_CHECK_RECOVERY, 1, LB_STATE_GOOD, LB_FORM_GENERAL, 0, 0},
        {"pgd", LB_CHECK_RECOVERY, 0, LB_STATE_ROUTED, LB_FORM_GENERAL, 1, LB_RETREAT_FLIGHT},
        {"inf", LB_CHECK_RECOVERY, 0, LB_STATE_DISORDERED, LB_FORM_COLUMN, 1, LB_RETREAT_DISORDER},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        lb_trace t;
        lb_trace_init(&t);
        lb_morale_outcome o = lb_morale_outcome_of(st, lb_state_unit_index(st, cases[i].id),
                                                   cases[i].kind, cases[i].passed, &t);
        if (o.to != cases[i].to || o.formation != cases[i].formation ||
            o.moves != cases[i].moves || (o.moves && o.move != cases[i].move))
            fail_msg("case %zu (%s %s %s): got %s %s moves %d %d", i, cases[i].id,
                     lb_morale_kind_name(cases[i].kind), cases[i].passed ? "pass" : "fail",
                     lb_morale_state_name(o.to), lb_formation_name(o.formation), o.moves,
                     (int)o.move);
        assert_int_equal(t.count, 1);
        lb_trace_release(&t);
    }
    lb_state_free(st);
}

/* R-MOR-15: the recovery check is for the phasing side's DD and PGD units in that segment. */
static void test_morale__which_check(void **state)
{
    (void)state;
    lb_state *st = scenario("", UNIT("good", "french", "infantry", "column", "good", "34", "\"0101\"") ","
                                UNIT("dd", "french", "infantry", "column", "disordered", "34", "\"0101\"") ","
                                UNIT("au", "austrian", "infantry", "column", "routed", "34", "\"0301\""));
    assert_int_equal(lb_morale_kind_for(st, 0), LB_CHECK_ORDINARY);
    assert_int_equal(lb_morale_kind_for(st, 1), LB_CHECK_RECOVERY);
    assert_int_equal(lb_morale_kind_for(st, 2), LB_CHECK_ORDINARY);
    st->turn.segment = LB_SEG_MELEE;
    assert_int_equal(lb_morale_kind_for(st, 1), LB_CHECK_ORDINARY);
    lb_state_free(st);
}

/* R-MOR-1, R-DICE-3: a scripted roll; the trace carries the roll with its purpose. Morale 34,
 * roll 35 passes (35 > 34); roll 34 fails and the line disorders, closing up into its first hex
 * in column, turned from vertex 1 to hexside 2 (R-MOR-13). */
static void test_morale__resolve_and_apply(void **state)
{
    (void)state;
    lb_state *st = scenario("", "{\"id\": \"line\", \"side\": \"french\", \"arm\": \"infantry\","
                                " \"increments\": 6, \"fire\": 6, \"melee\": 12, \"movement\": 6,"
                                " \"morale\": \"34\", \"formation\": \"line\", \"state\": \"good\","
                                " \"facing\": 1, \"hexes\": [\"0301\", \"0201\"]}");
    lb_dice dice;
    assert_int_equal(lb_dice_init_script(&dice, "35,34,4", NULL), 0);
    lb_morale_result r;
    lb_trace t;
    lb_trace_init(&t);
    assert_int_equal(lb_morale_resolve(st, 0, LB_CHECK_ORDINARY, NULL, 0, &dice, &r, &t), LB_OK);
    assert_int_equal(r.roll, 35);
    assert_int_equal(r.modified, 35);
    assert_true(r.outcome.passed);
    int found = 0;
    for (int i = 0; i < t.count; i++)
        for (int j = 0; j < t.steps[i].nvalues; j++)
            found |= t.steps[i].values[j].kind == LB_TV_ROLL &&
                     strcmp(t.steps[i].values[j].key, "morale check") == 0 &&
                     t.steps[i].values[j].num == 35;
    assert_true(found);
    lb_trace_release(&t);

    assert_int_equal(lb_morale_resolve(st, 0, LB_CHECK_ORDINARY, NULL, 0, &dice, &r, NULL), LB_OK);
    assert_false(r.outcome.passed);
    assert_int_equal(lb_morale_apply(st, 0, &r.outcome), LB_OK);
    const lb_unit *u = &st->units[0];
    assert_int_equal(u->state, LB_STATE_DISORDERED);
    assert_int_equal(u->formation, LB_FORM_COLUMN);
    assert_int_equal(u->nhexes, 1);
    assert_int_equal(u->facing, 2);
    const int *idx;
    assert_int_equal(lb_state_units_at(st, (lb_hex){2, 1}, &idx), 0);
    /* the next scripted entry is one die: not a morale roll */
    assert_int_equal(lb_morale_resolve(st, 0, LB_CHECK_ORDINARY, NULL, 0, &dice, &r, NULL),
                     LB_DICE);
    lb_state_free(st);
}

/* Issue 12: an outcome is for one unit on one generation of the state. Two checks on the state
 * as loaded (col fails 34 against morale 34, dd's recovery fails too); col's outcome is applied,
 * which moves the state on: dd's is then stale and changes nothing. An outcome for another unit
 * is refused. */
static void test_morale__apply_refuses_stale(void **state)
{
    (void)state;
    lb_state *st =
        scenario("", UNIT("col", "french", "infantry", "column", "good", "34", "\"0101\"") "," UNIT(
                         "dd", "french", "infantry", "column", "disordered", "34", "\"0301\""));
    lb_dice dice;
    assert_int_equal(lb_dice_init_script(&dice, "34,34", NULL), 0);
    lb_morale_result a, b;
    assert_int_equal(lb_morale_resolve(st, 0, LB_CHECK_ORDINARY, NULL, 0, &dice, &a, NULL), LB_OK);
    assert_int_equal(lb_morale_resolve(st, 1, LB_CHECK_RECOVERY, NULL, 0, &dice, &b, NULL), LB_OK);
    assert_string_equal(a.outcome.unit, "col");
    assert_int_equal(a.outcome.generation, st->generation);
    assert_int_equal(lb_morale_apply(st, 1, &a.outcome), LB_INVALID); /* not dd's outcome */
    assert_int_equal(lb_morale_apply(st, 0, &a.outcome), LB_OK);
    assert_int_equal(st->units[0].state, LB_STATE_DISORDERED);
    assert_int_equal(st->generation, 1);
    lb_unit before = st->units[1];
    assert_int_equal(lb_morale_apply(st, 1, &b.outcome), LB_STALE);
    assert_memory_equal(&st->units[1], &before, sizeof before); /* still disordered */
    assert_int_equal(st->generation, 1);
    /* applying col's outcome twice is refused the same way */
    assert_int_equal(lb_morale_apply(st, 0, &a.outcome), LB_STALE);
    lb_state_free(st);
}

static void test_morale__invalid_requests(void **state)
{
    (void)state;
    lb_state *st = scenario("", UNIT("col", "french", "infantry", "column", "good", "34", "\"0101\"") ","
                                LEADER("ney", "french", "2", "0101"));
    lb_morale_chance o;
    assert_int_equal(lb_morale_odds(st, 1, NULL, 0, &o, NULL), LB_INVALID);
    assert_int_equal(lb_morale_odds(st, 7, NULL, 0, &o, NULL), LB_INVALID);
    lb_morale_mod many[LB_MORALE_MODS_MAX + 1];
    for (int i = 0; i <= LB_MORALE_MODS_MAX; i++)
        many[i] = (lb_morale_mod){"R-MOR-1", "test", 1};
    assert_int_equal(lb_morale_odds(st, 0, many, LB_MORALE_MODS_MAX + 1, &o, NULL), LB_INVALID);
    lb_morale_outcome oc = {0};
    assert_int_equal(lb_morale_apply(st, 1, &oc), LB_INVALID);
    assert_string_equal(lb_morale_kind_name(LB_CHECK_RECOVERY), "recovery");
    lb_state_free(st);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_morale__odds_by_state),
        cmocka_unit_test(test_morale__apply_refuses_stale),
        cmocka_unit_test(test_morale__recovery_thresholds_of_the_rules_example),
        cmocka_unit_test(test_morale__leader_best_not_sum),
        cmocka_unit_test(test_morale__lone_leader_with_negative_bonus),
        cmocka_unit_test(test_morale__automatic_rolls_from_the_charts),
        cmocka_unit_test(test_morale__outcomes),
        cmocka_unit_test(test_morale__which_check),
        cmocka_unit_test(test_morale__resolve_and_apply),
        cmocka_unit_test(test_morale__invalid_requests),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
