/* Stacking (T15-2, T15-19, T16-1..6): what a hex holds against its terrain's limit, and the over-stacking morale check (W31-3). */
#include <string.h>

#include "lb/core.h"
#include "state_types.h"
#include "stacking.h"
#include "apply_int.h"
#include "stack_events.h"
#include "state_int.h"
#include "dice_int.h"
#include "trace_int.h"
#include "morale_int.h"
#include "stacking_int.h"
#include "unit_int.h"
#include "hex_int.h"

int lb_stack_share(const lb_unit *u, int k)
{
    int n = lb_unit_strength(u), h = u->nhexes > 0 ? u->nhexes : 1;
    return n / h + (k < n % h);
}

void lb_stack_add(lb_stack_count *c, const lb_unit *u, lb_formation f, int incr)
{
    if (!lb_unit_is_combat(u))
        return;
    c->units[u->arm]++;
    c->incr[u->arm] += incr;
    if (u->arm == LB_ARM_INFANTRY) {
        /* R-STACK-1: a regiment's battalions, shared among its hexes as its increments are */
        int n = lb_unit_strength(u), b = u->battalions > 1 ? u->battalions : 1;
        int share = n > 0 ? (b * incr + n - 1) / n : b;
        c->battalions += share > 0 ? share : 1;
    }
    if (f == LB_FORM_ROAD) {
        c->road_units++;
        c->road_incr += incr;
    }
    if (u->arm != LB_ARM_ARTILLERY)
        c->formations |= 1u << f;
}

void lb_stack_count_hex(const lb_state *st, lb_hex h, int skip, lb_stack_count *out)
{
    memset(out, 0, sizeof *out);
    const int *idx;
    int n = lb_state_units_at(st, h, &idx);
    for (int i = 0; i < n; i++) {
        const lb_unit *u = &st->units[idx[i]];
        if (idx[i] == skip || !lb_unit_is_combat(u))
            continue;
        for (int k = 0; k < u->nhexes; k++)
            if (lb_hex_eq(u->hexes[k], h))
                lb_stack_add(out, u, u->formation, lb_stack_share(u, k));
    }
}

static int within(int have, int cap)
{
    return cap == LB_STACK_ANY || have <= cap;
}

/* The alternative fits when every arm present is allowed there within its caps; an infantry cap
 * in battalions counts a regiment's battalions (R-STACK-1). */
static int alt_fits(const lb_stack_alt *a, const int units[3], const int incr[3], int battalions)
{
    for (int arm = 0; arm < 3; arm++) {
        if (units[arm] == 0)
            continue;
        int n = arm == LB_ARM_INFANTRY && a->battalions ? battalions : units[arm];
        if (a->units[arm] == 0 || !within(n, a->units[arm]) || !within(incr[arm], a->incr[arm]))
            return 0;
    }
    return 1;
}

/* One hex judged against its limit: where it is and what it holds, and where a refusal goes. */
typedef struct fit {
    const lb_state *st;
    const lb_stack_count *c;
    const char *tname;            /* its terrain */
    char label[LB_HEX_LABEL_MAX]; /* "" when not traced */
    const char **rule;
    lb_said *why;
    lb_trace *t;
} fit;

/* Traces why in the form at distance `form` from its kind (STACK_AT, STACK_OVERSTACKED): its
 * arguments, then the hex, then the ruling cited when there is one. */
static void trace_why(lb_trace *t, const char *rule, const char *section, const lb_said *why,
                      int form, const char *label, const char *cited)
{
    if (!lbi_trace_on(t))
        return;
    lb_event_arg args[LB_SAID_ARGS_MAX + 2];
    int n = why->nargs;
    memcpy(args, why->args, (size_t)n * sizeof *args);
    args[n++] = lbi_ev_label(label);
    if (cited)
        args[n++] = ev_text(cited);
    lbi_trace_event(t, rule, section, why->event + form, args, n);
}

/* The hex does not fit, for f->why (said): the ruling, and its step in the trace. */
static int refused(const fit *f, const char *rule, const char *section)
{
    *f->rule = rule;
    trace_why(f->t, rule, section, f->why, STACK_AT, f->label, NULL);
    return 0;
}

static lb_event_arg ev_form(int formation)
{
    return ev_text(lb_formation_name((lb_formation)formation));
}

