/* The appliers' unchecked halves (private): a morale outcome or a retreat set on a state whatever its generation, for the rules that change a working state of their own. */
#ifndef LB_APPLY_INT_H
#define LB_APPLY_INT_H

#include "rules_types.h"
#include "retreat.h"
#include "lbi.h"

/*
 * The public appliers (lb_morale_apply, lb_retreat_apply) check that the result names the unit
 * and was worked out on the state's generation, then call these and mark the state changed.
 * These skip both: for the appliers that check their own result once and apply several parts of
 * it (fire, over-stacking), and for the charge and the melee, which change the working copy
 * each of their passes replays on. Neither marks the state changed.
 */

/* Sets unit's state and formation from o (R-MOR-13) and reindexes. LB_OK, LB_INVALID (not a
 * combat unit), LB_NOMEM. */
LBI int lbi_morale_set(lb_state *s, int unit, const lb_morale_outcome *o);
/* Moves unit along path (r->hexes hexes, one of r's optimal paths; NULL: the automatic
 * choice), with the leaders attached to it and those it leaves alone, or removes it and them on surrender
 * (lb_state_remove_unit), as lb_retreat_apply says; reindexes. LB_OK, LB_INVALID (not a combat
 * unit), LB_NOMEM. */
LBI int lbi_retreat_set(lb_state *s, int unit, const lb_retreat *r, const lb_hex *path);
/* R-MOV-14, R-RET-21: moves the leaders attached to unit that stand in one of its hexes to `to`
 * (call it before the unit moves); does not reindex. */
LBI void lbi_attached_follow(lb_state *s, int unit, lb_hex to);

#endif
