/* Benchmark: the computer player on the demo, on one core: processor time per decision (median, p99, most) at the quick and the full level against the budget, what a what-if copy and a rollout cost. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "common.h"
#include "lb/ai.h"
#include "lb/game.h"
#include "lb/lb.h"
#include "game_int.h"
#include "ai_int.h"

#define RANDOM_TRIES 20

/* Processor time of this thread: the machine may be shared, one decision uses one core. */
static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

typedef struct times {
    double *v;
    int n, cap;
} times;

static void add_time(times *t, double x)
{
    if (t->n == t->cap) {
        t->cap = t->cap ? 2 * t->cap : 256;
        t->v = realloc(t->v, (size_t)t->cap * sizeof *t->v);
        if (!t->v) {
            fprintf(stderr, "out of memory\n");
            exit(1);
        }
    }
    t->v[t->n++] = x;
}

/* Whole demo games, the computer at level on one side, the random player on the other, each
 * side in turn: the processor time of every computer decision. */
static void bench_level(lb_ai_level level, int games)
{
    times t = {0};
    int wins = 0;
    for (int i = 0; i < games; i++) {
        lb_game *g = bench_demo_game(1000 + (uint64_t)i);
        int ai = i % 2;
        lb_ai_settings s;
        lb_ai_settings_init(&s);
        s.level = level;
        s.seed = (uint64_t)i;
        lb_pcg32 rng;
        lb_pcg32_seed(&rng, (uint64_t)i, 5);
        const lb_decision *d;
        while ((d = lb_game_pending(g)) != NULL) {
            char key[LB_OPTION_KEY_MAX], why[LB_AI_REASON_MAX];
            lb_game_answer a = {.verdict = LB_REFUSED_ILLEGAL};
            int side = d->side;
            if (side == ai) {
                double t0 = cpu_now();
                if (lb_ai_choose(g, side, &s, key, why) != LB_OK) {
                    fprintf(stderr, "the computer failed\n");
                    exit(1);
                }
                add_time(&t, cpu_now() - t0);
                lb_game_decide(g, side, lb_game_seq(g), key, &a);
                if (a.verdict != LB_ACCEPTED) {
                    fprintf(stderr, "the computer's %s was refused: %s\n", key, a.reason);
                    exit(1);
                }
                continue;
            }
            for (int k = 0; k < RANDOM_TRIES && a.verdict != LB_ACCEPTED; k++) {
                lb_game_random_key(g, &rng, key, sizeof key);
                lb_game_decide(g, side, lb_game_seq(g), key, &a);
            }
            if (a.verdict != LB_ACCEPTED)
                lb_game_decide(g, side, lb_game_seq(g), "end", &a);
        }
        lb_game_score sc;
        lb_game_score_of(g, &sc);
        wins += sc.winner == ai;
        lb_game_free(g);
    }
    qsort(t.v, (size_t)t.n, sizeof *t.v, by_value);
    printf("%-5s level, %d demo games against the random player (won %d): %d decisions, "
           "processor time per decision median %.1f ms, p99 %.1f ms, most %.1f ms "
           "(budget %d ms, %d rollouts)\n", lb_ai_level_name(level), games, wins, t.n,
           t.v[t.n / 2] * 1e3, t.v[(int)((t.n - 1) * 0.99)] * 1e3, t.v[t.n - 1] * 1e3, 1000,
           level == LB_AI_FULL ? LB_AI_ROLLOUTS_PER_SECOND : 0);
    free(t.v);
}

/* A what-if copy of the demo in its first Movement segment, and one rollout from there: the
 * French end their movement and the rest of the turn is played by the cheap policy (the copy
 * and the decisions it takes; what the full level pays per rollout at most in Movement). */
static void bench_clone(void)
{
    lb_game *g = bench_demo_game(1);
    lb_game_answer a;
    lb_game_decide(g, LB_ROLE_BOTH, lb_game_seq(g), "end", &a);
    long n = 0;
    double start = cpu_now(), elapsed;
    do {
        lb_game *c;
        if (lb_game_clone(g, (uint64_t)n, &c) != LB_OK)
            exit(1);
        lb_game_free(c);
        n++;
        elapsed = cpu_now() - start;
    } while (elapsed < 1.0);
    printf("a what-if copy of the demo in Movement: %.1f us\n", elapsed / (double)n * 1e6);
    n = 0;
    int decisions = 0;
    start = cpu_now();
    do {
        lb_game *c;
        if (lb_game_clone(g, (uint64_t)n, &c) != LB_OK)
            exit(1);
        lb_ai_settings s;
        lb_ai_settings_init(&s);
        s.level = LB_AI_QUICK;
        while (lb_game_pending(c) && lb_game_turn_number(c) == 1) {
            const lb_decision *d = lb_game_pending(c);
            char key[LB_OPTION_KEY_MAX], why[LB_AI_REASON_MAX];
            const char *k = lb_decision_find(d, "end") >= 0 ? "end" : key;
            if (k == key && lb_ai_choose(c, d->side, &s, key, why) != LB_OK)
                exit(1);
            lb_game_decide(c, d->side, lb_game_seq(c), k, &a);
            decisions++;
        }
        lb_game_free(c);
        n++;
        elapsed = cpu_now() - start;
    } while (elapsed < 1.0);
    printf("the rest of the demo's first turn on a copy, every segment ended (%d decisions): "
           "%.2f ms\n", decisions / (int)n, elapsed / (double)n * 1e3);
    lb_game_free(g);
}

int main(int argc, char **argv)
{
    int full_games = argc > 1 ? atoi(argv[1]) : 2;
    bench_clone();
    bench_level(LB_AI_QUICK, 10);
    if (full_games > 0)
        bench_level(LB_AI_FULL, full_games);
    return 0;
}
