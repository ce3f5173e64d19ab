/* Tactical organisation (15), (16): which formations each arm takes, in which terrain and hexes, at what cost. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "lb/err.h"
#include "lb/facing.h"
#include "lb/formation.h"
#include "lb/move_charts.h"
#include "lb/stacking.h"

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
const char *lb_formation_allowed(const lb_state *st, const lb_unit *u, lb_formation f,
                                 const char **rule)
{
    *rule = "R-FORM-2";
    if (!lb_unit_is_combat(u))
        return "a leader takes no formation";
    if (f == LB_FORM_MASSE || f == LB_FORM_NONE)
        return "masse is in the charts only: no unit takes it yet";
    if (u->arm == LB_ARM_ARTILLERY) {
        if (f != LB_FORM_LIMBERED && f != LB_FORM_UNLIMBERED)
            return "artillery is limbered or unlimbered";
        return NULL;
    }
    if (f == LB_FORM_LIMBERED || f == LB_FORM_UNLIMBERED)
        return "only artillery limbers and unlimbers";
    if (u->arm == LB_ARM_CAVALRY && f == LB_FORM_CARRE)
        return "cavalry forms no carré";
    if (f == LB_FORM_SKIRMISH) {
        *rule = "R-FORM-5";
        if (u->arm == LB_ARM_INFANTRY &&
            !lb_charts_fire_multiple(&st->charts, u->nation, u->cls, LB_FORM_SKIRMISH))
            return "only infantry with a skirmish fire multiple in the charts skirmishes (K19-1)";
        if (u->arm == LB_ARM_CAVALRY && !cavalry_screen_able(u))
            return "only light cavalry (13 MP or more) with a fire value skirmishes (K20-1)";
    }
    return NULL;
}

/* R-FORM-2 */
const char *lb_formation_terrain(const lb_state *st, const lb_unit *u, lb_formation f, lb_hex h,
                                 const char **rule)
{
    *rule = "R-FORM-2";
    if (!lb_map_contains(&st->map, h))
        return "off the map";
    int t;
    const lb_terrain_type *tt = terrain_at(st, h, &t);
    const lb_move_charts *mc = st->charts.move;
    if (!lb_unit_is_combat(u))
        return NULL;
    if (tt->move[u->arm] == LB_MOVE_PROHIBITED) {
        *rule = "R-MOV-4";
        return "its terrain is prohibited to the unit's arm";
    }
    if (u->arm == LB_ARM_INFANTRY && mc->skirmish_only[t] && f != LB_FORM_SKIRMISH)
        return "infantry stands there only in skirmish order";
    switch (f) {
    case LB_FORM_LINE:
        return mc->open[t] ? NULL : "a line stands only in clear terrain (T15-5, T15-23)";
    case LB_FORM_CARRE:
        return tt->general_order ? "no carré in general-order terrain" : NULL;
    case LB_FORM_COLUMN:
        return tt->general_order ? "in general-order terrain the unit is in general order (T15-17)"
                                 : NULL;
    case LB_FORM_GENERAL:
        return tt->general_order ? NULL : "general order only in general-order terrain (T15-17)";
    case LB_FORM_ROAD:
        return tt->general_order && mc->road_march_move[t] < 0
                   ? "road march enters general-order terrain only along a road"
                   : NULL;
    default: return NULL;
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

__attribute__((format(printf, 4, 5))) static int refuse(lb_formation_change *out,
                                                        const char *rule, lb_trace *t,
                                                        const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(out->reason, sizeof out->reason, fmt, ap);
    va_end(ap);
    out->legal = 0;
    out->rule = rule;
    lb_trace_add(t, rule, out->section, "%s", out->reason);
    lb_trace_bool(t, "legal", 0);
    return LB_OK;
}

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
static int layout_ok(const lb_unit *u, const lb_formation_req *r, int facing)
{
    if (!lb_hex_eq(r->hexes[0], u->hexes[0]))
        return 0;
    if (r->nhexes == 1)
        return 1;
    int left, right;
    lb_facing_axis(facing, &left, &right);
    int d = lb_hex_dir_to(r->hexes[0], r->hexes[1]);
    if (facing % 2 == 0 || (d != left && d != right))
        return 0;
    for (int k = 2; k < r->nhexes; k++)
        if (lb_hex_dir_to(r->hexes[k - 1], r->hexes[k]) != d)
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
        lb_trace_add(t, "R-FORM-8", "(15)", "no limber range for %s %s in the charts: no roll",
                     u->nation ? u->nation : "?", u->cls ? u->cls : "?");
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
    lb_trace_add(t, "R-FORM-8", "(15)", "limber roll: one die %+d within %d-%d, %d chances in 6",
                 out->modifier, e->lo, e->hi, good);
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
    char hexes[LB_UNIT_MAX_HEXES * (LB_HEX_LABEL_MAX + 2)] = "", label[LB_HEX_LABEL_MAX];
    size_t used = 0;
    for (int k = 0; k < out->nhexes && used < sizeof hexes; k++)
        used += (size_t)snprintf(hexes + used, sizeof hexes - used, "%s%s", k ? ", " : "",
                                 lb_map_label(&st->map, out->hexes[k], label));
    int n = lb_unit_strength(u);
    if (req->to == LB_FORM_LINE)
        lb_trace_add(t, "R-FORM-4", "(15)", "%s line of %d increments stands in %d to %d hex%s: "
                     "%s, from its first hex along its axis (T15-4, T15-23)",
                     u->arm == LB_ARM_CAVALRY ? "a cavalry" : "an infantry", n, lo, hi,
                     hi == 1 ? "" : "es", hexes);
    else if (req->to == LB_FORM_SKIRMISH)
        lb_trace_add(t, "R-FORM-5", "(19)", "%s skirmishes (%s); %s stands in %s: %s", u->id,
                     u->arm == LB_ARM_CAVALRY ? "light cavalry with a fire value, K20-1"
                                              : "a skirmish fire multiple in the charts, K19-1",
                     u->arm == LB_ARM_CAVALRY ? "a cavalry screen" : "an infantry screen",
                     u->arm == LB_ARM_CAVALRY ? "two hexes always"
                     : n >= 4                 ? "two hexes with 4 increments or more"
                                              : "one hex with 3 increments or fewer",
                     hexes);
    else if (req->to == LB_FORM_CARRE)
        lb_trace_add(t, "R-FORM-6", "(15)", "%s, infantry in good order of %d increments (any "
                     "strength), forms carré outside general-order terrain; it keeps its facing "
                     "value %d, which no rule reads (T15-10, T15-16)", u->id, n, out->facing);
    if (req->facing || !u->facing || req->to == LB_FORM_CARRE)
        return;
    if (out->facing == u->facing)
        lb_trace_add(t, "R-FORM-9", "(13)", "no facing named: %s keeps its facing %d, which suits "
                     "%s", u->id, u->facing, lb_formation_name(req->to));
    else
        lb_trace_add(t, "R-FORM-9", "(13)", "no facing named: %s's facing %d does not suit %s, "
                     "which faces %s: one hour clockwise, %d", u->id, u->facing,
                     lb_formation_name(req->to), lb_facing_kind(req->to) ? "a vertex" : "a hexside",
                     out->facing);
}

/* R-FORM-2..9 */
int lb_formation_check(const lb_state *st, int unit, const lb_formation_req *req,
                       lb_formation_change *out, lb_trace *t)
{
    memset(out, 0, sizeof *out);
    out->section = "(15)";
    out->p_success = lb_frac_int(1);
    if (unit < 0 || unit >= st->nunits)
        return LB_INVALID;
    const lb_unit *u = &st->units[unit];
    const lb_move_charts *mc = st->charts.move;
    const char *rule, *why;
    out->to = req->to;
    if ((why = lb_formation_allowed(st, u, req->to, &rule)))
        return refuse(out, rule, t, "%s may not take %s: %s", u->id, lb_formation_name(req->to), why);
    if (u->state != LB_STATE_GOOD)
        return refuse(out, "R-FORM-7", t, "%s is %s: it is in column or general order by its "
                      "terrain and changes no formation (R-MOR-3)", u->id,
                      lb_morale_state_name(u->state));
    if (u->move.march == LB_MARCH_ON)
        return refuse(out, "R-FORM-7", t, "%s is force-marching: no formation change (44)", u->id);
    out->facing = req->facing ? req->facing : lb_facing_default(req->to, u->facing);
    if (req->to == LB_FORM_CARRE && !req->facing)
        out->facing = u->facing;
    if (out->facing && !lb_facing_valid(req->to, out->facing))
        return refuse(out, "R-FORM-9", t, "%s faces %s, not clock hour %d (R-GRID-3)",
                      lb_formation_name(req->to),
                      lb_facing_kind(req->to) ? "a vertex (an odd hour)" : "a hexside (an even hour)",
                      out->facing);
    int lo, hi;
    lb_formation_span(st, u, req->to, &lo, &hi);
    int n = req->nhexes ? req->nhexes : lo;
    if (n < lo || n > hi || n < 1) {
        const char *r = req->to == LB_FORM_SKIRMISH ? "R-FORM-5" : "R-FORM-4";
        if (hi == 0)
            return refuse(out, r, t, "a cavalry line needs at least 4 increments a hex; %s has %d",
                          u->id, lb_unit_strength(u));
        return refuse(out, r, t, "%s with %d increments stands in %s in %d to %d hex%s, not %d",
                      u->id, lb_unit_strength(u), lb_formation_name(req->to), lo, hi,
                      hi == 1 ? "" : "es", n);
    }
    out->nhexes = n;
    if (req->nhexes) {
        memcpy(out->hexes, req->hexes, (size_t)n * sizeof *out->hexes);
    } else {
        int left, right;
        lb_facing_axis(out->facing ? out->facing : 1, &left, &right);
        if (!run(st, u->hexes[0], right, n, out->hexes))
            return refuse(out, "R-FORM-4", t, "the %s would run off the map", lb_formation_name(req->to));
    }
    if (n > 1 && !out->facing)
        return refuse(out, "R-FORM-4", t, "a %s in several hexes needs a facing", lb_formation_name(req->to));
    lb_formation_req laid = *req;
    laid.nhexes = n;
    memcpy(laid.hexes, out->hexes, sizeof laid.hexes);
    if (!layout_ok(u, &laid, out->facing)) {
        char first[LB_HEX_LABEL_MAX];
        lb_map_label(&st->map, u->hexes[0], first);
        return refuse(out, "R-FORM-4", t, "the hexes of a %s start at the unit's first hex %s "
                      "and run one way along its axis (three hours either side of the facing)",
                      lb_formation_name(req->to), first);
    }
    for (int k = 0; k < n; k++) {
        char label[LB_HEX_LABEL_MAX];
        if ((why = lb_formation_terrain(st, u, req->to, out->hexes[k], &rule)))
            return refuse(out, rule, t, "%s in %s: %s", lb_formation_name(req->to),
                          lb_map_label(&st->map, out->hexes[k], label), why);
    }
    if (req->to == LB_FORM_ROAD &&
        mc->road_march_move[st->map.terrain[lb_map_cell(&st->map, out->hexes[0])]] < 0)
        return refuse(out, "R-FORM-2", t, "road march is formed on a road");
    if (req->to == LB_FORM_LINE && u->arm == LB_ARM_INFANTRY && lb_unit_strength(u) > 18 * n)
        return refuse(out, "R-FORM-4", t, "a line holds at most 18 increments a hex (T15-4); %s "
                      "has %d", u->id, lb_unit_strength(u));
    int same_hexes = n == u->nhexes;
    for (int k = 0; same_hexes && k < n; k++)
        same_hexes = lb_hex_eq(out->hexes[k], u->hexes[k]);
    if (req->to == u->formation && same_hexes)
        return refuse(out, "R-FORM-3", t, "%s is in %s in these hexes already%s", u->id,
                      lb_formation_name(req->to), out->facing != u->facing ? ": change its facing" : "");
    trace_layout(st, u, req, out, lo, hi, t);
    /* R-FORM-3: T16-2 per arm, T15-6 each further hex; general order comes and goes free */
    int free = req->to == LB_FORM_GENERAL || u->formation == LB_FORM_GENERAL;
    out->cost = 2 * ((free ? 0 : mc->formation_change[u->arm]) + mc->extra_hex * (n - 1));
    out->legal = 1;
    out->rule = "R-FORM-3";
    lb_trace_add(t, "R-FORM-3", "(16)", "%s from %s to %s%s: %d MP%s", u->id,
                 lb_formation_name(u->formation), lb_formation_name(req->to),
                 n > 1 ? " in several hexes" : "", out->cost / 2,
                 free ? " (general order comes and goes free, T16-2)" : "");
    lb_trace_int(t, "cost_halves", out->cost);
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
    lb_trace_add(t, "R-FORM-8", "(15)", "limber roll %d %+d = %d: %s", *die, c->modifier, m,
                 *success ? "the battery changes formation" : "it fails (the MP are spent)");
    lb_trace_die(t, "limber roll", *die);
    lb_trace_bool(t, "success", *success);
    return LB_OK;
}
