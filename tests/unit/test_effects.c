/* Unit tests of state effects: fire, melee and movement by arm, state and losses, by table. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "lb/lb.h"
#include "state_int.h"
#include "trace_int.h"
#include "effects.h"
#include "words.h"

enum { NO = -1 }; /* "not allowed" in the table */

typedef struct row {
    const char *what;
    lb_arm arm;
    lb_formation formation;
    lb_morale_state state;
    int increments, losses, fire, melee, movement;
    lb_fractions fractions;
    /* expected: numerator and denominator, or NO */
    long fire_n, fire_d;
    long attack_n, attack_d; /* melee attacking */
    long defend_n, defend_d; /* melee defending */
    long move_n, move_d;     /* in the Movement phase */
    long flee_n, flee_d;     /* in the Morale Recovery Segment */
} row;

#define INF LB_ARM_INFANTRY
#define CAV LB_ARM_CAVALRY
#define ART LB_ARM_ARTILLERY
#define GOOD LB_STATE_GOOD
#define DD LB_STATE_DISORDERED
#define PGD LB_STATE_ROUTED
#define EXACT LB_FRACTIONS_EXACT
#define DOWN LB_FRACTIONS_ROUND_DOWN

/* Every expected value worked by hand from R-MOR-3..6, R-MOR-9..11 and (12). */
static const row rows[] = {
    /* R-MOR-2: good order, printed values */
    {"good infantry", INF, LB_FORM_COLUMN, GOOD, 10, 0, 10, 30, 6, EXACT,
     10, 1, 30, 1, 30, 1, 6, 1, 6, 1},
    /* R-MOR-3: disordered infantry halves fire, melee and movement: 10/2, 30/2, 6/2 */
    {"DD infantry", INF, LB_FORM_COLUMN, DD, 10, 0, 10, 30, 6, EXACT,
     5, 1, 15, 1, 15, 1, 3, 1, 3, 1},
    /* halves kept exact: 7/2, 15/2, 5/2 */
    {"DD infantry, odd values", INF, LB_FORM_COLUMN, DD, 10, 0, 7, 15, 5, EXACT,
     7, 2, 15, 2, 15, 2, 5, 2, 5, 2},
    /* R-MOR-9: round-down rounds the final value: 3, 7, 2 */
    {"DD infantry, round-down", INF, LB_FORM_COLUMN, DD, 10, 0, 7, 15, 5, DOWN,
     3, 1, 7, 1, 7, 1, 2, 1, 2, 1},
    /* R-MOR-4: routed infantry: no fire; melee 1/3 in defence only (30/3 = 10); no movement in
     * the Movement phase; 10 MP in the Morale Recovery Segment */
    {"PGD infantry", INF, LB_FORM_COLUMN, PGD, 10, 0, 10, 30, 6, EXACT,
     NO, 0, NO, 0, 10, 1, NO, 0, 10, 1},
    /* 20/3 exact, 6 rounded down */
    {"PGD infantry, thirds", INF, LB_FORM_GENERAL, PGD, 10, 0, 10, 20, 6, EXACT,
     NO, 0, NO, 0, 20, 3, NO, 0, 10, 1},
    {"PGD infantry, thirds, round-down", INF, LB_FORM_GENERAL, PGD, 10, 0, 10, 20, 6, DOWN,
     NO, 0, NO, 0, 6, 1, NO, 0, 10, 1},
    /* R-MOR-5: routed cavalry: no fire, melee 1/4 (16/4 = 4) attacking or defending, printed
     * movement in any segment */
    {"good cavalry", CAV, LB_FORM_COLUMN, GOOD, 8, 0, 0, 16, 14, EXACT,
     0, 1, 16, 1, 16, 1, 14, 1, 14, 1},
    {"PGD cavalry", CAV, LB_FORM_COLUMN, PGD, 8, 0, 0, 16, 14, EXACT,
     NO, 0, 4, 1, 4, 1, 14, 1, 14, 1},
    /* 18/4 = 9/2; round-down 4 */
    {"PGD cavalry, quarters", CAV, LB_FORM_COLUMN, PGD, 8, 0, 2, 18, 12, EXACT,
     NO, 0, 9, 2, 9, 2, 12, 1, 12, 1},
    {"PGD cavalry, quarters, round-down", CAV, LB_FORM_COLUMN, PGD, 8, 0, 2, 18, 12, DOWN,
     NO, 0, 4, 1, 4, 1, 12, 1, 12, 1},
    /* R-MOR-6: disordered limbered artillery as disordered infantry, never below 1: fire 3/2,
     * melee 1/2 -> 1, movement 1/2 -> 1 */
    {"DD limbered artillery", ART, LB_FORM_LIMBERED, DD, 4, 0, 3, 1, 1, EXACT,
     3, 2, 1, 1, 1, 1, 1, 1, 1, 1},
    {"DD limbered artillery, round-down", ART, LB_FORM_LIMBERED, DD, 4, 0, 3, 1, 1, DOWN,
     1, 1, 1, 1, 1, 1, 1, 1, 1, 1},
    /* R-MOR-11: unlimbered likewise (8/2 = 4, 2/2 = 1, 0 stays 0) */
    {"DD unlimbered artillery", ART, LB_FORM_UNLIMBERED, DD, 4, 0, 8, 2, 0, EXACT,
     4, 1, 1, 1, 1, 1, 0, 1, 0, 1},
    /* R-MOR-11: routed artillery as routed infantry: melee 6/3 = 2 in defence */
    {"PGD artillery", ART, LB_FORM_LIMBERED, PGD, 4, 0, 6, 6, 4, EXACT,
     NO, 0, NO, 0, 2, 1, NO, 0, 10, 1},
    /* R-MOR-10 (12): the rule's own example: 5 increments, melee 15, one lost -> 12; infantry
     * fire unchanged while more than one increment is left */
    {"infantry, 1 of 5 lost", INF, LB_FORM_COLUMN, GOOD, 5, 1, 10, 15, 6, EXACT,
     10, 1, 12, 1, 12, 1, 6, 1, 6, 1},
    /* one increment left: fire 10/2, melee 15 * 1/5 = 3 */
    {"infantry, 4 of 5 lost", INF, LB_FORM_COLUMN, GOOD, 5, 4, 10, 15, 6, EXACT,
     5, 1, 3, 1, 3, 1, 6, 1, 6, 1},
    /* a one-increment unit that has lost nothing keeps its fire */
    {"infantry of one increment", INF, LB_FORM_COLUMN, GOOD, 1, 0, 4, 3, 6, EXACT,
     4, 1, 3, 1, 3, 1, 6, 1, 6, 1},
    /* losses then disorder: 18 * 5/6 = 15, halved 15/2; fire 6 unchanged, halved 3 */
    {"DD infantry, 1 of 6 lost", INF, LB_FORM_COLUMN, DD, 6, 1, 6, 18, 6, EXACT,
     3, 1, 15, 2, 15, 2, 3, 1, 3, 1},
    {"DD infantry, 1 of 6 lost, round-down", INF, LB_FORM_COLUMN, DD, 6, 1, 6, 18, 6, DOWN,
     3, 1, 7, 1, 7, 1, 3, 1, 3, 1},
    /* cavalry fire unchanged below 75% losses (5 of 8 = 62.5%): 4; melee 16 * 3/8 = 6 */
    {"cavalry, 5 of 8 lost", CAV, LB_FORM_COLUMN, GOOD, 8, 5, 4, 16, 14, EXACT,
     4, 1, 6, 1, 6, 1, 14, 1, 14, 1},
    /* 6 of 8 = 75%: fire halved to 2; melee 16 * 2/8 = 4 */
    {"cavalry, 6 of 8 lost", CAV, LB_FORM_COLUMN, GOOD, 8, 6, 4, 16, 14, EXACT,
     2, 1, 4, 1, 4, 1, 14, 1, 14, 1},
    /* artillery: fire and melee with every loss: 6 * 3/4 = 9/2, 2 * 3/4 = 3/2 */
    {"artillery, 1 of 4 lost", ART, LB_FORM_UNLIMBERED, GOOD, 4, 1, 6, 2, 0, EXACT,
     9, 2, 3, 2, 3, 2, 0, 1, 0, 1},
    /* and disordered: 9/4 and 3/4 -> never below 1 */
    {"DD artillery, 1 of 4 lost", ART, LB_FORM_LIMBERED, DD, 4, 1, 6, 2, 2, EXACT,
     9, 4, 1, 1, 1, 1, 1, 1, 1, 1},
};

