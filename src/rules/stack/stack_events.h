/* The events of stacking (10), (15), (16), (31): what lb_stack_trace and the over-stacking check record, and why a hex does not fit; their sentences are in src/answer/words/stack.c. */
#ifndef LB_STACK_EVENTS_H
#define LB_STACK_EVENTS_H

#include "event.h"

#define STACK_EV(i) LBI_EVENT_KIND(LBI_EVA_STACK, i)

/*
 * Why a hex does not fit (lb_stack_fits) is one of the four STACK_WHY kinds. Each has two more
 * forms for the trace, at a fixed distance in the list and with the same arguments followed by
 * the hex (STACK_AT: "0405: why") and then the ruling (STACK_OVERSTACKED: the over-stacking
 * check's first step).
 */
enum stack_event {
    EV_STACK_TWO_FORMATIONS = STACK_EV(1), /* formation, other formation */
    EV_STACK_ROAD_FULL,                    /* terrain, road march limit, increments, units */
    EV_STACK_CAVALRY_FULL,                 /* terrain, cavalry units limit, cavalry units */
    EV_STACK_OVER_LIMIT,                   /* terrain, units and increments of infantry,
                                            * cavalry and artillery (6), the chart's note? */
    EV_STACK_AT_TWO_FORMATIONS,            /* the same four, then the hex */
    EV_STACK_AT_ROAD_FULL,
    EV_STACK_AT_CAVALRY_FULL,
    EV_STACK_AT_OVER_LIMIT,
    EV_STACK_OVERSTACKED_TWO_FORMATIONS,   /* the same four, then the hex and the ruling */
    EV_STACK_OVERSTACKED_ROAD_FULL,
    EV_STACK_OVERSTACKED_CAVALRY_FULL,
    EV_STACK_OVERSTACKED_OVER_LIMIT,
    EV_STACK_ONE_FORMATION,                /* hex, formation, artillery with it (1) or not */
    EV_STACK_NO_CHART,                     /* hex, terrain */
    EV_STACK_ROAD_WITHIN,                  /* hex, increments, units, road march limit */
    EV_STACK_WITHIN,                       /* terrain, units and increments by arm (6), hex, the
                                            * limit met: by arm (3) its units (LB_STACK_ANY: any,
                                            * 0: none), units capped (1) or not, increments
                                            * capped (1) or not, increments */
    EV_STACK_NO_CHECK,                     /* hex */
    EV_STACK_ROLL,                         /* the over-stacking roll */
    EV_STACK_END
};

#define STACK_WHYS 4
#define STACK_AT STACK_WHYS              /* the trace's form of a STACK_WHY kind */
#define STACK_OVERSTACKED (2 * STACK_WHYS) /* the over-stacking check's form */

#endif
