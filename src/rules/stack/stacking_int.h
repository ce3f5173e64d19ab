/* Private to the library: the stacking functions its files share, not offered by the API. */
#ifndef LB_STACKING_INT_H
#define LB_STACKING_INT_H

#include "stacking.h"
#include "lbi.h"

/* R-STACK-1: a unit's increments in its k-th hex (R-FIRE-12: as evenly as possible, the odd
 * ones in its first hexes). */
LBI int lb_stack_share(const lb_unit *u, int k);

/* Adds a unit in formation f with incr increments. */
LBI void lb_stack_add(lb_stack_count *c, const lb_unit *u, lb_formation f, int incr);

/* The combat units in h, leaving out unit index skip (-1: none). */
LBI void lb_stack_count_hex(const lb_state *st, lb_hex h, int skip, lb_stack_count *out);

/* R-STACK-1..3: 1 when c fits h's limit and holds one formation, else 0 with the ruling in
 * *rule and why it does not fit said in *why (its texts are the state's; nothing said when it
 * fits). */
LBI int lb_stack_fits(const lb_state *st, lb_hex h, const lb_stack_count *c, const char **rule,
                      lb_said *why);

/* The same for the combat units standing in h now, each ruling that decides (R-STACK-2, R-STACK-3,
 * R-STACK-1) traced as one step into t. 1 when they fit. */
LBI int lb_stack_trace(const lb_state *st, lb_hex h, lb_trace *t);

/* The same, then one roll ("over-stacking check") and each unit's outcome; LB_OK or LB_DICE. */
LBI int lb_stack_overstack_resolve(const lb_state *st, lb_hex h, lb_dice *dice, lb_stack_check *out,
                                   lb_trace *t);

/* Sets the states of the units that failed (R-MOR-7, R-MOR-13) and marks st changed
 * (lb_state_touch); moving them away until the hex is legal is the retreat rules' (W31-3).
 * LB_OK (also for a check with nothing to apply); LB_STALE (st changed since the check was
 * worked out) or LB_INVALID (a unit of the check is gone), nothing changed; LB_NOMEM. */
LBI int lb_stack_overstack_apply(lb_state *st, const lb_stack_check *c);

/* The library's own, not offered by the API (declared in include/lb/stacking.h before). */

/* Is h over its limit, and each combat unit's exact chance to fail the check. LB_OK. */
LBI int lb_stack_overstack_odds(const lb_state *st, lb_hex h, lb_stack_check *out, lb_trace *t);

#endif
