/* One action of a unit's move checked (no dice), resolved (its roll) and applied (R-MOV-1..16, R-FORM, R-ZOI-4). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lb/facing.h"
#include "lb/morale.h"
#include "move_int.h"

/* A refusal, its reason and trace (none for a quiet context). */
__attribute__((format(printf, 6, 7))) static void refuse(const mv_ctx *c, lb_move_outcome *o,
                                                         const char *rule, const char *section,
                                                         lb_trace *t, const char *fmt, ...)
{
    o->legal = 0;
    o->rule = rule;
    o->section = section;
    if (c->quiet)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(o->reason, sizeof o->reason, fmt, ap);
    va_end(ap);
    lb_trace_add(t, rule, section, "%s %s refused: %s", o->unit, lb_move_kind_name(o->action.kind),
                 o->reason);
    lb_trace_bool(t, "legal", 0);
}

/* The action may be taken: its reason and trace (none for a quiet context). */
__attribute__((format(printf, 6, 7))) static void accept(const mv_ctx *c, lb_move_outcome *o,
                                                         const char *rule, const char *section,
                                                         lb_trace *t, const char *fmt, ...)
{
    o->legal = 1;
    o->rule = rule;
    o->section = section;
    o->spent_after = o->spent_before + o->cost;
    if (c->quiet)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(o->reason, sizeof o->reason, fmt, ap);
    va_end(ap);
    lb_trace_add(t, rule, section, "%s", o->reason);
    lb_trace_int(t, "cost_halves", o->cost);
    lb_trace_int(t, "spent_halves", o->spent_after);
}

/* MP in halves as text ("3", "5/2"); nothing for a quiet context, which keeps no reason. */
static char *mp_text(const mv_ctx *c, int halves, char *buf, size_t n)
{
    if (c->quiet)
        buf[0] = '\0';
    else if (halves % 2)
        snprintf(buf, n, "%d/2", halves);
    else
        snprintf(buf, n, "%d", halves / 2);
    return buf;
}

static lb_move_event *event(lb_move_outcome *o, lb_move_event_kind kind, const char *rule, lb_hex h)
{
    if (o->nevents == LB_MOVE_EVENTS_MAX)
        return NULL;
    lb_move_event *e = &o->events[o->nevents++];
    memset(e, 0, sizeof *e);
    e->kind = kind;
    e->rule = rule;
    e->hex = h;
    return e;
}

/* R-ZOI-4: an action that spends MP in, or leaves, an enemy zone or a carré's reach. */
static void fire_events(const mv_ctx *c, lb_move_outcome *o)
{
    if (!lb_unit_is_combat(c->u))
        return;
    for (int k = 0; k < o->nfrom; k++) {
        if (!(lbi_mv_zone(c, &o->from[k], 1) & (LB_ZOI_ENEMY | LB_ZOI_CARRE)))
            continue;
        int idx[LB_MOVE_EVENT_UNITS];
        int n = lb_zoi_owners(c->st, c->u->side, o->from[k], idx, LB_MOVE_EVENT_UNITS);
        lb_move_event *e = n ? event(o, LB_EVENT_FIRE, "R-ZOI-4", o->from[k]) : NULL;
        for (int i = 0; e && i < n && i < LB_MOVE_EVENT_UNITS; i++)
            e->units[e->nunits++] = c->st->units[idx[i]].id;
    }
}

/* The enemies in h that a step takes (leaders captured, R-MOV-15) or enters (a carré, R-MOV-8). */
static void enemy_events(const mv_ctx *c, lb_move_outcome *o, lb_hex h, int capture, int carre)
{
    const int *idx;
    int n = lb_state_units_at(c->st, h, &idx);
    lb_move_event *e = NULL;
    if (capture)
        e = event(o, LB_EVENT_CAPTURE, "R-MOV-15", h);
    else if (carre)
        e = event(o, LB_EVENT_CARRE, "R-MOV-8", h);
    for (int i = 0; e && i < n && e->nunits < LB_MOVE_EVENT_UNITS; i++) {
        const lb_unit *x = &c->st->units[idx[i]];
        if (x->side != c->u->side && (capture || x->formation == LB_FORM_CARRE))
            e->units[e->nunits++] = x->id;
    }
}

