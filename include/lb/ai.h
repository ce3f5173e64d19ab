/* The computer player: given a game and its pending decision, one legal answer and the reason for it. */
#ifndef LB_AI_H
#define LB_AI_H

#include <stdint.h>

#include "game.h"

/*
 * The computer player answers the same decisions a person gets (lb_game_pending), choosing one
 * of their legal options; the engine then checks its answer like anyone's (R-AI-1). It reads
 * only what a person at that seat sees: the state, the score, the journal and the pending
 * decision; never the game's dice generator. Its own look-ahead plays what-if copies of the game
 * (lb_game_clone) on dice of its own (R-AI-2).
 *
 * How it decides (docs/ai.md): the exact odds of every fire, melee and charge option (the
 * immediate value: increments expected, morale checks failed, objectives taken); in Movement,
 * each unit's candidate moves and formation changes pruned by an evaluation of the position
 * (increments weighted by morale state, objectives held and within reach, exposure to enemy
 * fire, melee and charges, the fire and melee it gains); at the full level, the best candidates
 * are then compared by rollouts: the rest of the turn and the enemy's reply played on copies by a
 * cheap policy, every candidate on the same dice.
 *
 * Deterministic (R-AI-3): the same game, settings and seed give the same answer on any machine
 * and load. The time budget is turned into a count of rollouts (LB_AI_ROLLOUTS_PER_SECOND,
 * measured by bench_ai on the demo on one core); the clock is never read.
 *
 * No globals: any number of threads may each call lb_ai_choose on their own game.
 */

typedef enum lb_ai_level {
    LB_AI_QUICK, /* the evaluation and the exact odds alone: a few tens of milliseconds */
    LB_AI_FULL,  /* and rollouts of the best candidates for the whole budget */
    LB_AI_BASELINE /* a scripted yardstick: the best-odds fire, melee and charge by the exact
                    * previews, and a walk toward the objectives (R-AI-7) */
} lb_ai_level;

typedef struct lb_ai_settings {
    lb_ai_level level;
    int budget_ms;   /* per decision on one core (default 1000), turned into rollouts */
    uint64_t seed;   /* the player's own dice for its rollouts */
    const char *weights; /* NULL: the evaluation's own weights; else overrides of some of them,
                          * "name=value,..." (docs/ai.md "Tuning"); the baseline ignores them */
} lb_ai_settings;

/* Rollouts the full level plays per second of budget (bench_ai measures what they cost). */
#define LB_AI_ROLLOUTS_PER_SECOND 60

#define LB_AI_REASON_MAX 320

/* Defaults: the full level, 1000 ms, seed 1. */
void lb_ai_settings_init(lb_ai_settings *s);

/* Is text a list of weights lb_ai_settings.weights takes? LB_OK, or LB_INVALID with what is
 * wrong in err (n bytes; err may be NULL). */
int lb_ai_weights_check(const char *text, char *err, size_t n);

/* The answer of side to the pending decision of g: a key lb_game_decide accepts (a parameterised
 * option with its parameter) into key_out (LB_OPTION_KEY_MAX bytes) and one line saying why into
 * reason_out (LB_AI_REASON_MAX bytes). LB_OK; LB_INVALID when no decision is pending or it is not
 * side's (nothing written); LB_NOMEM. */
int lb_ai_choose(const lb_game *g, int side, const lb_ai_settings *settings, char *key_out,
                 char *reason_out);
/* lb_ai_choose, then the answer given as side's (lb_game_decide_noted): the engine checks it
 * like anyone's, and the answer's trace begins with the reason (R-AI-1, section "ai"). The
 * verdict in out. LB_OK (accepted or refused); the errors of lb_ai_choose and lb_game_decide. */
int lb_ai_play(lb_game *g, int side, const lb_ai_settings *settings, char *key_out,
               char *reason_out, lb_game_answer *out);

/* One option of the pending decision as the computer ranks it (the coach, R-AI-16). */
typedef struct lb_ai_option {
    char key[LB_OPTION_KEY_MAX];
    double value;   /* for the side deciding, in victory points (R-VIC-3) as the computer values
                     * the option; meaningful only when valued */
    int valued;     /* 0: the computer gave this answer no value of its own (the only option, the
                     * rules' automatic choice) */
    char reason[LB_AI_REASON_MAX]; /* one line, citing the exact odds where the option has them */
} lb_ai_option;

/* The options the coach shows (R-AI-16). */
#define LB_AI_HINT_OPTIONS 3

/* R-AI-16: the best options of side for the pending decision of g, best first, at most max into
 * out, their count in *n: out[0] is lb_ai_choose's answer and reason (with its value when the
 * computer valued it), then the other options it valued in the same search, the highest value
 * first (ties: the order of the decision's options). Fewer than max when it valued fewer. The
 * game is unchanged; deterministic like lb_ai_choose. LB_OK, LB_INVALID (as lb_ai_choose, or max
 * < 1), LB_NOMEM. */
int lb_ai_rank(const lb_game *g, int side, const lb_ai_settings *settings, lb_ai_option *out,
               int max, int *n);

#endif
