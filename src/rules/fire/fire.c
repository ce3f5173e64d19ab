/* One unit's fire (21), (24)-(28): who may fire at a hex, from which of its hexes, with what value. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fire_int.h"
#include "lb/effects.h"
#include "lb/err.h"
#include "lb/facing.h"
#include "lb/los.h"
#include "lb/move_charts.h"
#include "names.h"

/* ---- helpers shared by the fire files ----------------------------------------------------- */

unsigned lbi_fi_bit(int dir)
{
    return 1u << (((dir % LB_DIR_COUNT) + LB_DIR_COUNT) % LB_DIR_COUNT);
}

char *lbi_fi_label(const lb_state *s, lb_hex h, char *buf)
{
    return lb_map_label(&s->map, h, buf);
}

void lbi_fi_append(char *buf, size_t n, const char *fmt, ...)
{
    size_t used = strlen(buf);
    if (used + 1 >= n)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf + used, n - used, fmt, ap);
    va_end(ap);
}

void lbi_fi_trace_frac(lb_trace *t, const char *key, lb_frac v)
{
    lb_trace_frac(t, key, (long)v.num, (long)v.den);
}

int lbi_fi_share(const lb_unit *u, int k)
{
    int n = lb_unit_strength(u), h = u->nhexes > 0 ? u->nhexes : 1;
    return n / h + (k < n % h);
}

int lbi_fi_hex_of(const lb_unit *u, lb_hex h)
{
    for (int k = 0; k < u->nhexes; k++)
        if (lb_hex_eq(u->hexes[k], h))
            return k;
    return -1;
}

void lbi_fi_troop_name(const lb_state *s, const lb_unit *u, char *buf, size_t n)
{
    const char *nn = lb_charts_nation_name(&s->charts, u->nation);
    const char *cn = lb_charts_class_name(&s->charts, u->nation, u->cls);
    snprintf(buf, n, "%s%s%s", nn ? nn : u->nation ? u->nation : lb_arm_name(u->arm),
             cn || u->cls ? " " : "", cn ? cn : u->cls ? u->cls : "");
}

int lbi_fi_exit_sides(lb_hex a, lb_hex b, int sides[2])
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

void lbi_fi_sides_text(const int *sides, int n, char *buf, size_t len)
{
    if (n == 1)
        snprintf(buf, len, "the %s hexside", lb_hex_dir_name(sides[0]));
    else
        snprintf(buf, len, "the corner of its %s and %s hexsides", lb_hex_dir_name(sides[0]),
                 lb_hex_dir_name(sides[1]));
}

/* ---- kinds ---------------------------------------------------------------------------------- */

static const char *const kind_names[] = {"offensive", "defensive", "opportunity"};

const char *lb_fire_kind_name(lb_fire_kind k)
{
    return (unsigned)k < 3 ? kind_names[k] : "?";
}

int lb_fire_kind_parse(const char *s)
{
    return lbi_name_index(s, kind_names, 3);
}

/* ---- the first stage: may it fire, and from where ------------------------------------------ */

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

/* The first combat unit of side `side` in h, or -1. */
static int top_of_side(const lb_state *s, lb_hex h, int side)
{
    const int *idx;
    int n = lb_state_units_at(s, h, &idx);
    for (int i = 0; i < n; i++)
        if (lb_unit_is_combat(&s->units[idx[i]]) && s->units[idx[i]].side == side)
            return idx[i];
    return -1;
}

int lbi_fi_open_terrain(const lb_state *s, lb_hex h)
{
    return s->charts.move->open[s->map.terrain[lb_map_cell(&s->map, h)]];
}

/* R-FIRE-25 (25), (16): a battery stacked with friendly infantry in carré. */
static int in_carre(const lb_state *s, const lb_unit *u)
{
    const int *idx;
    int n = lb_state_units_at(s, u->hexes[0], &idx);
    for (int i = 0; i < n; i++) {
        const lb_unit *o = &s->units[idx[i]];
        if (o->side == u->side && o->arm == LB_ARM_INFANTRY && o->formation == LB_FORM_CARRE)
            return 1;
    }
    return 0;
}

