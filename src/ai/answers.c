/* What the computer reads of the pending decision and tries with it: a fire option's unit and hex, an answer tried on a what-if copy (R-AI-1), a leader's choice to go or stay (R-RET-22). */
#include <stdio.h>
#include <string.h>

#include "ai_int.h"
#include "decision_int.h"
#include "action_int.h"
#include "game_int.h"
#include "state_int.h"

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

/* Does a friendly combat unit of side stand in h? */
static int escorted(const lb_state *st, int side, lb_hex h)
{
    const int *idx;
    int n = lb_state_units_at(st, h, &idx);
    for (int i = 0; i < n; i++)
        if (st->units[idx[i]].side == side && lb_unit_is_combat(&st->units[idx[i]]))
            return 1;
    return 0;
}

/* R-AI-1, R-RET-22: an unescorted leader is captured when enemy cavalry enters his hex (7) */
int lbi_ai_leader_decision(const ai_ctx *c, const lb_decision *d, char *key, char *why)
{
    const lb_state *st = c->st;
    int l = lb_state_unit_index(st, d->subject), pick = -1;
    for (int o = 0; o < d->noptions && l >= 0 && pick < 0; o++) {
        lb_action read;
        const lb_action *a = lbi_ai_option_action(st, d, o, &read);
        if (a && a->verb == LB_VERB_END_AT && a->nhexes == 1 &&
            escorted(st, st->units[l].side, a->hexes[0]))
            pick = o;
    }
    const char *how = "a friendly combat unit stands with him there";
    if (pick < 0) {
        pick = d->auto_choice >= 0 && d->auto_choice < d->noptions ? d->auto_choice : 0;
        how = "the rules' automatic choice";
    }
    snprintf(key, LB_OPTION_KEY_MAX, "%s", d->options[pick].key);
    snprintf(why, LB_AI_REASON_MAX, "%s: %s", d->options[pick].text, how);
    return LB_OK;
}
