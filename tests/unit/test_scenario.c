/* Unit tests: scenario loading, chart merging, error placement and lookups in the loaded state. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>

#include "lb/lb.h"

static lb_state *load_text(const char *text, const lb_module *mods, int nmods, lb_errlist *errs)
{
    lb_load_opts opts = {.modules = mods, .nmodules = nmods};
    lb_state *st = NULL;
    int rc = lb_scenario_load("t.json", text, strlen(text), &opts, &st, errs);
    assert_int_equal(rc == LB_OK, st != NULL);
    return st;
}

static void test_scenario__contract_example(void **unused)
{
    (void)unused;
    lb_errlist errs = {0};
    lb_state *st = NULL;
    assert_int_equal(lb_scenario_load_file("tests/scenarios/contract-example.json", NULL, &st, &errs),
                     LB_OK);
    assert_int_equal(errs.count, 0);
    assert_int_equal(st->map.cols, 6);
    assert_int_equal(st->map.rows, 4);
    assert_int_equal(st->map.col_digits, 2);
    assert_int_equal(st->rules, LB_RULES_2018);
    assert_int_equal(st->fractions, LB_FRACTIONS_EXACT);
    assert_int_equal(st->turn.minutes, 13 * 60);
    assert_int_equal(st->turn.phasing, 0);
    assert_int_equal(st->turn.segment, LB_SEG_CHARGE);
    assert_string_equal(st->sides[1], "austrian");
    /* row 1 "..WW..": column 3 is woods; row 4 "SSSS..", elevation "111100" */
    int woods = lb_charts_terrain(&st->charts, "woods");
    assert_true(woods >= 0);
    assert_int_equal(st->map.terrain[lb_map_cell(&st->map, (lb_hex){3, 1})], woods);
    assert_int_equal(st->map.elevation[lb_map_cell(&st->map, (lb_hex){1, 4})], 1);
    assert_int_equal(st->map.elevation[lb_map_cell(&st->map, (lb_hex){5, 4})], 0);
    assert_int_equal(st->charts.terrain[woods].move[LB_ARM_ARTILLERY], LB_MOVE_PROHIBITED);
    assert_int_equal(st->charts.terrain[woods].los, LB_LOS_BLOCKS);
    /* 0302 SE stream: 0302 is in an odd column, so its SE neighbour is 0402 (R-GRID-2) */
    int stream = lb_charts_hexside(&st->charts, "stream");
    assert_int_equal(lb_map_hexside(&st->map, (lb_hex){3, 2}, LB_DIR_SE), stream);
    assert_int_equal(lb_map_hexside(&st->map, (lb_hex){4, 2}, LB_DIR_NW), stream);
    assert_int_equal(lb_map_hexside(&st->map, (lb_hex){3, 2}, LB_DIR_S), -1);
    /* units, stacking order and lookups */
    assert_int_equal(st->nunits, 3);
    const lb_unit *fr = &st->units[lb_state_unit_index(st, "fr-6le-1")];
    assert_int_equal(fr->nhexes, 2);
    assert_true(lb_hex_eq(fr->hexes[1], (lb_hex){3, 3}));
    assert_int_equal(fr->formation, LB_FORM_LINE);
    assert_int_equal(fr->facing, 1);
    assert_int_equal(fr->morale, 34);
    assert_int_equal(lb_unit_strength(fr), 10);
    assert_string_equal(fr->cls, "legere");
    const int *idx;
    assert_int_equal(lb_state_units_at(st, (lb_hex){2, 3}, &idx), 2);
    assert_string_equal(st->units[idx[0]].id, "fr-6le-1");
    assert_string_equal(st->units[idx[1]].id, "fr-ldr-oudinot");
    assert_int_equal(lb_state_units_at(st, (lb_hex){3, 3}, &idx), 1);
    const lb_unit *ldr = &st->units[lb_state_unit_index(st, "fr-ldr-oudinot")];
    assert_int_equal(lb_unit_bonus(ldr, "morale"), 2);
    assert_int_equal(lb_unit_bonus(ldr, "recall"), 0);
    assert_int_equal(lb_state_unit_index(st, "nobody"), -1);
    lb_state_free(st);
    lb_errlist_release(&errs);
}

