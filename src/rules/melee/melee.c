/* Melee values and odds (32.4, 33.9, 33.11, 34.1): each unit's value with every multiplier, the odds column, and the exact distribution of results with the pre-melee checks folded in. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "effects.h"
#include "state_types.h"
#include "casualty_int.h"
#include "melee_int.h"
#include "decision_int.h"
#include "dice_int.h"
#include "frac_int.h"
#include "trace_int.h"
#include "melee_charts_int.h"
#include "modifiers_int.h"
#include "morale_int.h"
#include "unit_int.h"
#include "hex_int.h"

static void trace_frac(lb_trace *t, const char *key, lb_frac v)
{
    lb_trace_frac(t, key, (long)v.num, (long)v.den);
}

/* ---- values ----------------------------------------------------------------------------- */

static void add_times(lb_melee_unit *mu, const char *rule, lb_melee_factor factor,
                      const char *what, lb_frac times, int lance, const char *uncertain)
{
    if (mu->ntimes < LB_MELEE_TIMES_MAX)
        mu->times[mu->ntimes++] = (lb_melee_times){rule, factor, what, times, lance, uncertain};
}

/* 6.2: does chart entry m hold for part i of c? Its own role is tested on the unit, the other
 * role on any unit of the other side (each with its own contact). */
static int multiplier_holds(const lb_state *s, const lb_melee_req *req, const lb_melee_chance *c,
                            const lb_melee_multiplier *m, int i)
{
    int attacking = c->units[i].side == LB_MELEE_ATTACKER;
    if (attacking != (m->side == LB_MELEE_ATTACKER))
        return 0;
    int lo = attacking ? c->nattackers : 0, hi = attacking ? c->nunits : c->nattackers;
    for (int j = lo; j < hi; j++) {
        lb_modifier_ctx x;
        lbi_mel_context(s, req, c, attacking ? i : j, attacking ? j : i, &x);
        if (lb_condition_holds(s, &m->when, &x))
            return 1;
    }
    return 0;
}

/* The factor the morale state put on the melee value (R-MOR-3..6): value / (printed x kept). */
static void state_times(const lb_unit *u, lb_frac before, lb_frac after, lb_melee_unit *mu)
{
    if (before.num == 0 || lb_frac_cmp(before, after) == 0)
        return;
    lb_frac f = lb_frac_div(after, before);
    if (u->state == LB_STATE_DISORDERED)
        add_times(mu, u->arm == LB_ARM_ARTILLERY ? "R-MOR-6" : "R-MOR-3", LB_MELEE_BY_DISORDER,
                  NULL, f, 0, NULL);
    else
        add_times(mu, u->arm == LB_ARM_CAVALRY ? "R-MOR-5" : "R-MOR-4", LB_MELEE_BY_ROUT, NULL, f,
                  0, NULL);
}

/* R-MOR-10, R-MOR-3..6: the printed value after the increments lost and the morale state
 * (mu->base), with their factors. */
static void base_value(const lb_state *s, const lb_unit *u, int attacking, lb_melee_unit *mu)
{
    lb_frac kept = lb_effects_losses(u, LB_VALUE_MELEE, NULL);
    lb_frac printed = lb_frac_mul(lb_frac_int(u->melee), kept);
    if (lb_frac_cmp(kept, lb_frac_int(1)) != 0)
        add_times(mu, "R-MOR-10", LB_MELEE_BY_LOSSES, NULL, kept, 0, NULL);
    lb_effect e = lb_effects_melee_unrounded(s, u, !attacking, NULL);
    mu->base = e.allowed ? e.value : lb_frac_int(0);
    state_times(u, printed, mu->base, mu);
}

/* R-MEL-13: value for the increments taking part only. */
static lb_frac taking_part(const lb_unit *u, lb_melee_unit *mu, lb_frac value)
{
    int strength = lb_unit_strength(u);
    if (strength <= 0 || mu->increments == strength)
        return value;
    lb_frac share = lb_frac_make(mu->increments, strength);
    add_times(mu, "R-MEL-13", LB_MELEE_BY_SHARE, NULL, share, 0, NULL);
    return lb_frac_mul(value, share);
}

/* R-MEL-14: do lancers get their lance bonus (assaulting in good order, not in column)? Then
 * *bonus is it after losses, once for each hex of a line taking part. */
