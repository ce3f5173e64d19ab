/* Benchmark: optimal retreat paths among 50 enemies on 64x48, and long cavalry routs in the open. */
#define _DEFAULT_SOURCE /* wait4: the peak memory of one measured child */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "common.h"
#include "lb/lb.h"
#include "dice_int.h"
#include "hex_int.h"
#include "retreat_int.h"

#define COLS 64
#define ROWS 48
#define UNITS_PER_SIDE 50

static void append(char **p, size_t *left, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(*p, *left, fmt, ap);
    va_end(ap);
    if (n < 0 || (size_t)n >= *left) {
        fprintf(stderr, "bench_retreat: scenario text too long\n");
        exit(1);
    }
    *p += n;
    *left -= (size_t)n;
}

/* A battle: mixed terrain with streams; 50 French units west of the middle, 50 Austrian east of
 * it, facing each other across a front a few hexes wide. `open` makes the map all clear. */
static lb_state *battle(int open, uint64_t seed)
{
    lb_pcg32 rng;
    lb_pcg32_seed(&rng, seed, 3);
    char grid[ROWS][COLS + 1];
    for (int r = 0; r < ROWS; r++) {
        for (int c = 0; c < COLS; c++) {
            uint32_t x = lb_pcg32_bounded(&rng, 100);
            grid[r][c] = open || x < 60 ? '.' : x < 75 ? 'W' : x < 85 ? 'R' : x < 95 ? 'V' : 'L';
        }
        grid[r][COLS] = '\0';
    }
    size_t cap = 1 << 20, left = cap;
    char *text = malloc(cap), *p = text;
    append(&p, &left,
           "{\"format\": \"labataille-scenario/1\", \"rules\": \"premier-2018\", \"sides\": "
           "[\"french\", \"austrian\"], \"map\": {\"columns\": %d, \"rows\": %d, \"terrain\": [",
           COLS, ROWS);
    for (int r = 0; r < ROWS; r++)
        append(&p, &left, "%s\"%s\"", r ? "," : "", grid[r]);
    append(&p, &left, "], \"legend\": {\".\": \"clear\", \"W\": \"woods\", \"R\": \"rough\", "
                      "\"V\": \"village\", \"L\": \"lake\"}, \"hexsides\": [");
    int n = 0;
    for (int r = 2; r < ROWS && !open; r++)
        for (int c = 2; c < COLS; c++)
            if (lb_pcg32_bounded(&rng, 25) == 0)
                append(&p, &left, "%s{\"hex\": \"%02d%02d\", \"side\": \"%s\", \"type\": "
                                  "\"stream\"}",
                       n++ ? "," : "", c, r, lb_hex_dir_name((int)lb_pcg32_bounded(&rng, 6)));
    append(&p, &left,
           "]}, \"charts\": {\"terrain\": {"
           "\"clear\": {\"move\": {\"infantry\": 1, \"cavalry\": 1, \"artillery\": 1}},"
           "\"woods\": {\"move\": {\"infantry\": 3, \"cavalry\": 5, \"artillery\": null}, "
           "\"los\": \"blocks\", \"general_order\": true},"
           "\"rough\": {\"move\": {\"infantry\": 2, \"cavalry\": 2, \"artillery\": 2}},"
           "\"village\": {\"move\": {\"infantry\": 3, \"cavalry\": 3, \"artillery\": 3}, "
           "\"los\": \"dwelling\", \"general_order\": true},"
           "\"lake\": {\"move\": {\"infantry\": null, \"cavalry\": null, \"artillery\": null}}},"
           "\"hexsides\": {\"stream\": {\"move\": {\"infantry\": 1, \"cavalry\": 2, "
           "\"artillery\": 3}}}}, \"units\": [");
    int used[ROWS][COLS] = {{0}};
    for (int side = 0; side < 2; side++)
        for (int i = 0; i < UNITS_PER_SIDE; i++) {
            int c, r;
            do {
                /* French in columns 22-32, Austrians in 33-43 */
                c = (side ? 32 : 21) + (int)lb_pcg32_bounded(&rng, 11);
                r = (int)lb_pcg32_bounded(&rng, ROWS);
            } while (grid[r][c] != '.' || used[r][c]);
            used[r][c] = 1;
            append(&p, &left,
                   "%s{\"id\": \"%c%d\", \"side\": \"%s\", \"arm\": \"infantry\", "
                   "\"increments\": 6, \"fire\": 6, \"melee\": 12, \"movement\": 6, "
                   "\"morale\": \"34\", \"formation\": \"column\", \"state\": \"good\", "
                   "\"hexes\": [\"%02d%02d\"]}",
                   side || i ? "," : "", side ? 'a' : 'f', i, side ? "austrian" : "french",
                   c + 1, r + 1);
        }
    append(&p, &left, "]}");
    lb_load_opts opts = {0};
    lb_errlist errs = {0};
    lb_state *st = NULL;
    lb_scenario_load("bench.json", text, strlen(text), &opts, &st, &errs);
    if (!st) {
        char line[1200];
        lb_err_fmt(&errs.items[0], line, sizeof line);
        fprintf(stderr, "bench_retreat: %s\n", line);
        exit(1);
    }
    lb_errlist_release(&errs);
    free(text);
    return st;
}

