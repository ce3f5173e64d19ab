/* The events of morale checks (30), (31): what lb_morale_odds, lb_morale_resolve and lb_morale_outcome_of record; their sentences are in src/answer/words/morale.c. */
#ifndef LB_MORALE_EVENTS_H
#define LB_MORALE_EVENTS_H

#include "event.h"

#define MOR_EV(i) LBI_EVENT_KIND(LBI_EVA_MORALE, i)

enum morale_event {
    EV_MOR_LEADER = MOR_EV(1), /* leader, friendly leaders with the unit */
    EV_MOR_MODIFIER,           /* why (a text, or MOR_PH_CAUSE), modifier */
    EV_MOR_AUTO_PASS,          /* natural roll */
    EV_MOR_AUTO_FAIL,          /* natural roll */
    EV_MOR_NEED,               /* modifier, morale, lowest natural roll that passes, rolls
                                * passing */
    EV_MOR_NO_NEED,            /* modifier, morale, rolls passing */
    EV_MOR_NOT_PHASING,        /* unit, phasing side */
    EV_MOR_OUTCOME,            /* unit, check kind, passed (1) or failed, state before, after,
                                * formation, a move follows (1) or not, move (MOR_PH_MOVE) */
    EV_MOR_NATURAL,            /* natural roll, passes (1) or fails */
    EV_MOR_ROLL,               /* roll, modifier, modified roll, passes (1) or fails, morale */
    EV_MOR_STEPS,              /* roll, modifier, its index, index + modifier, modified roll */
    EV_MOR_END
};

/* Phrase lists. */
enum morale_phrases {
    MOR_PH_CAUSE = MOR_EV(1), /* why the rules add a modifier themselves (enum morale_cause):
                               * also the reason of that lb_morale_mod */
    MOR_PH_MOVE,              /* the move a failed check leads to, by lb_retreat_kind */
    MOR_PH_END
};

enum morale_cause { MOR_LEADER, MOR_DISORDERED, MOR_ROUTED, MOR_LEVEL };

#endif
