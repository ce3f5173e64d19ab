/* Benchmark: the move options of one unit, and of every unit of a side, on a 64x48 battle map with 50 enemies; a checked plan. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "common.h"
#include "lb/data.h"
#include "lb/lb.h"

#define COLS 64
#define ROWS 48
#define UNITS_PER_SIDE 50

/* A battle on the Wagram charts: clear ground with woods, villages and a road across the map,
 * streams, two hills; 50 French units (infantry columns, lines, cavalry, guns) west of the middle
 * facing 50 Austrians east of it. */
static lb_state *battle(uint64_t seed)
{
    lb_pcg32 rng;
    lb_pcg32_seed(&rng, seed, 5);
    char grid[ROWS][COLS + 1], elev[ROWS][COLS + 1];
    for (int r = 0; r < ROWS; r++) {
        for (int c = 0; c < COLS; c++) {
            uint32_t x = lb_pcg32_bounded(&rng, 100);
            grid[r][c] = r == ROWS / 2 ? 'R' : x < 75 ? '.' : x < 88 ? 'W' : x < 94 ? 'V' : 'G';
            int hill = (c - 20) * (c - 20) + (r - 10) * (r - 10) < 30 ||
                       (c - 44) * (c - 44) + (r - 36) * (r - 36) < 30;
            elev[r][c] = hill ? '1' : '0';
        }
        grid[r][COLS] = elev[r][COLS] = '\0';
    }
    bench_text t = {0};
    char buf[512];
    bench_put(&t, "{\"format\": \"labataille-scenario/1\", \"game\": \"deutsch-wagram-1809\","
                  " \"sides\": [\"french\", \"austrian\"], \"map\": {\"columns\": 64, \"rows\": 48,"
                  " \"legend\": {\".\": \"clear\", \"W\": \"woods\", \"V\": \"village\","
                  " \"G\": \"garden\", \"R\": \"road\"}, \"terrain\": [");
    for (int r = 0; r < ROWS; r++) {
        snprintf(buf, sizeof buf, "%s\"%s\"", r ? "," : "", grid[r]);
        bench_put(&t, buf);
    }
    bench_put(&t, "], \"elevation\": [");
    for (int r = 0; r < ROWS; r++) {
        snprintf(buf, sizeof buf, "%s\"%s\"", r ? "," : "", elev[r]);
        bench_put(&t, buf);
    }
    bench_put(&t, "], \"hexsides\": [");
    for (int i = 0; i < 60; i++) {
        snprintf(buf, sizeof buf, "%s{\"hex\": \"%02d%02d\", \"side\": \"%s\", \"type\": \"stream\"}",
                 i ? "," : "", 2 + (int)lb_pcg32_bounded(&rng, COLS - 2),
                 2 + (int)lb_pcg32_bounded(&rng, ROWS - 2),
                 lb_hex_dir_name((int)lb_pcg32_bounded(&rng, 6)));
        bench_put(&t, buf);
    }
    bench_put(&t, "]}, \"units\": [");
    static char used[ROWS][COLS];
    memset(used, 0, sizeof used);
    for (int side = 0; side < 2; side++)
        for (int i = 0; i < UNITS_PER_SIDE; i++) {
            int c, r;
            do {
                c = (side ? 32 : 20) + (int)lb_pcg32_bounded(&rng, 12);
                r = (int)lb_pcg32_bounded(&rng, ROWS);
            } while (grid[r][c] != '.' || used[r][c]);
            used[r][c] = 1;
            const char *name = side ? "austrian" : "french";
            int facing = side ? 8 : 4, kind = i % 5;
            if (kind == 3)
                snprintf(buf, sizeof buf, "%s{\"id\": \"%c%d\", \"side\": \"%s\", \"arm\": "
                         "\"cavalry\", \"nation\": \"%s\", \"class\": \"hussar\", \"increments\": 8,"
                         " \"fire\": 0, \"melee\": 16, \"movement\": 14, \"morale\": \"33\","
                         " \"formation\": \"column\", \"state\": \"good\", \"facing\": %d,"
                         " \"hexes\": [\"%02d%02d\"]}", side || i ? "," : "", name[0], i, name,
                         name, facing, c + 1, r + 1);
            else if (kind == 4)
                snprintf(buf, sizeof buf, "%s{\"id\": \"%c%d\", \"side\": \"%s\", \"arm\": "
                         "\"artillery\", \"nation\": \"%s\", \"class\": \"%s\", \"increments\": 2,"
                         " \"fire\": 8, \"melee\": 2, \"movement\": 5, \"morale\": \"44\","
                         " \"formation\": \"limbered\", \"state\": \"good\", \"facing\": %d,"
                         " \"hexes\": [\"%02d%02d\"]}", side || i ? "," : "", name[0], i, name,
                         name, side ? "brigade" : "a_pied", facing, c + 1, r + 1);
            else
                snprintf(buf, sizeof buf, "%s{\"id\": \"%c%d\", \"side\": \"%s\", \"arm\": "
                         "\"infantry\", \"nation\": \"%s\", \"class\": \"%s\", \"increments\": 8,"
                         " \"fire\": 8, \"melee\": 24, \"movement\": 6, \"morale\": \"34\","
                         " \"formation\": \"%s\", \"state\": \"good\", \"facing\": %d,"
                         " \"hexes\": [\"%02d%02d\"]}", side || i ? "," : "", name[0], i, name,
                         name, side ? "linie" : "ligne", kind == 2 ? "line" : "column",
                         kind == 2 ? facing - 1 : facing, c + 1, r + 1);
            bench_put(&t, buf);
        }
    bench_put(&t, "]}");
    int nmodules;
    const lb_module *modules = lb_data_modules(&nmodules);
    lb_load_opts opts = {.modules = modules, .nmodules = nmodules};
    lb_errlist errs = {0};
    lb_state *st = NULL;
    if (lb_scenario_load("bench.json", t.buf, t.len, &opts, &st, &errs) != LB_OK) {
        char line[1200];
        lb_err_fmt(&errs.items[0], line, sizeof line);
        fprintf(stderr, "bench_move: %s\n", line);
        exit(1);
    }
    lb_errlist_release(&errs);
    free(t.buf);
    return st;
}

