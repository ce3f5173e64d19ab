/* Pre-melee morale (32.3, 33.3-33.7): the increments counted, the chart's odds and situations, who is exempt, and each check's exact chance. */
#include <string.h>

#include "melee_int.h"
#include "trace_int.h"
#include "melee_charts_int.h"
#include "modifiers_int.h"
#include "morale_int.h"

/* R-MEL-9 (32.3): an attacking line counts its top four increments, any other attacker and
 * every defender all those taking part. */
static int counted(const lb_state *s, const lb_melee_unit *mu)
{
    const lb_unit *u = &s->units[mu->unit];
    if (mu->side == LB_MELEE_ATTACKER && u->formation == LB_FORM_LINE && mu->increments > 4)
        return 4;
    return mu->increments;
}

static int listed(const lb_melee_req *req, const char *id)
{
    for (int i = 0; i < req->npassed; i++)
        if (req->passed[i] && strcmp(req->passed[i], id) == 0)
            return 1;
    return 0;
}

static int side_has_cavalry(const lb_state *s, const lb_melee_chance *c, lb_melee_side side)
{
    for (int i = 0; i < c->nunits; i++)
        if (c->units[i].side == side && s->units[c->units[i].unit].arm == LB_ARM_CAVALRY)
            return 1;
    return 0;
}

/* R-MEL-11 (33.6, 35.2, 38.2): why part i makes no check, or LB_MELEE_NOT_EXEMPT. */
static lb_melee_exemption exemption(const lb_state *s, const lb_melee_req *req,
                                    const lb_melee_chance *c, int i)
{
    const lb_melee_unit *mu = &c->units[i];
    const lb_unit *u = &s->units[mu->unit];
    if (listed(req, u->id)) /* a stand against the charge (R-CHG-12) */
        return LB_MELEE_EXEMPT_PASSED;
    if (u->arm == LB_ARM_CAVALRY)
        return LB_MELEE_EXEMPT_CAVALRY;
    if (mu->side == LB_MELEE_DEFENDER && u->formation == LB_FORM_GENERAL)
        return LB_MELEE_EXEMPT_GENERAL_ORDER;
    if (u->arm == LB_ARM_INFANTRY && side_has_cavalry(s, c, mu->side))
        return mu->side == LB_MELEE_ATTACKER ? LB_MELEE_EXEMPT_ATTACKING_WITH_CAVALRY
                                             : LB_MELEE_EXEMPT_DEFENDING_WITH_CAVALRY;
    return LB_MELEE_NOT_EXEMPT;
}

/* The first pairing of part i with a part of the other side in which situation e holds, as its
 * context; 0 when none does. A defender's checks read the worst class any attacker brings
 * (R-MEL-6). */
static int situation_holds(const lb_state *s, const lb_melee_req *req, const lb_melee_chance *c,
                           const lb_premelee_situation *e, int i, lb_modifier_ctx *x)
{
    int attacking = c->units[i].side == LB_MELEE_ATTACKER;
    int lo = attacking ? c->nattackers : 0, hi = attacking ? c->nunits : c->nattackers;
    for (int j = lo; j < hi; j++) {
        lbi_mel_context(s, req, c, attacking ? i : j, attacking ? j : i, x);
        if (!attacking)
            x->through = (int)c->through;
        if (lb_condition_holds(s, &e->when, x))
            return 1;
    }
    return 0;
}

/* R-MEL-10: the chart's modifiers to part i's roll, as morale modifiers (at most max). */
static int situations(const lb_state *s, const lb_melee_req *req, lb_melee_chance *c, int i,
                      lb_morale_mod *mods, int max)
{
    const lb_melee_charts *mc = s->charts.melee;
    int attacking = c->units[i].side == LB_MELEE_ATTACKER, n = 0;
    int values[LB_MELEE_ENTRIES_MAX];
    unsigned long long holds = 0, replaced = 0;
    for (int k = 0; k < mc->nsituations; k++) {
        const lb_premelee_situation *e = &mc->situations[k];
        lb_modifier_ctx x;
        if (!situation_holds(s, req, c, e, i, &x))
            continue;
        holds |= 1ull << k;
        replaced |= e->replaces;
        values[k] = (attacking ? e->attacker_mod : e->defender_mod) * lb_modifiers_per(e->per, &x);
    }
    for (int k = 0; k < mc->nsituations && n < max; k++)
        if ((holds & (1ull << k)) && !(replaced & (1ull << k)) && values[k])
            mods[n++] = (lb_morale_mod){"R-MEL-10", mc->situations[k].id, values[k]};
    return n;
}

