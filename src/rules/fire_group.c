/* Fire by several units at one hex (21), (25): which firers may fire together, and the value they sum to. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fire_int.h"
#include "lb/err.h"

void lb_fire_group_release(lb_fire_group *g)
{
    free(g->firers);
    g->firers = NULL;
    g->nfirers = 0;
}

/* R-FIRE-20: the fire moves the odds right when it has guns and every battery in it fires at
 * close range (one roll, one column: the guns' canister is the fire's only when all of them
 * fire it). */
static void canister(const lb_state *s, lb_fire_group *g, lb_trace *t)
{
    int close = 0;
    g->batteries = 0;
    for (int i = 0; i < g->nfirers; i++) {
        g->batteries += g->firers[i].battery;
        close += g->firers[i].battery && g->firers[i].canister;
    }
    int shift = s->charts.fire ? s->charts.fire->canister_shift : 0;
    if (!g->batteries || !shift)
        return;
    if (close == g->batteries) {
        g->canister = shift;
        lb_trace_add(t, "R-FIRE-20", "(26)", "canister: every battery of the fire is at close "
                     "range: the odds move %d column%s right", shift, shift == 1 ? "" : "s");
    } else {
        lb_trace_add(t, "R-FIRE-20", "(26)", "no canister: %d of the fire's %d batter%s at close "
                     "range", close, g->batteries, g->batteries == 1 ? "y is" : "ies are");
    }
    lb_trace_int(t, "canister", g->canister);
}

/* R-FIRE-23 */
int lb_fire_group_check(const lb_state *s, const lb_fire_request *rq, lb_fire_group *g,
                        lb_trace *t)
{
    memset(g, 0, sizeof *g);
    g->kind = rq->kind;
    g->target = rq->target;
    g->value = lb_frac_int(0);
    g->leader = -1;
    if (rq->nfirers != 1 || !rq->firers)
        return LB_INVALID;
    g->firers = calloc((size_t)rq->nfirers, sizeof *g->firers);
    if (!g->firers)
        return LB_NOMEM;
    g->nfirers = rq->nfirers;
    lb_fire_value *v = &g->firers[0];
    int rc = fi_unit_judge(s, rq->firers[0], rq->target, rq->kind, v, t);
    if (rc != LB_OK)
        return rc;
    g->side = s->units[v->unit].side;
    fi_unit_value(s, v, NULL, t);
    if (!v->allowed) {
        g->rule = v->rule;
        snprintf(g->reason, sizeof g->reason, "%s", v->reason);
        return LB_OK;
    }
    g->value = v->value;
    g->increments_firing = v->increments_firing;
    snprintf(g->breakdown, sizeof g->breakdown, "%s", v->breakdown);
    canister(s, g, t);
    g->allowed = 1;
    return LB_OK;
}

/* R-FIRE-22 */
int lb_fire_target_hex(const lb_state *s, const lb_fire_request *rq, int target_unit, lb_hex *hex,
                       int *nallowed)
{
    *nallowed = 0;
    if (target_unit < 0 || target_unit >= s->nunits)
        return LB_INVALID;
    const lb_unit *u = &s->units[target_unit];
    *hex = u->hexes[0];
    if (u->nhexes <= 1)
        return LB_OK;
    for (int k = 0; k < u->nhexes; k++) {
        lb_fire_request at = *rq;
        at.target = u->hexes[k];
        lb_fire_group g;
        int rc = lb_fire_group_check(s, &at, &g, NULL);
        int allowed = g.allowed;
        lb_fire_group_release(&g);
        if (rc != LB_OK)
            return rc;
        if (allowed && (*nallowed)++ == 0)
            *hex = u->hexes[k];
    }
    if (*nallowed != 1)
        *hex = u->hexes[0];
    return *nallowed == 1 ? LB_OK : LB_USAGE;
}
