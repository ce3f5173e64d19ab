/* One action of a unit's move checked (no dice), resolved (its roll) and applied (R-MOV-1..16, R-FORM, R-ZOI-4). */
#include <string.h>

#include "rules_types.h"
#include "move_int.h"
#include "frac_int.h"
#include "trace_int.h"
#include "move_charts_int.h"
#include "state_int.h"
#include "unit_int.h"
#include "facing_int.h"
#include "formation_int.h"
#include "zoi.h"
#include "morale_int.h"
#include "hex_int.h"

/* A refusal (what it says is in o->why, but for a quiet context): traced as the unit's action
 * refused. */
static void refused(const mv_ctx *c, lb_move_outcome *o, const char *rule, const char *section,
                    lb_trace *t)
{
    o->legal = 0;
    o->rule = rule;
    o->section = section;
    if (c->quiet || !t)
        return;
    lb_event_arg a[LB_SAID_ARGS_MAX + 3] = {ev_unit_id(o->unit),
                                            ev_text(lb_move_kind_name(o->action.kind))};
    lbi_trace_event(t, rule, section, EV_MOVE_REFUSED, a, mv_ev_said(a, 2, &o->why));
    lb_trace_bool(t, "legal", 0);
}

/* Refuses the action with rule, saying why (a kind and its arguments; a quiet context keeps no
 * reason). */
#define REFUSE(c, o, rule, section, t, ...)                                                      \
    ((c)->quiet ? (void)0 : LBI_SAY(&(o)->why, __VA_ARGS__),                                     \
     refused((c), (o), (rule), (section), (t)))
#define REFUSE0(c, o, rule, section, t, kind)                                                    \
    ((c)->quiet ? (void)0 : LBI_SAY0(&(o)->why, (kind)), refused((c), (o), (rule), (section), (t)))

/* Refuses the action with rule for the reason why gives. */
static void refuse_for(const mv_ctx *c, lb_move_outcome *o, const char *rule, const char *section,
                       const lb_said *why, lb_trace *t)
{
    if (!c->quiet)
        o->why = *why;
    refused(c, o, rule, section, t);
}

/* The action may be taken (what it says is in o->why, but for a quiet context): traced. */
static void accepted(const mv_ctx *c, lb_move_outcome *o, const char *rule, const char *section,
                     lb_trace *t)
{
    o->legal = 1;
    o->rule = rule;
    o->section = section;
    o->spent_after = o->spent_before + o->cost;
    if (c->quiet)
        return;
    mv_trace_said(t, rule, section, &o->why);
    lb_trace_int(t, "cost_halves", o->cost);
    lb_trace_int(t, "spent_halves", o->spent_after);
}

/* Accepts the action with rule, saying what it does (a quiet context keeps no reason). */
#define ACCEPT(c, o, rule, section, t, ...)                                                      \
    ((c)->quiet ? (void)0 : LBI_SAY(&(o)->why, __VA_ARGS__),                                     \
     accepted((c), (o), (rule), (section), (t)))

/* MP in halves, as an exact number. */
static lb_event_arg ev_mp(int halves)
{
    return ev_frac(halves, 2);
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
        lb_event_arg a[MOVE_UNITS_MAX + 3];
        for (int k = 0; k < MOVE_UNITS_MAX; k++)
            a[k] = ev_unit_id(k < e->nunits ? e->units[k] : "");
        a[MOVE_UNITS_MAX] = ev_unit_id(o->unit);
        a[MOVE_UNITS_MAX + 1] = ev_text(lb_move_kind_name(o->action.kind));
        a[MOVE_UNITS_MAX + 2] = mv_ev_hex(c->st, e->hex);
        switch (e->kind) {
        case LB_EVENT_FIRE:
            lbi_trace_event(t, "R-ZOI-4", "(28)", EV_MOVE_FIRE, a, MOVE_UNITS_MAX + 3);
            break;
        case LB_EVENT_CAPTURE:
            lbi_trace_event(t, "R-MOV-15", "(7)", EV_MOVE_CAPTURE, a, MOVE_UNITS_MAX + 3);
            break;
        case LB_EVENT_CARRE:
            lbi_trace_event(t, "R-MOV-8", "(16)", EV_MOVE_CARRE_ENTERED, a, MOVE_UNITS_MAX + 3);
            break;
        case LB_EVENT_FOLLOW:
            lbi_trace_event(t, "R-MOV-14", "(7)", EV_MOVE_FOLLOW, a, MOVE_UNITS_MAX + 1);
            break;
        }
    }
}

