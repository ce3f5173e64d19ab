/* Morale checks (31): exact odds with every modifier, the roll, the state that follows (30). */
#ifndef LB_MORALE_H
#define LB_MORALE_H

#include "dice.h"
#include "frac.h"
#include "state.h"
#include "trace.h"

/*
 * A check passes iff the modified roll is strictly greater than the unit's morale (R-MOR-1);
 * modifiers are added in base-6 steps (R-DICE-2). lb_morale_odds enumerates the 36 rolls;
 * lb_morale_resolve rolls; lb_morale_apply changes the unit in a state. Strings in modifiers are
 * literals or owned by the caller and must outlive the result. An outcome names its unit by id and
 * the generation of the state it was worked out on: lb_morale_apply refuses it once the state
 * has changed (LB_STALE), so work out the outcome again.
 */

#define LB_MORALE_MODS_MAX 16

/* R-MOR-13: the move a change of morale state calls for. Morale names it in its outcome;
 * retreat (lb/retreat.h) takes it as the kind of path to find. The one edge between the two
 * runs from retreat to morale, never back (tests/scripts/circles.py --folders). */
typedef enum lb_retreat_kind {
    LB_RETREAT_DISORDER, /* on becoming disordered: 3 MP, at least one hex */
    LB_RETREAT_ROUT,     /* on becoming routed */
    LB_RETREAT_FLIGHT    /* a routed unit's flight in the Morale Recovery Segment */
} lb_retreat_kind;


/* One modifier to the roll, in base-6 steps. */
typedef struct lb_morale_mod {
    const char *rule;   /* ruling id ("R-MOR-1"), or "caller" */
    const char *reason; /* "leader fr-ldr-oudinot", "disordered", … */
    int value;
} lb_morale_mod;

typedef struct lb_morale_chance {
    int morale;                          /* the unit's morale value, 11..66 */
    lb_morale_mod mods[LB_MORALE_MODS_MAX];
    int nmods;
    int modifier;                        /* sum of mods */
    int leader;                          /* unit index of the leader whose bonus counts, or -1 */
    int need;                            /* lowest natural roll that passes by the modifiers
                                          * alone, 0 when none does */
    int auto_pass, auto_fail;            /* natural rolls that always pass / fail (0: none) */
    unsigned char passes[36];            /* by roll index: 1 when that natural roll passes */
    lb_frac p_pass;                      /* passing rolls / 36 */
} lb_morale_chance;

/* Ordinary check (R-MOR-7) or the Morale Recovery Segment's check (R-MOR-8). */
typedef enum lb_morale_kind { LB_CHECK_ORDINARY, LB_CHECK_RECOVERY } lb_morale_kind;

/* What a check leads to, for one unit of one generation of the state (lb_state_touch). */
typedef struct lb_morale_outcome {
    const char *unit;       /* id of the unit checked (the state's string) */
    unsigned long long generation; /* the state's when the outcome was worked out */
    int passed;
    lb_morale_state from, to;
    lb_formation formation; /* the formation after (R-MOR-13) */
    int moves;              /* 1 when a retreat, rout or flight follows */
    lb_retreat_kind move;
} lb_morale_outcome;

typedef struct lb_morale_result {
    lb_morale_chance odds;
    int roll;          /* natural roll 11..66 */
    int modified;      /* roll + modifier (R-DICE-2) */
    int automatic;     /* 1: the chart's automatic pass, -1: automatic fail, 0: neither */
    lb_morale_outcome outcome;
} lb_morale_result;

#endif