static const char module_text[] =
    "{\n"
    "  \"format\": \"labataille-charts/1\",\n"
    "  \"game\": \"testgame\",\n"
    "  \"edition\": \"premier-2017\",\n"
    "  \"terrain\": {\n"
    "    \"clear\": { \"move\": { \"infantry\": 1, \"cavalry\": 1, \"artillery\": 1 } },\n"
    "    \"woods\": { \"move\": { \"infantry\": 3, \"cavalry\": 5, \"artillery\": null }, \"los\": \"blocks\" }\n"
    "  },\n"
    "  \"fire_multiples\": [\n"
    "    { \"formation\": \"line\", \"per_hex\": 4, \"multiple\": 2 },\n"
    "    { \"class\": \"legere\", \"formation\": \"line\", \"per_hex\": 4, \"multiple\": 5 },\n"
    "    { \"nation\": \"french\", \"formation\": \"line\", \"per_hex\": 4, \"multiple\": 3 },\n"
    "    { \"nation\": \"french\", \"class\": \"garde\", \"formation\": \"line\", \"per_hex\": 4, \"multiple\": 4 },\n"
    "    { \"formation\": \"column\", \"printed\": true }\n"
    "  ]\n"
    "}\n";

static const char small_scenario[] =
    "{ \"format\": \"labataille-scenario/1\", \"game\": \"testgame\", \"sides\": [\"a\", \"b\"],\n"
    "  \"map\": { \"columns\": 2, \"rows\": 1, \"terrain\": [\"W.\"], \"legend\": {\".\": \"clear\", \"W\": \"woods\"} },\n"
    "  %s\n"
    "  \"units\": [] }\n";

static lb_state *load_with_charts(const char *charts, lb_errlist *errs)
{
    char text[4096];
    snprintf(text, sizeof text, small_scenario, charts);
    lb_module mod = {"testgame", "games/testgame.json", module_text, sizeof module_text - 1};
    return load_text(text, &mod, 1, errs);
}

static void test_scenario__module_edition_and_lookups(void **unused)
{
    (void)unused;
    lb_errlist errs = {0};
    lb_state *st = load_with_charts("", &errs);
    assert_non_null(st);
    assert_int_equal(st->rules, LB_RULES_2017); /* the module's edition is the default */
    assert_string_equal(st->game, "testgame");
    /* most specific entry wins; nation before class on a tie of one */
    const lb_fire_multiple *m = lb_charts_fire_multiple(&st->charts, "french", "garde", LB_FORM_LINE);
    assert_int_equal(m->multiple.num, 4);
    m = lb_charts_fire_multiple(&st->charts, "french", "legere", LB_FORM_LINE);
    assert_int_equal(m->multiple.num, 3);
    m = lb_charts_fire_multiple(&st->charts, "austrian", "legere", LB_FORM_LINE);
    assert_int_equal(m->multiple.num, 5);
    m = lb_charts_fire_multiple(&st->charts, "austrian", "line", LB_FORM_LINE);
    assert_int_equal(m->multiple.num, 2);
    m = lb_charts_fire_multiple(&st->charts, NULL, NULL, LB_FORM_COLUMN);
    assert_true(m->printed);
    assert_int_equal(m->range, 1);
    assert_null(lb_charts_fire_multiple(&st->charts, "french", NULL, LB_FORM_SKIRMISH));
    lb_state_free(st);
    lb_errlist_release(&errs);
}

static void test_scenario__inline_charts_merge(void **unused)
{
    (void)unused;
    lb_errlist errs = {0};
    lb_state *st = load_with_charts(
        "\"rules\": \"premier-2018\", \"charts\": { \"terrain\": { \"woods\": { \"move\": { \"cavalry\": 4 } },"
        " \"marsh\": { \"move\": { \"infantry\": 4, \"cavalry\": null, \"artillery\": null } } },"
        " \"fire_multiples\": [ { \"formation\": \"skirmish\", \"per_hex\": 3, \"multiple\": 2 } ] },",
        &errs);
    assert_non_null(st);
    assert_int_equal(errs.count, 0);
    assert_int_equal(st->rules, LB_RULES_2018);
    int woods = lb_charts_terrain(&st->charts, "woods");
    /* objects merge key by key: only the cavalry cost changed */
    assert_int_equal(st->charts.terrain[woods].move[LB_ARM_CAVALRY], 4);
    assert_int_equal(st->charts.terrain[woods].move[LB_ARM_INFANTRY], 3);
    assert_int_equal(st->charts.terrain[woods].los, LB_LOS_BLOCKS);
    int marsh = lb_charts_terrain(&st->charts, "marsh");
    assert_int_equal(st->charts.terrain[marsh].move[LB_ARM_CAVALRY], LB_MOVE_PROHIBITED);
    /* a list replaces the module's list whole */
    assert_int_equal(st->charts.nfire_multiples, 1);
    assert_int_equal(st->charts.fire_multiples[0].range, 2); /* skirmish default range */
    assert_null(lb_charts_fire_multiple(&st->charts, NULL, NULL, LB_FORM_LINE));
    lb_state_free(st);
    lb_errlist_release(&errs);
}

