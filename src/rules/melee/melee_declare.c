/* Declaring an assault (32.2, 32.5, 32.7, 32.9, 35.9): who may attack the hex, from where, through which hexside class of the defender. */
#include <string.h>

#include "rules_types.h"
#include "melee_int.h"
#include "frac_int.h"
#include "hex_int.h"
#include "trace_int.h"
#include "facing_int.h"
#include "move_int.h"
#include "unit_int.h"

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

int lbi_mel_refuse(lb_melee_chance *c, const char *rule, const char *section, lb_trace *t, int ev,
                   const lb_event_arg *args, int nargs)
{
    lb_event_arg all[LB_SAID_ARGS_MAX];
    int n = nargs < LB_SAID_ARGS_MAX - 1 ? nargs : LB_SAID_ARGS_MAX - 1;
    all[0] = ev_int(0);
    if (n)
        memcpy(all + 1, args, (size_t)n * sizeof *args);
    c->allowed = 0;
    c->rule = rule;
    lbi_say(&c->why, ev, all, n + 1);
    all[0] = ev_int(1);
    lbi_trace_event(t, rule, section, ev, all, n + 1);
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
    lb_event_arg id = ev_unit_id(u->id);
    for (int j = 0; j < i; j++)
        if (c->units[j].unit == c->units[i].unit)
            return MEL_REFUSE(c, "R-MEL-1", "(33)", t, EV_MEL_LISTED_TWICE, id);
    if (!lb_unit_is_combat(u))
        return MEL_REFUSE(c, "R-MEL-1", "(32)", t, EV_MEL_LEADER, id);
    if (u->side != side)
        return MEL_REFUSE(c, "R-MEL-1", "(33)", t, EV_MEL_OTHER_SIDE, id,
                          ev_unit_id(s->units[c->units[0].unit].id));
    if (u->state == LB_STATE_ROUTED)
        return MEL_REFUSE(c, "R-MEL-1", "(30)", t, EV_MEL_ROUTED, id);
    if (u->formation == LB_FORM_CARRE)
        return MEL_REFUSE(c, "R-MEL-4", "(32)", t, EV_MEL_IN_CARRE, id);
    if (u->move.march == LB_MARCH_ON)
        return MEL_REFUSE(c, "R-MEL-1", "(44)", t, EV_MEL_FORCE_MARCHED, id);
    const lb_melee_attacker *a = &req->attackers[i];
    if (a->fired && !lb_hex_eq(a->fired_at, c->target))
        return MEL_REFUSE(c, "R-MEL-2", "(32)", t, EV_MEL_FIRED_ELSEWHERE, id,
                          ev_hex(s, a->fired_at), ev_hex(s, c->target));
    if (a->fired)
        LBI_EVENT(t, "R-MEL-2", "(32)", EV_MEL_FIRED_AT, id, ev_hex(s, c->target));
    return LB_OK;
}

/* R-MEL-1, R-MEL-3, R-MEL-4, R-MEL-6: where attacker part i attacks from, through what, with
 * how many increments. d0 is the defender whose facing is read. */
