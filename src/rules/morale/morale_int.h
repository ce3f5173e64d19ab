/* Private to the library: the morale functions its files share, not offered by the API. */
#ifndef LB_MORALE_INT_H
#define LB_MORALE_INT_H

#include "rules_types.h"
#include "lbi.h"

/* What passing or failing a check of this kind does to unit (R-MOR-7, 8, 13, 14). */
LBI lb_morale_outcome lb_morale_outcome_of(const lb_state *s, int unit, lb_morale_kind kind,
                                           int passed, lb_trace *t);

/* Sets unit's state and formation from an outcome worked out on s as it stands (a line closes
 * up into its first hex), reindexes and marks s changed (lb_state_touch); moving it is
 * lb_retreat_apply's job. LB_OK; LB_INVALID (unit is not a combat unit, or not the unit the
 * outcome names); LB_STALE (s changed since the outcome was worked out); nothing changes unless
 * LB_OK (LB_NOMEM aside: the unit is changed, its index stale). */
LBI int lb_morale_apply(lb_state *s, int unit, const lb_morale_outcome *o);

/* Name of a check kind ("ordinary", "recovery"). */
LBI const char *lb_morale_kind_name(lb_morale_kind kind);
/* R-MOR-15: the recovery check for a disordered or routed unit of the phasing side in the Morale
 * Recovery Segment, otherwise an ordinary check. */
LBI lb_morale_kind lb_morale_kind_for(const lb_state *s, int unit);

/* Exact odds of unit's check with the caller's extra modifiers (R-MOR-1, R-MOR-12, R-DICE-4).
 * LB_OK; LB_INVALID for a leader or too many modifiers. */
LBI int lb_morale_odds(const lb_state *s, int unit, const lb_morale_mod *extra, int nextra,
                       lb_morale_chance *out, lb_trace *t);

/* Rolls the check with dice ("morale check" is the purpose); LB_OK, LB_INVALID, LB_DICE. */
LBI int lb_morale_resolve(const lb_state *s, int unit, lb_morale_kind kind,
                          const lb_morale_mod *extra, int nextra, lb_dice *dice,
                          lb_morale_result *out, lb_trace *t);

#endif