/* Processor time of this process in seconds: on a machine shared with other jobs the wall clock
 * (bench_now) counts their time too, so both are printed. */
static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Options of unit id, repeated for half a second: microseconds per call and the reach. */
static void one_unit(const lb_state *st, const char *id, const char *what)
{
    long calls = 0, reach = 0, changes = 0;
    double start = bench_now(), cpu = cpu_now(), elapsed;
    do {
        for (int k = 0; k < 100; k++) {
            lb_move_choices ch;
            if (lb_move_options(st, id, &ch, NULL) != LB_OK) {
                fprintf(stderr, "bench_move: options failed\n");
                exit(1);
            }
            reach += ch.nreach - 1;
            changes += ch.nchanges;
            lb_move_choices_release(&ch);
            calls++;
        }
        elapsed = bench_now() - start;
    } while (elapsed < 0.5);
    cpu = cpu_now() - cpu;
    printf("%s: %.1f us per lb_move_options, %.1f us of processor time (%ld hexes in reach, %ld "
           "other actions)\n", what, 1e6 * elapsed / (double)calls, 1e6 * cpu / (double)calls,
           reach / calls, changes / calls);
}

/* Options of every unit of side 0, once per pass. */
static void whole_side(const lb_state *st)
{
    long passes = 0, reach = 0;
    double start = bench_now(), cpu = cpu_now(), elapsed;
    do {
        for (int i = 0; i < st->nunits; i++) {
            if (st->units[i].side != 0)
                continue;
            lb_move_choices ch;
            if (lb_move_options(st, st->units[i].id, &ch, NULL) != LB_OK)
                exit(1);
            reach += ch.nreach - 1;
            lb_move_choices_release(&ch);
        }
        passes++;
        elapsed = bench_now() - start;
    } while (elapsed < 0.5);
    cpu = cpu_now() - cpu;
    printf("every unit of one side (50): %.1f us per side, %.1f us of processor time (%.1f us per "
           "unit, %ld hexes in reach per side)\n", 1e6 * elapsed / (double)passes,
           1e6 * cpu / (double)passes, 1e6 * cpu / (double)passes / 50, reach / passes);
}

/* A plan of the first unit's cheapest path to its farthest end hex, checked. */
static void plan_check(const lb_state *st, const char *id)
{
    lb_move_choices ch;
    lb_move_options(st, id, &ch, NULL);
    int far = ch.nreach - 1;
    while (far > 0 && !ch.reach[far].end)
        far--;
    int dirs[64];
    int n = lb_move_choices_path(&ch, far, dirs, 64);
    lb_move_action plan[64];
    for (int s = 0; s < n; s++)
        plan[s] = (lb_move_action){.kind = LB_ACT_STEP, .dir = dirs[s]};
    lb_move_choices_release(&ch);
    long calls = 0;
    double start = bench_now(), cpu = cpu_now(), elapsed;
    do {
        lb_move_plan p;
        lb_move_check(st, id, plan, n, NULL, &p, NULL);
        lb_move_plan_release(&p);
        calls++;
        elapsed = bench_now() - start;
    } while (elapsed < 0.5);
    cpu = cpu_now() - cpu;
    printf("lb_move_check of a %d-step plan: %.1f us, %.1f us of processor time\n", n,
           1e6 * elapsed / (double)calls, 1e6 * cpu / (double)calls);
}

int main(void)
{
    lb_state *st = battle(1809);
    one_unit(st, "f0", "infantry column, 6 MP, 64x48, 50 enemies");
    one_unit(st, "f3", "cavalry column, 14 MP, 64x48, 50 enemies");
    whole_side(st);
    plan_check(st, "f0");
    lb_state_free(st);
    st = bench_load_demo();
    one_unit(st, "fr-8chs", "demo: French chasseurs, 14 MP");
    lb_state_free(st);
    return 0;
}
