/* Infantry fire (21), (22), (24): fire value, fire defence, odds, outcomes, roll, effects. */
#ifndef LB_FIRE_H
#define LB_FIRE_H

#include "dice.h"
#include "fire_charts.h"
#include "frac.h"
#include "morale.h"
#include "state.h"
#include "trace.h"

/*
 * One unit fires at one target hex (R-FIRE-1..8 and the project's R-FIRE-9..17, docs/rulings.md).
 * lb_fire_check answers whether it may and with what fire value; lb_fire_odds adds the target's
 * fire defence, the odds column and the exact distribution over the 36 rolls of the increments
 * the hex loses, of each unit's fire-loss morale check and of a leader casualty; lb_fire_resolve
 * rolls the fire, the morale checks (lb_morale_resolve) and the leader casualty dice, in that
 * order; lb_fire_apply changes the state. A unit that may not fire is an answer (allowed = 0 with
 * the ruling and the reason), not an error. Results are plain values owned by the caller; the
 * column and trigger pointers point into the state's charts.
 */

#define LB_FIRE_REASON_MAX 320
#define LB_FIRE_UNITS_MAX 16 /* units (combat units, leaders) in a target hex */

/* One hex of the firing unit (R-FIRE-3, R-FIRE-6, R-FIRE-8). */
typedef struct lb_fire_hex {
    lb_hex hex;
    int increments;   /* the unit's increments in this hex: as even as possible, odd ones first */
    int distance;     /* to the target */
    int in_range;
    int front;        /* the sight line leaves through the front (R-FIRE-8); 0 when not asked */
    int exit[2];      /* the hexside(s) it leaves by: one, or the two at the corner it passes */
    int nexit;
    int los;          /* sees the target (rule 23); 0 when not asked */
    lb_hex blocked_at;/* where the sight line was blocked, when in range and front but no LOS */
    int fires;
    int firing;       /* increments that fire from this hex */
    int halved;       /* skirmish fire at 2 hexes or more (R-FIRE-4) */
    lb_frac value;    /* this hex's part of the fire value (multiples) */
} lb_fire_hex;

/* May a unit fire at a hex, and with what value. */
typedef struct lb_fire_value {
    int allowed;
    const char *rule;                /* the ruling behind a refusal; NULL when allowed */
    char reason[LB_FIRE_REASON_MAX]; /* why not; "" when allowed */
    int unit;
    lb_hex target;
    int printed;                     /* fires its printed value (R-FIRE-2, R-FIRE-5, R-FIRE-9) */
    int per_hex;                     /* increments per hex (multiples) */
    lb_frac multiple;                /* 0 when printed */
    int range;
    lb_fire_hex hexes[LB_UNIT_MAX_HEXES];
    int nhexes;
    int increments_firing;           /* increments that fire (printed: all the unit has) */
    lb_frac value;                   /* the fire value, exact or rounded down once (R-MOR-9) */
    char breakdown[LB_FIRE_REASON_MAX]; /* "line, 2 hexes: 4 + 4 increments × 3 (…) = 24" */
} lb_fire_value;

/* The target hex's fire defence (R-FIRE-7, R-FIRE-10, R-FIRE-11). */
typedef struct lb_fire_defence {
    int unit;          /* the defending unit whose formation is read */
    int terrain;       /* terrain type of the target hex */
    const char *read;  /* "road", "flank", "disordered", "routed" or the formation read */
    int flank;         /* a firing hex's sight line enters through a flank hexside */
    int base;          /* the value read */
    int artillery;     /* with_artillery delta added (infantry with artillery), 0 when none */
    int value;         /* base + artillery, at least 1 */
} lb_fire_defence;

/* What the fire does to one combat unit of the target hex, by the increments the hex loses. */
typedef struct lb_fire_target {
    int unit;
    int strength;                                /* its increments before the fire */
    int in_hex;                                  /* of them in the target hex (R-FIRE-12) */
    const lb_fire_trigger *trigger;              /* its fire-loss trigger; NULL: every loss */
    unsigned char loss[LB_FIRE_LOSS_MAX + 1];    /* increments it loses (R-FIRE-13) */
    unsigned char check[LB_FIRE_LOSS_MAX + 1];   /* 1: a fire-loss morale check (R-FIRE-14) */
    lb_frac p_check;                             /* over the 36 rolls */
    lb_frac p_eliminated;
} lb_fire_target;

