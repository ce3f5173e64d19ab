/* Infantry fire (21), (22), (24): fire value, defence, odds, exact outcomes, roll, effects. */
#include <jansson.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "lb/effects.h"
#include "lb/err.h"
#include "lb/fire.h"
#include "lb/los.h"

/* ---- small helpers ---------------------------------------------------------------------- */

static unsigned bit(int dir)
{
    return 1u << (((dir % LB_DIR_COUNT) + LB_DIR_COUNT) % LB_DIR_COUNT);
}

static char *label(const lb_state *s, lb_hex h, char *buf)
{
    return lb_map_label(&s->map, h, buf);
}

/* Appends to a fixed buffer. */
__attribute__((format(printf, 3, 4))) static void append(char *buf, size_t n, const char *fmt, ...)
{
    size_t used = strlen(buf);
    if (used + 1 >= n)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf + used, n - used, fmt, ap);
    va_end(ap);
}

static void trace_frac(lb_trace *t, const char *key, lb_frac v)
{
    lb_trace_frac(t, key, (long)v.num, (long)v.den);
}

/* R-FIRE-3, R-FIRE-12: a unit's increments in its k-th hex, as even as possible, the odd ones in
 * its first hexes. */
static int share(const lb_unit *u, int k)
{
    int n = lb_unit_strength(u), h = u->nhexes > 0 ? u->nhexes : 1;
    return n / h + (k < n % h);
}

/* The index of h among u's hexes, or -1. */
static int hex_of(const lb_unit *u, lb_hex h)
{
    for (int k = 0; k < u->nhexes; k++)
        if (lb_hex_eq(u->hexes[k], h))
            return k;
    return -1;
}

/* "French Légère" from the charts' nations registry, else the ids. */
static void troop_name(const lb_state *s, const lb_unit *u, char *buf, size_t n)
{
    json_t *nation =
        u->nation ? json_object_get(json_object_get(s->charts.doc, "nations"), u->nation) : NULL;
    json_t *cls = u->cls ? json_object_get(json_object_get(nation, "classes"), u->cls) : NULL;
    const char *nn = json_string_value(json_object_get(nation, "name"));
    const char *cn = json_string_value(json_object_get(cls, "name"));
    snprintf(buf, n, "%s%s%s", nn ? nn : u->nation ? u->nation : lb_arm_name(u->arm),
             cn || u->cls ? " " : "", cn ? cn : u->cls ? u->cls : "");
}

/* The hexsides of a through which the straight line from a's centre to b's leaves a: one, or the
 * two that meet at the corner it passes (the line then runs along the edge beyond). */
static int exit_sides(lb_hex a, lb_hex b, int sides[2])
{
    lb_line_step steps[2];
    lb_hex_line(a, b, steps, 2);
    if (steps[1].kind == LB_LINE_CROSS) {
        sides[0] = lb_hex_dir_to(a, steps[1].b);
        return 1;
    }
    sides[0] = lb_hex_dir_to(a, steps[1].a);
    sides[1] = lb_hex_dir_to(a, steps[1].b);
    return 2;
}

static void sides_text(const int *sides, int n, char *buf, size_t len)
{
    if (n == 1)
        snprintf(buf, len, "the %s hexside", lb_hex_dir_name(sides[0]));
    else
        snprintf(buf, len, "the corner of its %s and %s hexsides", lb_hex_dir_name(sides[0]),
                 lb_hex_dir_name(sides[1]));
}

/* R-FIRE-8 (13): the front hexsides of a formation facing clock hour `facing`, as bits by
 * direction. Even hours face a hexside: general order all but the opposite one, any other
 * formation the faced hexside and its two neighbours. Odd hours face a vertex k (between
 * hexsides k and k + 1): line the two hexsides there, skirmish the four nearest. Carré and a unit
 * without facing: all six. */
static unsigned front_sides(lb_formation f, int facing)
{
    if (facing <= 0 || f == LB_FORM_CARRE)
        return 0x3f;
    if (facing % 2 == 0) {
        int d = lb_hex_clock_dir(facing);
        if (f == LB_FORM_GENERAL)
            return 0x3f & ~bit(d + 3);
        return bit(d - 1) | bit(d) | bit(d + 1);
    }
    int k = (facing - 1) / 2;
    if (f == LB_FORM_SKIRMISH)
        return bit(k - 1) | bit(k) | bit(k + 1) | bit(k + 2);
    return bit(k) | bit(k + 1);
}

/* R-FIRE-11 (13): the flank hexsides of a defender, as bits. Facing a hexside d: d ± 2 for
 * column, masse, road march, artillery and heavy cavalry in column; none for general order and
 * light cavalry (5 front, 1 rear). Facing vertex k: a line's ends (k - 1, k + 2), a one-hex
 * screen's two back hexsides (k + 3, k + 4). None for carré, a two-hex screen and a unit
 * without facing. */
static unsigned flank_sides(const lb_unit *u)
{
    if (u->facing <= 0 || u->formation == LB_FORM_CARRE)
        return 0;
    if (u->facing % 2 == 0) {
        int d = lb_hex_clock_dir(u->facing);
        int light = u->arm == LB_ARM_CAVALRY && u->movement >= 13;
        if (u->formation == LB_FORM_GENERAL || light)
            return 0;
        return bit(d + 2) | bit(d - 2);
    }
    int k = (u->facing - 1) / 2;
    if (u->formation == LB_FORM_LINE)
        return bit(k - 1) | bit(k + 2);
    if (u->formation == LB_FORM_SKIRMISH && u->nhexes == 1)
        return bit(k + 3) | bit(k + 4);
    return 0;
}

/* ---- the fire value --------------------------------------------------------------------- */