static int lance_bonus(const lb_unit *u, int attacking, lb_hex target, lb_melee_unit *mu,
                       lb_frac *bonus)
{
    *bonus = lb_frac_int(0);
    if (!attacking || u->arm != LB_ARM_CAVALRY || u->lance <= 0 || u->state != LB_STATE_GOOD ||
        u->formation == LB_FORM_COLUMN)
        return 0;
    *bonus = lb_frac_mul(lb_frac_int(u->lance), lb_effects_losses(u, LB_VALUE_LANCE, NULL));
    int hexes = 0;
    for (int k = 0; k < u->nhexes; k++)
        hexes += lb_hex_distance(u->hexes[k], target) <= 1;
    if (u->formation == LB_FORM_LINE && hexes > 1) {
        add_times(mu, "R-MEL-14", LB_MELEE_BY_LINE, NULL, lb_frac_int(hexes), 1, NULL);
        *bonus = lb_frac_mul(*bonus, lb_frac_int(hexes));
    }
    return 1;
}

/* 6.2: the chart's multipliers that hold for part i, every one not replaced by another that
 * holds, on the value or on the lance bonus. */
static void chart_times(const lb_state *s, const lb_melee_req *req, lb_melee_chance *c, int i,
                        int lance, lb_frac *value, lb_frac *bonus)
{
    lb_melee_unit *mu = &c->units[i];
    const lb_melee_charts *mc = s->charts.melee;
    unsigned long long holds = 0, replaced = 0;
    for (int k = 0; mc && k < mc->nmultipliers; k++)
        if (multiplier_holds(s, req, c, &mc->multipliers[k], i)) {
            holds |= 1ull << k;
            replaced |= mc->multipliers[k].replaces;
        }
    for (int k = 0; mc && k < mc->nmultipliers; k++) {
        const lb_melee_multiplier *m = &mc->multipliers[k];
        if (!(holds & (1ull << k)) || (replaced & (1ull << k)) || (m->lance && !lance))
            continue;
        add_times(mu, "melee_multipliers", LB_MELEE_BY_CHART, m->id, m->times, m->lance,
                  m->uncertain);
        if (m->lance)
            *bonus = lb_frac_mul(*bonus, m->times);
        else
            *value = lb_frac_mul(*value, m->times);
    }
}

/* R-CHG-16: the melee multiplier the charge of attacker i owes. */
static lb_frac charge_times(const lb_melee_req *req, int i, lb_melee_unit *mu, lb_frac value)
{
    if (mu->side != LB_MELEE_ATTACKER || i >= req->nattackers || req->attackers[i].times.den <= 0 ||
        lb_frac_cmp(req->attackers[i].times, lb_frac_int(1)) == 0)
        return value;
    add_times(mu, "R-CHG-16", LB_MELEE_BY_CHARGE, NULL, req->attackers[i].times, 0, NULL);
    return lb_frac_mul(value, req->attackers[i].times);
}

/* The trace of a unit's value: its lance bonus, every factor, the value. */
static void trace_value(const lb_unit *u, const lb_melee_unit *mu, int lance, lb_trace *t)
{
    int attacking = mu->side == LB_MELEE_ATTACKER;
    lb_event_arg id = ev_unit_id(u->id);
    if (u->arm == LB_ARM_CAVALRY && u->lance > 0) {
        int why = !attacking ? MEL_LANCE_DEFENDS
                  : u->state != LB_STATE_GOOD ? MEL_LANCE_NOT_GOOD
                                              : MEL_LANCE_IN_COLUMN;
        if (lance)
            LBI_EVENT(t, "R-MEL-14", "(35)", EV_MEL_LANCE, id,
                      ev_text(lb_formation_name(u->formation)), ev_int(u->lance),
                      ev_exact(mu->lance));
        else
            LBI_EVENT(t, "R-MEL-14", "(35)", EV_MEL_NO_LANCE, id, ev_int(u->lance),
                      ev_phrase(MEL_PH_NO_LANCE, why));
        trace_frac(t, "lance", mu->lance);
    }
    for (int k = 0; k < mu->ntimes; k++) {
        const lb_melee_times *f = &mu->times[k];
        if (f->factor == LB_MELEE_BY_CHART)
            LBI_EVENT(t, "R-MEL-13", "(32)", EV_MEL_TIMES_CHART, id, ev_int(f->lance),
                      ev_exact(f->times), ev_text(f->what));
        else
            LBI_EVENT(t, "R-MEL-13", "(32)", EV_MEL_TIMES, id, ev_int(f->lance), ev_exact(f->times),
                      ev_text(f->rule), ev_phrase(MEL_PH_FACTOR, (int)f->factor));
        trace_frac(t, "times", f->times);
        if (f->uncertain)
            lb_trace_text(t, "uncertain", f->uncertain);
    }
    LBI_EVENT(t, "R-MEL-13", "(32)", EV_MEL_VALUE, ev_int(attacking), id, ev_exact(mu->value),
              ev_int(lance), ev_exact(mu->lance));
    lb_trace_text(t, "unit", u->id);
}