static void test_scenario__chart_error_placed_in_scenario_override(void **unused)
{
    (void)unused;
    lb_errlist errs = {0};
    lb_state *st = load_with_charts(
        "\"charts\": { \"terrain\": { \"woods\": { \"los\": \"thick\" } } },", &errs);
    assert_null(st);
    /* sorted by position: on line 2 the legend's "woods" (the broken type is left out of the
     * charts, R-SCN-7; the map's W, which only follows from the legend, is not reported again),
     * then the override on line 3, where the string "thick" opens at column 46 */
    assert_int_equal(errs.count, 2);
    lb_err first = errs.items[0], second = errs.items[1];
    lb_errlist_release(&errs);
    assert_string_equal(first.path, "/map/legend/W");
    assert_int_equal(first.line, 2);
    assert_string_equal(second.file, "t.json");
    assert_string_equal(second.path, "/charts/terrain/woods/los");
    assert_int_equal(second.line, 3);
    assert_int_equal(second.col, 46);
}

static void test_scenario__chart_error_placed_in_module(void **unused)
{
    (void)unused;
    static const char bad_module[] =
        "{ \"edition\": \"premier-2018\",\n"
        "  \"terrain\": { \"clear\": { \"move\": { \"infantry\": 1, \"cavalry\": -1, \"artillery\": 1 } } } }\n";
    lb_module mod = {"testgame", "games/testgame.json", bad_module, sizeof bad_module - 1};
    char text[4096];
    snprintf(text, sizeof text, small_scenario, "");
    lb_errlist errs = {0};
    lb_state *st = load_text(text, &mod, 1, &errs);
    assert_null(st);
    assert_true(errs.count >= 1);
    int found = 0;
    for (int i = 0; i < errs.count; i++) {
        if (strcmp(errs.items[i].file, "games/testgame.json") != 0)
            continue;
        found = 1;
        assert_string_equal(errs.items[i].path, "/terrain/clear/move/cavalry");
        assert_int_equal(errs.items[i].line, 2);
        assert_int_equal(errs.items[i].col, 63); /* the '-' of -1 */
        assert_string_equal(errs.items[i].msg,
                            "expected movement points 0-99 or null (prohibited), found -1");
    }
    assert_true(found);
    lb_errlist_release(&errs);
}

static void test_scenario__bridge_cancels_stream_and_rational_multiple(void **unused)
{
    (void)unused;
    lb_errlist errs = {0};
    static const char text[] =
        "{ \"format\": \"labataille-scenario/1\", \"sides\": [\"a\", \"b\"],\n"
        "  \"charts\": { \"terrain\": { \"clear\": { \"move\": { \"infantry\": 1, \"cavalry\": 1, \"artillery\": 1 } } },\n"
        "    \"hexsides\": { \"stream\": { \"move\": { \"infantry\": 1, \"cavalry\": 2, \"artillery\": 3 } },\n"
        "      \"slope\": { \"move\": { \"infantry\": 2, \"cavalry\": 3, \"artillery\": 4 } },\n"
        "      \"bridge\": { \"move\": { \"infantry\": 0, \"cavalry\": 0, \"artillery\": 0 }, \"cancels\": [\"stream\"] } },\n"
        "    \"elevation\": { \"change_hexside\": \"slope\" },\n"
        "    \"fire_multiples\": [ { \"formation\": \"line\", \"per_hex\": 4, \"multiple\": { \"num\": 3, \"den\": 2 } } ] },\n"
        "  \"map\": { \"columns\": 2, \"rows\": 1, \"terrain\": [\"..\"], \"legend\": {\".\": \"clear\"},\n"
        "    \"hexsides\": [ { \"hex\": \"0101\", \"side\": \"SE\", \"type\": \"stream\" },\n"
        "                  { \"hex\": \"0201\", \"side\": \"NW\", \"type\": \"bridge\" } ] },\n"
        "  \"units\": [] }\n";
    lb_state *st = load_text(text, NULL, 0, &errs);
    assert_non_null(st);
    /* 0101 SE is 0201 NW (odd column, R-GRID-2): the bridge listed with the stream replaces it */
    int bridge = lb_charts_hexside(&st->charts, "bridge");
    assert_int_equal(lb_map_hexside(&st->map, (lb_hex){1, 1}, LB_DIR_SE), bridge);
    assert_int_equal(lb_map_hexside(&st->map, (lb_hex){2, 1}, LB_DIR_NW), bridge);
    assert_int_equal(st->charts.elevation_hexside, lb_charts_hexside(&st->charts, "slope"));
    assert_int_equal(st->charts.fire_multiples[0].multiple.num, 3);
    assert_int_equal(st->charts.fire_multiples[0].multiple.den, 2);
    lb_state_free(st);
    lb_errlist_release(&errs);
}