/* Everything fire decides before the dice, with the exact distribution (R-DICE-4). */
typedef struct lb_fire_chance {
    int allowed;
    const char *rule;
    char reason[LB_FIRE_REASON_MAX];
    lb_fire_value fire;
    lb_fire_defence defence;
    const lb_fire_column *column;  /* NULL when below the lowest column with no effect */
    int below;                     /* the ratio is below the lowest column */
    int above;                     /* the ratio is above the highest column (read there) */
    int target_increments;         /* every increment in the target hex (R-FIRE-12) */
    int massed;                    /* roll modifier for a massed target (22) */
    unsigned char loss[36];        /* by natural roll index: increments the hex loses */
    lb_frac p_loss[LB_FIRE_LOSS_MAX + 1];
    int max_loss;
    lb_fire_target units[LB_FIRE_UNITS_MAX]; /* combat units of the target hex, top first */
    int nunits;
    int leaders[LB_FIRE_UNITS_MAX];          /* leaders in the target hex */
    int nleaders;
    lb_frac p_casualty;            /* a natural roll calls for a leader casualty check */
} lb_fire_chance;

/* A leader casualty rolled on the one-die table (R-FIRE-15). */
typedef struct lb_fire_casualty {
    int leader;
    int die;                          /* the die that stands */
    int rerolls;                      /* dice re-rolled because of reroll_if_fire */
    const lb_casualty_entry *entry;
    int hours;                        /* hours out of play */
    int checks[LB_FIRE_UNITS_MAX];    /* units that must check morale (7), not rolled here */
    int nchecks;
} lb_fire_casualty;

/* What the fire did to one combat unit of the target hex. */
typedef struct lb_fire_hit {
    int unit;
    int loss;
    int eliminated;
    int check;                 /* a fire-loss morale check is due (R-FIRE-14) */
    lb_morale_result morale;   /* its roll and outcome when check */
} lb_fire_hit;

typedef struct lb_fire_result {
    lb_fire_chance odds;
    int roll;                  /* natural fire roll 11..66; 0 when not allowed */
    int modified;              /* with the massed-target modifier (R-DICE-2) */
    int loss;                  /* increments the hex loses */
    lb_fire_hit hits[LB_FIRE_UNITS_MAX];
    int nhits;
    int casualty;              /* the natural roll called for a leader casualty check */
    lb_fire_casualty casualties[LB_FIRE_UNITS_MAX];
    int ncasualties;
} lb_fire_result;

/* May unit fire at target, and its fire value with the breakdown (R-FIRE-1..6, R-FIRE-8,
 * R-FIRE-9, R-FIRE-16). LB_OK (an answer, allowed or not); LB_INVALID for a bad unit index or a
 * target off the map; LB_NOMEM. */
int lb_fire_check(const lb_state *s, int unit, lb_hex target, lb_fire_value *out, lb_trace *t);
/* The whole answer before the dice: fire value, fire defence, odds column, massed target and the
 * exact distributions (R-FIRE-7, R-FIRE-10..15, R-DICE-4). Returns as lb_fire_check. */
int lb_fire_odds(const lb_state *s, int unit, lb_hex target, lb_fire_chance *out, lb_trace *t);
/* Rolls: the fire ("fire"), each due fire-loss morale check top first ("morale check"), then each
 * leader's casualty die ("leader casualty") and hours out ("leader hours out"). When the fire is
 * not allowed nothing is rolled. LB_OK, LB_INVALID, LB_NOMEM, or LB_DICE (scripted dice short or
 * of the wrong kind). */
int lb_fire_resolve(const lb_state *s, int unit, lb_hex target, lb_dice *dice, lb_fire_result *out,
                    lb_trace *t);
/* Applies a resolved fire to s: losses, morale states (their retreats are lb_retreat's), lines
 * and screens closing up (R-FIRE-17), eliminated units and fallen leaders removed (unit indexes
 * after a removed unit shift down); reindexes. LB_OK, LB_INVALID (result not of this state),
 * LB_NOMEM. */
int lb_fire_apply(lb_state *s, const lb_fire_result *r);

#endif
