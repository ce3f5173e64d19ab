/* State effects: losses (12) and morale states (30) applied to printed fire, melee and movement. */
#include "lb/effects.h"

static const char *const value_names[] = {"fire", "melee", "lance"};

static void trace_frac(lb_trace *t, const char *key, lb_frac v)
{
    lb_trace_frac(t, key, (long)v.num, (long)v.den);
}

/* R-MOR-10 (12): melee, lance and artillery fire shrink with every increment lost; infantry
 * fire halves only when one increment is left of a unit that has lost some; cavalry fire
 * halves once three quarters of its increments are lost. */
lb_frac lb_effects_losses(const lb_unit *u, lb_value v, lb_trace *t)
{
    if (!lb_unit_is_combat(u) || u->losses <= 0 || u->increments <= 0)
        return lb_frac_int(1);
    int strength = lb_unit_strength(u);
    lb_frac keep;
    if (strength <= 0)
        keep = lb_frac_int(0);
    else if (v != LB_VALUE_FIRE || u->arm == LB_ARM_ARTILLERY)
        keep = lb_frac_make(strength, u->increments);
    else if (u->arm == LB_ARM_INFANTRY)
        keep = strength == 1 ? lb_frac_make(1, 2) : lb_frac_int(1);
    else
        keep = 4 * u->losses >= 3 * u->increments ? lb_frac_make(1, 2) : lb_frac_int(1);
    lb_trace_add(t, "R-MOR-10", "(12)", "%s %s after %d of %d increments lost",
                 value_names[v], keep.num == keep.den ? "unchanged" : "reduced", u->losses,
                 u->increments);
    lb_trace_int(t, "increments", u->increments);
    lb_trace_int(t, "losses", u->losses);
    trace_frac(t, "kept", keep);
    return keep;
}

/* R-MOR-3, R-MOR-6: disordered values are halved; artillery never below 1 (R-MOR-11). */
static lb_frac halve(const lb_unit *u, lb_frac v, const char *what, lb_trace *t)
{
    lb_frac half = lb_frac_mul(v, lb_frac_make(1, 2));
    if (u->arm == LB_ARM_ARTILLERY && v.num > 0 && lb_frac_cmp(half, lb_frac_int(1)) < 0) {
        lb_trace_add(t, "R-MOR-6", "(30)", "disordered artillery: half its %s, but never below 1",
                     what);
        half = lb_frac_int(1);
    } else {
        lb_trace_add(t, u->arm == LB_ARM_ARTILLERY ? "R-MOR-6" : "R-MOR-3", "(30)",
                     "disordered: half its %s", what);
    }
    trace_frac(t, what, half);
    return half;
}

/* R-MOR-9: the final value only is rounded down, once, when the scenario asks for it. */
static lb_effect finish(const lb_state *s, lb_frac v, const char *what, lb_trace *t)
{
    if (s->fractions == LB_FRACTIONS_ROUND_DOWN && v.den != 1) {
        lb_frac down = lb_frac_int(lb_frac_floor(v));
        char buf[48];
        lb_trace_add(t, "R-MOR-9", "(12)", "fractions round down: %s %s becomes %lld", what,
                     lb_frac_fmt(v, buf, sizeof buf), down.num);
        trace_frac(t, what, down);
        v = down;
    }
    return (lb_effect){.allowed = 1, .value = v};
}

static lb_effect refuse(const char *rule, const char *reason, lb_trace *t)
{
    lb_trace_add(t, rule, "(30)", "%s", reason);
    lb_trace_bool(t, "allowed", 0);
    return (lb_effect){.allowed = 0, .value = lb_frac_int(0), .reason = reason};
}

static void trace_good(const lb_unit *u, lb_frac v, const char *what, lb_trace *t)
{
    char buf[48];
    lb_trace_add(t, "R-MOR-2", "(30)", "%s order: %s %s", lb_morale_state_name(u->state), what,
                 lb_frac_fmt(v, buf, sizeof buf));
    trace_frac(t, what, v);
}

