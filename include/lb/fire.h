/* Fire (21)-(28): one unit or several at one hex: fire value, defence, odds, outcomes, roll, effects. */
#ifndef LB_FIRE_H
#define LB_FIRE_H

#include "dice.h"
#include "fire_charts.h"
#include "frac.h"
#include "morale.h"
#include "state.h"
#include "trace.h"

/*
 * A fire request names the kind of fire (offensive, defensive, opportunity: (27), (28)), the
 * target hex and the units that fire at it together, the first one leading (R-FIRE-1..8 and the
 * project's R-FIRE-9..27, docs/rulings.md). lb_fire_check answers for one unit: may it fire at
 * the hex, with what value. lb_fire_group_check answers for a request: may each firer fire, may
 * they fire together (21), (25), and the value they sum to. lb_fire_odds adds the target's fire
 * defence, the odds column and the exact distribution over the 36 rolls of the increments the
 * hex loses, of each unit's fire-loss morale check and of a leader casualty; lb_fire_resolve
 * rolls the fire, the morale checks (lb_morale_resolve) and the leader casualty dice, in that
 * order; lb_fire_apply changes the state. A fire that may not be made is an answer (allowed = 0
 * with the ruling and the reason), not an error.
 *
 * Memory: lb_fire_value is a plain value. A group, a chance and a result own arrays sized by the
 * request and by the target hex (any number of firers, any number of units in the hex); the
 * function that fills one overwrites it, so release the previous answer first, and release each
 * with its _release function, also after an error (releasing a zeroed or released one does
 * nothing). Column and trigger pointers point into the state's charts. Units are named by id
 * (the state's strings) and, for the reader's convenience, by their index in the state as it was
 * when the answer was worked out. A result records that state's generation (lb_state_touch):
 * lb_fire_apply refuses it once the state has changed (LB_STALE), and finds its units by id.
 */

#define LB_FIRE_REASON_MAX 320 /* a buffer that holds any reason or breakdown in words */

/* The kind of fire: it sets the range of every unit (R-FIRE-19) and the closest-target rule. */
typedef enum lb_fire_kind { LB_FIRE_OFFENSIVE, LB_FIRE_DEFENSIVE, LB_FIRE_OPPORTUNITY } lb_fire_kind;

/* Units firing together at one hex (R-FIRE-23); a single fire is a request of one firer. */
typedef struct lb_fire_request {
    lb_fire_kind kind;
    lb_hex target;
    const int *firers;   /* unit indexes, the first one leads; owned by the caller */
    int nfirers;         /* at least 1 */
} lb_fire_request;

/* One hex of a firing unit (R-FIRE-3, R-FIRE-6, R-FIRE-8). */
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
    int capped;       /* firing was held below the unit's density by a group rule (R-FIRE-24) */
    int halved;       /* skirmish fire at 2 hexes or more (R-FIRE-4) */
    lb_frac value;    /* this hex's part of the fire value (multiples) */
} lb_fire_hex;

/* May one unit fire at a hex, and with what value. */
typedef struct lb_fire_value {
    int allowed;
    const char *rule;                /* the ruling behind a refusal; NULL when allowed */
    lb_said why;                     /* why not (lb_said_fmt); nothing said when allowed */
    const char *id;                  /* the firing unit's id */
    int unit;                        /* its index */
    lb_hex target;
    lb_fire_kind kind;
    int printed;                     /* fires its printed value (R-FIRE-2, R-FIRE-5, R-FIRE-9) */
    int per_hex;                     /* increments per hex (multiples) */
    lb_frac multiple;                /* 0 when printed */
    int range;                       /* hexes (R-FIRE-19) */
    int battery;                     /* unlimbered artillery: (25), (26) apply */
    int distance;                    /* from its nearest firing hex to the target */
    int canister;                    /* a battery within its close range (R-FIRE-20) */
    int long_range;                  /* a battery at long range (R-FIRE-20) */
    int in_carre;                    /* a battery stacked with a friendly carré (R-FIRE-25) */
    lb_frac times;                   /* long range and carré multipliers together; 1 if none */
    int has_nearer;                  /* refused for a nearer legal target (R-FIRE-21) */
    lb_hex nearer;                   /* that target, when has_nearer */
    lb_fire_hex hexes[LB_UNIT_MAX_HEXES];
    int nhexes;
    int increments_firing;           /* increments that fire (printed: all the unit has) */
    lb_frac value;                   /* the fire value, exact or rounded down once (R-MOR-9) */
    lb_frac exact;                   /* the value before that rounding */
    lb_frac sum;                     /* multiples: the hexes' values summed, before times */
    /* what its breakdown (lb_fire_value_breakdown) shows of the unit: */
    lb_formation formation;
    const char *troop[2];            /* its nation's and class's names (the charts', else the
                                      * ids; the arm when no nation, NULL when no class) */
    int fire, losses, increments;    /* printed fire value, increments lost, increments */
    int disordered;
} lb_fire_value;

