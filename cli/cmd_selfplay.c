/* labataille selfplay: games without a person between the computer player and the random player, each result, the win rates, decision times and a replay check of every game. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "lb/ai.h"
#include "lb/data.h"

#define GAMES_MAX 100000
#define RANDOM_TRIES 20 /* random paths the rules may refuse before the random player ends */

/* Who plays a side: the random player (R-GAME-15) or the computer player at a level. */
typedef struct player {
    int ai;
    lb_ai_level level;
} player;

#define KINDS 4 /* random, ai:quick, ai:full, ai:baseline */

typedef struct tally {
    int wins[KINDS][2];      /* [player kind][side] */
    int games[KINDS][2];
    int draws, replayed;
    long questions;          /* --ask-charges: reaction and opportunity-charge questions asked */
    int questions_max;       /* the most in one game */
    int asked;               /* the games were played with --ask-charges */
    int engine_failures;     /* options the engine offered the random player and then failed on */
    double *times;           /* CPU seconds of each computer decision */
    size_t ntimes, cap;
} tally;

static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static const char *const kind_names[KINDS] = {"random", "ai:quick", "ai:full",
                                              "ai:baseline"};

static int player_kind(const player *p)
{
    return p->ai ? 1 + (int)p->level : 0;
}

static const char *player_name(const player *p)
{
    return kind_names[player_kind(p)];
}

/* "ai" (at the --level), "random", "quick", "full" or "baseline" into p; 0, or -1. */
static int player_parse(const char *s, lb_ai_level level, player *p)
{
    p->level = level;
    if (strcmp(s, "random") == 0)
        p->ai = 0;
    else if (strcmp(s, "ai") == 0)
        p->ai = 1;
    else if (lb_name_parse(LB_NAME_AI_LEVEL, s) >= 0) {
        p->ai = 1;
        p->level = (lb_ai_level)lb_name_parse(LB_NAME_AI_LEVEL, s);
    } else
        return -1;
    return 0;
}

