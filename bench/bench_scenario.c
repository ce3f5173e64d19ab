/* Benchmark: loading and validating a monster scenario (10,000 hexes, 2,000 units). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"
#include "lb/lb.h"

#define COLS 100
#define ROWS 100
#define UNITS 2000

static void build(bench_text *t)
{
    char line[512];
    bench_put(t, "{\n\"format\": \"labataille-scenario/1\", \"title\": \"monster\",\n"
           "\"sides\": [\"french\", \"austrian\"],\n\"charts\": {\"terrain\": {\n"
           "\"clear\": {\"move\": {\"infantry\": 1, \"cavalry\": 1, \"artillery\": 1}},\n"
           "\"woods\": {\"move\": {\"infantry\": 3, \"cavalry\": 5, \"artillery\": null}, \"los\": \"blocks\"},\n"
           "\"village\": {\"move\": {\"infantry\": 3, \"cavalry\": 3, \"artillery\": 3}, \"los\": \"dwelling\"}},\n"
           "\"hexsides\": {\"stream\": {\"move\": {\"infantry\": 1, \"cavalry\": 2, \"artillery\": 3}}}},\n");
    snprintf(line, sizeof line, "\"map\": {\"columns\": %d, \"rows\": %d,\n\"terrain\": [\n", COLS, ROWS);
    bench_put(t, line);
    for (int r = 0; r < ROWS; r++) {
        char row[COLS + 8];
        for (int c = 0; c < COLS; c++)
            row[c] = (r * 7 + c * 13) % 17 == 0 ? 'W' : (r * 3 + c * 5) % 41 == 0 ? 'V' : '.';
        row[COLS] = '\0';
        snprintf(line, sizeof line, "\"%s\"%s\n", row, r + 1 < ROWS ? "," : "");
        bench_put(t, line);
    }
    bench_put(t, "],\n\"legend\": {\".\": \"clear\", \"W\": \"woods\", \"V\": \"village\"},\n\"elevation\": [\n");
    for (int r = 0; r < ROWS; r++) {
        char row[COLS + 8];
        for (int c = 0; c < COLS; c++)
            row[c] = (char)('0' + (r / 10 + c / 10) % 3);
        row[COLS] = '\0';
        snprintf(line, sizeof line, "\"%s\"%s\n", row, r + 1 < ROWS ? "," : "");
        bench_put(t, line);
    }
    bench_put(t, "],\n\"hexsides\": [\n");
    for (int r = 1; r <= ROWS; r++) {
        snprintf(line, sizeof line, "{\"hex\": \"050%03d\", \"side\": \"NE\", \"type\": \"stream\"},\n", r);
        bench_put(t, line);
    }
    bench_put(t, "{\"hex\": \"001001\", \"side\": \"N\", \"type\": \"stream\"}]},\n\"units\": [\n");
    /* infantry in clear hexes: French in the west half, Austrians in the east */
    int placed = 0;
    for (int c = 1; c <= COLS && placed < UNITS; c++)
        for (int r = 1; r <= ROWS && placed < UNITS; r++) {
            if ((r * 7 + (c - 1) * 13) % 17 == 0 || ((r - 1) * 3 + (c - 1) * 5) % 41 == 0 ||
                (r - 1 + c) % 4)
                continue;
            int french = c <= COLS / 2;
            snprintf(line, sizeof line,
                     "{\"id\": \"u%d\", \"side\": \"%s\", \"arm\": \"infantry\", \"increments\": 8, "
                     "\"fire\": 8, \"melee\": 24, \"movement\": 6, \"morale\": \"34\", "
                     "\"formation\": \"column\", \"state\": \"good\", \"hexes\": [\"%03d%03d\"], "
                     "\"facing\": 2}%s\n",
                     placed, french ? "french" : "austrian", c, r,
                     placed + 1 < UNITS ? "," : "");
            bench_put(t, line);
            placed++;
        }
    bench_put(t, "]\n}\n");
}

int main(void)
{
    bench_text t = {0};
    build(&t);
    lb_errlist errs = {0};
    lb_state *st = NULL;
    if (lb_scenario_load("monster.json", t.buf, t.len, NULL, &st, &errs) != LB_OK) {
        char msg[1200];
        lb_err_fmt(&errs.items[0], msg, sizeof msg);
        fprintf(stderr, "monster scenario refused (%d errors): %s\n", errs.count, msg);
        return 1;
    }
    int units = st->nunits;
    lb_state_free(st);
    int runs = 0;
    double start = bench_now(), elapsed;
    do {
        lb_scenario_load("monster.json", t.buf, t.len, NULL, &st, &errs);
        lb_state_free(st);
        runs++;
        elapsed = bench_now() - start;
    } while (elapsed < 1.0 || runs < 5);
    printf("scenario load+validate, %dx%d map, %d units, %zu KB: %.2f ms per load (%d runs)\n",
           COLS, ROWS, units, t.len / 1024, elapsed / runs * 1e3, runs);
    lb_errlist_release(&errs);
    free(t.buf);
    return 0;
}
