/* Unit tests: fire charts and their errors, odds columns, distributions, resolve, apply. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lb/data.h"
#include "lb/lb.h"
#include "state_int.h"
#include "frac_int.h"
#include "trace_int.h"
#include "charts_int.h"
#include "fire_charts_int.h"
#include "fire_int.h"
#include "words.h"
#include "hex_int.h"

static lb_state *load_text(const char *name, const char *text, int strict, lb_errlist *errs)
{
    int nmods;
    const lb_module *mods = lb_data_modules(&nmods);
    lb_load_opts opts = {.modules = mods, .nmodules = nmods, .strict = strict};
    lb_state *st = NULL;
    int rc = lb_scenario_load(name, text, strlen(text), &opts, &st, errs);
    assert_int_equal(rc == LB_OK, st != NULL);
    return st;
}

static lb_state *load_demo(void)
{
    size_t len;
    const char *file;
    const char *text = lb_data_demo(&len, &file);
    lb_errlist errs = {0};
    lb_state *st = load_text(file, text, 1, &errs);
    assert_int_equal(errs.count, 0);
    lb_errlist_release(&errs);
    assert_non_null(st);
    return st;
}

/* One unit's offensive fire at a hex, as a request of one firer. */
static int odds1(const lb_state *st, int unit, lb_hex target, lb_fire_chance *o, lb_trace *t)
{
    lb_fire_request rq = {LB_FIRE_OFFENSIVE, target, &unit, 1};
    return lb_fire_odds(st, &rq, o, t);
}

static int resolve1(const lb_state *st, int unit, lb_hex target, lb_dice *dice, lb_fire_result *r)
{
    lb_fire_request rq = {LB_FIRE_OFFENSIVE, target, &unit, 1};
    return lb_fire_resolve(st, &rq, dice, r, NULL);
}

/* ---- compiled charts ------------------------------------------------------------------- */

static const lb_fire_column *column(const lb_fire_charts *fc, const char *label)
{
    for (int i = 0; i < fc->ncolumns; i++)
        if (strcmp(fc->columns[i].label, label) == 0)
            return &fc->columns[i];
    return NULL;
}

static void test_fire__wagram_charts_compiled(void **unused)
{
    (void)unused;
    lb_state *st = load_demo();
    const lb_fire_charts *fc = st->charts.fire;
    assert_non_null(fc);
    assert_true(fc->has_table);
    /* sixteen columns, sorted by ratio whatever their order in the file */
    assert_int_equal(fc->ncolumns, 16);
    assert_string_equal(fc->columns[0].label, "1:3");
    assert_string_equal(fc->columns[1].label, "1:2.5");
    assert_string_equal(fc->columns[5].label, "1.5:1");
    assert_string_equal(fc->columns[15].label, "10:1");
    for (int i = 1; i < fc->ncolumns; i++)
        assert_true((long)fc->columns[i - 1].att * fc->columns[i].def <
                    (long)fc->columns[i].att * fc->columns[i - 1].def);
    /* 4:1: 13-53 one increment, 54-66 two; 11 and 12 nothing (53 is index 6*4+2 = 26) */
    const lb_fire_column *c = column(fc, "4:1");
    assert_int_equal(c->loss[0], 0);
    assert_int_equal(c->loss[1], 0);
    assert_int_equal(c->loss[2], 1);
    assert_int_equal(c->loss[26], 1);
    assert_int_equal(c->loss[27], 2);
    assert_int_equal(c->loss[35], 2);
    assert_false(fc->below_none);
    /* fire defence: clear column 6, line 9, artillery 6/8; village general 10, no column */
    int clear = lb_charts_terrain(&st->charts, "clear"),
        village = lb_charts_terrain(&st->charts, "village");
    assert_int_equal(lb_fire_charts_defence(fc, clear, LB_FORM_COLUMN), 6);
    assert_int_equal(lb_fire_charts_defence(fc, clear, LB_FORM_LINE), 9);
    assert_int_equal(lb_fire_charts_defence(fc, clear, LB_FORM_LIMBERED), 6);
    assert_int_equal(lb_fire_charts_defence(fc, clear, LB_FORM_UNLIMBERED), 8);
    assert_int_equal(lb_fire_charts_defence(fc, clear, LB_FIRE_FD_DISORDERED), 14);
    assert_int_equal(lb_fire_charts_defence(fc, village, LB_FORM_GENERAL), 10);
    assert_int_equal(lb_fire_charts_defence(fc, village, LB_FORM_COLUMN), 0);
    /* the printed notes: flank 6, road march 4, infantry with artillery -2 unless in carre */
    assert_true(fc->has_flank && fc->flank_value == 6);
    assert_true(fc->has_road && fc->road_value == 4);
    assert_true(fc->has_with_artillery);
    assert_int_equal(fc->with_artillery_delta, -2);
    assert_int_equal(fc->with_artillery_except, 1u << LB_FORM_CARRE);
    assert_true(fc->has_massed);
    assert_int_equal(fc->massed_above, 9);
    assert_int_equal(fc->massed_per, 1);
    /* triggers: class entry, arm entry, default */
    const lb_fire_trigger *tr = lb_fire_charts_trigger(fc, "french", "legere", LB_ARM_INFANTRY);
    assert_int_equal(tr->on, LB_TRIGGER_EVEN);
    tr = lb_fire_charts_trigger(fc, "austrian", "linie", LB_ARM_INFANTRY);
    assert_int_equal(tr->on, LB_TRIGGER_ODD);
    tr = lb_fire_charts_trigger(fc, "austrian", "grenadier", LB_ARM_INFANTRY);
    assert_non_null(tr);
    assert_null(tr->cls);
    assert_int_equal(tr->on, LB_TRIGGER_ODD);
    assert_null(lb_fire_charts_trigger(fc, "russian", "jaeger", LB_ARM_INFANTRY));
    /* leader casualty: 65-66, six results, capture re-rolled after fire */
    assert_true(fc->has_casualty);
    assert_int_equal(fc->casualty_fire_lo, 65);
    assert_int_equal(fc->casualty_fire_hi, 66);
    assert_int_equal(fc->ncasualty, 6);
    assert_int_equal(fc->casualty[4].result, LB_CASUALTY_CAPTURED);
    assert_true(fc->casualty[4].reroll_if_fire);
    assert_int_equal(fc->casualty[2].hours_out_dice, 2);
    lb_state_free(st);
}

