/* State effects: losses (12) and morale states (30) applied to printed fire, melee and movement. */
#include "effects.h"
#include "rules_events.h"
#include "state_int.h"
#include "frac_int.h"
#include "trace_int.h"
#include "unit_int.h"

/* The trace's value keys, by enum rules_value. */
static const char *const value_keys[] = {"fire", "melee", "lance", "movement"};

static lb_event_arg ev_value(enum rules_value v)
{
    return ev_phrase(RULES_PH_VALUE, (int)v);
}

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
    LBI_EVENT(t, "R-MOR-10", "(12)", EV_RULES_LOSSES, ev_value((enum rules_value)v),
              ev_int(keep.num == keep.den), ev_int(u->losses), ev_int(u->increments));
    lb_trace_int(t, "increments", u->increments);
    lb_trace_int(t, "losses", u->losses);
    trace_frac(t, "kept", keep);
    return keep;
}

/* R-MOR-3, R-MOR-6: disordered values are halved; artillery never below 1 (R-MOR-11). */
static lb_frac halve(const lb_unit *u, lb_frac v, enum rules_value what, lb_trace *t)
{
    lb_frac half = lb_frac_mul(v, lb_frac_make(1, 2));
    if (u->arm == LB_ARM_ARTILLERY && v.num > 0 && lb_frac_cmp(half, lb_frac_int(1)) < 0) {
        LBI_EVENT(t, "R-MOR-6", "(30)", EV_RULES_HALF_FLOOR, ev_value(what));
        half = lb_frac_int(1);
    } else {
        LBI_EVENT(t, u->arm == LB_ARM_ARTILLERY ? "R-MOR-6" : "R-MOR-3", "(30)", EV_RULES_HALF,
                  ev_value(what));
    }
    trace_frac(t, value_keys[what], half);
    return half;
}

/* R-MOR-9: the final value only is rounded down, once, when the scenario asks for it. */
static lb_effect finish(const lb_state *s, lb_frac v, enum rules_value what, lb_trace *t)
{
    if (s->fractions == LB_FRACTIONS_ROUND_DOWN && v.den != 1) {
        lb_frac down = lb_frac_int(lb_frac_floor(v));
        LBI_EVENT(t, "R-MOR-9", "(12)", EV_RULES_ROUND_DOWN, ev_value(what), ev_frac(v.num, v.den),
                  ev_int(down.num));
        trace_frac(t, value_keys[what], down);
        v = down;
    }
    return (lb_effect){.allowed = 1, .value = v};
}

static lb_effect refuse(const char *rule, enum rules_unable why, lb_trace *t)
{
    lb_effect e = {.allowed = 0, .value = lb_frac_int(0)};
    LBI_SAY(&e.why, EV_RULES_UNABLE, ev_phrase(RULES_PH_UNABLE, (int)why));
    LBI_EVENT(t, rule, "(30)", EV_RULES_UNABLE, ev_phrase(RULES_PH_UNABLE, (int)why));
    lb_trace_bool(t, "allowed", 0);
    return e;
}

static void trace_good(const lb_unit *u, lb_frac v, enum rules_value what, lb_trace *t)
{
    LBI_EVENT(t, "R-MOR-2", "(30)", EV_RULES_GOOD, ev_text(lb_morale_state_name(u->state)),
              ev_value(what), ev_frac(v.num, v.den));
    trace_frac(t, value_keys[what], v);
}

/* R-MOR-3..6, R-MOR-11 */
lb_effect lb_effects_fire_exact(const lb_unit *u, lb_trace *t)
{
    if (!lb_unit_is_combat(u))
        return refuse("R-MOR-2", RULES_LEADER_NO_FIRE, t);
    if (u->state == LB_STATE_ROUTED)
        return refuse(u->arm == LB_ARM_CAVALRY ? "R-MOR-5" : "R-MOR-4", RULES_ROUTED_NO_FIRE,
                      t);
    lb_frac v = lb_frac_mul(lb_frac_int(u->fire), lb_effects_losses(u, LB_VALUE_FIRE, t));
    if (u->state == LB_STATE_DISORDERED)
        v = halve(u, v, RULES_FIRE, t);
    else
        trace_good(u, v, RULES_FIRE, t);
    return (lb_effect){.allowed = 1, .value = v};
}

