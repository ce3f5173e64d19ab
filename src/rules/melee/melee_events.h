/* The events of melee (29), (32)-(35): what the declaration, the values, the pre-melee checks, the odds and the melee played record; their sentences are in src/answer/words/melee.c. */
#ifndef LB_MELEE_EVENTS_H
#define LB_MELEE_EVENTS_H

#include "event.h"

#define MEL_EV(i) LBI_EVENT_KIND(LBI_EVA_MELEE, i)

/*
 * Leads. A reason the melee may not be made is said twice: as the chance's why and as a step of
 * the trace, which adds "the melee may not be made: " before it. Its first argument, the lead,
 * says which (1 in the trace, 0 in the why). A decision's prompt (EV_MEL_ASK_…) has two leads:
 * the key answered and how it was taken (MEL_PH_TAKEN), written after the prompt in the trace,
 * empty in the decision. The other arguments follow the leads.
 */
enum melee_event {
    /* the melee may not be made (lead: 1 in the trace) */
    EV_MEL_LISTED_TWICE = MEL_EV(1), /* lead, unit */
    EV_MEL_LEADER,                   /* lead, unit */
    EV_MEL_OTHER_SIDE,               /* lead, unit, the first attacker */
    EV_MEL_ROUTED,                   /* lead, unit */
    EV_MEL_IN_CARRE,                 /* lead, unit */
    EV_MEL_FORCE_MARCHED,            /* lead, unit */
    EV_MEL_FIRED_ELSEWHERE,          /* lead, unit, the hex it fired at, the target */
    EV_MEL_CARRE_FROM_OUTSIDE,       /* lead, cavalry, the carré's hex */
    EV_MEL_STANDS_IN_TARGET,         /* lead, unit, target */
    EV_MEL_PROHIBITED,               /* lead, unit, target, the hex it would step from */
    EV_MEL_TOO_MANY,                 /* lead, the most units in a melee */
    EV_MEL_NO_DEFENDER,              /* lead, target */
    EV_MEL_FLANK_ONLY,               /* lead, unit, target */
    EV_MEL_NOT_NEXT,                 /* lead, unit, target */
    EV_MEL_CAVALRY_JOINED,           /* lead */
    EV_MEL_NO_TABLE,                 /* lead */
    EV_MEL_NO_PREMELEE_CHART,        /* lead */
    /* the declaration (R-MEL-1..6, R-MEL-25) */
    EV_MEL_FIRED_AT,                 /* unit, target */
    EV_MEL_CARRE_INSIDE,             /* cavalry, the carré's hex */
    EV_MEL_NOT_IN_FRONT,             /* unit, its hex, target */
    EV_MEL_THROUGH,                  /* unit, target, from, hexside class, defender */
    EV_MEL_MAY_STEP,                 /* unit, target, arm, the hexes it steps from (six, "" for
                                      * none) */
    EV_MEL_CARRE_NEXT,               /* unit */
    EV_MEL_CAVALRY_ONLY,             /* - */
    EV_MEL_DECLARED,                 /* attackers, defenders, target, hexside class */
    EV_MEL_CHARGE_OWES,              /* unit, straight (1), halved (1), times, exhausted (1) */
    EV_MEL_STOOD,                    /* unit */
    /* values (R-MEL-13, R-MEL-14, R-MOR-9, R-MEL-16) */
    EV_MEL_LANCE,                    /* unit, formation, lance bonus printed, bonus */
    EV_MEL_NO_LANCE,                 /* unit, lance bonus printed, why (MEL_PH_NO_LANCE) */
    EV_MEL_TIMES,                    /* unit, on the lance (1), times, ruling, factor
                                      * (MEL_PH_FACTOR) */
    EV_MEL_TIMES_CHART,              /* unit, on the lance (1), times, the chart entry's id */
    EV_MEL_VALUE,                    /* attacking (1), unit, value, lance (1), lance bonus */
    EV_MEL_ROUND_DOWN,               /* unit, value, rounded down */
    EV_MEL_ATTACK_DEFENCE,           /* attack, defence */
    EV_MEL_LEADERS,                  /* attacker's bonus, his leader or "", defender's bonus,
                                      * his leader or "", roll modifier */
    /* pre-melee morale (R-MEL-9..12) */
    EV_MEL_COUNTED,                  /* increments attacking, defending */
    EV_MEL_NO_CHECKS,                /* - */
    EV_MEL_PREMELEE_ODDS,            /* attacking, defending, column or "" */
    EV_MEL_ATTACKERS_PASS,           /* the chart's situation */
    EV_MEL_NO_CHECK,                 /* unit, why (MEL_PH_EXEMPT) */
    EV_MEL_CHECKS,                   /* attacking (1), unit, chart modifier */
    EV_MEL_FAILS_IN_PLACE,           /* unit, its morale state */
    /* odds (R-MEL-15, R-MEL-23) */
    EV_MEL_ODDS,                     /* attack, defence, column or "", below (1), above (1) */
    EV_MEL_OUTCOME,                  /* result, probability */
    /* the melee played: its events (lb_melee_event) and decisions */
    EV_MEL_NO_RETIRE,                /* unit, why (MEL_PH_NO_RETIRE) */
    EV_MEL_PREMELEE_CHECK,           /* attacking (1), unit, roll, modifier, modified, morale,
                                      * passed (1) */
    EV_MEL_CASUALTY,                 /* natural roll, leader, die, result or "", wound or "",
                                      * hours out */
    EV_MEL_ROLL,                     /* attack, defence, column or "", roll, modifier, modified,
                                      * result */
    EV_MEL_ALL_RETIRED,              /* - */
    EV_MEL_DEFENDERS_LEFT,           /* - */
    EV_MEL_ATTACKERS_FAILED,         /* - */
    EV_MEL_LEADER_CAPTURED,          /* leader, hex */
    EV_MEL_LEADER_MOVES,             /* leader, with the unit (1) or escaping, from, to */
    EV_MEL_NO_PATH,                  /* unit, hex */
    EV_MEL_RETREAT,                  /* unit, how (MEL_PH_MOVING), from, to, hexes */
    EV_MEL_HOLD,                     /* unit, hexes */
    EV_MEL_ZONE_ROUT,                /* unit */
    EV_MEL_ZONE_LOSS,                /* unit, increments, eliminated (1) */
    EV_MEL_FAILED,                   /* unit, state before, after, moves (1), the move's kind */
    EV_MEL_MORALE_CHECK,             /* unit, why (MEL_PH_CHECK_WHY), roll, modifier, modified,
                                      * morale, passed (1) */
    EV_MEL_LOSS,                     /* unit, increments, eliminated (1) */
    EV_MEL_HIT,                      /* unit, state before, after, a carré (1) */
    EV_MEL_SURRENDERS,               /* unit */
    EV_MEL_ALREADY_IN,               /* unit, target */
    EV_MEL_NO_ADVANCE,               /* target */
    EV_MEL_ADVANCES,                 /* unit, target */
    EV_MEL_ADVANCE_FORMATION,        /* unit, target, formation, formation before */
    EV_MEL_DECIDED_BY,               /* decision kind, subject, automatically (1) or by a standing
                                      * answer, key */
    EV_MEL_LEADER_RETIRES,           /* leader, from, to */
    EV_MEL_PURSUIT,                  /* pursuer, defender, hex */
    EV_MEL_PURSUIT_NONE,             /* the hex the defenders left */
    EV_MEL_PURSUIT_APART,            /* pursuer, the hex it entered */
    EV_MEL_PURSUIT_BARRED,           /* pursuer, the defender's hex */
    /* prompts (two leads: key, MEL_PH_TAKEN) and options */
    EV_MEL_ASK_RETIRE,               /* leads, unit */
    EV_MEL_ASK_PRESERVE,             /* leads, cavalry, its readiness */
    EV_MEL_ASK_LEADER,               /* leads, leader, hex */
    EV_MEL_ASK_END,                  /* leads, unit, how (MEL_PH_MOVING, or the retreat kind),
                                      * from, movement points, hexes, by the result (1) */
    EV_MEL_ASK_END_HEXES,            /* the same, a length in hexes */
    EV_MEL_ASK_ADVANCE,              /* leads, why (MEL_PH_ADVANCE_WHY), target */
    EV_MEL_ASK_LEADER_TO,            /* leads, leader, hex */
    EV_MEL_ASK_PURSUIT,              /* leads, pursuer, the hex it entered */
    EV_MEL_OPT_STAND,                /* - */
    EV_MEL_OPT_RETIRE,               /* - */
    EV_MEL_OPT_FULL,                 /* - */
    EV_MEL_OPT_PRESERVE,             /* - */
    EV_MEL_OPT_TO,                   /* hex */
    EV_MEL_OPT_END,                  /* hex, increments lost, routed (1), surrender later (1) */
    EV_MEL_OPT_ENTER,                /* unit, target */
    EV_MEL_OPT_STAY,                 /* - */
    EV_MEL_OPT_LEADER_RETIRE,        /* - */
    EV_MEL_OPT_MELEE,                /* hex */
    EV_MEL_ATTACHED_ADVANCES,        /* leader, unit, target */
    EV_MEL_CARRE_REPULSES,           /* cavalry */
    EV_MEL_CASUALTY_VICTIM,          /* leader, leaders, a bonus used (1), the leader used */
    EV_MEL_BROKEN_CARRE_INSIDE,      /* cavalry, the hex it stands in */
    EV_MEL_END
};