static void test_fire__battery_ranges_compiled(void **unused)
{
    (void)unused;
    /* charts-format 8.2 in the shipped Wagram module: foot, horse and heavy batteries */
    lb_state *st = load_demo();
    const lb_fire_charts *fc = st->charts.fire;
    assert_int_equal(fc->canister_shift, 1);
    assert_true(fc->has_long_times);
    assert_int_equal(fc->long_times.num, 1);
    assert_int_equal(fc->long_times.den, 2);
    const lb_battery_range *b = lb_fire_charts_battery(fc, "french", "a_pied");
    assert_non_null(b);
    assert_int_equal(b->range, 8);
    assert_int_equal(b->canister, 3);
    assert_int_equal(b->long_range, 6);
    b = lb_fire_charts_battery(fc, "austrian", "brigade");
    assert_non_null(b);
    assert_int_equal(b->range, 6);
    assert_null(lb_fire_charts_battery(fc, "austrian", "linie"));
    assert_null(lb_fire_charts_battery(fc, NULL, "brigade"));
    /* every battery class of the module's registry has its ranges */
    int classes = 0, nmodules;
    const lb_module *modules = lb_data_modules(&nmodules);
    json_t *module = NULL;
    for (int i = 0; i < nmodules; i++)
        if (strcmp(modules[i].id, st->game) == 0)
            module = json_loadb(modules[i].text, modules[i].len, 0, NULL);
    assert_non_null(module);
    json_t *nations = json_object_get(module, "nations");
    const char *nation;
    json_t *nv;
    json_object_foreach(nations, nation, nv) {
        const char *cls;
        json_t *cv;
        json_object_foreach(json_object_get(nv, "classes"), cls, cv) {
            if (strcmp(json_string_value(json_object_get(cv, "arm")), "artillery") != 0)
                continue;
            classes++;
            assert_non_null(lb_fire_charts_battery(fc, nation, cls));
        }
    }
    assert_int_equal(classes, 8);
    json_decref(module);
    /* the registry's display names, through the charts */
    assert_string_equal(lb_charts_nation_name(&st->charts, "french"), "French");
    assert_null(lb_charts_nation_name(&st->charts, "martian"));
    assert_string_equal(lb_charts_class_name(&st->charts, "french", "legere"), "Légère");
    assert_null(lb_charts_class_name(&st->charts, "french", NULL));
    lb_state_free(st);
}

static void test_fire__triggers(void **unused)
{
    (void)unused;
    lb_fire_trigger even = {.on = LB_TRIGGER_EVEN, .from = 1};
    lb_fire_trigger third = {.on = LB_TRIGGER_THIRD, .from = 1};
    lb_fire_trigger odd3 = {.on = LB_TRIGGER_ODD, .from = 3};
    assert_false(lb_fire_trigger_fires(&even, 1));
    assert_true(lb_fire_trigger_fires(&even, 2));
    assert_false(lb_fire_trigger_fires(&third, 2));
    assert_true(lb_fire_trigger_fires(&third, 3));
    assert_true(lb_fire_trigger_fires(&third, 6));
    assert_false(lb_fire_trigger_fires(&odd3, 1)); /* Russian Guard: odd losses from the 3rd */
    assert_false(lb_fire_trigger_fires(&odd3, 2));
    assert_true(lb_fire_trigger_fires(&odd3, 3));
    assert_true(lb_fire_trigger_fires(NULL, 1));    /* no entry: every loss */
}

/* ---- the odds column ------------------------------------------------------------------- */

static void test_fire__column_choice(void **unused)
{
    (void)unused;
    lb_state *st = load_demo();
    const lb_fire_charts *fc = st->charts.fire;
    int below;
    struct { lb_frac value; int defence; const char *label; int below; } cases[] = {
        {{12, 1}, 6, "2:1", 0},    /* exactly 2 */
        {{17, 2}, 6, "1:1", 0},    /* 1.41: rounded down */
        {{9, 1}, 6, "1.5:1", 0},   /* exactly 3/2 */
        {{5, 2}, 1, "2.5:1", 0},
        {{2, 1}, 5, "1:2.5", 0},   /* exactly 2/5 */
        {{39, 1}, 10, "3:1", 0},   /* 3.9: rounded down past 3.5 (not listed) */
        {{1, 1}, 10, "1:3", 1},    /* below 1:3: the lowest column */
        {{100, 1}, 1, "10:1", 0},  /* above the highest: the highest */
        {{1, 3}, 1, "1:3", 0},     /* exactly 1/3 */
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        const lb_fire_column *c =
            lb_fire_charts_column(fc, cases[i].value, cases[i].defence, &below);
        assert_non_null(c);
        assert_string_equal(c->label, cases[i].label);
        assert_int_equal(below, cases[i].below);
    }
    lb_state_free(st);
}

/* ---- distributions over the demo ------------------------------------------------------- */

static void check_distributions(lb_state *st)
{
    lb_fire_chance *o = malloc(sizeof *o);
    int answered = 0;
    for (int u = 0; u < st->nunits; u++)
        for (int cell = 0; cell < st->map.cols * st->map.rows; cell++) {
            lb_hex h = lb_map_hex(&st->map, cell);
            assert_int_equal(odds1(st, u, h, o, NULL), LB_OK);
            if (!o->allowed) {
                lb_fire_chance_release(o);
                char why[LB_FIRE_REASON_MAX];
                assert_true(lb_said_fmt(&o->why, why, sizeof why) > 0);
                assert_null(strstr(why, "(no words)"));
                assert_non_null(o->rule);
                continue;
            }
            answered++;
            lb_frac sum = lb_frac_int(0);
            for (int l = 0; l <= LB_FIRE_LOSS_MAX; l++)
                sum = lb_frac_add(sum, o->p_loss[l]);
            assert_int_equal(sum.num, 1);
            assert_int_equal(sum.den, 1);
            for (int j = 0; j < o->nunits; j++) {
                assert_true(lb_frac_cmp(o->units[j].p_check, lb_frac_int(1)) <= 0);
                assert_true(o->units[j].p_check.num >= 0);
            }
            assert_true(o->defence.value >= 1);
            lb_fire_chance_release(o);
        }
    assert_true(answered > 0);
    free(o);
}

static void test_fire__distributions_sum_to_one(void **unused)
{
    (void)unused;
    lb_state *st = load_demo();
    check_distributions(st);
    lb_state_free(st);
    lb_errlist errs = {0};
    lb_state *pr = NULL;
    int nmods;
    const lb_module *mods = lb_data_modules(&nmods);
    lb_load_opts opts = {.modules = mods, .nmodules = nmods};
    assert_int_equal(
        lb_scenario_load_file("data/scenarios/prusse-1806-demo.json", &opts, &pr, &errs), LB_OK);
    check_distributions(pr);
    lb_state_free(pr);
    lb_errlist_release(&errs);
}