/* R-MOV-14: the leaders attached to the unit, in one of its hexes, move with it. */
static void follow_event(const mv_ctx *c, lb_move_outcome *o)
{
    lb_move_event *e = NULL;
    for (int i = 0; i < c->st->nunits; i++) {
        const lb_unit *l = &c->st->units[i];
        if (!l->attached || strcmp(l->attached, c->u->id) != 0 || !lb_unit_in_hex(c->u, l->hexes[0]))
            continue;
        if (!e)
            e = event(o, LB_EVENT_FOLLOW, "R-MOV-14", l->hexes[0]);
        if (e && e->nunits < LB_MOVE_EVENT_UNITS)
            e->units[e->nunits++] = l->id;
    }
}

/* The action's events of the kinds in mask (bit per lb_move_event_kind), one trace step each
 * (none for a quiet context). */
static void trace_events(const mv_ctx *c, const lb_move_outcome *o, unsigned mask, lb_trace *t)
{
    if (c->quiet || !t)
        return;
    for (int i = 0; i < o->nevents; i++) {
        const lb_move_event *e = &o->events[i];
        if (!(mask & (1u << e->kind)))
            continue;
        char label[LB_HEX_LABEL_MAX], units[LB_MOVE_EVENT_UNITS * 66] = "";
        size_t used = 0;
        for (int k = 0; k < e->nunits && used < sizeof units; k++)
            used += (size_t)snprintf(units + used, sizeof units - used, "%s%s", k ? ", " : "",
                                     e->units[k]);
        lb_map_label(&c->st->map, e->hex, label);
        switch (e->kind) {
        case LB_EVENT_FIRE:
            lb_trace_add(t, "R-ZOI-4", "(28)", "%s's %s, taken in %s within the reach of %s, raises "
                         "opportunity fire (28.1, 28.5)", o->unit, lb_move_kind_name(o->action.kind),
                         label, units);
            break;
        case LB_EVENT_CAPTURE:
            lb_trace_add(t, "R-MOV-15", "(7)", "%s enters %s, held by enemy leaders alone, captures "
                         "%s and goes on (L7-8)", o->unit, label, units);
            break;
        case LB_EVENT_CARRE:
            lb_trace_add(t, "R-MOV-8", "(16)", "%s enters %s, the hex of the enemy carré %s (T16-3): "
                         "ending its move there, it must melee it (T15-14)", o->unit, label, units);
            break;
        case LB_EVENT_FOLLOW:
            lb_trace_add(t, "R-MOV-14", "(7)", "%s, attached to %s, moves with it, spending none of "
                         "its own MP", units, o->unit);
            break;
        }
    }
}

static int afford(const mv_ctx *c, lb_move_outcome *o, int allowance, lb_trace *t)
{
    if (o->spent_before + o->cost <= allowance)
        return 1;
    char a[16], b[16];
    refuse(c, o, "R-MOV-4", "(18)", t, "it costs %s MP and %s has %s left", mp_text(c, o->cost, a, sizeof a),
           c->u->id, mp_text(c, allowance - o->spent_before, b, sizeof b));
    return 0;
}

/* R-MOV-7: a unit in several hexes steps as a whole, at the dearest of its hexes' steps. */
static void trace_whole(const mv_ctx *c, const lb_move_action *a, const lb_move_outcome *o,
                        const mv_step *s, lb_trace *t)
{
    const lb_unit *u = c->u;
    if (c->quiet || !t || u->nhexes < 2)
        return;
    char hexes[LB_UNIT_MAX_HEXES * 48] = "", from[LB_HEX_LABEL_MAX], to[LB_HEX_LABEL_MAX], mp[16];
    size_t used = 0;
    for (int k = 0; k < u->nhexes && used < sizeof hexes; k++) {
        lb_map_label(&c->st->map, u->hexes[k], from);
        lb_map_label(&c->st->map, o->to[k], to);
        used += (size_t)snprintf(hexes + used, sizeof hexes - used, "%s%s to %s", k ? ", " : "",
                                 from, to);
        if (s->ok && used < sizeof hexes)
            used += (size_t)snprintf(hexes + used, sizeof hexes - used, " %s MP",
                                     mp_text(c, s->hex_cost[k], mp, sizeof mp));
    }
    if (s->ok)
        lb_trace_add(t, "R-MOV-7", "(15)", "%s steps %s as a whole: %s; the step costs the dearest, "
                     "%s MP (T15-23)", u->id, lb_hex_dir_name(a->dir), hexes,
                     mp_text(c, s->cost, mp, sizeof mp));
    else
        lb_trace_add(t, "R-MOV-7", "(15)", "%s steps %s as a whole: %s, each hex allowed (T15-23)",
                     u->id, lb_hex_dir_name(a->dir), hexes);
}

