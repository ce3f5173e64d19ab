/* Benchmarks' shared helpers: the clocks, counted runs, a growing text buffer, the embedded demo. */
#ifndef LB_BENCH_COMMON_H
#define LB_BENCH_COMMON_H

#include <stddef.h>
#include <stdint.h>

#include "lb/game.h"
#include "lb/lb.h"

/* Seconds of this process's processor time (CLOCK_PROCESS_CPUTIME_ID): on a machine shared with
 * other jobs a wall clock counts their time too, so every figure of work done here is taken on
 * this one. */
double bench_cpu_now(void);

/* Seconds on a monotonic clock: for what waits on something else (a database's commits). */
double bench_now(void);

/* LB_BENCH_RUNS=n makes every measure run exactly n times instead of for a stretch of processor
 * time, and skips the long extras (growth, all pairs): for counting instructions under
 * callgrind, which are the same from one run to the next (BENCHMARKS.md). 0 when unset. */
long bench_runs(void);

/* LB_BENCH_ONLY=text keeps only the measures whose description contains text (all when unset). */
int bench_only(const char *what);

/* Whether a measure goes on: n runs done, `elapsed` seconds taken of at least `seconds`, or
 * exactly `runs` runs when runs is not 0. */
int bench_more(long runs, long n, double elapsed, double seconds);

/* A text that grows as it is written; exits the benchmark when memory runs out. */
typedef struct bench_text {
    char *buf;
    size_t len;
    int cap;
} bench_text;

/* Appends s. */
void bench_put(bench_text *t, const char *s);

/* The embedded demo scenario on the embedded charts; exits with a message when it is refused. */
lb_state *bench_load_demo(void);

/* A game of the scenario text (name for messages) on the embedded charts, its dice from seed;
 * exits with a message when it is refused. */
lb_game *bench_game_of(const char *name, const char *text, size_t len, uint64_t seed);
/* A game of the embedded demo with its dice from seed; exits with a message when it is refused. */
lb_game *bench_demo_game(uint64_t seed);

#endif
