/* Unit tests of retreat paths: hand-worked cases, apply, and an exhaustive oracle on random maps. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lb/lb.h"
#include "state_int.h"
#include "dice_int.h"
#include "trace_int.h"
#include "unit_int.h"
#include "retreat_int.h"
#include "hex_int.h"
#include "words.h"

#define CHARTS                                                                                  \
    "\"charts\": {\"terrain\": {"                                                               \
    "\"clear\": {\"move\": {\"infantry\": 1, \"cavalry\": 1, \"artillery\": 1}},"               \
    "\"woods\": {\"move\": {\"infantry\": 3, \"cavalry\": 5, \"artillery\": null},"             \
    " \"general_order\": true, \"los\": \"blocks\"},"                                             \
    "\"rough\": {\"move\": {\"infantry\": 2, \"cavalry\": 2, \"artillery\": 2}},"               \
    "\"lake\": {\"move\": {\"infantry\": null, \"cavalry\": null, \"artillery\": null}}},"      \
    "\"hexsides\": {"                                                                           \
    "\"stream\": {\"move\": {\"infantry\": 1, \"cavalry\": 2, \"artillery\": 3}},"              \
    "\"wall\": {\"move\": {\"infantry\": 2, \"cavalry\": null, \"artillery\": null},"           \
    " \"los\": \"blocks\"}}}"

#define LEGEND "\"legend\": {\".\": \"clear\", \"W\": \"woods\", \"R\": \"rough\", \"L\": \"lake\"}"

static lb_state *load(const char *text)
{
    lb_load_opts opts = {0};
    lb_errlist errs = {0};
    lb_state *st = NULL;
    lb_scenario_load("test.json", text, strlen(text), &opts, &st, &errs);
    for (int i = 0; i < errs.count; i++) {
        char line[1200];
        lb_err_fmt(&errs.items[i], line, sizeof line);
        print_message("%s\n", line);
    }
    lb_errlist_release(&errs);
    assert_non_null(st);
    return st;
}

/* A scenario from its rules, map rows and units (JSON list items). */
static lb_state *scenario(const char *rules, int cols, int rows, const char *terrain,
                          const char *hexsides, const char *units)
{
    static const char fmt[] =
        "{\"format\": \"labataille-scenario/1\", \"rules\": \"%s\","
        " \"sides\": [\"french\", \"austrian\"],"
        " \"map\": {\"columns\": %d, \"rows\": %d, \"terrain\": [%s], " LEGEND
        ", \"hexsides\": [%s]}, " CHARTS ", \"units\": [%s]}";
    size_t n = strlen(fmt) + strlen(terrain) + strlen(hexsides) + strlen(units) + 64;
    char *text = malloc(n);
    snprintf(text, n, fmt, rules, cols, rows, terrain, hexsides, units);
    lb_state *st = load(text);
    free(text);
    return st;
}

#define INF_UNIT(id, side, hexes)                                                               \
    "{\"id\": \"" id "\", \"side\": \"" side "\", \"arm\": \"infantry\", \"increments\": 6,"    \
    " \"fire\": 6, \"melee\": 12, \"movement\": 6, \"morale\": \"34\", \"formation\": "        \
    "\"column\", \"state\": \"good\", \"hexes\": [" hexes "]}"

static lb_hex hx(const lb_state *st, const char *label)
{
    lb_hex h;
    assert_int_equal(lb_map_parse_label(&st->map, label, &h), 0);
    return h;
}

static void assert_path(const lb_state *st, const lb_hex *p, int n, const char *labels)
{
    char got[256] = "", label[LB_HEX_LABEL_MAX];
    for (int i = 0; i < n; i++) {
        strcat(got, i ? " " : "");
        strcat(got, lb_map_label(&st->map, p[i], label));
    }
    assert_string_equal(got, labels);
}

static int unit_of(const lb_state *st, const char *id)
{
    int u = lb_state_unit_index(st, id);
    assert_true(u >= 0);
    return u;
}

/* R-RET-4: on a 1-row map the hexes 0101..0801 form a chain. Enemy at 0101, unit at 0201
 * (D = 1). Disorder, 3 MP: 0301 (D 2, cost 1), 0401 (D 3, cost 2), 0501 woods (cost 2+3 = 5 >
 * 3). Most hexes within the budget: 2 hexes, cost 2: the one path 0301 0401. */
static void test_retreat__disorder_budget_stops_before_woods(void **state)
{
    (void)state;
    lb_state *st = scenario("premier-2018", 8, 1, "\"....W...\"", "",
                            INF_UNIT("fr", "french", "\"0201\"") ","
                            INF_UNIT("au", "austrian", "\"0101\""));
    lb_retreat r;
    lb_trace t;
    lb_trace_init(&t);
    lb_retreat_req req = {.kind = LB_RETREAT_DISORDER};
    assert_int_equal(lb_retreat_paths(st, unit_of(st, "fr"), &req, &r, &t), LB_OK);
    assert_false(r.surrender);
    assert_int_equal(r.start_distance, 1);
    assert_int_equal(r.hexes, 2);
    assert_int_equal(r.cost, 2);
    assert_int_equal(r.count, 1);
    assert_path(st, r.paths, 2, "0301 0401");
    assert_path(st, r.ends, r.nends, "0401");
    assert_path(st, r.choice, 2, "0301 0401");
    assert_non_null(lb_trace_find(&t, "R-RET-4"));
    lb_retreat_release(&r);
    lb_trace_release(&t);
    lb_state_free(st);
}

/* R-RET-3, R-RET-5: the first hex is always affordable. Cavalry in 0201 with the enemy in
 * 0101; 0301 is woods (5 MP for cavalry) and the disorder budget is 3: one hex, cost 5. With
 * 0301 a lake instead there is no step at all: surrender. */
static void test_retreat__first_hex_always_affordable_else_surrender(void **state)
{
    (void)state;
    const char *units = "{\"id\": \"cav\", \"side\": \"french\", \"arm\": \"cavalry\","
                        " \"increments\": 4, \"fire\": 0, \"melee\": 8, \"movement\": 8,"
                        " \"morale\": \"33\", \"formation\": \"column\", \"state\": \"good\","
                        " \"hexes\": [\"0201\"]}," INF_UNIT("au", "austrian", "\"0101\"");
    lb_state *st = scenario("premier-2018", 5, 1, "\"..W..\"", "", units);
    lb_retreat r;
    lb_retreat_req req = {.kind = LB_RETREAT_DISORDER};
    assert_int_equal(lb_retreat_paths(st, 0, &req, &r, NULL), LB_OK);
    assert_false(r.surrender);
    assert_int_equal(r.hexes, 1);
    assert_int_equal(r.cost, 5);
    assert_path(st, r.paths, 1, "0301");
    lb_retreat_release(&r);
    lb_state_free(st);

    st = scenario("premier-2018", 5, 1, "\"..L..\"", "", units);
    lb_trace t;
    lb_trace_init(&t);
    assert_int_equal(lb_retreat_paths(st, 0, &req, &r, &t), LB_OK);
    assert_true(r.surrender);
    assert_int_equal(r.count, 0);
    assert_int_equal(r.nends, 0);
    assert_null(r.choice);
    assert_non_null(lb_trace_find(&t, "R-RET-5"));
    lb_retreat_release(&r);
    lb_trace_release(&t);
    lb_state_free(st);
}

/* R-RET-18: a two-hex line retreats from its first hex; its own second hex is neither friendly
 * nor "another combat unit". Line in 0301+0201 (first 0301), enemy 0401 (D 1). Disorder, 3 MP:
 * 0201 (D 2), 0101 (D 3), then the map ends: 2 hexes, cost 2, 0 friendly. The last step goes
 * from 0201 (an even column) to 0101, its NW neighbour: facing 10 (R-RET-11). */
static void test_retreat__line_retreats_from_first_hex_through_its_own(void **state)
{
    (void)state;
    const char *units =
        "{\"id\": \"line\", \"side\": \"french\", \"arm\": \"infantry\", \"increments\": 8,"
        " \"fire\": 8, \"melee\": 16, \"movement\": 6, \"morale\": \"34\", \"formation\":"
        " \"line\", \"state\": \"good\", \"hexes\": [\"0301\", \"0201\"]},"
        INF_UNIT("au", "austrian", "\"0401\"");
    lb_state *st = scenario("premier-2018", 5, 1, "\".....\"", "", units);
    lb_retreat r;
    lb_trace t;
    lb_trace_init(&t);
    lb_retreat_req req = {.kind = LB_RETREAT_DISORDER};
    assert_int_equal(lb_retreat_paths(st, 0, &req, &r, &t), LB_OK);
    assert_path(st, &r.start, 1, "0301");
    assert_int_equal(r.friendly, 0);
    assert_path(st, r.paths, r.hexes, "0201 0101");
    assert_non_null(lb_trace_find(&t, "R-RET-18"));
    /* apply: the unit now stands only in 0101, in column, facing its last step (NW = 10) */
    assert_int_equal(lb_retreat_apply(st, 0, &r, -1), LB_OK);
    assert_int_equal(st->units[0].nhexes, 1);
    assert_path(st, st->units[0].hexes, 1, "0101");
    assert_int_equal(st->units[0].formation, LB_FORM_COLUMN);
    assert_int_equal(st->units[0].facing, 10);
    const int *idx;
    assert_int_equal(lb_state_units_at(st, hx(st, "0301"), &idx), 0);
    assert_int_equal(lb_state_units_at(st, hx(st, "0101"), &idx), 1);
    lb_retreat_release(&r);
    lb_trace_release(&t);
    lb_state_free(st);
}

/* Issue 12: a retreat names its unit and the generation it was found on. On a 3-hex map, fr
 * (0101, against the edge) must surrender; au (0201) disorders away from it to 0301. au's
 * retreat is applied first: fr's is then stale and changes nothing (fr stays, two units). */
static void test_retreat__apply_refuses_stale(void **state)
{
    (void)state;
    lb_state *st = scenario("premier-2018", 3, 1, "\"...\"", "",
                            INF_UNIT("fr", "french", "\"0101\"") ","
                            INF_UNIT("au", "austrian", "\"0201\""));
    lb_retreat fr, au;
    lb_retreat_req rout = {.kind = LB_RETREAT_ROUT}, disorder = {.kind = LB_RETREAT_DISORDER};
    assert_int_equal(lb_retreat_paths(st, 0, &rout, &fr, NULL), LB_OK);
    assert_int_equal(lb_retreat_paths(st, 1, &disorder, &au, NULL), LB_OK);
    assert_true(fr.surrender);
    assert_string_equal(fr.unit, "fr");
    assert_false(au.surrender);
    assert_int_equal(lb_retreat_apply(st, 1, &fr, -1), LB_INVALID); /* not au's retreat */
    assert_int_equal(lb_retreat_apply(st, 1, &au, -1), LB_OK);
    assert_path(st, st->units[1].hexes, 1, "0301");
    assert_int_equal(st->generation, fr.generation + 1);
    lb_unit before = st->units[0];
    assert_int_equal(lb_retreat_apply(st, 0, &fr, -1), LB_STALE);
    assert_int_equal(st->nunits, 2);
    assert_memory_equal(&st->units[0], &before, sizeof before);
    lb_retreat_release(&fr);
    lb_retreat_release(&au);
    lb_state_free(st);
}

