/* Cavalry readiness (36): the step a melee or a charge costs, and the steps a turn of rest gives back. */
#include "lb/err.h"
#include "lb/readiness.h"

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
        lb_trace_add(t, "R-MEL-20", "(36)", "%s fought at one third to keep its readiness: "
                     "still %s", u->id, name(u->readiness));
        lb_trace_text(t, "readiness", name(u->readiness));
        return u->readiness;
    }
    lb_readiness to = charged || u->readiness != LB_READY_FRESH ? LB_READY_EXHAUSTED
                                                                : LB_READY_TIRED;
    lb_trace_add(t, "R-MEL-20", "(36)", "%s %s: %s -> %s", u->id,
                 charged ? "charged and meleed (38.10)" : "meleed", name(u->readiness), name(to));
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
    const char *why = !r->full_turn            ? "a full turn has not passed since its combat"
                      : r->fought              ? "it fought in that turn"
                      : r->fire_loss > 0       ? "it lost an increment to fire in that turn"
                      : r->retired_from_cavalry ? "it retreated before a melee with cavalry"
                      : 2 * r->moved > u->movement ? "it moved more than half its movement points"
                                                   : NULL;
    if (why) {
        lb_trace_add(t, "R-MEL-21", "(36)", "%s stays %s: %s", u->id, name(u->readiness), why);
        lb_trace_int(t, "steps", 0);
        return LB_OK;
    }
    int steps = r->moved == 0 ? 2 : 1;
    int level = (int)u->readiness - steps;
    *out = level < 0 ? LB_READY_FRESH : (lb_readiness)level;
    lb_trace_add(t, "R-MEL-21", "(36)", "%s rested a full turn%s: %s -> %s", u->id,
                 steps == 2 ? " without moving (two steps)" : " moving at most half (one step)",
                 name(u->readiness), name(*out));
    lb_trace_int(t, "steps", steps);
    lb_trace_text(t, "readiness", name(*out));
    return LB_OK;
}
