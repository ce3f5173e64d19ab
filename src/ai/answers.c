/* What the computer reads of the pending decision and tries with it: a fire option's unit and hex, an answer tried on a what-if copy (R-AI-1). */
#include <stdio.h>
#include <string.h>

#include "ai_int.h"
#include "decision_int.h"
#include "action_int.h"
#include "game_int.h"

const lb_action *lbi_ai_option_action(const lb_state *st, const lb_decision *d, int i,
                                      lb_action *read)
{
    const lb_action *a = lb_decision_action(d, i);
    if (a)
        return a;
    return lb_action_parse(st, d->kind, d->options[i].key, read, NULL) == LB_OK ? read : NULL;
}

int lbi_ai_fire_option(const lb_state *st, const lb_decision *d, int i, int *unit, lb_hex *hex)
{
    const lb_action *a = lb_decision_action(d, i);
    if (!a || d->options[i].param || a->verb != LB_VERB_FIRE || a->nunits != 1)
        return -1;
    *unit = lb_state_unit_index(st, lb_action_unit(a, 0));
    *hex = a->hexes[0];
    return *unit >= 0 ? 0 : -1;
}

int lbi_ai_try(const ai_ctx *c, const char *key)
{
    lb_game *g;
    if (lb_game_clone(c->g, 1, &g) != LB_OK)
        return -1;
    lb_game_answer a;
    int rc = lb_game_decide(g, c->me, lb_game_seq(g), key, &a);
    lb_game_free(g);
    return rc != LB_OK ? -1 : a.verdict == LB_ACCEPTED;
}
