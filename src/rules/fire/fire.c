/* One unit's fire (21), (24)-(28): who may fire at a hex, from which of its hexes, with what value. */
#include <stdlib.h>
#include <string.h>

#include "fire_int.h"
#include "effects.h"
#include "lb/core.h"
#include "rules_types.h"
#include "los.h"
#include "state_types.h"
#include "names.h"
#include "state_int.h"
#include "frac_int.h"
#include "hex_int.h"
#include "trace_int.h"
#include "charts_int.h"
#include "fire_charts_int.h"
#include "unit_int.h"
#include "facing_int.h"
#include "los_int.h"

/* ---- helpers shared by the fire files ----------------------------------------------------- */

unsigned lbi_fi_bit(int dir)
{
    return 1u << (((dir % LB_DIR_COUNT) + LB_DIR_COUNT) % LB_DIR_COUNT);
}

lb_event_arg lbi_fi_hex(const lb_state *s, lb_hex h)
{
    char label[LB_HEX_LABEL_MAX];
    return lbi_ev_label(lb_map_label(&s->map, h, label));
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

void lbi_fi_troop(const lb_state *s, const lb_unit *u, const char *troop[2])
{
    const char *nn = lb_charts_nation_name(&s->charts, u->nation);
    const char *cn = lb_charts_class_name(&s->charts, u->nation, u->cls);
    troop[0] = nn ? nn : u->nation ? u->nation : lb_arm_name(u->arm);
    troop[1] = cn ? cn : u->cls;
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

lb_event_arg lbi_fi_side(const int *sides, int n, int k)
{
    return ev_text(k < n ? lb_hex_dir_name(sides[k]) : NULL);
}

void lbi_fi_trace_refusal(lb_trace *t, const char *rule, const char *section,
                          const lb_said *why, int frame)
{
    if (!lbi_trace_on(t) || why->nargs < 1)
        return;
    lb_event_arg args[LB_SAID_ARGS_MAX];
    memcpy(args, why->args, (size_t)why->nargs * sizeof *args);
    args[0] = ev_phrase(FIRE_PH_FRAME, frame);
    lbi_trace_event(t, rule, section, why->event, args, why->nargs);
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

/* v is refused for what v->why says: the ruling, and its step in the trace. */
static int refused(lb_fire_value *v, const char *rule, const char *section, lb_trace *t)
{
    v->allowed = 0;
    v->rule = rule;
    v->value = lb_frac_int(0);
    lbi_fi_trace_refusal(t, rule, section, &v->why, FIRE_MAY_NOT);
    lb_trace_bool(t, "allowed", 0);
    return LB_OK;
}

/* Refuses v under a ruling, saying why: a refusal kind and its own arguments. */
#define REFUSE(v, rule, section, t, ...)                                                           \
    (FIRE_SAY(&(v)->why, __VA_ARGS__), refused((v), (rule), (section), (t)))

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

static lb_event_arg ev_formation(lb_formation f)
{
    return ev_text(lb_formation_name(f));
}

/* R-FIRE-2, R-FIRE-24 (24), (25): who of a firer's hex may fire besides the top unit. In column
 * or general order (or disorder) only the top combat unit fires, whatever else the hex holds; a
 * battery under infantry in column is silent. Outside open terrain only the top battery fires. */
static int stack_rules(const lb_state *s, const lb_unit *u, int unit, lb_fire_value *v,
                       lb_trace *t)
{
    lb_event_arg hex = lbi_fi_hex(s, u->hexes[0]);
    int top = top_of_side(s, u->hexes[0], u->side);
    if (top != unit && (top_only(u) || top_only(&s->units[top]))) {
        const lb_unit *w = top_only(u) ? u : &s->units[top];
        return REFUSE(v, "R-FIRE-2", "(24)", t, EV_FIRE_NOT_TOP,
                      ev_int(w->state == LB_STATE_DISORDERED), ev_formation(w->formation), hex,
                      ev_unit_id(s->units[top].id));
    }
    if (top_only(u))
        LBI_EVENT(t, "R-FIRE-2", "(24)", EV_FIRE_TOP, ev_unit_id(u->id), hex);
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
        LBI_EVENT(t, "R-FIRE-24", "(25)", EV_FIRE_BATTERIES_OPEN, hex, ev_int(others),
                  ev_unit_id(u->id));
        return LB_OK;
    }
    if (first != unit)
        return REFUSE(v, "R-FIRE-24", "(25)", t, EV_FIRE_NOT_TOP_BATTERY, hex,
                      ev_unit_id(s->units[first].id));
    LBI_EVENT(t, "R-FIRE-24", "(25)", EV_FIRE_TOP_BATTERY, hex, ev_unit_id(u->id));
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

/* R-FIRE-8 (13): the step saying where the sight line leaves a firing hex. */
static void trace_front(const lb_unit *u, const lb_fire_value *v, const lb_fire_hex *fh,
                        lb_event_arg hex, lb_trace *t)
{
    lb_event_arg side = lbi_fi_side(fh->exit, fh->nexit, 0);
    lb_event_arg corner = lbi_fi_side(fh->exit, fh->nexit, 1);
    if (v->in_carre)
        LBI_EVENT(t, "R-FIRE-25", "(25)", EV_FIRE_LEAVES_CARRE, hex, side, corner);
    else if (u->facing)
        LBI_EVENT(t, "R-FIRE-8", "(13)", EV_FIRE_LEAVES, hex, side, corner, ev_int(fh->front),
                  ev_formation(u->formation), ev_int(u->facing));
    else
        LBI_EVENT(t, "R-FIRE-8", "(13)", EV_FIRE_LEAVES_NO_FACING, hex, side, corner);
}

/* R-FIRE-1, R-FIRE-6, R-FIRE-8: range, front and LOS of one firing hex. */
static int judge_hex(const lb_state *s, const lb_unit *u, const lb_fire_value *v, int k,
                     lb_fire_hex *fh, lb_trace *t)
{
    fh->hex = u->hexes[k];
    fh->value = lb_frac_int(0);
    fh->increments = lbi_fi_share(u, k);
    fh->distance = lb_hex_distance(fh->hex, v->target);
    fh->in_range = fh->distance >= 1 && fh->distance <= v->range;
    if (fh->distance == 0 && carre_on_cavalry(s, u, v->target)) {
        /* R-FIRE-18: all round, at the cavalry in the carré's own hex; a hex sees itself */
        fh->in_range = fh->front = fh->los = fh->fires = 1;
        LBI_EVENT(t, "R-FIRE-18", "(38)", EV_FIRE_CARRE_ON_CAVALRY, ev_unit_id(u->id),
                  lbi_fi_hex(s, v->target));
        return LB_OK;
    }
    char hl[LB_HEX_LABEL_MAX] = "";
    if (lbi_trace_on(t))
        lb_map_label(&s->map, fh->hex, hl);
    LBI_EVENT(t, "R-FIRE-1", "(24)", EV_FIRE_RANGE, lbi_ev_label(hl), lbi_fi_hex(s, v->target),
              ev_int(fh->distance), ev_int(v->range), ev_int(fh->in_range));
    lb_trace_text(t, "hex", hl);
    lb_trace_int(t, "distance", fh->distance);
    lb_trace_int(t, "range", v->range);
    if (!fh->in_range)
        return LB_OK;
    fh->nexit = lbi_fi_exit_sides(fh->hex, v->target, fh->exit);
    unsigned front = v->in_carre ? 0x3f : lb_facing_fire_sides(u, k); /* R-FORM-1 */
    fh->front =
        (front & lbi_fi_bit(fh->exit[0])) && (fh->nexit == 1 || (front & lbi_fi_bit(fh->exit[1])));
    if (lbi_trace_on(t))
        trace_front(u, v, fh, lbi_ev_label(hl), t);
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
    if (!v->has_nearer)
        LBI_EVENT(t, "R-FIRE-21", "(26)", EV_FIRE_NONE_NEARER, ev_unit_id(u->id),
                  lbi_fi_hex(s, v->target), ev_int(v->distance));
    return LB_OK;
}

/* The refusal when no hex of the unit fires: the reason of the hex that came nearest. */
static int refuse_hexes(const lb_state *s, const lb_unit *u, lb_fire_value *v, lb_trace *t)
{
    const lb_fire_hex *best = &v->hexes[0];
    for (int k = 1; k < v->nhexes; k++) {
        const lb_fire_hex *h = &v->hexes[k];
        int sh = h->in_range + h->front, sb = best->in_range + best->front;
        if (sh > sb || (sh == sb && h->distance < best->distance))
            best = h;
    }
    lb_event_arg target = lbi_fi_hex(s, v->target), hex = lbi_fi_hex(s, best->hex);
    if (!best->in_range)
        return REFUSE(v, "R-FIRE-6", "(24)", t, EV_FIRE_OUT_OF_RANGE, target,
                      ev_int(best->distance), hex, ev_int(v->range));
    if (!best->front)
        return REFUSE(v, "R-FIRE-8", "(13)", t, EV_FIRE_NOT_IN_FRONT, target, hex,
                      lbi_fi_side(best->exit, best->nexit, 0),
                      lbi_fi_side(best->exit, best->nexit, 1), ev_formation(u->formation),
                      ev_int(u->facing));
    return REFUSE(v, "R-FIRE-6", "(23)", t, EV_FIRE_NO_LOS, hex, target,
                  lbi_fi_hex(s, best->blocked_at));
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
        LBI_EVENT(t, "R-FIRE-19", "(27)", EV_FIRE_RANGE_ADJACENT,
                  ev_text(lb_fire_kind_name(v->kind)));
        lb_trace_int(t, "range", 1);
        return;
    }
    v->range = m ? m->range : 1;
    if (!v->battery)
        return;
    const lb_battery_range *b = battery_class(s, u);
    if (u->range) {
        v->range = u->range;
        LBI_EVENT(t, "R-FIRE-19", "(26)", EV_FIRE_RANGE_PRINTED, ev_unit_id(u->id),
                  ev_int(v->range));
    } else if (b) {
        v->range = b->range;
        LBI_EVENT(t, "R-FIRE-19", "(26)", EV_FIRE_RANGE_CHARTS, ev_unit_id(u->id),
                  ev_int(v->range), ev_text(u->nation), ev_text(u->cls));
    } else {
        LBI_EVENT(t, "R-FIRE-19", "(26)", EV_FIRE_RANGE_DEFAULT, ev_unit_id(u->id),
                  ev_int(v->range));
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
    if (v->canister)
        LBI_EVENT(t, "R-FIRE-20", "(26)", EV_FIRE_CANISTER_RANGE, ev_unit_id(u->id),
                  ev_int(v->distance), ev_int(b->canister));
    else if (v->long_range)
        LBI_EVENT(t, "R-FIRE-20", "(26)", EV_FIRE_LONG_RANGE, ev_unit_id(u->id),
                  ev_int(v->distance), ev_int(b->long_range), fi_frac(fc->long_times));
    else
        LBI_EVENT(t, "R-FIRE-20", "(26)", EV_FIRE_MIDDLE_RANGE, ev_unit_id(u->id),
                  ev_int(v->distance), ev_int(b->canister));
    lb_trace_bool(t, "canister", v->canister);
    lb_trace_bool(t, "long_range", v->long_range);
}

/* R-FIRE-5, R-FIRE-10, R-LOS-12: may the unit fire at all, and is the hex a target. */
static int may_fire_at(const lb_state *s, const lb_unit *u, lb_fire_value *v, lb_trace *t)
{
    /* R-FIRE-5: who may fire at all (the printed value is traced when it is used); the
     * effects' why has one argument, the reason */
    lb_effect e = lb_effects_fire(s, u, NULL);
    if (!e.allowed)
        return REFUSE(v, "R-FIRE-5", "(24)", t, EV_FIRE_UNABLE, ev_unit_id(u->id), e.why.args[0]);

    /* R-FIRE-10: the target is a hex holding the enemy */
    int enemy = lb_state_top_enemy(s, v->target, u->side);
    if (enemy < 0)
        return REFUSE(v, "R-FIRE-10", "(21)", t, EV_FIRE_NO_ENEMY, lbi_fi_hex(s, v->target));
    /* R-LOS-12, R-FIRE-18: cavalry standing in an enemy carré's hex is a target only for that
     * carré; other units see it again once it leaves the hex (seed 004) */
    if (lb_state_top_enemy(s, v->target, s->units[enemy].side) >= 0 &&
        !carre_on_cavalry(s, u, v->target))
        return REFUSE(v, "R-LOS-12", "(23)", t, EV_FIRE_CAVALRY_IN_CARRE,
                      lbi_fi_hex(s, v->target));
    return LB_OK;
}

/* R-FIRE-2..4, R-FIRE-9, R-FIRE-16: the unit's fire multiple in its formation, or its printed
 * value, and its range (R-FIRE-19). */
static int fire_multiple(const lb_state *s, const lb_unit *u, lb_fire_value *v, lb_trace *t)
{
    const lb_fire_multiple *m =
        lb_charts_fire_multiple(&s->charts, u->nation, u->cls, u->formation);
    lb_event_arg troop = ev_text(v->troop[0]), cls = ev_text(v->troop[1]);
    if (u->state == LB_STATE_DISORDERED) {
        /* R-FIRE-9: a disordered unit fires in the formation disorder gives it (R-MOR-13):
         * infantry in column or general order (R-MOR-3), artillery in its own (R-MOR-6); disorder
         * never gives fire to a formation that has none, such as limbered guns */
        lb_formation as = lb_effects_formation(s, u, u->hexes[0]);
        const lb_fire_multiple *dm = lb_charts_fire_multiple(&s->charts, u->nation, u->cls, as);
        if (!dm)
            return REFUSE(v, "R-FIRE-9", "(24)", t, EV_FIRE_DISORDER_NO_FIRE, ev_unit_id(u->id),
                          ev_formation(as), troop, cls);
        v->printed = 1;
        set_range(s, u, dm, v, t);
        LBI_EVENT0(t, "R-FIRE-5", "(24)", EV_FIRE_HALF);
        LBI_EVENT(t, "R-FIRE-9", "(24)", EV_FIRE_AS_DISORDERED, ev_formation(as),
                  ev_int(v->range));
        return LB_OK;
    }
    if (!m)
        return REFUSE(v, "R-FIRE-16", "(24)", t, EV_FIRE_NO_MULTIPLE, troop, cls,
                      ev_formation(u->formation));
    v->printed = m->printed;
    v->per_hex = m->per_hex;
    v->multiple = m->printed ? lb_frac_int(0) : m->multiple;
    set_range(s, u, m, v, t);
    if (m->printed)
        LBI_EVENT(t, "R-FIRE-2", "(24)", EV_FIRE_PRINTED, troop, cls, ev_formation(u->formation),
                  ev_int(v->range));
    else
        LBI_EVENT(t, u->formation == LB_FORM_SKIRMISH ? "R-FIRE-4" : "R-FIRE-3", "(24)",
                  EV_FIRE_MULTIPLE, troop, cls, ev_formation(u->formation), fi_frac(m->multiple),
                  ev_int(m->per_hex), ev_int(v->range));
    lbi_fi_trace_frac(t, "multiple", v->multiple);
    lb_trace_int(t, "per_hex", v->per_hex);
    lb_trace_int(t, "range", v->range);
    return LB_OK;
}

/* R-FIRE-1, R-FIRE-6, R-FIRE-8: the hexes the unit fires from, each judged; its distance is its
 * nearest firing hex's. */
static int firing_hexes(const lb_state *s, const lb_unit *u, lb_fire_value *v, lb_trace *t)
{
    v->nhexes = u->nhexes;
    int any = 0;
    for (int k = 0; k < u->nhexes; k++) {
        int rc = judge_hex(s, u, v, k, &v->hexes[k], t);
        if (rc != LB_OK)
            return rc;
        any |= v->hexes[k].fires;
        if (v->hexes[k].fires && (!v->distance || v->hexes[k].distance < v->distance))
            v->distance = v->hexes[k].distance;
    }
    return any ? LB_OK : refuse_hexes(s, u, v, t);
}

/* R-FIRE-20, R-FIRE-21: a battery's range band, and the closest target it must fire at. */
static int battery_target(const lb_state *s, const lb_unit *u, lb_fire_value *v, lb_trace *t)
{
    battery_bands(s, u, v, t);
    if (v->kind != LB_FIRE_OFFENSIVE) {
        LBI_EVENT(t, "R-FIRE-21", "(26)", EV_FIRE_NOT_OFFENSIVE, ev_unit_id(u->id),
                  ev_text(lb_fire_kind_name(v->kind)));
        return LB_OK;
    }
    int rc = closest_target(s, u, v, t);
    if (rc != LB_OK || !v->has_nearer)
        return rc;
    return REFUSE(v, "R-FIRE-21", "(26)", t, EV_FIRE_NEARER, lbi_fi_hex(s, v->nearer),
                  ev_int(lb_hex_distance(u->hexes[0], v->nearer)), lbi_fi_hex(s, u->hexes[0]),
                  lbi_fi_hex(s, v->target), ev_int(v->distance));
}

/* What the breakdown shows of the unit, and the first step: who fires at what. */
static void firer(const lb_state *s, const lb_unit *u, lb_fire_value *v, lb_trace *t)
{
    v->id = u->id;
    v->formation = u->formation;
    lbi_fi_troop(s, u, v->troop);
    v->fire = u->fire;
    v->losses = u->losses;
    v->increments = u->increments;
    v->disordered = u->state == LB_STATE_DISORDERED;
    if (!lbi_trace_on(t))
        return;
    char tl[LB_HEX_LABEL_MAX];
    lb_map_label(&s->map, v->target, tl);
    LBI_EVENT(t, "R-FIRE-6", "(21)", EV_FIRE_FIRER, ev_unit_id(u->id), ev_text(v->troop[0]),
              ev_text(v->troop[1]), ev_formation(u->formation),
              ev_text(lb_morale_state_name(u->state)), ev_int(lb_unit_strength(u)),
              ev_int(u->increments), ev_text(s->sides[u->side]), lbi_ev_label(tl),
              ev_text(lb_fire_kind_name(v->kind)));
    lb_trace_text(t, "unit", u->id);
    lb_trace_text(t, "target", tl);
    lb_trace_text(t, "kind", lb_fire_kind_name(v->kind));
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
    firer(s, u, v, t);
    v->battery = u->arm == LB_ARM_ARTILLERY && u->formation == LB_FORM_UNLIMBERED;
    int rc = may_fire_at(s, u, v, t);
    if (rc == LB_OK && !v->rule)
        rc = fire_multiple(s, u, v, t);
    if (rc == LB_OK && !v->rule)
        rc = stack_rules(s, u, unit, v, t);
    if (rc != LB_OK || v->rule)
        return rc;
    if (v->battery && in_carre(s, u)) {
        /* R-FIRE-25: a battery in a carré fires all round, at a third of its value */
        v->in_carre = 1;
        v->times = lb_frac_mul(v->times, lb_frac_make(1, 3));
        LBI_EVENT(t, "R-FIRE-25", "(25)", EV_FIRE_IN_CARRE, ev_unit_id(u->id),
                  lbi_fi_hex(s, u->hexes[0]));
    }
    rc = firing_hexes(s, u, v, t);
    if (rc == LB_OK && !v->rule && v->battery)
        rc = battery_target(s, u, v, t);
    if (rc == LB_OK && !v->rule)
        v->allowed = 1;
    return rc;
}

/* ---- the second stage: the value ------------------------------------------------------------ */

/* R-FIRE-3, R-FIRE-4: increments times the multiple, hex by hex. */
static void sum_multiples(const lb_state *s, const lb_unit *u, lb_fire_value *v, const int *caps,
                          lb_trace *t)
{
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
        LBI_EVENT(t, u->formation == LB_FORM_SKIRMISH ? "R-FIRE-4" : "R-FIRE-3", "(24)",
                  EV_FIRE_HEX_VALUE, lbi_fi_hex(s, fh->hex), ev_int(fh->firing),
                  ev_int(fh->increments), ev_int(v->per_hex), ev_int(fh->capped),
                  fi_frac(v->multiple), ev_int(fh->halved), fi_frac(fh->value));
        lb_trace_int(t, "increments", fh->firing);
        lbi_fi_trace_frac(t, "value", fh->value);
    }
    /* a screen with one hex at 2 hexes and one adjacent: each hex's own distance */
    int mixed = 0;
    for (int k = 0; k < v->nhexes; k++)
        mixed |= v->hexes[k].fires && v->hexes[k].halved != halved;
    if (mixed)
        LBI_EVENT0(t, "R-FIRE-16", "(24)", EV_FIRE_SCREEN_MIXED);
}

/* R-FIRE-2, R-FIRE-5, R-FIRE-9: the printed value after losses and state (R-MOR-3, R-MOR-10). */
static void printed_value(const lb_unit *u, lb_fire_value *v, lb_trace *t)
{
    v->value = lb_effects_fire_exact(u, t).value;
    v->increments_firing = lb_unit_strength(u);
}

/* R-FIRE-2..4, R-FIRE-16, R-MOR-9: the value, rounded down once at the end when asked. */
void lbi_fi_unit_value(const lb_state *s, lb_fire_value *v, const int *caps, lb_trace *t)
{
    if (!v->allowed)
        return;
    const lb_unit *u = &s->units[v->unit];
    if (v->printed)
        printed_value(u, v, t);
    else
        sum_multiples(s, u, v, caps, t);
    v->sum = v->value;
    if (lb_frac_cmp(v->times, lb_frac_int(1)) != 0) {
        /* R-FIRE-20, R-FIRE-25: the battery's range and carré multipliers */
        v->value = lb_frac_mul(v->value, v->times);
        LBI_EVENT(t, v->long_range ? "R-FIRE-20" : "R-FIRE-25", "(26)", EV_FIRE_TIMES,
                  ev_unit_id(u->id), fi_frac(v->sum), fi_frac(v->times), ev_int(v->long_range),
                  ev_int(v->in_carre), fi_frac(v->value));
        lbi_fi_trace_frac(t, "times", v->times);
    }
    v->exact = v->value;
    if (s->fractions == LB_FRACTIONS_ROUND_DOWN && v->value.den != 1) {
        lb_frac down = lb_frac_int(lb_frac_floor(v->value));
        LBI_EVENT(t, "R-MOR-9", "(24)", EV_FIRE_ROUND_DOWN, fi_frac(v->value), ev_int(down.num));
        v->value = down;
    }
    if (v->value.num <= 0) {
        REFUSE(v, "R-FIRE-16", "(21)", t, EV_FIRE_ZERO, ev_unit_id(u->id));
        return;
    }
    if (lbi_trace_on(t)) {
        lb_event_arg args[FIRE_BREAKDOWN_ARGS];
        int kind = lbi_fi_breakdown(v, args);
        lbi_trace_event(t, v->printed ? "R-FIRE-2" : u->formation == LB_FORM_SKIRMISH ? "R-FIRE-4"
                                                                                      : "R-FIRE-3",
                        "(24)", kind, args, FIRE_BREAKDOWN_ARGS);
    }
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