/* R-RET-5 apply: a surrendering unit leaves the state. */
static void test_retreat__apply_surrender_removes_the_unit(void **state)
{
    (void)state;
    lb_state *st = scenario("premier-2018", 3, 1, "\"...\"", "",
                            INF_UNIT("fr", "french", "\"0101\"") ","
                            INF_UNIT("au", "austrian", "\"0201\""));
    lb_retreat r;
    lb_retreat_req req = {.kind = LB_RETREAT_ROUT};
    assert_int_equal(lb_retreat_paths(st, 0, &req, &r, NULL), LB_OK);
    assert_true(r.surrender);
    assert_int_equal(lb_retreat_apply(st, 0, &r, -1), LB_OK);
    assert_int_equal(st->nunits, 1);
    assert_string_equal(st->units[0].id, "au");
    assert_int_equal(lb_state_unit_index(st, "fr"), -1);
    lb_retreat_release(&r);
    lb_state_free(st);
}

#define LEADER(id, hexes)                                                                       \
    "{\"id\": \"" id "\", \"side\": \"french\", \"arm\": \"leader\", \"hexes\": [" hexes "]}"

/* R-RET-15: a leader left alone by the retreat is named; apply takes him to the end hex unless
 * told to leave him; a leader with another friendly combat unit is not concerned. 1-row map,
 * enemy 0101, French infantry fr with the leader ney in 0201: disorder 0301 0401 0501. */
static void test_retreat__leader_left_alone_follows_or_stays(void **state)
{
    (void)state;
    const char *units = INF_UNIT("fr", "french", "\"0201\"") "," LEADER("ney", "\"0201\"") ","
                        INF_UNIT("au", "austrian", "\"0101\"");
    lb_state *st = scenario("premier-2018", 6, 1, "\"......\"", "", units);
    lb_retreat r;
    lb_trace t;
    lb_trace_init(&t);
    lb_retreat_req req = {.kind = LB_RETREAT_DISORDER};
    assert_int_equal(lb_retreat_paths(st, unit_of(st, "fr"), &req, &r, &t), LB_OK);
    assert_int_equal(r.nleaders, 1);
    assert_string_equal(r.leaders[0].id, "ney");
    assert_path(st, &r.leaders[0].hex, 1, "0201");
    assert_false(r.leaders[0].captured);
    assert_non_null(lb_trace_find(&t, "R-RET-15"));
    assert_int_equal(lb_retreat_apply(st, unit_of(st, "fr"), &r, -1), LB_OK);
    assert_path(st, st->units[unit_of(st, "fr")].hexes, 1, "0501");
    assert_path(st, st->units[unit_of(st, "ney")].hexes, 1, "0501");
    lb_retreat_release(&r);
    lb_trace_release(&t);
    lb_state_free(st);

    /* the owner leaves him where he is */
    st = scenario("premier-2018", 6, 1, "\"......\"", "", units);
    assert_int_equal(lb_retreat_paths(st, unit_of(st, "fr"), &req, &r, NULL), LB_OK);
    r.leaders_stay = 1;
    assert_int_equal(lb_retreat_apply(st, unit_of(st, "fr"), &r, 0), LB_OK);
    assert_path(st, st->units[unit_of(st, "fr")].hexes, 1, "0501");
    assert_path(st, st->units[unit_of(st, "ney")].hexes, 1, "0201");
    lb_retreat_release(&r);
    lb_state_free(st);

    /* another French combat unit stays with him: he is not concerned */
    st = scenario("premier-2018", 6, 1, "\"......\"", "",
                  INF_UNIT("fr", "french", "\"0201\"") "," INF_UNIT("fr2", "french", "\"0201\"")
                  "," LEADER("ney", "\"0201\"") "," INF_UNIT("au", "austrian", "\"0101\""));
    assert_int_equal(lb_retreat_paths(st, unit_of(st, "fr"), &req, &r, NULL), LB_OK);
    assert_int_equal(r.nleaders, 0);
    assert_int_equal(lb_retreat_apply(st, unit_of(st, "fr"), &r, -1), LB_OK);
    assert_path(st, st->units[unit_of(st, "ney")].hexes, 1, "0201");
    lb_retreat_release(&r);
    lb_state_free(st);
}

/* R-RET-15, R-RET-5: the unit surrenders (enemies both sides, lakes elsewhere): the leader alone
 * with it is captured and leaves the state with it; the others stay. */
static void test_retreat__leader_captured_with_a_surrendering_unit(void **state)
{
    (void)state;
    lb_state *st = scenario("premier-2018", 3, 3, "\"LLL\",\"...\",\"LLL\"", "",
                            INF_UNIT("fr", "french", "\"0202\"") "," LEADER("ney", "\"0202\"")
                            "," INF_UNIT("au", "austrian", "\"0102\"") ","
                            INF_UNIT("au2", "austrian", "\"0302\""));
    lb_retreat r;
    lb_retreat_req req = {.kind = LB_RETREAT_DISORDER};
    assert_int_equal(lb_retreat_paths(st, unit_of(st, "fr"), &req, &r, NULL), LB_OK);
    assert_true(r.surrender);
    assert_int_equal(r.nleaders, 1);
    assert_true(r.leaders[0].captured);
    assert_int_equal(lb_retreat_apply(st, unit_of(st, "fr"), &r, -1), LB_OK);
    assert_int_equal(st->nunits, 2);
    assert_int_equal(lb_state_unit_index(st, "fr"), -1);
    assert_int_equal(lb_state_unit_index(st, "ney"), -1);
    assert_true(lb_state_unit_index(st, "au2") >= 0);
    lb_retreat_release(&r);
    lb_state_free(st);
}

typedef struct stopper {
    int seen, stop_at;
} stopper;

static int stop_early(void *ctx, const lb_hex *path, int n)
{
    stopper *s = ctx;
    (void)path;
    (void)n;
    return ++s->seen >= s->stop_at;
}

/* R-RET-12: lb_retreat_each stops when asked; a count beyond 64 bits is saturated, not wrapped,
 * and still streams. Open 30x30 map, cavalry with 120 MP next to a lone enemy: every path spends
 * all 120 MP in 120 clear hexes; going round the rings gives far more than 2^64 of them. */
static void test_retreat__saturated_count_streams_and_stops(void **state)
{
    (void)state;
    char terrain[30 * 33 + 1] = "";
    for (int r = 0; r < 30; r++)
        strcat(terrain, r ? ",\"..............................\"" : "\"..............................\"");
    lb_state *st = scenario("premier-2018", 30, 30, terrain, "",
                            "{\"id\": \"cav\", \"side\": \"french\", \"arm\": \"cavalry\","
                            " \"increments\": 4, \"fire\": 0, \"melee\": 8, \"movement\": 120,"
                            " \"morale\": \"33\", \"formation\": \"column\", \"state\": \"good\","
                            " \"hexes\": [\"1515\"]}," INF_UNIT("au", "austrian", "\"1516\""));
    lb_retreat r;
    lb_retreat_req req = {.kind = LB_RETREAT_ROUT};
    assert_int_equal(lb_retreat_paths(st, 0, &req, &r, NULL), LB_OK);
    assert_int_equal(r.hexes, 120);
    assert_int_equal(r.cost, 120);
    assert_true(r.count_saturated);
    assert_true(r.count == ULLONG_MAX);
    assert_int_equal(r.npaths, LB_RETREAT_KEEP);
    stopper s = {0, 3000};
    assert_int_equal(lb_retreat_each(&r, stop_early, &s), LB_OK);
    assert_int_equal(s.seen, 3000);
    lb_retreat_release(&r);
    lb_state_free(st);
}

/* R-RET-7, R-RET-19: with no enemy combat unit on the map (an enemy leader is not one) no
 * formation counts. A disorder retreat takes its cheapest legal path: 0101 holds the leader, so
 * the one hex 0301, cost 1. A rout heads for the nearest woods or built-up hex; the map has none:
 * it stays, no surrender, and apply leaves it where it is. */
static void test_retreat__no_enemy_combat_unit_stays(void **state)
{
    (void)state;
    lb_state *st = scenario("premier-2018", 6, 1, "\"......\"", "",
                            INF_UNIT("fr", "french", "\"0201\"") ","
                            "{\"id\": \"ldr\", \"side\": \"austrian\", \"arm\": \"leader\","
                            " \"hexes\": [\"0101\"]}");
    lb_retreat r;
    lb_trace t;
    lb_trace_init(&t);
    lb_retreat_req req = {.kind = LB_RETREAT_DISORDER};
    assert_int_equal(lb_retreat_paths(st, 0, &req, &r, NULL), LB_OK);
    assert_false(r.stays);
    assert_int_equal(r.count, 1);
    assert_path(st, r.choice, r.hexes, "0301");
    assert_int_equal(r.cost, 1);
    lb_retreat_release(&r);
    req.kind = LB_RETREAT_ROUT;
    assert_int_equal(lb_retreat_paths(st, 0, &req, &r, &t), LB_OK);
    assert_true(r.stays);
    assert_false(r.surrender);
    assert_int_equal(r.count, 0);
    assert_int_equal(r.start_distance, -1);
    assert_non_null(lb_trace_find(&t, "R-RET-19"));
    assert_int_equal(lb_retreat_apply(st, 0, &r, -1), LB_OK);
    assert_path(st, st->units[0].hexes, 1, "0201");
    lb_retreat_release(&r);
    lb_trace_release(&t);
    lb_state_free(st);
}

/* R-RET-8, R-RET-20: 8x3 map, au in 0102, cav (3 MP) in 0202; the disorder retreat's paths
 * 0303 0402 0502, 0303 0402 0503, 0303 0403 0503 end in 0502 and 0503 (D 4). From 0502 a
 * later rout of 3 MP meets only dead ends with MP left (0601 and 0501 lead nowhere further,
 * 0503 only back): surrender later. From 0503, 0502 0501 0601 spends its 3 MP and ends at d 5:
 * safe. The first path ends in 0502, so the automatic choice is the first to 0503; applied,
 * the unit stands in 0503. */
