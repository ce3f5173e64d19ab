/* Unit tests: scenario loading, chart merging, error placement and lookups in the loaded state. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lb/core.h"
#include "lb/lb.h"
#include "state_int.h"
#include "charts_int.h"
#include "unit_int.h"
#include "hex_int.h"

static lb_state *load_text(const char *text, const lb_module *mods, int nmods, lb_errlist *errs)
{
    lb_load_opts opts = {.modules = mods, .nmodules = nmods};
    lb_state *st = NULL;
    int rc = lb_scenario_load("t.json", text, strlen(text), &opts, &st, errs);
    assert_int_equal(rc == LB_OK, st != NULL);
    return st;
}

/* A scenario text built piece by piece. */
typedef struct text {
    char *buf;
    int len, cap;
} text;

__attribute__((format(printf, 2, 3))) static void put(text *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    char *buf = lb_grow(t->buf, &t->cap, t->len + n + 1, 1);
    assert_non_null(buf);
    t->buf = buf;
    va_start(ap, fmt);
    vsnprintf(t->buf + t->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    t->len += n;
}

/* The head of a scenario on one inline terrain type, up to "map": {…}, then `units`; rows of
 * cols copies of `cell`. */
static void scenario_text(text *t, const char *game, int cols, int rows, char cell,
                          const char *units)
{
    put(t, "{\"format\": \"labataille-scenario/1\", \"sides\": [\"french\", \"austrian\"],\n");
    if (game)
        put(t, "\"game\": \"%s\",\n", game);
    else
        put(t, "\"charts\": {\"terrain\": {\"clear\": {\"move\": {\"infantry\": 1, \"cavalry\": 1, "
               "\"artillery\": 1}}}},\n");
    put(t, "\"map\": {\"columns\": %d, \"rows\": %d, \"legend\": {\".\": \"clear\"}, \"terrain\": [",
        cols, rows);
    for (int r = 0; r < rows; r++) {
        put(t, "%s\n\"", r ? "," : "");
        for (int c = 0; c < cols; c++)
            put(t, "%c", cell);
        put(t, "\"");
    }
    put(t, "]},\n\"units\": [%s]}\n", units);
}

static const char unit_fmt[] =
    "{\"id\": \"u%d\", \"side\": \"%s\", \"arm\": \"infantry\", \"increments\": 8, \"fire\": 8, "
    "\"melee\": 24, \"movement\": 6, \"morale\": \"34\", \"formation\": \"column\", "
    "\"state\": \"good\", \"hexes\": \"%s\"}";

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

static void test_scenario__unknown_game_stops_the_load(void **unused)
{
    (void)unused;
    /* 10.8, 11.5: a misspelled game on a 300x300 map is one problem, not one per cell (90,004
     * lines before, in 10 s) */
    text t = {0};
    scenario_text(&t, "deutsch-wagram-1808", 300, 300, '.', "");
    lb_module mods[2] = {{"deutsch-wagram-1809", "dw.json", "{}", 2}, {"prusse-1806", "p.json", "{}", 2}};
    lb_errlist errs = {0};
    assert_null(load_text(t.buf, mods, 2, &errs));
    assert_int_equal(errs.count, 1);
    assert_string_equal(errs.items[0].path, "/game");
    assert_int_equal(errs.items[0].line, 2);
    assert_int_equal(errs.items[0].col, 9);
    assert_string_equal(errs.items[0].msg, "expected a known game (deutsch-wagram-1809, "
                                           "prusse-1806), found \"deutsch-wagram-1808\"");
    lb_errlist_release(&errs);
    free(t.buf);
}

static void test_scenario__problems_listed_up_to_1000(void **unused)
{
    (void)unused;
    /* 11.5: every cell of a 300x300 map is a character missing from the legend: 90,000
     * problems are found, the first 1000 listed (the first 300 cells are row 0, line 4), then
     * one line that counts them */
    text t = {0};
    scenario_text(&t, NULL, 300, 300, 'x', "");
    lb_errlist errs = {0};
    assert_null(load_text(t.buf, NULL, 0, &errs));
    assert_int_equal(errs.count, 1001);
    assert_string_equal(errs.items[0].path, "/map/terrain/0");
    assert_int_equal(errs.items[0].line, 4);
    assert_int_equal(errs.items[0].col, 2); /* the first x, after the row's quote */
    assert_string_equal(errs.items[0].msg,
                        "expected a character of map.legend (.), found \"x\" at hex 001001");
    assert_int_equal(errs.items[299].col, 301);
    assert_string_equal(errs.items[300].path, "/map/terrain/1");
    lb_err last = errs.items[1000];
    assert_int_equal(last.code, LB_LIMIT);
    assert_int_equal(last.line, 0);
    assert_string_equal(last.file, "t.json");
    assert_string_equal(last.msg, "expected at most 1000 problems, found 90000: the first 1000 "
                                  "found are listed");
    lb_errlist_release(&errs);
    free(t.buf);
}

static void test_scenario__no_legend_no_cell_problems(void **unused)
{
    (void)unused;
    /* 11.5: without a legend object the map's cells are not each reported */
    static const char text_[] =
        "{\"format\": \"labataille-scenario/1\", \"sides\": [\"a\", \"b\"],\n"
        " \"charts\": {\"terrain\": {\"clear\": {\"move\": {\"infantry\": 1, \"cavalry\": 1, \"artillery\": 1}}}},\n"
        " \"map\": {\"columns\": 3, \"rows\": 1, \"terrain\": [\"...\"], \"legend\": [\".\"]}, \"units\": []}\n";
    lb_errlist errs = {0};
    assert_null(load_text(text_, NULL, 0, &errs));
    assert_int_equal(errs.count, 1);
    assert_string_equal(errs.items[0].path, "/map/legend");
    assert_string_equal(errs.items[0].msg, "expected an object from map characters to terrain "
                                           "types, found [\".\"]");
    lb_errlist_release(&errs);
}

static void test_scenario__big_stack_checked_in_order(void **unused)
{
    (void)unused;
    /* 11.6: 3000 French units in 0101, then one Austrian: one problem, at the Austrian, naming
     * the top French unit u0 (R-SCN-4); the check is one pass over the stack */
    text units = {0}, t = {0};
    for (int i = 0; i < 3000; i++) {
        char one[400];
        snprintf(one, sizeof one, unit_fmt, i, "french", "0101");
        put(&units, "%s%s", i ? ",\n" : "", one);
    }
    /* without the Austrian the stack loads, in the order listed */
    scenario_text(&t, NULL, 2, 2, '.', units.buf);
    lb_errlist errs = {0};
    lb_state *st = load_text(t.buf, NULL, 0, &errs);
    assert_non_null(st);
    const int *idx;
    assert_int_equal(lb_state_units_at(st, (lb_hex){1, 1}, &idx), 3000);
    assert_int_equal(idx[0], 0);
    assert_int_equal(idx[2999], 2999);
    lb_state_free(st);
    free(t.buf);
    char one[400];
    snprintf(one, sizeof one, unit_fmt, 3000, "austrian", "0101");
    put(&units, ",\n%s", one);
    t = (text){0};
    scenario_text(&t, NULL, 2, 2, '.', units.buf);
    assert_null(load_text(t.buf, NULL, 0, &errs));
    assert_int_equal(errs.count, 1);
    assert_string_equal(errs.items[0].path, "/units/3000/hexes");
    assert_string_equal(errs.items[0].msg,
                        "expected no enemy unit in the hex, found 0101 holding u0 (french)");
    lb_errlist_release(&errs);
    free(units.buf);
    free(t.buf);
}

/* Loads text and returns its only problem (asserted to be one). */
static lb_err only_problem(const char *text_, int want_rc)
{
    lb_errlist errs = {0};
    lb_state *st = NULL;
    lb_load_opts opts = {0};
    assert_int_equal(lb_scenario_load("t.json", text_, strlen(text_), &opts, &st, &errs), want_rc);
    assert_null(st);
    assert_int_equal(errs.count, 1);
    lb_err e = errs.items[0];
    lb_errlist_release(&errs);
    return e;
}

static void test_scenario__limits(void **unused)
{
    (void)unused;
    /* 11.7: 50,001 units (empty objects: the count is refused before any is read) */
    text units = {0}, t = {0};
    for (int i = 0; i < 50001; i++)
        put(&units, "%s{}", i ? "," : "");
    scenario_text(&t, NULL, 1, 1, '.', units.buf);
    lb_err e = only_problem(t.buf, LB_INVALID);
    assert_string_equal(e.path, "/units");
    assert_string_equal(e.msg, "expected at most 50000 units, found 50001");
    free(t.buf);
    free(units.buf);
    /* 100,001 hexside features */
    t = (text){0};
    put(&t, "{\"format\": \"labataille-scenario/1\", \"sides\": [\"a\", \"b\"], \"units\": [],\n"
            "\"charts\": {\"terrain\": {\"c\": {\"move\": {\"infantry\": 1, \"cavalry\": 1, \"artillery\": 1}}}},\n"
            "\"map\": {\"columns\": 1, \"rows\": 1, \"legend\": {\".\": \"c\"}, \"terrain\": [\".\"],\n"
            "\"hexsides\": [");
    for (int i = 0; i < 100001; i++)
        put(&t, "%s{}", i ? "," : "");
    put(&t, "]}}");
    e = only_problem(t.buf, LB_INVALID);
    assert_string_equal(e.path, "/map/hexsides");
    assert_int_equal(e.line, 4);
    assert_int_equal(e.col, 13);
    assert_string_equal(e.msg, "expected at most 100000 hexside features, found 100001");
    free(t.buf);
    /* 3000 nested lists: jansson's limit is 2048 */
    t = (text){0};
    for (int i = 0; i < 3000; i++)
        put(&t, "[");
    e = only_problem(t.buf, LB_SYNTAX);
    assert_int_equal(e.code, LB_LIMIT);
    assert_string_equal(e.msg, "expected at most 2048 nested lists and objects, found more");
    free(t.buf);
    /* a text over 32 MiB is refused unread */
    size_t big = LB_SCENARIO_BYTES_MAX + 1;
    char *huge = malloc(big);
    assert_non_null(huge);
    memset(huge, ' ', big);
    lb_errlist errs = {0};
    lb_state *st = NULL;
    assert_int_equal(lb_scenario_load("big.json", huge, big, NULL, &st, &errs), LB_LIMIT);
    free(huge);
    assert_int_equal(errs.count, 1);
    char line[600];
    lb_err_fmt(&errs.items[0], line, sizeof line);
    assert_string_equal(line, "big.json: expected a scenario of at most 33554432 bytes (32 MiB), "
                              "found 33554433 bytes");
    lb_errlist_release(&errs);
}

static void test_scenario__ids(void **unused)
{
    (void)unused;
    /* 63 bytes is the longest id; "0910" is no hex of a 2x2 map, so it may be an id (R-SCN-10
     * refuses only labels of the map: "0102" is one) */
    char id63[64], units[1200], one[400];
    memset(id63, 'a', 63);
    id63[63] = '\0';
    snprintf(units, sizeof units, "{\"id\": \"%s\", \"side\": \"french\", \"arm\": \"leader\", "
             "\"hexes\": \"0101\"}, {\"id\": \"0910\", \"side\": \"french\", \"arm\": \"leader\", "
             "\"hexes\": \"0101\"}", id63);
    text t = {0};
    scenario_text(&t, NULL, 2, 2, '.', units);
    lb_errlist errs = {0};
    lb_state *st = load_text(t.buf, NULL, 0, &errs);
    assert_non_null(st);
    assert_int_equal(lb_state_unit_index(st, id63), 0);
    assert_int_equal(lb_state_unit_index(st, "0910"), 1);
    lb_state_free(st);
    free(t.buf);
    t = (text){0};
    snprintf(one, sizeof one, unit_fmt, 1, "french", "0101");
    char *digit = strstr(one, "u1");
    memcpy(digit, "01", 2); /* id "011": 0102 is a hex of the map, 011 is not a label */
    scenario_text(&t, NULL, 2, 2, '.', one);
    st = load_text(t.buf, NULL, 0, &errs);
    assert_non_null(st);
    lb_state_free(st);
    free(t.buf);
    lb_errlist_release(&errs);
}

static void test_scenario__special_files(void **unused)
{
    (void)unused;
    /* 11.7: a pipe nobody writes to reads as empty at once (it used to wait for a writer) */
    char fifo[] = "/tmp/lb-test-fifo-XXXXXX";
    int fd = mkstemp(fifo);
    assert_true(fd >= 0);
    close(fd);
    unlink(fifo);
    assert_int_equal(mkfifo(fifo, 0600), 0);
    lb_errlist errs = {0};
    lb_state *st = NULL;
    assert_int_equal(lb_scenario_load_file(fifo, NULL, &st, &errs), LB_SYNTAX);
    unlink(fifo);
    assert_null(st);
    assert_int_equal(errs.count, 1);
    assert_string_equal(errs.items[0].msg, "expected '[' or '{', found end of file");
    lb_errlist_release(&errs);
    /* a directory */
    assert_int_equal(lb_scenario_load_file("tests", NULL, &st, &errs), LB_IO);
    assert_string_equal(errs.items[0].msg, "expected a readable file, found a directory");
    lb_errlist_release(&errs);
    /* a device that never ends is read up to the limit */
    assert_int_equal(lb_scenario_load_file("/dev/zero", NULL, &st, &errs), LB_LIMIT);
    assert_int_equal(errs.items[0].code, LB_LIMIT);
    lb_errlist_release(&errs);
}

static void test_scenario__problem_in_module_entry_placed_in_module(void **unused)
{
    (void)unused;
    /* R-SCN-7: the module's "marsh" lacks "move"; the scenario's charts override only "clear".
     * The missing value belongs to the module's /terrain/marsh (2 levels there, 1 in the
     * scenario): placed at that object, line 3 column 13 of the module */
    static const char module[] =
        "{ \"edition\": \"premier-2018\",\n"
        "  \"terrain\": { \"clear\": { \"move\": { \"infantry\": 1, \"cavalry\": 1, \"artillery\": 1 } },\n"
        "    \"marsh\": { \"los\": \"clear\" } } }\n";
    lb_module mod = {"testgame", "games/testgame.json", module, sizeof module - 1};
    static const char scen[] =
        "{ \"format\": \"labataille-scenario/1\", \"game\": \"testgame\", \"sides\": [\"a\", \"b\"],\n"
        "  \"charts\": { \"terrain\": { \"clear\": { \"los\": \"clear\" } } },\n"
        "  \"map\": { \"columns\": 1, \"rows\": 1, \"terrain\": [\".\"], \"legend\": {\".\": \"clear\"} },\n"
        "  \"units\": [] }\n";
    lb_errlist errs = {0};
    assert_null(load_text(scen, &mod, 1, &errs));
    assert_int_equal(errs.count, 1);
    assert_string_equal(errs.items[0].file, "games/testgame.json");
    assert_string_equal(errs.items[0].path, "/terrain/marsh/move");
    assert_int_equal(errs.items[0].line, 3);
    assert_int_equal(errs.items[0].col, 14);
    lb_errlist_release(&errs);
}

static void test_scenario__suggestions(void **unused)
{
    (void)unused;
    lb_errlist errs = {0};
    lb_state *st = NULL;
    assert_int_equal(lb_scenario_load_file("tests/scenarios/contract-example.json", NULL, &st, &errs),
                     LB_OK);
    /* ids: fr-6le-1, au-hus-3, fr-ldr-oudinot; limit max(1, min(3, length / 3)) edits */
    assert_int_equal(lb_state_suggest_unit(st, "fr-6le-l"), 0);      /* 1 change */
    assert_int_equal(lb_state_suggest_unit(st, "FR-6LE-1"), 0);      /* case is free */
    assert_int_equal(lb_state_suggest_unit(st, "au-hsu-3"), 1);      /* 1 swap */
    assert_int_equal(lb_state_suggest_unit(st, "fr-ldr-oudino"), 2); /* 1 left out */
    assert_int_equal(lb_state_suggest_unit(st, "fr-9xx-1"), -1);     /* 3 changes > 8 / 3 */
    assert_int_equal(lb_state_suggest_unit(st, ""), -1);
    /* labels of the 6x4 map (2+2 digits) */
    lb_hex h;
    assert_int_equal(lb_map_suggest_label(&st->map, "03-02", &h), 0); /* separator */
    assert_true(lb_hex_eq(h, (lb_hex){3, 2}));
    assert_int_equal(lb_map_suggest_label(&st->map, "302", &h), 0);   /* missing zero */
    assert_true(lb_hex_eq(h, (lb_hex){3, 2}));
    assert_int_equal(lb_map_suggest_label(&st->map, "3002", &h), 0);  /* 30 and 0 swapped */
    assert_true(lb_hex_eq(h, (lb_hex){3, 2}));
    assert_int_equal(lb_map_suggest_label(&st->map, "06002", &h), 0); /* one 0 too many */
    assert_true(lb_hex_eq(h, (lb_hex){6, 2}));
    assert_int_equal(lb_map_suggest_label(&st->map, "0309", &h), LB_NOT_FOUND); /* 0301..0304: which? */
    assert_int_equal(lb_map_suggest_label(&st->map, "0702", &h), LB_NOT_FOUND); /* 0102..0602: which? */
    assert_int_equal(lb_map_suggest_label(&st->map, "woods", &h), LB_NOT_FOUND);
    lb_state_free(st);
    lb_errlist_release(&errs);
}

static void test_scenario__remove_unit(void **unused)
{
    (void)unused;
    lb_errlist errs = {0};
    lb_state *st = NULL;
    assert_int_equal(lb_scenario_load_file("tests/scenarios/contract-example.json", NULL, &st, &errs),
                     LB_OK);
    /* fr-6le-1 (index 0) holds 0203 and 0303 with the leader on 0203 */
    assert_int_equal(lb_state_remove_unit(st, 0), LB_OK);
    assert_int_equal(st->nunits, 2);
    assert_string_equal(st->units[0].id, "au-hus-3");
    assert_int_equal(lb_state_unit_index(st, "fr-ldr-oudinot"), 1);
    const int *idx;
    assert_int_equal(lb_state_units_at(st, (lb_hex){2, 3}, &idx), 1);
    assert_int_equal(idx[0], 1);
    assert_int_equal(lb_state_units_at(st, (lb_hex){3, 3}, &idx), 0);
    assert_int_equal(lb_state_remove_unit(st, 2), LB_INVALID);
    assert_int_equal(lb_state_remove_unit(st, -1), LB_INVALID);
    assert_int_equal(st->nunits, 2);
    lb_state_free(st);
    lb_errlist_release(&errs);
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
        cmocka_unit_test(test_scenario__unknown_game_stops_the_load),
        cmocka_unit_test(test_scenario__problems_listed_up_to_1000),
        cmocka_unit_test(test_scenario__no_legend_no_cell_problems),
        cmocka_unit_test(test_scenario__big_stack_checked_in_order),
        cmocka_unit_test(test_scenario__limits),
        cmocka_unit_test(test_scenario__ids),
        cmocka_unit_test(test_scenario__special_files),
        cmocka_unit_test(test_scenario__problem_in_module_entry_placed_in_module),
        cmocka_unit_test(test_scenario__suggestions),
        cmocka_unit_test(test_scenario__remove_unit),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
