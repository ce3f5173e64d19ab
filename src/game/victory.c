/* Victory (R-VIC): objective holders, the score at every moment, and the result when the battle ends. */
#include <stdlib.h>
#include <string.h>

#include "game_int.h"
#include "game_events.h"
#include "state_int.h"
#include "trace_int.h"

/* R-VIC-2: a side takes an objective when a combat unit of its own that is not routed stands in
 * it with no enemy combat unit; it holds it until the enemy takes it. */
int lb_game_objective_taker(const lb_state *st, lb_hex h)
{
    return lbi_game_objective_taker_moved(st, h, -1, 0);
}

/* One unit's part in who takes a hex: there[side], formed[side]. */
static void take_part(const lb_unit *u, int *there, int *formed)
{
    if (!lb_unit_is_combat(u))
        return;
    there[u->side] = 1;
    formed[u->side] |= u->state != LB_STATE_ROUTED;
}

int lbi_game_objective_taker_moved(const lb_state *st, lb_hex h, int unit, int in_h)
{
    const int *idx;
    int n = lb_state_units_at(st, h, &idx), there[2] = {0, 0}, formed[2] = {0, 0};
    for (int i = 0; i < n; i++)
        if (idx[i] != unit)
            take_part(&st->units[idx[i]], there, formed);
    if (unit >= 0 && in_h)
        take_part(&st->units[unit], there, formed);
    for (int side = 0; side < 2; side++)
        if (formed[side] && !there[1 - side])
            return side;
    return -1;
}

/* R-VIC-2: the holders after the units moved, each change traced. */
void lbi_victory_update(lb_game *g)
{
    const lb_state *st = g->st;
    const lb_victory *v = &g->origin->battle.victory;
    for (int k = 0; k < v->nobjectives; k++) {
        int side = lb_game_objective_taker(st, v->objectives[k].hex);
        if (side >= 0 && g->holder[k] != side) {
            LBI_EVENT(g->tr, "R-VIC-2", "(45)", EV_GAME_OBJECTIVE, ev_text(st->sides[side]),
                      ev_game_hex(st, v->objectives[k].hex), ev_int(v->objectives[k].points));
            g->holder[k] = side;
        }
    }
}

int lb_game_objective_holder(const lb_game *g, int k)
{
    return k >= 0 && k < g->origin->battle.victory.nobjectives ? g->holder[k] : -1;
}

void lb_game_score_of(const lb_game *g, lb_game_score *out)
{
    const lb_victory *v = &g->origin->battle.victory;
    memset(out, 0, sizeof *out);
    out->winner = -1;
    out->conceded = g->conceded;
    for (int k = 0; k < v->nobjectives; k++)
        if (g->holder[k] >= 0)
            out->objectives[g->holder[k]] += v->objectives[k].points;
    /* R-VIC-6: an organisation on a Morale Level (the hour's, R-GAME-11) gives its enemy the
     * points of every listed level it has reached */
    for (int k = 0; k < v->nlevel_awards; k++) {
        const lb_level_award *a = &v->level_awards[k];
        if (g->org_level[a->org] >= a->level)
            out->levels[1 - g->origin->battle.orgs[a->org].side] += a->points;
    }
    for (int s = 0; s < 2; s++) {
        out->increments[s] = g->tally_increments[s];
        out->surrendered[s] = g->tally_surrendered[s];
        out->leaders[s] = g->tally_leaders[s];
        /* R-VIC-3 */
        out->points[s] = out->objectives[s] + v->per_increment * out->increments[s] +
                         v->per_surrender * out->surrendered[s] + v->per_leader * out->leaders[s] +
                         out->levels[s];
    }
    out->over = g->over;
    if (!g->over)
        return;
    if (g->conceded >= 0) { /* R-VIC-5 */
        out->winner = 1 - g->conceded;
        out->outcome = LB_OUTCOME_DECISIVE;
        return;
    }
    /* R-VIC-4: the margin of the leader in points */
    int diff = abs(out->points[0] - out->points[1]);
    out->outcome = LB_OUTCOME_DRAW;
    for (int l = 0; l < LB_VICTORY_LEVELS; l++)
        if (diff >= v->margin[l])
            out->outcome = (lb_outcome)(LB_OUTCOME_MARGINAL + l);
    if (out->outcome != LB_OUTCOME_DRAW)
        out->winner = out->points[0] > out->points[1] ? 0 : 1;
}

/* R-VIC-4: the result when the battle has ended by the clock (R-VIC-1) or for want of anything
 * to decide (R-GAME-4), traced with the points and the margin. */
void lbi_victory_result(lb_game *g)
{
    const lb_victory *v = &g->origin->battle.victory;
    const lb_state *st = g->st;
    lb_game_score sc;
    lb_game_score_of(g, &sc);
    int margin = abs(sc.points[0] - sc.points[1]);
    /* R-VIC-6: each organisation on a Morale Level that the victory conditions name */
    for (int k = 0; k < v->nlevel_awards; k++) {
        const lb_level_award *a = &v->level_awards[k];
        const lb_org *org = &g->origin->battle.orgs[a->org];
        int level = g->org_level[a->org];
        LBI_EVENT(g->tr, "R-VIC-6", "(43)", EV_GAME_LEVEL_AWARD, ev_text(org->id), ev_int(level),
                  ev_int(level >= a->level), ev_int(a->level),
                  ev_int(level >= a->level ? a->points : 0), ev_text(st->sides[1 - org->side]));
    }
    if (sc.winner < 0)
        LBI_EVENT(g->tr, "R-VIC-4", "(2)", EV_GAME_DRAW, ev_text(st->sides[0]),
                  ev_int(sc.points[0]), ev_text(st->sides[1]), ev_int(sc.points[1]),
                  ev_int(margin), ev_int(v->margin[LB_VICTORY_MARGINAL]));
    else
        LBI_EVENT(g->tr, "R-VIC-4", "(2)", EV_GAME_VICTORY, ev_text(st->sides[0]),
                  ev_int(sc.points[0]), ev_text(st->sides[1]), ev_int(sc.points[1]),
                  ev_int(margin), ev_int(v->margin[LB_VICTORY_MARGINAL]),
                  ev_int(v->margin[LB_VICTORY_SUBSTANTIVE]),
                  ev_int(v->margin[LB_VICTORY_DECISIVE]), ev_text(lb_outcome_name(sc.outcome)),
                  ev_text(st->sides[sc.winner]));
    lb_trace_int(g->tr, "margin", margin);
    lb_trace_text(g->tr, "outcome", lb_outcome_name(sc.outcome));
}