static void test_retreat__automatic_choice_avoids_surrender_later(void **state)
{
    (void)state;
    lb_state *st = scenario("premier-2018", 8, 3, "\"..L...LL\", \"..L..LLL\", \".....LLL\"", "",
                            "{\"id\": \"cav\", \"side\": \"french\", \"arm\": \"cavalry\","
                            " \"increments\": 4, \"fire\": 0, \"melee\": 8, \"movement\": 3,"
                            " \"morale\": \"33\", \"formation\": \"column\", \"state\": \"good\","
                            " \"hexes\": [\"0202\"]}," INF_UNIT("au", "austrian", "\"0102\""));
    lb_retreat r;
    lb_retreat_req req = {.kind = LB_RETREAT_DISORDER};
    assert_int_equal(lb_retreat_paths(st, 0, &req, &r, NULL), LB_OK);
    assert_int_equal(r.count, 3);
    assert_int_equal(r.nends, 2);
    assert_path(st, r.ends, 2, "0502 0503");
    assert_int_equal(r.end_surrenders[0], 1);
    assert_int_equal(r.end_surrenders[1], 0);
    assert_path(st, r.paths, 3, "0303 0402 0502");
    assert_path(st, r.choice, 3, "0303 0402 0503");
    /* for the odds: the first path's end means surrender later, so every end is checked */
    lb_retreat lazy;
    req.choice_only = 1;
    assert_int_equal(lb_retreat_paths(st, 0, &req, &lazy, NULL), LB_OK);
    assert_non_null(lazy.end_surrenders);
    assert_int_equal(lazy.end_surrenders[0], 1);
    assert_int_equal(lazy.end_surrenders[1], 0);
    assert_path(st, lazy.choice, 3, "0303 0402 0503");
    lb_retreat_release(&lazy);
    assert_int_equal(lb_retreat_apply(st, 0, &r, -1), LB_OK);
    assert_path(st, st->units[0].hexes, 1, "0503");
    lb_retreat_release(&r);
    lb_state_free(st);
}

/* R-RET-3, R-RET-9: premier-2017 rout with a die is that many hexes; premier-2018 ignores the
 * die (10 hexes). 1-row map of 12, unit 0201, enemy 0101. */
static void test_retreat__rout_length_by_edition_and_die(void **state)
{
    (void)state;
    const char *units = INF_UNIT("fr", "french", "\"0201\"") "," INF_UNIT("au", "austrian", "\"0101\"");
    lb_state *st = scenario("premier-2017", 12, 1, "\"............\"", "", units);
    lb_retreat r;
    lb_retreat_req req = {.kind = LB_RETREAT_ROUT, .die = 4};
    assert_int_equal(lb_retreat_paths(st, 0, &req, &r, NULL), LB_OK);
    assert_true(r.by_hexes);
    assert_path(st, r.paths, r.hexes, "0301 0401 0501 0601");
    lb_retreat_release(&r);
    req.die = 0; /* premier-2017 without a die: 10 MP, the most hexes: 10 */
    assert_int_equal(lb_retreat_paths(st, 0, &req, &r, NULL), LB_OK);
    assert_false(r.by_hexes);
    assert_int_equal(r.length, 10);
    assert_int_equal(r.hexes, 10);
    lb_retreat_release(&r);
    req.die = 7;
    assert_int_equal(lb_retreat_paths(st, 0, &req, &r, NULL), LB_INVALID);
    lb_state_free(st);

    st = scenario("premier-2018", 12, 1, "\"............\"", "", units);
    req.die = 2;
    lb_trace t;
    lb_trace_init(&t);
    assert_int_equal(lb_retreat_paths(st, 0, &req, &r, &t), LB_OK);
    assert_true(r.by_hexes);
    assert_int_equal(r.length, 10);
    assert_path(st, r.paths, r.hexes, "0301 0401 0501 0601 0701 0801 0901 1001 1101 1201");
    assert_non_null(lb_trace_find(&t, "R-RET-9"));
    lb_retreat_release(&r);
    lb_trace_release(&t);
    lb_state_free(st);
}

static void test_retreat__leader_and_bad_requests_are_invalid(void **state)
{
    (void)state;
    lb_state *st = scenario("premier-2018", 3, 1, "\"...\"", "",
                            INF_UNIT("fr", "french", "\"0101\"") ","
                            "{\"id\": \"ldr\", \"side\": \"french\", \"arm\": \"leader\","
                            " \"hexes\": [\"0101\"]}");
    lb_retreat r;
    lb_retreat_req req = {.kind = LB_RETREAT_DISORDER};
    assert_int_equal(lb_retreat_paths(st, 1, &req, &r, NULL), LB_INVALID);
    assert_int_equal(lb_retreat_paths(st, 5, &req, &r, NULL), LB_INVALID);
    req.kind = (lb_retreat_kind)9;
    assert_int_equal(lb_retreat_paths(st, 0, &req, &r, NULL), LB_INVALID);
    assert_string_equal(lb_retreat_kind_name(LB_RETREAT_FLIGHT), "flight");
    assert_int_equal(lb_retreat_kind_parse("rout"), LB_RETREAT_ROUT);
    assert_int_equal(lb_retreat_kind_parse("run"), -1);
    lb_state_free(st);
}

/* ---- brute-force oracle ------------------------------------------------------------------ */

/* Every simple path from the start, read literally from R-RET-1..5, R-RET-7 and R-RET-10 (no
 * classes, no tables): the formations are the enemy combat units not routed within 15 hexes; a
 * step may not bring the unit closer to any of them (a unit of several hexes is one formation:
 * its nearest hex counts); a path ends further than the start from every one (a disorder
 * retreat with no such path: further from the nearest); a hex spends one hex or max(cost, 1) MP,
 * the first hex is always affordable, and a rout or flight on MP must stop only for want of MP.
 * Paths compare by R-RET-4 (a)-(e) (with none counted, a disorder retreat by b, c, e over every
 * enemy, then the fewest hexes, R-RET-19). Of the optimal paths it keeps the count, the end hexes
 * and hexes on them, the first LB_RETREAT_KEEP in label order (a heap). */

#define MAXLEN 48
#define MAXCELLS (16 * 16)

enum { O_HEXES, O_DISORDER, O_COMPLETE };

typedef struct oracle {
    const lb_state *st;
    int unit, arm, side, mode, budget, d0;
    int rout;        /* a rout or flight: R-RET-4 (d) */
    int nearest;     /* R-RET-2: ends further from the nearest formation only */
    int free;        /* R-RET-7: no formation counts (a disorder retreat) */
    int form[64], nform;
    int rank[3];     /* of the best so far: (d) not in cover, -(e) D, and for `free` the hexes */
    lb_hex path[MAXLEN + 1];
    int hexes, cost, friendly;
    long found;
    uint8_t ends[MAXCELLS], via[MAXCELLS];
    lb_hex *heap; /* the first paths in label order: a max-heap of nheap, hexes each */
    int nheap;
    lb_hex choice[MAXLEN];
    int choice_d;
    /* per map cell, worked out once: enemy unit there, friendly combat unit there, distance to
     * each formation and to the nearest */
    uint8_t enemy_at[MAXCELLS], friend_at[MAXCELLS];
    int fdist[MAXCELLS][64], dmin[MAXCELLS], dall[MAXCELLS];
} oracle;

/* Distance from h to unit v: its nearest hex. */
static int form_dist_of_unit(const lb_unit *v, lb_hex h)
{
    int d = 1 << 30;
    for (int k = 0; k < v->nhexes; k++) {
        int e = lb_hex_distance(h, v->hexes[k]);
        d = e < d ? e : d;
    }
    return d;
}

/* Distance from h to formation f: its nearest hex. */
static int form_dist_of(const oracle *o, int f, lb_hex h)
{
    const lb_unit *v = &o->st->units[o->form[f]];
    int d = 1 << 30;
    for (int k = 0; k < v->nhexes; k++) {
        int e = lb_hex_distance(h, v->hexes[k]);
        d = e < d ? e : d;
    }
    return d;
}

/* The per-cell tables: enemy and friendly units, distances to each formation and to the nearest. */
static void oracle_tables(oracle *o)
{
    const lb_map *m = &o->st->map;
    assert_true(m->cols * m->rows <= MAXCELLS && o->nform <= 64);
    for (int c = 0; c < m->cols * m->rows; c++) {
        lb_hex h = lb_map_hex(m, c);
        o->enemy_at[c] = o->friend_at[c] = 0;
        for (int i = 0; i < o->st->nunits; i++) {
            const lb_unit *v = &o->st->units[i];
            if (i == o->unit || !lb_unit_in_hex(v, h))
                continue;
            if (v->side != o->side)
                o->enemy_at[c] = 1;
            else if (lb_unit_is_combat(v))
                o->friend_at[c] = 1;
        }
        o->dall[c] = 1 << 30;
        for (int i = 0; i < o->st->nunits; i++) {
            const lb_unit *v = &o->st->units[i];
            for (int k = 0; v->side != o->side && lb_unit_is_combat(v) && k < v->nhexes; k++)
                if (lb_hex_distance(h, v->hexes[k]) < o->dall[c])
                    o->dall[c] = lb_hex_distance(h, v->hexes[k]);
        }
        o->dall[c] = o->dall[c] == 1 << 30 ? 0 : o->dall[c];
        o->dmin[c] = 1 << 30;
        for (int f = 0; f < o->nform; f++) {
            o->fdist[c][f] = form_dist_of(o, f, h);
            o->dmin[c] = o->fdist[c][f] < o->dmin[c] ? o->fdist[c][f] : o->dmin[c];
        }
    }
}

static int dist_to_enemy(const oracle *o, lb_hex h)
{
    return o->dmin[lb_map_cell(&o->st->map, h)];
}

/* what: 1 any enemy unit, 2 a friendly combat unit other than the retreating one */
static int holds(const oracle *o, lb_hex h, int what)
{
    int c = lb_map_cell(&o->st->map, h);
    return what == 1 ? o->enemy_at[c] : o->friend_at[c];
}

