/* Unit tests of retreat paths: hand-worked cases, apply, and an exhaustive oracle on random maps. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lb/lb.h"

#define CHARTS                                                                                  \
    "\"charts\": {\"terrain\": {"                                                               \
    "\"clear\": {\"move\": {\"infantry\": 1, \"cavalry\": 1, \"artillery\": 1}},"               \
    "\"woods\": {\"move\": {\"infantry\": 3, \"cavalry\": 5, \"artillery\": null},"             \
    " \"general_order\": true},"                                                                \
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

/* R-RET-7: a two-hex line retreats from its first hex; its own second hex is neither friendly
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
    assert_non_null(lb_trace_find(&t, "R-RET-7"));
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

/* R-RET-8: with no enemy combat unit on the map there is nothing to retreat from: no path, no
 * surrender, and apply leaves the unit where it is. An enemy leader is not a combat unit. */
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
    assert_int_equal(lb_retreat_paths(st, 0, &req, &r, &t), LB_OK);
    assert_true(r.stays);
    assert_false(r.surrender);
    assert_int_equal(r.count, 0);
    assert_int_equal(r.start_distance, -1);
    assert_non_null(lb_trace_find(&t, "R-RET-8"));
    assert_int_equal(lb_retreat_apply(st, 0, &r, -1), LB_OK);
    assert_path(st, st->units[0].hexes, 1, "0201");
    lb_retreat_release(&r);
    lb_trace_release(&t);
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

#define MAXLEN 16
#define MAXFOUND 200000

typedef struct oracle {
    const lb_state *st;
    int unit, arm, by_hexes, length, nen, d0;
    lb_hex path[MAXLEN + 1];
    /* best so far: hexes (budget only), cost, friendly; and the paths that reach it */
    int hexes, cost, friendly, found;
    lb_hex *paths; /* found * hexes */
} oracle;

static int dist_to_enemy(const oracle *o, lb_hex h)
{
    int d = 1 << 30;
    const lb_unit *u = &o->st->units[o->unit];
    for (int i = 0; i < o->st->nunits; i++) {
        const lb_unit *v = &o->st->units[i];
        if (v->side == u->side || !lb_unit_is_combat(v))
            continue;
        for (int k = 0; k < v->nhexes; k++) {
            int e = lb_hex_distance(h, v->hexes[k]);
            d = e < d ? e : d;
        }
    }
    return d;
}

/* 1 when h holds units other than the retreating one passing test: 1 enemy, 2 friendly combat,
 * 3 any other combat unit */
static int holds(const oracle *o, lb_hex h, int what)
{
    const lb_unit *u = &o->st->units[o->unit];
    for (int i = 0; i < o->st->nunits; i++) {
        const lb_unit *v = &o->st->units[i];
        if (i == o->unit || !lb_unit_in_hex(v, h))
            continue;
        if (what == 1 && v->side != u->side)
            return 1;
        if (what == 2 && v->side == u->side && lb_unit_is_combat(v))
            return 1;
        if (what == 3 && lb_unit_is_combat(v))
            return 1;
    }
    return 0;
}

static void consider(oracle *o, int n, int cost, int fr)
{
    int better;
    if (!o->found)
        better = 1;
    else if (!o->by_hexes && n != o->hexes)
        better = n > o->hexes;
    else if (cost != o->cost)
        better = cost < o->cost;
    else if (fr != o->friendly)
        better = fr < o->friendly;
    else
        better = 0;
    int same = o->found && n == o->hexes && cost == o->cost && fr == o->friendly;
    if (better) {
        o->found = 0;
        o->hexes = n;
        o->cost = cost;
        o->friendly = fr;
    } else if (!same) {
        return;
    }
    assert_true(o->found < MAXFOUND);
    memcpy(o->paths + (size_t)o->found * MAXLEN, o->path + 1, (size_t)n * sizeof(lb_hex));
    o->found++;
}

