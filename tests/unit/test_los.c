/* Unit tests of line of sight: symmetry, visibility maps and their reasons against single checks, a golden trace. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lb/lb.h"
#include "los_int.h"
#include "state_int.h"
#include "dice_int.h"
#include "hex_int.h"
#include "words.h"

enum { COLS = 64, ROWS = 48, UNITS = 300, FEATURES = 240 };

typedef struct text {
    char *buf;
    int len, cap;
} text;

static void put(text *t, const char *fmt, ...)
{
    va_list ap;
    char line[512];
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    int n = (int)strlen(line);
    t->buf = lb_grow(t->buf, &t->cap, t->len + n + 1, 1);
    assert_non_null(t->buf);
    memcpy(t->buf + t->len, line, (size_t)n + 1);
    t->len += n;
}

/* The step's sentence (in a buffer of its own: one at a time). */
static const char *step_text(const lb_trace_step *s)
{
    static char buf[512];
    assert_true(lb_trace_step_fmt(s, buf, sizeof buf) < (int)sizeof buf);
    return buf;
}

static lb_state *load(const char *json)
{
    lb_load_opts opts = {0};
    lb_state *st = NULL;
    lb_errlist errs = {0};
    if (lb_scenario_load("test_los.json", json, strlen(json), &opts, &st, &errs) != LB_OK) {
        char msg[1024];
        lb_err_fmt(&errs.items[0], msg, sizeof msg);
        print_message("scenario refused: %s\n", msg);
    }
    lb_errlist_release(&errs);
    assert_non_null(st);
    return st;
}

static lb_hex random_hex(lb_pcg32 *rng)
{
    lb_hex h = {1 + (int)lb_pcg32_bounded(rng, COLS), 1 + (int)lb_pcg32_bounded(rng, ROWS)};
    return h;
}

/* May a unit of `side` stand in h? On the map and no enemy there (R-SCN-4). */
static int free_for(const int *owner, lb_hex h, int side)
{
    if (h.col < 1 || h.col > COLS || h.row < 1 || h.row > ROWS)
        return 0;
    int o = owner[(h.row - 1) * COLS + h.col - 1];
    return o < 0 || o == side;
}

static void occupy(int *owner, lb_hex h, int side)
{
    owner[(h.row - 1) * COLS + h.col - 1] = side;
}

/*
 * A 64x48 map: clear, woods, villages, slopes and walled hexes; hexside walls and streams; 300
 * units of both sides in every state: good, disordered and routed infantry, cavalry, leaders,
 * stacks, and lines over two and three hexes. With hills, elevation 0-3 in lumps; else flat.
 */
