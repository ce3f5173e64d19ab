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
    g->allowed = 1;
    return LB_OK;
}
