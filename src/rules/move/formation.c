/* Tactical organisation (15), (16): which formations each arm takes, in which terrain and hexes, at what cost. */
#include <string.h>

#include "lb/core.h"
#include "rules_types.h"
#include "state_types.h"
#include "stacking.h"
#include "move_int.h"
#include "frac_int.h"
#include "trace_int.h"
#include "charts_int.h"
#include "modifiers_int.h"
#include "move_charts_int.h"
#include "facing_int.h"
#include "formation_int.h"
#include "dice_int.h"
#include "unit_int.h"
#include "hex_int.h"

static const lb_terrain_type *terrain_at(const lb_state *st, lb_hex h, int *t)
{
    *t = st->map.terrain[lb_map_cell(&st->map, h)];
    return &st->charts.terrain[*t];
}

/* R-FORM-5: light cavalry (printed MP 13 or more, (6)) with a fire value skirmishes (K20-1). */
static int cavalry_screen_able(const lb_unit *u)
{
    return u->movement >= 13 && u->fire > 0;
}

/* R-FORM-2, R-FORM-5 */
enum move_not_allowed lbi_formation_not_allowed(const lb_state *st, const lb_unit *u,
                                                lb_formation f, const char **rule)
{
    *rule = "R-FORM-2";
    if (!lb_unit_is_combat(u))
        return MOVE_FORM_LEADER;
    if (f == LB_FORM_MASSE || f == LB_FORM_NONE)
        return MOVE_FORM_MASSE;
    if (u->arm == LB_ARM_ARTILLERY)
        return f != LB_FORM_LIMBERED && f != LB_FORM_UNLIMBERED ? MOVE_FORM_ARTILLERY
                                                                 : MOVE_FORM_ALLOWED;
    if (f == LB_FORM_LIMBERED || f == LB_FORM_UNLIMBERED)
        return MOVE_FORM_LIMBER;
    if (u->arm == LB_ARM_CAVALRY && f == LB_FORM_CARRE)
        return MOVE_FORM_CAVALRY_CARRE;
    if (f == LB_FORM_SKIRMISH) {
        *rule = "R-FORM-5";
        if (u->arm == LB_ARM_INFANTRY &&
            !lb_charts_fire_multiple(&st->charts, u->nation, u->cls, LB_FORM_SKIRMISH))
            return MOVE_FORM_INFANTRY_SCREEN;
        if (u->arm == LB_ARM_CAVALRY && !cavalry_screen_able(u))
            return MOVE_FORM_CAVALRY_SCREEN;
    }
    return MOVE_FORM_ALLOWED;
}

/* R-FORM-2 */
enum move_terrain lbi_formation_bad_terrain(const lb_state *st, const lb_unit *u, lb_formation f,
                                            lb_hex h, const char **rule)
{
    *rule = "R-FORM-2";
    if (!lb_map_contains(&st->map, h))
        return MOVE_TERRAIN_OFF_MAP;
    int t;
    const lb_terrain_type *tt = terrain_at(st, h, &t);
    const lb_move_charts *mc = st->charts.move;
    if (!lb_unit_is_combat(u))
        return MOVE_TERRAIN_OK;
    if (tt->move[u->arm] == LB_MOVE_PROHIBITED) {
        *rule = "R-MOV-4";
        return MOVE_TERRAIN_PROHIBITED;
    }
    if (u->arm == LB_ARM_INFANTRY && mc->skirmish_only[t] && f != LB_FORM_SKIRMISH)
        return MOVE_TERRAIN_SKIRMISH_ONLY;
    switch (f) {
    case LB_FORM_LINE: return mc->open[t] ? MOVE_TERRAIN_OK : MOVE_TERRAIN_LINE;
    case LB_FORM_CARRE: return tt->general_order ? MOVE_TERRAIN_CARRE : MOVE_TERRAIN_OK;
    case LB_FORM_COLUMN: return tt->general_order ? MOVE_TERRAIN_COLUMN : MOVE_TERRAIN_OK;
    case LB_FORM_GENERAL: return tt->general_order ? MOVE_TERRAIN_OK : MOVE_TERRAIN_GENERAL;
    case LB_FORM_ROAD:
        /* R-FORM-2 (T15-20, RF45-3): road march stays on the road */
        return lb_move_road_rate(st, lb_map_cell(&st->map, h)) < 0 ? MOVE_TERRAIN_ROAD
                                                                    : MOVE_TERRAIN_OK;
    default: return MOVE_TERRAIN_OK;
    }
}