static lb_state *random_map(uint64_t seed, int hills)
{
    static const char *const states[] = {"good", "good", "disordered", "routed"};
    lb_pcg32 rng;
    lb_pcg32_seed(&rng, seed, 11);
    text t = {0};
    int owner[COLS * ROWS];
    for (int i = 0; i < COLS * ROWS; i++)
        owner[i] = -1;
    occupy(owner, (lb_hex){1, 1}, 0); /* the French leader listed last */
    put(&t, "{\"format\": \"labataille-scenario/1\", \"sides\": [\"french\", \"austrian\"],\n");
    put(&t, "\"charts\": {\"terrain\": {\n");
    put(&t, "\"clear\": {\"move\": {\"infantry\": 1, \"cavalry\": 1, \"artillery\": 1}, \"los\": \"clear\"},\n");
    put(&t, "\"slope\": {\"move\": {\"infantry\": 2, \"cavalry\": 2, \"artillery\": 2}, \"los\": \"clear\"},\n");
    put(&t, "\"woods\": {\"move\": {\"infantry\": 3, \"cavalry\": 5, \"artillery\": null}, \"los\": \"blocks\"},\n");
    put(&t, "\"walled\": {\"move\": {\"infantry\": 2, \"cavalry\": 3, \"artillery\": null}, \"los\": \"blocks\"},\n");
    put(&t, "\"village\": {\"move\": {\"infantry\": 2, \"cavalry\": 2, \"artillery\": 2}, \"los\": \"dwelling\"}},\n");
    put(&t, "\"hexsides\": {\"wall\": {\"move\": {\"infantry\": 2, \"cavalry\": null, \"artillery\": null}, \"los\": \"blocks\"},\n");
    put(&t, "\"stream\": {\"move\": {\"infantry\": 1, \"cavalry\": 2, \"artillery\": 3}, \"los\": \"clear\"}}},\n");
    put(&t, "\"map\": {\"columns\": %d, \"rows\": %d, \"legend\": {\".\": \"clear\", \"S\": \"slope\", "
            "\"W\": \"woods\", \"X\": \"walled\", \"V\": \"village\"},\n\"terrain\": [\n", COLS, ROWS);
    for (int r = 0; r < ROWS; r++) {
        char row[COLS + 1];
        for (int c = 0; c < COLS; c++) {
            uint32_t k = lb_pcg32_bounded(&rng, 40);
            row[c] = k < 4 ? 'W' : k < 5 ? 'V' : k < 6 ? 'X' : k < 10 ? 'S' : '.';
        }
        row[COLS] = '\0';
        put(&t, "\"%s\"%s\n", row, r + 1 < ROWS ? "," : "");
    }
    put(&t, "],\n\"elevation\": [\n");
    lb_hex summits[8];
    for (int i = 0; i < 8; i++)
        summits[i] = random_hex(&rng);
    for (int r = 0; r < ROWS; r++) {
        char row[COLS + 1];
        for (int c = 0; c < COLS; c++) {
            int e = 0;
            for (int i = 0; hills && i < 8; i++) {
                int h = 3 - lb_hex_distance((lb_hex){c + 1, r + 1}, summits[i]) / 3;
                e = h > e ? h : e;
            }
            row[c] = (char)('0' + e);
        }
        row[COLS] = '\0';
        put(&t, "\"%s\"%s\n", row, r + 1 < ROWS ? "," : "");
    }
    put(&t, "],\n\"hexsides\": [\n");
    unsigned char taken[COLS * ROWS * LB_DIR_COUNT];
    memset(taken, 0, sizeof taken);
    taken[LB_DIR_N] = 1; /* 0101 N, the wall listed last */
    for (int i = 0; i < FEATURES; i++) {
        lb_hex h = random_hex(&rng);
        int d = (int)lb_pcg32_bounded(&rng, LB_DIR_COUNT);
        lb_hex o = lb_hex_neighbor(h, d);
        if (taken[((h.row - 1) * COLS + h.col - 1) * LB_DIR_COUNT + d])
            continue;
        taken[((h.row - 1) * COLS + h.col - 1) * LB_DIR_COUNT + d] = 1;
        if (o.col >= 1 && o.col <= COLS && o.row >= 1 && o.row <= ROWS)
            taken[((o.row - 1) * COLS + o.col - 1) * LB_DIR_COUNT + lb_hex_dir_opposite(d)] = 1;
        put(&t, "{\"hex\": \"%02d%02d\", \"side\": \"%s\", \"type\": \"%s\"},\n", h.col, h.row,
            lb_hex_dir_name(d), i % 3 ? "wall" : "stream");
    }
    put(&t, "{\"hex\": \"0101\", \"side\": \"N\", \"type\": \"wall\"}]},\n\"units\": [\n");
    for (int i = 0; i < UNITS; i++) {
        int side = (int)lb_pcg32_bounded(&rng, 2);
        lb_hex hexes[3];
        int n = i % 9 == 7 ? 2 : i % 9 == 8 ? 3 : 1;
        hexes[0] = random_hex(&rng);
        for (int k = 1; k < n; k++)
            hexes[k] = lb_hex_neighbor(hexes[k - 1], k == 1 ? 2 : 1);
        int ok = 1;
        for (int k = 0; k < n; k++)
            ok &= free_for(owner, hexes[k], side);
        if (!ok)
            continue;
        for (int k = 0; k < n; k++)
            occupy(owner, hexes[k], side);
        char where[64];
        snprintf(where, sizeof where, "\"%02d%02d\"", hexes[0].col, hexes[0].row);
        for (int k = 1; k < n; k++)
            snprintf(where + strlen(where), sizeof where - strlen(where), ", \"%02d%02d\"",
                     hexes[k].col, hexes[k].row);
        const char *sname = side ? "austrian" : "french";
        if (i % 9 == 6) {
            put(&t, "{\"id\": \"u%d\", \"side\": \"%s\", \"arm\": \"leader\", \"hexes\": [%s]},\n",
                i, sname, where);
            continue;
        }
        int cavalry = i % 9 == 5;
        const char *state = states[lb_pcg32_bounded(&rng, 4)];
        if (cavalry && state[0] == 'd')
            state = "good";
        put(&t, "{\"id\": \"u%d\", \"side\": \"%s\", \"arm\": \"%s\", \"increments\": 6, "
                "\"fire\": 6, \"melee\": 6, \"movement\": 6, \"morale\": \"34\", \"formation\": "
                "\"%s\", \"state\": \"%s\", \"hexes\": [%s]},\n",
            i, sname, cavalry ? "cavalry" : "infantry", n > 1 ? "line" : "column", state, where);
    }
    put(&t, "{\"id\": \"last\", \"side\": \"french\", \"arm\": \"leader\", \"hexes\": [\"0101\"]}]}\n");
    lb_state *st = load(t.buf);
    free(t.buf);
    return st;
}

static int sees(const lb_state *st, lb_hex from, lb_hex to, int side)
{
    lb_los_result r;
    assert_int_equal(lb_los_check(st, from, to, side, &r, NULL), LB_OK);
    int v = r.visible;
    assert_int_equal(v, r.blocked_by < 0);
    lb_los_result_release(&r);
    return v;
}

