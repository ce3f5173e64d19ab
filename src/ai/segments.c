/* The computer player's decisions outside Movement: fire and opportunity fire, melee, charges, where a retreat ends, and the choices inside a charge or a melee. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai_int.h"
#include "state_int.h"
#include "decision_int.h"
#include "action_int.h"
#include "game_int.h"
#include "hex_int.h"

#define FIRE_WORTH 0.05     /* a fire gains at least this many points, or none is made */
#define CHARGE_WORTH 0.5    /* a charge risks the cavalry: it must promise more */
#define CHARGE_TARGETS 6    /* nearest enemy formations a charge is planned against */

/* ---- fire ----------------------------------------------------------------------------------- */

/* R-AI-24: when units firing together at one hex are worth more than *top, the group's key and
 * reason into key and line, its value into *top (checked on a copy). LB_OK or LB_NOMEM. */
static int group_fire(ai_ctx *c, double *top, char *key, char *line)
{
    char gkey[LB_OPTION_KEY_MAX], gline[LB_AI_REASON_MAX];
    double gv;
    int rc = lbi_ai_fire_groups(c, c->g, gkey, &gv, gline, sizeof gline);
    if (rc == LB_NOMEM)
        return rc;
    if (rc != LB_OK || gv <= *top || strcmp(gkey, key) == 0 || lbi_ai_try(c, gkey) != 1)
        return LB_OK;
    lbi_ai_note(c, gkey, gv, "%s", gline);
    *top = gv;
    snprintf(key, LB_OPTION_KEY_MAX, "%s", gkey);
    snprintf(line, LB_AI_REASON_MAX, "%s", gline);
    return LB_OK;
}

int lbi_ai_fire_decision(ai_ctx *c, const lb_decision *d, char *key, char *why)
{
    double top = FIRE_WORTH;
    char line[LB_AI_REASON_MAX], best_line[LB_AI_REASON_MAX] = "", best[LB_OPTION_KEY_MAX] = "";
    for (int i = 0; i < d->noptions; i++) {
        int unit;
        lb_hex hex;
        double v;
        if (lbi_ai_fire_option(c->st, d, i, &unit, &hex) != 0)
            continue;
        int ok = lbi_ai_fire_value(c, c->st, unit, hex, lb_game_fire_kind(c->g), &v, line,
                                   sizeof line);
        if (ok < 0)
            return LB_NOMEM;
        if (ok)
            lbi_ai_note(c, d->options[i].key, v, "%s %s (%.1f points)", c->st->units[unit].id,
                        line, v);
        if (ok && v > top) {
            top = v;
            snprintf(best, sizeof best, "%s", d->options[i].key);
            snprintf(best_line, sizeof best_line, "%s %s (%.1f points)", c->st->units[unit].id,
                     line, v);
        }
    }
    if (d->kind == LB_DECIDE_ACTION && group_fire(c, &top, best, best_line) != LB_OK)
        return LB_NOMEM;
    int pass = lb_decision_find(d, d->kind == LB_DECIDE_OPPORTUNITY ? "pass" : "end");
    if (pass >= 0)
        lbi_ai_note(c, d->options[pass].key, 0, "%s: no fire (0 points; a fire is made when it "
                    "gains more than %.2f)", d->options[pass].text, FIRE_WORTH);
    if (best[0]) {
        snprintf(key, LB_OPTION_KEY_MAX, "%s", best);
        snprintf(why, LB_AI_REASON_MAX, "%s", best_line);
    } else if (pass >= 0) {
        snprintf(key, LB_OPTION_KEY_MAX, "%s", d->options[pass].key);
        snprintf(why, LB_AI_REASON_MAX, "%s: no fire open gains %.2f points",
                 d->kind == LB_DECIDE_OPPORTUNITY ? "passes" : "ends the fire", FIRE_WORTH);
    } else {
        snprintf(key, LB_OPTION_KEY_MAX, "%s", d->options[0].key);
        snprintf(why, LB_AI_REASON_MAX, "%s", d->options[0].text);
    }
    return LB_OK;
}