/* R-MEL-13, R-MEL-14: one unit's value; R-MOR-9: rounded down once when the rules say so. */
static void unit_value(const lb_state *s, const lb_melee_req *req, lb_melee_chance *c, int i,
                       lb_trace *t)
{
    lb_melee_unit *mu = &c->units[i];
    const lb_unit *u = &s->units[mu->unit];
    int attacking = mu->side == LB_MELEE_ATTACKER;
    mu->ntimes = 0;
    base_value(s, u, attacking, mu);
    lb_frac value = taking_part(u, mu, mu->base), bonus;
    int lance = lance_bonus(u, attacking, c->target, mu, &bonus);
    chart_times(s, req, c, i, lance, &value, &bonus);
    value = charge_times(req, i, mu, value);
    mu->lance = bonus;
    mu->value = lb_frac_add(value, bonus);
    trace_value(u, mu, lance, t);
    if (s->fractions == LB_FRACTIONS_ROUND_DOWN && mu->value.den != 1) {
        lb_frac down = lb_frac_int(lb_frac_floor(mu->value));
        LBI_EVENT(t, "R-MOR-9", "(12)", EV_MEL_ROUND_DOWN, ev_unit_id(u->id), ev_exact(mu->value),
                  ev_int(down.num));
        mu->value = down;
    }
    trace_frac(t, "melee", mu->value);
}

void lbi_mel_values(const lb_state *s, const lb_melee_req *req, lb_melee_chance *c, lb_trace *t)
{
    c->attack = c->defence = lb_frac_int(0);
    for (int i = 0; i < c->nunits; i++) {
        unit_value(s, req, c, i, t);
        if (c->units[i].side == LB_MELEE_ATTACKER)
            c->attack = lb_frac_add(c->attack, c->units[i].value);
        else
            c->defence = lb_frac_add(c->defence, c->units[i].value);
    }
    LBI_EVENT(t, "R-MEL-13", "(32)", EV_MEL_ATTACK_DEFENCE, ev_exact(c->attack),
              ev_exact(c->defence));
    trace_frac(t, "attack", c->attack);
    trace_frac(t, "defence", c->defence);
}

/* ---- leaders ---------------------------------------------------------------------------- */

static int has(const int *list, int n, int x)
{
    for (int i = 0; i < n; i++)
        if (list[i] == x)
            return 1;
    return 0;
}

int lbi_mel_leaders_of(const lb_state *s, const lb_melee_chance *c, lb_melee_side side, int *out,
                       int max)
{
    int n = 0;
    for (int i = 0; i < c->nunits; i++) {
        const lb_melee_unit *mu = &c->units[i];
        if (mu->side != side)
            continue;
        const lb_unit *u = &s->units[mu->unit];
        for (int k = 0; k < u->nhexes; k++) {
            lb_hex h = side == LB_MELEE_ATTACKER ? u->hexes[k] : c->target;
            const int *idx;
            int m = lb_state_units_at(s, h, &idx);
            for (int j = 0; j < m; j++) {
                const lb_unit *l = &s->units[idx[j]];
                if (l->arm == LB_ARM_LEADER && l->side == u->side && n < max &&
                    !has(out, n, idx[j]))
                    out[n++] = idx[j];
            }
        }
    }
    return n;
}