static void test_fire__demo_line(void **unused)
{
    (void)unused;
    lb_state *st = load_demo();
    lb_fire_chance o;
    lb_trace t;
    lb_trace_init(&t);
    int unit = lb_state_unit_index(st, "fr-26le-1");
    /* 0810 and 0811 hold 5 + 5; only 0810 is next to 0910: 4 x 3 = 12 against a line (9): 1:1,
     * 52-66 one increment: 5 + 6 = 11 rolls */
    assert_int_equal(odds1(st, unit, (lb_hex){9, 10}, &o, &t), LB_OK);
    assert_true(o.allowed);
    assert_int_equal(o.fire.value.num, 12);
    assert_int_equal(o.fire.increments_firing, 4);
    assert_int_equal(o.defence.value, 9);
    assert_string_equal(o.column->label, "1:1");
    assert_int_equal(o.p_loss[1].num, 11);
    assert_int_equal(o.p_loss[1].den, 36);
    assert_non_null(lb_trace_find(&t, "R-FIRE-3"));
    assert_non_null(lb_trace_find(&t, "R-FIRE-8"));
    assert_non_null(lb_trace_find(&t, "R-LOS-2"));
    lb_trace_release(&t);
    lb_fire_chance_release(&o);
    /* a bad unit or a target off the map is an error, not an answer */
    assert_int_equal(odds1(st, -1, (lb_hex){9, 10}, &o, NULL), LB_INVALID);
    lb_fire_chance_release(&o);
    assert_int_equal(odds1(st, unit, (lb_hex){40, 10}, &o, NULL), LB_INVALID);
    lb_fire_chance_release(&o);
    lb_state_free(st);
}

/* ---- chart errors ---------------------------------------------------------------------- */

static const char error_scenario[] =
    "{\"format\": \"labataille-scenario/1\", \"sides\": [\"french\", \"austrian\"],\n"
    "\"map\": {\"columns\": 2, \"rows\": 1, \"terrain\": [\"..\"], \"legend\": {\".\": "
    "\"clear\"}},\n"
    "\"charts\": {\"terrain\": {\"clear\": {\"move\": {\"infantry\": 1, \"cavalry\": 1, "
    "\"artillery\": 1}%s}}\n"
    "%s},\n"
    "\"units\": []}\n";

/* Loads the scenario with fd inserted in terrain clear (line 3) and chart after it (line 4);
 * expects exactly one error, at the first character of needle on that line. */
static void expect_error(const char *fd, const char *chart, int strict, int line,
                         const char *needle, const char *path, const char *msg)
{
    char text[4096], want[1024], got[1400];
    snprintf(text, sizeof text, error_scenario, fd, chart);
    const char *p = text;
    for (int l = 1; l < line; l++)
        p = strchr(p, '\n') + 1;
    const char *at = strstr(p, needle);
    assert_non_null(at);
    snprintf(want, sizeof want, "t.json:%d:%d: %s: %s", line, (int)(at - p) + 1, path, msg);
    lb_errlist errs = {0};
    lb_state *st = load_text("t.json", text, strict, &errs);
    assert_null(st);
    assert_int_equal(errs.count, 1);
    lb_err_fmt(&errs.items[0], got, sizeof got);
    lb_errlist_release(&errs);
    assert_string_equal(got, want);
}

