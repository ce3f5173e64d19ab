/* The charge procedure (private): from eligibility to the end of the charge, over one pass. */
#ifndef LB_CHARGE_RULES_H
#define LB_CHARGE_RULES_H

#include "charge_run.h"

/* The charge from eligibility to its next stop: LB_OK at its end, STOP_DECIDE, STOP_DICE,
 * STOP_REFUSED, or an LB_* error. */
LBI int lbi_rules_charge(run *R);
/* Odds mode: takes up a pass that stopped at a roll (STOP_DICE, R->pend) with that roll's value
 * and goes on to the next stop or the end; the same answers as lbi_rules_charge. */
LBI int lbi_rules_resume(run *R, int value);

#endif
