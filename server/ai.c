/* The random player of a game against the machine: it answers every decision of its side (R-GAME-15, R-WEB-3). */
#include "server_int.h"

#define TRIES_MAX 32 /* random paths the rules may refuse before the player ends its segment */

int ai_play(slot *sl)
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
            if (a.verdict == LB_ACCEPTED)
                traces_record(sl, sl->ai, key, "random");
        }
        /* R-WEB-3: a player whose random paths the rules keep refusing takes "end" when it may */
        if (a.verdict != LB_ACCEPTED) {
            int rc = lb_game_decide(sl->g, sl->ai, lb_game_seq(sl->g), "end", &a);
            if (rc != LB_OK || a.verdict != LB_ACCEPTED)
                return rc != LB_OK ? rc : LB_INVALID;
            traces_record(sl, sl->ai, "end", "random");
        }
    }
    return LB_OK;
}
