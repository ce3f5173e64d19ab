/* Benchmarks' shared helpers: the processor clock, a growing text buffer, the embedded demo. */
#ifndef LB_BENCH_COMMON_H
#define LB_BENCH_COMMON_H

#include <stddef.h>

#include "lb/lb.h"

/* Seconds of this process's processor time (CLOCK_PROCESS_CPUTIME_ID): on a machine shared with
 * other jobs a wall clock counts their time too, so every figure is taken on this one. */
double bench_cpu_now(void);

/* A text that grows as it is written; exits the benchmark when memory runs out. */
typedef struct bench_text {
    char *buf;
    size_t len, cap;
} bench_text;

/* Appends s. */
void bench_put(bench_text *t, const char *s);

/* The embedded demo scenario on the embedded charts; exits with a message when it is refused. */
lb_state *bench_load_demo(void);

#endif