static int afford(const mv_ctx *c, lb_move_outcome *o, int allowance, lb_trace *t)
{
    if (o->spent_before + o->cost <= allowance)
        return 1;
    REFUSE(c, o, "R-MOV-4", "(18)", t, EV_MOVE_TOO_DEAR, ev_mp(o->cost), ev_unit_id(c->u->id),
           ev_mp(allowance - o->spent_before), ev_mp(allowance));
    return 0;
}

/* R-MOV-7: a unit in several hexes steps as a whole, at the dearest of its hexes' steps. */
static void trace_whole(const mv_ctx *c, const lb_move_action *a, const lb_move_outcome *o,
                        const mv_step *s, lb_trace *t)
{
    const lb_unit *u = c->u;
    if (c->quiet || !t || u->nhexes < 2)
        return;
    lb_event_arg args[3 * MOVE_HEXES_MAX + 3];
    int per = s->ok ? 3 : 2, n = per * MOVE_HEXES_MAX;
    for (int k = 0; k < MOVE_HEXES_MAX; k++) {
        int in = k < u->nhexes;
        args[per * k] = in ? mv_ev_hex(c->st, u->hexes[k]) : lbi_ev_label("");
        args[per * k + 1] = in ? mv_ev_hex(c->st, o->to[k]) : lbi_ev_label("");
        if (s->ok)
            args[per * k + 2] = ev_mp(in ? s->hex_cost[k] : 0);
    }
    args[n] = ev_unit_id(u->id);
    args[n + 1] = ev_text(lb_hex_dir_name(a->dir));
    args[n + 2] = ev_mp(s->cost);
    lbi_trace_event(t, "R-MOV-7", "(15)", s->ok ? EV_MOVE_WHOLE_STEP : EV_MOVE_WHOLE_TRIED, args,
                    s->ok ? n + 3 : n + 2);
}

/* What the step leaves behind: the hexside crossed (R-MOV-6), the zone left (R-ZOI-3) and the
 * opportunity fire that raises (R-ZOI-4). */
static void trace_leaving(const mv_ctx *c, const lb_move_action *a, const lb_move_outcome *o,
                          unsigned from, lb_trace *t)
{
    const lb_unit *u = c->u;
    lb_side_class side = u->facing ? lb_facing_side(u, 0, a->dir) : LB_SIDE_FRONT;
    if (side == LB_SIDE_FLANK || side == LB_SIDE_REAR)
        LBI_EVENT(t, "R-MOV-6", "(16)", EV_MOVE_FLANK_STEP, ev_unit_id(u->id),
                  ev_text(lb_hex_dir_name(a->dir)), ev_text(lb_side_class_name(side)),
                  ev_int(u->facing));
    if (from & LB_ZOI_ENEMY)
        LBI_EVENT(t, "R-ZOI-3", "(14)", EV_MOVE_ZONE_LEFT, ev_unit_id(u->id),
                  ev_int(lb_zoi_horse(c->st, u)));
    trace_events(c, o, 1u << LB_EVENT_FIRE, t);
}

/* R-ZOI-5: an enemy cavalry screen's drag on the step, the higher of the two hexes'. */
static void trace_drag(const mv_ctx *c, const lb_move_outcome *o, lb_trace *t)
{
    const lb_unit *u = c->u;
    int drag = 0;
    for (int k = 0; k < o->nto; k++) {
        int d = lb_zoi_drag(c->st, u, lbi_mv_zone(c, &o->from[k], 1), lbi_mv_zone(c, &o->to[k], 1));
        drag = d > drag ? d : drag;
    }
    if (u->arm == LB_ARM_INFANTRY)
        LBI_EVENT(t, "R-ZOI-5", "(20)", EV_MOVE_DRAG, ev_mp(drag), mv_ev_hex(c->st, o->to[0]));
    else
        LBI_EVENT(t, "R-ZOI-5", "(20)", EV_MOVE_NO_DRAG, mv_ev_hex(c->st, o->to[0]),
                  ev_unit_id(u->id));
}

