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

static int arm_slot(lb_arm a)
{
    return a == LB_ARM_CAVALRY ? 1 : a == LB_ARM_ARTILLERY ? 2 : 0;
}

/* Movement points from hex h to objective k for unit u's arm (AI_FAR off the map). */
static int objective_distance(const ai_ctx *c, const lb_state *st, const lb_unit *u, int k,
                              lb_hex h)
{
    if (!lb_map_contains(&st->map, h))
        return AI_FAR;
    const int *d = c->dist + ((size_t)k * 3 + (size_t)arm_slot(u->arm)) * (size_t)c->cells;
    return d[lb_map_cell(&st->map, h)];
}

/* The objective unit u of game g walks to: the nearest its side does not hold, else the
 * nearest; -1. */
static int goal_of(const ai_ctx *c, const lb_game *g, const lb_unit *u)
{
    const lb_state *st = lb_game_state(g);
    int best = -1, held_best = -1;
    for (int k = 0; k < c->nobj; k++) {
        int dk = objective_distance(c, st, u, k, u->hexes[0]);
        if (dk >= AI_FAR)
            continue;
        int *slot = lb_game_objective_holder(g, k) == u->side ? &held_best : &best;
        if (*slot < 0 || dk < objective_distance(c, st, u, *slot, u->hexes[0]))
            *slot = k;
    }
    return best >= 0 ? best : held_best;
}

/* Does unit u stay: it guards an objective of its side, or an enemy stands next to it? */
static int stays(const ai_ctx *c, const lb_state *st, const lb_unit *u)
{
    for (int k = 0; k < c->nobj; k++)
        if (lb_hex_eq(st->battle.victory.objectives[k].hex, u->hexes[0]))
            return 1;
    for (int i = 0; i < st->nunits; i++) {
        const lb_unit *e = &st->units[i];
        if (e->side != u->side && lb_unit_is_combat(e) && e->nhexes > 0 &&
            lb_hex_distance(e->hexes[0], u->hexes[0]) <= 1)
            return 1;
    }
    return 0;
}

/* The move of option o of d by how much nearer its unit's goal it ends; -1 when it is no such
 * move. */
static int move_gain(const ai_ctx *c, const lb_game *g, const lb_decision *d, int o)
{
    const lb_state *st = lb_game_state(g);
    const lb_action *a = lb_decision_action(d, o);
    if (d->options[o].param || !a || a->verb != LB_VERB_MOVE)
        return -1;
    int i = lb_state_unit_index(st, lb_action_unit(a, 0));
    if (i < 0)
        return -1;
    const lb_unit *u = &st->units[i];
    if (u->side != d->side || !lb_unit_is_combat(u) || u->nhexes == 0 || u->move.steps > 0 ||
        stays(c, st, u))
        return -1;
    int k = goal_of(c, g, u);
    if (k < 0)
        return -1;
    return objective_distance(c, st, u, k, u->hexes[0]) -
           objective_distance(c, st, u, k, a->hexes[0]);
}

int lbi_ai_walk(const ai_ctx *c, const lb_game *g, const lb_decision *d, int *gain)
{
    int best = -1;
    *gain = 0;
    for (int o = 0; o < d->noptions; o++) {
        const lb_action *a = lb_decision_action(d, o);
        if (!d->options[o].param && a && a->verb == LB_VERB_ENTER) {
            *gain = 1;
            return o; /* a reinforcement comes on first */
        }
        int m = move_gain(c, g, d, o);
        if (m > *gain) {
            *gain = m;
            best = o;
        }
    }
    return best;
}

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
