/* The computer player's look-ahead: what-if copies of the game played on its own dice by a cheap policy to the end of the enemy's reply. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai_int.h"
#include "state_int.h"
#include "decision_int.h"
#include "dice_int.h"
#include "action_int.h"
#include "game_int.h"
#include "hex_int.h"
#include "move_int.h"

#define ROLLOUT_DECISIONS_MAX 400 /* a bound on one rollout, far above a side's turn */
#define POLICY_WORTH 0.05         /* a fire or melee the policy makes gains at least this */
#define POLICY_CHARGE 1.0         /* a charge the policy makes promises at least this */
#define WALK_STEPS 6              /* R-AI-20: the enemy's walk, steps a Movement segment */

/* Movement by the policy, first: a combat unit steps onto an objective its side does not hold,
 * a reinforcement enters (then the enemy walks, R-AI-20; the deciding side's units stand). The
 * option, or -1. */
static int grab(const lb_game *g, const lb_decision *d)
{
    const lb_state *st = lb_game_state(g);
    const lb_victory *v = &st->battle.victory;
    for (int i = 0; i < d->noptions; i++) {
        const lb_action *a = lb_decision_action(d, i);
        if (d->options[i].param || !a)
            continue;
        if (a->verb == LB_VERB_ENTER)
            return i;
        if (a->verb != LB_VERB_MOVE)
            continue;
        lb_hex h = a->hexes[0];
        for (int o = 0; o < v->nobjectives; o++) {
            if (!lb_hex_eq(v->objectives[o].hex, h))
                continue;
            int u = lb_state_unit_index(st, lb_action_unit(a, 0));
            if (u >= 0 && lb_unit_is_combat(&st->units[u]) &&
                st->units[u].state != LB_STATE_ROUTED &&
                lb_game_objective_holder(g, o) != st->units[u].side)
                return i;
        }
    }
    return -1;
}

/* Could a MOVE of unit u (an index of st) end on an objective its side does not hold? Not when
 * every such objective lies farther than its allowance in half MP, each step costing one at
 * least (road march, R-MOV-2), and its hexes' reach (a wheel). */
static int may_grab(const lb_game *g, const lb_state *st, int u)
{
    const lb_unit *unit = &st->units[u];
    const lb_victory *v = &st->battle.victory;
    if (!lb_unit_is_combat(unit) || unit->state == LB_STATE_ROUTED)
        return 0;
    int reach = -1;
    for (int o = 0; o < v->nobjectives; o++) {
        if (lb_game_objective_holder(g, o) == unit->side)
            continue;
        if (reach < 0)
            reach = lb_move_allowance(st, u, NULL, NULL, NULL) + LB_UNIT_MAX_HEXES;
        for (int k = 0; k < unit->nhexes; k++)
            if (lb_hex_distance(unit->hexes[k], v->objectives[o].hex) <= reach)
                return 1;
    }
    return 0;
}

/* grab on a sparse Movement decision d (lb_game_sparse_movement): the same option as grab on the
 * whole list, its key into key and *found 1, else *found 0. d holds the entries and the first
 * unit's options as the whole list begins; past them each unit of the side that may grab is
 * asked for its own, in the list's order. LB_OK or LB_NOMEM. */
static int grab_sparse(const lb_game *g, const lb_decision *d, char *key, int *found)
{
    const lb_state *st = lb_game_state(g);
    int i = grab(g, d);
    *found = i >= 0;
    if (*found) {
        snprintf(key, LB_OPTION_KEY_MAX, "%s", d->options[i].key);
        return LB_OK;
    }
    for (int u = 0; u < st->nunits && !*found; u++) {
        if (st->units[u].side != d->side || !may_grab(g, st, u))
            continue;
        lb_decision mine;
        if (lb_game_unit_actions(g, st->units[u].id, &mine) != LB_OK)
            return LB_NOMEM;
        *found = (i = grab(g, &mine)) >= 0;
        if (*found)
            snprintf(key, LB_OPTION_KEY_MAX, "%s", mine.options[i].key);
        lb_decision_release(&mine);
    }
    return LB_OK;
}

/* The option of d to fall back on: pass or end, else the automatic choice, else the first. */
static int policy_fallback(const lb_decision *d)
{
    int fallback = lb_decision_find(d, d->kind == LB_DECIDE_OPPORTUNITY ? "pass" : "end");
    if (fallback >= 0)
        return fallback;
    return d->auto_choice >= 0 && d->auto_choice < d->noptions &&
                   !d->options[d->auto_choice].param
               ? d->auto_choice
               : 0;
}

/* The Charge segment: each cavalry once, the charge on its nearest enemy formation when it
 * promises, into key; else the fallback option. */
static int policy_charge(ai_ctx *c, const lb_state *st, const lb_decision *d, int fallback,
                         char *key)
{
    for (int i = 0; i < d->noptions; i++) {
        const lb_action *a = lb_decision_action(d, i);
        int u = d->options[i].param && a && a->verb == LB_VERB_CHARGE
                    ? lb_state_unit_index(st, lb_action_unit(a, 0))
                    : -1;
        double v = 0;
        if (u < 0)
            continue;
        int rc = lbi_ai_charge_plan(c, st, u, 1, 0, key, &v, NULL, 0);
        if (rc == LB_NOMEM)
            return rc;
        if (rc == LB_OK && v > POLICY_CHARGE)
            return LB_OK;
    }
    snprintf(key, LB_OPTION_KEY_MAX, "%s", d->options[fallback].key);
    return LB_OK;
}

