/* State effects: effective fire, melee and movement by arm, morale state, formation, losses. */
#ifndef LB_EFFECTS_H
#define LB_EFFECTS_H

#include "lb/core.h"
#include "state_types.h"
#include "lbi.h"

/*
 * The one place that says what losses (12) and morale states (30) do to a unit's printed values;
 * fire, melee, movement and retreat rules ask here and never repeat it. Values are exact
 * fractions; when the scenario asks for "fractions": "round-down" the final value is rounded
 * down once, never an intermediate step (R-MOR-9). Every function is pure and takes an
 * optional trace (NULL records nothing) to which it appends the rulings and values it used.
 */

/* Printed values that losses reduce (12). */
typedef enum lb_value { LB_VALUE_FIRE, LB_VALUE_MELEE, LB_VALUE_LANCE } lb_value;

/* An effective value: allowed is 0 when the unit may not do this at all (value 0, why said). */
typedef struct lb_effect {
    int allowed;
    lb_frac value; /* exact, or rounded down once (R-MOR-9) */
    lb_said why;   /* why not allowed (lb_said_fmt); nothing said when allowed */
} lb_effect;

/* R-MOR-10 (12): the share of printed value v a unit keeps after its losses (1 with none). */
LBI lb_frac lb_effects_losses(const lb_unit *u, lb_value v, lb_trace *t);

/* Fire value: printed fire after losses (12) and morale state (30); R-MOR-3..6. */
LBI lb_effect lb_effects_fire(const lb_state *s, const lb_unit *u, lb_trace *t);

/* The same, never rounded: for a rule that multiplies the value further and rounds once at the
 * end (R-MOR-9), such as artillery at long range or in a carré. */
LBI lb_effect lb_effects_fire_exact(const lb_unit *u, lb_trace *t);

/* Melee value when attacking (defending = 0) or defending: printed melee after losses and
 * state; routed infantry and artillery melee only in defence (R-MOR-4). */
LBI lb_effect lb_effects_melee(const lb_state *s, const lb_unit *u, int defending, lb_trace *t);

/* The same before R-MOR-9's rounding, for a rule that multiplies it further: the melee rounds
 * each unit's value once, after all its multipliers (R-MEL-13). */
LBI lb_effect lb_effects_melee_unrounded(const lb_state *s, const lb_unit *u, int defending,
                                         lb_trace *t);

/* Movement points in segment seg: halved when disordered; routed infantry and artillery move
 * only in the Morale Recovery Segment, with 10 MP; routed cavalry at its printed rate. */
LBI lb_effect lb_effects_movement(const lb_state *s, const lb_unit *u, lb_segment seg, lb_trace *t);

/* R-MOR-13: the formation a unit takes in hex h when it disorders, routs, retreats or recovers:
 * column, or general order where the terrain demands it; artillery keeps its own. */
LBI lb_formation lb_effects_formation(const lb_state *s, const lb_unit *u, lb_hex h);

#endif