/* R-MOR-9 */
lb_effect lb_effects_fire(const lb_state *s, const lb_unit *u, lb_trace *t)
{
    lb_effect e = lb_effects_fire_exact(u, t);
    return e.allowed ? finish(s, e.value, RULES_FIRE, t) : e;
}

/* R-MOR-3..6, R-MOR-11 */
lb_effect lb_effects_melee(const lb_state *s, const lb_unit *u, int defending, lb_trace *t)
{
    lb_effect e = lb_effects_melee_unrounded(s, u, defending, t);
    return e.allowed ? finish(s, e.value, RULES_MELEE, t) : e;
}

/* R-MOR-3..6, R-MOR-11 */
lb_effect lb_effects_melee_unrounded(const lb_state *s, const lb_unit *u, int defending,
                                     lb_trace *t)
{
    (void)s;
    if (!lb_unit_is_combat(u))
        return refuse("R-MOR-2", RULES_LEADER_NO_MELEE, t);
    lb_frac v = lb_frac_mul(lb_frac_int(u->melee), lb_effects_losses(u, LB_VALUE_MELEE, t));
    if (u->state == LB_STATE_DISORDERED) {
        v = halve(u, v, RULES_MELEE, t);
    } else if (u->state == LB_STATE_ROUTED && u->arm == LB_ARM_CAVALRY) {
        v = lb_frac_mul(v, lb_frac_make(1, 4));
        LBI_EVENT0(t, "R-MOR-5", "(30)", EV_RULES_ROUTED_CAVALRY_MELEE);
        trace_frac(t, value_keys[RULES_MELEE], v);
    } else if (u->state == LB_STATE_ROUTED) {
        if (!defending)
            return refuse("R-MOR-4", RULES_ROUTED_DEFENCE_ONLY, t);
        v = lb_frac_mul(v, lb_frac_make(1, 3));
        LBI_EVENT0(t, "R-MOR-4", "(30)", EV_RULES_ROUTED_MELEE);
        trace_frac(t, value_keys[RULES_MELEE], v);
    } else {
        trace_good(u, v, RULES_MELEE, t);
    }
    return (lb_effect){.allowed = 1, .value = v};
}

/* R-MOR-3..6, R-MOR-11: movement is not reduced by losses. */
lb_effect lb_effects_movement(const lb_state *s, const lb_unit *u, lb_segment seg, lb_trace *t)
{
    lb_frac v = lb_frac_int(u->movement);
    if (u->state == LB_STATE_DISORDERED) {
        v = halve(u, v, RULES_MOVEMENT, t);
    } else if (u->state == LB_STATE_ROUTED && u->arm == LB_ARM_CAVALRY) {
        LBI_EVENT0(t, "R-MOR-5", "(30)", EV_RULES_ROUTED_CAVALRY_MOVES);
        trace_frac(t, value_keys[RULES_MOVEMENT], v);
    } else if (u->state == LB_STATE_ROUTED) {
        if (seg != LB_SEG_MORALE_RECOVERY)
            return refuse("R-MOR-4", RULES_ROUTED_NO_MOVE, t);
        v = lb_frac_int(10);
        LBI_EVENT0(t, "R-MOR-4", "(30)", EV_RULES_ROUTED_FLEES);
        trace_frac(t, value_keys[RULES_MOVEMENT], v);
    } else {
        trace_good(u, v, RULES_MOVEMENT, t);
    }
    return finish(s, v, RULES_MOVEMENT, t);
}

/* R-MOR-3, R-MOR-8, R-MOR-13 */
lb_formation lb_effects_formation(const lb_state *s, const lb_unit *u, lb_hex h)
{
    if (u->arm == LB_ARM_ARTILLERY || !lb_map_contains(&s->map, h))
        return u->formation;
    int terrain = s->map.terrain[lb_map_cell(&s->map, h)];
    return s->charts.terrain[terrain].general_order ? LB_FORM_GENERAL : LB_FORM_COLUMN;
}
