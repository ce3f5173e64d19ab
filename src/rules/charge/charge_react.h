/* Reaction charges in the charge machine (private, 39, R-RCH): the question after each step and the reacting unit's check and move. */
#ifndef LB_CHARGE_REACT_H
#define LB_CHARGE_REACT_H

#include "charge_run.h"

/* R-RCH-1: after a step of the charge (req.reactions set), the other side is asked whether a
 * cavalry unit whose zone holds the charger's hex reacts; "pass" is the automatic choice.
 * LB_OK (no reaction, a failed one, or one made: the charge then ends, R->mode M_END),
 * STOP_DECIDE, STOP_DICE, or an error. */
LBI int lbi_react_after_step(run *R);
/* R-RCH-2, R-RCH-3: cavalry c checks morale to react (the roll the odds take up again, P_REACT),
 * then meets the charger or stays. Returns as lbi_react_after_step. */
LBI int lbi_react_check(run *R, int c);

#endif