/* Phrase lists. */
enum melee_phrases {
    MEL_PH_TAKEN = MEL_EV(1), /* how a decision was taken (enum mel_taken) */
    MEL_PH_NO_LANCE,          /* why lancers get no lance bonus (enum mel_no_lance) */
    MEL_PH_FACTOR,            /* what multiplies a melee value, by lb_melee_factor */
    MEL_PH_EXEMPT,            /* why a unit makes no pre-melee check, by lb_melee_exemption */
    MEL_PH_NO_RETIRE,         /* why a defender may not retreat before the melee (enum
                               * mel_no_retire) */
    MEL_PH_CHECK_WHY,         /* why a unit checks morale in a melee (enum mel_check_why): also
                               * the reason of that check's modifier */
    MEL_PH_ADVANCE_WHY,       /* why an attacker may or must enter the hex (enum
                               * mel_advance_why) */
    MEL_PH_MOVING,            /* how a unit moves away (enum mel_moving) */
    MEL_PH_END
};

enum mel_taken { MEL_TAKEN_BY_PLAYER, MEL_TAKEN_ONLY, MEL_TAKEN_AUTO, MEL_TAKEN_STANDING };
enum mel_no_lance { MEL_LANCE_DEFENDS, MEL_LANCE_NOT_GOOD, MEL_LANCE_IN_COLUMN };
enum mel_no_retire {
    MEL_MAY_RETIRE,               /* none: it may */
    MEL_RETIRE_ROUTED,
    MEL_RETIRE_SKIRMISHERS,
    MEL_RETIRE_NOT_MOUNTED,
    MEL_RETIRE_CAVALRY_SLOWER,
    MEL_RETIRE_GUNS_SLOWER,
    MEL_RETIRE_EXHAUSTED,
    MEL_RETIRE_FOOT_GUNS,
    MEL_RETIRE_NO_PATH,
    MEL_RETIRE_LEADER_CHARGE,
    MEL_RETIRE_LEADER_ATTACHED
};
enum mel_check_why { MEL_CHECK_LEADER_FELL, MEL_CHECK_BY_RESULT };
enum mel_advance_why {
    MEL_ADVANCE_PURSUIT,          /* every defender retreated before the melee (33.3) */
    MEL_ADVANCE_MAY_DEFENDERS,    /* the defenders failed their checks (33.8) */
    MEL_ADVANCE_MUST,             /* the result emptied the hex (33.10) */
    MEL_ADVANCE_MAY               /* a check the result called for emptied it */
};
enum mel_moving { MEL_MOVING_RETREATS, MEL_MOVING_BEFORE_MELEE };

#endif