__attribute__((format(printf, 5, 6))) static int refuse(lb_fire_value *v, const char *rule,
                                                        const char *section, lb_trace *t,
                                                        const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(v->reason, sizeof v->reason, fmt, ap);
    va_end(ap);
    v->allowed = 0;
    v->rule = rule;
    v->value = lb_frac_int(0);
    lb_trace_add(t, rule, section, "may not fire: %s", v->reason);
    lb_trace_bool(t, "allowed", 0);
    return LB_OK;
}

/* R-FIRE-2, R-FIRE-9: formations in which only the top combat unit of the hex fires. */
static int top_only(const lb_unit *u)
{
    return u->state == LB_STATE_DISORDERED || u->formation == LB_FORM_COLUMN ||
           u->formation == LB_FORM_GENERAL || u->formation == LB_FORM_MASSE ||
           u->formation == LB_FORM_ROAD;
}

/* The first combat unit in h not of side `side`, or -1 (a hex may hold both sides after a
 * charge: cavalry on a carré). */
static int top_enemy(const lb_state *s, lb_hex h, int side)
{
    const int *idx;
    int n = lb_state_units_at(s, h, &idx);
    for (int i = 0; i < n; i++)
        if (lb_unit_is_combat(&s->units[idx[i]]) && s->units[idx[i]].side != side)
            return idx[i];
    return -1;
}

/* R-FIRE-18: a carré fires on enemy cavalry standing in its own hex (seed 001: the cavalry
 * moves on top of the carré and suffers its defensive fire). */
static int carre_on_cavalry(const lb_state *s, const lb_unit *u, lb_hex target)
{
    int enemy = top_enemy(s, target, u->side);
    return u->formation == LB_FORM_CARRE && lb_unit_in_hex(u, target) && enemy >= 0 &&
           s->units[enemy].arm == LB_ARM_CAVALRY;
}

/* R-FIRE-1, R-FIRE-6, R-FIRE-8: range, front and LOS of one firing hex. */
static int judge_hex(const lb_state *s, const lb_unit *u, const lb_fire_value *v, int k,
                     lb_fire_hex *fh, lb_trace *t)
{
    char hl[LB_HEX_LABEL_MAX], tl[LB_HEX_LABEL_MAX], st[80];
    fh->hex = u->hexes[k];
    fh->value = lb_frac_int(0);
    fh->increments = share(u, k);
    fh->distance = lb_hex_distance(fh->hex, v->target);
    fh->in_range = fh->distance >= 1 && fh->distance <= v->range;
    label(s, fh->hex, hl);
    label(s, v->target, tl);
    if (fh->distance == 0 && carre_on_cavalry(s, u, v->target)) {
        /* R-FIRE-18: all round, at the cavalry in the carré's own hex; a hex sees itself */
        fh->in_range = fh->front = fh->los = fh->fires = 1;
        lb_trace_add(t, "R-FIRE-18", "(38)", "%s fires from its carré at the enemy cavalry on top "
                     "of it in %s", u->id, tl);
        return LB_OK;
    }
    lb_trace_add(t, "R-FIRE-1", "(24)", "%s to %s: %d hex%s, range %d: %s", hl, tl, fh->distance,
                 fh->distance == 1 ? "" : "es", v->range,
                 fh->in_range ? "in range" : "out of range");
    lb_trace_text(t, "hex", hl);
    lb_trace_int(t, "distance", fh->distance);
    lb_trace_int(t, "range", v->range);
    if (!fh->in_range)
        return LB_OK;
    fh->nexit = exit_sides(fh->hex, v->target, fh->exit);
    unsigned front = front_sides(u->formation, u->facing);
    fh->front = (front & bit(fh->exit[0])) && (fh->nexit == 1 || (front & bit(fh->exit[1])));
    sides_text(fh->exit, fh->nexit, st, sizeof st);
    if (u->facing)
        lb_trace_add(t, "R-FIRE-8", "(13)", "the sight line leaves %s by %s: %s of %s facing %d",
                     hl, st, fh->front ? "through the front" : "not through the front",
                     lb_formation_name(u->formation), u->facing);
    else
        lb_trace_add(t, "R-FIRE-8", "(13)", "the sight line leaves %s by %s; no facing: every "
                     "hexside is a front hexside", hl, st);
    lb_trace_bool(t, "front", fh->front);
    if (!fh->front)
        return LB_OK;
    lb_los_result los;
    int rc = lb_los_check(s, fh->hex, v->target, u->side, &los, t);
    if (rc != LB_OK)
        return rc;
    fh->los = los.visible;
    if (!los.visible)
        fh->blocked_at = los.items[los.blocked_by].hex;
    lb_los_result_release(&los);
    fh->fires = fh->los;
    return LB_OK;
}

/* The refusal when no hex of the unit fires: the reason of the hex that came nearest. */
static int refuse_hexes(const lb_state *s, const lb_unit *u, lb_fire_value *v, lb_trace *t)
{
    char hl[LB_HEX_LABEL_MAX], tl[LB_HEX_LABEL_MAX], bl[LB_HEX_LABEL_MAX], st[80];
    label(s, v->target, tl);
    const lb_fire_hex *best = &v->hexes[0];
    for (int k = 1; k < v->nhexes; k++) {
        const lb_fire_hex *h = &v->hexes[k];
        int sh = h->in_range + h->front, sb = best->in_range + best->front;
        if (sh > sb || (sh == sb && h->distance < best->distance))
            best = h;
    }
    label(s, best->hex, hl);
    if (!best->in_range)
        return refuse(v, "R-FIRE-6", "(24)", t, "out of range: %s is %d hex%s from %s, range %d",
                      tl, best->distance, best->distance == 1 ? "" : "es", hl, v->range);
    if (!best->front) {
        sides_text(best->exit, best->nexit, st, sizeof st);
        return refuse(v, "R-FIRE-8", "(13)", t, "%s is not in front of %s: the sight line leaves "
                      "by %s, not through the front of %s facing %d", tl, hl, st,
                      lb_formation_name(u->formation), u->facing);
    }
    return refuse(v, "R-FIRE-6", "(23)", t, "no line of sight from %s to %s: blocked at %s", hl,
                  tl, label(s, best->blocked_at, bl));
}