/* R-FIRE-2, R-FIRE-24 (24), (25): who of a firer's hex may fire besides the top unit. In column
 * or general order (or disorder) only the top combat unit fires, whatever else the hex holds; a
 * battery under infantry in column is silent. Outside open terrain only the top battery fires. */
static int stack_rules(const lb_state *s, const lb_unit *u, int unit, lb_fire_value *v,
                       lb_trace *t)
{
    char hl[LB_HEX_LABEL_MAX];
    lbi_fi_label(s, u->hexes[0], hl);
    int top = top_of_side(s, u->hexes[0], u->side);
    if (top != unit && (top_only(u) || top_only(&s->units[top]))) {
        const lb_unit *w = top_only(u) ? u : &s->units[top];
        return refuse(v, "R-FIRE-2", "(24)", t, "in %s only the top unit of hex %s fires, and %s "
                      "is on top", w->state == LB_STATE_DISORDERED ? "disorder"
                      : lb_formation_name(w->formation), hl, s->units[top].id);
    }
    if (top_only(u))
        lb_trace_add(t, "R-FIRE-2", "(24)", "%s is the top unit of hex %s", u->id, hl);
    if (!v->battery)
        return LB_OK;
    const int *idx;
    int n = lb_state_units_at(s, u->hexes[0], &idx), first = -1, others = 0;
    for (int i = 0; i < n; i++) {
        const lb_unit *o = &s->units[idx[i]];
        if (o->side != u->side || o->arm != LB_ARM_ARTILLERY)
            continue;
        if (first < 0)
            first = idx[i];
        others += idx[i] != unit;
    }
    if (!others)
        return LB_OK;
    if (lbi_fi_open_terrain(s, u->hexes[0])) {
        lb_trace_add(t, "R-FIRE-24", "(25)", "%s holds %d other batter%s of %s's side: in open "
                     "terrain every battery of a hex fires (25.1)", hl, others,
                     others == 1 ? "y" : "ies", u->id);
        return LB_OK;
    }
    if (first != unit)
        return refuse(v, "R-FIRE-24", "(25)", t, "outside clear terrain only the top battery "
                      "of hex %s fires, and %s is on top", hl, s->units[first].id);
    lb_trace_add(t, "R-FIRE-24", "(25)", "outside clear terrain only the top battery of hex %s "
                 "fires: %s is on top", hl, u->id);
    return LB_OK;
}

/* R-FIRE-18: a carré fires on enemy cavalry standing in its own hex (seed 001: the cavalry
 * moves on top of the carré and suffers its defensive fire). */
