/* Leaders and a charge (private), R-CHG-27: leaders of the charged side left alone, moved off or captured. */
#ifndef LB_CHARGE_LEADERS_H
#define LB_CHARGE_LEADERS_H

#include "charge_run.h"

/* The combat unit of `side` that stood in hexes[0..n) has left them (how): each leader of that
 * side now alone there is named, and captured, moved off or left where he is. */
LBI int lbi_ld_left(run *R, int side, const lb_hex *hexes, int n, ld_how how);
/* The cavalry has entered h: unescorted enemy leaders there are captured. */
LBI int lbi_ld_capture_at(run *R, lb_hex h);

#endif