/* R-FIRE-3, R-FIRE-4: increments times the multiple, hex by hex; the breakdown line. */
static void sum_multiples(const lb_state *s, const lb_unit *u, lb_fire_value *v, lb_trace *t)
{
    char mbuf[32], vbuf[32], name[96], hl[LB_HEX_LABEL_MAX];
    int halved = 0;
    v->value = lb_frac_int(0);
    for (int k = 0; k < v->nhexes; k++) {
        lb_fire_hex *fh = &v->hexes[k];
        if (!fh->fires)
            continue;
        fh->firing = fh->increments < v->per_hex ? fh->increments : v->per_hex;
        fh->value = lb_frac_mul(lb_frac_int(fh->firing), v->multiple);
        /* R-FIRE-4: skirmishers beyond the adjacent hex fire at half value */
        fh->halved = u->formation == LB_FORM_SKIRMISH && fh->distance >= 2;
        if (fh->halved)
            fh->value = lb_frac_mul(fh->value, lb_frac_make(1, 2));
        halved |= fh->halved;
        v->increments_firing += fh->firing;
        v->value = lb_frac_add(v->value, fh->value);
        lb_trace_add(t, u->formation == LB_FORM_SKIRMISH ? "R-FIRE-4" : "R-FIRE-3", "(24)",
                     "%s: %d of its %d increments fire (at most %d per hex) × %s%s = %s",
                     label(s, fh->hex, hl), fh->firing, fh->increments, v->per_hex,
                     lb_frac_fmt(v->multiple, mbuf, sizeof mbuf),
                     fh->halved ? ", halved at 2 hexes" : "",
                     lb_frac_fmt(fh->value, vbuf, sizeof vbuf));
        lb_trace_int(t, "increments", fh->firing);
        trace_frac(t, "value", fh->value);
    }
    /* "a + b increments × m": a halving that every firing hex shares is said once, after the
     * multiple; a screen with one hex at 2 hexes and one adjacent shows each hex's product */
    int mixed = 0;
    for (int k = 0; k < v->nhexes; k++)
        mixed |= v->hexes[k].fires && v->hexes[k].halved != halved;
    if (mixed)
        lb_trace_add(t, "R-FIRE-16", "(24)", "each hex of the screen is judged on its own distance: "
                     "only the hexes 2 or more hexes away fire at half value");
    troop_name(s, u, name, sizeof name);
    lb_frac_fmt(v->multiple, mbuf, sizeof mbuf);
    snprintf(v->breakdown, sizeof v->breakdown, "%s, %d hex%s: ", lb_formation_name(u->formation),
             v->nhexes, v->nhexes == 1 ? "" : "es");
    for (int k = 0; k < v->nhexes; k++) {
        const lb_fire_hex *fh = &v->hexes[k];
        if (mixed)
            append(v->breakdown, sizeof v->breakdown, "%s%d × %s%s", k ? " + " : "", fh->firing,
                   mbuf, fh->halved ? " ÷ 2" : "");
        else
            append(v->breakdown, sizeof v->breakdown, "%s%d", k ? " + " : "", fh->firing);
    }
    if (!mixed)
        append(v->breakdown, sizeof v->breakdown, " increments × %s%s", mbuf,
               halved ? " ÷ 2" : "");
    append(v->breakdown, sizeof v->breakdown, " (%s, %s%s) = %s", name,
           lb_formation_name(u->formation), halved ? "; halved at 2 hexes" : "",
           lb_frac_fmt(v->value, vbuf, sizeof vbuf));
}