static void test_fire__chart_errors(void **unused)
{
    (void)unused;
    expect_error("",
                 ", \"fire_table\": {\"columns\": {\"2:1\": {\"att\": 2, \"def\": 1, \"bands\": "
                 "[{\"lo\": \"41\", \"hi\": \"36\", \"loss\": 1}]}}}",
                 0, 4, "\"36\"", "/charts/fire_table/columns/2:1/bands/0/hi",
                 "expected a roll not before lo \"41\", found \"36\"");
    expect_error("",
                 ", \"fire_table\": {\"columns\": {\"2:1\": {\"att\": 2, \"def\": 1, \"bands\": "
                 "[{\"lo\": \"41\", \"hi\": \"46\", \"loss\": 1}, {\"lo\": \"46\", \"hi\": "
                 "\"56\", \"loss\": 2}]}}}",
                 0, 4, "\"46\", \"hi\": \"56\"", "/charts/fire_table/columns/2:1/bands/1/lo",
                 "expected a roll after the previous band's hi \"46\", found \"46\"");
    expect_error("",
                 ", \"fire_table\": {\"columns\": {\"2:1\": {\"att\": 2, \"def\": 1, \"bands\": "
                 "[{\"lo\": \"41\", \"hi\": \"46\", \"loss\": 2}, {\"lo\": \"51\", \"hi\": "
                 "\"56\", \"loss\": 2}]}}}",
                 0, 4, "2}]", "/charts/fire_table/columns/2:1/bands/1/loss",
                 "expected a loss greater than the previous band's 2, found 2");
    expect_error("",
                 ", \"fire_table\": {\"columns\": {\"2:1\": {\"att\": 2, \"def\": 1, \"bands\": "
                 "[{\"lo\": \"70\", \"hi\": \"66\", \"loss\": 1}]}}}",
                 0, 4, "\"70\"", "/charts/fire_table/columns/2:1/bands/0/lo",
                 "expected a roll \"11\"-\"66\", found \"70\"");
    expect_error("",
                 ", \"fire_table\": {\"columns\": {\"2:1\": {\"att\": 2, \"def\": 1, \"bands\": "
                 "[]}, \"4:2\": {\"att\": 4, \"def\": 2, \"bands\": []}}}",
                 0, 4, "{\"att\": 4", "/charts/fire_table/columns/4:2",
                 "expected a ratio no other column has, found 4:2, the ratio of column \"2:1\"");
    expect_error("", ", \"fire_table\": {\"below_lowest\": \"zero\", \"columns\": {\"1:1\": "
                     "{\"att\": 1, \"def\": 1, \"bands\": []}}}",
                 0, 4, "\"zero\"", "/charts/fire_table/below_lowest",
                 "expected \"lowest\" or \"none\", found \"zero\"");
    expect_error("", ", \"fire_table\": {\"columns\": {}}", 0, 4, "{}}",
                 "/charts/fire_table/columns", "expected 1 to 64 odds columns, found 0");
    expect_error(", \"fire_defence\": {\"road\": 4}", "", 0, 3, "4}",
                 "/charts/terrain/clear/fire_defence/road",
                 "expected a formation (column, line, carre, skirmish, general, limbered, "
                 "unlimbered, masse) or disordered or routed, found \"road\"");
    expect_error(", \"fire_defence\": {\"line\": 0}", "", 0, 3, "0}",
                 "/charts/terrain/clear/fire_defence/line",
                 "expected a fire defence from 1 to 99, found 0");
    expect_error("", ", \"fire_defence\": {\"with_artillery\": {\"delta\": -2, \"except\": "
                     "[\"square\"]}}",
                 0, 4, "\"square\"", "/charts/fire_defence/with_artillery/except/0",
                 "expected a formation (column, line, carre, skirmish, general, road, limbered, "
                 "unlimbered, masse), found \"square\"");
    expect_error("", ", \"fire_defence\": {\"flank\": {\"value\": \"six\"}}", 0, 4, "\"six\"",
                 "/charts/fire_defence/flank/value",
                 "expected an integer from 1 to 99, found \"six\"");
    /* charts-format 5.1: a decimal multiple is read from its text; others are refused where
     * they are written */
    static const char *const not_exact[][2] = {
        {"0.3333", "0.3333"}, {"1e0", "1e0"}, {"0.0", "0.0"}, {"1000.5", "1000.5"},
        {"-1.5", "-1.5"}, {"2.50001", "2.50001"}};
    for (size_t i = 0; i < sizeof not_exact / sizeof *not_exact; i++) {
        char chart[200], msg[400];
        snprintf(chart, sizeof chart, ", \"fire_multiples\": [{\"formation\": \"line\", "
                 "\"per_hex\": 4, \"multiple\": %s}]", not_exact[i][0]);
        snprintf(msg, sizeof msg, "expected an integer 1-999, {\"num\": n, \"den\": d} or an "
                 "exact decimal above 0 and up to 999 with at most 3 places such as 1.5, found "
                 "%s (write a fraction such as 1/3 as {\"num\": 1, \"den\": 3})",
                 not_exact[i][1]);
        expect_error("", chart, 0, 4, not_exact[i][0], "/charts/fire_multiples/0/multiple", msg);
    }
    /* charts-format 8.2: a battery's close range within its range, its long range beyond it */
    expect_error("", ", \"artillery_fire\": {\"batteries\": {\"french\": {\"a_pied\": "
                     "{\"range\": 5, \"canister\": 6}}}}",
                 0, 4, "6}}", "/charts/artillery_fire/batteries/french/a_pied/canister",
                 "expected an integer from 0 to 5, found 6");
    expect_error("", ", \"artillery_fire\": {\"batteries\": {\"french\": {\"a_pied\": "
                     "{\"range\": 5, \"canister\": 2, \"long_range\": 2}}}}",
                 0, 4, "2}}}}", "/charts/artillery_fire/batteries/french/a_pied/long_range",
                 "expected an integer from 3 to 5, found 2");
    expect_error("", ", \"artillery_fire\": {\"batteries\": {\"french\": {\"a_pied\": "
                     "{\"canister\": 2}}}}",
                 0, 4, "{\"canister\"", "/charts/artillery_fire/batteries/french/a_pied/range",
                 "expected an integer from 1 to 99, found nothing");
    expect_error("", ", \"artillery_fire\": {\"canister\": {\"shift\": 0}}", 0, 4, "0}}",
                 "/charts/artillery_fire/canister/shift", "expected an integer from 1 to 9, found 0");
    expect_error("", ", \"artillery_fire\": {\"long_range\": {\"times\": {\"num\": 0, "
                     "\"den\": 2}}}",
                 0, 4, "0, ", "/charts/artillery_fire/long_range/times/num",
                 "expected a multiple above 0, found 0");
    expect_error("", ", \"artillery_fire\": {\"range\": 5}", 1, 4, "5}",
                 "/charts/artillery_fire/range",
                 "expected one of the keys canister, long_range, batteries, found \"range\"");
    expect_error("", ", \"massed_target\": {\"above\": 9}", 0, 4, "{\"above\"",
                 "/charts/massed_target/per_increment",
                 "expected an integer from 0 to 35, found nothing");
    expect_error("", ", \"fire_morale_checks\": {\"french\": {\"classes\": {\"legere\": {\"on\": "
                     "\"sometimes\"}}}}",
                 0, 4, "\"sometimes\"", "/charts/fire_morale_checks/french/classes/legere/on",
                 "expected \"every\", \"even\", \"odd\" or \"third\", found \"sometimes\"");
    expect_error("", ", \"fire_morale_checks\": {\"french\": {\"arms\": {\"navy\": {\"on\": "
                     "\"every\"}}}}",
                 0, 4, "{\"on\"", "/charts/fire_morale_checks/french/arms/navy",
                 "expected an arm (infantry, cavalry, artillery), found \"navy\"");
    expect_error("", ", \"fire_morale_checks\": {\"french\": {\"classes\": {\"legere\": {\"on\": "
                     "\"odd\", \"from\": 0}}}}",
                 0, 4, "0}", "/charts/fire_morale_checks/french/classes/legere/from",
                 "expected an integer from 1 to 99, found 0");
    expect_error("", ", \"leader_casualty\": {\"table\": [{\"lo\": 1, \"hi\": 3, \"result\": "
                     "\"killed\"}, {\"lo\": 5, \"hi\": 6, \"result\": \"wounded\"}]}",
                 0, 4, "5, \"hi\"", "/charts/leader_casualty/table/1/lo",
                 "expected the die range to start at 4, found 5");
    expect_error("", ", \"leader_casualty\": {\"table\": [{\"lo\": 1, \"hi\": 6, \"result\": "
                     "\"captured\", \"reroll_if_fire\": true}]}",
                 0, 4, "[{", "/charts/leader_casualty/table",
                 "expected at least one result a fire casualty keeps, found every one with "
                 "reroll_if_fire");
    expect_error("", ", \"leader_casualty\": {\"fire\": {\"lo\": \"66\", \"hi\": \"65\"}, "
                     "\"table\": [{\"lo\": 1, \"hi\": 6, \"result\": \"killed\"}]}",
                 0, 4, "\"65\"", "/charts/leader_casualty/fire/hi",
                 "expected a roll not before lo \"66\", found \"65\"");
    expect_error("", ", \"leader_casualty\": {\"table\": [{\"lo\": 1, \"hi\": 6, \"result\": "
                     "\"missing\"}]}",
                 0, 4, "\"missing\"", "/charts/leader_casualty/table/0/result",
                 "expected \"killed\", \"wounded\" or \"captured\", found \"missing\"");
    /* strict: keys the format does not define */
    expect_error("", ", \"fire_table\": {\"colums\": {}, \"columns\": {\"1:1\": {\"att\": 1, "
                     "\"def\": 1, \"bands\": []}}}",
                 1, 4, "{}, ", "/charts/fire_table/colums",
                 "expected one of the keys below_lowest, above_highest, columns, found \"colums\"");
    /* marks are allowed everywhere, strict or not */
    lb_errlist errs = {0};
    char text[2048];
    snprintf(text, sizeof text, error_scenario,
             ", \"fire_defence\": {\"line\": 9, \"uncertain\": \"why\"}",
             ", \"massed_target\": {\"above\": 9, \"per_increment\": 1, \"borrowed_from\": \"x\"}");
    lb_state *st = load_text("t.json", text, 1, &errs);
    assert_non_null(st);
    assert_false(st->charts.fire->has_table); /* valid without a fire table */
    assert_true(st->charts.fire->has_massed);
    lb_state_free(st);
    lb_errlist_release(&errs);
}