/* ---- melee ---------------------------------------------------------------------------------- */

/* The assault of every attacker offered alone (options "melee:HEX:UNIT") at the hex of the
 * option `family` ("melee:HEX"), as many as its key holds, into *out; how many. */
static int attackers_at(const lb_state *st, const lb_decision *d, const lb_action *family,
                        lb_action *out)
{
    char key[LB_OPTION_KEY_MAX];
    *out = *family;
    out->nunits = 0;
    for (int i = 0; i < d->noptions; i++) {
        const lb_action *a = lb_decision_action(d, i);
        if (!a || d->options[i].param || a->verb != LB_VERB_MELEE || a->nunits != 1 ||
            !lb_hex_eq(a->hexes[0], family->hexes[0]))
            continue;
        lb_action more = *out;
        if (lb_action_add_unit(&more, lb_action_unit(a, 0)) != LB_OK ||
            lb_action_fmt(st, &more, key, sizeof key) != LB_OK)
            break;
        *out = more;
    }
    return out->nunits;
}

int lbi_ai_melee_decision(ai_ctx *c, const lb_decision *d, char *key, char *why)
{
    char best_key[LB_OPTION_KEY_MAX] = "", line[LB_AI_REASON_MAX], best_line[LB_AI_REASON_MAX];
    double top = 0;
    int found = 0, end = lb_decision_find(d, "end");
    for (int i = 0; i < d->noptions; i++) {
        const char *k = d->options[i].key;
        const lb_action *act = lb_decision_action(d, i);
        char joined[LB_OPTION_KEY_MAX];
        lb_action together;
        if (!act || act->verb != LB_VERB_MELEE)
            continue;
        if (d->options[i].param) {
            /* every attacker offered at that hex, together */
            if (attackers_at(c->st, d, act, &together) < 2)
                continue;
            lb_action_fmt(c->st, &together, joined, sizeof joined);
            act = &together;
            k = joined;
        }
        int rc = lb_game_melee_odds(c->g, act, c->melee, NULL);
        if (rc == LB_NOMEM)
            return rc;
        if (rc != LB_OK || !c->melee->allowed)
            continue;
        double v = lbi_ai_melee_value(c, c->st, c->melee, line, sizeof line);
        if (d->options[i].param && (!found || v > top || c->rank) && lbi_ai_try(c, k) != 1)
            continue; /* the rules refuse these attackers together */
        lbi_ai_note(c, k, v, "%s (%+.1f points)", line, v);
        if (!found || v > top) {
            found = 1;
            top = v;
            snprintf(best_key, sizeof best_key, "%s", k);
            snprintf(best_line, sizeof best_line, "%s (%+.1f points)", line, v);
        }
    }
    if (end >= 0)
        lbi_ai_note(c, "end", 0, "ends the melee (0 points; an assault is made when it gains "
                    "more than %g)", c->w.assault);
    if (found && (top > c->w.assault || end < 0)) {
        snprintf(key, LB_OPTION_KEY_MAX, "%s", best_key);
        snprintf(why, LB_AI_REASON_MAX, "%s", best_line);
    } else if (end >= 0) {
        snprintf(key, LB_OPTION_KEY_MAX, "end");
        snprintf(why, LB_AI_REASON_MAX, "ends the melee: no assault gains %g points%s",
                 c->w.assault, found ? "" : " (none the rules allow)");
    } else {
        snprintf(key, LB_OPTION_KEY_MAX, "%s", d->options[0].key);
        snprintf(why, LB_AI_REASON_MAX, "%s: the only kind of option", d->options[0].text);
    }
    return LB_OK;
}

/* ---- charge --------------------------------------------------------------------------------- */

/* The full level: the charge best_key and its consequences against holding back, on the same
 * dice; the exact odds' verdict (*go) stands unless the rollouts clearly say otherwise. What they
 * said into how (n bytes). */
