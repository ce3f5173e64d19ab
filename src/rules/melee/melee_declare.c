/* Declaring an assault (32.2, 32.5, 32.7, 32.9, 35.9): who may attack the hex, from where, through which hexside class of the defender. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "lb/move.h"
#include "melee_int.h"

int lbi_mel_share(const lb_unit *u, int k)
{
    int n = lb_unit_strength(u), h = u->nhexes > 0 ? u->nhexes : 1;
    return n / h + (k < n % h);
}

/* How good a class is for the attacker: front, then rear, then flank (x2, -12: A13-1). */
static int rank(lb_side_class c)
{
    return c == LB_SIDE_FLANK ? 2 : c == LB_SIDE_REAR ? 1 : 0;
}

__attribute__((format(printf, 5, 6))) static int refuse(lb_melee_chance *c, const char *rule,
                                                        const char *section, lb_trace *t,
                                                        const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(c->reason, sizeof c->reason, fmt, ap);
    va_end(ap);
    c->allowed = 0;
    c->rule = rule;
    lb_trace_add(t, rule, section, "the melee may not be made: %s", c->reason);
    lb_trace_bool(t, "allowed", 0);
    return LB_OK;
}

/* The index of h among u's hexes, or -1. */
static int hex_of(const lb_unit *u, lb_hex h)
{
    for (int k = 0; k < u->nhexes; k++)
        if (lb_hex_eq(u->hexes[k], h))
            return k;
    return -1;
}

/* R-MEL-1: one attacker's own conditions. */
static int attacker_ok(const lb_state *s, const lb_melee_req *req, lb_melee_chance *c, int i,
                       int side, lb_trace *t)
{
    const lb_unit *u = &s->units[c->units[i].unit];
    char tl[LB_HEX_LABEL_MAX], fl[LB_HEX_LABEL_MAX];
    lb_map_label(&s->map, c->target, tl);
    for (int j = 0; j < i; j++)
        if (c->units[j].unit == c->units[i].unit)
            return refuse(c, "R-MEL-1", "(33)", t, "%s is listed twice", u->id);
    if (!lb_unit_is_combat(u))
        return refuse(c, "R-MEL-1", "(32)", t, "%s is a leader, not a combat formation", u->id);
    if (u->side != side)
        return refuse(c, "R-MEL-1", "(33)", t, "%s is not of the side of %s: one side assaults",
                      u->id, s->units[c->units[0].unit].id);
    if (u->state == LB_STATE_ROUTED)
        return refuse(c, "R-MEL-1", "(30)", t, "%s is routed: it melees only in defence",
                      u->id);
    if (u->formation == LB_FORM_CARRE)
        return refuse(c, "R-MEL-4", "(32)", t, "%s is in carré: a carré never assaults", u->id);
    if (u->move.march == LB_MARCH_ON)
        return refuse(c, "R-MEL-1", "(44)", t, "%s force-marched this turn: it may not melee as "
                      "the attacker", u->id);
    const lb_melee_attacker *a = &req->attackers[i];
    if (a->fired && !lb_hex_eq(a->fired_at, c->target))
        return refuse(c, "R-MEL-2", "(32)", t, "%s fired at %s this turn: it may melee only that "
                      "hex, not %s", u->id, lb_map_label(&s->map, a->fired_at, fl), tl);
    if (a->fired)
        lb_trace_add(t, "R-MEL-2", "(32)", "%s fired at %s this turn: it may melee that hex only, "
                     "and does", u->id, tl);
    return LB_OK;
}

/* R-MEL-1, R-MEL-3, R-MEL-4, R-MEL-6: where attacker part i attacks from, through what, with
 * how many increments. d0 is the defender whose facing is read. */