static void test_fire__decimal_multiple_in_module(void **unused)
{
    (void)unused;
    /* a module's decimal multiples are read from the module's text, exactly: 2.5 is 5/2 and
     * 0.125 is 1/8; one with four places is refused where the module writes it */
    static const char module[] =
        "{ \"edition\": \"premier-2018\",\n"
        "  \"terrain\": { \"clear\": { \"move\": { \"infantry\": 1, \"cavalry\": 1, \"artillery\": "
        "1 } } },\n"
        "  \"fire_multiples\": [ { \"formation\": \"line\", \"per_hex\": 4, \"multiple\": 2.5 },\n"
        "    { \"formation\": \"carre\", \"per_hex\": 4, \"multiple\": 0.125 }%s ] }\n";
    static const char scen[] =
        "{\"format\": \"labataille-scenario/1\", \"game\": \"g\", \"sides\": [\"a\", \"b\"],\n"
        "\"map\": {\"columns\": 1, \"rows\": 1, \"terrain\": [\".\"], \"legend\": {\".\": "
        "\"clear\"}},\n"
        "\"units\": []}\n";
    char text[1024];
    snprintf(text, sizeof text, module, "");
    lb_module mod = {"g", "games/g.json", text, strlen(text)};
    lb_load_opts opts = {.modules = &mod, .nmodules = 1};
    lb_errlist errs = {0};
    lb_state *st = NULL;
    assert_int_equal(lb_scenario_load("s.json", scen, sizeof scen - 1, &opts, &st, &errs), LB_OK);
    const lb_fire_multiple *m = lb_charts_fire_multiple(&st->charts, NULL, NULL, LB_FORM_LINE);
    assert_int_equal(m->multiple.num, 5);
    assert_int_equal(m->multiple.den, 2);
    m = lb_charts_fire_multiple(&st->charts, NULL, NULL, LB_FORM_CARRE);
    assert_int_equal(m->multiple.num, 1);
    assert_int_equal(m->multiple.den, 8);
    lb_state_free(st);
    snprintf(text, sizeof text, module,
             ",\n    { \"formation\": \"skirmish\", \"per_hex\": 3, \"multiple\": 1.6667 }");
    mod.len = strlen(text);
    st = NULL;
    assert_int_equal(lb_scenario_load("s.json", scen, sizeof scen - 1, &opts, &st, &errs),
                     LB_INVALID);
    assert_int_equal(errs.count, 1);
    char got[1400];
    lb_err_fmt(&errs.items[0], got, sizeof got);
    /* line 5 of the module, the 1 of 1.6667 at column 58 */
    assert_string_equal(got, "games/g.json:5:58: /fire_multiples/2/multiple: expected an integer "
                             "1-999, {\"num\": n, \"den\": d} or an exact decimal above 0 and up "
                             "to 999 with at most 3 places such as 1.5, found 1.6667 (write a "
                             "fraction such as 1/3 as {\"num\": 1, \"den\": 3})");
    lb_errlist_release(&errs);
}

static void test_fire__chart_error_placed_in_module(void **unused)
{
    (void)unused;
    static const char bad_module[] =
        "{ \"edition\": \"premier-2018\",\n"
        "  \"terrain\": { \"clear\": { \"move\": { \"infantry\": 1, \"cavalry\": 1, \"artillery\": "
        "1 } } },\n"
        "  \"massed_target\": { \"above\": 9, \"per_increment\": -1 } }\n";
    static const char scen[] =
        "{\"format\": \"labataille-scenario/1\", \"game\": \"g\", \"sides\": [\"a\", \"b\"],\n"
        "\"map\": {\"columns\": 1, \"rows\": 1, \"terrain\": [\".\"], \"legend\": {\".\": "
        "\"clear\"}},\n"
        "\"units\": []}\n";
    lb_module mod = {"g", "games/g.json", bad_module, sizeof bad_module - 1};
    lb_load_opts opts = {.modules = &mod, .nmodules = 1};
    lb_errlist errs = {0};
    lb_state *st = NULL;
    assert_int_equal(lb_scenario_load("s.json", scen, sizeof scen - 1, &opts, &st, &errs),
                     LB_INVALID);
    assert_int_equal(errs.count, 1);
    char got[1400];
    lb_err_fmt(&errs.items[0], got, sizeof got);
    /* line 3 of the module, the '-' of -1 at column 51 */
    assert_string_equal(got, "games/g.json:3:51: /massed_target/per_increment: expected an "
                             "integer from 0 to 35, found -1");
    lb_errlist_release(&errs);
}

/* ---- resolve and apply ----------------------------------------------------------------- */

/* The scenario of a rule case, as text. */
static char *case_scenario(const char *name)
{
    char path[256];
    snprintf(path, sizeof path, "tests/cases/%s.json", name);
    json_error_t jerr;
    json_t *c = json_load_file(path, 0, &jerr);
    assert_non_null(c);
    char *text = json_dumps(json_object_get(c, "scenario"), JSON_INDENT(1));
    json_decref(c);
    return text;
}

static lb_state *load_case(const char *name)
{
    char *text = case_scenario(name);
    lb_errlist errs = {0};
    lb_state *st = load_text(name, text, 0, &errs);
    free(text);
    assert_int_equal(errs.count, 0);
    lb_errlist_release(&errs);
    assert_non_null(st);
    return st;
}