/* What decided an accepted step beyond its cost: the hexside crossed and the zone left (with
 * the opportunity fire it raises), the screens' drag, the terrain's formation, the friends
 * passed, the enemies entered, the zones entered, the leaders that follow. */
static void trace_step(const mv_ctx *c, const lb_move_action *a, const lb_move_outcome *o,
                       const mv_step *s, lb_trace *t)
{
    const lb_state *st = c->st;
    const lb_unit *u = c->u;
    if (c->quiet || !t)
        return;
    if (!lb_unit_is_combat(u)) {
        trace_events(c, o, ~0u, t);
        return;
    }
    char label[LB_HEX_LABEL_MAX], mp[16];
    lb_map_label(&st->map, o->to[0], label);
    unsigned from = lbi_mv_zone(c, o->from, o->nfrom), to = lbi_mv_zone(c, o->to, o->nto);
    lb_side_class side = u->facing ? lb_facing_side(u, 0, a->dir) : LB_SIDE_FRONT;
    if (side == LB_SIDE_FLANK || side == LB_SIDE_REAR)
        lb_trace_add(t, "R-MOV-6", "(16)", "%s steps %s across a %s hexside: outside a charge a step "
                     "crosses any hexside, and it keeps its facing %d (T16-2)", u->id,
                     lb_hex_dir_name(a->dir), lb_side_class_name(side), u->facing);
    if (from & LB_ZOI_ENEMY)
        lb_trace_add(t, "R-ZOI-3", "(14)", "%s leaves an enemy zone of influence %s", u->id,
                     lb_zoi_horse(st, u) ? "freely: cavalry and horse artillery leave after any "
                                           "action (A14-1)"
                                         : "as its first action of the segment (Z14-5)");
    trace_events(c, o, 1u << LB_EVENT_FIRE, t);
    if ((from | to) & (LB_ZOI_DRAG_NEAR | LB_ZOI_DRAG_FAR)) {
        int drag = 0;
        for (int k = 0; k < o->nto; k++) {
            int d = lb_zoi_drag(st, u, lbi_mv_zone(c, &o->from[k], 1),
                                lbi_mv_zone(c, &o->to[k], 1));
            drag = d > drag ? d : drag;
        }
        if (u->arm == LB_ARM_INFANTRY)
            lb_trace_add(t, "R-ZOI-5", "(20)", "an enemy cavalry screen within two hexes adds %s MP "
                         "to the step into %s (the higher of the two hexes' drags, once: K20-2)",
                         mp_text(c, drag, mp, sizeof mp), label);
        else
            lb_trace_add(t, "R-ZOI-5", "(20)", "an enemy cavalry screen is within two hexes of %s: "
                         "its drag slows infantry only, %s pays none", label, u->id);
    }
    if (o->formation != u->formation) {
        lb_trace_add(t, "R-FORM-2", "(15)", "%s takes %s in %s: column and general order follow the "
                     "terrain, at no cost (T15-17)", u->id, lb_formation_name(o->formation), label);
    } else {
        for (int k = 0; k < o->nto; k++)
            if (u->arm == LB_ARM_INFANTRY && lb_map_contains(&st->map, o->to[k]) &&
                c->mc->skirmish_only[st->map.terrain[lb_map_cell(&st->map, o->to[k])]]) {
                lb_map_label(&st->map, o->to[k], label);
                lb_trace_add(t, "R-FORM-2", "(15)", "%s holds infantry in skirmish order only, "
                             "which %s is in (T15-0)", label, u->id);
                break;
            }
    }
    if (s->pass_rule)
        lb_trace_add(t, s->pass_rule, "(16)", "%s", s->pass_why);
    trace_events(c, o, 1u << LB_EVENT_CAPTURE | 1u << LB_EVENT_CARRE, t);
    if (u->formation == LB_FORM_CARRE && !s->carre) {
        const int *idx;
        int n = lb_state_units_at(st, o->to[0], &idx), foes = 0;
        for (int i = 0; i < n; i++)
            foes += st->units[idx[i]].side != u->side;
        if (foes)
            lb_trace_add(t, "R-MOV-8", "(16)", "%s, a carré making its one step, enters %s, held by "
                         "enemy cavalry alone (T16-5)", u->id, lb_map_label(&st->map, o->to[0], label));
    }
    for (int k = 0; k < o->nto; k++)
        if (!lb_unit_in_hex(u, o->to[k]))
            lb_zoi_trace(st, u->side, o->to[k], t);
    lb_map_label(&st->map, o->to[0], label);
    if (to & LB_ZOI_ENEMY)
        lb_trace_add(t, "R-ZOI-2", "(14)", o->stop
                     ? "%s enters an enemy zone of influence in %s and stops there: no further step "
                       "this segment, facing and formation changes remain open (Z14-4)"
                     : "%s enters an enemy infantry zone in %s and goes on: cavalry and horse "
                       "artillery stop only in an enemy cavalry zone (Z14-6)", u->id, label);
    if (to & (LB_ZOI_ENEMY | LB_ZOI_CARRE))
        lb_trace_add(t, "R-ZOI-4", "(28)", "entering %s raises no opportunity fire: only an action "
                     "taken in an enemy zone, leaving it included, does (28.1)", label);
    trace_events(c, o, 1u << LB_EVENT_FOLLOW, t);
}