/* R-FIRE-1..6, R-FIRE-8, R-FIRE-9, R-FIRE-16, R-MOR-9 */
int lb_fire_check(const lb_state *s, int unit, lb_hex target, lb_fire_value *v, lb_trace *t)
{
    memset(v, 0, sizeof *v);
    v->unit = unit;
    v->target = target;
    v->value = v->multiple = lb_frac_int(0);
    if (unit < 0 || unit >= s->nunits || !lb_map_contains(&s->map, target))
        return LB_INVALID;
    const lb_unit *u = &s->units[unit];
    char hl[LB_HEX_LABEL_MAX], tl[LB_HEX_LABEL_MAX], name[96], vbuf[32];
    label(s, target, tl);
    label(s, u->hexes[0], hl);
    troop_name(s, u, name, sizeof name);
    lb_trace_add(t, "R-FIRE-6", "(21)", "%s (%s, %s, %s, %d of %d increments, %s side) fires at "
                 "hex %s", u->id, name, lb_formation_name(u->formation),
                 lb_morale_state_name(u->state), lb_unit_strength(u), u->increments,
                 s->sides[u->side], tl);
    lb_trace_text(t, "unit", u->id);
    lb_trace_text(t, "target", tl);

    /* R-FIRE-5: who may fire at all (the printed value is traced when it is used) */
    lb_effect e = lb_effects_fire(s, u, NULL);
    if (!e.allowed)
        return refuse(v, "R-FIRE-5", "(24)", t, "%s: %s", u->id, e.reason);

    /* R-FIRE-10: the target is a hex holding the enemy */
    int enemy = top_enemy(s, target, u->side);
    if (enemy < 0)
        return refuse(v, "R-FIRE-10", "(21)", t, "hex %s holds no enemy combat unit", tl);
    /* R-LOS-12, R-FIRE-18: cavalry standing in an enemy carré's hex is a target only for that
     * carré; other units see it again once it leaves the hex (seed 004) */
    if (top_enemy(s, target, s->units[enemy].side) >= 0 && !carre_on_cavalry(s, u, target))
        return refuse(v, "R-LOS-12", "(23)", t, "hex %s holds cavalry standing in a carré: it is "
                      "not a target for other units' fire until it leaves the carré's hex", tl);

    const lb_fire_multiple *m =
        lb_charts_fire_multiple(&s->charts, u->nation, u->cls, u->formation);
    if (u->state == LB_STATE_DISORDERED) {
        /* R-FIRE-5: half its fire value; R-FIRE-9: as the unit in column or general order it
         * is (R-MOR-3) */
        v->printed = 1;
        v->range = 1;
        lb_trace_add(t, "R-FIRE-5", "(24)", "disordered: fires at half its fire value");
        lb_trace_add(t, "R-FIRE-9", "(24)", "disordered: fires as a unit in column or general "
                     "order, at its printed value halved, range 1");
    } else if (!m) {
        return refuse(v, "R-FIRE-16", "(24)", t, "the charts give %s no fire multiple in %s "
                      "(charts fire_multiples)", name, lb_formation_name(u->formation));
    } else {
        v->printed = m->printed;
        v->range = m->range;
        v->per_hex = m->per_hex;
        v->multiple = m->printed ? lb_frac_int(0) : m->multiple;
        char mbuf[32];
        if (m->printed)
            lb_trace_add(t, "R-FIRE-2", "(24)", "%s in %s: fires its printed value, range %d",
                         name, lb_formation_name(u->formation), m->range);
        else
            lb_trace_add(t, u->formation == LB_FORM_SKIRMISH ? "R-FIRE-4" : "R-FIRE-3", "(24)",
                         "%s in %s: fire multiple ×%s, at most %d increments per hex, range %d",
                         name, lb_formation_name(u->formation),
                         lb_frac_fmt(m->multiple, mbuf, sizeof mbuf), m->per_hex, m->range);
        trace_frac(t, "multiple", v->multiple);
        lb_trace_int(t, "per_hex", v->per_hex);
        lb_trace_int(t, "range", v->range);
    }

    /* R-FIRE-2: in column or general order only the top combat unit of the hex fires */
    if (top_only(u)) {
        int top = lb_state_top_combat(s, u->hexes[0]);
        if (top != unit)
            return refuse(v, "R-FIRE-2", "(24)", t, "in %s only the top unit of hex %s fires, and "
                          "%s is on top", u->state == LB_STATE_DISORDERED ? "disorder"
                          : lb_formation_name(u->formation), hl, s->units[top].id);
        lb_trace_add(t, "R-FIRE-2", "(24)", "%s is the top unit of hex %s", u->id, hl);
    }

    v->nhexes = u->nhexes;
    int any = 0;
    for (int k = 0; k < u->nhexes; k++) {
        int rc = judge_hex(s, u, v, k, &v->hexes[k], t);
        if (rc != LB_OK)
            return rc;
        any |= v->hexes[k].fires;
    }
    if (!any)
        return refuse_hexes(s, u, v, t);

    if (v->printed) {
        v->value = lb_effects_fire(s, u, t).value; /* R-MOR-3, R-MOR-10, R-MOR-9 */
        v->increments_firing = lb_unit_strength(u);
        snprintf(v->breakdown, sizeof v->breakdown, "%s: printed fire value %d",
                 lb_formation_name(u->formation), u->fire);
        if (u->losses)
            append(v->breakdown, sizeof v->breakdown, ", %d of %d increments lost (12)", u->losses,
                   u->increments);
        if (u->state == LB_STATE_DISORDERED)
            append(v->breakdown, sizeof v->breakdown, ", halved (disordered)");
        append(v->breakdown, sizeof v->breakdown, " = %s", lb_frac_fmt(v->value, vbuf, sizeof vbuf));
    } else {
        sum_multiples(s, u, v, t);
        if (s->fractions == LB_FRACTIONS_ROUND_DOWN && v->value.den != 1) {
            lb_frac down = lb_frac_int(lb_frac_floor(v->value));
            append(v->breakdown, sizeof v->breakdown, ", rounded down to %lld", down.num);
            lb_trace_add(t, "R-MOR-9", "(24)", "fractions round down: fire value %s becomes %lld",
                         lb_frac_fmt(v->value, vbuf, sizeof vbuf), down.num);
            v->value = down;
        }
    }
    if (v->value.num <= 0)
        return refuse(v, "R-FIRE-16", "(21)", t, "%s has a fire value of 0", u->id);
    v->allowed = 1;
    lb_trace_add(t, v->printed ? "R-FIRE-2" : u->formation == LB_FORM_SKIRMISH ? "R-FIRE-4"
                                                                              : "R-FIRE-3",
                 "(24)", "%s", v->breakdown);
    trace_frac(t, "fire_value", v->value);
    lb_trace_int(t, "increments_firing", v->increments_firing);
    return LB_OK;
}

/* ---- fire defence ----------------------------------------------------------------------- */

__attribute__((format(printf, 5, 6))) static int refuse_odds(lb_fire_chance *o, const char *rule,
                                                             const char *section, lb_trace *t,
                                                             const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(o->reason, sizeof o->reason, fmt, ap);
    va_end(ap);
    o->allowed = 0;
    o->rule = rule;
    lb_trace_add(t, rule, section, "may not fire: %s", o->reason);
    lb_trace_bool(t, "allowed", 0);
    return LB_OK;
}

/* R-FIRE-11: does the sight line from hex f enter the defender's hex h through a flank hexside?
 * Through a corner: when neither hexside there is a front one and one is a flank one. */
static int through_flank(const lb_unit *d, lb_hex h, lb_hex f, int sides[2], int *nsides)
{
    unsigned flank = flank_sides(d), front = front_sides(d->formation, d->facing);
    *nsides = exit_sides(h, f, sides);
    if (*nsides == 1)
        return (flank & bit(sides[0])) != 0;
    unsigned both = bit(sides[0]) | bit(sides[1]);
    return !(front & both) && (flank & both);
}

/* R-FIRE-7, R-FIRE-10, R-FIRE-11: charts-format 5.2's order: road march, flank, disordered or
 * routed, formation; then infantry with artillery. */