/* Every simple path, literally by R-RET-1..3. */
static void walk(oracle *o, int n, int cost, int fr)
{
    const lb_map *m = &o->st->map;
    lb_hex at = o->path[n];
    int max = o->by_hexes ? o->length : (o->length < MAXLEN ? o->length : MAXLEN);
    for (int d = 0; d < LB_DIR_COUNT && n < max; d++) {
        lb_hex h = lb_hex_neighbor(at, d);
        if (!lb_map_contains(m, h) || holds(o, h, 1))
            continue;
        int tc = o->st->charts.terrain[m->terrain[lb_map_cell(m, h)]].move[o->arm];
        int side = lb_map_hexside(m, at, d);
        int sc = side >= 0 ? o->st->charts.hexsides[side].move[o->arm] : 0;
        if (tc == LB_MOVE_PROHIBITED || sc == LB_MOVE_PROHIBITED)
            continue;
        int repeat = 0;
        for (int i = 0; i <= n; i++)
            repeat |= lb_hex_eq(o->path[i], h);
        if (repeat || dist_to_enemy(o, h) < dist_to_enemy(o, at))
            continue;
        int c = cost + tc + sc, f = fr + holds(o, h, 2);
        if (!o->by_hexes && n + 1 >= 2 && c > o->length)
            continue;
        o->path[n + 1] = h;
        if ((!o->by_hexes || n + 1 == o->length) && !holds(o, h, 3) &&
            dist_to_enemy(o, h) > o->d0)
            consider(o, n + 1, c, f);
        walk(o, n + 1, c, f);
    }
}

static int cmp_path_len;

static int cmp_hex(lb_hex a, lb_hex b)
{
    return a.col != b.col ? a.col - b.col : a.row - b.row;
}

static int cmp_paths(const void *a, const void *b)
{
    const lb_hex *p = a, *q = b;
    for (int i = 0; i < cmp_path_len; i++) {
        int c = cmp_hex(p[i], q[i]);
        if (c)
            return c;
    }
    return 0;
}

static int cmp_hexes(const void *a, const void *b)
{
    return cmp_hex(*(const lb_hex *)a, *(const lb_hex *)b);
}