/* R-RET-1: the step from path[n] in direction d, its cost in *cost; 0 when not allowed. */
static int step_ok(const oracle *o, int n, int d, int *cost)
{
    const lb_map *m = &o->st->map;
    lb_hex at = o->path[n], h = lb_hex_neighbor(at, d);
    if (!lb_map_contains(m, h) || holds(o, h, 1))
        return 0;
    int tc = o->st->charts.terrain[m->terrain[lb_map_cell(m, h)]].move[o->arm];
    int side = lb_map_hexside(m, at, d);
    int sc = side >= 0 ? o->st->charts.hexsides[side].move[o->arm] : 0;
    if (tc == LB_MOVE_PROHIBITED || sc == LB_MOVE_PROHIBITED)
        return 0;
    for (int i = 0; i <= n; i++)
        if (lb_hex_eq(o->path[i], h))
            return 0;
    const int *dh = o->fdist[lb_map_cell(m, h)], *da = o->fdist[lb_map_cell(m, at)];
    for (int f = 0; f < o->nform; f++)
        if (dh[f] < da[f])
            return 0;
    *cost = tc + sc;
    return 1;
}

static int spend_of(const oracle *o, int cost)
{
    return o->mode == O_HEXES ? 1 : cost > 1 ? cost : 1;
}

static int cmp_hex(lb_hex a, lb_hex b)
{
    return a.col != b.col ? a.col - b.col : a.row - b.row;
}

static int cmp_path(const lb_hex *p, const lb_hex *q, int n)
{
    for (int i = 0; i < n; i++) {
        int c = cmp_hex(p[i], q[i]);
        if (c)
            return c;
    }
    return 0;
}

static int sort_len;

static int cmp_sorted(const void *a, const void *b)
{
    return cmp_path(a, b, sort_len);
}

static int cmp_hexes(const void *a, const void *b)
{
    return cmp_hex(*(const lb_hex *)a, *(const lb_hex *)b);
}

static lb_hex *heap_at(const oracle *o, int i)
{
    return o->heap + (size_t)i * (size_t)o->hexes;
}

static void heap_swap(oracle *o, int i, int j)
{
    lb_hex t[MAXLEN];
    size_t n = (size_t)o->hexes * sizeof t[0];
    memcpy(t, heap_at(o, i), n);
    memcpy(heap_at(o, i), heap_at(o, j), n);
    memcpy(heap_at(o, j), t, n);
}

/* Keeps the LB_RETREAT_KEEP first paths in label order (the largest on top). */
static void heap_offer(oracle *o, const lb_hex *p)
{
    int n = o->hexes;
    if (o->nheap == LB_RETREAT_KEEP) {
        if (cmp_path(p, heap_at(o, 0), n) >= 0)
            return;
        memcpy(heap_at(o, 0), p, (size_t)n * sizeof *p);
        for (int i = 0;;) {
            int l = 2 * i + 1, r = l + 1, big = i;
            if (l < o->nheap && cmp_path(heap_at(o, l), heap_at(o, big), n) > 0)
                big = l;
            if (r < o->nheap && cmp_path(heap_at(o, r), heap_at(o, big), n) > 0)
                big = r;
            if (big == i)
                break;
            heap_swap(o, i, big);
            i = big;
        }
        return;
    }
    int i = o->nheap++;
    memcpy(heap_at(o, i), p, (size_t)n * sizeof *p);
    while (i > 0 && cmp_path(heap_at(o, (i - 1) / 2), heap_at(o, i), n) < 0) {
        heap_swap(o, i, (i - 1) / 2);
        i = (i - 1) / 2;
    }
}

static void consider(oracle *o, int n, int cost, int fr)
{
    const lb_map *m = &o->st->map;
    lb_hex end = o->path[n];
    int cover = o->st->charts.terrain[m->terrain[lb_map_cell(m, end)]].los == LB_LOS_BLOCKS;
    int rank[3] = {o->rout && !cover, -(o->free ? o->dall : o->dmin)[lb_map_cell(m, end)],
                   o->free ? n : 0};
    int better = 0, same = 0;
    if (!o->found)
        better = 1;
    else if (o->mode != O_HEXES && !o->free && n != o->hexes)
        better = n > o->hexes;
    else if (cost != o->cost)
        better = cost < o->cost;
    else if (fr != o->friendly)
        better = fr < o->friendly;
    else if (memcmp(rank, o->rank, sizeof rank)) {
        int i = 0;
        while (rank[i] == o->rank[i])
            i++;
        better = rank[i] < o->rank[i];
    } else
        same = 1;
    if (better) {
        memcpy(o->rank, rank, sizeof rank);
        o->found = 0;
        o->hexes = n;
        o->cost = cost;
        o->friendly = fr;
        o->nheap = 0;
        o->choice_d = -1;
        memset(o->ends, 0, sizeof o->ends);
        memset(o->via, 0, sizeof o->via);
    } else if (!same) {
        return;
    }
    const lb_hex *p = o->path + 1;
    o->found++;
    o->ends[lb_map_cell(m, p[n - 1])] = 1;
    for (int i = 0; i < n; i++)
        o->via[lb_map_cell(m, p[i])] = 1;
    heap_offer(o, p);
    o->choice_d = -rank[1];
}

/* Whether the path ending at path[n] with m left may end there (R-RET-2, R-RET-3, R-RET-5). */
static int may_end(const oracle *o, int n, int m)
{
    if (n < 1 || holds(o, o->path[n], 2))
        return 0;
    const int *dn = o->fdist[lb_map_cell(&o->st->map, o->path[n])];
    const int *d0 = o->fdist[lb_map_cell(&o->st->map, o->path[0])];
    for (int f = 0; f < o->nform && !o->nearest; f++)
        if (dn[f] <= d0[f])
            return 0;
    if (o->nearest && dist_to_enemy(o, o->path[n]) <= o->d0)
        return 0;
    if (o->mode == O_COMPLETE) {
        int least = -1, c;
        for (int d = 0; d < LB_DIR_COUNT; d++)
            if (step_ok(o, n, d, &c) && (least < 0 || spend_of(o, c) < least))
                least = spend_of(o, c);
        return m == 0 || (least >= 0 && least > m);
    }
    return o->mode == O_DISORDER || m == 0;
}

/* Every path from path[0..n] with m left (hexes or MP). */
static void walk(oracle *o, int n, int m, int cost, int fr)
{
    if (may_end(o, n, m))
        consider(o, n, cost, fr);
    if (o->mode == O_HEXES && m == 0)
        return;
    for (int d = 0; d < LB_DIR_COUNT; d++) {
        int c;
        if (!step_ok(o, n, d, &c))
            continue;
        int s = spend_of(o, c);
        if (n >= 1 && s > m)
            continue;
        assert_true(n + 1 <= MAXLEN);
        o->path[n + 1] = lb_hex_neighbor(o->path[n], d);
        walk(o, n + 1, m > s ? m - s : 0, cost + c, fr + holds(o, o->path[n + 1], 2));
    }
}

/* A streamed path: legal and optimal by the oracle's own reading, and after the one before. */
typedef struct streamed {
    oracle *o;
    lb_hex prev[MAXLEN];
    long seen, bad;
} streamed;

static int check_streamed(void *ctx, const lb_hex *path, int n)
{
    streamed *s = ctx;
    oracle *o = s->o;
    int ok = n == o->hexes && (s->seen == 0 || cmp_path(s->prev, path, n) < 0);
    int m = o->budget, cost = 0, fr = 0;
    for (int i = 0; i < n && ok; i++) {
        int d = lb_hex_dir_to(o->path[i], path[i]), c;
        ok = d >= 0 && step_ok(o, i, d, &c) && (i == 0 || spend_of(o, c) <= m);
        o->path[i + 1] = path[i];
        if (ok) {
            m = m > spend_of(o, c) ? m - spend_of(o, c) : 0;
            cost += c;
            fr += holds(o, path[i], 2);
        }
    }
    ok = ok && may_end(o, n, m) && cost == o->cost && fr == o->friendly;
    s->bad += !ok;
    memcpy(s->prev, path, (size_t)n * sizeof *path);
    s->seen++;
    return 0;
}

/* Weights for lb_retreat_path_to from the hex and a salt: -1 (may not be entered) to 3. */
static int salted_weight(void *ctx, lb_hex h)
{
    const int *salt = ctx;
    return (h.col * 7 + h.row * 13 + *salt) % 5 - 1;
}

/* The reference for lb_retreat_path_to: per end, the first streamed path, and the first of
 * least salted weight. */
typedef struct per_end {
    const lb_retreat *r;
    int salt;
    lb_hex *first, *best; /* nends * hexes each */
    int *seen, *least;    /* per end: a first path; the least weight so far, or -1 */
} per_end;

static int keep_per_end(void *ctx, const lb_hex *path, int n)
{
    per_end *pe = ctx;
    int w = 0;
    for (int i = 0; i < n && w >= 0; i++) {
        int v = salted_weight(&pe->salt, path[i]);
        w = v < 0 ? -1 : w + v;
    }
    const lb_hex *end = bsearch(&path[n - 1], pe->r->ends, (size_t)pe->r->nends,
                                sizeof *pe->r->ends, cmp_hexes);
    assert_non_null(end);
    size_t e = (size_t)(end - pe->r->ends), at = e * (size_t)n;
    if (!pe->seen[e])
        memcpy(pe->first + at, path, (size_t)n * sizeof *path);
    pe->seen[e] = 1;
    if (w >= 0 && (pe->least[e] < 0 || w < pe->least[e])) {
        pe->least[e] = w;
        memcpy(pe->best + at, path, (size_t)n * sizeof *path);
    }
    return 0;
}

/* lb_retreat_path_to against the streamed paths: without weights the first path to each end;
 * with salted ones the first of least weight, or none when every path enters a hex of weight
 * -1; a hex that is no end has no path. */
static void check_paths_to(const lb_retreat *r, int salt)
{
    size_t n = (size_t)r->nends * (size_t)r->hexes + 1;
    per_end pe = {r, salt, malloc(n * sizeof(lb_hex)), malloc(n * sizeof(lb_hex)),
                  calloc((size_t)r->nends + 1, sizeof(int)),
                  malloc(((size_t)r->nends + 1) * sizeof(int))};
    lb_hex *got = malloc(((size_t)r->hexes + 1) * sizeof *got);
    for (int e = 0; e < r->nends; e++)
        pe.least[e] = -1;
    assert_int_equal(lb_retreat_each(r, keep_per_end, &pe), LB_OK);
    for (int e = 0; e < r->nends; e++) {
        size_t at = (size_t)e * (size_t)r->hexes, len = (size_t)r->hexes * sizeof *got;
        assert_true(pe.seen[e]);
        assert_int_equal(lb_retreat_path_to(r, r->ends[e], NULL, NULL, got), LB_OK);
        assert_memory_equal(got, pe.first + at, len);
        int rc = lb_retreat_path_to(r, r->ends[e], salted_weight, &salt, got);
        assert_int_equal(rc, pe.least[e] < 0 ? LB_NOT_FOUND : LB_OK);
        if (rc == LB_OK)
            assert_memory_equal(got, pe.best + at, len);
    }
    assert_int_equal(lb_retreat_path_to(r, (lb_hex){0, 0}, NULL, NULL, got), LB_NOT_FOUND);
    free(got);
    free(pe.first);
    free(pe.best);
    free(pe.seen);
    free(pe.least);
}