static int read_defence(const lb_state *s, lb_fire_chance *o, lb_trace *t)
{
    const lb_fire_charts *fc = s->charts.fire;
    lb_fire_defence *d = &o->defence;
    lb_hex target = o->fire.target;
    char tl[LB_HEX_LABEL_MAX], fl[LB_HEX_LABEL_MAX], st[80];
    label(s, target, tl);
    const int *idx;
    int firer_side = s->units[o->fire.unit].side;
    int n = lb_state_units_at(s, target, &idx), infantry = -1, artillery = 0;
    d->unit = top_enemy(s, target, firer_side);
    for (int i = 0; i < n; i++) {
        const lb_unit *u = &s->units[idx[i]];
        if (u->side == firer_side)
            continue;
        if (u->arm == LB_ARM_INFANTRY && infantry < 0)
            infantry = idx[i];
        artillery |= u->arm == LB_ARM_ARTILLERY;
    }
    int mixed = infantry >= 0 && artillery;
    if (mixed)
        d->unit = infantry;
    const lb_unit *du = &s->units[d->unit];
    d->terrain = s->map.terrain[lb_map_cell(&s->map, target)];
    const char *tname = s->charts.terrain[d->terrain].id;
    lb_trace_add(t, "R-FIRE-10", "(21)", "hex %s (%s): %s gives the fire defence (%s, %s%s)", tl,
                 tname, du->id, lb_formation_name(du->formation), lb_morale_state_name(du->state),
                 mixed ? "; the top infantry of a hex with artillery" : "; the top combat unit");
    lb_trace_text(t, "defender", du->id);

    for (int k = 0; k < o->fire.nhexes && !d->flank; k++) {
        const lb_fire_hex *fh = &o->fire.hexes[k];
        int sides[2], ns;
        if (fh->fires && through_flank(du, target, fh->hex, sides, &ns)) {
            d->flank = 1;
            sides_text(sides, ns, st, sizeof st);
            lb_trace_add(t, "R-FIRE-11", "(13)", "the fire from %s enters %s by %s, a flank of %s "
                         "facing %d", label(s, fh->hex, fl), tl, st,
                         lb_formation_name(du->formation), du->facing);
        }
    }
    if (!d->flank)
        lb_trace_add(t, "R-FIRE-11", "(13)", "no fire enters %s through a flank hexside of %s", tl,
                     du->id);
    lb_trace_bool(t, "flank", d->flank);

    if (du->formation == LB_FORM_ROAD) {
        if (!fc->has_road)
            return refuse_odds(o, "R-FIRE-7", "(21)", t, "the charts give no fire defence for road "
                               "march (fire_defence.road)");
        d->read = "road";
        d->base = fc->road_value;
    } else if (d->flank && fc->has_flank) {
        d->read = "flank";
        d->base = fc->flank_value;
    } else {
        int key = du->state == LB_STATE_DISORDERED ? LB_FIRE_FD_DISORDERED
                  : du->state == LB_STATE_ROUTED   ? LB_FIRE_FD_ROUTED
                                                   : (int)du->formation;
        d->read = key == LB_FIRE_FD_DISORDERED ? "disordered"
                  : key == LB_FIRE_FD_ROUTED   ? "routed"
                                               : lb_formation_name(du->formation);
        d->base = lb_fire_charts_defence(fc, d->terrain, key);
        if (!d->base)
            return refuse_odds(o, "R-FIRE-7", "(21)", t, "the charts give no fire defence for %s "
                               "in %s (terrain.%s.fire_defence.%s)", d->read, tname, tname,
                               d->read);
    }
    d->value = d->base;
    lb_trace_add(t, "R-FIRE-7", "(21)", "fire defence %d (%s%s%s)", d->base, d->read,
                 strcmp(d->read, "road") && strcmp(d->read, "flank") ? " in " : "",
                 strcmp(d->read, "road") && strcmp(d->read, "flank") ? tname : "");
    lb_trace_text(t, "read", d->read);
    lb_trace_int(t, "fire_defence", d->base);
    if (mixed && fc->has_with_artillery && !(fc->with_artillery_except & (1u << du->formation))) {
        d->artillery = fc->with_artillery_delta;
        d->value = d->base + d->artillery > 1 ? d->base + d->artillery : 1;
        lb_trace_add(t, "R-FIRE-10", "(21)", "infantry with artillery in the hex: %+d, fire "
                     "defence %d", d->artillery, d->value);
        lb_trace_int(t, "fire_defence", d->value);
    }
    return LB_OK;
}

/* ---- losses among the units of the hex -------------------------------------------------- */

static int unlimbered(const lb_state *s, int unit)
{
    return s->units[unit].arm == LB_ARM_ARTILLERY && s->units[unit].formation == LB_FORM_UNLIMBERED;
}

/* The next unit of group g (1: unlimbered artillery, 0: the others) with strength left, from
 * cursor on, cycling; -1 when none. */
static int next_in(const lb_state *s, const lb_fire_target *tu, int n, const int *left, int g,
                   int *cursor)
{
    for (int step = 0; step < n; step++) {
        int j = (*cursor + step) % n;
        if (left[j] > 0 && unlimbered(s, tu[j].unit) == g) {
            *cursor = j + 1;
            return j;
        }
    }
    return -1;
}

/* R-FIRE-13: a hex loss of `loss` increments shared among the units, one increment at a time. */
static void allocate(const lb_state *s, const lb_fire_target *tu, int n, int loss, int *out)
{
    int left[LB_FIRE_UNITS_MAX], cursor[2] = {0, 0}, guns = 0;
    for (int j = 0; j < n; j++) {
        left[j] = tu[j].strength;
        out[j] = 0;
        guns |= unlimbered(s, tu[j].unit);
    }
    for (int k = 1; k <= loss; k++) {
        int g = guns && k % 2 == 0;
        int j = next_in(s, tu, n, left, g, &cursor[g]);
        if (j < 0 && g == 1)
            j = next_in(s, tu, n, left, 0, &cursor[0]);
        if (j < 0)
            continue;
        left[j]--;
        out[j]++;
    }
}

