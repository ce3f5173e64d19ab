/* Morale's private part: an outcome set on a unit without the generation check, for the rules that change a working state of their own. */
#ifndef LB_MORALE_INT_H
#define LB_MORALE_INT_H

#include "lb/morale.h"
#include "lbi.h"

/* Sets unit's state and formation from o (R-MOR-13) and reindexes, whatever generation o was
 * worked out on and without marking s changed: for the appliers that check their own result's
 * generation once (fire, stacking) and the working states of the charge and the melee.
 * LB_OK, LB_INVALID (not a combat unit), LB_NOMEM. */
LBI int lbi_morale_set(lb_state *s, int unit, const lb_morale_outcome *o);

#endif
