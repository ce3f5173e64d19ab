/* Reaction charges (39, R-RCH): after each step of the charge, the other side's cavalry whose zone it entered is asked whether it reacts; its morale check, its move next to the charger, and the melee both charges end in. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "charge_react.h"

#include "charge_move.h"
#include "charge_zone_int.h"
#include "frac_int.h"
#include "hex_int.h"
#include "rules_types.h"
#include "move_int.h"
#include "trace_int.h"
#include "morale_int.h"
#include "state_int.h"
#include "unit_int.h"

/* The most cavalry units one question lists. */
#define REACTORS_MAX 16

/* R-RCH-1: reacted already, in this charge or earlier in the segment (the req's list). */
static int used(const run *R, int c)
{
    const lb_charge_req *req = &R->ch->req;
    if (R->us[c].reacted)
        return 1;
    for (int k = 0; k < req->nreacted && k < LB_CHARGE_REACTED_MAX; k++)
        if (strcmp(req->reacted[k], R->st->units[c].id) == 0)
            return 1;
    return 0;
}

/* The farthest any zone reaches (light cavalry, R-RCH-1): cavalry nearer than this that is not
 * asked is said why in the trace. */
#define ZONE_NEAR 6

/* R-RCH-1: does the zone of cavalry c hold the charger's hex? Traced when it does, or when the
 * hex lies within ZONE_NEAR hexes and it does not (why). */
static int in_zone(run *R, int c, int *in)
{
    const lb_charge_req *req = &R->ch->req;
    lbi_zone z;
    int u = used(R, c);
    *in = 0;
    if (lbi_charge_zone(R->st, c, R->pos, R->side, LBI_ZONE_REACTION, u, &z, NULL) != LB_OK)
        return LB_NOMEM;
    *in = z.in;
    for (int k = 0; k < req->nnever && k < LB_CHARGE_REACTED_MAX && *in; k++)
        if (strcmp(req->never[k], R->st->units[c].id) == 0) { /* R-OCH-9 */
            *in = 0;
            LBI_EVENT(R->t, "R-OCH-9", "(39)", EV_CHARGE_NEVER_ASKED, ch_unit(R, c),
                      ch_hex(R, R->pos));
            return LB_OK;
        }
    if (R->t && (z.in || z.distance <= ZONE_NEAR))
        return lbi_charge_zone(R->st, c, R->pos, R->side, LBI_ZONE_REACTION, u, &z, R->t);
    return LB_OK;
}

/* The reactor's option: its key "react:UNIT" and its chance in words. */
static int react_option(run *R, lb_decision *d, int c)
{
    char key[LB_OPTION_KEY_MAX];
    snprintf(key, sizeof key, "react:%s", R->st->units[c].id);
    lb_morale_chance mc = {.p_pass = lb_frac_int(0)};
    int rc = R->odds ? LB_OK : lb_morale_odds(R->st, c, NULL, 0, &mc, NULL);
    if (rc != LB_OK)
        return rc;
    return CH_OPTION(R, d, key, EV_CHARGE_REACT_OPTION, ch_unit(R, c),
                     ev_frac(mc.p_pass.num, mc.p_pass.den));
}

/* R-RCH-6: the free hex next to the charger that cavalry c reaches for the fewest movement
 * points within its charge allowance (printed + 5), terrain and hexsides counted (no facing
 * changes: it ends facing the charger), through hexes that hold no unit; ties to the first
 * in direction order from the charger (N, NE, SE, S, SW, NW). -1 when none: *cost is then
 * unset. */
static int reach(const run *R, int c, int allowance, int *cost)
{
    const lb_state *s = R->st;
    const lb_map *m = &s->map;
    int ncells = m->cols * m->rows, *dist = malloc((size_t)ncells * sizeof *dist);
    if (!dist)
        return -2;
    for (int i = 0; i < ncells; i++)
        dist[i] = -1;
    lb_hex from = s->units[c].hexes[0];
    dist[lb_map_cell(m, from)] = 0;
    /* Dijkstra by rounds: each round settles every hex one cost further (costs are whole MP) */
    for (int spent = 0; spent < allowance; spent++)
        for (int i = 0; i < ncells; i++) {
            if (dist[i] != spent)
                continue;
            lb_hex h = lb_map_hex(m, i);
            for (int dir = 0; dir < LB_DIR_COUNT; dir++) {
                lb_hex to = lb_hex_neighbor(h, dir);
                const int *idx;
                if (!lb_map_contains(m, to) || lb_state_units_at(s, to, &idx) > 0)
                    continue;
                int step = lb_move_step_cost(s, h, dir, LB_ARM_CAVALRY), k = lb_map_cell(m, to);
                if (step == LB_MOVE_PROHIBITED ||
                    s->charts.terrain[m->terrain[k]].general_order)
                    continue;
                int d = spent + (step > 0 ? step : 1);
                if (d <= allowance && (dist[k] < 0 || d < dist[k]))
                    dist[k] = d;
            }
        }
    int best = -1;
    for (int dir = 0; dir < LB_DIR_COUNT; dir++) {
        lb_hex h = lb_hex_neighbor(R->pos, dir);
        if (!lb_map_contains(m, h))
            continue;
        int k = lb_map_cell(m, h);
        if (dist[k] >= 0 && (best < 0 || dist[k] < *cost)) {
            best = k;
            *cost = dist[k];
        }
    }
    free(dist);
    return best;
}