static void fire_and_apply(lb_state *st, const char *firer, lb_hex target, const char *dice_list,
                           lb_fire_result *r)
{
    lb_dice dice;
    assert_int_equal(lb_dice_init_script(&dice, dice_list, NULL), 0);
    assert_int_equal(resolve1(st, lb_state_unit_index(st, firer), target, &dice, r),
                     LB_OK);
    assert_true(r->odds.allowed);
    assert_int_equal(dice.script_pos, dice.script_len); /* every scripted die was used */
    assert_int_equal(lb_fire_apply(st, r), LB_OK);
}

static void test_fire__apply_losses_and_morale(void **unused)
{
    (void)unused;
    lb_state *st = load_case("fire-R-FIRE-12-massed-12-rolled");
    lb_fire_result *r = malloc(sizeof *r);
    /* 43 + 3 = 46: two increments, one each; au-ir-1 passes (55), au-ir-2 fails (22) */
    fire_and_apply(st, "fr-le-1", (lb_hex){6, 5}, "43,55,22", r);
    const lb_unit *a = &st->units[lb_state_unit_index(st, "au-ir-1")];
    const lb_unit *b = &st->units[lb_state_unit_index(st, "au-ir-2")];
    assert_int_equal(a->losses, 1);
    assert_int_equal(a->state, LB_STATE_GOOD);
    assert_int_equal(b->losses, 1);
    assert_int_equal(b->state, LB_STATE_DISORDERED);
    assert_int_equal(b->formation, LB_FORM_COLUMN);
    lb_fire_result_release(r);
    free(r);
    lb_state_free(st);
}

/* Issue 12: a result names its units by id and the generation it was resolved on. Two fires are
 * resolved on the state as loaded (43,55,22 as above); the second is applied first, moving the
 * state on: the first is then stale and changes nothing (losses stay 1 each, not 2). */
static void test_fire__apply_refuses_stale(void **unused)
{
    (void)unused;
    lb_state *st = load_case("fire-R-FIRE-12-massed-12-rolled");
    lb_fire_result *first = malloc(sizeof *first), *second = malloc(sizeof *second);
    lb_dice dice;
    int fr = lb_state_unit_index(st, "fr-le-1");
    assert_int_equal(lb_dice_init_script(&dice, "43,55,22,43,55,22", NULL), 0);
    assert_int_equal(resolve1(st, fr, (lb_hex){6, 5}, &dice, first), LB_OK);
    assert_int_equal(resolve1(st, fr, (lb_hex){6, 5}, &dice, second), LB_OK);
    assert_string_equal(first->hits[0].id, "au-ir-1");
    assert_string_equal(first->hits[1].id, "au-ir-2");
    assert_string_equal(first->odds.defence.id, "au-ir-1");
    assert_string_equal(first->odds.fire.firers[0].id, "fr-le-1");
    assert_int_equal(lb_fire_apply(st, second), LB_OK);
    assert_int_equal(st->generation, first->generation + 1);
    int n = st->nunits;
    lb_unit *before = malloc((size_t)n * sizeof *before);
    memcpy(before, st->units, (size_t)n * sizeof *before);
    assert_int_equal(lb_fire_apply(st, first), LB_STALE);
    assert_int_equal(st->nunits, n);
    assert_memory_equal(st->units, before, (size_t)n * sizeof *before);
    assert_int_equal(st->units[lb_state_unit_index(st, "au-ir-1")].losses, 1);
    assert_int_equal(st->generation, first->generation + 1);
    free(before);
    lb_fire_result_release(first);
    lb_fire_result_release(second);
    free(first);
    free(second);
    lb_state_free(st);
}

static void test_fire__apply_eliminates(void **unused)
{
    (void)unused;
    lb_state *st = load_case("fire-R-FIRE-14-eliminated-no-check");
    int before = st->nunits;
    lb_fire_result *r = malloc(sizeof *r);
    /* 61 in 4:1: three increments against a 2-increment column: eliminated, no check */
    fire_and_apply(st, "fr-le-1", (lb_hex){6, 5}, "61", r);
    assert_true(r->hits[0].eliminated);
    assert_false(r->hits[0].check);
    assert_int_equal(st->nunits, before - 1);
    assert_int_equal(lb_state_unit_index(st, "au-ir-1"), -1);
    assert_int_equal(lb_state_top_combat(st, (lb_hex){6, 5}), -1);
    lb_fire_result_release(r);
    free(r);
    lb_state_free(st);
}

static void test_fire__apply_leader_casualty(void **unused)
{
    (void)unused;
    lb_state *st = load_case("fire-R-FIRE-15-leader-casualty-rolled");
    lb_fire_result *r = malloc(sizeof *r);
    fire_and_apply(st, "fr-le-1", (lb_hex){6, 5}, "65,55,4,2,3,4", r);
    assert_int_equal(r->ncasualties, 1);
    assert_int_equal(r->casualties[0].hours, 7);
    assert_int_equal(lb_state_unit_index(st, "au-ldr"), -1); /* out of play: removed */
    assert_int_equal(st->units[lb_state_unit_index(st, "au-ir-1")].losses, 3);
    lb_fire_result_release(r);
    free(r);
    lb_state_free(st);
}

