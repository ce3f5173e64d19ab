/* Retreat before melee (29, 36.4): which defenders may step back before the assault. */
#include "melee_int.h"

/* R-MEL-7 */
int lbi_mel_may_retire(const lb_state *s, const lb_melee_chance *c, int d)
{
    const lb_unit *u = &s->units[c->units[d].unit];
    int cavalry = 0, fresh_cavalry = 0, fastest = 0;
    for (int i = 0; i < c->nattackers; i++) {
        const lb_unit *a = &s->units[c->units[i].unit];
        cavalry |= a->arm == LB_ARM_CAVALRY;
        fresh_cavalry |= a->arm == LB_ARM_CAVALRY && a->readiness == LB_READY_FRESH;
        if (a->movement > fastest)
            fastest = a->movement;
    }
    if (u->state == LB_STATE_ROUTED)
        return MEL_RETIRE_ROUTED; /* a routed unit does not move by choice (30) */
    if (u->arm == LB_ARM_INFANTRY && u->formation == LB_FORM_SKIRMISH)
        return cavalry ? MEL_RETIRE_SKIRMISHERS : MEL_MAY_RETIRE;
    int mounted = u->arm == LB_ARM_CAVALRY ||
                  (u->arm == LB_ARM_ARTILLERY && u->formation == LB_FORM_LIMBERED);
    if (!mounted)
        return MEL_RETIRE_NOT_MOUNTED;
    if (u->arm == LB_ARM_CAVALRY && !cavalry && u->formation != LB_FORM_SKIRMISH)
        return MEL_MAY_RETIRE; /* cavalry assaulted by infantry, whatever its readiness (29.2 c) */
    if (u->movement < fastest + 2)
        return u->arm == LB_ARM_CAVALRY ? MEL_RETIRE_CAVALRY_SLOWER : MEL_RETIRE_GUNS_SLOWER;
    if (u->readiness == LB_READY_EXHAUSTED && fresh_cavalry)
        return MEL_RETIRE_EXHAUSTED; /* 36.4 */
    return MEL_MAY_RETIRE;
}