/* R-RET-8: the first path in label order whose end does not mean surrender later. */
typedef struct first_safe {
    const lb_retreat *r;
    int got;
    lb_hex path[MAXLEN];
} first_safe;

static int keep_first_safe(void *ctx, const lb_hex *path, int n)
{
    first_safe *fs = ctx;
    const lb_hex *end = bsearch(&path[n - 1], fs->r->ends, (size_t)fs->r->nends,
                                sizeof *fs->r->ends, cmp_hexes);
    assert_non_null(end);
    if (fs->r->end_surrenders[end - fs->r->ends])
        return 0;
    memcpy(fs->path, path, (size_t)n * sizeof *path);
    fs->got = 1;
    return 1;
}

/* R-RET-8 as the odds ask it (lb_retreat_req.choice_only): the same automatic choice as r's;
 * the ends' warnings left out only when that choice's end is safe, else r's. */
static void check_choice_only(const lb_state *st, int unit, lb_retreat_req req,
                              const lb_retreat *r)
{
    lb_retreat lazy;
    req.choice_only = 1;
    assert_int_equal(lb_retreat_paths(st, unit, &req, &lazy, NULL), LB_OK);
    assert_int_equal(lazy.nends, r->nends);
    assert_memory_equal(lazy.choice, r->choice, (size_t)r->hexes * sizeof *r->choice);
    const lb_hex *end = bsearch(&r->choice[r->hexes - 1], r->ends, (size_t)r->nends,
                                sizeof *r->ends, cmp_hexes);
    assert_non_null(end);
    if (lazy.end_surrenders)
        assert_memory_equal(lazy.end_surrenders, r->end_surrenders,
                            (size_t)r->nends * sizeof *r->end_surrenders);
    else
        assert_int_equal(r->end_surrenders[end - r->ends], 0);
    lb_retreat_release(&lazy);
}

/* Checks lb_retreat_paths against the oracle: surrender, label, exact count, the kept paths,
 * every streamed path, end hexes, hexes on paths, the automatic choice and the path to each
 * end. Returns the count. */
static long check_against_oracle(const lb_state *st, int unit, lb_retreat_req req, lb_hex *buf)
{
    lb_retreat r;
    assert_int_equal(lb_retreat_paths(st, unit, &req, &r, NULL), LB_OK);
    const lb_unit *u = &st->units[unit];
    static oracle o;
    memset(&o, 0, sizeof o);
    o = (oracle){.st = st, .unit = unit, .arm = u->arm, .side = u->side, .budget = r.length,
                 .heap = buf};
    o.mode = r.by_hexes ? O_HEXES : req.kind == LB_RETREAT_DISORDER ? O_DISORDER : O_COMPLETE;
    o.rout = req.kind != LB_RETREAT_DISORDER;
    for (int i = 0; i < st->nunits; i++) {
        const lb_unit *v = &st->units[i];
        if (v->side != u->side && lb_unit_is_combat(v) && v->state != LB_STATE_ROUTED &&
            form_dist_of_unit(v, u->hexes[0]) <= 15)
            o.form[o.nform++] = i;
    }
    o.path[0] = u->hexes[0];
    oracle_tables(&o);
    if (!o.nform && o.rout) {
        /* R-RET-7: toward the refuge, the hand-worked cases test it; never a surrender */
        assert_false(r.surrender);
        lb_retreat_release(&r);
        return 0;
    }
    o.free = !o.nform;
    o.d0 = dist_to_enemy(&o, o.path[0]);
    walk(&o, 0, o.budget, 0, 0);
    if (!o.found && o.mode == O_DISORDER && !o.free) {
        o.nearest = 1;
        walk(&o, 0, o.budget, 0, 0);
    }

    assert_int_equal(r.surrender, !o.found);
    assert_false(r.count_saturated);
    if (o.found) {
        assert_int_equal(r.hexes, o.hexes);
        assert_int_equal(r.cost, o.cost);
        assert_int_equal(r.friendly, o.friendly);
        assert_int_equal(r.count, o.found);
        /* the first paths: the heap sorted */
        sort_len = o.hexes;
        qsort(o.heap, (size_t)o.nheap, (size_t)o.hexes * sizeof *buf, cmp_sorted);
        assert_int_equal(r.npaths, o.nheap);
        assert_memory_equal(r.paths, o.heap, (size_t)o.nheap * (size_t)o.hexes * sizeof *buf);
        streamed sm = {.o = &o};
        assert_int_equal(lb_retreat_each(&r, check_streamed, &sm), LB_OK);
        assert_int_equal(sm.seen, o.found);
        assert_int_equal(sm.bad, 0);
        const lb_map *m = &st->map;
        lb_hex ends[MAXCELLS], via[MAXCELLS];
        int nends = 0, nvia = 0;
        for (int c = 0; c < m->cols * m->rows; c++) {
            if (o.ends[c])
                ends[nends++] = lb_map_hex(m, c);
            if (o.via[c])
                via[nvia++] = lb_map_hex(m, c);
        }
        qsort(ends, (size_t)nends, sizeof *ends, cmp_hexes);
        qsort(via, (size_t)nvia, sizeof *via, cmp_hexes);
        assert_int_equal(r.nends, nends);
        assert_memory_equal(r.ends, ends, (size_t)nends * sizeof *ends);
        assert_int_equal(r.nvia, nvia);
        assert_memory_equal(r.via, via, (size_t)nvia * sizeof *via);
        assert_int_equal(r.choice_distance, o.choice_d);
        first_safe fs = {.r = &r};
        assert_int_equal(lb_retreat_each(&r, keep_first_safe, &fs), LB_OK);
        if (!fs.got) /* every end means surrender later: the first path */
            memcpy(o.choice, o.heap, (size_t)o.hexes * sizeof *buf);
        else
            memcpy(o.choice, fs.path, (size_t)o.hexes * sizeof *buf);
        assert_memory_equal(r.choice, o.choice, (size_t)o.hexes * sizeof *buf);
        check_paths_to(&r, (int)(o.found % 5));
        /* keeping one path, the choice is found past the paths kept whenever the first does
         * not end at the largest distance: the same choice */
        lb_retreat one;
        lb_retreat_req req1 = req;
        req1.max_paths = 1;
        assert_int_equal(lb_retreat_paths(st, unit, &req1, &one, NULL), LB_OK);
        assert_int_equal(one.npaths, 1);
        assert_memory_equal(one.paths, o.heap, (size_t)o.hexes * sizeof *buf);
        assert_int_equal(one.choice_distance, o.choice_d);
        assert_memory_equal(one.choice, o.choice, (size_t)o.hexes * sizeof *buf);
        lb_retreat_release(&one);
        check_choice_only(st, unit, req, &r);
    } else {
        assert_int_equal(r.count, 0);
        assert_null(r.choice);
    }
    lb_retreat_release(&r);
    return o.found;
}

static void append(char **p, size_t *left, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(*p, *left, fmt, ap);
    va_end(ap);
    assert_true(n >= 0 && (size_t)n < *left);
    *p += n;
    *left -= (size_t)n;
}

/* Random scenarios for the oracle. */
typedef struct gen {
    int cols, rows;      /* map size: cols..cols+3 by rows..rows+3 */
    int clear;           /* in 20: hexes that are clear (the rest woods, rough, lakes) */
    int sides;           /* one hexside in this many carries a stream or wall (0: none) */
    int friends, foes;   /* most other French units, most Austrian units */
    int line;            /* most hexes of an Austrian line (bent at random); 2 or less: pairs */
    int move, move_span; /* movement of the units: move .. move + move_span - 1 */
    int cavalry;         /* the French unit 0 is always cavalry */
} gen;

