/* The scripted baseline player (R-AI-7): the best-odds fire, melee and charge by the engine's exact previews, and each unit walking toward the nearest objective its side does not hold. */
#include <stdio.h>
#include <string.h>

#include "ai_int.h"
#include "state_int.h"
#include "frac_int.h"
#include "decision_int.h"
#include "action_int.h"
#include "hex_int.h"
#include "fire_int.h"
#include "game_int.h"

/* ---- fire: the most increments expected ----------------------------------------------------- */

/* The increments the hex is expected to lose to the fire of unit at target (0 when the rules
 * refuse it); -1 out of memory. */
static double expected_loss(ai_ctx *c, int unit, lb_hex target, lb_fire_kind kind)
{
    lb_fire_request rq = {.kind = kind, .target = target, .firers = &unit, .nfirers = 1};
    int rc = lb_fire_odds(c->st, &rq, c->fire, NULL);
    double e = 0;
    if (rc == LB_OK && c->fire->allowed)
        for (int l = 1; l <= c->fire->max_loss; l++)
            e += lb_frac_double(c->fire->p_loss[l]) * l;
    lb_fire_chance_release(c->fire);
    return rc == LB_NOMEM ? -1 : e;
}

static int baseline_fire(ai_ctx *c, const lb_decision *d, char *key, char *why)
{
    int best = -1;
    double top = 0;
    for (int i = 0; i < d->noptions; i++) {
        int unit;
        lb_hex hex;
        if (lbi_ai_fire_option(c->st, d, i, &unit, &hex) != 0)
            continue;
        double e = expected_loss(c, unit, hex, lb_game_fire_kind(c->g));
        if (e < 0)
            return LB_NOMEM;
        if (e > top) {
            top = e;
            best = i;
        }
    }
    int pass = lb_decision_find(d, d->kind == LB_DECIDE_OPPORTUNITY ? "pass" : "end");
    if (best < 0)
        best = pass >= 0 ? pass : 0;
    snprintf(key, LB_OPTION_KEY_MAX, "%s", d->options[best].key);
    snprintf(why, LB_AI_REASON_MAX, "%s: the baseline's most increments expected (%.2f)",
             d->options[best].text, top);
    return LB_OK;
}

/* ---- melee: the best chance of the defender's harm over the attacker's ---------------------- */

/* The chance the defender routs, surrenders or fails (half for disordered) less the attacker's
 * like chance, from the exact outcomes of m. */
static double melee_odds_score(const lb_melee_chance *m)
{
    double s = 0;
    for (int i = 0; i < m->noutcomes; i++) {
        const char *r = m->outcomes[i].result;
        double p = lb_frac_double(m->outcomes[i].p);
        if (!strcmp(r, "DR") || !strcmp(r, "DS") || !strcmp(r, "DEFENDER_FAILS"))
            s += p;
        else if (!strcmp(r, "DD"))
            s += 0.5 * p;
        else if (!strcmp(r, "AR"))
            s -= p;
        else if (!strcmp(r, "AD") || !strcmp(r, "ATTACKER_FAILS"))
            s -= 0.5 * p;
    }
    return s;
}

static int baseline_melee(ai_ctx *c, const lb_decision *d, char *key, char *why)
{
    int best = -1, end = lb_decision_find(d, "end");
    double top = 0;
    for (int i = 0; i < d->noptions; i++) {
        const lb_action *act = lb_decision_action(d, i);
        if (d->options[i].param || !act || act->verb != LB_VERB_MELEE)
            continue;
        int rc = lb_game_melee_odds(c->g, act, c->melee, NULL);
        if (rc == LB_NOMEM)
            return rc;
        if (rc != LB_OK || !c->melee->allowed)
            continue;
        double s = melee_odds_score(c->melee);
        if (best < 0 || s > top) {
            best = i;
            top = s;
        }
    }
    if (best >= 0 && (top > 0 || end < 0)) {
        snprintf(key, LB_OPTION_KEY_MAX, "%s", d->options[best].key);
        snprintf(why, LB_AI_REASON_MAX, "%s: the baseline's best odds (%+.2f)",
                 d->options[best].text, top);
        return LB_OK;
    }
    int pick = end >= 0 ? end : 0;
    snprintf(key, LB_OPTION_KEY_MAX, "%s", d->options[pick].key);
    snprintf(why, LB_AI_REASON_MAX, "%s: no assault with better odds for the attacker",
             d->options[pick].text);
    return LB_OK;
}

/* ---- movement: toward the objectives -------------------------------------------------------- */

static int baseline_movement(ai_ctx *c, const lb_decision *d, char *key, char *why)
{
    int top, best = lbi_ai_walk(c, c->g, d, &top);
    int end = lb_decision_find(d, "end");
    if (best < 0)
        best = end >= 0 ? end : 0;
    snprintf(key, LB_OPTION_KEY_MAX, "%s", d->options[best].key);
    snprintf(why, LB_AI_REASON_MAX,
             "%s: the baseline walks toward the objectives (%d movement "
             "points nearer)",
             d->options[best].text, top);
    return LB_OK;
}

int lbi_ai_baseline_action(ai_ctx *c, const lb_decision *d, char *key, char *why)
{
    switch (c->st->turn.segment) {
    case LB_SEG_MOVEMENT: return baseline_movement(c, d, key, why);
    case LB_SEG_DEFENSIVE_FIRE:
    case LB_SEG_OFFENSIVE_FIRE: return baseline_fire(c, d, key, why);
    case LB_SEG_MELEE: return baseline_melee(c, d, key, why);
    case LB_SEG_CHARGE:
        return lbi_ai_charge_decision(c, d, key, why); /* the best charge by its exact ends */
    default: return lbi_ai_other_decision(d, key, why);
    }
}

int lbi_ai_baseline_opportunity(ai_ctx *c, const lb_decision *d, char *key, char *why)
{
    return baseline_fire(c, d, key, why);
}
