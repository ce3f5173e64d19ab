/* The events of the pieces the areas share — effects of losses and states (12), (30), readiness (36) — whose sentences are in src/answer/words/rules.c. */
#ifndef LB_RULES_EVENTS_H
#define LB_RULES_EVENTS_H

#include "event.h"

#define RULES_EV(i) LBI_EVENT_KIND(LBI_EVA_RULES, i)

enum rules_event {
    EV_RULES_LOSSES = RULES_EV(1), /* value (RULES_PH_VALUE), unchanged (1) or reduced, losses,
                                    * increments */
    EV_RULES_HALF,                 /* value (RULES_PH_VALUE) */
    EV_RULES_HALF_FLOOR,           /* value (RULES_PH_VALUE) */
    EV_RULES_ROUND_DOWN,           /* value (RULES_PH_VALUE), exact value, rounded value */
    EV_RULES_UNABLE,               /* why (RULES_PH_UNABLE): also an lb_effect's why */
    EV_RULES_GOOD,                 /* morale state, value (RULES_PH_VALUE), the value */
    EV_RULES_ROUTED_CAVALRY_MELEE, /* none */
    EV_RULES_ROUTED_MELEE,         /* none */
    EV_RULES_ROUTED_CAVALRY_MOVES, /* none */
    EV_RULES_ROUTED_FLEES,         /* none */
    EV_RULES_READINESS_KEPT,       /* cavalry, readiness */
    EV_RULES_READINESS_SPENT,      /* cavalry, charged (1) or not, readiness before, after */
    EV_RULES_READINESS_STAYS,      /* cavalry, readiness, why (RULES_PH_NO_REST) */
    EV_RULES_READINESS_RESTED,     /* cavalry, without moving (1) or not, readiness before, after */
    EV_RULES_END
};

/* Phrase lists. */
enum rules_phrases {
    RULES_PH_VALUE = RULES_EV(1), /* the value a state or a loss changes (enum rules_value) */
    RULES_PH_UNABLE,              /* why a unit may not do it at all (enum rules_unable) */
    RULES_PH_NO_REST,             /* why a rest gives no readiness back (enum rules_no_rest) */
    RULES_PH_END
};

/* By lb_value, then movement. */
enum rules_value { RULES_FIRE, RULES_MELEE, RULES_LANCE, RULES_MOVEMENT };
enum rules_unable {
    RULES_LEADER_NO_FIRE,
    RULES_ROUTED_NO_FIRE,
    RULES_LEADER_NO_MELEE,
    RULES_ROUTED_DEFENCE_ONLY,
    RULES_ROUTED_NO_MOVE
};
enum rules_no_rest {
    RULES_NO_FULL_TURN,
    RULES_FOUGHT,
    RULES_FIRE_LOSS,
    RULES_RETIRED,
    RULES_MOVED
};

#endif
