/* The computer player's cavalry in the enemy's turn (R-AI-4, R-AI-5): whether it reacts to an enemy charge or charges an enemy mover in opportunity, from the exact chance of each unit's morale check. */
#include <stdio.h>
#include <string.h>

#include "ai_int.h"
#include "frac_int.h"
#include "rules_types.h"
#include "state_int.h"
#include "morale_int.h"

/* The least chance of the morale check a charge in the enemy's turn is tried with: a failed
 * check costs nothing (40.1, R-RCH-2), but a passed one commits the unit. */
#define CHECK_AT_LEAST 0.5

/* The unit an option "react:UNIT" or "charge:UNIT" (its key, prefix "react:" or "charge:")
 * names, or -1. */
static int option_unit(const lb_state *st, const lb_decision *d, int i, const char *prefix)
{
    size_t n = strlen(prefix);
    if (d->options[i].param || strncmp(d->options[i].key, prefix, n) != 0)
        return -1;
    return lb_state_unit_index(st, d->options[i].key + n);
}

/* R-AI-5: may the mover be charged with profit? Not cavalry (it meets the charge as an equal),
 * not a carré (it stands and fires). */
static int worth_charging(const lb_unit *m)
{
    return m->arm != LB_ARM_CAVALRY && m->formation != LB_FORM_CARRE;
}

/* R-AI-4: may the reactor meet the charger? At a melee value at least the charger's, which the
 * reaction leaves without its x2 bonus (39.4). */
static int worth_meeting(const lb_unit *r, const lb_unit *charger)
{
    return r->melee >= charger->melee;
}

int lbi_ai_watch_decision(ai_ctx *c, const lb_decision *d, char *key, char *why)
{
    const lb_state *st = c->st;
    int react = d->kind == LB_DECIDE_REACTION, subject = lb_state_unit_index(st, d->subject);
    const char *prefix = react ? "react:" : "charge:";
    int best = -1, pass = lb_decision_find(d, "pass");
    lb_frac top = lb_frac_int(0);
    for (int i = 0; i < d->noptions && subject >= 0; i++) {
        int u = option_unit(st, d, i, prefix);
        lb_morale_chance mc;
        if (u < 0 || lb_morale_odds(st, u, NULL, 0, &mc, NULL) != LB_OK)
            continue;
        int fits = react ? worth_meeting(&st->units[u], &st->units[subject])
                         : worth_charging(&st->units[subject]);
        if (fits && lb_frac_cmp(mc.p_pass, top) > 0) {
            top = mc.p_pass;
            best = i;
        }
    }
    char chance[24];
    lb_frac_fmt(top, chance, sizeof chance);
    if (best >= 0 && lb_frac_double(top) >= CHECK_AT_LEAST) {
        snprintf(key, LB_OPTION_KEY_MAX, "%s", d->options[best].key);
        snprintf(why, LB_AI_REASON_MAX, "%s (the check's exact chance %s is %.2f or more%s)",
                 d->options[best].text, chance, CHECK_AT_LEAST,
                 react ? "; its melee value is at least the charger's" : "");
        return LB_OK;
    }
    int pick = pass >= 0 ? pass : 0;
    snprintf(key, LB_OPTION_KEY_MAX, "%s", d->options[pick].key);
    snprintf(why, LB_AI_REASON_MAX, "%s (no unit %s whose check passes with %.2f or more; "
             "the best: %s)", d->options[pick].text,
             react ? "with a melee value at least the charger's" : "that gains by charging it",
             CHECK_AT_LEAST, best >= 0 ? chance : "none");
    return LB_OK;
}
