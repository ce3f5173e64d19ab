/* The events of a cavalry charge (35)-(42): what the charge records in its trace, its events, obligations, refusals, decisions and odds; their sentences are in src/answer/words/charge.c. */
#ifndef LB_CHARGE_EVENTS_H
#define LB_CHARGE_EVENTS_H

#include "event.h"

#define CHARGE_EV(i) LBI_EVENT_KIND(LBI_EVA_CHARGE, i)

/*
 * A sentence that is written both in a result and in the trace says which by its argument 0
 * (the "lead"), empty or 0 in the result:
 *   refusals (the result's reason): 1 in the trace, "the charge may not be made: " first;
 *   obligations (their text): the obligation's name in the trace, "obligation NAME: " first;
 *   decisions' prompts: the key answered in the trace, ": KEY" last;
 *   the odds' stop (why they are not exact): 1 in the trace, "not exact: " first.
 * Arguments are listed from 0; "lead" stands for that argument.
 */
enum charge_event {
    /* the machine (charge_run.c, charge.c) */
    EV_CHARGE_DECIDED_BY = CHARGE_EV(1), /* decision kind, subject, automatic (1) or by a
                                          * standing answer, key */
    EV_CHARGE_JOURNAL,                   /* entries */
    /* eligibility (37), R-CHG-8, R-CHG-1 */
    EV_CHARGE_REFUSED_ARM,               /* lead, cavalry, arm */
    EV_CHARGE_REFUSED_STATE,             /* lead, cavalry, morale state */
    EV_CHARGE_REFUSED_READINESS,         /* lead, cavalry, readiness */
    EV_CHARGE_REFUSED_HEXES,             /* lead, cavalry, hexes */
    EV_CHARGE_REFUSED_HELD,              /* lead, cavalry */
    EV_CHARGE_RIDES,                     /* leader, cavalry */
    EV_CHARGE_MAY_CHARGE,                /* cavalry, light (1) or heavy, printed movement */
    EV_CHARGE_MP,                        /* printed movement, total */
    /* the planned path, R-CHG-9 */
    EV_CHARGE_REFUSED_OFF_MAP,           /* lead, hex */
    EV_CHARGE_REFUSED_NOT_NEXT,          /* lead, hex, previous hex */
    EV_CHARGE_REFUSED_BACK_TO_START,     /* lead, hex */
    EV_CHARGE_REFUSED_TWICE,             /* lead, hex */
    EV_CHARGE_REFUSED_GENERAL_ORDER,     /* lead, hex, terrain */
    EV_CHARGE_REFUSED_PROHIBITED,        /* lead, hex, previous hex */
    EV_CHARGE_REFUSED_TURNS,             /* lead, hex, turns, previous hex, light (1) or heavy,
                                          * most turns */
    EV_CHARGE_REFUSED_ENDS_ON_ENEMY,     /* lead, hex */
    EV_CHARGE_REFUSED_FRIENDLY,          /* lead, hex, friendly unit */
    EV_CHARGE_REFUSED_COST,              /* lead, cost, hex, total, printed movement */
    EV_CHARGE_PLAN_LEGAL,                /* hexes, cost, total */
    /* the walk, R-CHG-9, R-CHG-14 */
    EV_CHARGE_PLAN_STOPPED,              /* hex, why (CHARGE_PH_PLAN_STOP) */
    EV_CHARGE_PLAN_NOT_NEARER,           /* hex */
    EV_CHARGE_NO_STEP,                   /* cavalry, hex */
    EV_CHARGE_ASK_STEP,                  /* lead, cavalry, hexes still to go */
    EV_CHARGE_STEP_OPTION,               /* hex, cost */
    EV_CHARGE_MOVE,                      /* cavalry, hex, cost, turns, terrain cost, hexside
                                          * cost, spent, total */
    EV_CHARGE_LEAVES_GENERAL_ORDER,      /* cavalry, formation */
    EV_CHARGE_OBLIGE_PASSING_FIRE,       /* lead, carré, cavalry, hex */
    /* declarations (R-CHG-1, R-CHG-4, R-CHG-10) */
    EV_CHARGE_UNSEEN,                    /* unit, distance, the cavalry's hex */
    EV_CHARGE_DECLARE_ASIDE,             /* cavalry, distance, unit */
    EV_CHARGE_DECLARE_ONE_TARGET,        /* cavalry, distance, unit, the target */
    EV_CHARGE_ASK_TARGET,                /* lead, cavalry, distance, unit */
    EV_CHARGE_TARGET_OPTION,             /* unit */
    EV_CHARGE_NOT_TARGET_OPTION,         /* unit, cavalry */
    EV_CHARGE_DECLARED_TARGET,           /* cavalry, unit */
    EV_CHARGE_DECLARED_NOT_TARGET,       /* cavalry, unit */
    /* responses (R-CHG-2, R-CHG-11, R-CHG-12, R-CHG-21, R-CHG-22) */
    EV_CHARGE_RESPONSE_RULED,            /* unit, why (CHARGE_PH_RESPONSE) */
    EV_CHARGE_ASK_RESPONSE,              /* lead, unit, cavalry, distance */
    EV_CHARGE_STAND_OPTION,              /* (none) */
    EV_CHARGE_CARRE_OPTION,              /* line (1) or column, distance */
    EV_CHARGE_NO_CARRE_TABLE,            /* unit */
    EV_CHARGE_MAY_NOT_CARRE,             /* unit */
    EV_CHARGE_RESPONDS,                  /* unit, attempts carré (1) or stands */
    EV_CHARGE_ASK_CARRE,                 /* lead, unit, cavalry, distance */
    EV_CHARGE_WAIT_OPTION,               /* (none) */
    /* carré (R-CHG-2..6, R-CHG-19, R-CHG-20) */
    EV_CHARGE_CARRE_ATTEMPT,             /* unit, table, formation, line (1) or column, distance */
    EV_CHARGE_CARRE_ROLL,                /* roll, modifier, modified, line (1) or column, distance,
                                          * result */
    EV_CHARGE_CARRE_ROLLED,              /* unit, the target (1) or not, distance, line (1) or
                                          * column, roll, modifier, modified, result */
    EV_CHARGE_ASIDE_RESULT,              /* unit, what follows (CHARGE_PH_ASIDE, by result) */
    EV_CHARGE_STAYS_ASIDE,               /* unit */
    EV_CHARGE_2017_AFTER_CARRE,          /* (none) */
    EV_CHARGE_TARGET_FORMS_CARRE,        /* cavalry */
    EV_CHARGE_TARGET_DISORDERS,          /* cavalry */
    EV_CHARGE_TARGET_ROUTS,              /* cavalry */
    EV_CHARGE_FORMS_CARRE,               /* unit, hex, from its first of several hexes (1) */
    /* stand and guns (R-CHG-12, R-CHG-6, R-CHG-21) */
    EV_CHARGE_STANDS,                    /* unit, cavalry */
    EV_CHARGE_STAND_CHECK,               /* unit, roll, modifier, modified, morale, passed */
    EV_CHARGE_HALTED,                    /* unit */
    EV_CHARGE_GUNS_CHECK,                /* unit, hexside (CHARGE_PH_THROUGH), roll, modifier,
                                          * modified, morale, passed */
    /* contact (R-CHG-3, R-CHG-4, R-CHG-22, R-CHG-23, R-CHG-17) */
    EV_CHARGE_ONTO_CARRE,                /* cavalry, carré, hex */
    EV_CHARGE_CONTACTS_DISORDERED,       /* cavalry, unit */
    EV_CHARGE_REACHES_SKIRMISHERS,       /* cavalry, unit */
    EV_CHARGE_CONTACTS,                  /* cavalry, unit */
    EV_CHARGE_REACHES_ROUTED,            /* cavalry, unit */
    /* trample and elimination (R-CHG-4..6, R-CHG-18) */
    EV_CHARGE_TOO_FEW_TO_TRAMPLE,        /* cavalry, points left, unit, points per increment */
    EV_CHARGE_TRAMPLE_CHOICE,            /* cavalry, most increments, unit, points per increment,
                                          * points left, increments */
    EV_CHARGE_ASK_TRAMPLE,               /* lead, cavalry, unit, points per increment, points
                                          * left */
    EV_CHARGE_TRAMPLE_OPTION,            /* points, increments */
    EV_CHARGE_TRAMPLED,                  /* cavalry, points, unit, increments, spent, total */
    EV_CHARGE_TRAMPLED_PER_HEX,          /* unit, increments */
    EV_CHARGE_ELIMINATED,                /* unit */
    /* moves away (R-RET, R-CHG-24, R-CHG-6) */
    EV_CHARGE_STAYS,                     /* unit */
    EV_CHARGE_SURRENDERS,                /* unit, rout (1) or disorder retreat */
    EV_CHARGE_ASK_END,                   /* lead, unit, rout (1) or disorder retreat, hexes,
                                          * best paths */
    EV_CHARGE_END_OPTION,                /* hex, surrender later (1, R-RET-8) */
    EV_CHARGE_MOVES_AWAY,                /* unit, routs (1) or retreats, hexes, from, to */
    EV_CHARGE_ROUT_LENGTH,               /* unit, die */
    /* recall and pursuit (R-CHG-5, R-CHG-6, R-CHG-15..17) */
    EV_CHARGE_NO_RECALL_RANGE,           /* nation or "", cavalry */
    EV_CHARGE_RECALL_ROLL,               /* cavalry, die, modifier, modified, low, high,
                                          * recalled */
    EV_CHARGE_ASK_FOLLOW,                /* lead, cavalry, points left */
    EV_CHARGE_FOLLOW_OPTION,             /* routed unit */
    EV_CHARGE_CONTINUE_OPTION,           /* (none) */
    EV_CHARGE_HALT_OPTION,               /* hex */
    EV_CHARGE_RECALLED,                  /* cavalry, key taken */
    EV_CHARGE_NOTHING_TO_PURSUE,         /* cavalry */
    EV_CHARGE_OUT_OF_CONTROL,            /* cavalry */
    EV_CHARGE_PURSUES_2018,              /* cavalry, routed unit, the hex it left */
    EV_CHARGE_PURSUES_2017,              /* cavalry, routed unit */
    EV_CHARGE_PURSUIT_CAP,               /* cavalry, hex */
    EV_CHARGE_ASK_ENGAGE,                /* lead, cavalry */
    EV_CHARGE_ENGAGE_OPTION,             /* unit */
    EV_CHARGE_ENGAGES,                   /* cavalry, unit */
    /* the end (R-CHG-23, 27) */
    EV_CHARGE_ROUTS_IN_PLACE,            /* cavalry, spent, printed movement */
    EV_CHARGE_FIRE_PREVIEW,              /* firer, cavalry, hex, fire value, probability */
    EV_CHARGE_FIRE_REFUSED,              /* firer, cavalry, the fire rules' reason (its kind,
                                          * then its arguments) */
    /* obligations (lead first) */
    EV_CHARGE_OBLIGE_DEFENSIVE_FIRE,     /* lead, unit, cavalry */
    EV_CHARGE_OBLIGE_MELEE,              /* lead, cavalry, unit, charge bonus, not at x1, times */
    EV_CHARGE_OBLIGE_MELEE_GUNS,         /* lead, cavalry, guns */
    EV_CHARGE_OBLIGE_PASSED_PREMELEE,    /* lead, unit */
    EV_CHARGE_OBLIGE_NO_MOVEMENT,        /* lead, unit */
    EV_CHARGE_OBLIGE_ROUTED_HOLD,        /* lead, unit */
    EV_CHARGE_OBLIGE_DISORDERED_HOLD,    /* lead, unit */
    EV_CHARGE_OBLIGE_EXHAUSTED,          /* lead, cavalry */
    EV_CHARGE_OBLIGE_ROUT_IN_PLACE,      /* lead, cavalry */
    /* leaders (7), R-CHG-27 */
    EV_CHARGE_LEFT_ALONE,                /* leader, hex, how (CHARGE_PH_LEFT, by ld_how) */
    EV_CHARGE_LEADER_STAYS,              /* leader, hex */
    EV_CHARGE_CAPTURED_ENTERED,          /* leader, hex, cavalry */
    EV_CHARGE_CAPTURED_SURROUNDED,       /* leader, hex, cavalry */
    EV_CHARGE_CAPTURED_NO_SAFE_HEX,      /* leader, hex, cavalry */
    EV_CHARGE_CAPTURED_SURRENDERED,      /* leader, hex, cavalry */
    EV_CHARGE_ASK_LEADER_HEX,            /* lead, leader, distance */
    EV_CHARGE_LEADER_HEX_OPTION,         /* hex */
    EV_CHARGE_LEADER_MOVES,              /* leader, from, to */
    EV_CHARGE_FACES,                     /* cavalry, unit, hex faced, hexsides turned, cost,
                                          * spent, total */
    /* the odds (R-DICE-4, R-CHG-25, R-CHG-28) */
    EV_CHARGE_ODDS_COUNTED,              /* passes, ends, merged */
    EV_CHARGE_ODDS_DECISIONS,            /* answers given in order */
    EV_CHARGE_ODDS_STOPPED,              /* lead, branches or ends too unlikely (1), branches,
                                          * ends, branches too deep, most rolls, budget hit,
                                          * budget */
    EV_CHARGE_ODDS_EXACT,                /* merged, passes, budget */
    EV_CHARGE_NO_CONTACT_ACROSS,         /* cavalry, unit (R-CHG-30) */
    /* the zone of reaction and opportunity charges (39.1, R-RCH-1, R-OCH-1) */
    EV_CHARGE_ZONE_IN,                   /* cavalry, hex, kind (CHARGE_PH_ZONE_KIND), light (1)
                                          * or heavy, distance, extent */
    EV_CHARGE_ZONE_OUT,                  /* cavalry, hex, kind (CHARGE_PH_ZONE_KIND), why
                                          * (CHARGE_PH_ZONE_WHY, by lbi_zone_why), distance,
                                          * extent */
    EV_CHARGE_OPPORTUNITY_NO_RECALL,     /* cavalry */
    EV_CHARGE_MAY_CHARGE_OPPORTUNITY,    /* cavalry, readiness, light (1) or heavy, printed
                                          * movement */
    /* reaction charges (39, R-RCH) */
    EV_CHARGE_ASK_REACTION,              /* lead, charger, hex, cavalry units asked */
    EV_CHARGE_REACT_OPTION,              /* reactor, chance of its morale check */
    EV_CHARGE_NO_REACTION_OPTION,        /* (none) */
    EV_CHARGE_REACT_CHECK,               /* reactor, roll, modifier, modified, morale, passed,
                                          * chance of passing */
    EV_CHARGE_REACT_FAILED,              /* reactor, readiness */
    EV_CHARGE_REACT_MOVES,               /* reactor, hex, movement points, allowance, charger */
    EV_CHARGE_REACT_NO_WAY,              /* reactor, charger, allowance */
    EV_CHARGE_REACT_NO_BONUS,            /* charger, reactor */
    EV_CHARGE_OBLIGE_REACTOR_EXHAUSTED,  /* lead, reactor */
    EV_CHARGE_NEVER_ASKED,               /* cavalry, hex */
    /* an opportunity charge's melee, fought at once in the Movement segment (R-OCH-8) */
    EV_CHARGE_OBLIGE_MELEE_NOW,          /* as EV_CHARGE_OBLIGE_MELEE */
    EV_CHARGE_OBLIGE_MELEE_GUNS_NOW,     /* as EV_CHARGE_OBLIGE_MELEE_GUNS */
    /* the watchers of a planned path (R-RCH-8, R-OCH-10: the answers' reactions) */
    EV_CHARGE_WATCHER,                   /* cavalry, reaction (1) or opportunity, unit, hex,
                                          * step, distance */
    EV_CHARGE_NO_WATCHER,                /* reaction (1) or opportunity, unit */
    EV_CHARGE_END
};

