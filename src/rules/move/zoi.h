/* Zones of influence (14): the hexes each enemy's front reaches, who stops in them, who may fire, the cavalry screen's drag. */
#ifndef LB_ZOI_H
#define LB_ZOI_H

#include "state_types.h"
#include "lb/core.h"
#include "lbi.h"

/*
 * R-ZOI-1..5. A combat unit projects its zone into the hexes next to its front hexsides
 * (facing.h, R-FORM-1), from every hex it stands in; a carré, a routed unit and a leader project
 * none, and no zone crosses a hexside prohibited to the projecting unit's arm. Zones are read
 * for the units of one side: a hex's bits say what the enemy projects there.
 */

enum {
    LB_ZOI_ENEMY = 1,      /* in the zone of an enemy combat unit */
    LB_ZOI_CAVALRY = 2,    /* in the zone of an enemy cavalry unit */
    LB_ZOI_CARRE = 4,      /* in or next to an enemy carré's hex: opportunity fire only (28.5) */
    LB_ZOI_DRAG_NEAR = 8,  /* next to a hex of an enemy cavalry screen (20) */
    LB_ZOI_DRAG_FAR = 16   /* two hexes from one */
};

/* Fills cells (map cols * rows bytes, the caller's) with the bits above for units of side. */
LBI void lb_zoi_map(const lb_state *st, int side, unsigned char *cells);

/* The same, from the enemies within radius hexes of center only (a mover's search never goes
 * further); radius -1: all of them. */
LBI void lb_zoi_map_within(const lb_state *st, int side, lb_hex center, int radius,
                           unsigned char *cells);

/* True when unit's zone reaches hex h (R-ZOI-1). */
LBI int lb_zoi_projects(const lb_state *st, int unit, lb_hex h);

/* R-ZOI-1, R-FORM-1: for each enemy of side next to h, one trace step saying whether its zone
 * reaches h and why (the class of its hexside facing h; a carré or routed unit projects none; a
 * hexside prohibited to its arm stops it). Nothing when t is NULL. */
LBI void lb_zoi_trace(const lb_state *st, int side, lb_hex h, lb_trace *t);

/* R-ZOI-4: the enemies of side whose zone reaches h or that are carrés in or next to h, as unit
 * indexes into out (at most max, scenario order); returns how many there are. */
LBI int lb_zoi_owners(const lb_state *st, int side, lb_hex h, int *out, int max);

/* True when u moves as horse: cavalry, or artillery of a class in the charts' horse_artillery. */
LBI int lb_zoi_horse(const lb_state *st, const lb_unit *u);

/* R-ZOI-2: true when u must stop on entering a hex with these bits: infantry and foot artillery
 * in any enemy zone, cavalry and horse artillery in an enemy cavalry zone, leaders never. */
LBI int lb_zoi_stops(const lb_state *st, const lb_unit *u, unsigned bits);

/* R-ZOI-5: the MP (in halves) cavalry screens add to an infantry step from a hex with bits
 * `from` to one with bits `to`: the higher of the two hexes' drags, once. */
LBI int lb_zoi_drag(const lb_state *st, const lb_unit *u, unsigned from, unsigned to);

#endif