/* R-FIRE-14: does losing x more increments, after `losses`, call for a fire-loss check? */
static int triggered(const lb_fire_target *tu, int losses, int x)
{
    for (int k = losses + 1; k <= losses + x; k++)
        if (lb_fire_trigger_fires(tu->trigger, k))
            return 1;
    return 0;
}

/* The units of the target hex (top first), their shares of it and their fire-loss triggers. */
static int collect_targets(const lb_state *s, lb_fire_chance *o)
{
    const lb_fire_charts *fc = s->charts.fire;
    const int *idx;
    int n = lb_state_units_at(s, o->fire.target, &idx);
    for (int i = 0; i < n; i++) {
        const lb_unit *u = &s->units[idx[i]];
        if (u->side == s->units[o->fire.unit].side)
            continue; /* R-FIRE-18: a carré does not fire on itself or its own leaders */
        if (o->nunits == LB_FIRE_UNITS_MAX || o->nleaders == LB_FIRE_UNITS_MAX)
            return LB_INVALID;
        if (!lb_unit_is_combat(u)) {
            o->leaders[o->nleaders++] = idx[i];
            continue;
        }
        lb_fire_target *tu = &o->units[o->nunits++];
        tu->unit = idx[i];
        tu->strength = lb_unit_strength(u);
        tu->in_hex = share(u, hex_of(u, o->fire.target));
        tu->trigger = lb_fire_charts_trigger(fc, u->nation, u->cls, u->arm);
        o->target_increments += tu->in_hex;
    }
    return LB_OK;
}

/* What every hex loss does to each unit, and the chances over the 36 rolls. */
static void share_losses(const lb_state *s, lb_fire_chance *o)
{
    int out[LB_FIRE_UNITS_MAX];
    for (int l = 0; l <= o->max_loss; l++) {
        allocate(s, o->units, o->nunits, l, out);
        for (int j = 0; j < o->nunits; j++) {
            lb_fire_target *tu = &o->units[j];
            tu->loss[l] = (unsigned char)out[j];
            int gone = out[j] >= tu->strength;
            tu->check[l] = !gone && triggered(tu, s->units[tu->unit].losses, out[j]);
        }
    }
    for (int j = 0; j < o->nunits; j++) {
        lb_fire_target *tu = &o->units[j];
        int checks = 0, gone = 0;
        for (int i = 0; i < 36; i++) {
            checks += tu->check[o->loss[i]];
            gone += tu->loss[o->loss[i]] >= tu->strength;
        }
        tu->p_check = lb_frac_make(checks, 36);
        tu->p_eliminated = lb_frac_make(gone, 36);
    }
}

static void trace_distribution(const lb_state *s, const lb_fire_chance *o, lb_trace *t)
{
    char pbuf[32], ebuf[32];
    for (int l = 0; l <= o->max_loss; l++) {
        if (!o->p_loss[l].num)
            continue;
        lb_trace_add(t, "R-DICE-4", "(21)", "%d increment%s lost: %lld of 36 rolls = %s", l,
                     l == 1 ? "" : "s", o->p_loss[l].num * 36 / o->p_loss[l].den,
                     lb_frac_fmt(o->p_loss[l], pbuf, sizeof pbuf));
        lb_trace_int(t, "loss", l);
        trace_frac(t, "p", o->p_loss[l]);
    }
    int guns = 0;
    for (int j = 0; j < o->nunits; j++)
        guns += unlimbered(s, o->units[j].unit);
    if (guns && guns == o->nunits)
        lb_trace_add(t, "R-FIRE-13", "(25)", "lone unlimbered artillery takes only the "
                     "even-numbered increments of the hex's loss");
    else if (guns)
        lb_trace_add(t, "R-FIRE-13", "(25)", "the hex's loss is taken one increment at a time: "
                     "odd-numbered ones by the other units, even-numbered ones by the artillery, "
                     "top first within each");
    else if (o->nunits > 1)
        lb_trace_add(t, "R-FIRE-13", "(21)", "the hex's loss is taken one increment at a time, "
                     "by the units in turn, top first");
    for (int j = 0; j < o->nunits; j++) {
        const lb_fire_target *tu = &o->units[j];
        const lb_unit *u = &s->units[tu->unit];
        const lb_fire_trigger *tr = tu->trigger;
        char from[24] = "";
        if (tr && tr->from > 1)
            snprintf(from, sizeof from, " from the %d%s", tr->from,
                     tr->from == 2 ? "nd" : tr->from == 3 ? "rd" : "th");
        lb_trace_add(t, "R-FIRE-14", "(21)", "%s (%d lost before) checks morale on %s loss%s: "
                     "a check %s of the time, eliminated %s", u->id, u->losses,
                     tr ? lb_fire_trigger_name(tr->on) : "every", from,
                     lb_frac_fmt(tu->p_check, pbuf, sizeof pbuf),
                     lb_frac_fmt(tu->p_eliminated, ebuf, sizeof ebuf));
        lb_trace_text(t, "unit", u->id);
        trace_frac(t, "p_check", tu->p_check);
        trace_frac(t, "p_eliminated", tu->p_eliminated);
    }
}

