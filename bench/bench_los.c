/* Benchmark: line of sight on a 64x48 map with woods, villages, hills 0-3 and 300 units. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"
#include "lb/lb.h"
#include "los_int.h"
#include "state_int.h"
#include "dice_int.h"
#include "hex_int.h"

#define COLS 64
#define ROWS 48
#define UNITS 300
#define QUERIES 4096

#define MIN_SECONDS 0.5 /* each measure runs at least this long, in processor time */
#define BATCHES 5       /* a visibility map's time is the best of so many batches */

/* The battlefield: its size, its units, and what each hex holds ('.' clear, 'W' woods,
 * 'V' village, 'u' a unit on clear ground). */
typedef struct field {
    int cols, rows, units;
    char *ground; /* rows x cols */
    lb_state *st;
} field;

/* Hills: elevation 3 at six summits placed in proportion to the map, one less every 3 hexes
 * away, never below 0. */
static int hill(const field *f, int col, int row)
{
    static const int summits[6][2] = {{10, 10}, {30, 8}, {50, 14}, {16, 34}, {40, 30}, {58, 42}};
    int best = 0;
    for (int i = 0; i < 6; i++) {
        lb_hex top = {summits[i][0] * f->cols / COLS, summits[i][1] * f->rows / ROWS};
        int h = 3 - lb_hex_distance((lb_hex){col, row}, top) / 3;
        best = h > best ? h : best;
    }
    return best;
}

/* Woods about 1 hex in 8, villages 1 in 40, the rest clear; units on clear hexes only. */
static char terrain(lb_pcg32 *rng)
{
    uint32_t r = lb_pcg32_bounded(rng, 40);
    return r < 5 ? 'W' : r == 5 ? 'V' : '.';
}

static void build(bench_text *t, field *f)
{
    char line[512];
    lb_pcg32 rng;
    lb_pcg32_seed(&rng, 1809, 23);
    bench_put(t, "{\"format\": \"labataille-scenario/1\", \"title\": \"los bench\",\n"
           "\"sides\": [\"french\", \"austrian\"],\n\"charts\": {\"terrain\": {\n"
           "\"clear\": {\"move\": {\"infantry\": 1, \"cavalry\": 1, \"artillery\": 1}, \"los\": \"clear\"},\n"
           "\"woods\": {\"move\": {\"infantry\": 3, \"cavalry\": 5, \"artillery\": null}, \"los\": \"blocks\"},\n"
           "\"village\": {\"move\": {\"infantry\": 3, \"cavalry\": 3, \"artillery\": 3}, \"los\": \"dwelling\"}},\n"
           "\"hexsides\": {\"wall\": {\"move\": {\"infantry\": 2, \"cavalry\": null, \"artillery\": null}, \"los\": \"blocks\"}}},\n");
    snprintf(line, sizeof line, "\"map\": {\"columns\": %d, \"rows\": %d,\n\"terrain\": [\n", f->cols,
             f->rows);
    bench_put(t, line);
    char *row = malloc((size_t)f->cols + 1);
    f->ground = malloc((size_t)f->cols * (size_t)f->rows);
    if (!row || !f->ground)
        exit(1);
    for (int r = 0; r < f->rows; r++) {
        for (int c = 0; c < f->cols; c++)
            row[c] = f->ground[r * f->cols + c] = terrain(&rng);
        row[f->cols] = '\0';
        bench_put(t, "\"");
        bench_put(t, row);
        bench_put(t, r + 1 < f->rows ? "\",\n" : "\"\n");
    }
    bench_put(t, "],\n\"legend\": {\".\": \"clear\", \"W\": \"woods\", \"V\": \"village\"},\n\"elevation\": [\n");
    for (int r = 0; r < f->rows; r++) {
        for (int c = 0; c < f->cols; c++)
            row[c] = (char)('0' + hill(f, c + 1, r + 1));
        row[f->cols] = '\0';
        bench_put(t, "\"");
        bench_put(t, row);
        bench_put(t, r + 1 < f->rows ? "\",\n" : "\"\n");
    }
    free(row);
    /* a walled farm: the six hexsides round 2020 */
    int cd, rd;
    char label[LB_HEX_LABEL_MAX];
    lb_hex_label_digits(f->cols, f->rows, &cd, &rd);
    lb_hex_label_fmt((lb_hex){20, 20}, cd, rd, label, sizeof label);
    bench_put(t, "],\n\"hexsides\": [");
    for (int d = 0; d < LB_DIR_COUNT; d++) {
        snprintf(line, sizeof line, "%s{\"hex\": \"%s\", \"side\": \"%s\", \"type\": \"wall\"}",
                 d ? ", " : "", label, lb_hex_dir_name(d));
        bench_put(t, line);
    }
    bench_put(t, "]},\n\"units\": [\n");
    for (int i = 0; i < f->units; i++) {
        int c, r;
        do {
            c = 1 + (int)lb_pcg32_bounded(&rng, (uint32_t)f->cols);
            r = 1 + (int)lb_pcg32_bounded(&rng, (uint32_t)f->rows);
        } while (f->ground[(r - 1) * f->cols + c - 1] != '.');
        f->ground[(r - 1) * f->cols + c - 1] = 'u';
        lb_hex_label_fmt((lb_hex){c, r}, cd, rd, label, sizeof label);
        const char *state = i % 10 == 0 ? "routed" : i % 10 == 1 ? "disordered" : "good";
        snprintf(line, sizeof line,
                 "%s{\"id\": \"u%d\", \"side\": \"%s\", \"arm\": \"infantry\", \"increments\": 8, "
                 "\"fire\": 8, \"melee\": 8, \"movement\": 6, \"morale\": \"34\", \"formation\": "
                 "\"column\", \"state\": \"%s\", \"hexes\": [\"%s\"]}\n",
                 i ? "," : "", i, c <= f->cols / 2 ? "french" : "austrian", state, label);
        bench_put(t, line);
    }
    bench_put(t, "]}\n");
}