/* R-FORM-2 (T15-17, T15-21): column and general order follow the terrain. */
lb_formation lb_formation_auto(const lb_state *st, const lb_unit *u, lb_formation f, lb_hex h)
{
    if (!lb_unit_is_combat(u) || u->arm == LB_ARM_ARTILLERY || !lb_map_contains(&st->map, h) ||
        (f != LB_FORM_COLUMN && f != LB_FORM_GENERAL))
        return f;
    int t;
    return terrain_at(st, h, &t)->general_order ? LB_FORM_GENERAL : LB_FORM_COLUMN;
}

/* R-FORM-4, R-FORM-5 */
void lb_formation_span(const lb_state *st, const lb_unit *u, lb_formation f, int *min, int *max)
{
    (void)st;
    int n = lb_unit_strength(u);
    *min = *max = 1;
    if (f == LB_FORM_LINE && u->arm == LB_ARM_INFANTRY) {
        *max = n >= 5 ? 2 : 1;
    } else if (f == LB_FORM_LINE && u->arm == LB_ARM_CAVALRY) {
        *max = n / 4 > LB_UNIT_MAX_HEXES ? LB_UNIT_MAX_HEXES : n / 4;
        *min = *max ? 1 : 0;
    } else if (f == LB_FORM_SKIRMISH) {
        *min = *max = u->arm == LB_ARM_CAVALRY || n >= 4 ? 2 : 1;
    }
}

/* A refusal (what it says is in out->why): traced; 0. */
static int refused(lb_formation_change *out, const char *rule, lb_trace *t)
{
    out->legal = 0;
    out->rule = rule;
    mv_trace_said(t, rule, out->section, &out->why);
    lb_trace_bool(t, "legal", 0);
    return 0;
}

/* Says why in out, then refuses with rule. */
#define REFUSE(out, rule, t, ...) (LBI_SAY(&(out)->why, __VA_ARGS__), refused((out), (rule), (t)))

/* The run of n hexes from `first` along dir; 0 when one is off the map. */
static int run(const lb_state *st, lb_hex first, int dir, int n, lb_hex *out)
{
    out[0] = first;
    for (int k = 1; k < n; k++) {
        out[k] = lb_hex_neighbor(out[k - 1], dir);
        if (!lb_map_contains(&st->map, out[k]))
            return 0;
    }
    return 1;
}

/* R-FORM-4: the hexes follow the axis from the unit's first hex, all one way. */
static int layout_ok(const lb_unit *u, const lb_formation_change *c)
{
    if (!lb_hex_eq(c->hexes[0], u->hexes[0]))
        return 0;
    if (c->nhexes == 1)
        return 1;
    int left, right;
    lb_facing_axis(c->facing, &left, &right);
    int d = lb_hex_dir_to(c->hexes[0], c->hexes[1]);
    if (c->facing % 2 == 0 || (d != left && d != right))
        return 0;
    for (int k = 2; k < c->nhexes; k++)
        if (lb_hex_dir_to(c->hexes[k - 1], c->hexes[k]) != d)
            return 0;
    return 1;
}

/* R-FORM-8: the limber roll's range, modifiers and exact odds. */
static void limber_odds(const lb_state *st, int unit, lb_formation_change *out, lb_trace *t)
{
    const lb_unit *u = &st->units[unit];
    const lb_move_charts *mc = st->charts.move;
    const lb_limber_entry *e = lb_move_charts_limber(mc, u->nation, u->cls);
    out->p_success = lb_frac_int(1);
    if (!e) {
        LBI_EVENT(t, "R-FORM-8", "(15)", EV_MOVE_LIMBER_NO_RANGE, ev_text(u->nation),
                  ev_text(u->cls), ev_int(u->nation != NULL), ev_int(u->cls != NULL));
        return;
    }
    out->roll_needed = 1;
    out->lo = e->lo;
    out->hi = e->hi;
    lb_modifier_ctx x = {.attacker = -1, .defender = -1, .unit = unit};
    lb_modifier_hit hits[LB_MODIFIERS_MAX];
    int nhits = 0;
    out->modifier = lb_modifiers_read(st, &mc->limber_mods, &x, hits, &nhits, "R-FORM-8", "(15)", t);
    int good = 0;
    for (int d = 1; d <= 6; d++) {
        int m = d + out->modifier;
        m = m < 1 ? 1 : m > 6 ? 6 : m;
        good += m >= e->lo && m <= e->hi;
    }
    out->p_success = lb_frac_make(good, 6);
    LBI_EVENT(t, "R-FORM-8", "(15)", EV_MOVE_LIMBER_ODDS, ev_int(out->modifier), ev_int(e->lo),
              ev_int(e->hi), ev_int(good));
    lb_trace_int(t, "lo", e->lo);
    lb_trace_int(t, "hi", e->hi);
    lb_trace_int(t, "modifier", out->modifier);
    lb_trace_frac(t, "p_success", good, 6);
}

