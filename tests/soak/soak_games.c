/* The soak: random players play games of the demo to their end through the engine, each decision appended to a store, the process's memory sampled as they go; then every game is reopened from the store and must replay to the same state hash. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "lb/data.h"
#include "lb/game.h"
#include "lb/lb.h"
#include "lb/store.h"

#define TRIES_MAX 32          /* random answers the rules may refuse before a player ends */
#define DECISIONS_MAX 20000   /* a game that has not ended by then is stopped (and counted) */
#define FAULTS_SHOWN 20       /* engine faults printed (all are counted) */

typedef struct played {
    long long id;
    uint64_t hash;
    int seq;
} played;

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* The resident set in KiB (VmRSS of /proc/self/status), 0 when it cannot be read. */
static long rss_kib(void)
{
    FILE *f = fopen("/proc/self/status", "r");
    char line[256];
    long kib = 0;
    while (f && fgets(line, sizeof line, f))
        if (sscanf(line, "VmRSS: %ld kB", &kib) == 1)
            break;
    if (f)
        fclose(f);
    return kib;
}

static void die(const char *what, const char *why)
{
    fprintf(stderr, "soak_games: %s: %s\n", what, why);
    exit(1);
}

/* One game with seed `seed`, both sides random (a hot-seat game), saved after every answer;
 * the engine's failures counted in *faults. */
static played play_one(lb_store *s, const lb_load_opts *opts, uint64_t seed, int *unended,
                       int *faults)
{
    size_t len;
    const char *name;
    const char *text = lb_data_demo(&len, &name);
    lb_game_settings set;
    lb_game_settings_init(&set);
    set.seed = seed;
    lb_errlist errs = {0};
    lb_game *g = NULL;
    if (lb_game_new(name, text, len, opts, &set, &g, &errs) != LB_OK)
        die("the demo", "refused");
    lb_err err = {0};
    played p = {0};
    if (lb_store_save_game(s, g, &p.id, &err) != LB_OK)
        die("save", err.msg);
    lb_pcg32 rng;
    lb_pcg32_seed(&rng, seed, 54);
    int n = 0;
    for (; n < DECISIONS_MAX && lb_game_pending(g); n++) {
        int before = lb_game_seq(g);
        lb_game_answer a = {.verdict = LB_REFUSED_ILLEGAL};
        for (int t = 0; t < TRIES_MAX && a.verdict != LB_ACCEPTED; t++) {
            char key[LB_OPTION_KEY_MAX];
            if (lb_game_random_key(g, &rng, key, sizeof key) != LB_OK)
                break;
            if (lb_game_decide(g, LB_ROLE_BOTH, before, key, &a) != LB_OK) {
                /* the engine failed (the server's 500) and left the game as it was: reported,
                 * counted (the soak then fails), and the player tries another answer */
                if (++*faults <= FAULTS_SHOWN)
                    fprintf(stderr, "soak_games: engine fault: game seed %llu, journal %d, %s: "
                            "%s\n", (unsigned long long)seed, before, key, lb_game_error(g));
                a.verdict = LB_REFUSED_ILLEGAL;
            }
        }
        if (a.verdict != LB_ACCEPTED &&
            (lb_game_decide(g, LB_ROLE_BOTH, before, "end", &a) != LB_OK ||
             a.verdict != LB_ACCEPTED))
            die("a random player", "no answer taken, not even \"end\"");
        if (lb_store_append_game(s, p.id, g, before, &err) != LB_OK)
            die("append", err.msg);
    }
    if (lb_game_pending(g))
        (*unended)++;
    p.hash = lb_game_hash(g);
    p.seq = lb_game_seq(g);
    lb_game_free(g);
    return p;
}