static field make_field(int cols, int rows, int units)
{
    field f = {cols, rows, units, NULL, NULL};
    bench_text t = {0};
    build(&t, &f);
    lb_load_opts opts = {0};
    lb_errlist errs = {0};
    if (lb_scenario_load("bench_los.json", t.buf, t.len, &opts, &f.st, &errs) != LB_OK) {
        char msg[1024];
        lb_err_fmt(&errs.items[0], msg, sizeof msg);
        fprintf(stderr, "bench scenario refused: %s\n", msg);
        exit(1);
    }
    free(t.buf);
    return f;
}

static void free_field(field *f)
{
    lb_state_free(f->st);
    free(f->ground);
}

/* Processor milliseconds per visibility map from `from`: the best of BATCHES batches of at least
 * seconds / BATCHES each (the least disturbed by the machine's other jobs). */
static double map_ms(const field *f, lb_hex from, unsigned char *visible, double seconds)
{
    long runs = bench_runs();
    double best = 0;
    for (int b = 0; b < (runs ? 1 : BATCHES); b++) {
        long maps = 0;
        double start = bench_cpu_now(), elapsed = 0;
        while (bench_more(runs, maps, elapsed, seconds / BATCHES)) {
            if (lb_los_visible(f->st, from, -1, visible) != LB_OK)
                exit(1);
            maps++;
            elapsed = bench_cpu_now() - start;
        }
        double ms = 1e3 * elapsed / (double)maps;
        best = b == 0 || ms < best ? ms : best;
    }
    return best;
}

/* The origins of the visibility maps: the centre, a hilltop, two corners, next to the walled
 * farm (for 64x48; in proportion on other sizes). */
static const lb_hex origins[] = {{32, 24}, {30, 8}, {1, 1}, {64, 48}, {20, 21}};
enum { NORIGINS = (int)(sizeof origins / sizeof *origins) };

static lb_hex origin_on(const field *f, int o)
{
    lb_hex h = {origins[o].col * f->cols / COLS, origins[o].row * f->rows / ROWS};
    h.col = h.col < 1 ? 1 : h.col;
    h.row = h.row < 1 ? 1 : h.row;
    return h;
}

/* Average processor milliseconds of a map over the origins. */
static double average_map_ms(const field *f, double seconds)
{
    unsigned char *visible = malloc((size_t)f->cols * (size_t)f->rows);
    if (!visible)
        exit(1);
    double sum = 0;
    for (int o = 0; o < NORIGINS; o++)
        sum += map_ms(f, origin_on(f, o), visible, seconds / NORIGINS);
    free(visible);
    return sum / NORIGINS;
}

/*
 * The map and the exact answers for bench/peer/visibility.mjs, which computes the same maps with
 * a sampled hex line: per hex its elevation, its terrain's class (0 clear, 1 blocks, 2 dwelling)
 * and the side of the non-routed combat unit there (-1 none); per origin the firer's side and
 * the hexes it sees; and the exact figure, for the ratio. Hexsides are not written: the peer
 * has none.
 */
static void export_maps(const field *f, const char *dir, double exact_ms)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/visibility.json", dir);
    FILE *out = fopen(path, "w");
    if (!out) {
        fprintf(stderr, "bench_los: cannot write %s\n", path);
        exit(1);
    }
    const lb_state *st = f->st;
    fprintf(out, "{\"columns\": %d, \"rows\": %d, \"exact_ms\": %.6f,\n\"hexes\": [", f->cols,
            f->rows, exact_ms);
    for (int cell = 0; cell < f->cols * f->rows; cell++) {
        lb_hex h = {cell % f->cols + 1, cell / f->cols + 1};
        lb_los_class los = st->charts.terrain[st->map.terrain[cell]].los;
        int top = lb_state_top_combat(st, h), side = -1;
        if (top >= 0 && st->units[top].state != LB_STATE_ROUTED)
            side = st->units[top].side;
        fprintf(out, "%s[%d, %d, %d]", cell ? "," : "", st->map.elevation[cell],
                los == LB_LOS_BLOCKS ? 1 : los == LB_LOS_DWELLING ? 2 : 0, side);
    }
    fprintf(out, "],\n\"origins\": [");
    unsigned char *visible = malloc((size_t)f->cols * (size_t)f->rows);
    if (!visible)
        exit(1);
    for (int o = 0; o < NORIGINS; o++) {
        lb_hex from = origin_on(f, o);
        int top = lb_state_top_combat(st, from);
        lb_los_visible(st, from, -1, visible);
        fprintf(out, "%s\n{\"col\": %d, \"row\": %d, \"side\": %d, \"visible\": [", o ? "," : "",
                from.col, from.row, top >= 0 ? st->units[top].side : -1);
        for (int cell = 0; cell < f->cols * f->rows; cell++)
            fprintf(out, "%s%d", cell ? "," : "", visible[cell]);
        fprintf(out, "]}");
    }
    fprintf(out, "]}\n");
    free(visible);
    fclose(out);
}

