/* Cavalry readiness (36): the step a melee or a charge costs, and the steps a turn of rest gives back. */
#include "lb/core.h"
#include "readiness.h"
#include "rules_events.h"
#include "state_int.h"
#include "trace_int.h"
#include "unit_int.h"

static const char *name(lb_readiness r)
{
    return lb_readiness_name(r);
}

/* R-MEL-20 */
lb_readiness lb_readiness_after_melee(const lb_unit *u, int charged, int preserve, lb_trace *t)
{
    if (u->arm != LB_ARM_CAVALRY)
        return u->readiness;
    if (preserve) {
        LBI_EVENT(t, "R-MEL-20", "(36)", EV_RULES_READINESS_KEPT, ev_unit_id(u->id),
                  ev_text(name(u->readiness)));
        lb_trace_text(t, "readiness", name(u->readiness));
        return u->readiness;
    }
    lb_readiness to = charged || u->readiness != LB_READY_FRESH ? LB_READY_EXHAUSTED
                                                                : LB_READY_TIRED;
    LBI_EVENT(t, "R-MEL-20", "(36)", EV_RULES_READINESS_SPENT, ev_unit_id(u->id),
              ev_int(charged != 0), ev_text(name(u->readiness)), ev_text(name(to)));
    lb_trace_text(t, "readiness", name(to));
    return to;
}

/* R-MEL-21 */
int lb_readiness_recover(const lb_state *s, int unit, const lb_rest *r, lb_readiness *out,
                         lb_trace *t)
{
    if (unit < 0 || unit >= s->nunits)
        return LB_INVALID;
    const lb_unit *u = &s->units[unit];
    *out = u->readiness;
    if (u->arm != LB_ARM_CAVALRY || u->readiness == LB_READY_FRESH)
        return LB_OK;
    int why = !r->full_turn                ? RULES_NO_FULL_TURN
              : r->fought                  ? RULES_FOUGHT
              : r->fire_loss > 0           ? RULES_FIRE_LOSS
              : r->retired_from_cavalry    ? RULES_RETIRED
              : 2 * r->moved > u->movement ? RULES_MOVED
                                           : -1;
    if (why >= 0) {
        LBI_EVENT(t, "R-MEL-21", "(36)", EV_RULES_READINESS_STAYS, ev_unit_id(u->id),
                  ev_text(name(u->readiness)), ev_phrase(RULES_PH_NO_REST, why));
        lb_trace_int(t, "steps", 0);
        return LB_OK;
    }
    int steps = r->moved == 0 ? 2 : 1;
    int level = (int)u->readiness - steps;
    *out = level < 0 ? LB_READY_FRESH : (lb_readiness)level;
    LBI_EVENT(t, "R-MEL-21", "(36)", EV_RULES_READINESS_RESTED, ev_unit_id(u->id),
              ev_int(steps == 2), ev_text(name(u->readiness)), ev_text(name(*out)));
    lb_trace_int(t, "steps", steps);
    lb_trace_text(t, "readiness", name(*out));
    return LB_OK;
}
