/* Unit tests of the zone of reaction and opportunity charges (39.1, R-RCH-1, R-RCH-4, R-OCH-1, R-OCH-2), each hex worked by hand. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "lb/data.h"
#include "lb/lb.h"
#include "state_int.h"
#include "charge_zone_int.h"
#include "words.h"

/* A 10 x 12 clear map (R-GRID-2: flat-topped hexes in columns; 0510 to 0506 is four hexes due
 * north). au-hvy: heavy cavalry (printed MP 10), column facing 12 (N) in 0510; au-lt: light
 * (printed MP 14), column facing 12 in 0910; fr-a: the French infantry that moves. */
static const char scenario[] =
    "{\"format\":\"labataille-scenario/1\",\"title\":\"zone\",\"game\":\"deutsch-wagram-1809\","
    "\"rules\":\"premier-2018\",\"turn\":{\"time\":\"13:00\",\"phasing\":\"french\","
    "\"segment\":\"movement\"},\"sides\":[\"french\",\"austrian\"],"
    "\"map\":{\"columns\":10,\"rows\":12,\"terrain\":[\"..........\",\"..........\","
    "\"..........\",\"..........\",\"..........\",\"..........\",\"..........\",\"..........\","
    "\"..........\",\"..........\",\"..........\",\"..........\"],\"legend\":{\".\":\"clear\"}},"
    "\"units\":["
    "{\"id\":\"fr-a\",\"side\":\"french\",\"arm\":\"infantry\",\"nation\":\"french\","
    "\"class\":\"ligne\",\"increments\":8,\"fire\":8,\"melee\":24,\"movement\":6,\"morale\":\"35\","
    "\"formation\":\"column\",\"state\":\"good\",\"hexes\":[\"0102\"],\"facing\":6},"
    "{\"id\":\"fr-b\",\"side\":\"french\",\"arm\":\"infantry\",\"nation\":\"french\","
    "\"class\":\"ligne\",\"increments\":8,\"fire\":8,\"melee\":24,\"movement\":6,\"morale\":\"35\","
    "\"formation\":\"column\",\"state\":\"good\",\"hexes\":[\"0101\"],\"facing\":6},"
    "{\"id\":\"au-hvy\",\"side\":\"austrian\",\"arm\":\"cavalry\",\"nation\":\"austrian\","
    "\"class\":\"kurassier\",\"increments\":4,\"fire\":0,\"melee\":16,\"movement\":10,"
    "\"morale\":\"44\",\"formation\":\"column\",\"state\":\"good\",\"hexes\":[\"0510\"],"
    "\"facing\":12},"
    "{\"id\":\"au-lt\",\"side\":\"austrian\",\"arm\":\"cavalry\",\"nation\":\"austrian\","
    "\"class\":\"husaren\",\"increments\":4,\"fire\":0,\"melee\":12,\"movement\":14,"
    "\"morale\":\"44\",\"formation\":\"column\",\"state\":\"good\",\"hexes\":[\"0910\"],"
    "\"facing\":12}]}";

static lb_state *load(void)
{
    int nmodules;
    const lb_module *modules = lb_data_modules(&nmodules);
    lb_load_opts opts = {.modules = modules, .nmodules = nmodules};
    lb_state *st = NULL;
    lb_errlist errs = {0};
    lb_scenario_load("zone.json", scenario, strlen(scenario), &opts, &st, &errs);
    lb_errlist_release(&errs);
    assert_non_null(st);
    return st;
}

static lb_hex hex(const lb_state *st, const char *label)
{
    lb_hex h;
    assert_int_equal(lb_map_parse_labels(&st->map, label, &h, 1, NULL), 1);
    return h;
}

/* The zone of unit `cav` at `at` for a French mover, not used, traced into t. */
static lbi_zone zone(const lb_state *st, const char *cav, const char *at, lbi_zone_kind kind,
                     int used, lb_trace *t)
{
    lbi_zone z;
    int c = lb_state_unit_index(st, cav);
    assert_true(c >= 0);
    assert_int_equal(lbi_charge_zone(st, c, hex(st, at), 0, kind, used, &z, t), LB_OK);
    return z;
}

static lbi_zone_why why(const lb_state *st, const char *cav, const char *at)
{
    return zone(st, cav, at, LBI_ZONE_OPPORTUNITY, 0, NULL).why;
}

/* R-RCH-1, R-RCH-4: heavy 4 hexes (0506 in, 0505 out), light 6 (0904 in, 0903 out); the distance
 * and the extent come with the answer. */
static void test_zone__extent_heavy_four_light_six(void **state)
{
    (void)state;
    lb_state *st = load();
    lbi_zone z = zone(st, "au-hvy", "0506", LBI_ZONE_REACTION, 0, NULL);
    assert_true(z.in);
    assert_int_equal(z.distance, 4);
    assert_int_equal(z.extent, 4);
    z = zone(st, "au-hvy", "0505", LBI_ZONE_REACTION, 0, NULL);
    assert_false(z.in);
    assert_int_equal(z.why, LBI_ZONE_FAR);
    assert_int_equal(z.distance, 5);
    z = zone(st, "au-lt", "0904", LBI_ZONE_REACTION, 0, NULL);
    assert_true(z.in);
    assert_int_equal(z.extent, 6);
    assert_int_equal(why(st, "au-lt", "0903"), LBI_ZONE_FAR);
    lb_state_free(st);
}

/* R-RCH-1: a heavy cavalry column facing 12 has the fronts 10, 12, 2 ((13), R-FORM-1). 0507
 * (due N) is in front; 0608 (N then NE: the line from 0510 runs along the corner between the N
 * and NE hexsides, both fronts) is in front; 0511 and 0512 (S, the rear) are not, nor 0710 (SE
 * then NE: along the corner between NE, a front, and SE, a flank). */
