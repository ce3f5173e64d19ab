/* Private to the library: the line of sight functions behind lb_ask (visible) and the answers' words, not offered by the API. */
#ifndef LB_LOS_INT_H
#define LB_LOS_INT_H

#include "los.h"
#include "lbi.h"

/* Sets visible[cell] to 1 for every hex of the map F sees, 0 for the others; visible has
 * cols * rows entries. LB_OK or LB_NOMEM. */
LBI int lb_los_visible(const lb_state *st, lb_hex from, int firer_side,
                       unsigned char *visible);
/* The reasons of the visibility map from F, summed by ruling, appended to trace: one step for
 * the hexes near F, one for those seen with nothing in the way, one for each ruling and verdict
 * that hid hexes or that lines were seen past (with the count and the first such hex). LB_OK or
 * LB_NOMEM. */
LBI int lb_los_visible_trace(const lb_state *st, lb_hex from, int firer_side,
                             lb_trace *trace);
/* True when a verdict stops the line. */
LBI int lb_los_blocks(lb_los_verdict v);
/* Name of a verdict ("dwelling", "seen over", …), stable: the answers and tests use it. */
LBI const char *lb_los_verdict_name(lb_los_verdict v);
/* Name of a reason not to block ("routed", "leader", "in F", "in T"), "" for none. */
LBI const char *lb_los_passive_name(lb_los_passive p);

/* The library's own, not offered by the API (declared in include/lb/los.h before). */

/* Checks LOS from F to T (firer_side as above); appends the reasons to trace when not NULL.
 * LB_OK or LB_NOMEM (out is then empty). */
LBI int lb_los_check(const lb_state *st, lb_hex from, lb_hex to, int firer_side, lb_los_result *out,
                 lb_trace *trace);
/* Frees the items. */
LBI void lb_los_result_release(lb_los_result *r);

#endif
