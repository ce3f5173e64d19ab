/* Cavalry readiness (36): fresh, tired, exhausted — what a melee or a charge does to it, and its recovery by rest. */
#ifndef LB_READINESS_H
#define LB_READINESS_H

#include "state_types.h"
#include "lb/core.h"
#include "lbi.h"

/*
 * Readiness is a cavalry unit's state of breath (36.1): fresh melees at its value, tired at a
 * half, exhausted at a third (the charts' melee multipliers read it). A melee tires cavalry one
 * step; a melee that its own charge brought exhausts it at once; one that it fights at a third
 * by choice keeps it (R-MEL-20). A full turn of rest gives one step back in a Morale Recovery
 * segment, two when the unit did not move at all (R-MEL-21). These functions are pure: the
 * melee machine and the game engine store what they return in the unit.
 */

/* What a unit did in the full turn that ends at this Morale Recovery segment (36.6, 36.7). */
typedef struct lb_rest {
    int full_turn;             /* a full turn has passed since its last melee or charge (36.6:
                                * the turn counted from the phase that tired it, 36.8) */
    int moved;                 /* movement points it spent in that turn */
    int fought;                /* it meleed or charged in that turn */
    int fire_loss;             /* increments it lost to fire in that turn */
    int retired_from_cavalry;  /* it retreated before a melee with cavalry in that turn */
} lb_rest;

/* R-MEL-20: the readiness of cavalry unit u once a melee it fought is over: exhausted when the
 * melee is the one its charge owes (38.10, 36.4), else one step more tired (36.3, 36.4); the
 * same when it fought at one third to keep it (36.5). Other arms keep theirs. */
LBI lb_readiness lb_readiness_after_melee(const lb_unit *u, int charged, int preserve, lb_trace *t);

/* R-MEL-21: the readiness of unit `unit` after the rest described by r, in a Morale Recovery
 * segment (36.6, 36.7). LB_OK with *out; LB_INVALID for a bad unit index. */
LBI int lb_readiness_recover(const lb_state *s, int unit, const lb_rest *r, lb_readiness *out,
                             lb_trace *t);

#endif