static int charge_rollouts(ai_ctx *c, const char *best_key, int *go, char *how, size_t n)
{
    int arms = 2, runs = lbi_ai_runs(c, &arms);
    if (runs == 0)
        return LB_OK; /* R-AI-6: too few for the battle's size */
    uint64_t *seeds = NULL;
    double *values = malloc(2 * (size_t)runs * sizeof *values);
    int rc = values ? lbi_ai_seeds(c, runs, &seeds) : LB_NOMEM;
    if (rc == LB_OK)
        rc = lbi_ai_rollouts(c, best_key, seeds, runs, values);
    if (rc == LB_OK)
        rc = lbi_ai_rollouts(c, "end", seeds, runs, values + runs);
    double m = 0, s = 0;
    if (rc == LB_OK)
        lbi_ai_paired(values, values + runs, runs, &m, &s);
    free(seeds);
    free(values);
    if (rc != LB_OK)
        return rc;
    if (*go && m + lbi_ai_bar(c, runs) * s < -AI_ROLLOUT_MARGIN)
        *go = 0;
    else if (!*go && m - lbi_ai_bar(c, runs) * s > AI_ROLLOUT_MARGIN)
        *go = 1;
    snprintf(how, n, "; %d rollouts: %+.1f +- %.1f points against holding back", 2 * runs, m, s);
    return LB_OK;
}

int lbi_ai_charge_decision(ai_ctx *c, const lb_decision *d, char *key, char *why)
{
    char best_key[LB_OPTION_KEY_MAX] = "", best_line[LB_AI_REASON_MAX] = "";
    double top = 0;
    int found = 0;
    for (int i = 0; i < d->noptions; i++) {
        const lb_action *a = lb_decision_action(d, i);
        if (!d->options[i].param || !a || a->verb != LB_VERB_CHARGE)
            continue;
        int u = lb_state_unit_index(c->st, lb_action_unit(a, 0));
        char k[LB_OPTION_KEY_MAX], line[LB_AI_REASON_MAX];
        double v = 0;
        if (u < 0)
            continue;
        int rc = lbi_ai_charge_plan(c, c->st, u, CHARGE_TARGETS, 1, k, &v, line, sizeof line);
        if (rc == LB_NOMEM)
            return rc;
        if (rc == LB_OK)
            lbi_ai_note(c, k, v, "%s", line);
        if (rc == LB_OK && (!found || v > top)) {
            found = 1;
            top = v;
            snprintf(best_key, sizeof best_key, "%s", k);
            snprintf(best_line, sizeof best_line, "%s", line);
        }
    }
    char how[96] = "";
    int go = found && top > CHARGE_WORTH;
    if (found && c->rollouts > 0 && lb_decision_find(d, "end") >= 0) {
        int rc = charge_rollouts(c, best_key, &go, how, sizeof how);
        if (rc != LB_OK)
            return rc;
    }
    int end = lb_decision_find(d, "end");
    if (end >= 0)
        lbi_ai_note(c, "end", 0, "no charge (0 points; a charge is made when it promises more "
                    "than %.1f)", CHARGE_WORTH);
    if (go || end < 0) {
        snprintf(key, LB_OPTION_KEY_MAX, "%s", found ? best_key : d->options[0].key);
        snprintf(why, LB_AI_REASON_MAX, "%s%s", found ? best_line : d->options[0].text, how);
    } else {
        snprintf(key, LB_OPTION_KEY_MAX, "end");
        snprintf(why, LB_AI_REASON_MAX, "no charge: %s%s",
                 found ? best_line : "no enemy formation within reach of a path", how);
    }
    return LB_OK;
}

/* ---- where a retreat ends, and the choices inside a charge or a melee ----------------------- */

/* R-AI-8: does option o's end mean surrender later (the offer's warning, R-RET-8)? */
static int doomed_end(const lb_decision *d, int o)
{
    return strstr(d->options[o].text, "surrender later") != NULL;
}