static void check_against_oracle(const lb_state *st, int unit, lb_retreat_req req, lb_hex *buf)
{
    lb_retreat r;
    assert_int_equal(lb_retreat_paths(st, unit, &req, &r, NULL), LB_OK);
    oracle o = {.st = st, .unit = unit, .arm = st->units[unit].arm, .by_hexes = r.by_hexes,
                .length = r.length, .paths = buf};
    for (int i = 0; i < st->nunits; i++)
        o.nen += st->units[i].side != st->units[unit].side && lb_unit_is_combat(&st->units[i]);
    o.path[0] = st->units[unit].hexes[0];
    if (!o.nen) {
        assert_true(r.stays);
        assert_int_equal(r.count, 0);
        lb_retreat_release(&r);
        return;
    }
    o.d0 = dist_to_enemy(&o, o.path[0]);
    walk(&o, 0, 0, 0);

    assert_int_equal(r.surrender, !o.found);
    if (o.found) {
        assert_int_equal(r.hexes, o.hexes);
        assert_int_equal(r.cost, o.cost);
        assert_int_equal(r.friendly, o.friendly);
        assert_int_equal(r.count, o.found);
        /* compact to `hexes` per path, then sort in label order */
        for (int i = 0; i < o.found; i++)
            memmove(buf + (size_t)i * o.hexes, buf + (size_t)i * MAXLEN,
                    (size_t)o.hexes * sizeof *buf);
        cmp_path_len = o.hexes;
        qsort(buf, (size_t)o.found, (size_t)o.hexes * sizeof *buf, cmp_paths);
        int keep = o.found < LB_RETREAT_KEEP ? o.found : LB_RETREAT_KEEP;
        assert_int_equal(r.npaths, keep);
        assert_memory_equal(r.paths, buf, (size_t)keep * (size_t)o.hexes * sizeof *buf);
        /* end hexes and the automatic choice */
        lb_hex ends[512];
        int nends = 0, best = -1, besti = -1;
        for (int i = 0; i < o.found; i++) {
            lb_hex e = buf[(size_t)i * o.hexes + (size_t)o.hexes - 1];
            int seen = 0;
            for (int j = 0; j < nends; j++)
                seen |= lb_hex_eq(ends[j], e);
            if (!seen)
                ends[nends++] = e;
            int d = dist_to_enemy(&o, e);
            if (d > best) {
                best = d;
                besti = i;
            }
        }
        qsort(ends, (size_t)nends, sizeof *ends, cmp_hexes);
        assert_int_equal(r.nends, nends);
        assert_memory_equal(r.ends, ends, (size_t)nends * sizeof *ends);
        /* every hex of every optimal path */
        lb_hex via[512];
        int nvia = 0;
        for (size_t i = 0; i < (size_t)o.found * (size_t)o.hexes; i++) {
            int seen = 0;
            for (int j = 0; j < nvia; j++)
                seen |= lb_hex_eq(via[j], buf[i]);
            if (!seen)
                via[nvia++] = buf[i];
        }
        qsort(via, (size_t)nvia, sizeof *via, cmp_hexes);
        assert_int_equal(r.nvia, nvia);
        assert_memory_equal(r.via, via, (size_t)nvia * sizeof *via);
        assert_memory_equal(r.choice, buf + (size_t)besti * o.hexes,
                            (size_t)o.hexes * sizeof *buf);
    }
    lb_retreat_release(&r);
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

/* R-RET-1..5: random small maps with woods, rough, lakes, streams and walls, enemies (some
 * leaders), friendly units and lines; every kind and edition, against exhaustive search. */
static void test_retreat__matches_brute_force_on_random_maps(void **state)
{
    (void)state;
    lb_hex *buf = malloc((size_t)MAXFOUND * MAXLEN * sizeof *buf);
    lb_pcg32 rng;
    lb_pcg32_seed(&rng, 20260301, 7);
    int checked = 0, surrendered = 0, tied = 0;
    for (int round = 0; round < 400; round++) {
        int cols = 5 + (int)lb_pcg32_bounded(&rng, 4), rows = 4 + (int)lb_pcg32_bounded(&rng, 4);
        char grid[8][9];
        for (int r = 0; r < rows; r++) {
            for (int c = 0; c < cols; c++) {
                uint32_t x = lb_pcg32_bounded(&rng, 20);
                grid[r][c] = x < 12 ? '.' : x < 15 ? 'W' : x < 18 ? 'R' : 'L';
            }
            grid[r][cols] = '\0';
        }
        char text[16384], *p = text;
        size_t left = sizeof text;
        static const char *const ranks[] = {"premier-2018", "premier-2017"};
        append(&p, &left,
               "{\"format\": \"labataille-scenario/1\", \"rules\": \"%s\", \"sides\": "
               "[\"french\", \"austrian\"], \"map\": {\"columns\": %d, \"rows\": %d, "
               "\"terrain\": [",
               ranks[lb_pcg32_bounded(&rng, 2)], cols, rows);
        for (int r = 0; r < rows; r++)
            append(&p, &left, "%s\"%s\"", r ? "," : "", grid[r]);
        append(&p, &left, "], " LEGEND ", \"hexsides\": [");
        int nsides = 0;
        for (int r = 1; r <= rows; r++)
            for (int c = 1; c <= cols; c++)
                for (int d = 0; d < 3; d++) {
                    lb_hex n = lb_hex_neighbor((lb_hex){c, r}, d);
                    if (n.col < 1 || n.col > cols || n.row < 1 || n.row > rows ||
                        lb_pcg32_bounded(&rng, 10) != 0)
                        continue;
                    append(&p, &left, "%s{\"hex\": \"%02d%02d\", \"side\": \"%s\", \"type\": "
                                      "\"%s\"}",
                           nsides++ ? "," : "", c, r, lb_hex_dir_name(d),
                           lb_pcg32_bounded(&rng, 3) ? "stream" : "wall");
                }
        append(&p, &left, "]}, " CHARTS ", \"units\": [");
        /* side of the units in each cell: 0 none, 1 french, 2 austrian */
        int owner[8][8] = {{0}};
        int nunits = 0;
        int want[2] = {1 + (int)lb_pcg32_bounded(&rng, 4), 1 + (int)lb_pcg32_bounded(&rng, 4)};
        for (int side = 0; side < 2; side++)
            for (int i = 0; i < want[side] + (side == 0); i++) {
                int c, r, tries = 0;
                do {
                    c = (int)lb_pcg32_bounded(&rng, (uint32_t)cols);
                    r = (int)lb_pcg32_bounded(&rng, (uint32_t)rows);
                } while ((grid[r][c] != '.' || owner[r][c] == 2 - side) && ++tries < 100);
                if (tries >= 100)
                    continue;
                owner[r][c] = side + 1;
                int leader = side == 1 && i > 0 && lb_pcg32_bounded(&rng, 4) == 0;
                uint32_t kind = lb_pcg32_bounded(&rng, 10);
                const char *arm = kind < 6 ? "infantry" : kind < 8 ? "cavalry" : "artillery";
                const char *form = kind < 6 ? "column" : kind < 8 ? "column" : "limbered";
                char hexes[32];
                snprintf(hexes, sizeof hexes, "\"%02d%02d\"", c + 1, r + 1);
                if (!leader && kind < 6 && lb_pcg32_bounded(&rng, 3) == 0) {
                    /* a two-hex line: the second hex a clear neighbour */
                    lb_hex second = lb_hex_neighbor((lb_hex){c + 1, r + 1},
                                                    (int)lb_pcg32_bounded(&rng, 6));
                    if (second.col >= 1 && second.col <= cols && second.row >= 1 &&
                        second.row <= rows && grid[second.row - 1][second.col - 1] == '.' &&
                        owner[second.row - 1][second.col - 1] != 2 - side) {
                        owner[second.row - 1][second.col - 1] = side + 1;
                        snprintf(hexes, sizeof hexes, "\"%02d%02d\", \"%02d%02d\"", c + 1,
                                 r + 1, second.col, second.row);
                        form = "line";
                    }
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
                           "\"morale\": \"34\", \"formation\": \"%s\", \"state\": \"good\", "
                           "\"hexes\": [%s]}",
                           nunits ? "," : "", nunits, side ? "austrian" : "french", arm,
                           3 + (int)lb_pcg32_bounded(&rng, 6), form, hexes);
                nunits++;
            }
        append(&p, &left, "]}");
        lb_state *st = load(text);
        if (st->units[0].side != 0 || !lb_unit_is_combat(&st->units[0])) {
            lb_state_free(st);
            continue;
        }
        for (int kind = 0; kind < 3; kind++) {
            lb_retreat_req req = {.kind = (lb_retreat_kind)kind};
            if (kind == LB_RETREAT_ROUT && st->rules == LB_RULES_2017)
                req.die = (int)lb_pcg32_bounded(&rng, 7);
            check_against_oracle(st, 0, req, buf);
            lb_retreat r;
            lb_retreat_paths(st, 0, &req, &r, NULL);
            surrendered += r.surrender;
            tied += r.count > 1;
            lb_retreat_release(&r);
            checked++;
        }
        lb_state_free(st);
    }
    print_message("checked %d retreats: %d surrenders, %d with several optimal paths\n", checked,
                  surrendered, tied);
    assert_true(surrendered > 20 && tied > 100);
    free(buf);
}

/* R-RET-12, R-RET-4 (d): more optimal paths than kept: the count is exact and the kept ones are the
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_retreat__disorder_budget_stops_before_woods),
        cmocka_unit_test(test_retreat__first_hex_always_affordable_else_surrender),
        cmocka_unit_test(test_retreat__line_retreats_from_first_hex_through_its_own),
        cmocka_unit_test(test_retreat__apply_surrender_removes_the_unit),
        cmocka_unit_test(test_retreat__no_enemy_combat_unit_stays),
        cmocka_unit_test(test_retreat__rout_length_by_edition_and_die),
        cmocka_unit_test(test_retreat__leader_and_bad_requests_are_invalid),
        cmocka_unit_test(test_retreat__matches_brute_force_on_random_maps),
        cmocka_unit_test(test_retreat__keeps_the_first_paths_and_counts_all),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