static void check_step(const mv_ctx *c, const lb_move_action *a, lb_move_outcome *o, lb_trace *t)
{
    const lb_unit *u = c->u;
    mv_step s;
    lbi_mv_step_eval(c, u->hexes, u->formation, a->dir, o->first, u->move.steps, NULL, &s, 1);
    for (int k = 0; k < u->nhexes; k++)
        o->to[k] = lb_hex_neighbor(u->hexes[k], a->dir); /* the hexes tried, even when refused */
    trace_whole(c, a, o, &s, t);
    if (!s.ok) {
        refuse(c, o, s.rule, "(18)", t, "%s", s.why);
        return;
    }
    o->cost = s.cost;
    if (!afford(c, o, c->allowance, t))
        return;
    memcpy(o->to, s.to, sizeof o->to);
    o->formation = s.formation;
    o->stop = s.stop;
    fire_events(c, o);
    if (s.capture || s.carre)
        enemy_events(c, o, s.to[0], s.capture, s.carre);
    follow_event(c, o);
    char label[LB_HEX_LABEL_MAX], mp[16];
    lb_map_label(&c->st->map, s.to[0], label);
    accept(c, o, "R-MOV-4", "(18)", t, "%s enters %s for %s MP%s%s", u->id, label,
           mp_text(c, s.cost, mp, sizeof mp), o->formation != u->formation ? ", in " : "",
           o->formation != u->formation ? lb_formation_name(o->formation) : "");
    trace_step(c, a, o, &s, t);
}

/* Every action but a leader's needs the unit still in the state it began with and MP. */
static int may_act(const mv_ctx *c, lb_move_outcome *o, int allowance, const char *rule, char *why,
                   lb_trace *t)
{
    const lb_unit *u = c->u;
    if (lb_unit_is_combat(u) && u->state > u->move.start_state) {
        refuse(c, o, "R-MOV-9", "(18)", t, "%s is %s since the segment began: it takes no further "
               "action", u->id, lb_morale_state_name(u->state));
        return 0;
    }
    if (allowance == 0 && rule) {
        refuse(c, o, rule, "(18)", t, "%s", why);
        return 0;
    }
    return 1;
}

static void check_face(const mv_ctx *c, const lb_move_action *a, lb_move_outcome *o, lb_trace *t)
{
    const lb_unit *u = c->u;
    if (!lb_unit_is_combat(u)) {
        refuse(c, o, "R-MOV-6", "(13)", t, "a leader has no facing");
        return;
    }
    if (!may_act(c, o, c->allowance, c->allow_rule, (char *)c->allow_why, t))
        return;
    if (u->formation == LB_FORM_CARRE) {
        refuse(c, o, "R-MOV-6", "(13)", t, "a carré faces every way");
        return;
    }
    if (!lb_facing_valid(u->formation, a->facing)) {
        refuse(c, o, "R-MOV-6", "(13)", t, "%s faces %s, not clock hour %d (R-GRID-3)",
               lb_formation_name(u->formation),
               lb_facing_kind(u->formation) ? "a vertex (an odd hour)" : "a hexside (an even hour)",
               a->facing);
        return;
    }
    if (a->facing == u->facing) {
        refuse(c, o, "R-MOV-6", "(13)", t, "%s faces %d already", u->id, a->facing);
        return;
    }
    if (u->nhexes > 1 && (a->facing - u->facing + 12) % 12 != 6) {
        refuse(c, o, "R-MOV-6", "(13)", t, "a %s in %d hexes only faces about (to %d); to face "
               "otherwise it forms anew (R-FORM-4)", lb_formation_name(u->formation), u->nhexes,
               (u->facing + 5) % 12 + 1);
        return;
    }
    o->cost = 2 * c->mc->facing_change;
    if (!afford(c, o, c->allowance, t))
        return;
    o->facing = a->facing;
    fire_events(c, o);
    char mp[16];
    accept(c, o, "R-MOV-6", "(13)", t, "%s faces %d instead of %d for %s MP (T16-2)", u->id, a->facing,
           u->facing, mp_text(c, o->cost, mp, sizeof mp));
    trace_events(c, o, ~0u, t);
}