static void test_scenario__round_down_and_defaults(void **unused)
{
    (void)unused;
    lb_errlist errs = {0};
    lb_state *st = load_with_charts("\"fractions\": \"round-down\",", &errs);
    assert_non_null(st);
    assert_int_equal(st->fractions, LB_FRACTIONS_ROUND_DOWN);
    assert_int_equal(st->turn.minutes, -1);              /* no time given */
    assert_int_equal(st->turn.segment, LB_SEG_CHARGE);   /* first segment of the first side */
    assert_int_equal(st->turn.phasing, 0);
    lb_state_free(st);
    lb_errlist_release(&errs);
}

static void test_scenario__label_lists(void **unused)
{
    (void)unused;
    lb_errlist errs = {0};
    lb_state *st = NULL;
    assert_int_equal(lb_scenario_load_file("tests/scenarios/contract-example.json", NULL, &st, &errs),
                     LB_OK);
    lb_hex out[3];
    int bad = -1;
    assert_int_equal(lb_map_parse_labels(&st->map, "0101,0604", out, 3, &bad), 2);
    assert_true(lb_hex_eq(out[1], (lb_hex){6, 4}));
    assert_int_equal(lb_map_parse_labels(&st->map, "", out, 3, &bad), 0);
    assert_int_equal(lb_map_parse_labels(&st->map, "0101,0705", out, 3, &bad), -1);
    assert_int_equal(bad, 1); /* column 7 of a 6-column map */
    assert_int_equal(lb_map_parse_labels(&st->map, "0101,", out, 3, &bad), -1);
    assert_int_equal(bad, 1); /* a trailing comma is an empty entry */
    assert_int_equal(lb_map_parse_labels(&st->map, "0101,,0102", out, 3, &bad), -1);
    assert_int_equal(bad, 1);
    assert_int_equal(lb_map_parse_labels(&st->map, "101", out, 3, &bad), -1);
    assert_int_equal(bad, 0);
    assert_int_equal(lb_map_parse_labels(&st->map, "0101,0102,0103,0104", out, 3, &bad), -1);
    assert_int_equal(bad, 3); /* more than max */
    lb_state_free(st);
    lb_errlist_release(&errs);
}

static void test_scenario__missing_file(void **unused)
{
    (void)unused;
    lb_errlist errs = {0};
    lb_state *st = (lb_state *)&errs; /* must be reset to NULL */
    assert_int_equal(lb_scenario_load_file("tests/scenarios/no-such-file.json", NULL, &st, &errs),
                     LB_IO);
    assert_null(st);
    assert_int_equal(errs.count, 1);
    char line[1200];
    lb_err_fmt(&errs.items[0], line, sizeof line);
    assert_string_equal(line, "tests/scenarios/no-such-file.json: expected a readable file, found "
                              "No such file or directory");
    lb_errlist_release(&errs);
}

static void test_scenario__every_bad_file_is_refused_whole(void **unused)
{
    (void)unused;
    /* the broken scenarios of tests/scenarios/bad each give errors and no state */
    static const char *const names[] = {"enemy-stacked", "unit-morale-70", "syntax-truncated",
                                        "legend-unknown-character", "artillery-in-woods"};
    for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
        char path[256];
        snprintf(path, sizeof path, "tests/scenarios/bad/%s.json", names[i]);
        lb_errlist errs = {0};
        lb_state *st = NULL;
        int rc = lb_scenario_load_file(path, NULL, &st, &errs);
        assert_true(rc == LB_INVALID || rc == LB_SYNTAX);
        assert_null(st);
        assert_true(errs.count >= 1);
        lb_errlist_release(&errs);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_scenario__contract_example),
        cmocka_unit_test(test_scenario__module_edition_and_lookups),
        cmocka_unit_test(test_scenario__inline_charts_merge),
        cmocka_unit_test(test_scenario__chart_error_placed_in_scenario_override),
        cmocka_unit_test(test_scenario__chart_error_placed_in_module),
        cmocka_unit_test(test_scenario__bridge_cancels_stream_and_rational_multiple),
        cmocka_unit_test(test_scenario__round_down_and_defaults),
        cmocka_unit_test(test_scenario__label_lists),
        cmocka_unit_test(test_scenario__missing_file),
        cmocka_unit_test(test_scenario__every_bad_file_is_refused_whole),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