/* R-FIRE-7, R-FIRE-10..15, R-DICE-2, R-DICE-4 */
int lb_fire_odds(const lb_state *s, int unit, lb_hex target, lb_fire_chance *o, lb_trace *t)
{
    memset(o, 0, sizeof *o);
    int rc = lb_fire_check(s, unit, target, &o->fire, t);
    if (rc != LB_OK)
        return rc;
    if (!o->fire.allowed) {
        o->rule = o->fire.rule;
        snprintf(o->reason, sizeof o->reason, "%s", o->fire.reason);
        return LB_OK;
    }
    const lb_fire_charts *fc = s->charts.fire;
    if (!fc || !fc->has_table)
        return refuse_odds(o, "R-FIRE-7", "(21)", t, "the charts have no fire table");
    rc = read_defence(s, o, t);
    if (rc != LB_OK || o->rule)
        return rc;

    /* R-FIRE-7: the odds column, rounded down to a listed one */
    char vbuf[32], pbuf[32];
    lb_frac value = o->fire.value;
    o->column = lb_fire_charts_column(fc, value, o->defence.value, &o->below);
    const lb_fire_column *top = &fc->columns[fc->ncolumns - 1];
    o->above = (__int128)top->att * o->defence.value * value.den < (__int128)top->def * value.num;
    lb_frac_fmt(value, vbuf, sizeof vbuf);
    if (!o->column)
        lb_trace_add(t, "R-FIRE-7", "(21)", "odds %s : %d are below the lowest column %s: no "
                     "effect", vbuf, o->defence.value, fc->columns[0].label);
    else
        lb_trace_add(t, "R-FIRE-7", "(21)", "odds %s : %d read in column %s%s", vbuf,
                     o->defence.value, o->column->label,
                     o->below ? " (below the lowest column: the lowest)"
                     : o->above ? " (above the highest column: the highest)"
                                : " (the highest listed column not above the ratio)");
    lb_trace_text(t, "column", o->column ? o->column->label : "none");

    /* R-FIRE-12, (22): every increment in the target hex above the threshold adds to the roll */
    rc = collect_targets(s, o);
    if (rc != LB_OK)
        return rc;
    if (fc->has_massed && o->target_increments > fc->massed_above)
        o->massed = fc->massed_per * (o->target_increments - fc->massed_above);
    lb_trace_add(t, "R-FIRE-12", "(22)", "%d increments in the target hex%s: %+d to the roll",
                 o->target_increments, fc->has_massed ? "" : " (the charts have no massed_target)",
                 o->massed);
    lb_trace_int(t, "increments", o->target_increments);
    lb_trace_int(t, "modifier", o->massed);

    /* R-DICE-2, R-DICE-4: every natural roll, modified, read in the column */
    int counts[LB_FIRE_LOSS_MAX + 1] = {0};
    for (int i = 0; i < 36; i++) {
        int m = i + o->massed < 35 ? i + o->massed : 35;
        o->loss[i] = o->column ? o->column->loss[m] : 0;
        counts[o->loss[i]]++;
        if (o->loss[i] > o->max_loss)
            o->max_loss = o->loss[i];
    }
    for (int l = 0; l <= LB_FIRE_LOSS_MAX; l++)
        o->p_loss[l] = lb_frac_make(counts[l], 36);
    share_losses(s, o);
    trace_distribution(s, o, t);

    /* R-FIRE-15: a natural roll in the leader casualty band, with a leader in the hex */
    if (o->nleaders && fc->has_casualty && fc->casualty_fire_lo) {
        int rolls = lb_roll_index(fc->casualty_fire_hi) - lb_roll_index(fc->casualty_fire_lo) + 1;
        o->p_casualty = lb_frac_make(rolls, 36);
        lb_trace_add(t, "R-FIRE-15", "(21)", "%d leader%s in the hex: a natural %d-%d calls for a "
                     "leader casualty check, %s", o->nleaders, o->nleaders == 1 ? "" : "s",
                     fc->casualty_fire_lo, fc->casualty_fire_hi,
                     lb_frac_fmt(o->p_casualty, pbuf, sizeof pbuf));
        trace_frac(t, "p_casualty", o->p_casualty);
    } else {
        o->p_casualty = lb_frac_int(0);
    }
    o->allowed = 1;
    return LB_OK;
}

/* ---- the dice --------------------------------------------------------------------------- */

/* R-FIRE-15: one leader's casualty die, re-rolled while the result is one fire does not keep. */
static int roll_casualty(const lb_state *s, const lb_fire_chance *o, int leader, lb_dice *dice,
                         lb_fire_casualty *c, lb_trace *t)
{
    const lb_fire_charts *fc = s->charts.fire;
    c->leader = leader;
    for (;;) {
        if (lb_dice_d6(dice, "leader casualty", &c->die) != 0)
            return LB_DICE;
        for (int i = 0; i < fc->ncasualty; i++)
            if (c->die >= fc->casualty[i].lo && c->die <= fc->casualty[i].hi)
                c->entry = &fc->casualty[i];
        lb_trace_add(t, "R-FIRE-15", "(7)", "leader casualty die for %s: %d, %s%s%s%s",
                     s->units[leader].id, c->die, lb_casualty_kind_name(c->entry->result),
                     c->entry->wound ? " (" : "", c->entry->wound ? c->entry->wound : "",
                     c->entry->wound ? ")" : "");
        lb_trace_die(t, "leader casualty", c->die);
        if (!c->entry->reroll_if_fire)
            break;
        c->rerolls++;
        lb_trace_add(t, "R-FIRE-15", "(7)", "a casualty from fire rolls again on %d", c->die);
    }
    for (int i = 0; i < c->entry->hours_out_dice; i++) {
        int d;
        if (lb_dice_d6(dice, "leader hours out", &d) != 0)
            return LB_DICE;
        c->hours += d;
        lb_trace_die(t, "leader hours out", d);
    }
    if (c->entry->hours_out_dice)
        lb_trace_add(t, "R-FIRE-15", "(7)", "%s is out for %d hours", s->units[leader].id,
                     c->hours);
    if (c->entry->hex_morale_check) {
        for (int j = 0; j < o->nunits; j++)
            c->checks[c->nchecks++] = o->units[j].unit;
        lb_trace_add(t, "R-FIRE-15", "(7)", "%d unit%s of his hex check%s morale, less his "
                     "morale bonus %d (left to the leader casualty rule)", c->nchecks,
                     c->nchecks == 1 ? "" : "s", c->nchecks == 1 ? "s" : "",
                     lb_unit_bonus(&s->units[leader], "morale"));
    }
    return LB_OK;
}

