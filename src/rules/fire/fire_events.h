/* The events of fire (21)-(28): what the fire rules record, why they refuse a fire, and the breakdown of a fire value; their sentences are in src/answer/words/fire.c. */
#ifndef LB_FIRE_EVENTS_H
#define LB_FIRE_EVENTS_H

#include "event.h"

#define FIRE_EV(i) LBI_EVENT_KIND(LBI_EVA_FIRE, i)

/*
 * A refusal (EV_FIRE_NOT_TOP .. EV_FIRE_NO_TABLE) is what a fire answer's why says; its first two
 * arguments frame it and are not set there: 0, what the trace says before it (FIRE_PH_FRAME:
 * "may not fire"), and 1, the firer it is about when several fire together. Its own arguments
 * follow, from 2.
 */
enum fire_event {
    /* refusals of one unit: frame, firer, then */
    EV_FIRE_NOT_TOP = FIRE_EV(1), /* disordered (1) or not, formation, hex, top unit */
    EV_FIRE_NOT_TOP_BATTERY,      /* hex, top battery */
    EV_FIRE_UNABLE,               /* unit, why (RULES_PH_UNABLE) */
    EV_FIRE_NO_ENEMY,             /* target */
    EV_FIRE_CAVALRY_IN_CARRE,     /* target */
    EV_FIRE_DISORDER_NO_FIRE,     /* unit, formation, troop, troop's class? */
    EV_FIRE_NO_MULTIPLE,          /* troop, troop's class?, formation */
    EV_FIRE_NEARER,               /* nearer hex, its distance, the battery's hex, target,
                                   * distance */
    EV_FIRE_OUT_OF_RANGE,         /* target, distance, firing hex, range */
    EV_FIRE_NOT_IN_FRONT,         /* target, firing hex, hexside, other hexside at the corner?,
                                   * formation, facing */
    EV_FIRE_NO_LOS,               /* firing hex, target, where it is blocked */
    EV_FIRE_ZERO,                 /* unit */
    /* refusals of a fire together: frame, firer, then */
    EV_FIRE_OTHER_SIDE,           /* unit, its side, lead firer, the fire's side */
    EV_FIRE_TWICE,                /* unit */
    EV_FIRE_GUNS_WITH_INFANTRY,   /* batteries, hex */
    EV_FIRE_INFANTRY_FULL,        /* unit, hex, increments */
    EV_FIRE_THREE_HEXES_MAX,      /* none */
    EV_FIRE_NOT_ADJACENT,         /* hex, hex */
    EV_FIRE_NO_ARTILLERY_LEADER,  /* hex, hex */
    EV_FIRE_NO_SPECIAL_LEADER,    /* hex, hex, hex */
    /* refusals of the odds: frame, firer, then */
    EV_FIRE_NO_ROAD_DEFENCE,      /* none */
    EV_FIRE_NO_DEFENCE,           /* what is read, terrain */
    EV_FIRE_NO_TABLE,             /* none */