/* What decided a legal change's hexes and facing: R-FORM-4 (a line's hexes), R-FORM-5 (a
 * screen's), R-FORM-6 (a carré), R-FORM-9 (the facing when none is named). */
static void trace_layout(const lb_state *st, const lb_unit *u, const lb_formation_req *req,
                         const lb_formation_change *out, int lo, int hi, lb_trace *t)
{
    if (!t)
        return;
    lb_event_arg a[MOVE_HEXES_MAX + 4];
    for (int k = 0; k < MOVE_HEXES_MAX; k++)
        a[k] = k < out->nhexes ? mv_ev_hex(st, out->hexes[k]) : lbi_ev_label("");
    int n = lb_unit_strength(u), cavalry = u->arm == LB_ARM_CAVALRY;
    if (req->to == LB_FORM_LINE) {
        a[MOVE_HEXES_MAX] = ev_int(cavalry);
        a[MOVE_HEXES_MAX + 1] = ev_int(n);
        a[MOVE_HEXES_MAX + 2] = ev_int(lo);
        a[MOVE_HEXES_MAX + 3] = ev_int(hi);
        lbi_trace_event(t, "R-FORM-4", "(15)", EV_MOVE_FORM_LINE_HEXES, a, MOVE_HEXES_MAX + 4);
    } else if (req->to == LB_FORM_SKIRMISH) {
        a[MOVE_HEXES_MAX] = ev_unit_id(u->id);
        a[MOVE_HEXES_MAX + 1] = ev_int(cavalry);
        a[MOVE_HEXES_MAX + 2] = ev_int(n >= 4);
        lbi_trace_event(t, "R-FORM-5", "(19)", EV_MOVE_FORM_SCREEN_HEXES, a, MOVE_HEXES_MAX + 3);
    } else if (req->to == LB_FORM_CARRE) {
        LBI_EVENT(t, "R-FORM-6", "(15)", EV_MOVE_FORM_CARRE, ev_unit_id(u->id), ev_int(n),
                  ev_int(out->facing));
    }
    if (req->facing || !u->facing || req->to == LB_FORM_CARRE)
        return;
    lb_event_arg to = ev_text(lb_formation_name(req->to));
    if (out->facing == u->facing)
        LBI_EVENT(t, "R-FORM-9", "(13)", EV_MOVE_FORM_FACING_KEPT, ev_unit_id(u->id),
                  ev_int(u->facing), to);
    else
        LBI_EVENT(t, "R-FORM-9", "(13)", EV_MOVE_FORM_FACING_TURNED, ev_unit_id(u->id),
                  ev_int(u->facing), to, ev_int(lb_facing_kind(req->to)), ev_int(out->facing));
}

/* R-FORM-2, R-FORM-7: may the unit take that formation at all, as it stands? */
static int may_change(const lb_state *st, const lb_unit *u, const lb_formation_req *req,
                      lb_formation_change *out, lb_trace *t)
{
    const char *rule;
    enum move_not_allowed no = lbi_formation_not_allowed(st, u, req->to, &rule);
    lb_event_arg id = ev_unit_id(u->id), to = ev_text(lb_formation_name(req->to));
    if (no != MOVE_FORM_ALLOWED)
        return REFUSE(out, rule, t, EV_MOVE_FORM_NOT_ALLOWED, id, to,
                      ev_phrase(MOVE_PH_NOT_ALLOWED, no));
    if (u->state != LB_STATE_GOOD)
        return REFUSE(out, "R-FORM-7", t, EV_MOVE_FORM_SHAKEN, id,
                      ev_text(lb_morale_state_name(u->state)));
    if (u->move.march == LB_MARCH_ON)
        return REFUSE(out, "R-FORM-7", t, EV_MOVE_FORM_MARCHING, id);
    return 1;
}