static int time_order(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* A computer decision's processor time kept for the median and p99; LB_NOMEM when it cannot. */
static int tally_time(tally *t, double seconds)
{
    if (t->ntimes == t->cap) {
        size_t cap = t->cap ? 2 * t->cap : 1024;
        double *more = realloc(t->times, cap * sizeof *more);
        if (!more)
            return LB_NOMEM;
        t->times = more;
        t->cap = cap;
    }
    t->times[t->ntimes++] = seconds;
    return LB_OK;
}

/* The computer answers its side's decision, timed; the engine checks it like anyone's. */
static int computer_turn(lb_game *g, int side, const lb_ai_settings *as, uint64_t seed, tally *t,
                         char key[LB_OPTION_KEY_MAX], char why[LB_AI_REASON_MAX],
                         lb_game_answer *a)
{
    double t0 = cpu_now();
    int lrc = lb_ai_choose(g, side, as, key, why);
    double dt = cpu_now() - t0;
    if (lrc == LB_OK)
        lrc = tally_time(t, dt);
    if (lrc == LB_OK)
        lrc = lb_game_decide_noted(g, side, lb_game_seq(g), key, "R-AI-1", why, a);
    if (lrc == LB_INVALID && lb_decision_find(lb_game_pending(g), "end") >= 0) {
        /* the engine failed on an option it offered and left the game as it was: said,
         * counted, and the computer ends the segment instead */
        fprintf(stderr, "labataille selfplay: seed %" PRIu64 ": the engine failed on "
                "the computer's %s (%s); the game is unchanged, the computer ends the "
                "segment\n", seed, key,
                lb_game_error(g)[0] ? lb_game_error(g) : "no reason given");
        t->engine_failures++;
        snprintf(key, LB_OPTION_KEY_MAX, "end");
        lrc = lb_game_decide_noted(g, side, lb_game_seq(g), key, "R-AI-1",
                                   "ends the segment: the engine failed on its choice", a);
    }
    return lrc;
}

/* The random player (R-GAME-15) tries up to RANDOM_TRIES options, then ends the segment. */
static int random_turn(lb_game *g, int side, lb_pcg32 *rng, uint64_t seed, tally *t,
                       char key[LB_OPTION_KEY_MAX], lb_game_answer *a)
{
    int lrc = LB_OK;
    for (int k = 0; k < RANDOM_TRIES && lrc == LB_OK && a->verdict != LB_ACCEPTED; k++) {
        lb_game_random_key(g, rng, key, LB_OPTION_KEY_MAX);
        lrc = lb_game_decide(g, side, lb_game_seq(g), key, a);
        if (lrc == LB_INVALID) {
            /* the engine failed on an option it offered and left the game as it was:
             * said, counted, and the random player tries another */
            fprintf(stderr, "labataille selfplay: seed %" PRIu64 ": the engine failed on "
                    "the random player's %s (%s); the game is unchanged\n", seed, key,
                    lb_game_error(g)[0] ? lb_game_error(g) : "no reason given");
            t->engine_failures++;
            lrc = LB_OK;
            a->verdict = LB_REFUSED_ILLEGAL;
        }
    }
    if (lrc == LB_OK && a->verdict != LB_ACCEPTED) {
        snprintf(key, LB_OPTION_KEY_MAX, "end");
        lrc = lb_game_decide(g, side, lb_game_seq(g), key, a);
    }
    return lrc;
}

/* The numbers and words of the command line, checked. */
typedef struct run_opts {
    long games, budget;
    double expect; /* the share the first player must win, or -1 */
    uint64_t seed;
    int level; /* lb_ai_level */
    const char *weights; /* --weights: the evaluation's weights overridden, or NULL */
} run_opts;

/* Every decision of the game answered by its side's player, until none is pending; the number of
 * decisions made in *decisions. */
static int play_decisions(lb_game *g, uint64_t seed, const player *players, const run_opts *o,
                          int trace, tally *t, int *decisions, int *questions)
{
    lb_pcg32 rng;
    lb_pcg32_seed(&rng, seed, 7);
    lb_ai_settings as[2];
    for (int s = 0; s < 2; s++) {
        lb_ai_settings_init(&as[s]);
        as[s].level = players[s].level;
        as[s].budget_ms = (int)o->budget;
        as[s].weights = o->weights;
        as[s].seed = seed * 2 + (uint64_t)s;
    }
    const lb_state *st = lb_game_state(g);
    int rc = CLI_OK;
    const lb_decision *d;
    while (rc == CLI_OK && (d = lb_game_pending(g)) != NULL) {
        int side = d->side;
        /* R-RCH-5, R-OCH-4: a reaction or an opportunity charge asked of a side */
        *questions += d->kind == LB_DECIDE_REACTION ||
                      (d->kind == LB_DECIDE_OPPORTUNITY && strcmp(d->rule, "R-OCH-4") == 0);
        char key[LB_OPTION_KEY_MAX] = "", why[LB_AI_REASON_MAX] = "";
        lb_game_answer a = {.verdict = LB_REFUSED_ILLEGAL};
        int lrc = players[side].ai ? computer_turn(g, side, &as[side], seed, t, key, why, &a)
                                   : random_turn(g, side, &rng, seed, t, key, &a);
        if (lrc == LB_OK && players[side].ai && a.verdict != LB_ACCEPTED) {
            /* R-AI-1: the engine refuses the computer's answer like anyone's */
            fprintf(stderr, "labataille selfplay: seed %" PRIu64 ": the computer's %s was "
                    "refused: %s\n", seed, key, a.reason);
            rc = CLI_INVALID;
        }
        if (lrc != LB_OK) {
            fprintf(stderr, "labataille selfplay: seed %" PRIu64 ": %s: %s\n", seed,
                    lb_err_str(lrc), lb_game_error(g));
            rc = CLI_INVALID;
        }
        if (rc == CLI_OK && trace)
            printf("  %s %s %s%s%s\n", lb_state_side_name(st, side), player_name(&players[side]),
                   key, why[0] ? ": " : "", why);
        (*decisions)++;
    }
    return rc;
}

/* One game to its end: the journal's replay checked (R-GAME-13). Fills the game's JSON. */
static int play_one(const char *name, const char *text, size_t len, const lb_load_opts *opts,
                    uint64_t seed, const player *players, const run_opts *o, int trace, int ask,
                    tally *t, json_t **out)
{
    lb_game_settings set;
    lb_game_settings_init(&set);
    set.seed = seed;
    set.charge_questions[0] = set.charge_questions[1] = (unsigned char)ask; /* R-OCH-4 */
    lb_errlist errs = {0};
    lb_game *g = NULL;
    if (lb_game_new(name, text, len, opts, &set, &g, &errs) != LB_OK) {
        cli_print_errors(&errs);
        lb_errlist_release(&errs);
        return CLI_INVALID;
    }
    const lb_state *st = lb_game_state(g);
    int decisions = 0, questions = 0;
    double start = cpu_now();
    int rc = play_decisions(g, seed, players, o, trace, t, &decisions, &questions);
    t->questions += questions;
    t->questions_max = questions > t->questions_max ? questions : t->questions_max;
    double seconds = cpu_now() - start;
    lb_game_score sc;
    lb_game_score_of(g, &sc);
    /* every game replays bit for bit from its journal (R-GAME-13) */
    char *exported = NULL;
    lb_game *again = NULL;
    int replays = lb_game_export(g, &exported) == LB_OK &&
                  lb_game_import(name, exported, strlen(exported), opts, &again, &errs) == LB_OK &&
                  lb_game_hash(again) == lb_game_hash(g);
    lb_errlist_release(&errs);
    t->replayed += replays;
    for (int s = 0; s < 2; s++) {
        t->games[player_kind(&players[s])][s]++;
        t->wins[player_kind(&players[s])][s] += sc.winner == s;
    }
    t->draws += sc.over && sc.winner < 0;
    char seed_text[24];
    snprintf(seed_text, sizeof seed_text, "%" PRIu64, seed);
    *out = json_pack("{s:s,s:{s:s,s:s},s:o,s:s,s:{s:i,s:i},s:i,s:b,s:f}", "seed", seed_text,
                     "players", lb_state_side_name(st, 0), player_name(&players[0]),
                     lb_state_side_name(st, 1), player_name(&players[1]), "winner",
                     sc.winner >= 0 ? json_string(lb_state_side_name(st, sc.winner)) : json_null(),
                     "outcome", lb_name(LB_NAME_OUTCOME, sc.outcome), "points",
                     lb_state_side_name(st, 0), sc.points[0], lb_state_side_name(st, 1),
                     sc.points[1], "decisions", decisions, "replayed", replays, "cpu_seconds",
                     seconds);
    t->asked = ask;
    if (ask)
        json_object_set_new(*out, "charge_questions", json_integer(questions));
    free(exported);
    lb_game_free(again);
    lb_game_free(g);
    return rc;
}

static int read_numbers(const cli_args *args, run_opts *o)
{
    const char *level_text = cli_option_value(args, "level", NULL);
    o->level = level_text ? lb_name_parse(LB_NAME_AI_LEVEL, level_text) : LB_AI_FULL;
    if (o->level < 0)
        return cli_usage(args, "--level: expected quick, full or baseline, found \"%s\"",
                         level_text);
    const char *games_text = cli_option_value(args, "games", NULL);
    const char *budget_text = cli_option_value(args, "budget", NULL);
    const char *seed_text = cli_option_value(args, "seed", NULL);
    char *end;
    o->games = games_text ? strtol(games_text, &end, 10) : 1;
    if (games_text && (*end || o->games < 1 || o->games > GAMES_MAX))
        return cli_usage(args, "--games: expected 1 to %d, found \"%s\"", GAMES_MAX, games_text);
    o->budget = budget_text ? strtol(budget_text, &end, 10) : 1000;
    if (budget_text && (*end || o->budget < 1 || o->budget > 600000))
        return cli_usage(args, "--budget: expected milliseconds from 1 to 600000, found \"%s\"",
                         budget_text);
    const char *expect_text = cli_option_value(args, "expect", NULL);
    o->expect = expect_text ? strtod(expect_text, &end) : -1;
    if (expect_text && (*end || !(o->expect >= 0 && o->expect <= 1)))
        return cli_usage(args, "--expect: expected a share from 0 to 1, found \"%s\"",
                         expect_text);
    o->seed = seed_text ? strtoull(seed_text, &end, 10) : 1;
    if (seed_text && (!*seed_text || *end))
        return cli_usage(args, "--seed: expected a whole number, found \"%s\"", seed_text);
    o->weights = cli_option_value(args, "weights", NULL);
    char why[LB_AI_REASON_MAX];
    if (o->weights && lb_ai_weights_check(o->weights, why, sizeof why) != LB_OK)
        return cli_usage(args, "--weights: %s", why);
    return CLI_OK;
}

/* The players of each side: --SIDE ai|random|quick|full|baseline, or --players P1,P2 in side
 * order. */
static int read_players(const cli_args *args, const lb_state *st, int level, player players[2])
{
    const char *list = cli_option_value(args, "players", NULL);
    for (int s = 0; s < 2; s++) {
        char word[16] = "ai";
        const char *v = cli_option_value(args, lb_state_side_name(st, s), NULL);
        if (list) {
            const char *p = list;
            for (int k = 0; k < s && p; k++)
                p = strchr(p, ',') ? strchr(p, ',') + 1 : NULL;
            if (p)
                snprintf(word, sizeof word, "%.*s", (int)strcspn(p, ","), p);
        }
        if (v)
            snprintf(word, sizeof word, "%s", v);
        if (player_parse(word, (lb_ai_level)level, &players[s]) != 0)
            return cli_usage(args, "the %s player: expected ai, random, quick, full or baseline, "
                             "found "
                             "\"%s\"", lb_state_side_name(st, s), word);
    }
    return CLI_OK;
}

/* One game's line of the readable answer. */
static void print_game(const json_t *one, long i, uint64_t seed, const lb_state *st,
                       const player p[2])
{
    json_t *pts = json_object_get(one, "points");
    json_t *w = json_object_get(one, "winner");
    char result[64];
    if (json_is_string(w))
        snprintf(result, sizeof result, "%s wins (%s, ", json_string_value(w),
                 json_string_value(json_object_get(one, "outcome")));
    else
        snprintf(result, sizeof result, "a draw (");
    json_t *q = json_object_get(one, "charge_questions");
    char asked[48] = "";
    if (q)
        snprintf(asked, sizeof asked, " (%lld cavalry questions)", json_integer_value(q));
    printf("game %ld (seed %" PRIu64 "): %s %s, %s %s: %s%lld-%lld), %lld decisions%s, "
           "%.1f s%s\n",
           i + 1, seed, lb_state_side_name(st, 0), player_name(&p[0]),
           lb_state_side_name(st, 1), player_name(&p[1]), result,
           json_integer_value(json_object_get(pts, lb_state_side_name(st, 0))),
           json_integer_value(json_object_get(pts, lb_state_side_name(st, 1))),
           json_integer_value(json_object_get(one, "decisions")), asked,
           json_real_value(json_object_get(one, "cpu_seconds")),
           json_is_true(json_object_get(one, "replayed")) ? ""
                                                          : "; THE JOURNAL DOES NOT REPLAY");
    fflush(stdout);
}

/* The run's answer as one JSON object: its games, win rates, decision times and trace. */
static void print_json(const char *name, const lb_state *st, json_t *results, const tally *t,
                       double median, double p99, const lb_trace *tr)
{
    json_t *rates = json_object();
    for (int kind = 0; kind < KINDS; kind++) {
        int w = t->wins[kind][0] + t->wins[kind][1], n = t->games[kind][0] + t->games[kind][1];
        if (n)
            json_object_set_new(rates, kind_names[kind],
                                json_pack("{s:i,s:i,s:f,s:[i,i],s:[i,i]}", "wins", w,
                                          "games", n, "rate", (double)w / n, "wins_by_side",
                                          t->wins[kind][0], t->wins[kind][1], "games_by_side",
                                          t->games[kind][0], t->games[kind][1]));
    }
    size_t played = json_array_size(results);
    json_t *j = json_pack("{s:s,s:[s,s],s:o,s:o,s:i,s:i,s:i,s:{s:i,s:f,s:f},s:o}", "scenario",
                          name, "sides", lb_state_side_name(st, 0), lb_state_side_name(st, 1),
                          "games", results, "rates", rates, "draws", t->draws, "replayed",
                          t->replayed, "engine_failures", t->engine_failures, "ai_decisions",
                          "count", (int)t->ntimes, "median_ms", median * 1e3, "p99_ms",
                          p99 * 1e3, "trace", cli_trace_json(tr));
    if (j && t->asked && played) /* R-OCH-4 */
        json_object_set_new(j, "charge_questions",
                            json_pack("{s:f,s:i}", "mean", (double)t->questions / (double)played,
                                      "max", t->questions_max));
    cli_print_json(j);
}

/* The run's readable summary: each kind's wins by side, draws, replays and decision times. */
static void print_text(const lb_state *st, long played, const tally *t, double median,
                       double p99)
{
    for (int kind = KINDS - 1; kind >= 0; kind--) {
        int w = t->wins[kind][0] + t->wins[kind][1], n = t->games[kind][0] + t->games[kind][1];
        if (n)
            printf("%s: won %d of %d (%.1f%%): %d of %d as %s, %d of %d as %s\n",
                   kind_names[kind], w, n, 100.0 * w / n, t->wins[kind][0], t->games[kind][0],
                   lb_state_side_name(st, 0), t->wins[kind][1], t->games[kind][1],
                   lb_state_side_name(st, 1));
    }
    printf("draws: %d; journals replayed bit for bit: %d of %ld\n", t->draws, t->replayed,
           played);
    if (t->engine_failures)
        printf("the engine failed on %d answers of the random player or the computer "
               "(options it offered)\n", t->engine_failures);
    if (t->asked && played)
        printf("cavalry questions (reaction and opportunity charge) a game: mean %.2f, max %d\n",
               (double)t->questions / (double)played, t->questions_max);
    if (t->ntimes)
        printf("computer decisions: %zu, processor time median %.1f ms, p99 %.1f ms\n",
               t->ntimes, median * 1e3, p99 * 1e3);
}

/* The games of the run, each with its line (or its JSON kept in results). */
static int play_games(const cli_args *args, const char *name, const char *text, size_t len,
                      const lb_load_opts *opts, const run_opts *o, const lb_state *st,
                      const player players[2], tally *t, json_t *results)
{
    int alternate, trace, ask;
    cli_option_value(args, "alternate", &alternate);
    cli_option_value(args, "ask-charges", &ask);
    cli_option_value(args, "trace", &trace);
    trace = trace && !args->json;
    int rc = CLI_OK;
    for (long i = 0; i < o->games && rc == CLI_OK; i++) {
        player p[2] = {players[0], players[1]};
        if (alternate && i % 2) {
            p[0] = players[1];
            p[1] = players[0];
        }
        json_t *one = NULL;
        uint64_t seed = o->seed + (uint64_t)i;
        rc = play_one(name, text, len, opts, seed, p, o, trace, ask, t, &one);
        if (!one)
            continue;
        if (!args->json)
            print_game(one, i, seed, st, p);
        json_array_append_new(results, one);
    }
    return rc;
}

/* The run's summary (JSON or text) and its verdict: every journal replayed, --expect met. */
static int summarise(const cli_args *args, const char *name, const lb_state *st,
                     const run_opts *o, const player players[2], tally *t, json_t *results,
                     int rc)
{
    long played = (long)json_array_size(results);
    double median = 0, p99 = 0;
    if (t->ntimes) {
        qsort(t->times, t->ntimes, sizeof *t->times, time_order);
        median = t->times[t->ntimes / 2];
        p99 = t->times[(size_t)((double)(t->ntimes - 1) * 0.99)];
    }
    /* the rulings the run stands on, with what it found */
    lb_trace tr;
    lb_trace_init(&tr);
    lb_trace_add(&tr, "R-AI-3", "ai", "each computer player's look-ahead dice from its own seed, "
                 "2(S + i) + its side; its budget %ld ms as %ld rollouts; no clock read",
                 o->budget, o->budget * LB_AI_ROLLOUTS_PER_SECOND / 1000);
    lb_trace_add(&tr, "R-AI-1", "ai", "%zu computer answers, every one checked by the engine "
                 "like a player's", t->ntimes);
    lb_trace_add(&tr, "R-GAME-13", "", "%d of %ld journals exported, imported and replayed to "
                 "the same state hash", t->replayed, played);
    if (t->asked)
        lb_trace_add(&tr, "R-OCH-4", "(40)", "each side asked its cavalry's reaction and "
                     "opportunity charges: %ld questions in %ld games, at most %d in one",
                     t->questions, played, t->questions_max);
    if (args->json)
        print_json(name, st, results, t, median, p99, &tr);
    else {
        json_decref(results);
        print_text(st, played, t, median, p99);
    }
    lb_trace_release(&tr);
    if (rc == CLI_OK && t->replayed != played)
        rc = CLI_INVALID;
    /* --expect RATE: the first player must win at least that share of its games */
    int first = player_kind(&players[0]);
    int won = t->wins[first][0] + t->wins[first][1], of = t->games[first][0] + t->games[first][1];
    if (rc == CLI_OK && o->expect >= 0 && of && won < o->expect * of) {
        fprintf(stderr, "labataille selfplay: %s won %d of %d, below the %.1f%% expected\n",
                kind_names[first], won, of, 100 * o->expect);
        rc = CLI_INVALID;
    }
    return rc;
}

int cmd_selfplay(const cli_args *args)
{
    if (args->npositional > 1)
        return cli_usage(args, "expected at most one scenario file");
    if (cli_option_value(args, "dice", NULL))
        return cli_usage(args, "--dice: the games roll their own dice from --seed");
    run_opts o = {0};
    int rc = read_numbers(args, &o);
    if (rc != CLI_OK)
        return rc;
    const char *file = args->npositional ? args->positional[0] : NULL;
    size_t len;
    const char *name;
    const char *text = lb_data_demo(&len, &name);
    char *owned = NULL;
    if (file) {
        if (cli_read_file(file, &owned, &len) != 0)
            return cli_invalid("%s: %s", file, strerror(errno));
        text = owned;
        name = file;
    }
    int nmodules;
    const lb_module *modules = lb_data_modules(&nmodules);
    lb_load_opts opts = {.modules = modules, .nmodules = nmodules, .strict = args->strict};
    lb_state *st = NULL;
    lb_errlist errs = {0};
    if (lb_scenario_load(name, text, len, &opts, &st, &errs) != LB_OK) {
        cli_print_errors(&errs);
        lb_errlist_release(&errs);
        free(owned);
        return CLI_INVALID;
    }
    player players[2];
    rc = read_players(args, st, o.level, players);
    tally t = {0};
    json_t *results = json_array();
    if (rc == CLI_OK)
        rc = play_games(args, name, text, len, &opts, &o, st, players, &t, results);
    rc = summarise(args, name, st, &o, players, &t, results, rc);
    free(t.times);
    lb_state_free(st);
    free(owned);
    return rc;
}