static void check_form(const mv_ctx *c, const lb_move_action *a, lb_move_outcome *o, lb_trace *t)
{
    const lb_state *st = c->st;
    const lb_unit *u = c->u;
    if (!lb_unit_is_combat(u)) {
        refuse(c, o, "R-FORM-2", "(15)", t, "a leader takes no formation");
        return;
    }
    const char *rule = NULL;
    char why[LB_MOVE_REASON_MAX];
    int form_first = o->first && u->move.start_formation == LB_FORM_CARRE;
    int allowance = lbi_mv_allowance(st, u, form_first, &rule, why, sizeof why, t);
    if (!may_act(c, o, allowance, rule, why, t))
        return;
    o->allowance = allowance;
    lb_formation_req req = {.to = a->formation, .facing = a->facing, .nhexes = a->nhexes};
    memcpy(req.hexes, a->hexes, sizeof req.hexes);
    lb_formation_change ch;
    lb_formation_check(st, c->unit, &req, &ch, t);
    if (!ch.legal) {
        refuse(c, o, ch.rule, ch.section, t, "%s", ch.reason);
        return;
    }
    /* the new hexes against their occupants (R-STACK-4: the limits hold during the move) */
    lb_unit laid = *u;
    laid.formation = ch.to;
    laid.facing = ch.facing;
    laid.nhexes = ch.nhexes;
    memcpy(laid.hexes, ch.hexes, sizeof laid.hexes);
    mv_ctx c2 = *c;
    c2.u = &laid;
    if (!lbi_mv_fits(&c2, ch.hexes, ch.nhexes, ch.to, 0, 0, &rule, why, NULL, NULL)) {
        refuse(c, o, rule, "(16)", t, "%s", why);
        return;
    }
    o->cost = ch.cost;
    if (!afford(c, o, allowance, t))
        return;
    for (int k = 0; k < ch.nhexes; k++)
        if (!lb_unit_in_hex(u, ch.hexes[k]) &&
            lb_zoi_stops(st, &laid, lbi_mv_zone(c, &ch.hexes[k], 1)))
            o->stop = 1;
    o->nto = ch.nhexes;
    memcpy(o->to, ch.hexes, sizeof o->to);
    o->formation = ch.to;
    o->facing = ch.facing;
    o->roll_needed = ch.roll_needed;
    o->p_success = ch.p_success;
    fire_events(c, o);
    char mp[16];
    accept(c, o, "R-FORM-3", "(16)", t, "%s forms %s%s for %s MP%s%s", u->id, lb_formation_name(ch.to),
           ch.nhexes > 1 ? " in several hexes" : "", mp_text(c, o->cost, mp, sizeof mp),
           ch.roll_needed ? ", if the limber roll succeeds (R-FORM-8)" : "",
           form_first ? "; its first action, so a carré keeps its full allowance (T15-12)" : "");
    trace_events(c, o, ~0u, t);
}

