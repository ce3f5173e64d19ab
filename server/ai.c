/* The server's player of a game against the machine: the random player answers every decision of its side (R-GAME-15, R-WEB-3), the computer one at a time with its reason (R-AI-1, R-WEB-5). */
#include "lb/ai.h"
#include "server_int.h"

#define TRIES_MAX 32 /* random paths the rules may refuse before the player ends its segment */

/* The random player: every decision of its side in a row. */
static int random_play(slot *sl, int *answered)
{
    for (int n = 0; n < AI_DECISIONS_MAX; n++) {
        const lb_decision *d = lb_game_pending(sl->g);
        if (!d || d->side != sl->ai)
            return LB_OK;
        lb_game_answer a = {.verdict = LB_REFUSED_ILLEGAL};
        for (int t = 0; t < TRIES_MAX && a.verdict != LB_ACCEPTED; t++) {
            char key[LB_OPTION_KEY_MAX];
            if (lb_game_random_key(sl->g, &sl->ai_rng, key, sizeof key) != LB_OK)
                return LB_OK;
            int rc = lb_game_decide(sl->g, sl->ai, lb_game_seq(sl->g), key, &a);
            if (rc != LB_OK)
                return rc;
            if (a.verdict == LB_ACCEPTED) {
                traces_record(sl, sl->ai, key, "random");
                *answered = 1;
            }
        }
        /* R-WEB-3: a player whose random paths the rules keep refusing takes "end" when it may */
        if (a.verdict != LB_ACCEPTED) {
            int rc = lb_game_decide(sl->g, sl->ai, lb_game_seq(sl->g), "end", &a);
            if (rc != LB_OK || a.verdict != LB_ACCEPTED)
                return rc != LB_OK ? rc : LB_INVALID;
            traces_record(sl, sl->ai, "end", "random");
            *answered = 1;
        }
    }
    return LB_OK;
}

/* The computer: one decision, within its budget, its dice for look-ahead from the game's seed,
 * or its own seed of a game with secret dice (R-AI-3), answered like a person's; the engine
 * refusing it is the server's fault. */
static int computer_play(slot *sl, int *answered)
{
    const lb_decision *d = lb_game_pending(sl->g);
    if (!d || d->side != sl->ai)
        return LB_OK;
    lb_ai_settings set;
    lb_ai_settings_init(&set);
    set.level = (lb_ai_level)sl->level;
    set.budget_ms = COMPUTER_BUDGET_MS;
    set.seed = lb_game_ai_seed(sl->g);
    char key[LB_OPTION_KEY_MAX], why[LB_AI_REASON_MAX];
    lb_game_answer a;
    int rc = lb_ai_play(sl->g, sl->ai, &set, key, why, &a);
    if (rc != LB_OK)
        return rc;
    if (a.verdict != LB_ACCEPTED)
        return LB_INVALID; /* R-AI-1: it answers only with options offered */
    traces_record(sl, sl->ai, key, "computer");
    *answered = 1;
    return LB_OK;
}

int ai_play(slot *sl, int *answered)
{
    *answered = 0;
    return sl->level >= 0 ? computer_play(sl, answered) : random_play(sl, answered);
}