static lb_state *random_scenario(lb_pcg32 *rng, const gen *g)
{
    int cols = g->cols + (int)lb_pcg32_bounded(rng, 4), rows = g->rows + (int)lb_pcg32_bounded(rng, 4);
    char grid[16][17];
    for (int r = 0; r < rows; r++) {
        for (int c = 0; c < cols; c++) {
            uint32_t x = lb_pcg32_bounded(rng, 20);
            int rest = 20 - g->clear;
            grid[r][c] = (int)x < g->clear                  ? '.'
                         : (int)x < g->clear + rest * 3 / 8 ? 'W'
                         : (int)x < g->clear + rest * 6 / 8 ? 'R'
                                                            : 'L';
        }
        grid[r][cols] = '\0';
    }
    static char text[65536];
    char *p = text;
    size_t left = sizeof text;
    static const char *const ranks[] = {"premier-2018", "premier-2017"};
    append(&p, &left,
           "{\"format\": \"labataille-scenario/1\", \"rules\": \"%s\", \"sides\": "
           "[\"french\", \"austrian\"], \"map\": {\"columns\": %d, \"rows\": %d, "
           "\"terrain\": [",
           ranks[lb_pcg32_bounded(rng, 2)], cols, rows);
    for (int r = 0; r < rows; r++)
        append(&p, &left, "%s\"%s\"", r ? "," : "", grid[r]);
    append(&p, &left, "], " LEGEND ", \"hexsides\": [");
    int nsides = 0;
    for (int r = 1; r <= rows && g->sides; r++)
        for (int c = 1; c <= cols; c++)
            for (int d = 0; d < 3; d++) {
                lb_hex n = lb_hex_neighbor((lb_hex){c, r}, d);
                if (n.col < 1 || n.col > cols || n.row < 1 || n.row > rows ||
                    lb_pcg32_bounded(rng, (uint32_t)g->sides) != 0)
                    continue;
                append(&p, &left, "%s{\"hex\": \"%02d%02d\", \"side\": \"%s\", \"type\": "
                                  "\"%s\"}",
                       nsides++ ? "," : "", c, r, lb_hex_dir_name(d),
                       lb_pcg32_bounded(rng, 3) ? "stream" : "wall");
            }
    append(&p, &left, "]}, " CHARTS ", \"units\": [");
    /* side of the units in each cell: 0 none, 1 french, 2 austrian */
    int owner[16][16] = {{0}};
    int nunits = 0;
    int want[2] = {1 + (int)lb_pcg32_bounded(rng, (uint32_t)g->friends + 1),
                   1 + (int)lb_pcg32_bounded(rng, (uint32_t)g->foes)};
    for (int side = 0; side < 2; side++)
        for (int i = 0; i < want[side]; i++) {
            int c, r, tries = 0;
            do {
                c = (int)lb_pcg32_bounded(rng, (uint32_t)cols);
                r = (int)lb_pcg32_bounded(rng, (uint32_t)rows);
            } while ((grid[r][c] != '.' || owner[r][c] == 2 - side) && ++tries < 100);
            if (tries >= 100)
                continue;
            owner[r][c] = side + 1;
            int leader = side == 1 && i > 0 && lb_pcg32_bounded(rng, 4) == 0;
            uint32_t kind = side == 0 && i == 0 && g->cavalry ? 6 : lb_pcg32_bounded(rng, 10);
            const char *arm = kind < 6 ? "infantry" : kind < 8 ? "cavalry" : "artillery";
            const char *form = kind < 8 ? "column" : "limbered";
            char hexes[160];
            int len = snprintf(hexes, sizeof hexes, "\"%02d%02d\"", c + 1, r + 1);
            int most = side == 1 && g->line > 2 ? g->line : 2;
            if (!leader && kind < 6 && lb_pcg32_bounded(rng, 3) == 0) {
                /* a line: each hex a clear neighbour of the one before */
                lb_hex at = {c + 1, r + 1};
                int n = 1, target = 2 + (int)lb_pcg32_bounded(rng, (uint32_t)most - 1);
                for (int tries2 = 0; n < target && tries2 < 40; tries2++) {
                    lb_hex next = lb_hex_neighbor(at, (int)lb_pcg32_bounded(rng, 6));
                    if (next.col < 1 || next.col > cols || next.row < 1 || next.row > rows ||
                        grid[next.row - 1][next.col - 1] != '.' ||
                        owner[next.row - 1][next.col - 1] != 0)
                        continue;
                    owner[next.row - 1][next.col - 1] = side + 1;
                    len += snprintf(hexes + len, sizeof hexes - (size_t)len, ", \"%02d%02d\"",
                                    next.col, next.row);
                    at = next;
                    n++;
                }
                if (n > 1)
                    form = "line";
            }
            if (leader)
                append(&p, &left,
                       "%s{\"id\": \"u%d\", \"side\": \"austrian\", \"arm\": \"leader\", "
                       "\"hexes\": [%s]}",
                       nunits ? "," : "", nunits, hexes);
            else
                append(&p, &left,
                       "%s{\"id\": \"u%d\", \"side\": \"%s\", \"arm\": \"%s\", "
                       "\"increments\": 6, \"fire\": 6, \"melee\": 12, \"movement\": %d, "
                       "\"morale\": \"34\", \"formation\": \"%s\", \"state\": \"%s\", "
                       "\"hexes\": [%s]}",
                       nunits ? "," : "", nunits, side ? "austrian" : "french", arm,
                       g->move + (int)lb_pcg32_bounded(rng, (uint32_t)g->move_span), form,
                       /* R-RET-7: a routed enemy does not count */
                       side && lb_pcg32_bounded(rng, 6) == 0 ? "routed" : "good", hexes);
            nunits++;
        }
    append(&p, &left, "]}");
    return load(text);
}

typedef struct tally {
    int checked, surrendered, tied, cycles, general;
} tally;

/* Every kind (and a die for premier-2017 routs) of French unit 0 against the oracle. */
static void check_all_kinds(lb_pcg32 *rng, const lb_state *st, lb_hex *buf, tally *n)
{
    if (st->units[0].side != 0 || !lb_unit_is_combat(&st->units[0]))
        return;
    for (int kind = 0; kind < 3; kind++) {
        lb_retreat_req req = {.kind = (lb_retreat_kind)kind};
        if (kind == LB_RETREAT_ROUT && st->rules == LB_RULES_2017)
            req.die = (int)lb_pcg32_bounded(rng, 7);
        long found = check_against_oracle(st, 0, req, buf);
        lb_retreat r;
        lb_retreat_paths(st, 0, &req, &r, NULL);
        n->surrendered += r.surrender;
        n->tied += found > 1;
        n->checked++;
        lb_retreat_release(&r);
    }
}

/* R-RET-1..5, R-RET-10, R-RET-12: random small maps with woods, rough, lakes, streams and walls,
 * enemies (some leaders, some in lines), friendly units and lines; every kind and edition,
 * against exhaustive search. */
static void test_retreat__matches_brute_force_on_random_maps(void **state)
{
    (void)state;
    lb_hex *buf = malloc((size_t)LB_RETREAT_KEEP * MAXLEN * sizeof *buf);
    lb_pcg32 rng;
    lb_pcg32_seed(&rng, 20260301, 7);
    tally n = {0};
    gen g = {.cols = 5, .rows = 4, .clear = 12, .sides = 10, .friends = 1, .foes = 4, .line = 2,
             .move = 3, .move_span = 6};
    for (int round = 0; round < 400; round++) {
        lb_state *st = random_scenario(&rng, &g);
        check_all_kinds(&rng, st, buf, &n);
        lb_state_free(st);
    }
    print_message("checked %d retreats: %d surrenders, %d with several optimal paths\n",
                  n.checked, n.surrendered, n.tied);
    assert_true(n.surrendered > 20 && n.tied > 100);
    free(buf);
}

/* An open map (a few woods, rough hexes and lakes) with an Austrian formation round hex
 * (cc, cr): a lone infantry unit there, or a line bent along the ring round it (`bent` hexes of
 * the six, leaving a pocket), and French cavalry of `move` MP in (fc, fr). */
static lb_state *open_scenario(lb_pcg32 *rng, int cols, int rows, int cc, int cr, int bent,
                               int fc, int fr, int move, int friends)
{
    char grid[16][17];
    for (int r = 0; r < rows; r++) {
        for (int c = 0; c < cols; c++) {
            uint32_t x = lb_pcg32_bounded(rng, 40);
            grid[r][c] = x < 36 ? '.' : x < 37 ? 'W' : x < 39 ? 'R' : 'L';
        }
        grid[r][cols] = '\0';
    }
    lb_hex centre = {cc, cr}, cav = {fc, fr};
    char enemy[160];
    int len = 0;
    if (bent) {
        int d0 = (int)lb_pcg32_bounded(rng, 6);
        for (int i = 0; i < bent; i++) {
            lb_hex h = centre;
            /* the ring of radius 1 in order: the neighbours of the centre, turning clockwise */
            h = lb_hex_neighbor(h, (d0 + i) % 6);
            grid[h.row - 1][h.col - 1] = '.';
            len += snprintf(enemy + len, sizeof enemy - (size_t)len, "%s\"%02d%02d\"",
                            i ? ", " : "", h.col, h.row);
        }
    } else {
        grid[cr - 1][cc - 1] = '.';
        len = snprintf(enemy, sizeof enemy, "\"%02d%02d\"", cc, cr);
    }
    grid[fr - 1][fc - 1] = '.';
    static char text[32768];
    char *p = text;
    size_t left = sizeof text;
    append(&p, &left,
           "{\"format\": \"labataille-scenario/1\", \"rules\": \"premier-2018\", \"sides\": "
           "[\"french\", \"austrian\"], \"map\": {\"columns\": %d, \"rows\": %d, \"terrain\": [",
           cols, rows);
    for (int r = 0; r < rows; r++)
        append(&p, &left, "%s\"%s\"", r ? "," : "", grid[r]);
    append(&p, &left,
           "], " LEGEND "}, " CHARTS ", \"units\": ["
           "{\"id\": \"cav\", \"side\": \"french\", \"arm\": \"cavalry\", \"increments\": 4, "
           "\"fire\": 0, \"melee\": 8, \"movement\": %d, \"morale\": \"33\", \"formation\": "
           "\"column\", \"state\": \"good\", \"hexes\": [\"%02d%02d\"]},"
           "{\"id\": \"au\", \"side\": \"austrian\", \"arm\": \"infantry\", \"increments\": 8, "
           "\"fire\": 8, \"melee\": 16, \"movement\": 6, \"morale\": \"34\", \"formation\": "
           "\"%s\", \"state\": \"good\", \"hexes\": [%s]}",
           move, cav.col, cav.row, bent ? "line" : "column", enemy);
    for (int i = 0; i < friends; i++) {
        int c = 1 + (int)lb_pcg32_bounded(rng, (uint32_t)cols);
        int r = 1 + (int)lb_pcg32_bounded(rng, (uint32_t)rows);
        lb_hex h = {c, r};
        if (lb_hex_distance(h, centre) <= 1 || lb_hex_eq(h, cav) || grid[r - 1][c - 1] != '.')
            continue;
        append(&p, &left, "," INF_UNIT("fr%d", "french", "\"%02d%02d\""), i, c, r);
    }
    append(&p, &left, "]}");
    return load(text);
}

/* R-RET-1, R-RET-5, R-RET-12: a lone enemy near the middle of an open map and cavalry with up
 * to 8 MP one or two hexes from it: the hexes at one distance from the enemy make rings the
 * paths walk round (never all the way), and a complete rout must spend its MP; against
 * exhaustive search. */
static void test_retreat__matches_brute_force_round_lone_enemies(void **state)
{
    (void)state;
    lb_hex *buf = malloc((size_t)LB_RETREAT_KEEP * MAXLEN * sizeof *buf);
    lb_pcg32 rng;
    lb_pcg32_seed(&rng, 1806, 14);
    tally n = {0};
    for (int round = 0; round < 25; round++) {
        int cols = 9 + (int)lb_pcg32_bounded(&rng, 3), rows = 9 + (int)lb_pcg32_bounded(&rng, 3);
        lb_hex centre = {4 + (int)lb_pcg32_bounded(&rng, (uint32_t)cols - 6),
                         4 + (int)lb_pcg32_bounded(&rng, (uint32_t)rows - 6)};
        lb_hex cav = lb_hex_neighbor(centre, (int)lb_pcg32_bounded(&rng, 6));
        if (lb_pcg32_bounded(&rng, 2))
            cav = lb_hex_neighbor(cav, (int)lb_pcg32_bounded(&rng, 6));
        if (lb_hex_eq(cav, centre))
            continue;
        lb_state *st = open_scenario(&rng, cols, rows, centre.col, centre.row, 0, cav.col,
                                     cav.row, 5 + (int)lb_pcg32_bounded(&rng, 4),
                                     (int)lb_pcg32_bounded(&rng, 3));
        check_all_kinds(&rng, st, buf, &n);
        lb_state_free(st);
    }
    print_message("checked %d retreats: %d surrenders, %d with several optimal paths\n",
                  n.checked, n.surrendered, n.tied);
    assert_true(n.tied > 20);
    free(buf);
}

