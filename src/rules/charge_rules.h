/* The charge procedure (private): from eligibility to the end of the charge, over one pass. */
#ifndef LB_CHARGE_RULES_H
#define LB_CHARGE_RULES_H

#include "charge_run.h"

/* The charge from eligibility to its next stop: LB_OK at its end, STOP_DECIDE, STOP_DICE,
 * STOP_REFUSED, or an LB_* error. */
LBI int lbi_rules_charge(run *R);

#endif