static void check_prolonge(const mv_ctx *c, const lb_move_action *a, lb_move_outcome *o,
                           lb_trace *t)
{
    const lb_state *st = c->st;
    const lb_unit *u = c->u;
    if (u->formation != LB_FORM_UNLIMBERED) {
        refuse(c, o, "R-MOV-10", "(15)", t, "only unlimbered artillery moves by prolonge");
        return;
    }
    if (!may_act(c, o, c->allowance, c->allow_rule, (char *)c->allow_why, t))
        return;
    if (lb_move_charts_class_in(c->mc->no_prolonge, c->mc->nno_prolonge, u->cls)) {
        refuse(c, o, "R-MOV-10", "(15)", t, "%s guns (%s) are too heavy to prolonge", u->id, u->cls);
        return;
    }
    if (u->move.prolonged || u->move.actions > 0) {
        refuse(c, o, "R-MOV-10", "(15)", t, "the prolonge is the battery's whole move in a segment, "
               "and %s has acted", u->id);
        return;
    }
    lb_hex to = lb_hex_neighbor(u->hexes[0], a->dir);
    o->to[0] = to;
    char label[LB_HEX_LABEL_MAX] = "";
    if (!c->quiet)
        lb_map_label(&st->map, to, label);
    if (!lb_map_contains(&st->map, to) ||
        lb_move_step_cost(st, u->hexes[0], a->dir, LB_ARM_ARTILLERY) == LB_MOVE_PROHIBITED) {
        refuse(c, o, "R-MOV-4", "(18)", t, "the step into %s is off the map or prohibited", label);
        return;
    }
    if (!c->mc->open[st->map.terrain[lb_map_cell(&st->map, u->hexes[0])]] ||
        !c->mc->open[st->map.terrain[lb_map_cell(&st->map, to)]]) {
        refuse(c, o, "R-MOV-10", "(15)", t, "a prolonge goes from clear or slope terrain to clear or "
               "slope terrain");
        return;
    }
    const char *rule;
    char why[LB_MOVE_REASON_MAX];
    if (!lbi_mv_fits(c, &to, 1, u->formation, 0, 0, &rule, why, NULL, NULL)) {
        refuse(c, o, rule, "(16)", t, "%s", why);
        return;
    }
    o->cost = c->allowance - o->spent_before;
    o->to[0] = to;
    o->stop = lb_zoi_stops(st, u, lbi_mv_zone(c, &to, 1));
    fire_events(c, o);
    accept(c, o, "R-MOV-10", "(15)", t, "%s prolonges into %s: its whole move", u->id, label);
    trace_events(c, o, ~0u, t);
}

static void check_attach(const mv_ctx *c, const lb_move_action *a, lb_move_outcome *o,
                         lb_trace *t)
{
    const lb_state *st = c->st;
    const lb_unit *l = c->u;
    if (lb_unit_is_combat(l)) {
        refuse(c, o, "R-MOV-14", "(7)", t, "only leaders attach to units");
        return;
    }
    if (a->kind == LB_ACT_DETACH) {
        if (!l->attached) {
            refuse(c, o, "R-MOV-14", "(7)", t, "%s is attached to no unit", l->id);
            return;
        }
        accept(c, o, "R-MOV-14", "(7)", t, "%s leaves %s", l->id, l->attached);
        return;
    }
    int w = a->with ? lb_state_unit_index(st, a->with) : -1;
    const lb_unit *u = w >= 0 ? &st->units[w] : NULL;
    if (!u || !lb_unit_is_combat(u) || u->side != l->side || !lb_unit_in_hex(u, l->hexes[0])) {
        refuse(c, o, "R-MOV-14", "(7)", t, "%s is no friendly combat unit in %s's hex",
               a->with ? a->with : "(none)", l->id);
        return;
    }
    if (l->attached && strcmp(l->attached, u->id) == 0) {
        refuse(c, o, "R-MOV-14", "(7)", t, "%s is attached to %s already", l->id, u->id);
        return;
    }
    o->action.with = u->id;
    accept(c, o, "R-MOV-14", "(7)", t, "%s attaches to %s: it moves with it", l->id, u->id);
}