/* Without elevation the firer's side never matters (R-LOS-6 needs a difference in height), and
 * the exact line is the same both ways, so F sees T iff T sees F. */
static void test_los__symmetric_without_elevation(void **unused)
{
    (void)unused;
    int pairs = 0, seen = 0;
    for (uint64_t seed = 1; seed <= 5; seed++) {
        lb_state *st = random_map(seed, 0);
        lb_pcg32 rng;
        lb_pcg32_seed(&rng, seed, 99);
        for (int i = 0; i < 2000; i++, pairs++) {
            lb_hex a = random_hex(&rng), b = random_hex(&rng);
            int side = (int)lb_pcg32_bounded(&rng, 3) - 1;
            int ab = sees(st, a, b, side), ba = sees(st, b, a, side);
            if (ab != ba)
                print_message("seed %d: %02d%02d -> %02d%02d %d, back %d\n", (int)seed, a.col,
                              a.row, b.col, b.row, ab, ba);
            assert_int_equal(ab, ba);
            assert_int_equal(ab, sees(st, a, b, -1));
            seen += ab;
        }
        lb_state_free(st);
    }
    assert_int_equal(pairs, 10000);
    /* the maps are neither blind nor open */
    assert_true(seen > 100 && seen < 9900);
}

/* lb_los_visible answers for every hex what lb_los_check answers for it. */
static void check_map_agrees(const lb_state *st, lb_hex from, int side)
{
    unsigned char visible[COLS * ROWS];
    assert_int_equal(lb_los_visible(st, from, side, visible), LB_OK);
    for (int cell = 0; cell < COLS * ROWS; cell++) {
        lb_hex to = {cell % COLS + 1, cell / COLS + 1};
        int one = sees(st, from, to, side);
        if (one != visible[cell])
            print_message("%02d%02d -> %02d%02d (side %d): check %d, map %d\n", from.col,
                          from.row, to.col, to.row, side, one, visible[cell]);
        assert_int_equal(one, visible[cell]);
    }
}

/* R-LOS-8: the visibility map's reasons account for every hex: the hexes hidden, summed over
 * the steps that hide, are the hexes the map does not see; F's neighbourhood and the lines with
 * nothing in the way are among those it sees. */
static void check_reasons_agree(const lb_state *st, lb_hex from, int side)
{
    unsigned char visible[COLS * ROWS];
    assert_int_equal(lb_los_visible(st, from, side, visible), LB_OK);
    int seen = 0;
    for (int cell = 0; cell < COLS * ROWS; cell++)
        seen += visible[cell];
    lb_trace t;
    lb_trace_init(&t);
    assert_int_equal(lb_los_visible_trace(st, from, side, &t), LB_OK);
    int hidden = 0, open = 0;
    for (int i = 0; i < t.count; i++) {
        const lb_trace_step *s = &t.steps[i];
        long count = -1, was_seen = -1;
        for (int k = 0; k < s->nvalues; k++) {
            if (strcmp(s->values[k].key, "count") == 0)
                count = s->values[k].num;
            if (strcmp(s->values[k].key, "seen") == 0)
                was_seen = s->values[k].num;
        }
        if (was_seen == 0)
            hidden += (int)count;
        else if (was_seen < 0 && count >= 0)
            open += (int)count; /* R-LOS-2 and R-LOS-3: near F, nothing in the way */
    }
    assert_int_equal(hidden, COLS * ROWS - seen);
    assert_true(open > 0 && open <= seen);
    lb_trace_release(&t);
}

static void test_los__visible_agrees_with_check(void **unused)
{
    (void)unused;
    for (uint64_t seed = 11; seed <= 13; seed++) {
        for (int hills = 0; hills < 2; hills++) {
            lb_state *st = random_map(seed, hills);
            lb_pcg32 rng;
            lb_pcg32_seed(&rng, seed, 7);
            for (int i = 0; i < 4; i++)
                check_map_agrees(st, random_hex(&rng), (int)lb_pcg32_bounded(&rng, 3) - 1);
            check_reasons_agree(st, random_hex(&rng), (int)lb_pcg32_bounded(&rng, 3) - 1);
            /* from a unit's hexes, so that F holds units spread over several hexes */
            for (int u = 0; u < st->nunits; u += 37)
                check_map_agrees(st, st->units[u].hexes[st->units[u].nhexes - 1], -1);
            lb_state_free(st);
        }
    }
}

/*
 * A cols x rows map for the property test below, its density drawn from the seed: blocking
 * terrain, dwellings and walled hexes in 0-60% of the hexes; elevation flat, in lumps, or any
 * digit 0-9 hex by hex; walls and streams on up to a quarter of the hexsides, those on the map's
 * edge included; units of both sides on up to half the hexes, good, disordered or routed, alone,
 * stacked or spread over two or three hexes (R-LOS-7), leaders among them.
 */