/* The best melee bonus among the leaders of one side, its leader into *who (-1: none). */
static int best_bonus(const lb_state *s, const int *leaders, int n, int *who)
{
    int best = 0;
    *who = -1;
    for (int i = 0; i < n; i++) {
        int b = lb_unit_bonus(&s->units[leaders[i]], "melee");
        if (*who < 0 || b > best) {
            best = b;
            *who = leaders[i];
        }
    }
    return best;
}

/* R-MEL-16 */
void lbi_mel_leaders(const lb_state *s, lb_melee_chance *c, lb_trace *t)
{
    int att[LB_MELEE_UNITS_MAX], def[LB_MELEE_UNITS_MAX];
    int na = lbi_mel_leaders_of(s, c, LB_MELEE_ATTACKER, att, LB_MELEE_UNITS_MAX);
    int nd = lbi_mel_leaders_of(s, c, LB_MELEE_DEFENDER, def, LB_MELEE_UNITS_MAX);
    int ab = best_bonus(s, att, na, &c->attacker_leader);
    int db = best_bonus(s, def, nd, &c->defender_leader);
    c->modifier = ab - db;
    if (na || nd) {
        LBI_EVENT(t, "R-MEL-16", "(7)", EV_MEL_LEADERS, ev_int(ab),
                  ev_unit_id(na ? s->units[c->attacker_leader].id : ""), ev_int(db),
                  ev_unit_id(nd ? s->units[c->defender_leader].id : ""), ev_int(c->modifier));
        lb_trace_int(t, "modifier", c->modifier);
    }
}

int lbi_mel_preserve_standing(const lb_melee_req *req, const char *id)
{
    lb_decision d = {.kind = LB_DECIDE_PRESERVE};
    snprintf(d.subject, sizeof d.subject, "%s", id);
    lb_option opts[2] = {{.key = "full"}, {.key = "preserve"}};
    d.options = opts;
    d.noptions = 2;
    return lb_decision_standing(&d, req->standing, req->nstanding) == 1;
}

/* ---- exact odds ------------------------------------------------------------------------- */

static void add_outcome(lb_melee_chance *c, const char *result, lb_frac p)
{
    if (p.num == 0)
        return;
    for (int i = 0; i < c->noutcomes; i++)
        if (strcmp(c->outcomes[i].result, result) == 0) {
            c->outcomes[i].p = lb_frac_add(c->outcomes[i].p, p);
            return;
        }
    if (c->noutcomes == LB_MELEE_OUTCOMES_MAX)
        return; /* at most 36 cells and two pre-melee ends: never reached */
    lb_melee_outcome *o = &c->outcomes[c->noutcomes++];
    snprintf(o->result, sizeof o->result, "%s", result);
    o->p = p;
}

/* The index of the column attack : defence reads (ncolumns: none, no effect). */
static int column_index(const lb_state *s, lb_frac attack, lb_frac defence)
{
    const lb_melee_charts *mc = s->charts.melee;
    int below, above;
    const lb_melee_column *col = lb_melee_charts_column(mc, attack, defence, &below, &above);
    return col ? (int)(col - mc->columns) : mc->ncolumns;
}

static int same_cell(const lb_melee_cell *a, const lb_melee_cell *b)
{
    return a->code == b->code && a->att == b->att && a->def == b->def &&
           a->att_check == b->att_check && a->def_check == b->def_check;
}

/* The 36 rolls of each column read, weighted by the chance it is read (no column: NE); rolls
 * that read the same result are counted together. */
static void add_rolls(const lb_state *s, lb_melee_chance *c, const lb_frac *p_column)
{
    const lb_melee_charts *mc = s->charts.melee;
    static const lb_melee_cell none = {.code = LB_MELEE_NE};
    for (int k = 0; k <= mc->ncolumns; k++) {
        if (p_column[k].num == 0)
            continue;
        const lb_melee_cell *seen[36];
        int count[36], n = 0;
        for (int r = 0; r < 36; r++) {
            int m = r + c->modifier;
            m = m < 0 ? 0 : m > 35 ? 35 : m;
            const lb_melee_cell *cell = k == mc->ncolumns ? &none : &mc->columns[k].cell[m];
            int g = 0;
            while (g < n && !same_cell(seen[g], cell))
                g++;
            if (g == n) {
                seen[n] = cell;
                count[n++] = 0;
            }
            count[g]++;
        }
        for (int g = 0; g < n; g++) {
            char buf[24];
            add_outcome(c, lb_melee_cell_fmt(seen[g], buf, sizeof buf),
                        lb_frac_mul(p_column[k], lb_frac_make(count[g], 36)));
        }
    }
}

