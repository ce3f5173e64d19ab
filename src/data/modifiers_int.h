/* Private to the library: the modifiers functions its files share, not offered by the API. */
#ifndef LB_MODIFIERS_INT_H
#define LB_MODIFIERS_INT_H

#include "state_types.h"
#include "lbi.h"

/* The count an entry's `per` multiplies its mod by in situation x (10.3): 1 for none. */
LBI int lb_modifiers_per(lb_modifier_per per, const lb_modifier_ctx *x);

/* True when condition c holds in situation x (10.1). */
LBI int lb_condition_holds(const lb_state *s, const lb_condition *c, const lb_modifier_ctx *x);

/* Reads table t in situation x: the entries that apply (after `replaces`) into hits (at most
 * LB_MODIFIERS_MAX), their count into *nhits, and returns the sum. Each applied entry is traced
 * under `rule` and `section`. */
LBI int lb_modifiers_read(const lb_state *s, const lb_modifier_table *t, const lb_modifier_ctx *x,
                          lb_modifier_hit *hits, int *nhits, const char *rule, const char *section,
                          lb_trace *tr);

#endif