static lb_unit unit_of(const row *r)
{
    lb_unit u = {.id = "u", .arm = r->arm, .formation = r->formation, .state = r->state,
                 .increments = r->increments, .losses = r->losses, .fire = r->fire,
                 .melee = r->melee, .movement = r->movement, .morale = 34, .nhexes = 1};
    u.hexes[0] = (lb_hex){1, 1};
    return u;
}

static void check(const char *what, const char *value, lb_effect e, long n, long d)
{
    if (n == NO) {
        if (e.allowed)
            fail_msg("%s: %s: expected not allowed, got %lld/%lld", what, value, e.value.num,
                     e.value.den);
        char why[128];
        assert_true(lb_said_fmt(&e.why, why, sizeof why) > 0);
        assert_null(strstr(why, "(no words)"));
        assert_int_equal(e.value.num, 0);
        return;
    }
    if (!e.allowed || e.value.num != n || e.value.den != d)
        fail_msg("%s: %s: expected %ld/%ld, got %s%lld/%lld", what, value, n, d,
                 e.allowed ? "" : "not allowed ", e.value.num, e.value.den);
}

static void test_effects__table(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof rows / sizeof *rows; i++) {
        const row *r = &rows[i];
        lb_state st = {.fractions = r->fractions};
        lb_unit u = unit_of(r);
        check(r->what, "fire", lb_effects_fire(&st, &u, NULL), r->fire_n, r->fire_d);
        check(r->what, "melee attacking", lb_effects_melee(&st, &u, 0, NULL), r->attack_n,
              r->attack_d);
        check(r->what, "melee defending", lb_effects_melee(&st, &u, 1, NULL), r->defend_n,
              r->defend_d);
        check(r->what, "movement", lb_effects_movement(&st, &u, LB_SEG_MOVEMENT, NULL),
              r->move_n, r->move_d);
        check(r->what, "flight", lb_effects_movement(&st, &u, LB_SEG_MORALE_RECOVERY, NULL),
              r->flee_n, r->flee_d);
    }
}