/* R-FORM-9: the facing after, the one asked or the formation's default from the unit's. */
static int facing_after(const lb_unit *u, const lb_formation_req *req, lb_formation_change *out,
                        lb_trace *t)
{
    out->facing = req->facing ? req->facing : lb_facing_default(req->to, u->facing);
    if (req->to == LB_FORM_CARRE && !req->facing)
        out->facing = u->facing;
    if (out->facing && !lb_facing_valid(req->to, out->facing))
        return REFUSE(out, "R-FORM-9", t, EV_MOVE_FACING_KIND, ev_text(lb_formation_name(req->to)),
                      ev_int(lb_facing_kind(req->to)), ev_int(out->facing));
    return 1;
}

/* R-FORM-4, R-FORM-5: the hexes after, as many as the formation spans (lo to hi), from the
 * unit's first hex along the axis of its facing. */
static int hexes_after(const lb_state *st, const lb_unit *u, const lb_formation_req *req,
                       lb_formation_change *out, int lo, int hi, lb_trace *t)
{
    lb_event_arg to = ev_text(lb_formation_name(req->to));
    int n = req->nhexes ? req->nhexes : lo;
    if (n < lo || n > hi || n < 1) {
        const char *r = req->to == LB_FORM_SKIRMISH ? "R-FORM-5" : "R-FORM-4";
        if (hi == 0)
            return REFUSE(out, r, t, EV_MOVE_FORM_CAVALRY_WEAK, ev_unit_id(u->id),
                          ev_int(lb_unit_strength(u)));
        return REFUSE(out, r, t, EV_MOVE_FORM_SPAN, ev_unit_id(u->id),
                      ev_int(lb_unit_strength(u)), to, ev_int(lo), ev_int(hi), ev_int(n));
    }
    out->nhexes = n;
    if (req->nhexes) {
        memcpy(out->hexes, req->hexes, (size_t)n * sizeof *out->hexes);
    } else {
        int left, right;
        lb_facing_axis(out->facing ? out->facing : 1, &left, &right);
        if (!run(st, u->hexes[0], right, n, out->hexes))
            return REFUSE(out, "R-FORM-4", t, EV_MOVE_FORM_OFF_MAP, to);
    }
    if (n > 1 && !out->facing)
        return REFUSE(out, "R-FORM-4", t, EV_MOVE_FORM_NO_FACING, to);
    if (!layout_ok(u, out))
        return REFUSE(out, "R-FORM-4", t, EV_MOVE_FORM_LAYOUT, to, mv_ev_hex(st, u->hexes[0]));
    return 1;
}

/* R-FORM-2, R-FORM-4: may the formation stand in each of its hexes? */
static int hexes_hold(const lb_state *st, const lb_unit *u, const lb_formation_req *req,
                      lb_formation_change *out, lb_trace *t)
{
    for (int k = 0; k < out->nhexes; k++) {
        const char *rule;
        enum move_terrain no = lbi_formation_bad_terrain(st, u, req->to, out->hexes[k], &rule);
        if (no != MOVE_TERRAIN_OK)
            return REFUSE(out, rule, t, EV_MOVE_FORM_TERRAIN, ev_text(lb_formation_name(req->to)),
                          mv_ev_hex(st, out->hexes[k]), ev_phrase(MOVE_PH_TERRAIN, no));
    }
    if (req->to == LB_FORM_ROAD && lb_move_road_rate(st, lb_map_cell(&st->map, out->hexes[0])) < 0)
        return REFUSE(out, "R-FORM-2", t, EV_MOVE_FORM_ROAD);
    if (req->to == LB_FORM_LINE && u->arm == LB_ARM_INFANTRY &&
        lb_unit_strength(u) > 18 * out->nhexes)
        return REFUSE(out, "R-FORM-4", t, EV_MOVE_FORM_LINE_FULL, ev_unit_id(u->id),
                      ev_int(lb_unit_strength(u)));
    return 1;
}

/* R-FORM-3: a change, not the formation and hexes the unit holds already. */
static int changes(const lb_unit *u, const lb_formation_req *req, lb_formation_change *out,
                   lb_trace *t)
{
    int same_hexes = out->nhexes == u->nhexes;
    for (int k = 0; same_hexes && k < out->nhexes; k++)
        same_hexes = lb_hex_eq(out->hexes[k], u->hexes[k]);
    if (req->to == u->formation && same_hexes)
        return REFUSE(out, "R-FORM-3", t, EV_MOVE_FORM_ALREADY, ev_unit_id(u->id),
                      ev_text(lb_formation_name(req->to)), ev_int(out->facing != u->facing));
    return 1;
}

/* R-FORM-3: T16-2 per arm, T15-6 each further hex of an infantry line; general order comes and
 * goes free. */
