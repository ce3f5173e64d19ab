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

#endif