static void test_fire__apply_line_closes_up(void **unused)
{
    (void)unused;
    /* the Austrian line of 5 in 0605-0606 (3 + 2), fired on by a French column from 0604 across
     * its N hexside (a flank, R-FIRE-11): printed 8 against flank 5 -> 1:1; 51 loses one: 4
     * increments, under 5, so it stands in 0605 only (R-FIRE-17) */
    static const char text[] =
        "{\"format\": \"labataille-scenario/1\", \"sides\": [\"french\", \"austrian\"],\n"
        "\"map\": {\"columns\": 8, \"rows\": 8, \"terrain\": [\"........\", \"........\", "
        "\"........\", \"........\", \"........\", \"........\", \"........\", \"........\"], "
        "\"legend\": {\".\": \"clear\"}},\n"
        "\"charts\": {\"terrain\": {\"clear\": {\"move\": {\"infantry\": 1, \"cavalry\": 1, "
        "\"artillery\": 1}, \"fire_defence\": {\"column\": 6, \"line\": 9}}},\n"
        "\"fire_multiples\": [{\"formation\": \"column\", \"printed\": true}],\n"
        "\"fire_defence\": {\"flank\": {\"value\": 5}},\n"
        "\"fire_table\": {\"columns\": {\"1:1\": {\"att\": 1, \"def\": 1, \"bands\": [{\"lo\": "
        "\"51\", \"hi\": \"66\", \"loss\": 1}]}}},\n"
        "\"fire_morale_checks\": {\"austrian\": {\"arms\": {\"infantry\": {\"on\": \"even\"}}}}},\n"
        "\"units\": [{\"id\": \"fr\", \"side\": \"french\", \"arm\": \"infantry\", \"increments\": "
        "8, "
        "\"fire\": 8, \"melee\": 8, \"movement\": 6, \"morale\": \"44\", \"formation\": "
        "\"column\", "
        "\"state\": \"good\", \"hexes\": [\"0604\"], \"facing\": 6},\n"
        "{\"id\": \"au\", \"side\": \"austrian\", \"arm\": \"infantry\", \"nation\": \"austrian\", "
        "\"increments\": 5, \"fire\": 5, \"melee\": 5, \"movement\": 6, \"morale\": \"44\", "
        "\"formation\": \"line\", \"state\": \"good\", \"hexes\": [\"0605\", \"0606\"], "
        "\"facing\": 9}]}\n";
    lb_errlist errs = {0};
    lb_state *st = load_text("t.json", text, 0, &errs);
    assert_int_equal(errs.count, 0);
    lb_errlist_release(&errs);
    lb_fire_result *r = malloc(sizeof *r);
    fire_and_apply(st, "fr", (lb_hex){6, 5}, "51", r);
    assert_true(r->odds.defence.flank);
    assert_int_equal(r->odds.target_increments, 3);
    const lb_unit *au = &st->units[lb_state_unit_index(st, "au")];
    assert_int_equal(au->losses, 1);
    assert_int_equal(au->nhexes, 1);
    assert_true(lb_hex_eq(au->hexes[0], (lb_hex){6, 5}));
    assert_int_equal(lb_state_top_combat(st, (lb_hex){6, 6}), -1);
    lb_fire_result_release(r);
    free(r);
    lb_state_free(st);
}

static void test_fire__forty_units_apply(void **unused)
{
    (void)unused;
    /* issue 11.4: 40 one-increment columns in 0605; natural 11 + 31 = 62 loses three, one each
     * from the top three, which are removed; the other 37 stay, untouched */
    lb_state *st = load_case("fire-R-FIRE-12-forty-units-rolled");
    int before = st->nunits;
    lb_fire_result *r = malloc(sizeof *r);
    fire_and_apply(st, "fr-le-1", (lb_hex){6, 5}, "11", r);
    assert_int_equal(r->odds.nunits, 40);
    assert_int_equal(r->nhits, 40);
    assert_int_equal(r->modified, 62);
    assert_int_equal(st->nunits, before - 3);
    assert_int_equal(lb_state_unit_index(st, "au-01"), -1);
    assert_int_equal(lb_state_unit_index(st, "au-03"), -1);
    const int *idx;
    assert_int_equal(lb_state_units_at(st, (lb_hex){6, 5}, &idx), 37);
    assert_string_equal(st->units[idx[0]].id, "au-04");
    assert_int_equal(st->units[lb_state_unit_index(st, "au-40")].losses, 0);
    lb_fire_result_release(r);
    lb_fire_result_release(r); /* a released result releases again as nothing */
    free(r);
    lb_state_free(st);
}

static void test_fire__group_requests(void **unused)
{
    (void)unused;
    lb_state *st = load_case("fire-R-FIRE-23-two-columns-one-roll");
    int a = lb_state_unit_index(st, "fr-a"), b = lb_state_unit_index(st, "fr-b");
    lb_fire_group g;
    /* a request without firers, or with a unit that does not exist, is an error, not an answer */
    lb_fire_request none = {LB_FIRE_OFFENSIVE, (lb_hex){6, 5}, &a, 0};
    assert_int_equal(lb_fire_group_check(st, &none, &g, NULL), LB_INVALID);
    lb_fire_group_release(&g);
    int bad[2] = {a, 99};
    lb_fire_request wrong = {LB_FIRE_OFFENSIVE, (lb_hex){6, 5}, bad, 2};
    assert_int_equal(lb_fire_group_check(st, &wrong, &g, NULL), LB_INVALID);
    lb_fire_group_release(&g);
    lb_fire_request odd_kind = {(lb_fire_kind)7, (lb_hex){6, 5}, &a, 1};
    assert_int_equal(lb_fire_group_check(st, &odd_kind, &g, NULL), LB_INVALID);
    lb_fire_group_release(&g);
    /* two columns, one fire: 4 + 5, each firer's answer kept in request order, the trace cites
     * the group ruling */
    int both[2] = {b, a};
    lb_fire_request rq = {LB_FIRE_OFFENSIVE, (lb_hex){6, 5}, both, 2};
    lb_trace t;
    lb_trace_init(&t);
    assert_int_equal(lb_fire_group_check(st, &rq, &g, &t), LB_OK);
    assert_true(g.allowed);
    assert_int_equal(g.nfirers, 2);
    assert_int_equal(g.firers[0].unit, b);
    assert_int_equal(g.firers[1].unit, a);
    assert_int_equal(g.value.num, 9);
    char sum[LB_FIRE_REASON_MAX];
    assert_int_equal(lb_fire_group_breakdown(&g, sum, sizeof sum), 19);
    assert_string_equal(sum, "fr-b 5 + fr-a 4 = 9");
    assert_non_null(lb_trace_find(&t, "R-FIRE-23"));
    lb_trace_release(&t);
    lb_fire_group_release(&g);
    /* the group resolves with one fire roll and applies like one unit's fire */
    lb_fire_result *r = malloc(sizeof *r);
    lb_dice dice;
    assert_int_equal(lb_dice_init_script(&dice, "51,55", NULL), 0);
    assert_int_equal(lb_fire_resolve(st, &rq, &dice, r, NULL), LB_OK);
    assert_int_equal(dice.script_pos, dice.script_len);
    assert_int_equal(r->loss, 1);
    assert_int_equal(lb_fire_apply(st, r), LB_OK);
    assert_int_equal(st->units[lb_state_unit_index(st, "au-ir-1")].losses, 1);
    lb_fire_result_release(r);
    free(r);
    lb_state_free(st);
}

/* The step's sentence. */
static const char *step_text(const lb_trace_step *s, char *buf, size_t n)
{
    assert_true(lb_trace_step_fmt(s, buf, n) < (int)n);
    return buf;
}