static int contact(const lb_state *s, lb_melee_chance *c, int i, int d0, int carre, lb_trace *t)
{
    lb_melee_unit *mu = &c->units[i];
    const lb_unit *u = &s->units[mu->unit], *d = &s->units[d0];
    char tl[LB_HEX_LABEL_MAX], hl[LB_HEX_LABEL_MAX];
    lb_map_label(&s->map, c->target, tl);
    int inside = hex_of(u, c->target);
    if (carre && u->arm == LB_ARM_CAVALRY) {
        if (inside < 0)
            return refuse(c, "R-MEL-4", "(32)", t, "%s may assault the carré in %s only from "
                          "inside its hex, after its defensive fire", u->id, tl);
        mu->from = c->target;
        mu->through = LB_SIDE_FRONT;
        mu->increments = lbi_mel_share(u, inside);
        lb_trace_add(t, "R-MEL-4", "(32)", "%s assaults the carré from inside its hex %s", u->id,
                     tl);
        return LB_OK;
    }
    if (inside >= 0)
        return refuse(c, "R-MEL-1", "(32)", t, "%s stands in %s itself", u->id, tl);
    int adjacent = 0, best = -1, k0 = hex_of(d, c->target);
    char entries[LB_UNIT_MAX_HEXES * (LB_HEX_LABEL_MAX + 2)] = "";
    size_t used = 0;
    mu->increments = 0;
    for (int k = 0; k < u->nhexes; k++) {
        int dir = lb_hex_dir_to(u->hexes[k], c->target);
        if (dir < 0)
            continue;
        adjacent = 1;
        lb_map_label(&s->map, u->hexes[k], hl);
        if (lb_facing_side(u, k, dir) != LB_SIDE_FRONT) {
            lb_trace_add(t, "R-MEL-1", "(32)", "%s in %s: %s is not in front of it", u->id, hl,
                         tl);
            continue;
        }
        if (lb_move_step_cost(s, u->hexes[k], dir, u->arm) == LB_MOVE_PROHIBITED)
            return refuse(c, "R-MEL-3", "(32)", t, "%s may not enter %s from %s (prohibited "
                          "terrain or hexside): no melee into it", u->id, tl, hl);
        if (used < sizeof entries)
            used += (size_t)snprintf(entries + used, sizeof entries - used, "%s%s",
                                     used ? ", " : "", hl);
        lb_side_class cls = lb_facing_side(d, k0, lb_hex_dir_opposite(dir));
        if (cls == LB_SIDE_OWN)
            cls = LB_SIDE_FRONT;
        lb_trace_add(t, "R-MEL-6", "(13)", "%s assaults %s from %s through a %s hexside of %s",
                     u->id, tl, hl, lb_side_class_name(cls), d->id);
        lb_trace_text(t, "through", lb_side_class_name(cls));
        mu->increments += lbi_mel_share(u, k);
        if (best < 0 || rank(cls) > rank(mu->through)) {
            best = k;
            mu->through = cls;
            mu->from = u->hexes[k];
        }
    }
    if (best < 0)
        return refuse(c, "R-MEL-1", "(32)", t, adjacent ? "%s is next to %s only through its "
                      "flank or rear: melee only through the front hexsides" : "%s is not next "
                      "to %s", u->id, tl);
    lb_trace_add(t, "R-MEL-3", "(32)", "%s may step into %s from %s: neither its terrain nor the "
                 "hexside crossed is prohibited to %s", u->id, tl, entries, lb_arm_name(u->arm));
    if (carre)
        lb_trace_add(t, "R-MEL-4", "(32)", "%s assaults the carré from next to it", u->id);
    return LB_OK;
}

/* The enemy combat units of the target hex, top first, as defender parts. */
static int defenders(const lb_state *s, lb_melee_chance *c, int side, lb_trace *t)
{
    const int *idx;
    int n = lb_state_units_at(s, c->target, &idx);
    char tl[LB_HEX_LABEL_MAX];
    lb_map_label(&s->map, c->target, tl);
    for (int j = 0; j < n; j++) {
        const lb_unit *u = &s->units[idx[j]];
        if (!lb_unit_is_combat(u) || u->side == side)
            continue;
        if (c->nunits == LB_MELEE_UNITS_MAX)
            return refuse(c, "R-MEL-1", "(33)", t, "more than %d units in the melee",
                          LB_MELEE_UNITS_MAX);
        lb_melee_unit *mu = &c->units[c->nunits++];
        memset(mu, 0, sizeof *mu);
        mu->unit = idx[j];
        mu->side = LB_MELEE_DEFENDER;
        mu->from = c->target;
        mu->increments = lbi_mel_share(u, hex_of(u, c->target));
    }
    if (c->nunits == c->nattackers)
        return refuse(c, "R-MEL-1", "(33)", t, "%s holds no enemy combat unit", tl);
    return LB_OK;
}