/* R-RET-1: an enemy line bent round a pocket (3 to 6 hexes of the ring round one hex, or a line
 * bent at random, up to 8 hexes): hexes at one distance from it can touch three or more others
 * of the same class; against exhaustive search. The cavalry of the random maps has 4 to 11 MP:
 * at 12 a single round of the exhaustive search took seconds under the sanitizers. */
static void test_retreat__matches_brute_force_by_bent_lines(void **state)
{
    (void)state;
    lb_hex *buf = malloc((size_t)LB_RETREAT_KEEP * MAXLEN * sizeof *buf);
    lb_pcg32 rng;
    lb_pcg32_seed(&rng, 1809, 21);
    tally n = {0};
    for (int round = 0; round < 40; round++) {
        int cols = 8 + (int)lb_pcg32_bounded(&rng, 3), rows = 8 + (int)lb_pcg32_bounded(&rng, 3);
        lb_hex centre = {3 + (int)lb_pcg32_bounded(&rng, (uint32_t)cols - 4),
                         3 + (int)lb_pcg32_bounded(&rng, (uint32_t)rows - 4)};
        int bent = 3 + (int)lb_pcg32_bounded(&rng, 4);
        /* the cavalry in the pocket, or (mostly) just outside the line, two hexes from the
         * pocket: there the hexes at distance 1 from the line can branch */
        lb_hex cav = centre;
        if (lb_pcg32_bounded(&rng, 4)) {
            int d1 = (int)lb_pcg32_bounded(&rng, 6);
            cav = lb_hex_neighbor(lb_hex_neighbor(centre, d1),
                                  (d1 + (int)lb_pcg32_bounded(&rng, 2)) % 6);
        }
        int taken = 0;
        for (int i = 0; i < 6; i++)
            taken |= lb_hex_eq(cav, lb_hex_neighbor(centre, i));
        if (taken || cav.col < 1 || cav.row < 1 || cav.col > cols || cav.row > rows)
            continue; /* (the ring hexes are not all the line's, but skip them anyway) */
        lb_state *st = open_scenario(&rng, cols, rows, centre.col, centre.row, bent, cav.col,
                                     cav.row, 4 + (int)lb_pcg32_bounded(&rng, 6),
                                     (int)lb_pcg32_bounded(&rng, 2));
        check_all_kinds(&rng, st, buf, &n);
        lb_state_free(st);
    }
    gen g = {.cols = 7, .rows = 6, .clear = 17, .sides = 0, .friends = 0, .foes = 2, .line = 8,
             .move = 4, .move_span = 8, .cavalry = 1};
    for (int round = 0; round < 40; round++) {
        lb_state *st = random_scenario(&rng, &g);
        check_all_kinds(&rng, st, buf, &n);
        lb_state_free(st);
    }
    print_message("checked %d retreats: %d surrenders, %d with several optimal paths\n",
                  n.checked, n.surrendered, n.tied);
    assert_true(n.tied > 40);
    free(buf);
}

/* R-RET-17, R-RET-5: a lone enemy in 0505, lakes on the rest of its ring (distance 1), the ring
 * of 12 at distance 2 clear, woods (5 MP for cavalry) at distance 3. Cavalry in 0504 with 13 MP:
 * a full lap of ring 2 from any of its 3 entries (either way) is 12 hexes for 12 MP and stops next
 * to its entry with 1 MP left, where the only steps R-RET-1 allows are woods: complete. Six paths.
 * The same map against the oracle for every kind and 10 to 14 MP. */
static void test_retreat__ring_lap_stops_complete_next_to_its_entry(void **state)
{
    (void)state;
    static const char terrain[] = "\".........\",\"...WWW...\",\".WW...WW.\",\".W.L.L.W.\","
                                  "\".W.L.L.W.\",\".W..L..W.\",\"..WW.WW..\",\"....W....\","
                                  "\".........\"";
    lb_hex *buf = malloc((size_t)LB_RETREAT_KEEP * MAXLEN * sizeof *buf);
    lb_pcg32 rng;
    lb_pcg32_seed(&rng, 17, 1);
    tally n = {0};
    for (int mp = 10; mp <= 14; mp++) {
        char units[512];
        snprintf(units, sizeof units,
                 "{\"id\": \"cav\", \"side\": \"french\", \"arm\": \"cavalry\", \"increments\": 4,"
                 " \"fire\": 0, \"melee\": 8, \"movement\": %d, \"morale\": \"33\", \"formation\":"
                 " \"column\", \"state\": \"good\", \"hexes\": [\"0504\"]},"
                 INF_UNIT("au", "austrian", "\"0505\""), mp);
        lb_state *st = scenario("premier-2018", 9, 9, terrain, "", units);
        if (mp == 13) {
            lb_retreat r;
            lb_retreat_req req = {.kind = LB_RETREAT_ROUT};
            assert_int_equal(lb_retreat_paths(st, 0, &req, &r, NULL), LB_OK);
            assert_int_equal(r.hexes, 12);
            assert_int_equal(r.cost, 12);
            assert_int_equal(r.count, 6);
            assert_path(st, r.ends, r.nends, "0304 0403 0503 0603 0704");
            assert_path(st, r.choice, r.hexes,
                        "0403 0304 0305 0306 0406 0507 0606 0706 0705 0704 0603 0503");
            lb_retreat_release(&r);
        }
        check_all_kinds(&rng, st, buf, &n);
        lb_state_free(st);
    }
    free(buf);
}

/* R-RET-12, R-RET-4 (f): more optimal paths than kept: the count is exact and the kept ones are the
 * first in label order. Open 7x7 map, enemy in a corner: a 10-hex rout has many equal paths. */
static void test_retreat__keeps_the_first_paths_and_counts_all(void **state)
{
    (void)state;
    lb_state *st = scenario("premier-2018", 12, 12,
                            "\"............\",\"............\",\"............\",\"............\","
                            "\"............\",\"............\",\"............\",\"............\","
                            "\"............\",\"............\",\"............\",\"............\"",
                            "", INF_UNIT("fr", "french", "\"0202\"") ","
                                INF_UNIT("au", "austrian", "\"0101\""));
    lb_retreat all, few;
    lb_retreat_req req = {.kind = LB_RETREAT_ROUT, .max_paths = 1000000};
    assert_int_equal(lb_retreat_paths(st, 0, &req, &all, NULL), LB_OK);
    req.max_paths = 7;
    assert_int_equal(lb_retreat_paths(st, 0, &req, &few, NULL), LB_OK);
    assert_true(all.count > 1000);
    assert_int_equal(few.count, all.count);
    assert_int_equal(all.npaths, (int)all.count);
    assert_int_equal(few.npaths, 7);
    assert_memory_equal(few.paths, all.paths, 7 * 10 * sizeof(lb_hex));
    assert_int_equal(few.nends, all.nends);
    assert_memory_equal(few.choice, all.choice, 10 * sizeof(lb_hex));
    lb_retreat_release(&all);
    lb_retreat_release(&few);
    lb_state_free(st);
}

/* Bounded memory: a search over more hexes times levels than RSEARCH's limit (here 300 x 60
 * open hexes, 18,000 reached, times 1,000 levels of a 999-MP cavalry rout) is refused with
 * LB_NOMEM and a trace line, the state untouched; the same unit on 100 MP is answered. */
static void test_retreat__too_large_a_search_is_refused(void **state)
{
    (void)state;
    static char terrain[60 * 304 + 1];
    char row[301];
    memset(row, '.', 300);
    row[300] = '\0';
    terrain[0] = '\0';
    for (int r = 0; r < 60; r++) {
        strcat(terrain, r ? ",\"" : "\"");
        strcat(terrain, row);
        strcat(terrain, "\"");
    }
    for (int mp = 999; mp >= 100; mp -= 899) {
        char units[512];
        snprintf(units, sizeof units,
                 "{\"id\": \"cav\", \"side\": \"french\", \"arm\": \"cavalry\", \"increments\": 4,"
                 " \"fire\": 0, \"melee\": 8, \"movement\": %d, \"morale\": \"33\", \"formation\":"
                 " \"column\", \"state\": \"good\", \"hexes\": [\"15030\"]},"
                 INF_UNIT("au", "austrian", "\"15031\""), mp);
        lb_state *st = scenario("premier-2018", 300, 60, terrain, "", units);
        lb_retreat r;
        lb_trace t;
        lb_trace_init(&t);
        lb_retreat_req req = {.kind = LB_RETREAT_ROUT};
        int rc = lb_retreat_paths(st, 0, &req, &r, &t);
        if (mp == 999) {
            assert_int_equal(rc, LB_NOMEM);
            assert_non_null(lb_trace_find(&t, "R-RET-12"));
        } else {
            assert_int_equal(rc, LB_OK);
            assert_int_equal(r.hexes, 100);
            lb_retreat_release(&r);
        }
        assert_int_equal(st->nunits, 2);
        lb_trace_release(&t);
        lb_state_free(st);
    }
}

/* The last trace step citing rule, or NULL. */
static const lb_trace_step *last_step(const lb_trace *t, const char *rule)
{
    const lb_trace_step *found = NULL;
    for (int i = 0; i < t->count; i++)
        if (strcmp(t->steps[i].rule, rule) == 0)
            found = &t->steps[i];
    return found;
}

/* The integer value `key` of a trace step (the test fails without it). */
static long step_int(const lb_trace_step *step, const char *key)
{
    assert_non_null(step);
    for (int i = 0; i < step->nvalues; i++)
        if (strcmp(step->values[i].key, key) == 0)
            return step->values[i].num;
    fail_msg("no value %s in the %s step", key, step->rule);
    return -1;
}

/* The step's sentence (in a buffer of its own: one at a time). */
static const char *step_text(const lb_trace_step *s)
{
    static char buf[1024];
    assert_true(lb_trace_step_fmt(s, buf, sizeof buf) < (int)sizeof buf);
    return buf;
}

/* Whether the text of the first trace step citing rule contains `part`. */
static int step_says(const lb_trace *t, const char *rule, const char *part)
{
    const lb_trace_step *step = lb_trace_find(t, rule);
    return step && strstr(step_text(step), part);
}

/* A retreat of unit `id` of st, its trace in t (released by the caller with the result). */
static void traced(lb_state *st, const char *id, lb_retreat_kind kind, lb_retreat *r, lb_trace *t)
{
    lb_trace_init(t);
    lb_retreat_req req = {.kind = kind};
    assert_int_equal(lb_retreat_paths(st, unit_of(st, id), &req, r, t), LB_OK);
}