static void test_fire__refusals_said_and_framed(void **unused)
{
    (void)unused;
    lb_state *st = load_case("fire-R-FIRE-23-two-columns-one-roll");
    int a = lb_state_unit_index(st, "fr-a"), b = lb_state_unit_index(st, "fr-b");
    char why[LB_FIRE_REASON_MAX], step[LB_FIRE_REASON_MAX];
    /* one unit: its why says the refusal, its trace's last step frames it */
    lb_fire_value v;
    lb_trace t;
    lb_trace_init(&t);
    assert_int_equal(lb_fire_check(st, a, (lb_hex){1, 1}, LB_FIRE_OFFENSIVE, &v, &t), LB_OK);
    assert_false(v.allowed);
    assert_string_equal(v.rule, "R-FIRE-10");
    assert_int_equal(lb_said_fmt(&v.why, why, sizeof why), 35);
    assert_string_equal(why, "hex 0101 holds no enemy combat unit");
    assert_string_equal(step_text(&t.steps[t.count - 1], step, sizeof step),
                        "may not fire: hex 0101 holds no enemy combat unit");
    lb_trace_release(&t);
    /* several: the fire's why names the firer refused, and a step says the fire is refused */
    int both[2] = {b, a};
    lb_fire_request rq = {LB_FIRE_OFFENSIVE, (lb_hex){1, 1}, both, 2};
    lb_fire_group g;
    lb_trace_init(&t);
    assert_int_equal(lb_fire_group_check(st, &rq, &g, &t), LB_OK);
    assert_false(g.allowed);
    lb_said_fmt(&g.why, why, sizeof why);
    assert_string_equal(why, "fr-b: hex 0101 holds no enemy combat unit");
    assert_string_equal(step_text(&t.steps[t.count - 1], step, sizeof step),
                        "every firer must be allowed to fire at the hex on its own, and fr-b is "
                        "not (R-FIRE-10): the fire of the 2 units is refused");
    lb_trace_release(&t);
    lb_fire_group_release(&g);
    /* a fire together of one side's units only: the group's own refusal, framed as such */
    int twice[2] = {a, a};
    rq = (lb_fire_request){LB_FIRE_OFFENSIVE, (lb_hex){6, 5}, twice, 2};
    lb_trace_init(&t);
    assert_int_equal(lb_fire_group_check(st, &rq, &g, &t), LB_OK);
    assert_false(g.allowed);
    lb_said_fmt(&g.why, why, sizeof why);
    assert_string_equal(why, "fr-a is listed twice");
    assert_string_equal(step_text(lb_trace_find(&t, "R-FIRE-23"), step, sizeof step),
                        "may not fire together: fr-a is listed twice");
    lb_trace_release(&t);
    lb_fire_group_release(&g);
    lb_state_free(st);
}

/* The sum of a fire together lists 24 firers, then the count of the others. */
static void test_fire__sum_of_many_firers(void **unused)
{
    (void)unused;
    enum { N = 26 };
    lb_fire_value firers[N];
    char ids[N][8];
    memset(firers, 0, sizeof firers);
    for (int i = 0; i < N; i++) {
        snprintf(ids[i], sizeof ids[i], "u%d", i + 1);
        firers[i].id = ids[i];
        firers[i].value = lb_frac_make(i % 2 ? 3 : 5, 2);
    }
    lb_fire_group g = {.allowed = 1, .firers = firers, .nfirers = N, .value = lb_frac_int(52)};
    char sum[LB_FIRE_REASON_MAX];
    lb_fire_group_breakdown(&g, sum, sizeof sum);
    assert_string_equal(sum, "u1 5/2 + u2 3/2 + u3 5/2 + u4 3/2 + u5 5/2 + u6 3/2 + u7 5/2 + "
                             "u8 3/2 + u9 5/2 + u10 3/2 + u11 5/2 + u12 3/2 + u13 5/2 + u14 3/2 + "
                             "u15 5/2 + u16 3/2 + u17 5/2 + u18 3/2 + u19 5/2 + u20 3/2 + u21 5/2 "
                             "+ u22 3/2 + u23 5/2 + u24 3/2 + 2 more = 52");
    g.nfirers = 2;
    g.value = lb_frac_int(4);
    assert_int_equal(lb_fire_group_breakdown(&g, sum, 8), 19);
    assert_string_equal(sum, "u1 5/2 "); /* cut short, the length said */
}

static void test_fire__resolve_short_dice(void **unused)
{
    (void)unused;
    lb_state *st = load_case("fire-R-FIRE-12-massed-12-rolled");
    lb_fire_result *r = malloc(sizeof *r);
    lb_dice dice;
    /* 43 calls for two morale checks; the script stops after the first */
    assert_int_equal(lb_dice_init_script(&dice, "43,55", NULL), 0);
    assert_int_equal(resolve1(st, lb_state_unit_index(st, "fr-le-1"), (lb_hex){6, 5}, &dice, r),
                     LB_DICE);
    /* seeded dice always resolve, and a refused fire rolls nothing */
    lb_dice_init_seed(&dice, 7);
    lb_fire_result_release(r);
    assert_int_equal(resolve1(st, lb_state_unit_index(st, "au-ir-2"), (lb_hex){5, 5}, &dice, r),
                     LB_OK);
    assert_false(r->odds.allowed);
    assert_int_equal(dice.log_len, 0);
    lb_fire_result_release(r);
    free(r);
    lb_state_free(st);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fire__wagram_charts_compiled),
        cmocka_unit_test(test_fire__battery_ranges_compiled),
        cmocka_unit_test(test_fire__triggers),
        cmocka_unit_test(test_fire__column_choice),
        cmocka_unit_test(test_fire__distributions_sum_to_one),
        cmocka_unit_test(test_fire__demo_line),
        cmocka_unit_test(test_fire__chart_errors),
        cmocka_unit_test(test_fire__chart_error_placed_in_module),
        cmocka_unit_test(test_fire__decimal_multiple_in_module),
        cmocka_unit_test(test_fire__apply_losses_and_morale),
        cmocka_unit_test(test_fire__apply_refuses_stale),
        cmocka_unit_test(test_fire__apply_eliminates),
        cmocka_unit_test(test_fire__apply_leader_casualty),
        cmocka_unit_test(test_fire__apply_line_closes_up),
        cmocka_unit_test(test_fire__forty_units_apply),
        cmocka_unit_test(test_fire__group_requests),
        cmocka_unit_test(test_fire__refusals_said_and_framed),
        cmocka_unit_test(test_fire__sum_of_many_firers),
        cmocka_unit_test(test_fire__resolve_short_dice),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