/* The value of option i of d for the policy (a fire when fires, a melee when melees) into *v:
 * LB_OK, LB_NOT_FOUND when it is no such option, LB_NOMEM. */
static int policy_value(ai_ctx *c, const lb_game *g, const lb_decision *d, int i, int fires,
                        int melees, double *v)
{
    const lb_state *st = lb_game_state(g);
    const lb_action *act;
    int unit;
    lb_hex hex;
    *v = 0;
    if (d->options[i].param)
        return LB_NOT_FOUND;
    if (fires && lbi_ai_fire_option(st, d, i, &unit, &hex) == 0)
        return lbi_ai_fire_value(c, st, unit, hex, lb_game_fire_kind(g), v, NULL, 0) < 0 ? LB_NOMEM
                                                                                         : LB_OK;
    if (!melees || !(act = lb_decision_action(d, i)) || act->verb != LB_VERB_MELEE)
        return LB_NOT_FOUND;
    int rc = lb_game_melee_odds(g, act, c->melee, NULL);
    if (rc == LB_NOMEM)
        return rc;
    *v = rc == LB_OK && c->melee->allowed ? lbi_ai_melee_value(c, st, c->melee, NULL, 0) : 0;
    if (lb_decision_find(d, "end") < 0)
        *v += 1000; /* a melee the charge owes: one must be fought */
    return LB_OK;
}

/* The Movement segment: the deciding side's own as the quick level plays it at the
 * calibration's scale (R-AI-22); else a step onto an objective or an entry (grab), else the
 * enemy's walk while steps are left (R-AI-20), else the fallback option; its key into key.
 * LB_OK, LB_NOMEM. */
static int policy_movement(ai_ctx *c, const lb_game *g, const lb_decision *d, int *walks,
                           int fallback, char *key)
{
    if (c->own_movement && !c->scaled && d->side == c->me)
        return c->own_movement(g, c->me, &c->set, key);
    if (c->sparse) {
        int found, rc = grab_sparse(g, d, key, &found);
        if (rc == LB_OK && !found)
            snprintf(key, LB_OPTION_KEY_MAX, "%s", d->options[fallback].key);
        return rc;
    }
    int i = grab(g, d), gain;
    if (i < 0 && d->side == c->foe && *walks > 0 && (i = lbi_ai_walk(c, g, d, &gain)) >= 0)
        --*walks; /* R-AI-20: the enemy walks as a plan would */
    snprintf(key, LB_OPTION_KEY_MAX, "%s", d->options[i >= 0 ? i : fallback].key);
    return LB_OK;
}

int lbi_ai_policy(ai_ctx *c, const lb_game *g, int *walks, char *key)
{
    const lb_decision *d = lb_game_pending(g);
    const lb_state *st = lb_game_state(g);
    if (!d || d->noptions == 0)
        return LB_INVALID;
    int fallback = policy_fallback(d);
    int action = d->kind == LB_DECIDE_ACTION;
    if (action && st->turn.segment == LB_SEG_MOVEMENT)
        return policy_movement(c, g, d, walks, fallback, key);
    if (action && st->turn.segment == LB_SEG_CHARGE)
        return policy_charge(c, st, d, fallback, key);
    int best = -1;
    double top = POLICY_WORTH;
    int fires = d->kind == LB_DECIDE_OPPORTUNITY ||
                (action && (st->turn.segment == LB_SEG_DEFENSIVE_FIRE ||
                            st->turn.segment == LB_SEG_OFFENSIVE_FIRE));
    int melees = action && st->turn.segment == LB_SEG_MELEE;
    for (int i = 0; i < d->noptions && (fires || melees); i++) {
        double v;
        int rc = policy_value(c, g, d, i, fires, melees, &v);
        if (rc == LB_NOMEM)
            return rc;
        if (rc == LB_OK && v > top) {
            top = v;
            best = i;
        }
    }
    snprintf(key, LB_OPTION_KEY_MAX, "%s", d->options[best >= 0 ? best : fallback].key);
    if (fires && action) { /* R-AI-24: units fire together where that is worth more */
        char gkey[LB_OPTION_KEY_MAX];
        double gv;
        int rc = lbi_ai_fire_groups(c, g, gkey, &gv, NULL, 0);
        if (rc == LB_NOMEM)
            return rc;
        if (rc == LB_OK && gv > top)
            snprintf(key, LB_OPTION_KEY_MAX, "%s", gkey);
    }
    return LB_OK;
}

int lbi_ai_walk_steps(const ai_ctx *c)
{
    /* past the calibration's units, shared out among them as the rollouts are (R-AI-6) */
    return c->scaled ? WALK_STEPS * AI_CALIBRATION_UNITS / lb_state_unit_count(c->st)
                     : WALK_STEPS;
}