static void check_march(const mv_ctx *c, lb_move_outcome *o, lb_trace *t)
{
    const lb_state *st = c->st;
    const lb_unit *u = c->u;
    if (u->arm != LB_ARM_INFANTRY) {
        refuse(c, o, "R-MOV-16", "(44)", t, "%s", u->arm == LB_ARM_CAVALRY
                   ? "cavalry never force-marches"
                   : u->arm == LB_ARM_ARTILLERY
                         ? "artillery force-marches only with its division, which scenarios do "
                           "not name yet"
                         : "a leader does not force-march");
        return;
    }
    if (!may_act(c, o, c->allowance, c->allow_rule, (char *)c->allow_why, t))
        return;
    if (u->state != LB_STATE_GOOD || (u->formation != LB_FORM_COLUMN && u->formation != LB_FORM_ROAD)) {
        refuse(c, o, "R-MOV-16", "(44)", t, "only infantry in good order in column or road march "
               "force-marches; %s is %s in %s", u->id, lb_morale_state_name(u->state),
               lb_formation_name(u->formation));
        return;
    }
    if (u->move.march != LB_MARCH_NONE || !o->first) {
        refuse(c, o, "R-MOV-16", "(44)", t, "a force march is declared before any other action of "
               "the segment, once");
        return;
    }
    int turn = u->move.march_turns + 1;
    lb_morale_mod mod = {"R-MOV-16", "force march", c->mc->march_modifier * turn};
    lb_morale_chance odds;
    if (lb_morale_odds(st, c->unit, &mod, 1, &odds, t) != LB_OK) {
        refuse(c, o, "R-MOV-16", "(44)", t, "%s cannot check morale", u->id);
        return;
    }
    o->roll_needed = 1;
    o->p_success = odds.p_pass;
    char p[32];
    accept(c, o, "R-MOV-16", "(44)", t, "%s declares a force march (its turn %d in a row: %+d to the "
           "check), passing %s of the time: then %d times its printed MP, no formation change, "
           "not ending next to the enemy", u->id, turn, mod.value,
           c->quiet ? "" : lb_frac_fmt(odds.p_pass, p, sizeof p), c->mc->march_multiple);
}

void lbi_mv_action_check(const mv_ctx *c, const lb_move_action *a, lb_move_outcome *o, lb_trace *t)
{
    const lb_unit *u = c->u;
    memset(o, 0, sizeof *o);
    o->unit = u->id;
    o->generation = c->st->generation;
    o->action = *a;
    o->first = u->move.actions == 0;
    o->allowance = c->allowance;
    o->spent_before = o->spent_after = u->move.spent;
    o->nfrom = o->nto = u->nhexes;
    memcpy(o->from, u->hexes, sizeof o->from);
    memcpy(o->to, u->hexes, sizeof o->to);
    o->formation_before = o->formation = u->formation;
    o->facing_before = o->facing = u->facing;
    o->p_success = lb_frac_int(1);
    o->section = "(18)";
    int dir_ok = a->dir >= 0 && a->dir < LB_DIR_COUNT;
    switch (a->kind) {
    case LB_ACT_STEP:
        if (dir_ok)
            check_step(c, a, o, t);
        else
            refuse(c, o, "R-MOV-1", "(18)", t, "a step goes to a hex next to the unit's first hex");
        break;
    case LB_ACT_FACE: check_face(c, a, o, t); break;
    case LB_ACT_FORM: check_form(c, a, o, t); break;
    case LB_ACT_PROLONGE:
        if (dir_ok)
            check_prolonge(c, a, o, t);
        else
            refuse(c, o, "R-MOV-1", "(18)", t, "a step goes to a hex next to the unit's first hex");
        break;
    case LB_ACT_ATTACH:
    case LB_ACT_DETACH: check_attach(c, a, o, t); break;
    case LB_ACT_MARCH: check_march(c, o, t); break;
    default: refuse(c, o, "R-MOV-1", "(18)", t, "no such action"); break;
    }
}

int lb_move_action_check(const lb_state *st, const char *id, const lb_move_action *a,
                         lb_move_outcome *out, lb_trace *t)
{
    int unit = id ? lb_state_unit_index(st, id) : -1;
    if (unit < 0)
        return LB_NOT_FOUND;
    mv_ctx c;
    if (lbi_mv_ctx_init(&c, st, unit, NULL) != LB_OK)
        return LB_NOMEM;
    lbi_mv_action_check(&c, a, out, t);
    lbi_mv_ctx_release(&c);
    return LB_OK;
}

