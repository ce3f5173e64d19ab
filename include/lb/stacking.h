/* Stacking (T15-2, T15-19, T16-1..6, W31-3): what a hex may hold, and the morale check of an over-stacked hex. */
#ifndef LB_STACKING_H
#define LB_STACKING_H

#include "dice.h"
#include "frac.h"
#include "morale.h"
#include "state.h"
#include "trace.h"

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

/* R-STACK-1: a unit's increments in its k-th hex (R-FIRE-12: as evenly as possible, the odd
 * ones in its first hexes). */
int lb_stack_share(const lb_unit *u, int k);
/* Adds a unit in formation f with incr increments. */
void lb_stack_add(lb_stack_count *c, const lb_unit *u, lb_formation f, int incr);
/* The combat units in h, leaving out unit index skip (-1: none). */
void lb_stack_count_hex(const lb_state *st, lb_hex h, int skip, lb_stack_count *out);
/* R-STACK-1..3: 1 when c fits h's limit and holds one formation, else 0 with the ruling in
 * *rule and why it does not fit said in *why (its texts are the state's; nothing said when it
 * fits). */
int lb_stack_fits(const lb_state *st, lb_hex h, const lb_stack_count *c, const char **rule,
                  lb_said *why);
/* The same for the combat units standing in h now, each ruling that decides (R-STACK-2, R-STACK-3,
 * R-STACK-1) traced as one step into t. 1 when they fit. */
int lb_stack_trace(const lb_state *st, lb_hex h, lb_trace *t);

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

/* Is h over its limit, and each combat unit's exact chance to fail the check. LB_OK. */
int lb_stack_overstack_odds(const lb_state *st, lb_hex h, lb_stack_check *out, lb_trace *t);
/* The same, then one roll ("over-stacking check") and each unit's outcome; LB_OK or LB_DICE. */
int lb_stack_overstack_resolve(const lb_state *st, lb_hex h, lb_dice *dice, lb_stack_check *out,
                               lb_trace *t);
/* Sets the states of the units that failed (R-MOR-7, R-MOR-13) and marks st changed
 * (lb_state_touch); moving them away until the hex is legal is the retreat rules' (W31-3).
 * LB_OK (also for a check with nothing to apply); LB_STALE (st changed since the check was
 * worked out) or LB_INVALID (a unit of the check is gone), nothing changed; LB_NOMEM. */
int lb_stack_overstack_apply(lb_state *st, const lb_stack_check *c);

#endif
