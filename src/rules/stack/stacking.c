/* Stacking (T15-2, T15-19, T16-1..6): what a hex holds against its terrain's limit, and the over-stacking morale check (W31-3). */
#include <stdio.h>
#include <string.h>

#include "lb/err.h"
#include "lb/move_charts.h"
#include "lb/stacking.h"
#include "apply_int.h"
#include "stack_events.h"

static const char *const arm_plural[3] = {"infantry", "cavalry", "artillery"};

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

/* The alternative fits when every arm present is allowed there within its caps. */
static int alt_fits(const lb_stack_alt *a, const int units[3], const int incr[3])
{
    for (int arm = 0; arm < 3; arm++) {
        if (units[arm] == 0)
            continue;
        if (a->units[arm] == 0 || !within(units[arm], a->units[arm]) ||
            !within(incr[arm], a->incr[arm]))
            return 0;
    }
    return 1;
}

static void describe(const int units[3], const int incr[3], char *buf, size_t n)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int arm = 0; arm < 3; arm++)
        if (units[arm] && used < n)
            used += (size_t)snprintf(buf + used, n - used, "%s%d %s unit%s (%d increments)",
                                     used ? ", " : "", units[arm], arm_plural[arm],
                                     units[arm] == 1 ? "" : "s", incr[arm]);
}

/* An alternative in words ("18 infantry increments", "1 infantry unit and 1 artillery unit"). */
static void describe_alt(const lb_stack_alt *a, char *buf, size_t n)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int arm = 0; arm < 3 && used < n; arm++) {
        if (a->units[arm] == 0)
            continue;
        const char *and = used ? " and " : "";
        if (a->units[arm] != LB_STACK_ANY && a->incr[arm] != LB_STACK_ANY)
            used += (size_t)snprintf(buf + used, n - used, "%s%d %s unit%s of %d increments", and,
                                     a->units[arm], arm_plural[arm], a->units[arm] == 1 ? "" : "s",
                                     a->incr[arm]);
        else if (a->units[arm] != LB_STACK_ANY)
            used += (size_t)snprintf(buf + used, n - used, "%s%d %s unit%s", and, a->units[arm],
                                     arm_plural[arm], a->units[arm] == 1 ? "" : "s");
        else if (a->incr[arm] != LB_STACK_ANY)
            used += (size_t)snprintf(buf + used, n - used, "%s%d %s increments", and, a->incr[arm],
                                     arm_plural[arm]);
        else
            used += (size_t)snprintf(buf + used, n - used, "%sany %s", and, arm_plural[arm]);
    }
}

/* Over the limit by ruling r of section sec: *rule, and why says what said does (when it is not
 * NULL); traced at h. 0. */
static int over(const lb_state *st, lb_hex h, const char **rule, const char *r, const char *sec,
                lb_said *why, const lb_said *said, lb_trace *t)
{
    *rule = r;
    if (why)
        *why = *said;
    if (t) {
        char label[LB_HEX_LABEL_MAX];
        lb_event_arg a[LB_SAID_ARGS_MAX + 2] = {lbi_ev_label(lb_map_label(&st->map, h, label)),
                                                ev_int(said->event)};
        memcpy(a + 2, said->args, (size_t)said->nargs * sizeof *a);
        lbi_trace_event(t, r, sec, EV_STACK_AT, a, said->nargs + 2);
    }
    return 0;
}