/* R-MOR-3..6, R-MOR-11 */
lb_effect lb_effects_fire_exact(const lb_unit *u, lb_trace *t)
{
    if (!lb_unit_is_combat(u))
        return refuse("R-MOR-2", "a leader is not a combat unit and does not fire", t);
    if (u->state == LB_STATE_ROUTED)
        return refuse(u->arm == LB_ARM_CAVALRY ? "R-MOR-5" : "R-MOR-4",
                      "routed: may not initiate fire", t);
    lb_frac v = lb_frac_mul(lb_frac_int(u->fire), lb_effects_losses(u, LB_VALUE_FIRE, t));
    if (u->state == LB_STATE_DISORDERED)
        v = halve(u, v, "fire", t);
    else
        trace_good(u, v, "fire", t);
    return (lb_effect){.allowed = 1, .value = v};
}

/* R-MOR-9 */
lb_effect lb_effects_fire(const lb_state *s, const lb_unit *u, lb_trace *t)
{
    lb_effect e = lb_effects_fire_exact(u, t);
    return e.allowed ? finish(s, e.value, "fire", t) : e;
}

/* R-MOR-3..6, R-MOR-11 */
lb_effect lb_effects_melee(const lb_state *s, const lb_unit *u, int defending, lb_trace *t)
{
    lb_effect e = lb_effects_melee_unrounded(s, u, defending, t);
    return e.allowed ? finish(s, e.value, "melee", t) : e;
}

/* R-MOR-3..6, R-MOR-11 */
lb_effect lb_effects_melee_unrounded(const lb_state *s, const lb_unit *u, int defending,
                                     lb_trace *t)
{
    (void)s;
    if (!lb_unit_is_combat(u))
        return refuse("R-MOR-2", "a leader is not a combat unit and does not melee", t);
    lb_frac v = lb_frac_mul(lb_frac_int(u->melee), lb_effects_losses(u, LB_VALUE_MELEE, t));
    if (u->state == LB_STATE_DISORDERED) {
        v = halve(u, v, "melee", t);
    } else if (u->state == LB_STATE_ROUTED && u->arm == LB_ARM_CAVALRY) {
        v = lb_frac_mul(v, lb_frac_make(1, 4));
        lb_trace_add(t, "R-MOR-5", "(30)", "routed cavalry: melee at one quarter");
        trace_frac(t, "melee", v);
    } else if (u->state == LB_STATE_ROUTED) {
        if (!defending)
            return refuse("R-MOR-4", "routed: melees only in defence", t);
        v = lb_frac_mul(v, lb_frac_make(1, 3));
        lb_trace_add(t, "R-MOR-4", "(30)", "routed: melee at one third, in defence only");
        trace_frac(t, "melee", v);
    } else {
        trace_good(u, v, "melee", t);
    }
    return (lb_effect){.allowed = 1, .value = v};
}

/* R-MOR-3..6, R-MOR-11: movement is not reduced by losses. */
lb_effect lb_effects_movement(const lb_state *s, const lb_unit *u, lb_segment seg, lb_trace *t)
{
    lb_frac v = lb_frac_int(u->movement);
    if (u->state == LB_STATE_DISORDERED) {
        v = halve(u, v, "movement", t);
    } else if (u->state == LB_STATE_ROUTED && u->arm == LB_ARM_CAVALRY) {
        lb_trace_add(t, "R-MOR-5", "(30)", "routed cavalry: moves at its printed rate");
        trace_frac(t, "movement", v);
    } else if (u->state == LB_STATE_ROUTED) {
        if (seg != LB_SEG_MORALE_RECOVERY)
            return refuse("R-MOR-4",
                          "routed: does not move in the Movement phase; it flees in the Morale "
                          "Recovery Segment",
                          t);
        v = lb_frac_int(10);
        lb_trace_add(t, "R-MOR-4", "(30)", "routed: flees with 10 movement points in the Morale "
                                           "Recovery Segment");
        trace_frac(t, "movement", v);
    } else {
        trace_good(u, v, "movement", t);
    }
    return finish(s, v, "movement", t);
}

/* R-MOR-3, R-MOR-8, R-MOR-13 */
lb_formation lb_effects_formation(const lb_state *s, const lb_unit *u, lb_hex h)
{
    if (u->arm == LB_ARM_ARTILLERY || !lb_map_contains(&s->map, h))
        return u->formation;
    int terrain = s->map.terrain[lb_map_cell(&s->map, h)];
    return s->charts.terrain[terrain].general_order ? LB_FORM_GENERAL : LB_FORM_COLUMN;
}
