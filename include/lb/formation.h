/* Tactical organisation (15), (16): the formations each arm takes, where, in which hexes, at what cost, and the limber roll. */
#ifndef LB_FORMATION_H
#define LB_FORMATION_H

#include "dice.h"
#include "frac.h"
#include "modifiers.h"
#include "state.h"
#include "trace.h"

/*
 * R-FORM-2..9. Infantry: column, line (one or two hexes), carré, skirmish order (one or two
 * hexes by increments), road march; cavalry: column, line (one hex per 4 increments or more),
 * skirmish (light cavalry, two hexes), road march; artillery: limbered or unlimbered. General
 * order is never chosen: column and road march (off a road) take it in general-order terrain
 * and leave it outside, at no cost (T15-17). These functions say what a change is and costs;
 * whether the unit has the MP, and what its new hexes hold, is the move action's (move.h).
 */

/* A formation change asked for: the formation, the facing after (0: R-FORM-9's default) and the
 * hexes after (nhexes 0: the fewest it needs, from the unit's first hex, extended to the
 * right of the facing). */
typedef struct lb_formation_req {
    lb_formation to;
    int facing;
    lb_hex hexes[LB_UNIT_MAX_HEXES];
    int nhexes;
} lb_formation_req;

/* The answer: legal or not (rule, why), and what the unit becomes. */
typedef struct lb_formation_change {
    int legal;
    const char *rule;
    const char *section;
    lb_said why;                        /* why not, when not legal (lb_said_fmt) */
    int cost;                           /* half MP */
    lb_formation to;
    int facing;
    lb_hex hexes[LB_UNIT_MAX_HEXES];
    int nhexes;
    int roll_needed;                    /* limber or unlimber with a chart range (R-FORM-8) */
    int lo, hi;                         /* the die range */
    int modifier;                       /* limber_modifiers */
    lb_frac p_success;                  /* 1 without a roll */
} lb_formation_change;


#endif