/* R-STACK-2 (T16-1): one formation for the infantry and cavalry of a hex. */
static int one_formation(const fit *f)
{
    unsigned forms = f->c->formations;
    int first = 0;
    while (forms && !(forms & (1u << first)))
        first++;
    if (forms & (forms - 1)) {
        int second = first + 1;
        while (!(forms & (1u << second)))
            second++;
        LBI_SAY(f->why, EV_STACK_TWO_FORMATIONS, ev_form(first), ev_form(second));
        return refused(f, "R-STACK-2", "(16)");
    }
    const int *units = f->c->units;
    if (forms && units[0] + units[1] + units[2] > 1)
        LBI_EVENT(f->t, "R-STACK-2", "(16)", EV_STACK_ONE_FORMATION, lbi_ev_label(f->label),
                  ev_form(first), ev_int(units[LB_ARM_ARTILLERY] != 0));
    return 1;
}

/* R-STACK-3 (N10-2, T15-20): units in road march on a road or bridge have their own limit, a
 * unit alone too; they are all the hex's infantry and cavalry (T16-1), which the other limits
 * then leave out. */
static int road_march(const fit *f, const lb_stack_chart *sc, int units[3], int incr[3])
{
    const lb_stack_count *c = f->c;
    if (!c->road_units || sc->road_march_incr == LB_STACK_ANY)
        return 1;
    if (c->road_incr > sc->road_march_incr) {
        LBI_SAY(f->why, EV_STACK_ROAD_FULL, ev_text(f->tname), ev_int(sc->road_march_incr),
                ev_int(c->road_incr), ev_int(c->road_units));
        return refused(f, "R-STACK-3", "(15)");
    }
    LBI_EVENT(f->t, "R-STACK-3", "(15)", EV_STACK_ROAD_WITHIN, lbi_ev_label(f->label),
              ev_int(c->road_incr), ev_int(c->road_units), ev_int(sc->road_march_incr));
    for (int arm = 0; arm < 2; arm++)
        units[arm] = incr[arm] = 0;
    return 1;
}

/* The limit met, for the trace: by arm its units, whether they and the increments are capped,
 * and the increments. */
static void trace_within(const fit *f, const lb_stack_alt *a, const int units[3],
                         const int incr[3])
{
    lb_event_arg args[20] = {ev_text(f->tname)};
    for (int arm = 0; arm < 3; arm++) {
        args[1 + 2 * arm] = ev_int(units[arm]);
        args[2 + 2 * arm] = ev_int(incr[arm]);
        args[8 + 4 * arm] = ev_int(a->units[arm]);
        args[9 + 4 * arm] = ev_int(a->units[arm] != LB_STACK_ANY);
        args[10 + 4 * arm] = ev_int(a->incr[arm] != LB_STACK_ANY);
        args[11 + 4 * arm] = ev_int(a->incr[arm]);
    }
    args[7] = lbi_ev_label(f->label);
    lbi_trace_event(f->t, "R-STACK-1", "(10)", EV_STACK_WITHIN, args, 20);
}

/* R-STACK-1 (T15-2, T15-19): never more cavalry units than the terrain allows, and the hex fits
 * one of its alternatives. */
static int chart_limit(const fit *f, const lb_stack_chart *sc, const int units[3],
                       const int incr[3])
{
    if (sc->cavalry_units_max != LB_STACK_ANY && units[LB_ARM_CAVALRY] > sc->cavalry_units_max) {
        LBI_SAY(f->why, EV_STACK_CAVALRY_FULL, ev_text(f->tname), ev_int(sc->cavalry_units_max),
                ev_int(units[LB_ARM_CAVALRY]));
        return refused(f, "R-STACK-1", "(10)");
    }
    if (units[0] + units[1] + units[2] == 0)
        return 1;
    for (int k = 0; k < sc->nalts; k++)
        if (alt_fits(&sc->alts[k], units, incr, f->c->battalions)) {
            if (lbi_trace_on(f->t))
                trace_within(f, &sc->alts[k], units, incr);
            return 1;
        }
    LBI_SAY(f->why, EV_STACK_OVER_LIMIT, ev_text(f->tname), ev_int(units[0]), ev_int(incr[0]),
            ev_int(units[1]), ev_int(incr[1]), ev_int(units[2]), ev_int(incr[2]),
            ev_text(sc->note));
    return refused(f, "R-STACK-1", "(10)");
}

