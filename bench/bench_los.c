/* Benchmark: line of sight on a 64x48 map with woods, villages, hills 0-3 and 300 units. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"
#include "lb/lb.h"

#define COLS 64
#define ROWS 48
#define UNITS 300
#define QUERIES 4096

#define MIN_SECONDS 0.5 /* each measure runs at least this long */

/* Hills: elevation 3 at six summits, one less every 3 hexes away, never below 0. */
static int hill(int col, int row)
{
    static const int summits[6][2] = {{10, 10}, {30, 8}, {50, 14}, {16, 34}, {40, 30}, {58, 42}};
    int best = 0;
    for (int i = 0; i < 6; i++) {
        int h = 3 - lb_hex_distance((lb_hex){col, row}, (lb_hex){summits[i][0], summits[i][1]}) / 3;
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

static void build(bench_text *t, char map[ROWS][COLS + 1])
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
    snprintf(line, sizeof line, "\"map\": {\"columns\": %d, \"rows\": %d,\n\"terrain\": [\n", COLS, ROWS);
    bench_put(t, line);
    for (int r = 0; r < ROWS; r++) {
        for (int c = 0; c < COLS; c++)
            map[r][c] = terrain(&rng);
        map[r][COLS] = '\0';
        snprintf(line, sizeof line, "\"%s\"%s\n", map[r], r + 1 < ROWS ? "," : "");
        bench_put(t, line);
    }
    bench_put(t, "],\n\"legend\": {\".\": \"clear\", \"W\": \"woods\", \"V\": \"village\"},\n\"elevation\": [\n");
    for (int r = 0; r < ROWS; r++) {
        char row[COLS + 1];
        for (int c = 0; c < COLS; c++)
            row[c] = (char)('0' + hill(c + 1, r + 1));
        row[COLS] = '\0';
        snprintf(line, sizeof line, "\"%s\"%s\n", row, r + 1 < ROWS ? "," : "");
        bench_put(t, line);
    }
    /* a walled farm: the six hexsides round 2020 */
    bench_put(t, "],\n\"hexsides\": [");
    for (int d = 0; d < LB_DIR_COUNT; d++) {
        snprintf(line, sizeof line, "%s{\"hex\": \"2020\", \"side\": \"%s\", \"type\": \"wall\"}",
                 d ? ", " : "", lb_hex_dir_name(d));
        bench_put(t, line);
    }
    bench_put(t, "]},\n\"units\": [\n");
    for (int i = 0; i < UNITS; i++) {
        int c, r;
        do {
            c = 1 + (int)lb_pcg32_bounded(&rng, COLS);
            r = 1 + (int)lb_pcg32_bounded(&rng, ROWS);
        } while (map[r - 1][c - 1] != '.');
        map[r - 1][c - 1] = 'u';
        const char *state = i % 10 == 0 ? "routed" : i % 10 == 1 ? "disordered" : "good";
        snprintf(line, sizeof line,
                 "%s{\"id\": \"u%d\", \"side\": \"%s\", \"arm\": \"infantry\", \"increments\": 8, "
                 "\"fire\": 8, \"melee\": 8, \"movement\": 6, \"morale\": \"34\", \"formation\": "
                 "\"column\", \"state\": \"%s\", \"hexes\": [\"%02d%02d\"]}\n",
                 i ? "," : "", i, c <= COLS / 2 ? "french" : "austrian", state, c, r);
        bench_put(t, line);
    }
    bench_put(t, "]}\n");
}

int main(void)
{
    bench_text t = {0};
    char map[ROWS][COLS + 1];
    build(&t, map);
    lb_load_opts opts = {0};
    lb_state *st = NULL;
    lb_errlist errs = {0};
    if (lb_scenario_load("bench_los.json", t.buf, t.len, &opts, &st, &errs) != LB_OK) {
        char msg[1024];
        lb_err_fmt(&errs.items[0], msg, sizeof msg);
        fprintf(stderr, "bench scenario refused: %s\n", msg);
        return 1;
    }
    free(t.buf);

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
    long queries = 0;
    double start = bench_cpu_now(), elapsed;
    do {
        for (int i = 0; i < QUERIES; i++) {
            lb_los_result r;
            if (lb_los_check(st, from[i], to[i], -1, &r, NULL) != LB_OK)
                return 1;
            seen += r.visible;
            lb_los_result_release(&r);
        }
        queries += QUERIES;
        elapsed = bench_cpu_now() - start;
    } while (elapsed < MIN_SECONDS);
    printf("los check: %.0f ns/query (random pairs, distance avg %.1f, %.0f%% visible)\n",
           1e9 * elapsed / (double)queries, (double)dist / QUERIES,
           100.0 * (double)seen / (double)queries);

    /* whole visibility maps from several hexes: the centre, a hilltop, a corner, a village edge */
    unsigned char visible[COLS * ROWS];
    static const lb_hex origins[] = {{32, 24}, {30, 8}, {1, 1}, {64, 48}, {20, 21}};
    const int norigins = (int)(sizeof origins / sizeof *origins);
    double worst = 0, sum = 0;
    for (int o = 0; o < norigins; o++) {
        long maps = 0;
        start = bench_cpu_now();
        do {
            if (lb_los_visible(st, origins[o], -1, visible) != LB_OK)
                return 1;
            maps++;
            elapsed = bench_cpu_now() - start;
        } while (elapsed < MIN_SECONDS / norigins);
        double ms = 1e3 * elapsed / (double)maps;
        int count = 0;
        for (int c = 0; c < COLS * ROWS; c++)
            count += visible[c];
        printf("  from %02d%02d (elevation %d): %.3f ms, %d hexes seen\n", origins[o].col,
               origins[o].row, hill(origins[o].col, origins[o].row), ms, count);
        worst = ms > worst ? ms : worst;
        sum += ms;
    }
    printf("visibility map from one hex (%dx%d): %.3f ms (average of %d origins; worst %.3f ms)\n",
           COLS, ROWS, sum / norigins, norigins, worst);

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
    lb_state_free(st);
    return 0;
}
