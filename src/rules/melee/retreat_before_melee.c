/* Retreat before melee (29, 36.4, L7-7): which defenders may step back before the assault. */
#include "zoi.h"
#include "melee_int.h"
#include "retreat_int.h"

/* R-MEL-7 (29.2 d, L7-7): is a path open to defender unit i, a retreat of R-MEL-8 with at least
 * one hex? A retreat with no path would be a surrender, and the option is a retreat. */
static int path_open(const lb_state *s, int i, int *rc)
{
    lb_retreat_req rq = {.kind = LB_RETREAT_DISORDER, .max_paths = 1};
    lb_retreat r;
    *rc = lb_retreat_paths(s, i, &rq, &r, NULL);
    if (*rc != LB_OK)
        return 0;
    int open = !r.surrender && !r.stays && r.nends > 0;
    lb_retreat_release(&r);
    return open;
}

/* R-MEL-7 */
int lbi_mel_may_retire(const lb_state *s, const lb_melee_chance *c, int d, int *rc)
{
    const lb_unit *u = &s->units[c->units[d].unit];
    int cavalry = 0, fresh_cavalry = 0, fastest = 0;
    *rc = LB_OK;
    for (int i = 0; i < c->nattackers; i++) {
        const lb_unit *a = &s->units[c->units[i].unit];
        cavalry |= a->arm == LB_ARM_CAVALRY;
        fresh_cavalry |= a->arm == LB_ARM_CAVALRY && a->readiness == LB_READY_FRESH;
        if (a->movement > fastest)
            fastest = a->movement;
    }
    if (u->state == LB_STATE_ROUTED)
        return MEL_RETIRE_ROUTED; /* a routed unit does not move by choice (30) */
    int why = MEL_MAY_RETIRE;
    if (u->arm == LB_ARM_INFANTRY && u->formation == LB_FORM_SKIRMISH) {
        why = cavalry ? MEL_RETIRE_SKIRMISHERS : MEL_MAY_RETIRE;
    } else if (u->arm == LB_ARM_ARTILLERY && u->formation == LB_FORM_LIMBERED &&
               !lb_zoi_horse(s, u)) {
        why = MEL_RETIRE_FOOT_GUNS; /* 29.2 b: limbered HORSE artillery */
    } else if (u->arm != LB_ARM_CAVALRY &&
               (u->arm != LB_ARM_ARTILLERY || u->formation != LB_FORM_LIMBERED)) {
        why = MEL_RETIRE_NOT_MOUNTED;
    } else if (u->arm == LB_ARM_CAVALRY && !cavalry && u->formation != LB_FORM_SKIRMISH) {
        why = MEL_MAY_RETIRE; /* cavalry assaulted by infantry, whatever its readiness (29.2 c) */
    } else if (u->movement < fastest + 2) {
        why = u->arm == LB_ARM_CAVALRY ? MEL_RETIRE_CAVALRY_SLOWER : MEL_RETIRE_GUNS_SLOWER;
    } else if (u->readiness == LB_READY_EXHAUSTED && fresh_cavalry) {
        why = MEL_RETIRE_EXHAUSTED; /* 36.4 */
    }
    if (why == MEL_MAY_RETIRE && !path_open(s, c->units[d].unit, rc))
        why = MEL_RETIRE_NO_PATH;
    return why;
}