/* R-RCH-3, R-RCH-6: the check passed: c moves next to the charger facing it, both charges end,
 * and they melee without the charger's x2 bonus (39.4); LB_OK also when it finds no way (it
 * stays). */
static int meet(run *R, int c)
{
    lb_state *s = R->st;
    lb_unit *u = &s->units[c];
    int allowance = u->movement + 5, cost = 0;
    int cell = lb_hex_distance(u->hexes[0], R->pos) == 1 ? lb_map_cell(&s->map, u->hexes[0])
                                                          : reach(R, c, allowance, &cost);
    if (cell == -2)
        return lbi_ch_fail(R, LB_NOMEM, "out of memory");
    if (cell < 0) {
        CH_EVENT(R, "reaction", "R-RCH-6", c, R->cav, u->hexes[0], 0, EV_CHARGE_REACT_NO_WAY,
                 ch_unit(R, c), ch_unit(R, R->cav), ev_int(allowance));
        lbi_ch_summary(R, "reaction:none");
        return LB_OK;
    }
    lb_hex at = lb_map_hex(&s->map, cell);
    u->hexes[0] = at;
    u->facing = lb_hex_dir_clock(lb_hex_dir_to(at, R->pos));
    int rc = lb_state_reindex(s);
    if (rc != LB_OK)
        return rc;
    CH_EVENT(R, "reaction", "R-RCH-6", c, R->cav, at, cost, EV_CHARGE_REACT_MOVES, ch_unit(R, c),
             ch_hex(R, at), ev_int(cost), ev_int(allowance), ch_unit(R, R->cav));
    lbi_mv_face(R, c); /* the charger turns to meet it (R-CHG-29) */
    CH_EVENT(R, "halt", "R-RCH-3", R->cav, c, R->pos, 0, EV_CHARGE_REACT_NO_BONUS,
             ch_unit(R, R->cav), ch_unit(R, c));
    CH_OBLIGE(R, LB_OBLIGE_MELEE, "R-RCH-3", R->cav, c, EV_CHARGE_OBLIGE_MELEE,
              ch_unit(R, R->cav), ch_unit(R, c), ev_int(0), ev_int(0), ev_frac(1, 1));
    CH_OBLIGE(R, LB_OBLIGE_EXHAUSTED, "R-RCH-3", c, R->cav, EV_CHARGE_OBLIGE_REACTOR_EXHAUSTED,
              ch_unit(R, c));
    R->melee_with = c;
    R->res->contact = 1;
    lbi_ch_summary(R, "reaction:%s", u->id);
    R->mode = M_END;
    return LB_OK;
}

int lbi_react_check(run *R, int c)
{
    R->us[c].reacted = 1;
    lb_morale_chance chance;
    lb_morale_result mr;
    int roll, rc = lbi_ch_morale_check(R, c, NULL, 0, (pending){.kind = P_REACT, .unit = c},
                                       "reaction check", NULL, &chance, &roll, &mr);
    if (rc != LB_OK)
        return rc;
    int passed = mr.outcome.passed;
    CH_EVENT(R, "reaction-check", "R-RCH-2", c, R->cav, R->st->units[c].hexes[0], roll,
             EV_CHARGE_REACT_CHECK, ch_unit(R, c), ev_roll(roll), ev_int(chance.modifier),
             ev_int(mr.modified), ev_int(chance.morale), ev_int(passed),
             ev_frac(chance.p_pass.num, chance.p_pass.den));
    if (passed)
        return meet(R, c);
    CH_EVENT(R, "reaction", "R-RCH-2", c, R->cav, R->st->units[c].hexes[0], 0,
             EV_CHARGE_REACT_FAILED, ch_unit(R, c),
             ev_text(lb_readiness_name(R->st->units[c].readiness)));
    lbi_ch_summary(R, "reaction-failed:%s", R->st->units[c].id);
    return LB_OK;
}

/* R-RCH-1, R-RCH-5 */
int lbi_react_after_step(run *R)
{
    if (!R->ch->req.reactions || R->mode == M_END)
        return LB_OK;
    int cand[REACTORS_MAX], n = 0, rc = LB_OK;
    for (int c = 0; c < R->st->nunits && rc == LB_OK && n < REACTORS_MAX; c++) {
        int in = 0;
        if (R->st->units[c].side == R->side || R->st->units[c].arm != LB_ARM_CAVALRY)
            continue;
        if ((rc = in_zone(R, c, &in)) == LB_OK && in)
            cand[n++] = c;
    }
    if (rc != LB_OK || n == 0)
        return rc;
    lb_decision d;
    CH_ASK(R, &d, LB_DECIDE_REACTION, 1 - R->side, R->st->units[R->cav].id, "R-RCH-5",
           EV_CHARGE_ASK_REACTION, ch_unit(R, R->cav), ch_hex(R, R->pos), ev_int(n));
    for (int k = 0; k < n && rc == LB_OK; k++)
        rc = react_option(R, &d, cand[k]);
    if (rc == LB_OK)
        rc = CH_OPTION(R, &d, "pass", EV_CHARGE_NO_REACTION_OPTION, ev_text(""));
    d.auto_choice = n;
    int k;
    if (rc != LB_OK || (rc = lbi_ch_decide(R, &d, &k)) != LB_OK) {
        lb_decision_release(&d);
        return rc;
    }
    return k < n ? lbi_react_check(R, cand[k]) : LB_OK;
}