int main(void)
{
    field f = make_field(COLS, ROWS, UNITS);
    const lb_state *st = f.st;

    /* lb_los_check on random pairs, NULL trace, items allocated */
    lb_hex from[QUERIES], to[QUERIES];
    lb_pcg32 rng;
    lb_pcg32_seed(&rng, 42, 54);
    long dist = 0, seen = 0;
    for (int i = 0; i < QUERIES; i++) {
        from[i] = (lb_hex){1 + (int)lb_pcg32_bounded(&rng, COLS), 1 + (int)lb_pcg32_bounded(&rng, ROWS)};
        to[i] = (lb_hex){1 + (int)lb_pcg32_bounded(&rng, COLS), 1 + (int)lb_pcg32_bounded(&rng, ROWS)};
        dist += lb_hex_distance(from[i], to[i]);
    }
    long queries = 0, runs = bench_runs();
    double start = bench_cpu_now(), elapsed = 0;
    while (bench_more(runs, queries / QUERIES, elapsed, MIN_SECONDS)) {
        for (int i = 0; i < QUERIES; i++) {
            lb_los_result r;
            if (lb_los_check(st, from[i], to[i], -1, &r, NULL) != LB_OK)
                return 1;
            seen += r.visible;
            lb_los_result_release(&r);
        }
        queries += QUERIES;
        elapsed = bench_cpu_now() - start;
    }
    printf("los check with every item: %.0f ns/query (random pairs, distance avg %.1f, %.0f%% "
           "visible)\n", 1e9 * elapsed / (double)queries, (double)dist / QUERIES,
           100.0 * (double)seen / (double)queries);

    /* whole visibility maps from several hexes */
    unsigned char visible[COLS * ROWS];
    double worst = 0, sum = 0;
    for (int o = 0; o < NORIGINS; o++) {
        double ms = map_ms(&f, origins[o], visible, MIN_SECONDS / NORIGINS);
        int count = 0;
        for (int c = 0; c < COLS * ROWS; c++)
            count += visible[c];
        printf("  from %02d%02d (elevation %d): %.4f ms, %d hexes seen\n", origins[o].col,
               origins[o].row, hill(&f, origins[o].col, origins[o].row), ms, count);
        worst = ms > worst ? ms : worst;
        sum += ms;
    }
    double exact_ms = sum / NORIGINS;
    printf("visibility map from one hex (%dx%d, %d units): %.4f ms of processor time (average of "
           "%d origins, each the best of %d batches; worst %.4f ms)\n", COLS, ROWS, UNITS, exact_ms,
           NORIGINS, BATCHES, worst);
    const char *dir = getenv("LB_BENCH_OUT");
    if (dir && *dir)
        export_maps(&f, dir, exact_ms);
    if (runs) {
        free_field(&f);
        return 0; /* counting instructions: no extras */
    }

    /* all pairs: one visibility map from every hex, 3072 x 3072 lines */
    long pairs_seen = 0;
    start = bench_cpu_now();
    for (int c = 0; c < COLS * ROWS; c++) {
        lb_los_visible(st, (lb_hex){c % COLS + 1, c / COLS + 1}, -1, visible);
        for (int k = 0; k < COLS * ROWS; k++)
            pairs_seen += visible[k];
    }
    elapsed = bench_cpu_now() - start;
    double lines = (double)COLS * ROWS * COLS * ROWS;
    printf("all pairs %dx%d: %.2f s (%d x %d lines, every one, by visibility maps: %.0f ns/line; "
           "%.1f%% visible)\n", COLS, ROWS, elapsed, COLS * ROWS, COLS * ROWS, 1e9 * elapsed / lines,
           100.0 * (double)pairs_seen / lines);
    free_field(&f);

    /* growth: the map's side doubled with units in proportion, then the units alone */
    static const int sizes[][3] = {{32, 24, 75}, {64, 48, 300}, {128, 96, 1200},
                                   {64, 48, 0}, {64, 48, 1200}};
    for (int i = 0; i < 5; i++) {
        field g = make_field(sizes[i][0], sizes[i][1], sizes[i][2]);
        double ms = average_map_ms(&g, MIN_SECONDS);
        printf("growth: visibility map %dx%d, %d units: %.4f ms (%.1f ns per hex)\n", g.cols,
               g.rows, g.units, ms, 1e6 * ms / (g.cols * g.rows));
        free_field(&g);
    }
    return 0;
}