/* Mean time (wall and CPU: the machine may be shared) of lb_retreat_paths over every French
 * unit, repeated for at least half a second; keep is how many paths the result lists (0: the
 * default, LB_RETREAT_KEEP). */
static void measure(const char *what, const lb_state *st, lb_retreat_kind kind, int keep)
{
    if (!bench_only(what))
        return;
    lb_retreat_req req = {.kind = kind, .max_paths = keep};
    double paths = 0, surrender = 0, start = bench_cpu_now(), elapsed = 0;
    long calls = 0;
    long want = bench_runs();
    while (bench_more(want, calls, elapsed, 0.5)) {
        for (int u = 0; u < UNITS_PER_SIDE; u++) {
            lb_retreat r;
            if (lb_retreat_paths(st, u, &req, &r, NULL) != LB_OK) {
                fprintf(stderr, "bench_retreat: out of memory\n");
                exit(1);
            }
            paths += (double)r.count;
            surrender += r.surrender;
            lb_retreat_release(&r);
            calls++;
        }
        elapsed = bench_cpu_now() - start;
    }
    printf("%s: %.1f us per %s (%.1f optimal paths on average, %s listed; %.0f%% surrender)\n",
           what, 1e6 * elapsed / (double)calls, kind == LB_RETREAT_ROUT ? "rout" : "retreat",
           paths / (double)calls, keep == 1 ? "1" : "up to 1000", 100.0 * surrender / (double)calls);
}

/* An open map of cols x rows, all clear, with one enemy infantry unit in `enemy` and a French
 * cavalry unit of `move` MP next to it in `cav`. */