static void cost(const lb_state *st, const lb_unit *u, const lb_formation_req *req,
                 lb_formation_change *out, lb_trace *t)
{
    const lb_move_charts *mc = st->charts.move;
    int free = req->to == LB_FORM_GENERAL || u->formation == LB_FORM_GENERAL;
    int extra = u->arm == LB_ARM_INFANTRY && req->to == LB_FORM_LINE ? out->nhexes - 1 : 0;
    out->cost = 2 * ((free ? 0 : mc->formation_change[u->arm]) + mc->extra_hex * extra);
    out->legal = 1;
    out->rule = "R-FORM-3";
    LBI_EVENT(t, "R-FORM-3", "(16)", EV_MOVE_FORM_COST, ev_unit_id(u->id),
              ev_text(lb_formation_name(u->formation)), ev_text(lb_formation_name(req->to)),
              ev_int(extra > 0), ev_int(out->cost / 2), ev_int(free));
    lb_trace_int(t, "cost_halves", out->cost);
}

/* R-FORM-2..9, step by step. */
int lb_formation_check(const lb_state *st, int unit, const lb_formation_req *req,
                       lb_formation_change *out, lb_trace *t)
{
    memset(out, 0, sizeof *out);
    out->section = "(15)";
    out->p_success = lb_frac_int(1);
    if (unit < 0 || unit >= st->nunits)
        return LB_INVALID;
    const lb_unit *u = &st->units[unit];
    out->to = req->to;
    int lo, hi;
    lb_formation_span(st, u, req->to, &lo, &hi);
    if (!may_change(st, u, req, out, t) || !facing_after(u, req, out, t) ||
        !hexes_after(st, u, req, out, lo, hi, t) || !hexes_hold(st, u, req, out, t) ||
        !changes(u, req, out, t))
        return LB_OK;
    trace_layout(st, u, req, out, lo, hi, t);
    cost(st, u, req, out, t);
    if ((req->to == LB_FORM_LIMBERED && u->formation == LB_FORM_UNLIMBERED) ||
        (req->to == LB_FORM_UNLIMBERED && u->formation == LB_FORM_LIMBERED))
        limber_odds(st, unit, out, t);
    return LB_OK;
}

int lb_formation_layouts(const lb_state *st, int unit, lb_formation f, int facing,
                         lb_formation_req *out, int max)
{
    const lb_unit *u = &st->units[unit];
    int lo, hi, count = 0;
    lb_formation_span(st, u, f, &lo, &hi);
    for (int n = lo; n <= hi && n >= 1; n++) {
        int left = -1, right = -1;
        if (n > 1)
            lb_facing_axis(facing, &left, &right);
        for (int side = 0; side < (n > 1 ? 2 : 1); side++) {
            lb_formation_req r = {.to = f, .facing = facing, .nhexes = n};
            if (!run(st, u->hexes[0], side ? left : right, n, r.hexes))
                continue;
            if (count < max)
                out[count] = r;
            count++;
        }
    }
    return count < max ? count : max;
}

/* R-FORM-5, R-FIRE-17, K19-3 */
int lb_formation_contract(lb_state *st, int unit)
{
    lb_unit *u = &st->units[unit];
    int n = lb_unit_strength(u), keep = u->nhexes;
    if (u->formation == LB_FORM_LINE && u->arm == LB_ARM_INFANTRY && n < 5)
        keep = 1;
    else if (u->formation == LB_FORM_SKIRMISH && u->arm == LB_ARM_INFANTRY && n <= 3)
        keep = 1;
    else if (u->formation == LB_FORM_LINE && u->arm == LB_ARM_CAVALRY && n / 4 < keep)
        keep = n / 4 > 0 ? n / 4 : 1;
    if (keep >= u->nhexes)
        return 0;
    u->nhexes = keep;
    return 1;
}

int lb_formation_limber_roll(const lb_formation_change *c, lb_dice *dice, int *die, int *success,
                             lb_trace *t)
{
    *success = 1;
    if (!c->roll_needed)
        return LB_OK;
    if (lb_dice_d6(dice, "limber roll", die) != 0)
        return LB_DICE;
    int m = *die + c->modifier;
    m = m < 1 ? 1 : m > 6 ? 6 : m;
    *success = m >= c->lo && m <= c->hi;
    LBI_EVENT(t, "R-FORM-8", "(15)", EV_MOVE_LIMBER_ROLL, ev_roll(*die), ev_int(c->modifier),
              ev_int(m), ev_int(*success));
    lb_trace_die(t, "limber roll", *die);
    lb_trace_bool(t, "success", *success);
    return LB_OK;
}