/* May the units of a request fire together at the hex, and with what value (R-FIRE-23..27). */
typedef struct lb_fire_group {
    int allowed;
    const char *rule;                /* the ruling behind a refusal; NULL when allowed */
    lb_said why;                     /* why not (lb_said_fmt); nothing said when allowed */
    lb_fire_kind kind;
    lb_hex target;
    int side;                        /* the firing side */
    lb_fire_value *firers;           /* one per firer of the request, in its order (owned) */
    int nfirers;
    lb_frac value;                   /* the fire value: the firers' values summed */
    int increments_firing;
    int batteries;                   /* firing batteries */
    int canister;                    /* columns the odds move right (R-FIRE-20); 0: none */
    const char *leader_id;           /* the leader whose artillery bonus modifies the roll, NULL */
    int leader;                      /* his index, -1 */
    int leader_modifier;             /* that bonus (R-FIRE-27); 0 when none */
} lb_fire_group;

/* The target hex's fire defence (R-FIRE-7, R-FIRE-10, R-FIRE-11). */
typedef struct lb_fire_defence {
    const char *id;    /* the defending unit whose formation is read */
    int unit;          /* its index */
    int terrain;       /* terrain type of the target hex */
    const char *read;  /* "road", "flank", "disordered", "routed" or the formation read */
    int flank;         /* a firing hex's sight line enters through a flank hexside */
    int base;          /* the value read */
    int artillery;     /* with_artillery delta added (infantry with artillery), 0 when none */
    int value;         /* base + artillery, at least 1 */
} lb_fire_defence;

/* What the fire does to one combat unit of the target hex, by the increments the hex loses. */
typedef struct lb_fire_target {
    const char *id;
    int unit;                                    /* its index */
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
    lb_said why;                       /* why not (lb_said_fmt); nothing said when allowed */
    lb_fire_group fire;                /* the firers and the fire value (owned) */
    lb_fire_defence defence;
    const lb_fire_column *read;        /* the column the ratio reads; NULL: below, no effect */
    const lb_fire_column *column;      /* after the canister shift; NULL when no effect */
    int below;                         /* the ratio is below the lowest column */
    int above;                         /* the ratio is above the highest column (read there) */
    int target_increments;             /* every increment in the target hex (R-FIRE-12) */
    int massed;                        /* roll modifier for a massed target (22) */
    int modifier;                      /* massed + the artillery leader's bonus (R-FIRE-27) */
    unsigned char loss[36];            /* by natural roll index: increments the hex loses */
    lb_frac p_loss[LB_FIRE_LOSS_MAX + 1]; /* the hex's loss, as the fire table reads it */
    int max_loss;
    unsigned char taken[LB_FIRE_LOSS_MAX + 1]; /* by hex loss: increments its units take in all */
    lb_frac p_taken[LB_FIRE_LOSS_MAX + 1]; /* what its units lose in all (R-FIRE-13): less than
                                            * the hex's loss when lone unlimbered guns take only
                                            * its even-numbered increments or it is beyond the
                                            * hex's strength */
    int max_taken;
    lb_fire_target *units;             /* combat units of the target hex, top first (owned) */
    int nunits;
    int *leaders;                      /* leaders in the target hex (owned) */
    int nleaders;
    lb_frac p_casualty;                /* a natural roll calls for a leader casualty check */
    lb_frac p_casualty_each;           /* each leader's chance to be its one casualty (R-CAS-1):
                                        * p_casualty / nleaders */
} lb_fire_chance;

/* A leader casualty rolled on the one-die table (R-FIRE-15). */
typedef struct lb_fire_casualty {
    const char *leader_id;
    int leader;                       /* his index */
    int die;                          /* the die that stands */
    int rerolls;                      /* dice re-rolled because of reroll_if_fire */
    const lb_casualty_entry *entry;
    int hours;                        /* hours out of play */
    int nchecks;                      /* the first nchecks of odds.units (all or none) must
                                         check morale (7), not rolled here */
} lb_fire_casualty;

/* What the fire did to one combat unit of the target hex. */
typedef struct lb_fire_hit {
    const char *id;
    int unit;                  /* its index */
    int loss;
    int eliminated;
    int check;                 /* a fire-loss morale check is due (R-FIRE-14) */
    lb_morale_result morale;   /* its roll and outcome when check */
} lb_fire_hit;

typedef struct lb_fire_result {
    unsigned long long generation; /* the state's when the fire was resolved */
    lb_fire_chance odds;       /* owned */
    int roll;                  /* natural fire roll 11..66; 0 when not allowed */
    int modified;              /* with the roll modifiers (R-DICE-2) */
    int loss;                  /* increments the hex loses */
    lb_fire_hit *hits;         /* one per unit of odds.units (owned) */
    int nhits;
    int casualty;              /* the natural roll called for a leader casualty check */
    lb_fire_casualty *casualties; /* the one leader of odds.leaders who takes it, when casualty
                                   * (R-CAS-1; owned) */
    int ncasualties;
} lb_fire_result;



#endif