static lb_state *odd_map(uint64_t seed, int cols, int rows)
{
    static const char *const states[] = {"good", "disordered", "routed"};
    lb_pcg32 rng;
    lb_pcg32_seed(&rng, seed, 5);
    int blocking = (int)lb_pcg32_bounded(&rng, 61), sides = (int)lb_pcg32_bounded(&rng, 26);
    int crowd = (int)lb_pcg32_bounded(&rng, 51), relief = (int)lb_pcg32_bounded(&rng, 3);
    text t = {0};
    put(&t, "{\"format\": \"labataille-scenario/1\", \"sides\": [\"french\", \"austrian\"],\n");
    put(&t, "\"charts\": {\"terrain\": {\n");
    put(&t, "\"clear\": {\"move\": {\"infantry\": 1, \"cavalry\": 1, \"artillery\": 1}, \"los\": \"clear\"},\n");
    put(&t, "\"woods\": {\"move\": {\"infantry\": 3, \"cavalry\": 5, \"artillery\": null}, \"los\": \"blocks\"},\n");
    put(&t, "\"village\": {\"move\": {\"infantry\": 2, \"cavalry\": 2, \"artillery\": 2}, \"los\": \"dwelling\"}},\n");
    put(&t, "\"hexsides\": {\"wall\": {\"move\": {\"infantry\": 2, \"cavalry\": null, \"artillery\": null}, \"los\": \"blocks\"},\n");
    put(&t, "\"stream\": {\"move\": {\"infantry\": 1, \"cavalry\": 2, \"artillery\": 3}, \"los\": \"clear\"}}},\n");
    put(&t, "\"map\": {\"columns\": %d, \"rows\": %d, \"legend\": {\".\": \"clear\", \"W\": \"woods\", "
            "\"V\": \"village\"},\n\"terrain\": [\n", cols, rows);
    char row[72];
    for (int r = 0; r < rows; r++) {
        for (int c = 0; c < cols; c++) {
            int k = (int)lb_pcg32_bounded(&rng, 100);
            row[c] = k >= blocking ? '.' : k % 5 == 0 ? 'V' : 'W';
        }
        row[cols] = '\0';
        put(&t, "\"%s\"%s\n", row, r + 1 < rows ? "," : "");
    }
    put(&t, "],\n\"elevation\": [\n");
    lb_hex summit = {1 + (int)lb_pcg32_bounded(&rng, (uint32_t)cols),
                     1 + (int)lb_pcg32_bounded(&rng, (uint32_t)rows)};
    for (int r = 0; r < rows; r++) {
        for (int c = 0; c < cols; c++) {
            int lump = 4 - lb_hex_distance((lb_hex){c + 1, r + 1}, summit) / 2;
            int e = relief == 0 ? 0 : relief == 1 ? (lump > 0 ? lump : 0)
                                                  : (int)lb_pcg32_bounded(&rng, 10);
            row[c] = (char)('0' + e);
        }
        row[cols] = '\0';
        put(&t, "\"%s\"%s\n", row, r + 1 < rows ? "," : "");
    }
    put(&t, "],\n\"hexsides\": [\n");
    int nsides = 0;
    unsigned char *taken = calloc((size_t)cols * (size_t)rows * LB_DIR_COUNT, 1);
    assert_non_null(taken);
    for (int c = 1; c <= cols; c++)
        for (int r = 1; r <= rows; r++)
            for (int d = 0; d < LB_DIR_COUNT; d++) {
                lb_hex h = {c, r}, o = lb_hex_neighbor(h, d);
                int on = o.col >= 1 && o.col <= cols && o.row >= 1 && o.row <= rows;
                if (taken[((r - 1) * cols + c - 1) * LB_DIR_COUNT + d] ||
                    (int)lb_pcg32_bounded(&rng, 200) >= sides)
                    continue;
                if (on)
                    taken[((o.row - 1) * cols + o.col - 1) * LB_DIR_COUNT +
                          lb_hex_dir_opposite(d)] = 1;
                put(&t, "%s{\"hex\": \"%02d%02d\", \"side\": \"%s\", \"type\": \"%s\"}\n",
                    nsides++ ? "," : "", c, r, lb_hex_dir_name(d),
                    lb_pcg32_bounded(&rng, 3) ? "wall" : "stream");
            }
    free(taken);
    put(&t, "]},\n\"units\": [\n");
    int *owner = malloc((size_t)cols * (size_t)rows * sizeof *owner);
    assert_non_null(owner);
    for (int i = 0; i < cols * rows; i++)
        owner[i] = -1;
    int placed = 0;
    for (int i = 0; i < cols * rows * crowd / 100; i++) {
        int side = (int)lb_pcg32_bounded(&rng, 2);
        int leader = i % 11 == 10, n = leader ? 1 : 1 + (int)lb_pcg32_bounded(&rng, 3) / 2 + (i % 7 == 0);
        lb_hex hexes[3];
        hexes[0] = (lb_hex){1 + (int)lb_pcg32_bounded(&rng, (uint32_t)cols),
                            1 + (int)lb_pcg32_bounded(&rng, (uint32_t)rows)};
        int ok = 1;
        for (int k = 1; k < n; k++)
            hexes[k] = lb_hex_neighbor(hexes[k - 1], (int)lb_pcg32_bounded(&rng, 2) + 1);
        for (int k = 0; k < n; k++) {
            lb_hex h = hexes[k];
            ok &= h.col >= 1 && h.col <= cols && h.row >= 1 && h.row <= rows &&
                  (owner[(h.row - 1) * cols + h.col - 1] < 0 ||
                   owner[(h.row - 1) * cols + h.col - 1] == side);
        }
        if (!ok)
            continue;
        char where[64] = "";
        for (int k = 0; k < n; k++) {
            owner[(hexes[k].row - 1) * cols + hexes[k].col - 1] = side;
            snprintf(where + strlen(where), sizeof where - strlen(where), "%s\"%02d%02d\"",
                     k ? ", " : "", hexes[k].col, hexes[k].row);
        }
        const char *sname = side ? "austrian" : "french";
        if (leader)
            put(&t, "%s{\"id\": \"u%d\", \"side\": \"%s\", \"arm\": \"leader\", \"hexes\": [%s]}\n",
                placed++ ? "," : "", i, sname, where);
        else
            put(&t, "%s{\"id\": \"u%d\", \"side\": \"%s\", \"arm\": \"infantry\", \"increments\": 6, "
                    "\"fire\": 6, \"melee\": 6, \"movement\": 6, \"morale\": \"34\", \"formation\": "
                    "\"%s\", \"state\": \"%s\", \"hexes\": [%s]}\n",
                placed++ ? "," : "", i, sname, n > 1 ? "line" : "column",
                states[lb_pcg32_bounded(&rng, 3)], where);
    }
    free(owner);
    put(&t, "]}\n");
    lb_state *st = load(t.buf);
    free(t.buf);
    return st;
}