/* R-FORM-2: the formation the terrain entered gives, or holds the unit to. */
static void trace_formation(const mv_ctx *c, const lb_move_outcome *o, lb_trace *t)
{
    const lb_state *st = c->st;
    const lb_unit *u = c->u;
    if (o->formation != u->formation) {
        LBI_EVENT(t, "R-FORM-2", "(15)", EV_MOVE_TERRAIN_FORMATION, ev_unit_id(u->id),
                  ev_text(lb_formation_name(o->formation)), mv_ev_hex(st, o->to[0]));
        return;
    }
    for (int k = 0; k < o->nto; k++)
        if (u->arm == LB_ARM_INFANTRY && lb_map_contains(&st->map, o->to[k]) &&
            c->mc->skirmish_only[st->map.terrain[lb_map_cell(&st->map, o->to[k])]]) {
            LBI_EVENT(t, "R-FORM-2", "(15)", EV_MOVE_SKIRMISH_ONLY, mv_ev_hex(st, o->to[k]),
                      ev_unit_id(u->id));
            return;
        }
}

/* The units of the hexes entered: friends passed (R-STACK-4), enemy leaders captured (R-MOV-15),
 * a carré entered by cavalry or enemy cavalry by a carré (R-MOV-8). */
static void trace_units_met(const mv_ctx *c, const lb_move_outcome *o, const mv_step *s,
                            lb_trace *t)
{
    const lb_state *st = c->st;
    const lb_unit *u = c->u;
    if (s->pass_rule)
        mv_trace_said(t, s->pass_rule, "(16)", &s->pass_why);
    trace_events(c, o, 1u << LB_EVENT_CAPTURE | 1u << LB_EVENT_CARRE, t);
    if (u->formation != LB_FORM_CARRE || s->carre)
        return;
    const int *idx;
    int n = lb_state_units_at(st, o->to[0], &idx), foes = 0;
    for (int i = 0; i < n; i++)
        foes += st->units[idx[i]].side != u->side;
    if (foes)
        LBI_EVENT(t, "R-MOV-8", "(16)", EV_MOVE_CARRE_ONTO_CAVALRY, ev_unit_id(u->id),
                  mv_ev_hex(st, o->to[0]));
}

/* The zones entered: whose reaches each new hex (R-ZOI-1), whether the unit stops (R-ZOI-2), no
 * opportunity fire for entering (R-ZOI-4). */
static void trace_zones_entered(const mv_ctx *c, const lb_move_outcome *o, unsigned to,
                                lb_trace *t)
{
    const lb_unit *u = c->u;
    for (int k = 0; k < o->nto; k++)
        if (!lb_unit_in_hex(u, o->to[k]))
            lb_zoi_trace(c->st, u->side, o->to[k], t);
    lb_event_arg hex = mv_ev_hex(c->st, o->to[0]);
    if (to & LB_ZOI_ENEMY)
        LBI_EVENT(t, "R-ZOI-2", "(14)", o->stop ? EV_MOVE_ZONE_STOP : EV_MOVE_ZONE_PASS,
                  ev_unit_id(u->id), hex);
    if (to & (LB_ZOI_ENEMY | LB_ZOI_CARRE))
        LBI_EVENT(t, "R-ZOI-4", "(28)", EV_MOVE_NO_FIRE_ENTERING, hex);
}

/* What decided an accepted step beyond its cost: the hexside crossed and the zone left (with
 * the opportunity fire it raises), the screens' drag, the terrain's formation, the friends
 * passed, the enemies entered, the zones entered, the leaders that follow. */
static void trace_step(const mv_ctx *c, const lb_move_action *a, const lb_move_outcome *o,
                       const mv_step *s, lb_trace *t)
{
    if (c->quiet || !t)
        return;
    if (!lb_unit_is_combat(c->u)) {
        trace_events(c, o, ~0u, t);
        return;
    }
    unsigned from = lbi_mv_zone(c, o->from, o->nfrom), to = lbi_mv_zone(c, o->to, o->nto);
    trace_leaving(c, a, o, from, t);
    if ((from | to) & (LB_ZOI_DRAG_NEAR | LB_ZOI_DRAG_FAR))
        trace_drag(c, o, t);
    trace_formation(c, o, t);
    trace_units_met(c, o, s, t);
    trace_zones_entered(c, o, to, t);
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
        refuse_for(c, o, s.rule, "(18)", &s.why, t);
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
    ACCEPT(c, o, "R-MOV-4", "(18)", t, EV_MOVE_ENTERS, ev_unit_id(u->id), mv_ev_hex(c->st, s.to[0]),
           ev_mp(s.cost), ev_text(o->formation != u->formation ? lb_formation_name(o->formation)
                                                                 : ""));
    trace_step(c, a, o, &s, t);
}