static void test_zone__front_hexsides_only(void **state)
{
    (void)state;
    lb_state *st = load();
    assert_int_equal(why(st, "au-hvy", "0507"), LBI_ZONE_IN);
    assert_int_equal(why(st, "au-hvy", "0608"), LBI_ZONE_IN);
    assert_int_equal(why(st, "au-hvy", "0512"), LBI_ZONE_BEHIND);
    assert_int_equal(why(st, "au-hvy", "0511"), LBI_ZONE_BEHIND);
    assert_int_equal(why(st, "au-hvy", "0710"), LBI_ZONE_BEHIND);
    lb_state_free(st);
}

/* R-RCH-1 "line of sight": fr-b in 0508 stands between 0510 and 0506 (R-LOS-3: a non-routed
 * combat unit in an intervening hex blocks); 0507 and 0506 are unseen, 0508 itself is seen. */
static void test_zone__line_of_sight(void **state)
{
    (void)state;
    lb_state *st = load();
    st->units[lb_state_unit_index(st, "fr-b")].hexes[0] = hex(st, "0508");
    assert_int_equal(lb_state_reindex(st), LB_OK);
    assert_int_equal(why(st, "au-hvy", "0506"), LBI_ZONE_UNSEEN);
    assert_int_equal(why(st, "au-hvy", "0507"), LBI_ZONE_UNSEEN);
    assert_int_equal(why(st, "au-hvy", "0508"), LBI_ZONE_IN);
    lb_state_free(st);
}

/* R-RCH-1, R-OCH-2 (39.3, 40.2): tired may, exhausted may not; 39.1: good order only; R-RCH-1,
 * R-OCH-1: a unit that reacted (charged) already is out; a friend has no zone against its own
 * side; R-CHG-8: cavalry in two hexes charges from none. */
static void test_zone__who_may(void **state)
{
    (void)state;
    lb_state *st = load();
    lb_unit *u = &st->units[lb_state_unit_index(st, "au-hvy")];
    u->readiness = LB_READY_TIRED;
    assert_int_equal(why(st, "au-hvy", "0507"), LBI_ZONE_IN);
    u->readiness = LB_READY_EXHAUSTED;
    assert_int_equal(why(st, "au-hvy", "0507"), LBI_ZONE_EXHAUSTED);
    u->readiness = LB_READY_FRESH;
    u->state = LB_STATE_DISORDERED;
    assert_int_equal(why(st, "au-hvy", "0507"), LBI_ZONE_NOT_GOOD);
    u->state = LB_STATE_GOOD;
    assert_int_equal(zone(st, "au-hvy", "0507", LBI_ZONE_REACTION, 1, NULL).why, LBI_ZONE_USED);
    assert_int_equal(why(st, "fr-a", "0507"), LBI_ZONE_NOT_CAVALRY);
    lbi_zone z;
    int c = lb_state_unit_index(st, "au-hvy");
    assert_int_equal(lbi_charge_zone(st, c, hex(st, "0507"), 1, LBI_ZONE_REACTION, 0, &z, NULL),
                     LB_OK);
    assert_int_equal(z.why, LBI_ZONE_NOT_CAVALRY);
    lb_state_free(st);
}

/* The trace: one step citing R-RCH-1 (R-OCH-1 for the opportunity zone; R-OCH-2, R-RCH-2 when
 * exhausted), in words. */
static void test_zone__trace_in_words(void **state)
{
    (void)state;
    lb_state *st = load();
    lb_trace t;
    lb_trace_init(&t);
    zone(st, "au-hvy", "0506", LBI_ZONE_REACTION, 0, &t);
    zone(st, "au-lt", "0903", LBI_ZONE_OPPORTUNITY, 0, &t);
    st->units[lb_state_unit_index(st, "au-hvy")].readiness = LB_READY_EXHAUSTED;
    zone(st, "au-hvy", "0506", LBI_ZONE_OPPORTUNITY, 0, &t);
    zone(st, "au-hvy", "0506", LBI_ZONE_REACTION, 0, &t);
    assert_int_equal(t.count, 4);
    char buf[400];
    assert_string_equal(t.steps[0].rule, "R-RCH-1");
    lb_trace_step_fmt(&t.steps[0], buf, sizeof buf);
    assert_string_equal(buf, "0506 is in the reaction charge (39) zone of au-hvy: heavy cavalry "
                             "reaches 4 hexes, 0506 is 4 away, in front of its front hexsides "
                             "and in its sight");
    assert_string_equal(t.steps[1].rule, "R-OCH-1");
    lb_trace_step_fmt(&t.steps[1], buf, sizeof buf);
    assert_string_equal(buf, "0903 is not in the opportunity charge (40) zone of au-lt: beyond "
                             "its extent (heavy cavalry 4 hexes, light 6) (7 hexes away, "
                             "extent 6)");
    assert_string_equal(t.steps[2].rule, "R-OCH-2");
    assert_string_equal(t.steps[3].rule, "R-RCH-2");
    lb_trace_step_fmt(&t.steps[3], buf, sizeof buf);
    assert_string_equal(buf, "0506 is not in the reaction charge (39) zone of au-hvy: exhausted "
                             "cavalry may not react or charge; tired may (39.3, 40.2) (4 hexes "
                             "away, extent 4)");
    lb_trace_release(&t);
    lb_state_free(st);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_zone__extent_heavy_four_light_six),
        cmocka_unit_test(test_zone__front_hexsides_only),
        cmocka_unit_test(test_zone__line_of_sight),
        cmocka_unit_test(test_zone__who_may),
        cmocka_unit_test(test_zone__trace_in_words),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