/*
 * Property: the visibility map's own walk (lb_los_visible: its cells, its walk from either end,
 * its second look at walls and spread units) answers for every hex what lb_los_check answers,
 * on 30 maps of odd sizes (a single row or column among them, where lines run along the map's
 * edge through hexes off it) and densities, from every hex of the small ones and 12 hexes of the
 * large ones, the first origin of each map replaced by a hex off it, for both sides and for none:
 * about 89,000 lines.
 */
static void test_los__visible_matches_check_on_random_maps(void **unused)
{
    (void)unused;
    static const int sizes[][2] = {{1, 7}, {9, 1}, {2, 6}, {5, 4}, {7, 9}, {12, 10},
                                   {16, 3}, {3, 16}, {23, 17}, {40, 30}};
    long lines = 0, seen = 0;
    for (uint64_t seed = 1; seed <= 30; seed++) {
        int cols = sizes[seed % 10][0], rows = sizes[seed % 10][1];
        lb_state *st = odd_map(seed, cols, rows);
        lb_pcg32 rng;
        lb_pcg32_seed(&rng, seed, 17);
        unsigned char *visible = malloc((size_t)cols * (size_t)rows);
        assert_non_null(visible);
        int origins = cols * rows <= 100 ? cols * rows : 12;
        for (int o = 0; o < origins; o++) {
            lb_hex from = origins == cols * rows
                              ? (lb_hex){o % cols + 1, o / cols + 1}
                              : (lb_hex){1 + (int)lb_pcg32_bounded(&rng, (uint32_t)cols),
                                         1 + (int)lb_pcg32_bounded(&rng, (uint32_t)rows)};
            if (o == 0)
                from = (lb_hex){0, rows + 1}; /* off the map: answered all the same */
            int side = (int)lb_pcg32_bounded(&rng, 3) - 1;
            assert_int_equal(lb_los_visible(st, from, side, visible), LB_OK);
            for (int cell = 0; cell < cols * rows; cell++, lines++) {
                lb_hex to = {cell % cols + 1, cell / cols + 1};
                int one = sees(st, from, to, side);
                if (one != visible[cell])
                    print_message("seed %d (%dx%d): %02d%02d -> %02d%02d (side %d): check %d, "
                                  "map %d\n", (int)seed, cols, rows, from.col, from.row, to.col,
                                  to.row, side, one, visible[cell]);
                assert_int_equal(one, visible[cell]);
                seen += one;
            }
        }
        free(visible);
        lb_state_free(st);
    }
    /* every hex sees itself and its neighbours; far more lines than that are judged */
    assert_true(lines > 80000);
    assert_true(seen > lines / 20 && seen < lines - lines / 20);
}