/* The chance of a unit's check: pass or fail. */
static lb_frac chance_of(const lb_melee_unit *mu, int pass)
{
    return pass ? mu->chance.p_pass : lb_frac_sub(lb_frac_int(1), mu->chance.p_pass);
}

static int by_chance(const void *a, const void *b)
{
    const lb_melee_outcome *x = a, *y = b;
    int c = lb_frac_cmp(y->p, x->p);
    return c ? c : strcmp(x->result, y->result);
}

/* R-MEL-12: a defender whose failed check leaves it where it is (a routed unit stays routed, in
 * place, and fights on), so that its check cannot change the melee. */
static int fails_in_place(const lb_state *s, const lb_melee_unit *mu)
{
    return mu->side == LB_MELEE_DEFENDER &&
           !lb_morale_outcome_of(s, mu->unit, LB_CHECK_ORDINARY, 0, NULL).moves;
}

/* R-MEL-23: every way the checks can fall, each giving a column; then the 36 rolls of each. A
 * check whose failure changes nothing (fails_in_place) counts as the unit staying. */
static void distribution(const lb_state *s, lb_melee_chance *c, lb_trace *t)
{
    int dchk[LB_MELEE_UNITS_MAX], achk[LB_MELEE_UNITS_MAX], nd = 0, na = 0;
    lb_frac dfixed = lb_frac_int(0), afixed = lb_frac_int(0);
    int dstay = 0, astay = 0;
    for (int i = 0; i < c->nunits; i++) {
        const lb_melee_unit *mu = &c->units[i];
        int att = mu->side == LB_MELEE_ATTACKER;
        int in_place = mu->checks && fails_in_place(s, mu);
        if (in_place)
            LBI_EVENT(t, "R-MEL-12", "(33)", EV_MEL_FAILS_IN_PLACE,
                      ev_unit_id(s->units[mu->unit].id),
                      ev_text(lb_morale_state_name(s->units[mu->unit].state)));
        if (mu->checks && !(att && c->attackers_pass) && !in_place) {
            if (att)
                achk[na++] = i;
            else
                dchk[nd++] = i;
        } else if (att) {
            afixed = lb_frac_add(afixed, mu->value);
            astay++;
        } else {
            dfixed = lb_frac_add(dfixed, mu->value);
            dstay++;
        }
    }
    lb_frac p_column[LB_MELEE_COLUMNS_MAX + 1];
    for (int k = 0; k <= LB_MELEE_COLUMNS_MAX; k++)
        p_column[k] = lb_frac_int(0);
    c->p_melee = lb_frac_int(0);
    for (unsigned dm = 0; dm < (1u << nd); dm++) {
        lb_frac p = lb_frac_int(1), defence = dfixed;
        int dleft = dstay;
        for (int k = 0; k < nd; k++) {
            int pass = (dm >> k) & 1;
            p = lb_frac_mul(p, chance_of(&c->units[dchk[k]], pass));
            if (pass) {
                defence = lb_frac_add(defence, c->units[dchk[k]].value);
                dleft++;
            }
        }
        if (p.num == 0)
            continue;
        if (!dleft) {
            add_outcome(c, "DEFENDER_FAILS", p);
            continue;
        }
        for (unsigned am = 0; am < (1u << na); am++) {
            lb_frac q = p, attack = afixed;
            int aleft = astay;
            for (int k = 0; k < na; k++) {
                int pass = (am >> k) & 1;
                q = lb_frac_mul(q, chance_of(&c->units[achk[k]], pass));
                if (pass) {
                    attack = lb_frac_add(attack, c->units[achk[k]].value);
                    aleft++;
                }
            }
            if (q.num == 0)
                continue;
            if (!aleft) {
                add_outcome(c, "ATTACKER_FAILS", q);
                continue;
            }
            int k = column_index(s, attack, defence);
            p_column[k] = lb_frac_add(p_column[k], q);
            c->p_melee = lb_frac_add(c->p_melee, q);
        }
    }
    add_rolls(s, c, p_column);
    qsort(c->outcomes, (size_t)c->noutcomes, sizeof *c->outcomes, by_chance);
}