/* R-STACK-1..3; each ruling that decides is traced into t (NULL: none). */
static int fits(const lb_state *st, lb_hex h, const lb_stack_count *c, const char **rule,
                lb_said *why, lb_trace *t)
{
    const lb_map *m = &st->map;
    why->event = 0;
    if (!lb_map_contains(m, h))
        return 1;
    int t_id = m->terrain[lb_map_cell(m, h)];
    fit f = {st, c, st->charts.terrain[t_id].id, "", rule, why, t};
    if (t)
        lb_map_label(m, h, f.label);
    if (!one_formation(&f))
        return 0;
    const lb_move_charts *mc = st->charts.move;
    const lb_stack_chart *sc = mc ? &mc->stacking[t_id] : NULL;
    if (!sc || !sc->present) {
        LBI_EVENT(t, "R-STACK-1", "(10)", EV_STACK_NO_CHART, lbi_ev_label(f.label),
                  ev_text(f.tname));
        return 1;
    }
    int units[3], incr[3];
    memcpy(units, c->units, sizeof units);
    memcpy(incr, c->incr, sizeof incr);
    return road_march(&f, sc, units, incr) && chart_limit(&f, sc, units, incr);
}

int lb_stack_fits(const lb_state *st, lb_hex h, const lb_stack_count *c, const char **rule,
                  lb_said *why)
{
    return fits(st, h, c, rule, why, NULL);
}

int lb_stack_trace(const lb_state *st, lb_hex h, lb_trace *t)
{
    lb_stack_count c;
    lb_stack_count_hex(st, h, -1, &c);
    const char *rule;
    lb_said why;
    return fits(st, h, &c, &rule, &why, t);
}

/* ---- the over-stacking check (W31-3) ---------------------------------------------------- */

int lb_stack_overstack_odds(const lb_state *st, lb_hex h, lb_stack_check *out, lb_trace *t)
{
    memset(out, 0, sizeof *out);
    out->hex = h;
    out->generation = st->generation;
    lb_stack_count c;
    lb_stack_count_hex(st, h, -1, &c);
    char label[LB_HEX_LABEL_MAX];
    lb_map_label(&st->map, h, label);
    out->over = !lb_stack_fits(st, h, &c, &out->rule, &out->why);
    if (!out->over) {
        LBI_EVENT(t, "R-STACK-6", "(31)", EV_STACK_NO_CHECK, lbi_ev_label(label));
        return LB_OK;
    }
    trace_why(t, "R-STACK-6", "(31)", &out->why, STACK_OVERSTACKED, label, out->rule);
    const int *idx;
    int n = lb_state_units_at(st, h, &idx);
    for (int i = 0; i < n && out->nunits < LB_STACK_UNITS_MAX; i++) {
        if (!lb_unit_is_combat(&st->units[idx[i]]))
            continue;
        lb_stack_unit *su = &out->units[out->nunits++];
        su->unit = st->units[idx[i]].id;
        int rc = lb_morale_odds(st, idx[i], NULL, 0, &su->odds, t);
        if (rc != LB_OK)
            return rc;
    }
    return LB_OK;
}

int lb_stack_overstack_resolve(const lb_state *st, lb_hex h, lb_dice *dice, lb_stack_check *out,
                               lb_trace *t)
{
    int rc = lb_stack_overstack_odds(st, h, out, t);
    if (rc != LB_OK || !out->over)
        return rc;
    if (lb_dice_roll(dice, "over-stacking check", &out->roll) != 0)
        return LB_DICE;
    out->rolled = 1;
    LBI_EVENT(t, "R-STACK-6", "(31)", EV_STACK_ROLL, ev_roll(out->roll));
    lb_trace_roll(t, "over-stacking check", out->roll);
    for (int i = 0; i < out->nunits; i++) {
        lb_stack_unit *su = &out->units[i];
        int unit = lb_state_unit_index(st, su->unit);
        su->fails = !su->odds.passes[lb_roll_index(out->roll)];
        su->outcome = lb_morale_outcome_of(st, unit, LB_CHECK_ORDINARY, !su->fails, t);
    }
    return LB_OK;
}

int lb_stack_overstack_apply(lb_state *st, const lb_stack_check *c)
{
    if (c->generation != st->generation)
        return LB_STALE;
    if (!c->over || !c->rolled)
        return LB_OK;
    for (int i = 0; i < c->nunits; i++)
        if (lb_state_unit_index(st, c->units[i].unit) < 0)
            return LB_INVALID;
    int rc = LB_OK;
    for (int i = 0; i < c->nunits && rc == LB_OK; i++)
        if (c->units[i].fails)
            rc = lbi_morale_set(st, lb_state_unit_index(st, c->units[i].unit),
                                &c->units[i].outcome);
    lb_state_touch(st);
    return rc;
}
