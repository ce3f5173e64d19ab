/* Benchmark: appends to a saved game with their commit, on SQLite and on PostgreSQL (each commit flushed, and not), one writer and two processes: appends per second, p50 and p99 latency. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "common.h"
#include "lb/lb.h"
#include "lb/store.h"
#include "store_int.h"

/*
 * Run by `make bench` through tests/store/with_postgres.sh --durable: a PostgreSQL server of its
 * own with fsync on, on the same disk as the SQLite file. Each append is what one accepted
 * answer writes: one decision row with the state hash, the game's number and summary, in one
 * transaction. SQLite runs in WAL with synchronous=NORMAL (the store's setting: a commit
 * survives the process, not a power cut); PostgreSQL with synchronous_commit=on flushes each
 * commit to disk, and with synchronous_commit=off (set in the address) is SQLite's equal.
 */

#define SECONDS 2.0
#define MAX_SAMPLES 2000000

typedef struct run {
    long n;
    double elapsed;
    double p50, p99; /* seconds */
} run;

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static lb_store *open_or_exit(const char *where)
{
    lb_store *s;
    lb_err err;
    if (lb_store_open(where, &s, &err) != LB_OK) {
        fprintf(stderr, "%s\n", err.msg);
        exit(1);
    }
    return s;
}

/* Appends to a new game of where for SECONDS; the latency of each in lat (owned by caller). */
static run appends(const char *where, double *lat)
{
    lb_store *s = open_or_exit(where);
    lb_err err;
    long long id;
    if (lb_store_create(s, "bench", "demo.json", "{}", "{}", &id, &err) != LB_OK) {
        fprintf(stderr, "%s\n", err.msg);
        exit(1);
    }
    lb_journal_entry e;
    memset(&e, 0, sizeof e);
    e.kind = LB_ENTRY_DECISION;
    e.decision = LB_DECIDE_ACTION;
    snprintf(e.key, sizeof e.key, "fire:fr-26le-1:0910");
    run r = {0};
    double start = bench_now(), t0 = start, t1;
    do {
        if (lb_store_append(s, id, (int)r.n, &e, 1, "0123456789abcdef", "13:40 french "
                            "offensive_fire", &err) != LB_OK) {
            fprintf(stderr, "%s\n", err.msg);
            exit(1);
        }
        t1 = bench_now();
        lat[r.n++] = t1 - t0;
        t0 = t1;
    } while (t1 - start < SECONDS && r.n < MAX_SAMPLES);
    r.elapsed = t1 - start;
    qsort(lat, (size_t)r.n, sizeof *lat, by_value);
    r.p50 = lat[(r.n - 1) / 2];
    r.p99 = lat[(r.n * 99 + 99) / 100 - 1];
    lb_store_close(s);
    return r;
}

static void report(const char *label, run r)
{
    printf("  %-38s %8.0f appends/s   p50 %7.1f us   p99 %7.1f us   (%ld appends)\n", label,
           (double)r.n / r.elapsed, r.p50 * 1e6, r.p99 * 1e6, r.n);
}

/* Two processes, each appending to a game of its own, for SECONDS: their appends per second
 * together and the worse of their p99. */
static run two_writers(const char *where, double *lat)
{
    int fds[2];
    if (pipe(fds) != 0) {
        perror("pipe");
        exit(1);
    }
    for (int i = 0; i < 2; i++) {
        pid_t pid = fork();
        if (pid < 0) {
            perror("fork");
            exit(1);
        }
        if (pid == 0) {
            close(fds[0]);
            run r = appends(where, lat);
            _exit(write(fds[1], &r, sizeof r) == sizeof r ? 0 : 1);
        }
    }
    close(fds[1]);
    run both = {0}, one;
    for (int i = 0; i < 2; i++) {
        if (read(fds[0], &one, sizeof one) != sizeof one) {
            fprintf(stderr, "a writer failed\n");
            exit(1);
        }
        both.n += one.n;
        both.elapsed = one.elapsed > both.elapsed ? one.elapsed : both.elapsed;
        both.p50 = one.p50 > both.p50 ? one.p50 : both.p50;
        both.p99 = one.p99 > both.p99 ? one.p99 : both.p99;
    }
    close(fds[0]);
    while (wait(NULL) > 0)
        ;
    return both;
}

int main(void)
{
    const char *pg = getenv("LB_TEST_PG_URI"), *dir = getenv("LB_TEST_PG_HOST");
    if (!pg || !dir) {
        fprintf(stderr, "bench_store needs a PostgreSQL server: run it as "
                        "`bash tests/store/with_postgres.sh --durable build/bench/bench_store` "
                        "(make bench does)\n");
        return 1;
    }
    double *lat = malloc(MAX_SAMPLES * sizeof *lat);
    if (!lat)
        return 1;
    char sqlite[512], pg_async[1024];
    snprintf(sqlite, sizeof sqlite, "%s/bench.db", dir);
    snprintf(pg_async, sizeof pg_async, "%s&options=-csynchronous_commit%%3Doff", pg);
    struct {
        const char *label, *where;
    } stores[] = {
        {"SQLite (WAL, synchronous=NORMAL)", sqlite},
        {"PostgreSQL (synchronous_commit=on)", pg},
        {"PostgreSQL (synchronous_commit=off)", pg_async},
    };
    printf("one decision row appended with its commit, %.0f s each:\n", SECONDS);
    for (int i = 0; i < 3; i++)
        report(stores[i].label, appends(stores[i].where, lat));
    printf("two processes, each appending to its own game:\n");
    for (int i = 0; i < 3; i++)
        report(stores[i].label, two_writers(stores[i].where, lat));
    free(lat);
    return 0;
}