#define CAV_UNIT(id, mp, hex)                                                                   \
    "{\"id\": \"" id "\", \"side\": \"french\", \"arm\": \"cavalry\", \"increments\": 4,"       \
    " \"fire\": 0, \"melee\": 8, \"movement\": " mp ", \"morale\": \"33\", \"formation\":"      \
    " \"column\", \"state\": \"good\", \"hexes\": [\"" hex "\"]}"

/* The trace names each ruling where it decided, with its values, and only there.
 * R-RET-16: 1-row map '...R.', enemy 0101, fr in 0201, fr2 in 0301: no path of one hex (0301
 * holds a friend), 0301 0401 (1 + 2 MP) is taken; without fr2 the one-hex path exists and
 * R-RET-16 is not cited; 0301 0401 leaves 0 of the 3 MP (R-RET-5).
 * R-RET-13: a stream (+1 for infantry) on 0201|0301 of a clear row: 0301 costs 2 = terrain 1 +
 * 1, then 0401: 2 hexes, cost 3, terrain 2.
 * R-RET-17: cavalry of 3 MP routing from 0201 into woods 0301 (5 MP): the first hex beyond the
 * budget, no MP left, complete; the same as a disorder retreat is R-RET-3's affordable first
 * hex, and R-RET-17 is not cited. The ring of test_retreat__ring_lap_stops_complete_next_to_its_
 * entry at 13 MP stops with 1 MP left next to its entry, the steps back onto the path not
 * counted (R-RET-17); at 12 MP the lap ends with none left, and R-RET-17 is not cited.
 * R-RET-15: a leader with another friendly combat unit is named as not concerned. */
static void test_retreat__trace_says_what_decided(void **state)
{
    (void)state;
    lb_retreat r;
    lb_trace t;
    lb_state *st = scenario("premier-2018", 5, 1, "\"...R.\"", "",
                            INF_UNIT("fr", "french", "\"0201\"") ","
                            INF_UNIT("fr2", "french", "\"0301\"") ","
                            INF_UNIT("au", "austrian", "\"0101\""));
    traced(st, "fr", LB_RETREAT_DISORDER, &r, &t);
    assert_path(st, r.choice, r.hexes, "0301 0401");
    assert_non_null(lb_trace_find(&t, "R-RET-16"));
    assert_int_equal(step_int(last_step(&t, "R-RET-5"), "mp_left"), 0);
    lb_retreat_release(&r);
    lb_trace_release(&t);
    lb_state_free(st);
    st = scenario("premier-2018", 5, 1, "\"...R.\"", "",
                  INF_UNIT("fr", "french", "\"0201\"") "," INF_UNIT("au", "austrian", "\"0101\""));
    traced(st, "fr", LB_RETREAT_DISORDER, &r, &t);
    assert_path(st, r.choice, r.hexes, "0301 0401");
    assert_null(lb_trace_find(&t, "R-RET-16"));
    lb_retreat_release(&r);
    lb_trace_release(&t);
    lb_state_free(st);

    st = scenario("premier-2018", 5, 1, "\".....\"",
                  "{\"hex\": \"0201\", \"side\": \"NE\", \"type\": \"stream\"}",
                  INF_UNIT("fr", "french", "\"0201\"") "," INF_UNIT("au", "austrian", "\"0101\""));
    traced(st, "fr", LB_RETREAT_DISORDER, &r, &t);
    assert_int_equal(r.cost, 3);
    assert_int_equal(step_int(lb_trace_find(&t, "R-RET-13"), "cost"), 3);
    assert_int_equal(step_int(lb_trace_find(&t, "R-RET-13"), "terrain_cost"), 2);
    assert_true(step_says(&t, "R-RET-13", "0301 2 = terrain 1 + 1"));
    assert_true(step_says(&t, "R-RET-14", ": 0201 0301 0401"));
    lb_retreat_release(&r);
    lb_trace_release(&t);
    lb_state_free(st);

    st = scenario("premier-2018", 5, 1, "\"..W..\"", "",
                  CAV_UNIT("cav", "3", "0201") "," INF_UNIT("au", "austrian", "\"0101\""));
    traced(st, "cav", LB_RETREAT_ROUT, &r, &t);
    assert_int_equal(step_int(lb_trace_find(&t, "R-RET-17"), "mp_left"), 0);
    lb_retreat_release(&r);
    lb_trace_release(&t);
    traced(st, "cav", LB_RETREAT_DISORDER, &r, &t);
    assert_null(lb_trace_find(&t, "R-RET-17"));
    assert_non_null(last_step(&t, "R-RET-3"));
    assert_non_null(strstr(step_text(last_step(&t, "R-RET-3")), "always affordable"));
    lb_retreat_release(&r);
    lb_trace_release(&t);
    lb_state_free(st);

    static const char ring[] = "\".........\",\"...WWW...\",\".WW...WW.\",\".W.L.L.W.\","
                               "\".W.L.L.W.\",\".W..L..W.\",\"..WW.WW..\",\"....W....\","
                               "\".........\"";
    st = scenario("premier-2018", 9, 9, ring, "",
                  CAV_UNIT("cav", "13", "0504") "," INF_UNIT("au", "austrian", "\"0505\""));
    traced(st, "cav", LB_RETREAT_ROUT, &r, &t);
    assert_int_equal(r.hexes, 12);
    assert_int_equal(step_int(last_step(&t, "R-RET-5"), "mp_left"), 1);
    assert_true(step_says(&t, "R-RET-17", "0403"));
    lb_retreat_release(&r);
    lb_trace_release(&t);
    lb_state_free(st);
    st = scenario("premier-2018", 9, 9, ring, "",
                  CAV_UNIT("cav", "12", "0504") "," INF_UNIT("au", "austrian", "\"0505\""));
    traced(st, "cav", LB_RETREAT_ROUT, &r, &t);
    assert_int_equal(r.hexes, 12);
    assert_int_equal(step_int(last_step(&t, "R-RET-5"), "mp_left"), 0);
    assert_null(lb_trace_find(&t, "R-RET-17"));
    lb_retreat_release(&r);
    lb_trace_release(&t);
    lb_state_free(st);

    st = scenario("premier-2018", 6, 1, "\"......\"", "",
                  INF_UNIT("fr", "french", "\"0201\"") "," INF_UNIT("fr2", "french", "\"0201\"")
                  "," LEADER("ney", "\"0201\"") "," INF_UNIT("au", "austrian", "\"0101\""));
    traced(st, "fr", LB_RETREAT_DISORDER, &r, &t);
    assert_int_equal(r.nleaders, 0);
    assert_true(step_says(&t, "R-RET-15", "ney is not left alone in 0201"));
    lb_retreat_release(&r);
    lb_trace_release(&t);
    lb_state_free(st);
}

#define ATTACHED(id, hexes, to)                                                                 \
    "{\"id\": \"" id "\", \"side\": \"french\", \"arm\": \"leader\", \"hexes\": [" hexes     \
    "], \"attached_to\": \"" to "\"}"

/* R-RET-21: a leader attached to the retreating unit goes with it, even where another French
 * combat unit stays (fr2 in 0201, which would leave an unattached one there, R-RET-15), and even
 * when the caller leaves the unattached ones (leaders_stay): he is no choice, not listed among
 * the leaders left alone, and the trace says he goes. Same 1-row map: disorder 0301 0401 0501. */
static void test_retreat__attached_leader_goes_with_the_unit(void **state)
{
    (void)state;
    lb_state *st = scenario("premier-2018", 6, 1, "\"......\"", "",
                            INF_UNIT("fr", "french", "\"0201\"") "," INF_UNIT("fr2", "french",
                                                                              "\"0201\"")
                            "," ATTACHED("ney", "\"0201\"", "fr") "," LEADER("lannes", "\"0201\"")
                            "," INF_UNIT("au", "austrian", "\"0101\""));
    lb_retreat r;
    lb_trace t;
    lb_trace_init(&t);
    lb_retreat_req req = {.kind = LB_RETREAT_DISORDER};
    assert_int_equal(lb_retreat_paths(st, unit_of(st, "fr"), &req, &r, &t), LB_OK);
    assert_int_equal(r.nleaders, 0);
    assert_true(step_says(&t, "R-RET-21", "ney, attached to fr, goes with it from 0201 to its end "
                                          "hex 0501"));
    assert_true(step_says(&t, "R-RET-15", "lannes is not left alone in 0201"));
    r.leaders_stay = 1;
    assert_int_equal(lb_retreat_apply(st, unit_of(st, "fr"), &r, -1), LB_OK);
    assert_path(st, st->units[unit_of(st, "fr")].hexes, 1, "0501");
    assert_path(st, st->units[unit_of(st, "ney")].hexes, 1, "0501");
    assert_path(st, st->units[unit_of(st, "lannes")].hexes, 1, "0201");
    assert_path(st, st->units[unit_of(st, "fr2")].hexes, 1, "0201");
    lb_retreat_release(&r);
    lb_trace_release(&t);
    lb_state_free(st);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_retreat__disorder_budget_stops_before_woods),
        cmocka_unit_test(test_retreat__first_hex_always_affordable_else_surrender),
        cmocka_unit_test(test_retreat__line_retreats_from_first_hex_through_its_own),
        cmocka_unit_test(test_retreat__apply_surrender_removes_the_unit),
        cmocka_unit_test(test_retreat__attached_leader_goes_with_the_unit),
        cmocka_unit_test(test_retreat__apply_refuses_stale),
        cmocka_unit_test(test_retreat__no_enemy_combat_unit_stays),
        cmocka_unit_test(test_retreat__automatic_choice_avoids_surrender_later),
        cmocka_unit_test(test_retreat__leader_left_alone_follows_or_stays),
        cmocka_unit_test(test_retreat__leader_captured_with_a_surrendering_unit),
        cmocka_unit_test(test_retreat__saturated_count_streams_and_stops),
        cmocka_unit_test(test_retreat__too_large_a_search_is_refused),
        cmocka_unit_test(test_retreat__rout_length_by_edition_and_die),
        cmocka_unit_test(test_retreat__leader_and_bad_requests_are_invalid),
        cmocka_unit_test(test_retreat__matches_brute_force_on_random_maps),
        cmocka_unit_test(test_retreat__matches_brute_force_round_lone_enemies),
        cmocka_unit_test(test_retreat__matches_brute_force_by_bent_lines),
        cmocka_unit_test(test_retreat__ring_lap_stops_complete_next_to_its_entry),
        cmocka_unit_test(test_retreat__keeps_the_first_paths_and_counts_all),
        cmocka_unit_test(test_retreat__trace_says_what_decided),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