static lb_state *open_map(int cols, int rows, int move, lb_hex cav, lb_hex enemy)
{
    bench_text t = {0};
    char buf[512];
    snprintf(buf, sizeof buf,
             "{\"format\": \"labataille-scenario/1\", \"rules\": \"premier-2018\", \"sides\": "
             "[\"french\", \"austrian\"], \"map\": {\"columns\": %d, \"rows\": %d, "
             "\"terrain\": [",
             cols, rows);
    bench_put(&t, buf);
    char *row = malloc((size_t)cols + 1);
    memset(row, '.', (size_t)cols);
    row[cols] = '\0';
    for (int r = 0; r < rows; r++) {
        bench_put(&t, r ? ",\"" : "\"");
        bench_put(&t, row);
        bench_put(&t, "\"");
    }
    free(row);
    int cd, rd;
    lb_hex_label_digits(cols, rows, &cd, &rd);
    char a[LB_HEX_LABEL_MAX], b[LB_HEX_LABEL_MAX];
    lb_hex_label_fmt(cav, cd, rd, a, sizeof a);
    lb_hex_label_fmt(enemy, cd, rd, b, sizeof b);
    snprintf(buf, sizeof buf,
             "], \"legend\": {\".\": \"clear\"}}, \"charts\": {\"terrain\": {\"clear\": "
             "{\"move\": {\"infantry\": 1, \"cavalry\": 1, \"artillery\": 1}}}}, \"units\": ["
             "{\"id\": \"cav\", \"side\": \"french\", \"arm\": \"cavalry\", \"increments\": 4, "
             "\"fire\": 0, \"melee\": 8, \"movement\": %d, \"morale\": \"33\", \"formation\": "
             "\"column\", \"state\": \"good\", \"hexes\": [\"%s\"]},"
             "{\"id\": \"au\", \"side\": \"austrian\", \"arm\": \"infantry\", \"increments\": 6, "
             "\"fire\": 6, \"melee\": 12, \"movement\": 6, \"morale\": \"34\", \"formation\": "
             "\"column\", \"state\": \"good\", \"hexes\": [\"%s\"]}]}",
             move, a, b);
    bench_put(&t, buf);
    lb_load_opts opts = {0};
    lb_errlist errs = {0};
    lb_state *st = NULL;
    lb_scenario_load("open.json", t.buf, t.len, &opts, &st, &errs);
    if (!st) {
        char line[1200];
        lb_err_fmt(&errs.items[0], line, sizeof line);
        fprintf(stderr, "bench_retreat: %s\n", line);
        exit(1);
    }
    lb_errlist_release(&errs);
    free(t.buf);
    return st;
}

/* One rout of the cavalry of an open map (the enemy in the middle, so the hexes at one distance
 * from it make whole rings), in a child process so that its peak memory is its own: time, peak
 * resident memory, and the answer's size. */
static void measure_open(int cols, int rows, int move)
{
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
        lb_hex enemy = {cols / 2, rows / 2}, cav = lb_hex_neighbor(enemy, LB_DIR_N);
        lb_state *st = open_map(cols, rows, move, cav, enemy);
        lb_retreat_req req = {.kind = LB_RETREAT_ROUT};
        lb_retreat r;
        double start = bench_now();
        clock_t cpu = clock();
        int rc = lb_retreat_paths(st, 0, &req, &r, NULL);
        double elapsed = bench_now() - start, cpu_s = (double)(clock() - cpu) / CLOCKS_PER_SEC;
        if (rc != LB_OK) {
            printf("rout %d MP, %dx%d open: %s\n", move, cols, rows, lb_err_str(rc));
            exit(1);
        }
        printf("rout %d MP, lone enemy, %dx%d open: %.3f s, %.3f s of CPU, %d hexes, %s%llu "
               "optimal paths, %d end hexes",
               move, cols, rows, elapsed, cpu_s, r.hexes, r.count_saturated ? "at least " : "",
               r.count, r.nends);
        lb_retreat_release(&r);
        lb_state_free(st);
        exit(0);
    }
    int status;
    struct rusage ru;
    if (pid < 0 || wait4(pid, &status, 0, &ru) != pid || !WIFEXITED(status) ||
        WEXITSTATUS(status) != 0) {
        fprintf(stderr, "bench_retreat: the open-map rout failed\n");
        exit(1);
    }
    printf(", peak memory %.1f MB\n", (double)ru.ru_maxrss / 1024.0);
}

int main(void)
{
    lb_state *st = battle(0, 1809);
    measure("rout 10 hexes, 50 enemies, 64x48", st, LB_RETREAT_ROUT, 0);
    measure("rout 10 hexes, 50 enemies, 64x48, counted", st, LB_RETREAT_ROUT, 1);
    measure("disorder 3 MP, 50 enemies, 64x48", st, LB_RETREAT_DISORDER, 0);
    lb_state_free(st);
    st = battle(1, 1809);
    measure("rout 10 hexes, 50 enemies, 64x48, all clear", st, LB_RETREAT_ROUT, 0);
    lb_state_free(st);
    if (bench_runs())
        return 0; /* counting instructions: no extras */
    measure_open(64, 48, 60);
    measure_open(64, 48, 120);
    measure_open(99, 99, 999);
    return 0;
}