/* Phrase lists. */
enum charge_phrases {
    CHARGE_PH_SEED = CHARGE_EV(1), /* the seed paragraph a ruling implements (charge_seed) */
    CHARGE_PH_PLAN_STOP,           /* why a planned step is not made (charge_plan_stop) */
    CHARGE_PH_RESPONSE,            /* the response the rules make for the target
                                    * (charge_response) */
    CHARGE_PH_ASIDE,               /* what a carré roll made while not the target does (by
                                    * lb_carre_result) */
    CHARGE_PH_THROUGH,             /* the hexside guns are charged through: front, flank, rear */
    CHARGE_PH_LEFT,                /* why a leader is left alone (by ld_how) */
    CHARGE_PH_ZONE_KIND,           /* the charge a zone is for (by lbi_zone_kind) */
    CHARGE_PH_ZONE_WHY,            /* why a zone does not hold a hex (by lbi_zone_why) */
    CHARGE_PH_END
};

enum charge_seed {
    CHARGE_SEED_2018_FORMED,
    CHARGE_SEED_2018_DISORDERED,
    CHARGE_SEED_2018_ROUTED,
    CHARGE_SEED_2017_RECALL
};

enum charge_plan_stop {
    CHARGE_PLAN_OFF_START,
    CHARGE_PLAN_ENEMY,
    CHARGE_PLAN_FRIENDLY,
    CHARGE_PLAN_UNPAID
};

enum charge_response {
    CHARGE_RESPONSE_CAVALRY,
    CHARGE_RESPONSE_ROUTED,
    CHARGE_RESPONSE_UNLIMBERED,
    CHARGE_RESPONSE_LIMBERED,
    CHARGE_RESPONSE_SKIRMISHERS,
    CHARGE_RESPONSE_IN_CARRE,
    CHARGE_RESPONSE_DISORDERED
};

/* How the combat unit a leader stood with has left him (R-CHG-27). */
typedef enum ld_how { LD_MOVED_AWAY, LD_ELIMINATED, LD_SURRENDERED } ld_how;

#endif