/*
 * R-LOS-11: units of both sides in one hex (cavalry in a carré's hex) after a game step. 0101
 * (0,0) to 0104 (0,6) runs straight down column 1 through 0102 (1 from F, 2 from T) and 0103 (2
 * from F, 1 from T). T is higher, so 0103's units are seen over unless one of them is friendly
 * to the firer (R-LOS-6): for either side one is, whichever is on top; with no side none is.
 */
static void test_los__mixed_stack_friendly_blocks(void **unused)
{
    (void)unused;
    lb_state *st = load(
        "{\"format\": \"labataille-scenario/1\", \"sides\": [\"french\", \"austrian\"],"
        "\"charts\": {\"terrain\": {\"clear\": {\"move\": {\"infantry\": 1, \"cavalry\": 1, "
        "\"artillery\": 1}, \"los\": \"clear\"}}},"
        "\"map\": {\"columns\": 2, \"rows\": 4, \"terrain\": [\"..\", \"..\", \"..\", \"..\"], "
        "\"legend\": {\".\": \"clear\"}, \"elevation\": [\"00\", \"00\", \"00\", \"10\"]},"
        "\"units\": ["
        "{\"id\": \"au-hus\", \"side\": \"austrian\", \"arm\": \"cavalry\", \"increments\": 6, "
        "\"fire\": 0, \"melee\": 6, \"movement\": 12, \"morale\": \"33\", \"formation\": "
        "\"column\", \"state\": \"good\", \"hexes\": [\"0203\"]},"
        "{\"id\": \"fr-carre\", \"side\": \"french\", \"arm\": \"infantry\", \"increments\": 6, "
        "\"fire\": 6, \"melee\": 6, \"movement\": 6, \"morale\": \"34\", \"formation\": "
        "\"carre\", \"state\": \"good\", \"hexes\": [\"0103\"]}]}");
    /* the hussars ride onto the carré's hex; listed first, they are on top */
    st->units[0].hexes[0] = (lb_hex){1, 3};
    assert_int_equal(lb_state_reindex(st), LB_OK);
    static const char *const friend_of[2] = {"fr-carre", "au-hus"};
    unsigned char visible[8];
    for (int side = 0; side < 2; side++) {
        lb_los_result r;
        assert_int_equal(lb_los_check(st, (lb_hex){1, 1}, (lb_hex){1, 4}, side, &r, NULL), LB_OK);
        assert_false(r.visible);
        assert_int_equal(r.nitems, 2);
        assert_int_equal(r.blocked_by, 1);
        assert_int_equal(r.items[1].verdict, LB_LOS_BLOCK_FRIENDLY);
        assert_string_equal(st->units[r.items[1].unit].id, friend_of[side]);
        lb_los_result_release(&r);
        assert_int_equal(lb_los_visible(st, (lb_hex){1, 1}, side, visible), LB_OK);
        assert_int_equal(visible[3 * 2], 0);
    }
    /* no combat unit in 0101: no friendly unit, everything in 0103 is seen over */
    assert_true(sees(st, (lb_hex){1, 1}, (lb_hex){1, 4}, -1));
    assert_int_equal(lb_los_visible(st, (lb_hex){1, 1}, -1, visible), LB_OK);
    assert_int_equal(visible[3 * 2], 1);
    lb_state_free(st);
}

/*
 * R-LOS-7, R-LOS-12, the seed's carré example: an Austrian carré in 0104 is three hexes from Austrian
 * infantry in 0101 (straight down column 1). French cavalry that charged into the carré's hex is
 * not a target there, whatever the line; when it leaves the square for 0103, two hexes from the
 * infantry, ordinary LOS applies to it.
 */
