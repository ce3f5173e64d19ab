/* Benchmark: the move options of one unit, and of every unit of a side, on a 64x48 battle with 50 enemies and on the monster game; a checked plan (CPU time). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"
#include "lb/data.h"
#include "lb/lb.h"
#include "state_int.h"
#include "dice_int.h"
#include "hex_int.h"
#include "move_int.h"

#define COLS 64
#define ROWS 48
#define UNITS_PER_SIDE 50

/* A cols x rows battle on the Wagram charts: clear ground with woods, villages and a road across
 * the map, streams, two hills; per_side French units (infantry columns, lines, cavalry, guns) in
 * the `width` columns west of the middle facing as many Austrians in those east of it (64x48, 50
 * a side, 12 columns; the monster game is 100x100 with 1000 a side). */
static lb_state *battle(uint64_t seed, int cols, int rows, int per_side, int width)
{
    lb_pcg32 rng;
    lb_pcg32_seed(&rng, seed, 5);
    char *grid = malloc((size_t)rows * (size_t)(cols + 1)), *used = calloc((size_t)rows * (size_t)cols, 1);
    char *elev = malloc((size_t)rows * (size_t)(cols + 1)), label[LB_HEX_LABEL_MAX];
    if (!grid || !used || !elev)
        exit(1);
    for (int r = 0; r < rows; r++) {
        for (int c = 0; c < cols; c++) {
            uint32_t x = lb_pcg32_bounded(&rng, 100);
            grid[r * (cols + 1) + c] = r == rows / 2 ? 'R' : x < 75 ? '.' : x < 88 ? 'W' : x < 94 ? 'V' : 'G';
            int hill = (c - 20) * (c - 20) + (r - 10) * (r - 10) < 30 ||
                       (c - 44) * (c - 44) + (r - 36) * (r - 36) < 30;
            elev[r * (cols + 1) + c] = hill ? '1' : '0';
        }
        grid[r * (cols + 1) + cols] = elev[r * (cols + 1) + cols] = '\0';
    }
    int cd, rd;
    lb_hex_label_digits(cols, rows, &cd, &rd);
    bench_text t = {0};
    char buf[512];
    snprintf(buf, sizeof buf, "{\"format\": \"labataille-scenario/1\", \"game\": \"deutsch-wagram-1809\","
                  " \"sides\": [\"french\", \"austrian\"], \"map\": {\"columns\": %d, \"rows\": %d,"
                  " \"legend\": {\".\": \"clear\", \"W\": \"woods\", \"V\": \"village\","
                  " \"G\": \"garden\", \"R\": \"road\"}, \"terrain\": [", cols, rows);
    bench_put(&t, buf);
    for (int r = 0; r < rows; r++) {
        bench_put(&t, r ? ",\"" : "\"");
        bench_put(&t, &grid[r * (cols + 1)]);
        bench_put(&t, "\"");
    }
    bench_put(&t, "], \"elevation\": [");
    for (int r = 0; r < rows; r++) {
        bench_put(&t, r ? ",\"" : "\"");
        bench_put(&t, &elev[r * (cols + 1)]);
        bench_put(&t, "\"");
    }
    bench_put(&t, "], \"hexsides\": [");
    /* one feature per hexside: a hexside drawn twice (from either of its hexes) is drawn again */
    unsigned char *taken = calloc((size_t)rows * (size_t)cols * LB_DIR_COUNT, 1);
    if (!taken)
        exit(1);
    for (int i = 0; i < 60 * cols / COLS;) {
        lb_hex h = {2 + (int)lb_pcg32_bounded(&rng, (uint32_t)cols - 2),
                    2 + (int)lb_pcg32_bounded(&rng, (uint32_t)rows - 2)};
        int d = (int)lb_pcg32_bounded(&rng, 6);
        lb_hex o = lb_hex_neighbor(h, d);
        unsigned char *mine = &taken[((h.row - 1) * cols + h.col - 1) * LB_DIR_COUNT + d];
        if (*mine)
            continue;
        *mine = 1;
        if (o.col >= 1 && o.col <= cols && o.row >= 1 && o.row <= rows)
            taken[((o.row - 1) * cols + o.col - 1) * LB_DIR_COUNT + lb_hex_dir_opposite(d)] = 1;
        lb_hex_label_fmt(h, cd, rd, label, sizeof label);
        snprintf(buf, sizeof buf, "%s{\"hex\": \"%s\", \"side\": \"%s\", \"type\": \"stream\"}",
                 i++ ? "," : "", label, lb_hex_dir_name(d));
        bench_put(&t, buf);
    }
    free(taken);
    bench_put(&t, "]}, \"units\": [");
    for (int side = 0; side < 2; side++)
        for (int i = 0; i < per_side; i++) {
            int c, r;
            do {
                c = cols / 2 - (side ? 0 : width) + (int)lb_pcg32_bounded(&rng, (uint32_t)width);
                r = (int)lb_pcg32_bounded(&rng, (uint32_t)rows);
            } while (grid[r * (cols + 1) + c] != '.' || used[r * cols + c]);
            used[r * cols + c] = 1;
            lb_hex_label_fmt((lb_hex){c + 1, r + 1}, cd, rd, label, sizeof label);
            const char *name = side ? "austrian" : "french";
            int facing = side ? 8 : 4, kind = i % 5;
            if (kind == 3)
                snprintf(buf, sizeof buf, "%s{\"id\": \"%c%d\", \"side\": \"%s\", \"arm\": "
                         "\"cavalry\", \"nation\": \"%s\", \"class\": \"hussar\", \"increments\": 8,"
                         " \"fire\": 0, \"melee\": 16, \"movement\": 14, \"morale\": \"33\","
                         " \"formation\": \"column\", \"state\": \"good\", \"facing\": %d,"
                         " \"hexes\": [\"%s\"]}", side || i ? "," : "", name[0], i, name,
                         name, facing, label);
            else if (kind == 4)
                snprintf(buf, sizeof buf, "%s{\"id\": \"%c%d\", \"side\": \"%s\", \"arm\": "
                         "\"artillery\", \"nation\": \"%s\", \"class\": \"%s\", \"increments\": 2,"
                         " \"fire\": 8, \"melee\": 2, \"movement\": 5, \"morale\": \"44\","
                         " \"formation\": \"limbered\", \"state\": \"good\", \"facing\": %d,"
                         " \"hexes\": [\"%s\"]}", side || i ? "," : "", name[0], i, name,
                         name, side ? "brigade" : "a_pied", facing, label);
            else
                snprintf(buf, sizeof buf, "%s{\"id\": \"%c%d\", \"side\": \"%s\", \"arm\": "
                         "\"infantry\", \"nation\": \"%s\", \"class\": \"%s\", \"increments\": 8,"
                         " \"fire\": 8, \"melee\": 24, \"movement\": 6, \"morale\": \"34\","
                         " \"formation\": \"%s\", \"state\": \"good\", \"facing\": %d,"
                         " \"hexes\": [\"%s\"]}", side || i ? "," : "", name[0], i, name,
                         name, side ? "linie" : "ligne", kind == 2 ? "line" : "column",
                         kind == 2 ? facing - 1 : facing, label);
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
    free(grid);
    free(elev);
    free(used);
    return st;
}

/* Options of unit id, repeated for half a second of processor time: microseconds per call and
 * the reach. */
static void one_unit(const lb_state *st, const char *id, const char *what)
{
    long calls = 0, reach = 0, changes = 0;
    double start = bench_cpu_now(), elapsed = 0;
    long want = bench_runs();
    while (bench_more(want, calls, elapsed, 0.5)) {
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
        elapsed = bench_cpu_now() - start;
    }
    printf("%s: %.1f us per lb_move_options (%ld hexes in reach, %ld other actions)\n", what,
           1e6 * elapsed / (double)calls, reach / calls, changes / calls);
}

/* Options of every unit of side 0, once per pass: processor microseconds per side. */
static double whole_side(const lb_state *st, const char *what)
{
    long passes = 0, reach = 0;
    int units = 0;
    for (int i = 0; i < st->nunits; i++)
        units += st->units[i].side == 0;
    double start = bench_cpu_now(), elapsed = 0;
    long want = bench_runs();
    while (bench_more(want, passes, elapsed, 0.5)) {
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
        elapsed = bench_cpu_now() - start;
    }
    double us = 1e6 * elapsed / (double)passes;
    printf("%s: every unit of one side (%d): %.0f us per side (%.1f us per unit, %ld hexes in "
           "reach per side)\n", what, units, us, us / units, reach / passes);
    return us;
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
    double start = bench_cpu_now(), elapsed = 0;
    long want = bench_runs();
    while (bench_more(want, calls, elapsed, 0.5)) {
        lb_move_plan p;
        lb_move_check(st, id, plan, n, NULL, &p, NULL);
        lb_move_plan_release(&p);
        calls++;
        elapsed = bench_cpu_now() - start;
    }
    printf("lb_move_check of a %d-step plan: %.1f us\n", n, 1e6 * elapsed / (double)calls);
}

int main(void)
{
    lb_state *st = battle(1809, COLS, ROWS, UNITS_PER_SIDE, 12);
    one_unit(st, "f0", "infantry column, 6 MP, 64x48, 50 enemies");
    one_unit(st, "f3", "cavalry column, 14 MP, 64x48, 50 enemies");
    whole_side(st, "64x48, 50 a side");
    plan_check(st, "f0");
    lb_state_free(st);
    st = bench_load_demo();
    one_unit(st, "fr-8chs", "demo: French chasseurs, 14 MP");
    lb_state_free(st);

    /* the monster game: 100x100, 1000 units a side in 40 columns each side of the middle */
    st = battle(1809, 100, 100, 1000, 40);
    whole_side(st, "monster 100x100, 1000 a side");
    lb_state_free(st);
    if (bench_runs())
        return 0; /* counting instructions: no extras */

    /* growth: the map alone (50 a side), then the units alone (on 100x100) */
    static const int sizes[][4] = {{128, 96, 50, 12}, {256, 192, 50, 12},
                                   {100, 100, 250, 40}, {100, 100, 2000, 48}};
    for (int i = 0; i < 4; i++) {
        char what[80];
        snprintf(what, sizeof what, "growth: %dx%d, %d a side", sizes[i][0], sizes[i][1],
                 sizes[i][2]);
        st = battle(1809, sizes[i][0], sizes[i][1], sizes[i][2], sizes[i][3]);
        whole_side(st, what);
        lb_state_free(st);
    }
    return 0;
}
