/* The computer player's charge plans: the cheapest path of a cavalry unit to each of its nearest enemy formations, the exact odds of each charge, the best. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai_int.h"
#include "state_int.h"
#include "hex_int.h"
#include "move_int.h"

#define CHARGE_TARGETS 6    /* nearest enemy formations a charge is planned against */
#define CHARGE_REACH 10     /* hexes */

/* The cheapest way for cavalry u to a hex next to target (its path, the hexes it enters, into
 * path; their count, 0 when none): steps through empty hexes by terrain and hexside cost, each
 * turn of the facing two MP more, at most two hexsides a hex (R-CHG-9), within its charge MP. */
static int charge_path(const lb_state *st, const lb_unit *u, const lb_unit *target, lb_hex *path,
                       int max)
{
    int cells = st->map.cols * st->map.rows, states = cells * LB_DIR_COUNT;
    int *cost = malloc((size_t)states * sizeof *cost);
    int *prev = malloc((size_t)states * sizeof *prev);
    unsigned char *done = calloc((size_t)states, 1);
    int n = 0;
    if (!cost || !prev || !done)
        goto out;
    for (int s = 0; s < states; s++)
        cost[s] = AI_FAR;
    int budget = u->movement + 5, start = lb_map_cell(&st->map, u->hexes[0]);
    int facing = lb_hex_clock_dir(u->facing);
    for (int dir = 0; dir < LB_DIR_COUNT; dir++) {
        int turn = facing < 0 ? 0 : (dir - facing + 6) % 6;
        turn = turn > 3 ? 6 - turn : turn;
        if (turn <= 2) {
            cost[start * LB_DIR_COUNT + dir] = 2 * turn;
            prev[start * LB_DIR_COUNT + dir] = -1;
        }
    }
    int goal = -1;
    for (;;) {
        int s = -1;
        for (int k = 0; k < states; k++)
            if (!done[k] && cost[k] < AI_FAR && (s < 0 || cost[k] < cost[s]))
                s = k;
        if (s < 0)
            break;
        done[s] = 1;
        lb_hex h = lb_map_hex(&st->map, s / LB_DIR_COUNT);
        if (s / LB_DIR_COUNT != start && lb_hex_distance(h, target->hexes[0]) == 1) {
            goal = s;
            break;
        }
        int dir = s % LB_DIR_COUNT;
        for (int nd = 0; nd < LB_DIR_COUNT; nd++) {
            int turn = (nd - dir + 6) % 6;
            turn = turn > 3 ? 6 - turn : turn;
            lb_hex to = lb_hex_neighbor(h, nd);
            const int *idx;
            int step = turn <= 2 ? lb_move_step_cost(st, h, nd, LB_ARM_CAVALRY) : -1;
            if (step < 0 || lb_state_units_at(st, to, &idx) > 0)
                continue;
            int t = lb_map_cell(&st->map, to) * LB_DIR_COUNT + nd;
            int c = cost[s] + step + 2 * turn;
            if (c <= budget && c < cost[t]) {
                cost[t] = c;
                prev[t] = s;
            }
        }
    }
    if (goal >= 0) {
        int len = 0;
        for (int s = goal; s >= 0 && s / LB_DIR_COUNT != start; s = prev[s])
            len++;
        if (len <= max) {
            n = len;
            for (int s = goal, k = len - 1; k >= 0; s = prev[s], k--)
                path[k] = lb_map_hex(&st->map, s / LB_DIR_COUNT);
        }
    }
out:
    free(cost);
    free(prev);
    free(done);
    return n;
}

int lbi_ai_charge_plan(ai_ctx *c, const lb_state *st, int i, int targets, int checked, char *key,
                       double *value, char *line, size_t n)
{
    const lb_unit *u = &st->units[i];
    int order[CHARGE_TARGETS], norder = 0;
    if (targets > CHARGE_TARGETS)
        targets = CHARGE_TARGETS;
    /* the nearest enemy formations, nearest first */
    for (int pass = 0; pass < targets; pass++) {
        int pick = -1, pd = 0;
        for (int e = 0; e < st->nunits; e++) {
            const lb_unit *x = &st->units[e];
            int d = x->nhexes ? lb_hex_distance(u->hexes[0], x->hexes[0]) : 1 << 30;
            int taken = 0;
            for (int k = 0; k < norder; k++)
                taken |= order[k] == e;
            if (x->side == u->side || !lb_unit_is_combat(x) || x->state == LB_STATE_ROUTED ||
                d > CHARGE_REACH || taken)
                continue;
            if (pick < 0 || d < pd) {
                pick = e;
                pd = d;
            }
        }
        if (pick < 0)
            break;
        order[norder++] = pick;
    }
    int found = 0;
    for (int t = 0; t < norder; t++) {
        lb_charge_req req;
        memset(&req, 0, sizeof req);
        req.cavalry = u->id;
        req.automatic = 1;
        req.npath = charge_path(st, u, &st->units[order[t]], req.path, LB_CHARGE_PATH_MAX);
        if (req.npath == 0)
            continue;
        lb_charge_outcomes o;
        int rc = lb_charge_odds(st, &req, &o);
        if (rc == LB_NOMEM)
            return rc;
        if (rc != LB_OK || o.n == 0 || strcmp(o.outcomes[0].summary, "refused") == 0) {
            if (rc == LB_OK)
                lb_charge_outcomes_release(&o);
            continue;
        }
        char ends[LB_AI_REASON_MAX];
        double v = lbi_ai_charge_value(c, st, i, &o, ends, sizeof ends);
        lb_charge_outcomes_release(&o);
        if (found && v <= *value)
            continue;
        char k[LB_OPTION_KEY_MAX];
        size_t used = (size_t)snprintf(k, sizeof k, "charge:%s:", u->id);
        for (int p = 0; p < req.npath && used < sizeof k; p++) {
            char label[LB_HEX_LABEL_MAX];
            used += (size_t)snprintf(k + used, sizeof k - used, "%s%s", p ? "," : "",
                                     lb_map_label(&st->map, req.path[p], label));
        }
        if (used >= sizeof k || (checked && lbi_ai_try(c, k) != 1))
            continue;
        found = 1;
        *value = v;
        snprintf(key, LB_OPTION_KEY_MAX, "%s", k);
        if (line)
            snprintf(line, n, "%s charges toward %s: %s (%+.1f points)", u->id,
                 st->units[order[t]].id, ends, v);
    }
    return found ? LB_OK : LB_NOT_FOUND;
}
