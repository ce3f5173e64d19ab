/* Retreat before melee (29, 36.4): which defenders may step back before the assault. */
#include "melee_int.h"

/* R-MEL-7 */
const char *lbi_mel_may_retire(const lb_state *s, const lb_melee_chance *c, int d,
                               const char **rule)
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
    *rule = "R-MEL-7";
    if (u->state == LB_STATE_ROUTED)
        return "a routed unit does not move by choice (30)";
    if (u->arm == LB_ARM_INFANTRY && u->formation == LB_FORM_SKIRMISH)
        return cavalry ? "skirmishers retreat before infantry only, and cavalry assaults them"
                       : NULL;
    int mounted = u->arm == LB_ARM_CAVALRY ||
                  (u->arm == LB_ARM_ARTILLERY && u->formation == LB_FORM_LIMBERED);
    if (!mounted)
        return "only skirmishers, cavalry and limbered guns may retreat before a melee";
    if (u->arm == LB_ARM_CAVALRY && !cavalry && u->formation != LB_FORM_SKIRMISH)
        return NULL; /* cavalry assaulted by infantry, whatever its readiness (29.2 c) */
    if (u->movement < fastest + 2)
        return u->arm == LB_ARM_CAVALRY
                   ? "cavalry retreats before cavalry only with 2 movement points more than "
                     "every attacker"
                   : "limbered guns retreat only with 2 movement points more than every "
                     "attacker";
    if (u->readiness == LB_READY_EXHAUSTED && fresh_cavalry)
        return "exhausted cavalry may not retreat before fresh cavalry (36.4)";
    return NULL;
}