/* R-STACK-1..3; each ruling that decides is traced into t (NULL: none). */
static int fits(const lb_state *st, lb_hex h, const lb_stack_count *c, const char **rule,
                lb_said *why, lb_trace *t)
{
    const lb_map *m = &st->map;
    if (!lb_map_contains(m, h))
        return 1;
    int t_id = m->terrain[lb_map_cell(m, h)];
    const char *tname = st->charts.terrain[t_id].id;
    char label[LB_HEX_LABEL_MAX] = "";
    if (t)
        lb_map_label(m, h, label);
    lb_said said;
    unsigned f = c->formations;
    if (f & (f - 1)) {
        /* R-STACK-2 (T16-1): one formation for the infantry and cavalry of a hex */
        int a = -1, b = -1;
        for (int k = 0; k < LB_FORM_NONE; k++)
            if (f & (1u << k)) {
                if (a < 0)
                    a = k;
                else if (b < 0)
                    b = k;
            }
        LBI_SAY(&said, EV_STACK_FORMATIONS, ev_text(lb_formation_name((lb_formation)a)),
                ev_text(lb_formation_name((lb_formation)b)));
        return over(st, h, rule, "R-STACK-2", "(16)", why, &said, t);
    }
    int total = c->units[0] + c->units[1] + c->units[2];
    if (f && total > 1) {
        int form = 0;
        while (!(f & (1u << form)))
            form++;
        lb_trace_add(t, "R-STACK-2", "(16)", "%s: its infantry and cavalry stand in one formation, "
                     "%s%s (T16-1)", label, lb_formation_name((lb_formation)form),
                     c->units[LB_ARM_ARTILLERY] ? "; artillery stands with any" : "");
    }
    const lb_move_charts *mc = st->charts.move;
    const lb_stack_chart *sc = mc ? &mc->stacking[t_id] : NULL;
    if (!sc || !sc->present) {
        lb_trace_add(t, "R-STACK-1", "(10)", "%s: %s has no stacking chart: no limit", label, tname);
        return 1;
    }
    int units[3], incr[3];
    memcpy(units, c->units, sizeof units);
    memcpy(incr, c->incr, sizeof incr);
    if (c->road_units && sc->road_march_incr != LB_STACK_ANY) {
        /* R-STACK-3: units in road march on a road have their own limit; one alone always fits */
        if (c->road_units > 1 && c->road_incr > sc->road_march_incr) {
            LBI_SAY(&said, EV_STACK_ROAD_OVER, ev_text(tname), ev_int(sc->road_march_incr),
                    ev_int(c->road_incr), ev_int(c->road_units));
            return over(st, h, rule, "R-STACK-3", "(15)", why, &said, t);
        }
        if (c->road_units == 1)
            lb_trace_add(t, "R-STACK-3", "(15)", "%s: one unit alone in road march always fits "
                         "(%d increments; the limit of %d is for several, T15-20)", label,
                         c->road_incr, sc->road_march_incr);
        else
            lb_trace_add(t, "R-STACK-3", "(15)", "%s: %d increments in road march in %d units, "
                         "within %d (T15-20)", label, c->road_incr, c->road_units,
                         sc->road_march_incr);
        for (int arm = 0; arm < 2; arm++) {
            units[arm] = 0; /* the road-march units are all the hex's infantry and cavalry (T16-1) */
            incr[arm] = 0;
        }
    }
    if (sc->cavalry_units_max != LB_STACK_ANY && units[LB_ARM_CAVALRY] > sc->cavalry_units_max) {
        LBI_SAY(&said, EV_STACK_CAVALRY_OVER, ev_text(tname), ev_int(sc->cavalry_units_max),
                ev_int(units[LB_ARM_CAVALRY]));
        return over(st, h, rule, "R-STACK-1", "(10)", why, &said, t);
    }
    if (units[0] + units[1] + units[2] == 0)
        return 1;
    for (int k = 0; k < sc->nalts; k++)
        if (alt_fits(&sc->alts[k], units, incr)) {
            if (t) {
                char held[160], alt[160];
                describe(units, incr, held, sizeof held);
                describe_alt(&sc->alts[k], alt, sizeof alt);
                lb_trace_add(t, "R-STACK-1", "(10)", "%s: %s holds %s, within its limit (%s)",
                             label, tname, held, alt);
            }
            return 1;
        }
    LBI_SAY(&said, EV_STACK_OVER, ev_text(tname), ev_int(units[0]), ev_int(units[1]),
            ev_int(units[2]), ev_int(incr[0]), ev_int(incr[1]), ev_int(incr[2]), ev_text(sc->note));
    return over(st, h, rule, "R-STACK-1", "(10)", why, &said, t);
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
    return fits(st, h, &c, &rule, NULL, t);
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
        lb_trace_add(t, "R-STACK-6", "(31)", "%s is within its stacking limit: no check", label);
        return LB_OK;
    }
    if (t) {
        lb_event_arg a[LB_SAID_ARGS_MAX + 3] = {lbi_ev_label(label), ev_text(out->rule),
                                                ev_int(out->why.event)};
        memcpy(a + 3, out->why.args, (size_t)out->why.nargs * sizeof *a);
        lbi_trace_event(t, "R-STACK-6", "(31)", EV_STACK_OVER_CHECK, a, out->why.nargs + 3);
    }
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
    lb_trace_add(t, "R-STACK-6", "(31)", "the over-stacking roll: %d", out->roll);
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
