/* The computer player's entry: its settings, one answer to the pending decision with its reason, by the kind of decision and the segment, and the coach's best options (R-AI-16). */
#include <stdio.h>
#include <string.h>

#include "ai_int.h"
#include "state_int.h"

static const char *const level_names[] = {"quick", "full", "baseline"};
#define LEVELS ((int)(sizeof level_names / sizeof level_names[0]))

void lb_ai_settings_init(lb_ai_settings *s)
{
    memset(s, 0, sizeof *s);
    s->level = LB_AI_FULL;
    s->budget_ms = 1000;
    s->seed = 1;
}

const char *lb_ai_level_name(lb_ai_level level)
{
    return level_names[level];
}

int lb_ai_level_parse(const char *s)
{
    for (int i = 0; i < LEVELS; i++)
        if (strcmp(s, level_names[i]) == 0)
            return i;
    return -1;
}

/* R-AI-1: is key an answer the pending decision offers (an option, or a parameterised option
 * with its parameter)? */
static int offered(const lb_decision *d, const char *key)
{
    return lb_decision_find(d, key) >= 0 || lb_decision_find_param(d, key) >= 0;
}

/* Is d the question of an opportunity charge (its first option "charge:UNIT")? */
static int charges(const lb_decision *d)
{
    return d->kind == LB_DECIDE_OPPORTUNITY && d->noptions &&
           strncmp(d->options[0].key, "charge:", 7) == 0;
}

/* The ruling the reason of an answer to d cites: R-AI-4 and R-AI-5 for cavalry in the enemy's
 * turn, R-AI-7 for the rest of the scripted baseline's, R-AI-1 for the rest. */
static const char *reason_rule(const lb_decision *d, lb_ai_level level)
{
    if (d->kind == LB_DECIDE_REACTION)
        return "R-AI-4";
    if (charges(d))
        return "R-AI-5";
    return level == LB_AI_BASELINE ? "R-AI-7" : "R-AI-1";
}

static int decide(ai_ctx *c, const lb_decision *d, char *key, char *why)
{
    lb_segment seg = c->st->turn.segment;
    int baseline = c->set.level == LB_AI_BASELINE;
    switch (d->kind) {
    case LB_DECIDE_ACTION:
        if (baseline)
            return lbi_ai_baseline_action(c, d, key, why);
        if (seg == LB_SEG_MOVEMENT)
            return lbi_ai_movement_decision(c, d, key, why);
        if (seg == LB_SEG_DEFENSIVE_FIRE || seg == LB_SEG_OFFENSIVE_FIRE)
            return lbi_ai_fire_decision(c, d, key, why);
        if (seg == LB_SEG_MELEE)
            return lbi_ai_melee_decision(c, d, key, why);
        if (seg == LB_SEG_CHARGE)
            return lbi_ai_charge_decision(c, d, key, why);
        return lbi_ai_other_decision(d, key, why);
    case LB_DECIDE_OPPORTUNITY: /* a fire, or a charge (R-AI-5) */
        if (charges(d))
            return lbi_ai_watch_decision(c, d, key, why);
        if (baseline)
            return lbi_ai_baseline_opportunity(c, d, key, why);
        return lbi_ai_fire_decision(c, d, key, why);
    case LB_DECIDE_REACTION: /* R-AI-4 */
        return lbi_ai_watch_decision(c, d, key, why);
    case LB_DECIDE_PATH: {
        int i = lb_state_unit_index(c->st, d->subject);
        if (i >= 0 && c->st->units[i].arm == LB_ARM_LEADER)
            return lbi_ai_leader_decision(c, d, key, why);
        return lbi_ai_path_decision(c, d, key, why);
    }
    default:
        return lbi_ai_other_decision(d, key, why);
    }
}


/* lb_ai_choose, the options valued on the way noted in rank when it is not NULL (R-AI-16). */
static int choose_ranked(const lb_game *g, int side, const lb_ai_settings *settings,
                         char *key_out, char *reason_out, ai_rank *rank)
{
    const lb_decision *d = lb_game_pending(g);
    if (!d || d->side != side || d->noptions == 0)
        return LB_INVALID;
    char key[LB_OPTION_KEY_MAX] = "", why[LB_AI_REASON_MAX] = "";
    int rc = LB_OK;
    if (d->noptions == 1 && !d->options[0].param) {
        snprintf(key, sizeof key, "%s", d->options[0].key);
        snprintf(why, sizeof why, "%s: the only option", d->options[0].text);
    } else {
        ai_ctx c;
        if ((rc = lbi_ai_ctx_init(&c, g, side, settings)) != LB_OK)
            return rc;
        c.rank = rank;
        c.own_movement = lbi_ai_quick_answer; /* R-AI-22 */
        rc = decide(&c, d, key, why);
        lbi_ai_ctx_release(&c);
        if (rc != LB_OK)
            return rc;
    }
    if (!offered(d, key)) {
        /* a fault of the player's own, never an answer the engine must refuse */
        int end = lb_decision_find(d, d->kind == LB_DECIDE_OPPORTUNITY ? "pass" : "end");
        int pick = end >= 0 ? end : d->auto_choice >= 0 && d->auto_choice < d->noptions
                                        ? d->auto_choice
                                        : 0;
        snprintf(why, sizeof why, "%s (no answer of its own was offered: %s)",
                 d->options[pick].text, key);
        snprintf(key, sizeof key, "%s", d->options[pick].key);
    }
    snprintf(key_out, LB_OPTION_KEY_MAX, "%s", key);
    snprintf(reason_out, LB_AI_REASON_MAX, "%s", why);
    return LB_OK;
}

int lbi_ai_quick_answer(const lb_game *g, int side, const lb_ai_settings *s, char *key)
{
    lb_ai_settings quick = *s;
    char why[LB_AI_REASON_MAX];
    quick.level = LB_AI_QUICK;
    return choose_ranked(g, side, &quick, key, why, NULL);
}

int lb_ai_choose(const lb_game *g, int side, const lb_ai_settings *settings, char *key_out,
                 char *reason_out)
{
    return choose_ranked(g, side, settings, key_out, reason_out, NULL);
}

int lb_ai_rank(const lb_game *g, int side, const lb_ai_settings *settings, lb_ai_option *out,
               int max, int *n)
{
    if (max < 1)
        return LB_INVALID;
    ai_rank r = {.n = 0};
    lb_ai_option *best = &out[0];
    memset(best, 0, sizeof *best);
    int rc = choose_ranked(g, side, settings, best->key, best->reason, &r);
    if (rc != LB_OK)
        return rc;
    *n = 1;
    for (int k = 0; k < r.n; k++) {
        if (strcmp(r.v[k].key, best->key) == 0) {
            best->value = r.v[k].value;
            best->valued = 1;
        } else if (*n < max) {
            out[(*n)++] = r.v[k];
        }
    }
    return LB_OK;
}

int lb_ai_play(lb_game *g, int side, const lb_ai_settings *settings, char *key_out,
               char *reason_out, lb_game_answer *out)
{
    int rc = lb_ai_choose(g, side, settings, key_out, reason_out);
    if (rc != LB_OK)
        return rc;
    /* R-AI-1: answered as a player's, the reason first in the answer's trace */
    const char *rule = reason_rule(lb_game_pending(g), settings->level);
    return lb_game_decide_noted(g, side, lb_game_seq(g), key_out, rule, reason_out, out);
}