    /* one unit */
    EV_FIRE_FIRER,            /* unit, troop, troop's class?, formation, morale state,
                               * increments, of increments, side, target, kind */
    EV_FIRE_TOP,              /* unit, hex */
    EV_FIRE_BATTERIES_OPEN,   /* hex, other batteries, unit */
    EV_FIRE_TOP_BATTERY,      /* hex, unit */
    EV_FIRE_CARRE_ON_CAVALRY, /* unit, target */
    EV_FIRE_RANGE,            /* firing hex, target, distance, range, in range (1) or not */
    EV_FIRE_LEAVES_CARRE,     /* firing hex, hexside, other hexside? */
    EV_FIRE_LEAVES,           /* firing hex, hexside, other hexside?, front (1) or not,
                               * formation, facing */
    EV_FIRE_LEAVES_NO_FACING, /* firing hex, hexside, other hexside? */
    EV_FIRE_NONE_NEARER,      /* unit, target, distance */
    EV_FIRE_RANGE_ADJACENT,   /* kind */
    EV_FIRE_RANGE_PRINTED,    /* unit, range */
    EV_FIRE_RANGE_CHARTS,     /* unit, range, nation, class */
    EV_FIRE_RANGE_DEFAULT,    /* unit, range */
    EV_FIRE_CANISTER_RANGE,   /* unit, distance, close range */
    EV_FIRE_LONG_RANGE,       /* unit, distance, long range from, multiplier */
    EV_FIRE_MIDDLE_RANGE,     /* unit, distance, close range */
    EV_FIRE_HALF,             /* none */
    EV_FIRE_AS_DISORDERED,    /* formation, range */
    EV_FIRE_PRINTED,          /* troop, troop's class?, formation, range */
    EV_FIRE_MULTIPLE,         /* troop, troop's class?, formation, multiple, per hex, range */
    EV_FIRE_IN_CARRE,         /* unit, hex */
    EV_FIRE_NOT_OFFENSIVE,    /* unit, kind */
    EV_FIRE_HEX_VALUE,        /* hex, increments firing, its increments, per hex, capped (1) or
                               * not, multiple, halved (1) or not, value */
    EV_FIRE_SCREEN_MIXED,     /* none */
    EV_FIRE_TIMES,            /* unit, value, multiplier, long range (1), in a carré (1), value */
    EV_FIRE_ROUND_DOWN,       /* value, rounded value */
    EV_FIRE_BREAKDOWN,        /* FIRE_BREAKDOWN_ARGS, below */
    EV_FIRE_BREAKDOWN_PRINTED, /* FIRE_BREAKDOWN_ARGS, below */
    /* several units */
    EV_FIRE_INFANTRY_WITH_GUNS, /* battery, hex, increments, of a carré (1) or not */
    EV_FIRE_TWO_HEXES,          /* hex, hex, leader, his hex */
    EV_FIRE_THREE_HEXES,        /* hex, hex, hex, leader, his hex */
    EV_FIRE_SUM,                /* FIRE_SUM_ARGS, below */
    EV_FIRE_CANISTER,           /* columns */
    EV_FIRE_NO_CANISTER,        /* batteries at close range, batteries */
    EV_FIRE_LEADER_ASIDE,       /* leader, his hex */
    EV_FIRE_NO_LEADER,          /* none */
    EV_FIRE_LEADER,             /* leader, his hex, modifier */
    EV_FIRE_REFUSED_TOGETHER,   /* unit, its ruling, firers */
    EV_FIRE_TARGET_HEX,         /* target unit, its hexes, the hex fired at */
    EV_FIRE_TARGET_HEXES,       /* target unit, its hexes, hexes that may be fired at */
    /* the odds and the dice */
    EV_FIRE_DEFENDER,           /* target, terrain, defender, formation, morale state, the top
                                 * infantry of a hex with artillery (1) or the top unit */
    EV_FIRE_FLANK,              /* firing hex, target, hexside, other hexside?, formation, facing */
    EV_FIRE_NO_FLANK,           /* target, defender */
    EV_FIRE_DEFENCE,            /* value, what is read, terrain? (for a formation or a state) */
    EV_FIRE_WITH_ARTILLERY,     /* modifier, value */
    EV_FIRE_LOSS_ODDS,          /* increments, rolls of 36, chance, its units take fewer (1) or
                                 * not, increments they take */
    EV_FIRE_TAKEN_ODDS,         /* increments, rolls of 36, chance */
    EV_FIRE_LONE_GUNS,          /* none */
    EV_FIRE_GUNS_TAKE_EVEN,     /* none */
    EV_FIRE_IN_TURN,            /* none */
    EV_FIRE_TRIGGER,            /* unit, increments lost before, trigger? (none: every loss),
                                 * from (0: the first), its suffix (FIRE_PH_ORDINAL), chance of a
                                 * check, chance of elimination */
    EV_FIRE_BELOW,              /* fire value, fire defence, lowest column */
    EV_FIRE_COLUMN,             /* fire value, fire defence, column, how (FIRE_PH_COLUMN) */
    EV_FIRE_CANISTER_SHIFT,     /* column read?, column after? (none: no effect) */
    EV_FIRE_MASSED,             /* increments, the charts have massed_target (1) or not,
                                 * modifier */
    EV_FIRE_MODIFIERS,          /* massed, leader's, leader, modifier */
    EV_FIRE_CASUALTY_ODDS,      /* leaders, lowest roll, highest roll, chance, each one's */
    EV_FIRE_ROLL,               /* roll, modifier, modified roll, column?, increments */
    EV_FIRE_HIT,                /* unit, increments, first, last, eliminated (1), a check (1) */
    EV_FIRE_CASUALTY,           /* leader, die, result, wound? */
    EV_FIRE_REROLL,             /* die */
    EV_FIRE_HOURS_OUT,          /* leader, hours */
    EV_FIRE_HEX_CHECKS,         /* units, his morale bonus */
    EV_FIRE_CASUALTY_VICTIM,    /* leader, leaders */
    EV_FIRE_END
};

/* Phrase lists. */
enum fire_phrases {
    FIRE_PH_FRAME = FIRE_EV(1), /* what the trace says before a refusal (enum fire_frame) */
    FIRE_PH_ORDINAL,            /* the suffix of an ordinal number (enum fire_ordinal) */
    FIRE_PH_COLUMN,             /* how a column is read (enum fire_column) */
    FIRE_PH_END
};

enum fire_frame { FIRE_UNFRAMED, FIRE_MAY_NOT, FIRE_MAY_NOT_TOGETHER };
enum fire_ordinal { FIRE_TH, FIRE_ND, FIRE_RD };
enum fire_column { FIRE_COLUMN_BELOW, FIRE_COLUMN_ABOVE, FIRE_COLUMN_LISTED };

/*
 * The breakdown of a fire value (EV_FIRE_BREAKDOWN: multiples; EV_FIRE_BREAKDOWN_PRINTED):
 *   0 formation; multiples: 1 hexes, 2 each hex's product said (1) or one product, 3 multiple,
 *   4 halved at 2 hexes (1), 5 troop, 6 troop's class?, 7 the hexes' sum; printed: 1 printed
 *   value, 2 increments lost, 3 of increments, 4 disordered (1); both: 8 multiplied (1), 9 the
 *   multiplier, 10 long range (1), 11 in a carré (1), 12 the value, 13 rounded down (1), 14 to;
 *   multiples: from 15, 3 a hex of the unit: listed (1), increments firing, halved (1).
 */
#define FIRE_BREAKDOWN_HEXES 8 /* LB_UNIT_MAX_HEXES */
#define FIRE_BREAKDOWN_ARGS (15 + 3 * FIRE_BREAKDOWN_HEXES)

/*
 * The sum of a fire together (EV_FIRE_SUM): 0 firers (0: the sum alone), 1 the fire value,
 * 2 firers beyond the list, then from 3, 2 a firer: unit?, fire value.
 */
#define FIRE_SUM_FIRERS 24
#define FIRE_SUM_ARGS (3 + 2 * FIRE_SUM_FIRERS)

#endif
