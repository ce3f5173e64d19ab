/* Private to the library: the charge functions its files share, not offered by the API. */
#ifndef LB_CHARGE_INT_H
#define LB_CHARGE_INT_H

#include "lb/charge.h"
#include "lbi.h"
#include "passed_int.h"

/* What went wrong in the last run: the code lb_charge_resolve returned and its message (code
 * LB_OK and "" when nothing did); owned by the charge. */
LBI const lb_err *lb_charge_err(const lb_charge *ch);
/* R-MOR-16: the retreats and routs of the last pass (units out of good order), with every hex
 * each passed (lbi_passed_log); owned by the charge. */
LBI const lbi_passed_log *lbi_charge_passed(const lb_charge *ch);

#endif
