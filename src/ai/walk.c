/* The baseline's walk in Movement (R-AI-7), read from any game: the rollouts' enemy walks by it too (R-AI-20). */
#include "ai_int.h"
#include "state_int.h"
#include "decision_int.h"
#include "action_int.h"
#include "hex_int.h"
#include "game_int.h"

/* The objective unit u of game g walks to: the nearest its side does not hold, else the
 * nearest; -1. */
static int goal_of(const ai_ctx *c, const lb_game *g, const lb_unit *u)
{
    const lb_state *st = lb_game_state(g);
    int best = -1, held_best = -1;
    for (int k = 0; k < c->nobj; k++) {
        int dk = lbi_ai_objective_mp(c, st, u->arm, k, u->hexes[0]);
        if (dk >= AI_FAR)
            continue;
        int *slot = lb_game_objective_holder(g, k) == u->side ? &held_best : &best;
        if (*slot < 0 || dk < lbi_ai_objective_mp(c, st, u->arm, *slot, u->hexes[0]))
            *slot = k;
    }
    return best >= 0 ? best : held_best;
}

/* Does unit u stay: it stands on an objective, or an enemy stands next to it? */
static int stays(const ai_ctx *c, const lb_state *st, const lb_unit *u)
{
    for (int k = 0; k < c->nobj; k++)
        if (lb_hex_eq(st->battle.victory.objectives[k].hex, u->hexes[0]))
            return 1;
    for (int i = 0; i < st->nunits; i++) {
        const lb_unit *e = &st->units[i];
        if (e->side != u->side && lb_unit_is_combat(e) && e->nhexes > 0 &&
            lb_hex_distance(e->hexes[0], u->hexes[0]) <= 1)
            return 1;
    }
    return 0;
}

/* The move of option o of d by how much nearer its unit's goal it ends; -1 when it is no such
 * move. */
static int move_gain(const ai_ctx *c, const lb_game *g, const lb_decision *d, int o)
{
    const lb_state *st = lb_game_state(g);
    const lb_action *a = lb_decision_action(d, o);
    if (d->options[o].param || !a || a->verb != LB_VERB_MOVE)
        return -1;
    int i = lb_state_unit_index(st, lb_action_unit(a, 0));
    if (i < 0)
        return -1;
    const lb_unit *u = &st->units[i];
    if (u->side != d->side || !lb_unit_is_combat(u) || u->nhexes == 0 || u->move.steps > 0 ||
        stays(c, st, u))
        return -1;
    int k = goal_of(c, g, u);
    if (k < 0)
        return -1;
    return lbi_ai_objective_mp(c, st, u->arm, k, u->hexes[0]) -
           lbi_ai_objective_mp(c, st, u->arm, k, a->hexes[0]);
}

int lbi_ai_walk(const ai_ctx *c, const lb_game *g, const lb_decision *d, int *gain)
{
    int best = -1;
    *gain = 0;
    for (int o = 0; o < d->noptions; o++) {
        const lb_action *a = lb_decision_action(d, o);
        if (!d->options[o].param && a && a->verb == LB_VERB_ENTER) {
            *gain = 1;
            return o; /* a reinforcement comes on first */
        }
        int m = move_gain(c, g, d, o);
        if (m > *gain) {
            *gain = m;
            best = o;
        }
    }
    return best;
}