/* R-MOR-10 (12): the loss shares themselves, lance included. */
static void test_effects__loss_shares(void **state)
{
    (void)state;
    lb_unit u = {.arm = LB_ARM_CAVALRY, .increments = 8, .losses = 2, .fire = 4, .melee = 16,
                 .lance = 2};
    lb_frac f = lb_effects_losses(&u, LB_VALUE_LANCE, NULL);
    assert_true(f.num == 3 && f.den == 4);
    f = lb_effects_losses(&u, LB_VALUE_FIRE, NULL);
    assert_true(f.num == 1 && f.den == 1);
    u.losses = 0;
    f = lb_effects_losses(&u, LB_VALUE_MELEE, NULL);
    assert_true(f.num == 1 && f.den == 1);
    lb_unit leader = {.arm = LB_ARM_LEADER};
    f = lb_effects_losses(&leader, LB_VALUE_MELEE, NULL);
    assert_true(f.num == 1 && f.den == 1);
}

/* Traces name the rulings and the values. */
static void test_effects__trace_cites_rulings(void **state)
{
    (void)state;
    lb_state st = {.fractions = LB_FRACTIONS_ROUND_DOWN};
    lb_unit u = {.id = "u", .arm = LB_ARM_INFANTRY, .formation = LB_FORM_COLUMN,
                 .state = LB_STATE_DISORDERED, .increments = 6, .losses = 1, .fire = 6,
                 .melee = 18, .movement = 6};
    lb_trace t;
    lb_trace_init(&t);
    lb_effect e = lb_effects_melee(&st, &u, 1, &t);
    assert_int_equal(e.value.num, 7);
    assert_non_null(lb_trace_find(&t, "R-MOR-10"));
    assert_non_null(lb_trace_find(&t, "R-MOR-3"));
    const lb_trace_step *round = lb_trace_find(&t, "R-MOR-9");
    assert_non_null(round);
    char text[128];
    lb_trace_step_fmt(round, text, sizeof text);
    assert_string_equal(text, "fractions round down: melee 15/2 becomes 7");
    lb_trace_release(&t);

    lb_trace_init(&t);
    u.state = LB_STATE_ROUTED;
    e = lb_effects_fire(&st, &u, &t);
    assert_false(e.allowed);
    assert_string_equal(t.steps[0].rule, "R-MOR-4");
    lb_trace_release(&t);

    lb_unit leader = {.id = "l", .arm = LB_ARM_LEADER};
    assert_false(lb_effects_fire(&st, &leader, NULL).allowed);
    assert_false(lb_effects_melee(&st, &leader, 1, NULL).allowed);
}

/* R-MOR-13: column in the open, general order where the terrain demands it, artillery as it was. */
static void test_effects__formation_by_terrain(void **state)
{
    (void)state;
    static const char text[] =
        "{\"format\": \"labataille-scenario/1\", \"sides\": [\"french\", \"austrian\"],"
        " \"map\": {\"columns\": 2, \"rows\": 1, \"terrain\": [\".W\"],"
        " \"legend\": {\".\": \"clear\", \"W\": \"woods\"}},"
        " \"charts\": {\"terrain\": {"
        "\"clear\": {\"move\": {\"infantry\": 1, \"cavalry\": 1, \"artillery\": 1}},"
        "\"woods\": {\"move\": {\"infantry\": 3, \"cavalry\": 5, \"artillery\": 4},"
        " \"general_order\": true}}}, \"units\": []}";
    lb_load_opts opts = {0};
    lb_errlist errs = {0};
    lb_state *st = NULL;
    assert_int_equal(lb_scenario_load("t.json", text, sizeof text - 1, &opts, &st, &errs), LB_OK);
    lb_unit u = {.arm = LB_ARM_INFANTRY, .formation = LB_FORM_LINE};
    assert_int_equal(lb_effects_formation(st, &u, (lb_hex){1, 1}), LB_FORM_COLUMN);
    assert_int_equal(lb_effects_formation(st, &u, (lb_hex){2, 1}), LB_FORM_GENERAL);
    u.arm = LB_ARM_CAVALRY;
    assert_int_equal(lb_effects_formation(st, &u, (lb_hex){2, 1}), LB_FORM_GENERAL);
    u.arm = LB_ARM_ARTILLERY;
    u.formation = LB_FORM_LIMBERED;
    assert_int_equal(lb_effects_formation(st, &u, (lb_hex){2, 1}), LB_FORM_LIMBERED);
    lb_errlist_release(&errs);
    lb_state_free(st);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_effects__table),
        cmocka_unit_test(test_effects__loss_shares),
        cmocka_unit_test(test_effects__trace_cites_rulings),
        cmocka_unit_test(test_effects__formation_by_terrain),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