int lb_move_action_resolve(const lb_state *st, const char *id, const lb_move_action *a,
                           lb_dice *dice, lb_move_outcome *out, lb_trace *t)
{
    int rc = lb_move_action_check(st, id, a, out, t);
    if (rc != LB_OK || !out->legal || !out->roll_needed)
        return rc;
    int unit = lb_state_unit_index(st, id);
    if (a->kind == LB_ACT_FORM) {
        lb_formation_req req = {.to = a->formation, .facing = a->facing, .nhexes = a->nhexes};
        memcpy(req.hexes, a->hexes, sizeof req.hexes);
        lb_formation_change ch;
        lb_formation_check(st, unit, &req, &ch, NULL);
        if (lb_formation_limber_roll(&ch, dice, &out->roll, &out->success, t) != LB_OK)
            return LB_DICE;
    } else {
        lb_morale_mod mod = {"R-MOV-16", "force march",
                             st->charts.move->march_modifier * (st->units[unit].move.march_turns + 1)};
        lb_morale_result mr;
        rc = lb_morale_resolve(st, unit, LB_CHECK_ORDINARY, &mod, 1, dice, &mr, t);
        if (rc != LB_OK)
            return rc;
        out->roll = mr.roll;
        out->success = mr.outcome.passed;
        lb_trace_add(t, "R-MOV-16", "(44)", "force-march check %d: %s", mr.roll,
                     out->success ? "it marches" : "it stands still this segment");
    }
    out->rolled = 1;
    if (!out->success && a->kind == LB_ACT_FORM) {
        /* R-FORM-8: a failed limber roll spends the MP and leaves the battery as it was */
        out->formation = out->formation_before;
        out->facing = out->facing_before;
        out->nto = out->nfrom;
        memcpy(out->to, out->from, sizeof out->to);
        out->stop = 0;
    }
    return LB_OK;
}

/* ---- applying ------------------------------------------------------------------------------ */

int lb_move_action_apply(lb_state *st, const lb_move_outcome *o)
{
    int i = o->unit ? lb_state_unit_index(st, o->unit) : -1;
    if (!o->legal || i < 0)
        return LB_INVALID;
    if (o->generation != st->generation)
        return LB_STALE;
    lb_unit *u = &st->units[i];
    if (u->nhexes != o->nfrom)
        return LB_INVALID;
    for (int k = 0; k < o->nfrom; k++)
        if (!lb_hex_eq(u->hexes[k], o->from[k]))
            return LB_INVALID;
    int w = o->action.kind == LB_ACT_ATTACH && o->action.with
                ? lb_state_unit_index(st, o->action.with) : -1;
    if (o->action.kind == LB_ACT_ATTACH && w < 0)
        return LB_INVALID;
    int success = !o->roll_needed || !o->rolled || o->success;
    const lb_move_action *a = &o->action;
    switch (a->kind) {
    case LB_ACT_STEP:
    case LB_ACT_PROLONGE:
        for (int j = 0; j < st->nunits; j++) {
            lb_unit *l = &st->units[j];
            if (!l->attached || strcmp(l->attached, u->id) != 0)
                continue;
            for (int k = 0; k < o->nfrom; k++)
                if (lb_hex_eq(l->hexes[0], o->from[k])) {
                    l->hexes[0] = o->to[k];
                    l->move.rode = 1;
                    break;
                }
        }
        memcpy(u->hexes, o->to, sizeof u->hexes);
        u->formation = o->formation;
        if (!lb_unit_is_combat(u))
            u->attached = NULL; /* R-MOV-14: a leader's own step leaves its unit */
        u->move.steps++;
        u->move.prolonged |= a->kind == LB_ACT_PROLONGE;
        break;
    case LB_ACT_FACE: u->facing = o->facing; break;
    case LB_ACT_FORM:
        if (success) {
            u->formation = o->formation;
            u->facing = o->facing;
            u->nhexes = o->nto;
            memcpy(u->hexes, o->to, sizeof u->hexes);
        }
        u->move.first_form_change |= o->first;
        break;
    case LB_ACT_ATTACH: u->attached = st->units[w].id; break;
    case LB_ACT_DETACH: u->attached = NULL; break;
    case LB_ACT_MARCH: u->move.march = success ? LB_MARCH_ON : LB_MARCH_FAILED; break;
    }
    u->move.spent += o->cost;
    u->move.actions += a->kind != LB_ACT_MARCH;
    u->move.stopped |= o->stop && success;
    lb_state_touch(st);
    for (int e = 0; e < o->nevents; e++) {
        if (o->events[e].kind != LB_EVENT_CAPTURE)
            continue;
        for (int k = 0; k < o->events[e].nunits; k++) {
            int j = lb_state_unit_index(st, o->events[e].units[k]);
            int rc = j >= 0 ? lb_state_remove_unit(st, j) : LB_OK;
            if (rc != LB_OK)
                return rc;
        }
    }
    return lb_state_reindex(st);
}
