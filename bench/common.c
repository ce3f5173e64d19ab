/* Benchmarks' shared helpers: the clocks, counted runs, a growing text buffer, the embedded demo. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "common.h"
#include "lb/data.h"
#include "lb/game.h"
#include "lb/core.h"

double bench_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

double bench_cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

long bench_runs(void)
{
    const char *runs = getenv("LB_BENCH_RUNS");
    return runs ? strtol(runs, NULL, 10) : 0;
}

int bench_only(const char *what)
{
    const char *only = getenv("LB_BENCH_ONLY");
    return !only || strstr(what, only) != NULL;
}

int bench_more(long runs, long n, double elapsed, double seconds)
{
    return runs > 0 ? n < runs : n == 0 || elapsed < seconds;
}

void bench_put(bench_text *t, const char *s)
{
    size_t n = strlen(s);
    char *buf = n < (size_t)INT_MAX - t->len ? lb_grow(t->buf, &t->cap, (int)(t->len + n + 1), 1)
                                             : NULL;
    if (!buf) {
        fprintf(stderr, "out of memory\n");
        exit(1);
    }
    t->buf = buf;
    memcpy(t->buf + t->len, s, n + 1);
    t->len += n;
}

lb_state *bench_load_demo(void)
{
    int nmodules;
    const lb_module *modules = lb_data_modules(&nmodules);
    lb_load_opts opts = {.modules = modules, .nmodules = nmodules};
    size_t len;
    const char *name;
    const char *text = lb_data_demo(&len, &name);
    lb_errlist errs = {0};
    lb_state *st = NULL;
    if (lb_scenario_load(name, text, len, &opts, &st, &errs) != LB_OK) {
        fprintf(stderr, "the demo does not load\n");
        exit(1);
    }
    lb_errlist_release(&errs);
    return st;
}

lb_game *bench_game_of(const char *name, const char *text, size_t len, uint64_t seed)
{
    int nmodules;
    const lb_module *modules = lb_data_modules(&nmodules);
    lb_load_opts opts = {.modules = modules, .nmodules = nmodules};
    lb_game_settings set;
    lb_game_settings_init(&set);
    set.seed = seed;
    lb_errlist errs = {0};
    lb_game *g = NULL;
    if (lb_game_new(name, text, len, &opts, &set, &g, &errs) != LB_OK) {
        fprintf(stderr, "%s does not start\n", name);
        exit(1);
    }
    lb_errlist_release(&errs);
    return g;
}

lb_game *bench_demo_game(uint64_t seed)
{
    size_t len;
    const char *name;
    const char *text = lb_data_demo(&len, &name);
    return bench_game_of(name, text, len, seed);
}
