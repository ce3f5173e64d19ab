/* Orientation (13): the front, flank and rear hexsides of every formation, read the same way by every rule. */
#ifndef LB_FACING_H
#define LB_FACING_H

#include "unit.h"

/*
 * R-FORM-1. A combat unit faces a clock hour (R-GRID-3): column, general order, road march,
 * masse and artillery face a hexside (an even hour), line and skirmish order a vertex (an odd
 * hour); a carré faces every way. Each hexside of each hex the unit stands in is front, flank or
 * rear of it — or its own, when the unit stands on both sides (the inner hexside of a line).
 * Fronts are exactly R-FIRE-8's, for every arm; flanks and rears follow (13):
 *   - facing a hexside: the faced hexside and its two neighbours are front, the next two flank,
 *     the opposite one rear (3/2/1); general order (any arm) has five fronts and one rear; light
 *     cavalry (printed MP 13 or more) in column or road march has no flank: three fronts (R-FIRE-8)
 *     and three rears (3/0/3);
 *   - facing a vertex: line has the two hexsides at the vertex front, the two at its ends flank,
 *     the two behind rear (2/2/2 in one hex; a line over several hexes has one flank hexside at
 *     each end); skirmish order has the four hexsides nearest the vertex front, and of the two
 *     behind, each one next to an outer end of the screen is flank, the others rear (4/2/0 in
 *     one hex, 6/2/2 over two);
 *   - a carré, or a unit whose facing was never given, has six fronts.
 * Leaders have no orientation (every hexside reads as front).
 */

typedef enum lb_side_class { LB_SIDE_FRONT, LB_SIDE_FLANK, LB_SIDE_REAR, LB_SIDE_OWN } lb_side_class;

/* The class of hexside dir (0..5, R-GRID-2) of the unit's k-th hex. */
lb_side_class lb_facing_side(const lb_unit *u, int k, int dir);
/* Bit sets (bit d: hexside direction d) of the front, flank and rear hexsides of the unit's k-th
 * hex; any pointer may be NULL. */
void lb_facing_arcs(const lb_unit *u, int k, unsigned *front, unsigned *flank, unsigned *rear);
/* R-FIRE-8: the hexsides (bit d: direction d) the unit's k-th hex fires through: its fronts, and
 * its own hexsides when it has no facing or is a skirmish screen (the inner hexside is one of the
 * four nearest the vertex). */
unsigned lb_facing_fire_sides(const lb_unit *u, int k);
/* "front", "flank", "rear", "own". */
const char *lb_side_class_name(lb_side_class c);
/* 1 when formation f faces a vertex (odd hour), 0 a hexside (even hour), -1 no facing (carré,
 * leaders). */
int lb_facing_kind(lb_formation f);
/* True when facing (1..12) suits formation f (R-GRID-3, R-SCN-2); a carré takes any hour. */
int lb_facing_valid(lb_formation f, int facing);
/* R-FORM-9: the facing a unit facing `facing` takes in formation f when none is given: the same
 * when it suits f, else one hour clockwise (R-MOR-13); 0 stays 0. */
int lb_facing_default(lb_formation f, int facing);
/* The two hexside directions along the axis of a line or screen facing vertex `facing` (the
 * flank hexsides of a one-hex line): the one clockwise from the vertex into *right, the other
 * into *left. */
void lb_facing_axis(int facing, int *left, int *right);

#endif