int main(int argc, char **argv)
{
    if (argc != 6) {
        fprintf(stderr, "usage: soak_games STORE GAMES SECONDS SAMPLE_EVERY MAX_GROWTH_KIB\n"
                        "  plays at least GAMES games and for at least SECONDS, the memory sampled "
                        "every SAMPLE_EVERY games;\n  fails when it grows by more than "
                        "MAX_GROWTH_KIB after the warm-up (the first tenth of the games)\n");
        return 2;
    }
    const char *where = argv[1];
    int games = atoi(argv[2]), every = atoi(argv[4]);
    double seconds = atof(argv[3]);
    long bound = atol(argv[5]);
    if (games < 10 || every < 1 || bound < 0)
        die("usage", "GAMES at least 10, SAMPLE_EVERY at least 1");
    int nmodules;
    const lb_module *modules = lb_data_modules(&nmodules);
    lb_load_opts opts = {.modules = modules, .nmodules = nmodules};
    lb_store *s;
    lb_err err = {0};
    if (lb_store_open(where, &s, &err) != LB_OK)
        die("open", err.msg);

    int cap = games, n = 0, unended = 0, faults = 0, warm = games / 10;
    played *all = malloc(sizeof *all * (size_t)cap);
    long warm_rss = 0, peak = 0, first = 0;
    long long decisions = 0;
    double t0 = now_s();
    printf("rss KiB every %d games:", every);
    while (n < games || now_s() - t0 < seconds) {
        if (n == cap) {
            cap *= 2;
            played *grown = realloc(all, sizeof *all * (size_t)cap);
            if (!grown)
                die("memory", "out of memory");
            all = grown;
        }
        all[n] = play_one(s, &opts, (uint64_t)n + 1, &unended, &faults);
        decisions += all[n].seq;
        n++;
        if (n % every == 0) {
            long r = rss_kib();
            printf(" %ld", r);
            fflush(stdout);
            if (!first)
                first = r;
            if (n <= warm)
                warm_rss = r > warm_rss ? r : warm_rss;
            else if (r > peak)
                peak = r;
        }
    }
    double played_s = now_s() - t0;
    printf("\nplayed %d games (%d stopped unended after %d decisions), %lld journal rows, in "
           "%.1f s (%.0f rows/s with their commits)\n", n, unended, DECISIONS_MAX, decisions,
           played_s, (double)decisions / played_s);
    if (!warm_rss)
        warm_rss = first;
    printf("memory: %ld KiB at the first sample, %ld KiB at the end of the warm-up (%d games), "
           "%ld KiB the most after it; bound %ld KiB over the warm-up\n",
           first, warm_rss, warm, peak, bound);
    int grew = peak > warm_rss + bound, mismatched = 0;
    if (grew)
        printf("FAIL: the memory grew by %ld KiB after the warm-up\n", peak - warm_rss);
    else
        printf("memory flat: %ld KiB over the warm-up at most, within the bound\n",
               peak > warm_rss ? peak - warm_rss : 0);
    if (faults)
        printf("FAIL: %d answers the engine failed on (the server's 500; stderr names the first "
               "%d)\n", faults, FAULTS_SHOWN);

    /* every game reopened from the store: replayed, its saved hashes checked, the same state */
    t0 = now_s();
    /* FNV-1a over the first games' hashes in order: the same seeds give the same games in any
     * store */
    uint64_t digest = 1469598103934665603ULL;
    for (int i = 0; i < n; i++) {
        lb_game *g = NULL;
        if (lb_store_open_game(s, all[i].id, &opts, &g, &err) != LB_OK)
            die("reopen", err.msg);
        if (lb_game_hash(g) != all[i].hash || lb_game_seq(g) != all[i].seq) {
            printf("FAIL: game %lld replays to %016llx at %d, played to %016llx at %d\n",
                   all[i].id, (unsigned long long)lb_game_hash(g), lb_game_seq(g),
                   (unsigned long long)all[i].hash, all[i].seq);
            mismatched++;
        }
        lb_game_free(g);
        for (int b = 0; b < 8 && i < games; b++) {
            digest ^= (all[i].hash >> (8 * b)) & 0xff;
            digest *= 1099511628211ULL;
        }
    }
    printf("replayed %d games from the store in %.1f s: %s\nthe first %d games' hashes: digest "
           "%016llx\n", n, now_s() - t0, mismatched ? "FAILED" : "every state hash the same",
           games, (unsigned long long)digest);
    free(all);
    lb_store_close(s);
    return grew || faults || mismatched;
}
