/* Benchmark: the game engine on the demo (and the options on the bundled battles): the legal options of the side to act, replay speed in decisions per second, and one accepted decision with its SQLite commit. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common.h"
#include "lb/data.h"
#include "lb/game.h"
#include "lb/lb.h"
#include "lb/store.h"
#include "decision_int.h"
#include "game_int.h"

static void decide(lb_game *g, const char *key)
{
    lb_game_answer a;
    if (lb_game_decide(g, LB_ROLE_BOTH, lb_game_seq(g), key, &a) != LB_OK ||
        a.verdict != LB_ACCEPTED) {
        fprintf(stderr, "%s refused: %s\n", key, a.reason);
        exit(1);
    }
}

/* The options of the side to act, listed again and again as the segment stands. */
static void time_options(lb_game *g, const char *what)
{
    long n = 0;
    int options = 0;
    double start = bench_cpu_now(), elapsed;
    do {
        lb_decision d;
        lb_game_action_options(g, &d);
        options = d.noptions;
        lb_decision_release(&d);
        n++;
        elapsed = bench_cpu_now() - start;
    } while (elapsed < 1.0);
    printf("legal options of the phasing side (%s, %d options): %.1f us\n", what, options,
           elapsed / (double)n * 1e6);
}

/* The options of the side to act once it is in its Movement segment, in each bundled battle. */
static void bench_options_bundled(void)
{
    int n;
    const lb_bundled_scenario *bundled = lb_data_scenarios(&n);
    for (int i = 0; i < n; i++) {
        lb_game *g = bench_game_of(bundled[i].file, bundled[i].text, bundled[i].len, 1);
        for (int k = 0; k < 16 && lb_state_turn(lb_game_state(g)).segment != LB_SEG_MOVEMENT; k++)
            decide(g, "end");
        char what[160];
        snprintf(what, sizeof what, "%s, %s Movement", bundled[i].id,
                 lb_state_side_name(lb_game_state(g), lb_state_turn(lb_game_state(g)).phasing));
        time_options(g, what);
        lb_game_free(g);
    }
}

/* The first turn's French Movement (every move, facing and formation change of every French
 * unit) and French Offensive Fire. */
static void bench_options(void)
{
    lb_game *g = bench_demo_game(1);
    decide(g, "end");
    time_options(g, "demo, French Movement");
    decide(g, "end");
    decide(g, "end");
    time_options(g, "demo, French Offensive Fire");
    lb_game_free(g);
}

/* A whole random game of the demo (7 turns), replayed from its journal again and again. */
static void bench_replay(void)
{
    lb_game *g = bench_demo_game(42);
    lb_pcg32 rng;
    lb_pcg32_seed(&rng, 42, 1);
    while (lb_game_pending(g)) {
        char key[LB_OPTION_KEY_MAX];
        lb_game_random_key(g, &rng, key, sizeof key);
        lb_game_answer a;
        lb_game_decide(g, LB_ROLE_BOTH, lb_game_seq(g), key, &a);
        if (a.verdict != LB_ACCEPTED)
            decide(g, lb_decision_find(lb_game_pending(g), "end") >= 0 ? "end"
                                                                       : lb_game_pending(g)->options[0].key);
    }
    lb_journal j;
    lb_journal_copy(&j, lb_game_journal(g));
    int decisions = 0;
    for (int i = 0; i < j.count; i++)
        decisions += j.entries[i].kind == LB_ENTRY_DECISION;
    long n = 0;
    double start = bench_cpu_now(), elapsed;
    do {
        lb_err err;
        if (lb_game_load_journal(g, &j, &err) != LB_OK) {
            fprintf(stderr, "replay: %s\n", err.msg);
            exit(1);
        }
        n++;
        elapsed = bench_cpu_now() - start;
    } while (elapsed < 1.0);
    double per = elapsed / (double)n;
    printf("replay of a whole random demo game (%d decisions, %d entries): %.2f ms, "
           "%.0f decisions per second\n", decisions, j.count, per * 1e3, decisions / per);
    lb_journal_release(&j);
    lb_game_free(g);
}

/* "end" in the French Charge and its undo, each saved as one transaction (WAL). */
static void bench_commit(void)
{
    char path[] = "/tmp/lb-bench-XXXXXX";
    int fd = mkstemp(path);
    close(fd);
    unlink(path);
    lb_store *s;
    lb_err err;
    if (lb_store_open(path, &s, &err) != LB_OK) {
        fprintf(stderr, "%s\n", err.msg);
        exit(1);
    }
    lb_game *g = bench_demo_game(1);
    long long id;
    lb_store_save_game(s, g, &id, &err);
    long n = 0;
    double start = bench_cpu_now(), elapsed, in_game = 0;
    do {
        for (int k = 0; k < 2; k++) {
            int seq = lb_game_seq(g);
            double t0 = bench_cpu_now();
            lb_game_answer a;
            if (k == 0)
                lb_game_decide(g, LB_ROLE_BOTH, seq, "end", &a);
            else
                lb_game_undo(g, LB_ROLE_BOTH, seq, -1, &a);
            in_game += bench_cpu_now() - t0;
            if (lb_store_append_game(s, id, g, seq, &err) != LB_OK) {
                fprintf(stderr, "%s\n", err.msg);
                exit(1);
            }
            n++;
        }
        elapsed = bench_cpu_now() - start;
    } while (elapsed < 1.0);
    printf("one accepted decision with its SQLite commit (the French Charge ended, the Movement "
           "options listed; then its undo, a replay): %.1f us (%.1f us in the engine, %.1f us the "
           "commit)\n", elapsed / (double)n * 1e6, in_game / (double)n * 1e6,
           (elapsed - in_game) / (double)n * 1e6);
    lb_game_free(g);
    lb_store_close(s);
    char side[64];
    unlink(path);
    snprintf(side, sizeof side, "%s-wal", path);
    unlink(side);
    snprintf(side, sizeof side, "%s-shm", path);
    unlink(side);
}

int main(void)
{
    bench_options();
    bench_options_bundled();
    bench_replay();
    bench_commit();
    return 0;
}
