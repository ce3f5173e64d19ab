/* What a unit is worth to its side in the computer's points: increments by morale state and arm, cavalry by readiness, leaders. */
#include "ai_int.h"

/* Increments by morale state (R-MOR-2..5): a disordered unit fires, melees and moves at half, a
 * routed one does little and may surrender. */
static const double state_factor[3] = {1.0, 0.7, 0.35};

double lbi_ai_unit_worth(const ai_ctx *c, const lb_unit *u)
{
    if (u->arm == LB_ARM_LEADER)
        return c->leader_worth;
    if (!lb_unit_is_combat(u))
        return 0;
    double w = lb_unit_strength(u) * c->inc_worth * state_factor[u->state];
    if (u->arm == LB_ARM_ARTILLERY)
        w *= 2; /* few increments, much fire */
    if (u->arm == LB_ARM_CAVALRY)
        w *= u->readiness == LB_READY_FRESH ? 1.2 : u->readiness == LB_READY_TIRED ? 1.0 : 0.8;
    return w;
}
