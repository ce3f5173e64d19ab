/* Movement costs: what one step from a hex to its neighbour costs an arm (terrain, hexside, slope). */
#ifndef LB_MOVE_H
#define LB_MOVE_H

#include "state.h"

/*
 * The cost of a step is the terrain cost of the hex entered plus the added cost of the hexside
 * crossed (R-RET-1): the feature listed on the map, and, where the two hexes differ in elevation,
 * the charts' elevation change hexside (docs/charts-format.md 4.3: a slope), counted once even
 * when the map also lists it. LB_MOVE_PROHIBITED when any part is closed to the arm or the hex
 * entered is off the map.
 */

/* Cost for arm (infantry, cavalry or artillery) to step from h across hexside dir. */
int lb_move_step_cost(const lb_state *st, lb_hex h, int dir, lb_arm arm);

#endif