int lbi_mel_used_leader(const lb_state *s, const lb_melee_chance *c, lb_melee_side side,
                        const int *leaders, int n)
{
    int who = side == LB_MELEE_ATTACKER ? c->attacker_leader : c->defender_leader;
    if (who < 0 || lb_unit_bonus(&s->units[who], "melee") == 0)
        return -1; /* no bonus modified the roll */
    for (int i = 0; i < n; i++)
        if (leaders[i] == who)
            return i;
    return -1;
}

/* 33.12, R-MEL-16, R-CAS-1: a natural roll in a casualty band, with a leader on that side; each
 * of that side's leaders may be the one. */
static void casualty_odds(const lb_state *s, lb_melee_chance *c)
{
    const lb_fire_charts *fc = s->charts.fire;
    c->p_attacker_casualty = c->p_defender_casualty = lb_frac_int(0);
    c->ncasualty = 0;
    if (!fc || !fc->has_casualty)
        return;
    for (int side = 0; side < 2; side++) {
        int lo = side ? fc->casualty_defender_lo : fc->casualty_attacker_lo;
        int hi = side ? fc->casualty_defender_hi : fc->casualty_attacker_hi;
        int leaders[LB_MELEE_UNITS_MAX];
        int n = lo ? lbi_mel_leaders_of(s, c, (lb_melee_side)side, leaders,
                                        LB_MELEE_UNITS_MAX - c->ncasualty)
                   : 0;
        if (!n)
            continue;
        lb_frac p = lb_frac_mul(c->p_melee,
                                lb_frac_make(lb_roll_index(hi) - lb_roll_index(lo) + 1, 36));
        *(side ? &c->p_defender_casualty : &c->p_attacker_casualty) = p;
        int used = lbi_mel_used_leader(s, c, (lb_melee_side)side, leaders, n);
        for (int i = 0; i < n; i++)
            c->casualty[c->ncasualty++] = (lb_melee_casualty){
                leaders[i], (lb_melee_side)side, lb_frac_mul(p, lbi_casualty_share(n, used, i))};
    }
}

/* R-MEL-1..16, R-MEL-23 */
int lb_melee_odds(const lb_state *s, const lb_melee_req *req, lb_melee_chance *c, lb_trace *t)
{
    memset(c, 0, sizeof *c);
    int rc = lbi_mel_declare(s, req, c, t);
    if (rc != LB_OK || !c->allowed)
        return rc;
    const lb_melee_charts *mc = s->charts.melee;
    if (!mc || !mc->has_table)
        return lbi_mel_refuse(c, "R-MEL-15", "(34)", t, EV_MEL_NO_TABLE, NULL, 0);
    for (int i = 0; i < c->nunits; i++) {
        lb_melee_unit *mu = &c->units[i];
        const lb_unit *u = &s->units[mu->unit];
        mu->preserve = u->arm == LB_ARM_CAVALRY && lbi_mel_preserve_standing(req, u->id);
    }
    lbi_mel_values(s, req, c, t);
    rc = lbi_mel_premelee(s, req, c, t);
    if (rc != LB_OK || !c->allowed)
        return rc;
    c->column = lb_melee_charts_column(mc, c->attack, c->defence, &c->below, &c->above);
    LBI_EVENT(t, "R-MEL-15", "(34)", EV_MEL_ODDS, ev_exact(c->attack), ev_exact(c->defence),
              ev_text(c->column ? c->column->label : ""), ev_int(c->below), ev_int(c->above));
    lb_trace_text(t, "column", c->column ? c->column->label : "none");
    lbi_mel_leaders(s, c, t);
    int checks = 0;
    for (int i = 0; i < c->nunits; i++)
        checks += c->units[i].checks;
    if (checks > LB_MELEE_CHECKS_MAX)
        return LB_INVALID;
    distribution(s, c, t);
    casualty_odds(s, c);
    for (int i = 0; t && i < c->noutcomes; i++) {
        LBI_EVENT(t, "R-MEL-23", "(34)", EV_MEL_OUTCOME, ev_text(c->outcomes[i].result),
                  ev_exact(c->outcomes[i].p));
        trace_frac(t, "p", c->outcomes[i].p);
    }
    return LB_OK;
}
