/* Stacking (T15-2, T15-19, T16-1..6, W31-3): what a hex may hold, and the morale check of an over-stacked hex. */
#ifndef LB_STACKING_H
#define LB_STACKING_H

#include "lb/core.h"
#include "rules_types.h"
#include "state_types.h"

/*
 * R-STACK-1..6. A hex's limit is its terrain's `stacking` chart (move_charts.h): alternatives,
 * one of which the hex must fit. Combat units count by arm — each unit one regiment, battalion
 * or battery, with its increments (a unit in several hexes counts in each with its share);
 * leaders never count. Infantry and cavalry in one hex share one formation (T16-1).
 */

/* The combat units of a hex, counted for its limit. */
typedef struct lb_stack_count {
    int units[3];          /* by arm: infantry, cavalry, artillery */
    int incr[3];
    int battalions;        /* the infantry's battalions (a regiment counts its own, R-STACK-1) */
    int road_units;        /* of them, units in road march */
    int road_incr;
    unsigned formations;   /* bit per lb_formation of its infantry and cavalry */
} lb_stack_count;

#define LB_STACK_UNITS_MAX 16

/* R-STACK-6 (W31-3): one roll for the hex; each unit checks it with its own modifiers. */
typedef struct lb_stack_unit {
    const char *unit;            /* id */
    lb_morale_chance odds;
    int fails;                   /* after the roll */
    lb_morale_outcome outcome;   /* after the roll */
} lb_stack_unit;

typedef struct lb_stack_check {
    lb_hex hex;
    unsigned long long generation; /* the state's when the check was worked out */
    int over;                    /* the hex is over its limit: a check is due */
    const char *rule;
    lb_said why;                 /* why it is over (lb_said_fmt) */
    lb_stack_unit units[LB_STACK_UNITS_MAX];
    int nunits;
    int rolled, roll;            /* the one roll, after resolve */
} lb_stack_check;

#endif