/* R-MEL-25: the facts of the charge a melee is owed by, as the request gives them. */
static void trace_charge(const lb_state *s, const lb_melee_req *req, lb_trace *t)
{
    for (int i = 0; t && i < req->nattackers; i++) {
        const lb_melee_attacker *a = &req->attackers[i];
        int halved = a->times.den > 0 && lb_frac_cmp(a->times, lb_frac_int(1)) != 0;
        if (!a->charge_straight && !halved && !a->charged)
            continue;
        char facts[160] = "", times[32];
        size_t used = 0;
        if (a->charge_straight)
            used += (size_t)snprintf(facts + used, sizeof facts - used, "straight and facing (the "
                                     "chart's charge_straight)");
        if (halved && used < sizeof facts)
            used += (size_t)snprintf(facts + used, sizeof facts - used, "%smelee x%s (R-CHG-16)",
                                     used ? "; " : "", lb_frac_fmt(a->times, times, sizeof times));
        if (a->charged && used < sizeof facts)
            snprintf(facts + used, sizeof facts - used, "%sexhausted after it (R-MEL-20)",
                     used ? "; " : "");
        lb_trace_add(t, "R-MEL-25", "(38)", "%s melees as its charge owes: %s", a->id, facts);
    }
    for (int i = 0; t && i < req->npassed; i++) {
        int u = req->passed[i] ? lb_state_unit_index(s, req->passed[i]) : -1;
        if (u >= 0)
            lb_trace_add(t, "R-MEL-25", "(38)", "%s stood against the charge and passed its check: "
                         "it counts as having passed its pre-melee check (38.2)", s->units[u].id);
    }
}

/* R-MEL-1..6 */
int lbi_mel_declare(const lb_state *s, const lb_melee_req *req, lb_melee_chance *c, lb_trace *t)
{
    c->target = req->target;
    c->allowed = 1;
    if (!lb_map_contains(&s->map, req->target) || req->nattackers < 1 ||
        req->nattackers > LB_MELEE_ATTACKERS_MAX)
        return LB_INVALID;
    for (int i = 0; i < req->nattackers; i++) {
        int u = req->attackers[i].id ? lb_state_unit_index(s, req->attackers[i].id) : -1;
        if (u < 0)
            return LB_INVALID;
        lb_melee_unit *mu = &c->units[i];
        memset(mu, 0, sizeof *mu);
        mu->unit = u;
        mu->side = LB_MELEE_ATTACKER;
    }
    c->nunits = c->nattackers = req->nattackers;
    int side = s->units[c->units[0].unit].side;
    for (int i = 0; i < c->nattackers; i++)
        if (attacker_ok(s, req, c, i, side, t) != LB_OK || !c->allowed)
            return LB_OK;
    if (defenders(s, c, side, t) != LB_OK || !c->allowed)
        return LB_OK;
    int d0 = c->units[c->nattackers].unit, carre = 0, all_cavalry = 1;
    for (int i = c->nattackers; i < c->nunits; i++) {
        const lb_unit *d = &s->units[c->units[i].unit];
        carre |= d->formation == LB_FORM_CARRE;
        all_cavalry &= d->arm == LB_ARM_CAVALRY;
    }
    int cavalry = 0, others = 0;
    c->through = LB_SIDE_FRONT;
    for (int i = 0; i < c->nattackers; i++) {
        const lb_unit *u = &s->units[c->units[i].unit];
        if (contact(s, c, i, d0, carre, t) != LB_OK || !c->allowed)
            return LB_OK;
        if (rank(c->units[i].through) > rank(c->through))
            c->through = c->units[i].through;
        cavalry |= u->arm == LB_ARM_CAVALRY;
        others |= u->arm != LB_ARM_CAVALRY;
    }
    if (all_cavalry && cavalry && others)
        return refuse(c, "R-MEL-5", "(35)", t, "other arms may not join a melee of cavalry "
                      "against cavalry");
    if (all_cavalry && cavalry)
        lb_trace_add(t, "R-MEL-5", "(35)", "every defender is cavalry and cavalry attacks: other "
                     "arms may not join (35.9), and none does");
    char tl[LB_HEX_LABEL_MAX];
    lb_trace_add(t, "R-MEL-1", "(33)", "%d attacker%s against %d defender%s in %s; the defender "
                 "is assaulted through its %s", c->nattackers, c->nattackers == 1 ? "" : "s",
                 c->nunits - c->nattackers, c->nunits - c->nattackers == 1 ? "" : "s",
                 lb_map_label(&s->map, c->target, tl), lb_side_class_name(c->through));
    lb_trace_bool(t, "allowed", 1);
    trace_charge(s, req, t);
    return LB_OK;
}