/* R-AI-8: does d offer an end that does not mean surrender later? */
static int safe_end_offered(const ai_ctx *c, const lb_decision *d)
{
    for (int o = 0; o < d->noptions; o++) {
        lb_action read;
        const lb_action *a = lbi_ai_option_action(c->st, d, o, &read);
        if (!d->options[o].param && a && a->verb == LB_VERB_END_AT && !doomed_end(d, o))
            return 1;
    }
    return 0;
}

int lbi_ai_path_decision(ai_ctx *c, const lb_decision *d, char *key, char *why)
{
    int i = lb_state_unit_index(c->st, d->subject), best = -1;
    double top = 0;
    int holders[AI_OBJECTIVES_MAX];
    int avoid = safe_end_offered(c, d), avoided = 0; /* R-AI-8: no doomed end if a safe one */
    for (int o = 0; o < d->noptions && i >= 0; o++) {
        lb_action read;
        const lb_action *a = lbi_ai_option_action(c->st, d, o, &read);
        if (d->options[o].param || !a || a->verb != LB_VERB_END_AT)
            continue;
        if (avoid && doomed_end(d, o)) {
            avoided++;
            continue;
        }
        lb_hex h = a->hexes[0];
        lb_unit *u = &c->work->units[i];
        lb_unit was = *u;
        u->hexes[0] = h;
        u->nhexes = 1;
        if (lb_state_reindex(c->work) != LB_OK)
            return LB_NOMEM;
        lbi_ai_holders(c, c->work, holders);
        double v = lbi_ai_objectives(c, c->work, holders) + lbi_ai_tactical(c, c->work, i) *
                                                             (u->side == c->me ? 1 : -1);
        *u = was;
        if (lb_state_reindex(c->work) != LB_OK)
            return LB_NOMEM;
        lbi_ai_note(c, d->options[o].key, v, "%s: where it is exposed and the objectives fare "
                    "so (%+.1f points)", d->options[o].text, v);
        if (best < 0 || v > top) {
            best = o;
            top = v;
        }
    }
    if (best < 0) {
        int a = lb_decision_find(d, "auto");
        best = a >= 0 ? a : d->auto_choice;
        snprintf(why, LB_AI_REASON_MAX, "%s: the rules' automatic choice", d->options[best].text);
    } else {
        snprintf(why, LB_AI_REASON_MAX, "%s: the end where it is least exposed and the "
                 "objectives fare best (%+.1f points)%s", d->options[best].text, top,
                 avoided ? ", no end that means surrender later (R-AI-8)" : "");
    }
    snprintf(key, LB_OPTION_KEY_MAX, "%s", d->options[best].key);
    return LB_OK;
}

int lbi_ai_other_decision(const lb_decision *d, char *key, char *why)
{
    int pick = d->auto_choice >= 0 && d->auto_choice < d->noptions ? d->auto_choice : 0;
    const char *how = "the rules' automatic choice";
    if (d->kind == LB_DECIDE_TRAMPLE) {
        /* every increment trampled is one the enemy loses (R-CHG-4, R-CHG-5) */
        for (int i = 0; i < d->noptions; i++)
            if (atoi(d->options[i].key) > atoi(d->options[pick].key))
                pick = i;
        how = "the most movement points trampling";
    } else if (d->kind == LB_DECIDE_ADVANCE) {
        for (int i = 0; i < d->noptions; i++)
            if (strcmp(d->options[i].key, "none") != 0) {
                pick = i;
                how = "the ground the enemy gave up is taken";
                break;
            }
    }
    while (d->options[pick].param && pick + 1 < d->noptions)
        pick++;
    snprintf(key, LB_OPTION_KEY_MAX, "%s", d->options[pick].key);
    snprintf(why, LB_AI_REASON_MAX, "%s: %s", d->options[pick].text, how);
    return LB_OK;
}