static int carre_on_cavalry(const lb_state *s, const lb_unit *u, lb_hex target)
{
    int enemy = lb_state_top_enemy(s, target, u->side);
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
    fh->increments = lbi_fi_share(u, k);
    fh->distance = lb_hex_distance(fh->hex, v->target);
    fh->in_range = fh->distance >= 1 && fh->distance <= v->range;
    lbi_fi_label(s, fh->hex, hl);
    lbi_fi_label(s, v->target, tl);
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
    fh->nexit = lbi_fi_exit_sides(fh->hex, v->target, fh->exit);
    unsigned front = v->in_carre ? 0x3f : lb_facing_fire_sides(u, k); /* R-FORM-1 */
    fh->front =
        (front & lbi_fi_bit(fh->exit[0])) && (fh->nexit == 1 || (front & lbi_fi_bit(fh->exit[1])));
    lbi_fi_sides_text(fh->exit, fh->nexit, st, sizeof st);
    if (v->in_carre)
        lb_trace_add(t, "R-FIRE-25", "(25)", "the sight line leaves %s by %s: a battery in a carré "
                     "fires all round", hl, st);
    else if (u->facing)
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

/* May a battery fire at hex h, as far as the target and its own hex go (R-FIRE-6, R-FIRE-8,
 * R-FIRE-10, R-LOS-12)? No trace. */
static int may_target(const lb_state *s, const lb_unit *u, const lb_fire_value *v, lb_hex h,
                      int *rc)
{
    int enemy = lb_state_top_enemy(s, h, u->side);
    if (enemy < 0 || lb_state_top_enemy(s, h, s->units[enemy].side) >= 0)
        return 0;
    lb_fire_value probe = *v;
    probe.target = h;
    lb_fire_hex fh;
    memset(&fh, 0, sizeof fh);
    *rc = judge_hex(s, u, &probe, 0, &fh, NULL);
    return *rc == LB_OK && fh.fires;
}

/* Candidates for a nearer target: a hex and its distance. */
typedef struct nearer_hex {
    lb_hex hex;
    int distance;
} nearer_hex;

static int by_distance(const void *a, const void *b)
{
    const nearer_hex *x = a, *y = b;
    if (x->distance != y->distance)
        return x->distance - y->distance;
    if (x->hex.col != y->hex.col)
        return x->hex.col - y->hex.col;
    return x->hex.row - y->hex.row;
}

/* R-FIRE-21 (26): a battery that fires offensively fires at the closest hex it may fire at;
 * among equally close ones the player chooses. Sets v->nearer to the nearest legal one that is
 * closer than the target, if any. */
static int closest_target(const lb_state *s, const lb_unit *u, lb_fire_value *v, lb_trace *t)
{
    nearer_hex *c = malloc(((size_t)s->nunits * LB_UNIT_MAX_HEXES + 1) * sizeof *c);
    if (!c)
        return LB_NOMEM;
    int n = 0, rc = LB_OK;
    for (int i = 0; i < s->nunits; i++) {
        const lb_unit *e = &s->units[i];
        if (e->side == u->side || !lb_unit_is_combat(e))
            continue;
        for (int k = 0; k < e->nhexes; k++) {
            int d = lb_hex_distance(u->hexes[0], e->hexes[k]);
            if (d >= 1 && d < v->distance && d <= v->range)
                c[n++] = (nearer_hex){e->hexes[k], d};
        }
    }
    qsort(c, (size_t)n, sizeof *c, by_distance);
    for (int i = 0; i < n && !v->has_nearer && rc == LB_OK; i++) {
        if (i > 0 && lb_hex_eq(c[i].hex, c[i - 1].hex))
            continue;
        if (may_target(s, u, v, c[i].hex, &rc)) {
            v->has_nearer = 1;
            v->nearer = c[i].hex;
        }
    }
    free(c);
    if (rc != LB_OK)
        return rc;
    char tl[LB_HEX_LABEL_MAX];
    if (!v->has_nearer)
        lb_trace_add(t, "R-FIRE-21", "(26)", "%s: no enemy hex nearer than %s (%d hex%s) that it "
                     "may fire at", u->id, lbi_fi_label(s, v->target, tl), v->distance,
                     v->distance == 1 ? "" : "es");
    return LB_OK;
}

/* The refusal when no hex of the unit fires: the reason of the hex that came nearest. */
static int refuse_hexes(const lb_state *s, const lb_unit *u, lb_fire_value *v, lb_trace *t)
{
    char hl[LB_HEX_LABEL_MAX], tl[LB_HEX_LABEL_MAX], bl[LB_HEX_LABEL_MAX], st[80];
    lbi_fi_label(s, v->target, tl);
    const lb_fire_hex *best = &v->hexes[0];
    for (int k = 1; k < v->nhexes; k++) {
        const lb_fire_hex *h = &v->hexes[k];
        int sh = h->in_range + h->front, sb = best->in_range + best->front;
        if (sh > sb || (sh == sb && h->distance < best->distance))
            best = h;
    }
    lbi_fi_label(s, best->hex, hl);
    if (!best->in_range)
        return refuse(v, "R-FIRE-6", "(24)", t, "out of range: %s is %d hex%s from %s, range %d",
                      tl, best->distance, best->distance == 1 ? "" : "es", hl, v->range);
    if (!best->front) {
        lbi_fi_sides_text(best->exit, best->nexit, st, sizeof st);
        return refuse(v, "R-FIRE-8", "(13)", t, "%s is not in front of %s: the sight line leaves "
                      "by %s, not through the front of %s facing %d", tl, hl, st,
                      lb_formation_name(u->formation), u->facing);
    }
    return refuse(v, "R-FIRE-6", "(23)", t, "no line of sight from %s to %s: blocked at %s", hl,
                  tl, lbi_fi_label(s, best->blocked_at, bl));
}

/* The charts' ranges of a battery's class, or NULL. */
static const lb_battery_range *battery_class(const lb_state *s, const lb_unit *u)
{
    return s->charts.fire ? lb_fire_charts_battery(s->charts.fire, u->nation, u->cls) : NULL;
}

/* R-FIRE-1, R-FIRE-19: the range a unit fires at. Defensive and opportunity fire reach the
 * adjacent hex only (27), (28), (24); offensive fire reaches the range printed on a battery's
 * counter, else its class's in the charts, else the fire multiple's. */
static void set_range(const lb_state *s, const lb_unit *u, const lb_fire_multiple *m,
                      lb_fire_value *v, lb_trace *t)
{
    if (v->kind != LB_FIRE_OFFENSIVE) {
        v->range = 1;
        lb_trace_add(t, "R-FIRE-19", "(27)", "%s fire: range 1 (the adjacent hex)",
                     lb_fire_kind_name(v->kind));
        lb_trace_int(t, "range", 1);
        return;
    }
    v->range = m ? m->range : 1;
    if (!v->battery)
        return;
    const lb_battery_range *b = battery_class(s, u);
    if (u->range) {
        v->range = u->range;
        lb_trace_add(t, "R-FIRE-19", "(26)", "%s: range %d, printed on the counter", u->id,
                     v->range);
    } else if (b) {
        v->range = b->range;
        lb_trace_add(t, "R-FIRE-19", "(26)", "%s: range %d, the charts' range of %s %s batteries "
                     "(artillery_fire)", u->id, v->range, u->nation, u->cls);
    } else {
        lb_trace_add(t, "R-FIRE-19", "(26)", "%s: range %d; the counter gives none, nor do the "
                     "charts for its class", u->id, v->range);
    }
    lb_trace_int(t, "range", v->range);
}

/* R-FIRE-20: close range (canister) and long range, by the distance the battery fires at. */
static void battery_bands(const lb_state *s, const lb_unit *u, lb_fire_value *v, lb_trace *t)
{
    const lb_battery_range *b = battery_class(s, u);
    const lb_fire_charts *fc = s->charts.fire;
    v->canister = b && v->distance <= b->canister;
    v->long_range = b && b->long_range && v->distance >= b->long_range && fc->has_long_times;
    if (v->long_range)
        v->times = lb_frac_mul(v->times, fc->long_times);
    if (!b)
        return;
    char mbuf[32];
    if (v->canister)
        lb_trace_add(t, "R-FIRE-20", "(26)", "%s at %d hex%s: close range (canister to %d)", u->id,
                     v->distance, v->distance == 1 ? "" : "es", b->canister);
    else if (v->long_range)
        lb_trace_add(t, "R-FIRE-20", "(26)", "%s at %d hexes: long range (from %d), its value "
                     "× %s", u->id, v->distance, b->long_range,
                     lb_frac_fmt(fc->long_times, mbuf, sizeof mbuf));
    else
        lb_trace_add(t, "R-FIRE-20", "(26)", "%s at %d hex%s: neither close (to %d) nor long "
                     "range", u->id, v->distance, v->distance == 1 ? "" : "es", b->canister);
    lb_trace_bool(t, "canister", v->canister);
    lb_trace_bool(t, "long_range", v->long_range);
}

/* R-FIRE-1..6, R-FIRE-8, R-FIRE-9, R-FIRE-16, R-FIRE-19..21, R-FIRE-24, R-FIRE-25 */
int lbi_fi_unit_judge(const lb_state *s, int unit, lb_hex target, lb_fire_kind kind,
                      lb_fire_value *v, lb_trace *t)
{
    memset(v, 0, sizeof *v);
    v->unit = unit;
    v->target = target;
    v->kind = kind;
    v->value = v->multiple = lb_frac_int(0);
    v->times = lb_frac_int(1);
    if (unit < 0 || unit >= s->nunits || !lb_map_contains(&s->map, target) ||
        (unsigned)kind > LB_FIRE_OPPORTUNITY)
        return LB_INVALID;
    const lb_unit *u = &s->units[unit];
    v->id = u->id;
    char hl[LB_HEX_LABEL_MAX], tl[LB_HEX_LABEL_MAX], name[96];
    lbi_fi_label(s, target, tl);
    lbi_fi_label(s, u->hexes[0], hl);
    lbi_fi_troop_name(s, u, name, sizeof name);
    lb_trace_add(t, "R-FIRE-6", "(21)", "%s (%s, %s, %s, %d of %d increments, %s side) fires at "
                 "hex %s (%s fire)", u->id, name, lb_formation_name(u->formation),
                 lb_morale_state_name(u->state), lb_unit_strength(u), u->increments,
                 s->sides[u->side], tl, lb_fire_kind_name(kind));
    lb_trace_text(t, "unit", u->id);
    lb_trace_text(t, "target", tl);
    lb_trace_text(t, "kind", lb_fire_kind_name(kind));

    /* R-FIRE-5: who may fire at all (the printed value is traced when it is used) */
    lb_effect e = lb_effects_fire(s, u, NULL);
    if (!e.allowed) {
        char why[LB_FIRE_REASON_MAX];
        lb_said_fmt(&e.why, why, sizeof why);
        return refuse(v, "R-FIRE-5", "(24)", t, "%s: %s", u->id, why);
    }

    /* R-FIRE-10: the target is a hex holding the enemy */
    int enemy = lb_state_top_enemy(s, target, u->side);
    if (enemy < 0)
        return refuse(v, "R-FIRE-10", "(21)", t, "hex %s holds no enemy combat unit", tl);
    /* R-LOS-12, R-FIRE-18: cavalry standing in an enemy carré's hex is a target only for that
     * carré; other units see it again once it leaves the hex (seed 004) */
    if (lb_state_top_enemy(s, target, s->units[enemy].side) >= 0 && !carre_on_cavalry(s, u, target))
        return refuse(v, "R-LOS-12", "(23)", t, "hex %s holds cavalry standing in a carré: it is "
                      "not a target for other units' fire until it leaves the carré's hex", tl);

    const lb_fire_multiple *m =
        lb_charts_fire_multiple(&s->charts, u->nation, u->cls, u->formation);
    v->battery = u->arm == LB_ARM_ARTILLERY && u->formation == LB_FORM_UNLIMBERED;
    if (u->state == LB_STATE_DISORDERED) {
        /* R-FIRE-9: a disordered unit fires in the formation disorder gives it (R-MOR-13):
         * infantry in column or general order (R-MOR-3), artillery in its own (R-MOR-6); disorder
         * never gives fire to a formation that has none, such as limbered guns */
        lb_formation as = lb_effects_formation(s, u, u->hexes[0]);
        const lb_fire_multiple *dm = lb_charts_fire_multiple(&s->charts, u->nation, u->cls, as);
        if (!dm)
            return refuse(v, "R-FIRE-9", "(24)", t, "disordered, %s is in %s, in which the charts "
                          "give %s no fire (charts fire_multiples)", u->id, lb_formation_name(as),
                          name);
        v->printed = 1;
        set_range(s, u, dm, v, t);
        lb_trace_add(t, "R-FIRE-5", "(24)", "disordered: fires at half its fire value");
        lb_trace_add(t, "R-FIRE-9", "(24)", "disordered: fires as a unit in %s, at its printed "
                     "value halved, range %d", lb_formation_name(as), v->range);
    } else if (!m) {
        return refuse(v, "R-FIRE-16", "(24)", t, "the charts give %s no fire multiple in %s "
                      "(charts fire_multiples)", name, lb_formation_name(u->formation));
    } else {
        v->printed = m->printed;
        v->per_hex = m->per_hex;
        v->multiple = m->printed ? lb_frac_int(0) : m->multiple;
        set_range(s, u, m, v, t);
        char mbuf[32];
        if (m->printed)
            lb_trace_add(t, "R-FIRE-2", "(24)", "%s in %s: fires its printed value, range %d",
                         name, lb_formation_name(u->formation), v->range);
        else
            lb_trace_add(t, u->formation == LB_FORM_SKIRMISH ? "R-FIRE-4" : "R-FIRE-3", "(24)",
                         "%s in %s: fire multiple ×%s, at most %d increments per hex, range %d",
                         name, lb_formation_name(u->formation),
                         lb_frac_fmt(m->multiple, mbuf, sizeof mbuf), m->per_hex, v->range);
        lbi_fi_trace_frac(t, "multiple", v->multiple);
        lb_trace_int(t, "per_hex", v->per_hex);
        lb_trace_int(t, "range", v->range);
    }

    int rc = stack_rules(s, u, unit, v, t);
    if (rc != LB_OK || v->rule)
        return rc;
    if (v->battery && in_carre(s, u)) {
        /* R-FIRE-25: a battery in a carré fires all round, at a third of its value */
        v->in_carre = 1;
        v->times = lb_frac_mul(v->times, lb_frac_make(1, 3));
        lb_trace_add(t, "R-FIRE-25", "(25)", "%s stands in a carré in %s: it fires all round, at "
                     "1/3 of its value", u->id, hl);
    }

    v->nhexes = u->nhexes;
    int any = 0;
    for (int k = 0; k < u->nhexes; k++) {
        rc = judge_hex(s, u, v, k, &v->hexes[k], t);
        if (rc != LB_OK)
            return rc;
        any |= v->hexes[k].fires;
        if (v->hexes[k].fires && (!v->distance || v->hexes[k].distance < v->distance))
            v->distance = v->hexes[k].distance;
    }
    if (!any)
        return refuse_hexes(s, u, v, t);
    if (v->battery) {
        battery_bands(s, u, v, t);
        if (v->kind == LB_FIRE_OFFENSIVE) {
            rc = closest_target(s, u, v, t);
            if (rc != LB_OK)
                return rc;
            char nl[LB_HEX_LABEL_MAX];
            if (v->has_nearer)
                return refuse(v, "R-FIRE-21", "(26)", t, "a battery fires at the closest target it "
                              "may fire at: %s is %d hex%s from %s, nearer than %s (%d)",
                              lbi_fi_label(s, v->nearer, nl), lb_hex_distance(u->hexes[0], v->nearer),
                              lb_hex_distance(u->hexes[0], v->nearer) == 1 ? "" : "es", hl, tl,
                              v->distance);
        } else {
            lb_trace_add(t, "R-FIRE-21", "(26)", "%s: %s fire reaches the adjacent hex only: the "
                         "closest-target rule is offensive fire's", u->id,
                         lb_fire_kind_name(v->kind));
        }
    }
    v->allowed = 1;
    return LB_OK;
}

/* ---- the second stage: the value ------------------------------------------------------------ */

/* R-FIRE-3, R-FIRE-4: increments times the multiple, hex by hex; the breakdown line. */
static void sum_multiples(const lb_state *s, const lb_unit *u, lb_fire_value *v, const int *caps,
                          lb_trace *t)
{
    char mbuf[32], vbuf[32], name[96], hl[LB_HEX_LABEL_MAX];
    int halved = 0;
    v->value = lb_frac_int(0);
    v->increments_firing = 0;
    for (int k = 0; k < v->nhexes; k++) {
        lb_fire_hex *fh = &v->hexes[k];
        fh->firing = 0;
        fh->value = lb_frac_int(0);
        if (!fh->fires)
            continue;
        fh->firing = fh->increments < v->per_hex ? fh->increments : v->per_hex;
        fh->capped = caps && caps[k] >= 0 && caps[k] < fh->firing;
        if (fh->capped)
            fh->firing = caps[k];
        fh->value = lb_frac_mul(lb_frac_int(fh->firing), v->multiple);
        /* R-FIRE-4: skirmishers beyond the adjacent hex fire at half value */
        fh->halved = u->formation == LB_FORM_SKIRMISH && fh->distance >= 2;
        if (fh->halved)
            fh->value = lb_frac_mul(fh->value, lb_frac_make(1, 2));
        halved |= fh->halved;
        v->increments_firing += fh->firing;
        v->value = lb_frac_add(v->value, fh->value);
        lb_trace_add(t, u->formation == LB_FORM_SKIRMISH ? "R-FIRE-4" : "R-FIRE-3", "(24)",
                     "%s: %d of its %d increments fire (at most %d per hex%s) × %s%s = %s",
                     lbi_fi_label(s, fh->hex, hl), fh->firing, fh->increments, v->per_hex,
                     fh->capped ? ", fewer with the guns of the hex (R-FIRE-24)" : "",
                     lb_frac_fmt(v->multiple, mbuf, sizeof mbuf),
                     fh->halved ? ", halved at 2 hexes" : "",
                     lb_frac_fmt(fh->value, vbuf, sizeof vbuf));
        lb_trace_int(t, "increments", fh->firing);
        lbi_fi_trace_frac(t, "value", fh->value);
    }
    /* "a + b increments × m": a halving that every firing hex shares is said once, after the
     * multiple; a screen with one hex at 2 hexes and one adjacent shows each hex's product */
    int mixed = 0;
    for (int k = 0; k < v->nhexes; k++)
        mixed |= v->hexes[k].fires && v->hexes[k].halved != halved;
    if (mixed)
        lb_trace_add(t, "R-FIRE-16", "(24)", "each hex of the screen is judged on its own distance: "
                     "only the hexes 2 or more hexes away fire at half value");
    lbi_fi_troop_name(s, u, name, sizeof name);
    lb_frac_fmt(v->multiple, mbuf, sizeof mbuf);
    snprintf(v->breakdown, sizeof v->breakdown, "%s, %d hex%s: ", lb_formation_name(u->formation),
             v->nhexes, v->nhexes == 1 ? "" : "es");
    for (int k = 0; k < v->nhexes; k++) {
        const lb_fire_hex *fh = &v->hexes[k];
        if (mixed)
            lbi_fi_append(v->breakdown, sizeof v->breakdown, "%s%d × %s%s", k ? " + " : "",
                          fh->firing, mbuf, fh->halved ? " ÷ 2" : "");
        else
            lbi_fi_append(v->breakdown, sizeof v->breakdown, "%s%d", k ? " + " : "", fh->firing);
    }
    if (!mixed)
        lbi_fi_append(v->breakdown, sizeof v->breakdown, " increments × %s%s", mbuf,
                      halved ? " ÷ 2" : "");
    lbi_fi_append(v->breakdown, sizeof v->breakdown, " (%s, %s%s) = %s", name,
                  lb_formation_name(u->formation), halved ? "; halved at 2 hexes" : "",
                  lb_frac_fmt(v->value, vbuf, sizeof vbuf));
}

/* R-FIRE-2, R-FIRE-5, R-FIRE-9: the printed value after losses and state (R-MOR-3, R-MOR-10). */
static void printed_value(const lb_unit *u, lb_fire_value *v, lb_trace *t)
{
    v->value = lb_effects_fire_exact(u, t).value;
    v->increments_firing = lb_unit_strength(u);
    snprintf(v->breakdown, sizeof v->breakdown, "%s: printed fire value %d",
             lb_formation_name(u->formation), u->fire);
    if (u->losses)
        lbi_fi_append(v->breakdown, sizeof v->breakdown, ", %d of %d increments lost (12)",
                      u->losses, u->increments);
    if (u->state == LB_STATE_DISORDERED)
        lbi_fi_append(v->breakdown, sizeof v->breakdown, ", halved (disordered)");
}

/* R-FIRE-2..4, R-FIRE-16, R-MOR-9: the value, rounded down once at the end when asked. */
void lbi_fi_unit_value(const lb_state *s, lb_fire_value *v, const int *caps, lb_trace *t)
{
    if (!v->allowed)
        return;
    const lb_unit *u = &s->units[v->unit];
    char vbuf[32];
    if (v->printed)
        printed_value(u, v, t);
    else
        sum_multiples(s, u, v, caps, t);
    if (lb_frac_cmp(v->times, lb_frac_int(1)) != 0) {
        /* R-FIRE-20, R-FIRE-25: the battery's range and carré multipliers */
        char tbuf[32], bbuf[32];
        lb_frac before = v->value;
        v->value = lb_frac_mul(v->value, v->times);
        lb_trace_add(t, v->long_range ? "R-FIRE-20" : "R-FIRE-25", "(26)", "%s: %s × %s%s%s = %s",
                     u->id, lb_frac_fmt(before, bbuf, sizeof bbuf),
                     lb_frac_fmt(v->times, tbuf, sizeof tbuf), v->long_range ? ", long range" : "",
                     v->in_carre ? ", in a carré" : "", lb_frac_fmt(v->value, vbuf, sizeof vbuf));
        lbi_fi_trace_frac(t, "times", v->times);
        if (v->printed)
            lbi_fi_append(v->breakdown, sizeof v->breakdown, " × %s (%s%s%s)", tbuf,
                          v->long_range ? "long range" : "",
                          v->long_range && v->in_carre ? ", " : "",
                          v->in_carre ? "in a carré" : "");
        else
            lbi_fi_append(v->breakdown, sizeof v->breakdown, ", × %s (%s%s%s) = %s", tbuf,
                          v->long_range ? "long range" : "",
                          v->long_range && v->in_carre ? ", " : "", v->in_carre ? "in a carré" : "",
                          vbuf);
    }
    if (v->printed)
        lbi_fi_append(v->breakdown, sizeof v->breakdown, " = %s",
                      lb_frac_fmt(v->value, vbuf, sizeof vbuf));
    if (s->fractions == LB_FRACTIONS_ROUND_DOWN && v->value.den != 1) {
        lb_frac down = lb_frac_int(lb_frac_floor(v->value));
        lbi_fi_append(v->breakdown, sizeof v->breakdown, ", rounded down to %lld", down.num);
        lb_trace_add(t, "R-MOR-9", "(24)", "fractions round down: fire value %s becomes %lld",
                     lb_frac_fmt(v->value, vbuf, sizeof vbuf), down.num);
        v->value = down;
    }
    if (v->value.num <= 0) {
        refuse(v, "R-FIRE-16", "(21)", t, "%s has a fire value of 0", u->id);
        return;
    }
    lb_trace_add(t, v->printed ? "R-FIRE-2" : u->formation == LB_FORM_SKIRMISH ? "R-FIRE-4"
                                                                              : "R-FIRE-3",
                 "(24)", "%s", v->breakdown);
    lbi_fi_trace_frac(t, "fire_value", v->value);
    lb_trace_int(t, "increments_firing", v->increments_firing);
}

int lb_fire_check(const lb_state *s, int unit, lb_hex target, lb_fire_kind kind,
                  lb_fire_value *out, lb_trace *t)
{
    int rc = lbi_fi_unit_judge(s, unit, target, kind, out, t);
    if (rc == LB_OK)
        lbi_fi_unit_value(s, out, NULL, t);
    return rc;
}