/* Every action but a leader's needs the unit still in the state it began with (R-MOV-9) and MP
 * (rule and why: why its allowance is 0). */
static int may_act(const mv_ctx *c, lb_move_outcome *o, int allowance, const char *rule,
                   const lb_said *why, lb_trace *t)
{
    const lb_unit *u = c->u;
    if (lb_unit_is_combat(u) && u->state > u->move.start_state) {
        REFUSE(c, o, "R-MOV-9", "(18)", t, EV_MOVE_SHAKEN, ev_unit_id(u->id),
               ev_text(lb_morale_state_name(u->state)));
        return 0;
    }
    if (allowance == 0 && rule) {
        refuse_for(c, o, rule, "(18)", why, t);
        return 0;
    }
    return 1;
}

static void check_face(const mv_ctx *c, const lb_move_action *a, lb_move_outcome *o, lb_trace *t)
{
    const lb_unit *u = c->u;
    if (!lb_unit_is_combat(u)) {
        REFUSE0(c, o, "R-MOV-6", "(13)", t, EV_MOVE_FACE_LEADER);
        return;
    }
    if (!may_act(c, o, c->allowance, c->allow_rule, &c->allow_why, t))
        return;
    if (u->formation == LB_FORM_CARRE) {
        REFUSE0(c, o, "R-MOV-6", "(13)", t, EV_MOVE_FACE_CARRE);
        return;
    }
    if (!lb_facing_valid(u->formation, a->facing)) {
        REFUSE(c, o, "R-MOV-6", "(13)", t, EV_MOVE_FACING_KIND,
               ev_text(lb_formation_name(u->formation)), ev_int(lb_facing_kind(u->formation)),
               ev_int(a->facing));
        return;
    }
    if (a->facing == u->facing) {
        REFUSE(c, o, "R-MOV-6", "(13)", t, EV_MOVE_FACE_ALREADY, ev_unit_id(u->id),
               ev_int(a->facing));
        return;
    }
    if (u->nhexes > 1 && (a->facing - u->facing + 12) % 12 != 6) {
        REFUSE(c, o, "R-MOV-6", "(13)", t, EV_MOVE_FACE_ABOUT,
               ev_text(lb_formation_name(u->formation)), ev_int(u->nhexes),
               ev_int((u->facing + 5) % 12 + 1));
        return;
    }
    o->cost = 2 * c->mc->facing_change;
    if (!afford(c, o, c->allowance, t))
        return;
    o->facing = a->facing;
    fire_events(c, o);
    ACCEPT(c, o, "R-MOV-6", "(13)", t, EV_MOVE_FACES, ev_unit_id(u->id), ev_int(a->facing),
           ev_int(u->facing), ev_mp(o->cost));
    trace_events(c, o, ~0u, t);
}

/* The formation rules' answer on the change a asks for (R-FORM-2..9), its allowance (a carré's
 * full one when it is its first action, T15-12): 1 when the change may go on, in *ch. */
static int form_allowed(const mv_ctx *c, const lb_move_action *a, lb_move_outcome *o,
                        lb_formation_change *ch, lb_trace *t)
{
    const lb_unit *u = c->u;
    if (!lb_unit_is_combat(u)) {
        REFUSE(c, o, "R-FORM-2", "(15)", t, EV_MOVE_WHY,
               ev_phrase(MOVE_PH_NOT_ALLOWED, MOVE_FORM_LEADER));
        return 0;
    }
    const char *rule = NULL;
    lb_said why;
    int form_first = o->first && u->move.start_formation == LB_FORM_CARRE;
    int allowance = lbi_mv_allowance(c->st, u, form_first, &rule, &why, t);
    if (!may_act(c, o, allowance, rule, &why, t))
        return 0;
    o->allowance = allowance;
    lb_formation_req req = {.to = a->formation, .facing = a->facing, .nhexes = a->nhexes};
    memcpy(req.hexes, a->hexes, sizeof req.hexes);
    lb_formation_check(c->st, c->unit, &req, ch, t);
    if (!ch->legal) {
        refuse_for(c, o, ch->rule, ch->section, &ch->why, t);
        return 0;
    }
    return 1;
}