/* R-FIRE-7, R-FIRE-13..15, R-DICE-2, R-DICE-3 */
int lb_fire_resolve(const lb_state *s, int unit, lb_hex target, lb_dice *dice, lb_fire_result *r,
                    lb_trace *t)
{
    memset(r, 0, sizeof *r);
    lb_fire_chance *o = &r->odds;
    int rc = lb_fire_odds(s, unit, target, o, t);
    if (rc != LB_OK || !o->allowed)
        return rc;
    if (lb_dice_roll(dice, "fire", &r->roll) != 0)
        return LB_DICE;
    r->modified = lb_roll_add(r->roll, o->massed);
    r->loss = o->loss[lb_roll_index(r->roll)];
    lb_trace_add(t, "R-FIRE-7", "(21)", "fire roll %d %+d = %d in column %s: %d increment%s lost",
                 r->roll, o->massed, r->modified, o->column ? o->column->label : "none", r->loss,
                 r->loss == 1 ? "" : "s");
    lb_trace_roll(t, "fire", r->roll);
    lb_trace_int(t, "modified", r->modified);
    lb_trace_int(t, "loss", r->loss);

    r->nhits = o->nunits;
    for (int j = 0; j < o->nunits; j++) {
        const lb_fire_target *tu = &o->units[j];
        lb_fire_hit *h = &r->hits[j];
        h->unit = tu->unit;
        h->loss = tu->loss[r->loss];
        h->eliminated = h->loss >= tu->strength;
        h->check = tu->check[r->loss];
        if (!h->loss)
            continue;
        lb_trace_add(t, "R-FIRE-13", "(21)", "%s loses %d increment%s (%d to %d)%s",
                     s->units[tu->unit].id, h->loss, h->loss == 1 ? "" : "s",
                     s->units[tu->unit].losses + 1, s->units[tu->unit].losses + h->loss,
                     h->eliminated ? ": eliminated" : h->check ? ": a morale check" : "");
        lb_trace_text(t, "unit", s->units[tu->unit].id);
        lb_trace_int(t, "loss", h->loss);
        lb_trace_bool(t, "check", h->check);
    }
    for (int j = 0; j < r->nhits; j++) {
        lb_fire_hit *h = &r->hits[j];
        if (!h->check)
            continue;
        rc = lb_morale_resolve(s, h->unit, LB_CHECK_ORDINARY, NULL, 0, dice, &h->morale, t);
        if (rc != LB_OK)
            return rc;
    }

    const lb_fire_charts *fc = s->charts.fire;
    r->casualty = o->nleaders && fc->has_casualty && fc->casualty_fire_lo &&
                  lb_roll_index(r->roll) >= lb_roll_index(fc->casualty_fire_lo) &&
                  lb_roll_index(r->roll) <= lb_roll_index(fc->casualty_fire_hi);
    for (int i = 0; r->casualty && i < o->nleaders; i++) {
        rc = roll_casualty(s, o, o->leaders[i], dice, &r->casualties[r->ncasualties++], t);
        if (rc != LB_OK)
            return rc;
    }
    return LB_OK;
}

/* ---- changing the state ----------------------------------------------------------------- */

static void remove_unit(lb_state *s, int unit)
{
    memmove(&s->units[unit], &s->units[unit + 1],
            (size_t)(s->nunits - unit - 1) * sizeof *s->units);
    s->nunits--;
}

/* R-FIRE-13, R-FIRE-15, R-FIRE-17 */
int lb_fire_apply(lb_state *s, const lb_fire_result *r)
{
    if (!r->odds.allowed)
        return LB_OK;
    for (int j = 0; j < r->nhits; j++)
        if (r->hits[j].unit < 0 || r->hits[j].unit >= s->nunits ||
            !lb_unit_is_combat(&s->units[r->hits[j].unit]))
            return LB_INVALID;
    for (int i = 0; i < r->ncasualties; i++)
        if (r->casualties[i].leader < 0 || r->casualties[i].leader >= s->nunits)
            return LB_INVALID;
    char gone[LB_FIRE_UNITS_MAX * 2];
    int idx[LB_FIRE_UNITS_MAX * 2], ngone = 0;
    memset(gone, 0, sizeof gone);
    for (int j = 0; j < r->nhits; j++) {
        const lb_fire_hit *h = &r->hits[j];
        lb_unit *u = &s->units[h->unit];
        u->losses += h->loss;
        if (u->losses >= u->increments) {
            u->losses = u->increments;
            idx[ngone++] = h->unit;
            continue;
        }
        if (h->check) {
            int rc = lb_morale_apply(s, h->unit, &h->morale.outcome);
            if (rc != LB_OK)
                return rc;
        }
        /* R-FIRE-17: a line under 5 increments, a screen of 3 or fewer, stands in one hex */
        int n = lb_unit_strength(u);
        if (u->nhexes > 1 && ((u->formation == LB_FORM_LINE && n < 5) ||
                              (u->formation == LB_FORM_SKIRMISH && n <= 3)))
            u->nhexes = 1;
    }
    for (int i = 0; i < r->ncasualties; i++) {
        const lb_fire_casualty *c = &r->casualties[i];
        if (c->entry->result != LB_CASUALTY_WOUNDED || c->hours > 0)
            idx[ngone++] = c->leader;
    }
    /* remove from the highest index down, so the others keep theirs until removed */
    for (int pass = 0; pass < ngone; pass++) {
        int best = -1;
        for (int i = 0; i < ngone; i++)
            if (!gone[i] && (best < 0 || idx[i] > idx[best]))
                best = i;
        gone[best] = 1;
        remove_unit(s, idx[best]);
    }
    return lb_state_reindex(s);
}