static int contact(const lb_state *s, lb_melee_chance *c, int i, int d0, int carre, lb_trace *t)
{
    lb_melee_unit *mu = &c->units[i];
    const lb_unit *u = &s->units[mu->unit], *d = &s->units[d0];
    lb_event_arg id = ev_unit_id(u->id), target = ev_hex(s, c->target);
    int inside = hex_of(u, c->target);
    if (inside >= 0 && u->arm == LB_ARM_CAVALRY) {
        /* R-MEL-4: from inside the carré's hex, where its charge left it; R-MEL-30: the carré
         * broke since, and the units left there are fought from inside the same way */
        mu->from = c->target;
        mu->through = LB_SIDE_FRONT;
        mu->increments = lbi_mel_share(u, inside);
        if (carre)
            LBI_EVENT(t, "R-MEL-4", "(32)", EV_MEL_CARRE_INSIDE, id, target);
        else
            LBI_EVENT(t, "R-MEL-30", "(32)", EV_MEL_BROKEN_CARRE_INSIDE, id, target);
        return LB_OK;
    }
    if (carre && u->arm == LB_ARM_CAVALRY)
        return MEL_REFUSE(c, "R-MEL-4", "(32)", t, EV_MEL_CARRE_FROM_OUTSIDE, id, target);
    if (inside >= 0)
        return MEL_REFUSE(c, "R-MEL-1", "(32)", t, EV_MEL_STANDS_IN_TARGET, id, target);
    int adjacent = 0, best = -1, k0 = hex_of(d, c->target), nentries = 0;
    lb_event_arg entries[LB_DIR_COUNT]; /* the hexes it steps from: neighbours of the target */
    mu->increments = 0;
    for (int k = 0; k < u->nhexes; k++) {
        int dir = lb_hex_dir_to(u->hexes[k], c->target);
        if (dir < 0)
            continue;
        adjacent = 1;
        lb_event_arg from = ev_hex(s, u->hexes[k]);
        if (lb_facing_side(u, k, dir) != LB_SIDE_FRONT) {
            LBI_EVENT(t, "R-MEL-1", "(32)", EV_MEL_NOT_IN_FRONT, id, from, target);
            continue;
        }
        if (lb_move_step_cost(s, u->hexes[k], dir, u->arm) == LB_MOVE_PROHIBITED)
            return MEL_REFUSE(c, "R-MEL-3", "(32)", t, EV_MEL_PROHIBITED, id, target, from);
        if (nentries < LB_DIR_COUNT)
            entries[nentries++] = from;
        lb_side_class cls = lb_facing_side(d, k0, lb_hex_dir_opposite(dir));
        if (cls == LB_SIDE_OWN)
            cls = LB_SIDE_FRONT;
        LBI_EVENT(t, "R-MEL-6", "(13)", EV_MEL_THROUGH, id, target, from,
                  ev_text(lb_side_class_name(cls)), ev_unit_id(d->id));
        lb_trace_text(t, "through", lb_side_class_name(cls));
        mu->increments += lbi_mel_share(u, k);
        if (best < 0 || rank(cls) > rank(mu->through)) {
            best = k;
            mu->through = cls;
            mu->from = u->hexes[k];
        }
    }
    if (best < 0)
        return MEL_REFUSE(c, "R-MEL-1", "(32)", t, adjacent ? EV_MEL_FLANK_ONLY : EV_MEL_NOT_NEXT,
                          id, target);
    while (nentries < LB_DIR_COUNT)
        entries[nentries++] = lbi_ev_label("");
    LBI_EVENT(t, "R-MEL-3", "(32)", EV_MEL_MAY_STEP, id, target, ev_text(lb_arm_name(u->arm)),
              entries[0], entries[1], entries[2], entries[3], entries[4], entries[5]);
    if (carre)
        LBI_EVENT(t, "R-MEL-4", "(32)", EV_MEL_CARRE_NEXT, id);
    return LB_OK;
}

/* The enemy combat units of the target hex, top first, as defender parts. */
static int defenders(const lb_state *s, lb_melee_chance *c, int side, lb_trace *t)
{
    const int *idx;
    int n = lb_state_units_at(s, c->target, &idx);
    for (int j = 0; j < n; j++) {
        const lb_unit *u = &s->units[idx[j]];
        if (!lb_unit_is_combat(u) || u->side == side)
            continue;
        if (c->nunits == LB_MELEE_UNITS_MAX)
            return MEL_REFUSE(c, "R-MEL-1", "(33)", t, EV_MEL_TOO_MANY, ev_int(LB_MELEE_UNITS_MAX));
        lb_melee_unit *mu = &c->units[c->nunits++];
        memset(mu, 0, sizeof *mu);
        mu->unit = idx[j];
        mu->side = LB_MELEE_DEFENDER;
        mu->from = c->target;
        mu->increments = lbi_mel_share(u, hex_of(u, c->target));
    }
    if (c->nunits == c->nattackers)
        return MEL_REFUSE(c, "R-MEL-1", "(33)", t, EV_MEL_NO_DEFENDER, ev_hex(s, c->target));
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
        LBI_EVENT(t, "R-MEL-25", "(38)", EV_MEL_CHARGE_OWES, ev_unit_id(a->id),
                  ev_int(a->charge_straight != 0), ev_int(halved),
                  ev_frac(halved ? a->times.num : 1, halved ? a->times.den : 1),
                  ev_int(a->charged != 0));
    }
    for (int i = 0; t && i < req->npassed; i++) {
        int u = req->passed[i] ? lb_state_unit_index(s, req->passed[i]) : -1;
        if (u >= 0)
            LBI_EVENT(t, "R-MEL-25", "(38)", EV_MEL_STOOD, ev_unit_id(s->units[u].id));
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
        return lbi_mel_refuse(c, "R-MEL-5", "(35)", t, EV_MEL_CAVALRY_JOINED, NULL, 0);
    if (all_cavalry && cavalry)
        LBI_EVENT0(t, "R-MEL-5", "(35)", EV_MEL_CAVALRY_ONLY);
    LBI_EVENT(t, "R-MEL-1", "(33)", EV_MEL_DECLARED, ev_int(c->nattackers),
              ev_int(c->nunits - c->nattackers), ev_hex(s, c->target),
              ev_text(lb_side_class_name(c->through)));
    lb_trace_bool(t, "allowed", 1);
    trace_charge(s, req, t);
    return LB_OK;
}