static void check_form(const mv_ctx *c, const lb_move_action *a, lb_move_outcome *o, lb_trace *t)
{
    const lb_state *st = c->st;
    const lb_unit *u = c->u;
    lb_formation_change ch;
    if (!form_allowed(c, a, o, &ch, t))
        return;
    /* the new hexes against their occupants (R-STACK-4: the limits hold during the move) */
    lb_unit laid = *u;
    laid.formation = ch.to;
    laid.facing = ch.facing;
    laid.nhexes = ch.nhexes;
    memcpy(laid.hexes, ch.hexes, sizeof laid.hexes);
    mv_ctx c2 = *c;
    c2.u = &laid;
    const char *rule = NULL;
    lb_said why;
    if (!lbi_mv_fits(&c2, ch.hexes, ch.nhexes, ch.to, 0, 0, &rule, c->quiet ? NULL : &why, NULL,
                     NULL)) {
        refuse_for(c, o, rule, "(16)", &why, t);
        return;
    }
    o->cost = ch.cost;
    if (!afford(c, o, o->allowance, t))
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
    ACCEPT(c, o, "R-FORM-3", "(16)", t, EV_MOVE_FORMS, ev_unit_id(u->id),
           ev_text(lb_formation_name(ch.to)), ev_int(ch.nhexes > 1), ev_mp(o->cost),
           ev_int(ch.roll_needed), ev_int(o->first && u->move.start_formation == LB_FORM_CARRE));
    trace_events(c, o, ~0u, t);
}

static void check_prolonge(const mv_ctx *c, const lb_move_action *a, lb_move_outcome *o,
                           lb_trace *t)
{
    const lb_state *st = c->st;
    const lb_unit *u = c->u;
    if (u->formation != LB_FORM_UNLIMBERED) {
        REFUSE0(c, o, "R-MOV-10", "(15)", t, EV_MOVE_PROLONGE_UNLIMBERED);
        return;
    }
    if (!may_act(c, o, c->allowance, c->allow_rule, &c->allow_why, t))
        return;
    if (lb_move_charts_class_in(c->mc->no_prolonge, c->mc->nno_prolonge, u->cls)) {
        REFUSE(c, o, "R-MOV-10", "(15)", t, EV_MOVE_PROLONGE_HEAVY, ev_unit_id(u->id),
               ev_text(u->cls));
        return;
    }
    if (u->move.prolonged || u->move.actions > 0) {
        REFUSE(c, o, "R-MOV-10", "(15)", t, EV_MOVE_PROLONGE_ACTED, ev_unit_id(u->id));
        return;
    }
    lb_hex to = lb_hex_neighbor(u->hexes[0], a->dir);
    o->to[0] = to;
    if (!lb_map_contains(&st->map, to) ||
        lb_move_step_cost(st, u->hexes[0], a->dir, LB_ARM_ARTILLERY) == LB_MOVE_PROHIBITED) {
        REFUSE(c, o, "R-MOV-4", "(18)", t, EV_MOVE_PROLONGE_CLOSED, mv_ev_hex(st, to));
        return;
    }
    if (!c->mc->open[st->map.terrain[lb_map_cell(&st->map, u->hexes[0])]] ||
        !c->mc->open[st->map.terrain[lb_map_cell(&st->map, to)]]) {
        REFUSE0(c, o, "R-MOV-10", "(15)", t, EV_MOVE_PROLONGE_OPEN);
        return;
    }
    const char *rule;
    lb_said why;
    if (!lbi_mv_fits(c, &to, 1, u->formation, 0, 0, &rule, c->quiet ? NULL : &why, NULL, NULL)) {
        refuse_for(c, o, rule, "(16)", &why, t);
        return;
    }
    o->cost = c->allowance - o->spent_before;
    o->to[0] = to;
    o->stop = lb_zoi_stops(st, u, lbi_mv_zone(c, &to, 1));
    fire_events(c, o);
    ACCEPT(c, o, "R-MOV-10", "(15)", t, EV_MOVE_PROLONGES, ev_unit_id(u->id), mv_ev_hex(st, to));
    trace_events(c, o, ~0u, t);
}

