/* Private to the library: the facing functions its files share, not offered by the API. */
#ifndef LB_FACING_INT_H
#define LB_FACING_INT_H

#include "rules_types.h"
#include "lbi.h"

/* The class of hexside dir (0..5, R-GRID-2) of the unit's k-th hex. */
LBI lb_side_class lb_facing_side(const lb_unit *u, int k, int dir);

/* Bit sets (bit d: hexside direction d) of the front, flank and rear hexsides of the unit's k-th
 * hex; any pointer may be NULL. */
LBI void lb_facing_arcs(const lb_unit *u, int k, unsigned *front, unsigned *flank, unsigned *rear);

/* R-FIRE-8: the hexsides (bit d: direction d) the unit's k-th hex fires through: its fronts, and
 * its own hexsides when it has no facing or is a skirmish screen (the inner hexside is one of the
 * four nearest the vertex). */
LBI unsigned lb_facing_fire_sides(const lb_unit *u, int k);

/* 1 when formation f faces a vertex (odd hour), 0 a hexside (even hour), -1 no facing (carré,
 * leaders). */
LBI int lb_facing_kind(lb_formation f);

/* True when facing (1..12) suits formation f (R-GRID-3, R-SCN-2); a carré takes any hour. */
LBI int lb_facing_valid(lb_formation f, int facing);

/* R-FORM-9: the facing a unit facing `facing` takes in formation f when none is given: the same
 * when it suits f, else one hour clockwise (R-MOR-13); 0 stays 0. */
LBI int lb_facing_default(lb_formation f, int facing);

/* The two hexside directions along the axis of a line or screen facing vertex `facing` (the
 * flank hexsides of a one-hex line): the one clockwise from the vertex into *right, the other
 * into *left. */
LBI void lb_facing_axis(int facing, int *left, int *right);

/* The library's own, not offered by the API (declared in include/lb/facing.h before). */

/* "front", "flank", "rear", "own". */
LBI const char *lb_side_class_name(lb_side_class c);

#endif
