/* The events of stacking (T15-19, T16-1, W31-3) that say why a hex is over its limit; their sentences are in src/answer/words/stack.c. */
#ifndef LB_STACK_EVENTS_H
#define LB_STACK_EVENTS_H

#include "event.h"

#define STACK_EV(i) LBI_EVENT_KIND(LBI_EVA_STACK, i)

enum stack_events {
    EV_STACK_FORMATIONS = STACK_EV(1), /* formation, another formation */
    EV_STACK_ROAD_OVER,                /* terrain, most increments, increments, units */
    EV_STACK_CAVALRY_OVER,             /* terrain, most cavalry units, cavalry units */
    EV_STACK_OVER,                     /* terrain, units by arm (3), increments by arm (3), the
                                        * chart's note or "" */
    EV_STACK_AT,                       /* hex, why (a kind above, its arguments) */
    EV_STACK_OVER_CHECK,               /* hex, ruling, why (a kind above, its arguments) */
    EV_STACK_END
};

#endif