/* Plays g on from its pending decision to the end of the enemy's next sequence (or the
 * battle's end) by the policy. */
static int play_out(ai_ctx *c, lb_game *g)
{
    int seen_foe = 0, walks = 0, walk_phasing = -1, walk_segment = -1;
    int steps = lbi_ai_walk_steps(c);
    for (int n = 0; n < ROLLOUT_DECISIONS_MAX; n++) {
        const lb_decision *d = lb_game_pending(g);
        if (!d)
            return LB_OK;
        int phasing = lb_game_state(g)->turn.phasing;
        int segment = (int)lb_game_state(g)->turn.segment;
        if (phasing != walk_phasing || segment != walk_segment) {
            walks = steps;
            walk_phasing = phasing;
            walk_segment = segment;
        }
        if (phasing == c->foe)
            seen_foe = 1;
        else if (seen_foe)
            return LB_OK;
        char key[LB_OPTION_KEY_MAX];
        int rc = lbi_ai_policy(c, g, &walks, key);
        lb_game_answer a;
        if (rc == LB_OK)
            rc = lb_game_decide(g, d->side, lb_game_seq(g), key, &a);
        if (rc == LB_OK && a.verdict != LB_ACCEPTED) {
            /* a charge the rules refuse: the policy holds back instead */
            int end = lb_decision_find(d, "end");
            if (end < 0)
                return LB_OK;
            rc = lb_game_decide(g, d->side, lb_game_seq(g), "end", &a);
        }
        if (rc == LB_INVALID)
            return LB_OK; /* the engine failed in the copy and left it as it was: valued there */
        if (rc != LB_OK)
            return rc;
    }
    return LB_OK;
}

int lbi_ai_rollouts(ai_ctx *c, const char *key, const uint64_t *seeds, int runs, double *values)
{
    c->sparse = lbi_ai_walk_steps(c) == 0;
    for (int r = 0; r < runs; r++) {
        lb_game *g;
        int rc = lb_game_clone(c->g, seeds[r], &g);
        if (rc != LB_OK)
            return rc;
        if (c->sparse)
            lb_game_sparse_movement(g);
        lb_game_answer a;
        rc = lb_game_decide(g, c->me, lb_game_seq(g), key, &a);
        if (rc == LB_OK && a.verdict == LB_ACCEPTED)
            rc = play_out(c, g);
        if (rc == LB_INVALID)
            rc = LB_OK; /* an engine failure on the answer itself: the copy as it was */
        values[r] = lbi_ai_position(c, g);
        lb_game_free(g);
        if (rc != LB_OK)
            return rc;
    }
    return LB_OK;
}

void lbi_ai_paired(const double *a, const double *b, int runs, double *mean, double *se)
{
    double sum = 0, sq = 0;
    for (int r = 0; r < runs; r++)
        sum += a[r] - b[r];
    *mean = runs ? sum / runs : 0;
    for (int r = 0; r < runs; r++)
        sq += (a[r] - b[r] - *mean) * (a[r] - b[r] - *mean);
    *se = runs > 1 ? sqrt(sq / (runs - 1) / runs) : 1e9;
}

double lbi_ai_sure(int runs)
{
    /* Student's t, two-sided 95%, for runs - 1 degrees of freedom (1 to 30), then 2 */
    static const double t[] = {12.71, 4.30, 3.18, 2.78, 2.57, 2.45, 2.36, 2.31, 2.26, 2.23,
                               2.20,  2.18, 2.16, 2.14, 2.13, 2.12, 2.11, 2.10, 2.09, 2.09,
                               2.08,  2.07, 2.07, 2.06, 2.06, 2.06, 2.05, 2.05, 2.05, 2.04};
    int df = runs - 1;
    return df < 1 ? 1e9 : df <= 30 ? t[df - 1] : 2.0;
}

double lbi_ai_bar(const ai_ctx *c, int runs)
{
    /* R-AI-25: at the battle's scale a gain a standard error sure; Student's t asks 2.57 of six
     * runs, which the rollouts of one unit's changes there seldom pass */
    return c->scaled ? 1.0 : lbi_ai_sure(runs);
}

int lbi_ai_runs(const ai_ctx *c, int *arms)
{
    if (!c->scaled) /* the calibration's scale: two runs an arm at least, as calibrated */
        return c->rollouts / *arms > 1 ? c->rollouts / *arms : 2;
    /* R-AI-6: the budget holds; the best arms first, two runs each at least */
    if (*arms > c->rollouts / 2)
        *arms = c->rollouts / 2;
    return *arms >= 2 ? c->rollouts / *arms : 0;
}

int lbi_ai_seeds(ai_ctx *c, int runs, uint64_t **seeds)
{
    *seeds = malloc((size_t)(runs > 0 ? runs : 1) * sizeof **seeds);
    if (!*seeds)
        return LB_NOMEM;
    for (int r = 0; r < runs; r++)
        (*seeds)[r] = ((uint64_t)lb_pcg32_next(&c->rng) << 32) | lb_pcg32_next(&c->rng);
    return LB_OK;
}