static void test_los__cavalry_in_carre_not_a_target(void **unused)
{
    (void)unused;
    lb_state *st = load(
        "{\"format\": \"labataille-scenario/1\", \"sides\": [\"french\", \"austrian\"],"
        "\"charts\": {\"terrain\": {\"clear\": {\"move\": {\"infantry\": 1, \"cavalry\": 1, "
        "\"artillery\": 1}, \"los\": \"clear\"}}},"
        "\"map\": {\"columns\": 2, \"rows\": 4, \"terrain\": [\"..\", \"..\", \"..\", \"..\"], "
        "\"legend\": {\".\": \"clear\"}},"
        "\"units\": ["
        "{\"id\": \"au-inf\", \"side\": \"austrian\", \"arm\": \"infantry\", \"increments\": 6, "
        "\"fire\": 6, \"melee\": 6, \"movement\": 6, \"morale\": \"34\", \"formation\": "
        "\"column\", \"state\": \"good\", \"hexes\": [\"0101\"]},"
        "{\"id\": \"au-sq\", \"side\": \"austrian\", \"arm\": \"infantry\", \"increments\": 6, "
        "\"fire\": 6, \"melee\": 6, \"movement\": 6, \"morale\": \"34\", \"formation\": "
        "\"carre\", \"state\": \"good\", \"hexes\": [\"0104\"]},"
        "{\"id\": \"fr-cuir\", \"side\": \"french\", \"arm\": \"cavalry\", \"increments\": 6, "
        "\"fire\": 0, \"melee\": 12, \"movement\": 12, \"morale\": \"33\", \"formation\": "
        "\"column\", \"state\": \"good\", \"hexes\": [\"0202\"]}]}");
    lb_los_result r;
    /* before the charge: nobody in the carré's hex but the carré */
    assert_int_equal(lb_los_check(st, (lb_hex){1, 1}, (lb_hex){1, 4}, -1, &r, NULL), LB_OK);
    assert_true(r.visible);
    assert_int_equal(r.not_target, -1);
    lb_los_result_release(&r);
    /* the cuirassiers ride onto the square */
    st->units[2].hexes[0] = (lb_hex){1, 4};
    assert_int_equal(lb_state_reindex(st), LB_OK);
    lb_trace trace;
    lb_trace_init(&trace);
    assert_int_equal(lb_los_check(st, (lb_hex){1, 1}, (lb_hex){1, 4}, -1, &r, &trace), LB_OK);
    assert_true(r.visible);
    assert_int_equal(r.not_target, 2);
    assert_string_equal(trace.steps[trace.count - 1].rule, "R-LOS-7");
    assert_string_equal(step_text(&trace.steps[trace.count - 1]),
                        "fr-cuir stands in an enemy carre's hex in 0104: not a target for other "
                        "units' fire until it leaves that hex");
    lb_los_result_release(&r);
    lb_trace_release(&trace);
    /* it leaves the square for 0103, two hexes from the infantry: ordinary LOS */
    st->units[2].hexes[0] = (lb_hex){1, 3};
    assert_int_equal(lb_state_reindex(st), LB_OK);
    assert_int_equal(lb_los_check(st, (lb_hex){1, 1}, (lb_hex){1, 3}, -1, &r, NULL), LB_OK);
    assert_true(r.visible);
    assert_int_equal(r.not_target, -1);
    lb_los_result_release(&r);
    lb_state_free(st);
}

/*
 * Golden trace. 0102 (0,2) to 0502 (12,2) runs east along y = 2: along the edge 0201|0202
 * (x 2..4), through 0302's centre, along 0401|0402 (x 8..10). F is at elevation 2, T at 0, so
 * things nearer F than T are seen over (R-LOS-6): the woods in 0201 (1 from F, 3 from T); the
 * French battalion in 0302 is as far from both (2 and 2) and blocks, a tie (R-LOS-6). The edge
 * pair 0201|0202 is judged hex by hex (R-LOS-10). The stream on 0201|0202 is recorded and
 * blocks nothing.
 */