static void check_attach(const mv_ctx *c, const lb_move_action *a, lb_move_outcome *o,
                         lb_trace *t)
{
    const lb_state *st = c->st;
    const lb_unit *l = c->u;
    if (lb_unit_is_combat(l)) {
        REFUSE0(c, o, "R-MOV-14", "(7)", t, EV_MOVE_ATTACH_COMBAT);
        return;
    }
    if (a->kind == LB_ACT_DETACH) {
        if (!l->attached) {
            REFUSE(c, o, "R-MOV-14", "(7)", t, EV_MOVE_DETACH_NONE, ev_unit_id(l->id));
            return;
        }
        ACCEPT(c, o, "R-MOV-14", "(7)", t, EV_MOVE_DETACHES, ev_unit_id(l->id),
               ev_unit_id(l->attached));
        return;
    }
    int w = a->with ? lb_state_unit_index(st, a->with) : -1;
    const lb_unit *u = w >= 0 ? &st->units[w] : NULL;
    if (!u || !lb_unit_is_combat(u) || u->side != l->side || !lb_unit_in_hex(u, l->hexes[0])) {
        REFUSE(c, o, "R-MOV-14", "(7)", t, EV_MOVE_ATTACH_NONE, ev_unit_id(a->with),
               ev_unit_id(l->id), ev_int(a->with != NULL));
        return;
    }
    if (l->attached && strcmp(l->attached, u->id) == 0) {
        REFUSE(c, o, "R-MOV-14", "(7)", t, EV_MOVE_ATTACH_ALREADY, ev_unit_id(l->id),
               ev_unit_id(u->id));
        return;
    }
    o->action.with = u->id;
    ACCEPT(c, o, "R-MOV-14", "(7)", t, EV_MOVE_ATTACHES, ev_unit_id(l->id), ev_unit_id(u->id));
}

/* R-MOV-19: a battalion of the unit's division (F44-2) in good order that has acted this
 * segment without force-marching, -1 when none; *div its division, NULL when it has none. */
static int division_acted(const lb_state *st, const lb_unit *u, const lb_org **div)
{
    *div = NULL;
    for (int k = 0; k < st->battle.norgs && !*div; k++)
        for (int i = 0; i < st->battle.orgs[k].nunits && !*div; i++)
            if (st->battle.orgs[k].division && strcmp(st->battle.orgs[k].units[i], u->id) == 0)
                *div = &st->battle.orgs[k];
    for (int i = 0; *div && i < (*div)->nunits; i++) {
        int b = lb_state_unit_index(st, (*div)->units[i]);
        const lb_unit *x = b >= 0 ? &st->units[b] : NULL;
        if (x && x != u && x->arm == LB_ARM_INFANTRY && x->state == LB_STATE_GOOD &&
            x->move.actions > 0 && x->move.march == LB_MARCH_NONE)
            return b;
    }
    return -1;
}

/* Is u listed in an organisation of the scenario (a corps or a division, R-GAME-11)? */
static int in_organisation(const lb_state *st, const lb_unit *u)
{
    for (int k = 0; k < st->battle.norgs; k++)
        for (int i = 0; i < st->battle.orgs[k].nunits; i++)
            if (strcmp(st->battle.orgs[k].units[i], u->id) == 0)
                return 1;
    return 0;
}