/* 6.3 attacker_passes: a situation that holds for some attacker lets them all pass. */
static const lb_premelee_situation *passing_situation(const lb_state *s, const lb_melee_req *req,
                                                      const lb_melee_chance *c)
{
    const lb_melee_charts *mc = s->charts.melee;
    for (int k = 0; k < mc->nsituations; k++) {
        if (!mc->situations[k].attacker_passes)
            continue;
        for (int i = 0; i < c->nattackers; i++) {
            lb_modifier_ctx x;
            if (situation_holds(s, req, c, &mc->situations[k], i, &x))
                return &mc->situations[k];
        }
    }
    return NULL;
}

/* R-MEL-9..11 */
int lbi_mel_premelee(const lb_state *s, const lb_melee_req *req, lb_melee_chance *c, lb_trace *t)
{
    const lb_melee_charts *mc = s->charts.melee;
    c->increments_attacking = c->increments_defending = 0;
    for (int i = 0; i < c->nunits; i++) {
        lb_melee_unit *mu = &c->units[i];
        mu->counted = counted(s, mu);
        if (mu->side == LB_MELEE_ATTACKER)
            c->increments_attacking += mu->counted;
        else
            c->increments_defending += mu->counted;
        mu->exempt = exemption(s, req, c, i);
        mu->exempt_rule = "R-MEL-11";
        mu->checks = mu->exempt == LB_MELEE_NOT_EXEMPT;
    }
    LBI_EVENT(t, "R-MEL-9", "(32)", EV_MEL_COUNTED, ev_int(c->increments_attacking),
              ev_int(c->increments_defending));
    lb_trace_int(t, "attacking", c->increments_attacking);
    lb_trace_int(t, "defending", c->increments_defending);
    int any = 0;
    for (int i = 0; i < c->nunits; i++)
        any |= c->units[i].checks;
    if (!any) {
        LBI_EVENT0(t, "R-MEL-11", "(33)", EV_MEL_NO_CHECKS);
        return LB_OK;
    }
    if (!mc || !mc->has_premelee)
        return lbi_mel_refuse(c, "R-MEL-10", "(33)", t, EV_MEL_NO_PREMELEE_CHART, NULL, 0);
    c->premelee = lb_melee_charts_premelee(mc, c->increments_attacking, c->increments_defending,
                                           &c->premelee_below, &c->premelee_above);
    LBI_EVENT(t, "R-MEL-10", "(33)", EV_MEL_PREMELEE_ODDS, ev_int(c->increments_attacking),
              ev_int(c->increments_defending), ev_text(c->premelee ? c->premelee->label : ""));
    lb_trace_text(t, "column", c->premelee ? c->premelee->label : "none");
    const lb_premelee_situation *ps = passing_situation(s, req, c);
    c->attackers_pass = ps != NULL;
    if (ps) {
        LBI_EVENT(t, "R-MEL-11", "(33)", EV_MEL_ATTACKERS_PASS, ev_text(ps->id));
        lb_trace_text(t, "situation", ps->id);
    }
    for (int i = 0; i < c->nunits; i++) {
        lb_melee_unit *mu = &c->units[i];
        const lb_unit *u = &s->units[mu->unit];
        int attacking = mu->side == LB_MELEE_ATTACKER;
        if (attacking && c->attackers_pass && mu->checks) {
            mu->checks = 0;
            mu->exempt_rule = "R-MEL-11";
            mu->exempt = LB_MELEE_EXEMPT_ATTACKERS_PASS;
        }
        if (!mu->checks) {
            LBI_EVENT(t, mu->exempt_rule, "(33)", EV_MEL_NO_CHECK, ev_unit_id(u->id),
                      ev_phrase(MEL_PH_EXEMPT, (int)mu->exempt));
            continue;
        }
        lb_morale_mod mods[LB_MORALE_MODS_MAX - 2];
        int n = 0;
        if (c->premelee) {
            int v = attacking ? c->premelee->attacker_mod : c->premelee->defender_mod;
            if (v)
                mods[n++] = (lb_morale_mod){"R-MEL-10", c->premelee->label, v};
        }
        n += situations(s, req, c, i, mods + n, (int)(sizeof mods / sizeof *mods) - n);
        mu->chart_mod = 0;
        for (int k = 0; k < n; k++)
            mu->chart_mod += mods[k].value;
        LBI_EVENT(t, "R-MEL-10", "(33)", EV_MEL_CHECKS, ev_int(attacking), ev_unit_id(u->id),
                  ev_int(mu->chart_mod));
        lb_trace_text(t, "unit", u->id);
        int rc = lb_morale_odds(s, mu->unit, mods, n, &mu->chance, t);
        if (rc != LB_OK)
            return rc;
    }
    return LB_OK;
}