static void test_los__golden_trace(void **unused)
{
    (void)unused;
    lb_state *st = load(
        "{\"format\": \"labataille-scenario/1\", \"sides\": [\"french\", \"austrian\"],"
        "\"charts\": {\"terrain\": {"
        "\"clear\": {\"move\": {\"infantry\": 1, \"cavalry\": 1, \"artillery\": 1}, \"los\": \"clear\"},"
        "\"woods\": {\"move\": {\"infantry\": 3, \"cavalry\": 5, \"artillery\": null}, \"los\": \"blocks\"}},"
        "\"hexsides\": {\"stream\": {\"move\": {\"infantry\": 1, \"cavalry\": 2, \"artillery\": 3}, "
        "\"los\": \"clear\"}}},"
        "\"map\": {\"columns\": 5, \"rows\": 2, \"terrain\": [\".W...\", \".....\"], \"legend\": "
        "{\".\": \"clear\", \"W\": \"woods\"}, \"elevation\": [\"00000\", \"20000\"],"
        "\"hexsides\": [{\"hex\": \"0201\", \"side\": \"S\", \"type\": \"stream\"}]},"
        "\"units\": ["
        "{\"id\": \"au-gren\", \"side\": \"austrian\", \"arm\": \"infantry\", \"increments\": 6, "
        "\"fire\": 6, \"melee\": 6, \"movement\": 6, \"morale\": \"34\", \"formation\": "
        "\"column\", \"state\": \"good\", \"hexes\": [\"0102\"]},"
        "{\"id\": \"fr-a\", \"side\": \"french\", \"arm\": \"infantry\", \"increments\": 6, "
        "\"fire\": 6, \"melee\": 6, \"movement\": 6, \"morale\": \"34\", \"formation\": "
        "\"column\", \"state\": \"good\", \"hexes\": [\"0302\"]}]}");
    static const char *const want[][2] = {
        {"R-LOS-1", "sight line 0102 to 0502: 4 hexes, elevations 2 and 0"},
        {"R-LOS-7", "firer's side: austrian (top combat unit au-gren of 0102)"},
        {"R-LOS-6", "edge 0201|0202, hex 0201 (woods, elevation 0): seen over, 1 from F, 3 from T"},
        {"R-LOS-4", "edge 0202|0201, hex 0202 (clear, elevation 0): clear, 1 from F, 3 from T"},
        {"R-LOS-10", "edge pair 0201|0202 judged hex by hex: 0201 seen over, 0202 clear; the pair "
                     "blocks if either does"},
        {"R-LOS-3", "hexside 0201|0202 (stream): does not block"},
        {"R-LOS-3", "hex 0302 (clear, elevation 0, unit fr-a): combat unit, 2 from F, 2 from T"},
        {"R-LOS-6", "0302: 2 from F and 2 from T, a tie: no exception"},
        {"R-LOS-4", "edge 0401|0402, hex 0401 (clear, elevation 0): clear, 3 from F, 1 from T"},
        {"R-LOS-4", "edge 0402|0401, hex 0402 (clear, elevation 0): clear, 3 from F, 1 from T"},
        {"R-LOS-3", "0102 does not see 0502: combat unit at 0302"},
    };
    lb_trace trace;
    lb_trace_init(&trace);
    lb_los_result r;
    assert_int_equal(lb_los_check(st, (lb_hex){1, 2}, (lb_hex){5, 2}, -1, &r, &trace), LB_OK);
    assert_int_equal(trace.count, (int)(sizeof want / sizeof *want));
    for (int i = 0; i < trace.count; i++) {
        assert_string_equal(trace.steps[i].rule, want[i][0]);
        assert_string_equal(step_text(&trace.steps[i]), want[i][1]);
        assert_string_equal(trace.steps[i].section, "(23)");
    }
    assert_false(r.visible);
    assert_int_equal(r.blocked_by, 3);
    assert_int_equal(r.firer_side, 1);
    /* the same answer without a trace */
    lb_los_result q;
    assert_int_equal(lb_los_check(st, (lb_hex){1, 2}, (lb_hex){5, 2}, -1, &q, NULL), LB_OK);
    assert_int_equal(q.nitems, r.nitems);
    assert_int_equal(q.blocked_by, r.blocked_by);
    assert_memory_equal(q.items, r.items, (size_t)q.nitems * sizeof *q.items);
    lb_los_result_release(&q);
    lb_los_result_release(&r);
    lb_trace_release(&trace);
    lb_state_free(st);
}

/* R-LOS-2: a hex sees itself and its neighbours, with nothing between. */
static void test_los__self_and_adjacent(void **unused)
{
    (void)unused;
    lb_state *st = random_map(3, 1);
    for (int i = 0; i < 200; i++) {
        lb_hex h = {1 + i % COLS, 1 + (i * 7) % ROWS};
        lb_los_result r;
        assert_int_equal(lb_los_check(st, h, h, -1, &r, NULL), LB_OK);
        assert_true(r.visible && r.adjacent && r.nitems == 0);
        lb_los_result_release(&r);
        for (int d = 0; d < LB_DIR_COUNT; d++) {
            lb_hex n = lb_hex_neighbor(h, d);
            if (n.col < 1 || n.col > COLS || n.row < 1 || n.row > ROWS)
                continue;
            assert_int_equal(lb_los_check(st, h, n, -1, &r, NULL), LB_OK);
            assert_true(r.visible && r.adjacent && r.nitems == 0);
            lb_los_result_release(&r);
        }
    }
    lb_state_free(st);
}

static void test_los__names(void **unused)
{
    (void)unused;
    assert_string_equal(lb_los_verdict_name(LB_LOS_BLOCK_DWELLING), "dwelling");
    assert_string_equal(lb_los_verdict_name(LB_LOS_SEEN_OVER), "seen over");
    assert_string_equal(lb_los_verdict_name(LB_LOS_CORNER), "touched at a corner");
    assert_string_equal(lb_los_passive_name(LB_LOS_PASSIVE_IN_F), "in F");
    assert_true(lb_los_blocks(LB_LOS_BLOCK_FRIENDLY));
    assert_false(lb_los_blocks(LB_LOS_OWN_SIDE));
    assert_false(lb_los_blocks(LB_LOS_OFF_MAP));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_los__symmetric_without_elevation),
        cmocka_unit_test(test_los__visible_agrees_with_check),
        cmocka_unit_test(test_los__visible_matches_check_on_random_maps),
        cmocka_unit_test(test_los__mixed_stack_friendly_blocks),
        cmocka_unit_test(test_los__cavalry_in_carre_not_a_target),
        cmocka_unit_test(test_los__golden_trace),
        cmocka_unit_test(test_los__self_and_adjacent),
        cmocka_unit_test(test_los__names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