static void check_march(const mv_ctx *c, lb_move_outcome *o, lb_trace *t)
{
    const lb_state *st = c->st;
    const lb_unit *u = c->u;
    if (u->arm != LB_ARM_INFANTRY) {
        REFUSE(c, o, "R-MOV-16", "(44)", t, EV_MOVE_WHY, ev_phrase(MOVE_PH_NO_MARCH, u->arm));
        return;
    }
    if (!may_act(c, o, c->allowance, c->allow_rule, &c->allow_why, t))
        return;
    if (u->state != LB_STATE_GOOD ||
        (u->formation != LB_FORM_COLUMN && u->formation != LB_FORM_ROAD)) {
        REFUSE(c, o, "R-MOV-16", "(44)", t, EV_MOVE_MARCH_FORMATION, ev_unit_id(u->id),
               ev_text(lb_morale_state_name(u->state)), ev_text(lb_formation_name(u->formation)));
        return;
    }
    if (u->org_level > 0) {
        REFUSE(c, o, "R-MOV-20", "(44)", t, EV_MOVE_MARCH_LEVEL, ev_unit_id(u->id),
               ev_int(u->org_level));
        return;
    }
    if (u->move.march != LB_MARCH_NONE || !o->first) {
        REFUSE0(c, o, "R-MOV-16", "(44)", t, EV_MOVE_MARCH_LATE);
        return;
    }
    const lb_org *div;
    int acted = division_acted(st, u, &div);
    if (acted >= 0) {
        REFUSE(c, o, "R-MOV-19", "(44)", t, EV_MOVE_MARCH_DIVISION_ACTED, ev_unit_id(u->id),
               ev_text(div->id), ev_unit_id(st->units[acted].id));
        return;
    }
    int turn = u->move.march_turns + 1;
    lb_morale_mod mod = {"R-MOV-16", "force march", c->mc->march_modifier * turn};
    lb_morale_chance odds;
    if (lb_morale_odds(st, c->unit, &mod, 1, &odds, t) != LB_OK) {
        REFUSE(c, o, "R-MOV-16", "(44)", t, EV_MOVE_MARCH_NO_CHECK, ev_unit_id(u->id));
        return;
    }
    if (in_organisation(st, u)) /* R-MOV-20: its organisation's level, 0 (refused above) */
        LBI_EVENT(t, "R-MOV-20", "(44)", EV_MOVE_MARCH_LEVEL_ZERO, ev_unit_id(u->id));
    o->roll_needed = 1;
    o->p_success = odds.p_pass;
    ACCEPT(c, o, "R-MOV-16", "(44)", t, EV_MOVE_MARCHES, ev_unit_id(u->id), ev_int(turn),
           ev_int(mod.value), ev_frac(odds.p_pass.num, odds.p_pass.den),
           ev_int(c->mc->march_multiple));
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
            REFUSE0(c, o, "R-MOV-1", "(18)", t, EV_MOVE_NO_DIR);
        break;
    case LB_ACT_FACE: check_face(c, a, o, t); break;
    case LB_ACT_FORM: check_form(c, a, o, t); break;
    case LB_ACT_PROLONGE:
        if (dir_ok)
            check_prolonge(c, a, o, t);
        else
            REFUSE0(c, o, "R-MOV-1", "(18)", t, EV_MOVE_NO_DIR);
        break;
    case LB_ACT_ATTACH:
    case LB_ACT_DETACH: check_attach(c, a, o, t); break;
    case LB_ACT_MARCH: check_march(c, o, t); break;
    default: REFUSE0(c, o, "R-MOV-1", "(18)", t, EV_MOVE_NO_ACTION); break;
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
        LBI_EVENT(t, "R-MOV-16", "(44)", EV_MOVE_MARCH_CHECK, ev_roll(mr.roll),
                  ev_int(out->success));
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

/* The outcome fits the state as it stands: its unit there in its hexes, the unit it attaches to. */
static int fits_state(const lb_state *st, const lb_move_outcome *o, int *unit, int *with)
{
    int i = o->unit ? lb_state_unit_index(st, o->unit) : -1;
    if (!o->legal || i < 0)
        return LB_INVALID;
    if (o->generation != st->generation)
        return LB_STALE;
    const lb_unit *u = &st->units[i];
    if (u->nhexes != o->nfrom)
        return LB_INVALID;
    for (int k = 0; k < o->nfrom; k++)
        if (!lb_hex_eq(u->hexes[k], o->from[k]))
            return LB_INVALID;
    *unit = i;
    *with = o->action.kind == LB_ACT_ATTACH && o->action.with
                ? lb_state_unit_index(st, o->action.with) : -1;
    return o->action.kind == LB_ACT_ATTACH && *with < 0 ? LB_INVALID : LB_OK;
}

/* R-MOV-7, R-MOV-14: a step or prolonge moves the unit, and the leaders attached to it in the
 * hexes it leaves; a leader's own step leaves its unit. */
static void apply_step(lb_state *st, lb_unit *u, const lb_move_outcome *o)
{
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
        u->attached = NULL;
    u->move.steps++;
    u->move.prolonged |= o->action.kind == LB_ACT_PROLONGE;
}

/* R-MOV-15: the enemy leaders the action captured leave the state. */
static int remove_captured(lb_state *st, const lb_move_outcome *o)
{
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
    return LB_OK;
}

int lb_move_action_apply(lb_state *st, const lb_move_outcome *o)
{
    int i, w;
    int rc = fits_state(st, o, &i, &w);
    if (rc != LB_OK)
        return rc;
    lb_unit *u = &st->units[i];
    int success = !o->roll_needed || !o->rolled || o->success;
    const lb_move_action *a = &o->action;
    switch (a->kind) {
    case LB_ACT_STEP:
    case LB_ACT_PROLONGE: apply_step(st, u, o); break;
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
    rc = remove_captured(st, o);
    return rc == LB_OK ? lb_state_reindex(st) : rc;
}
