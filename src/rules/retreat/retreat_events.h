/* The events of retreats, routs and flights (30): what lb_retreat_paths records; their sentences are in src/answer/words/retreat.c. */
#ifndef LB_RETREAT_EVENTS_H
#define LB_RETREAT_EVENTS_H

#include <limits.h>

#include "event.h"
#include "state_types.h"

#define RET_EV(i) LBI_EVENT_KIND(LBI_EVA_RETREAT, i)

/* A count of paths is exact below 2^64 - 1, beyond what an event's integer holds: it is given as
 * three arguments (EV_COUNT), the count itself (0 past 2^63 - 1), its tens and its last digit. */
enum retreat_event {
    EV_RET_LENGTH_GIVEN = RET_EV(1), /* kind (RET_PH_KIND), hexes */
    EV_RET_LENGTH_DISORDER,          /* movement points */
    EV_RET_LENGTH_FLIGHT,            /* movement points */
    EV_RET_DIE_ANY_ARM,              /* arm */
    EV_RET_LENGTH_DIE,               /* die */
    EV_RET_LENGTH_CAVALRY,           /* movement points */
    EV_RET_LENGTH_2018,              /* hexes */
    EV_RET_DIE_UNUSED,               /* none */
    EV_RET_LENGTH_2017,              /* movement points */
    EV_RET_FROM_FIRST_HEX,           /* unit, its hexes */
    EV_RET_MUST_BE_COMPLETE,         /* movement points */
    EV_RET_TOO_LARGE,                /* hexes reached, levels */
    EV_RET_START_DISTANCE,           /* D(start), enemy formations */
    EV_RET_END_HEXES,                /* D(start), end hexes, hexes reached, no further, friendly */
    EV_RET_ZERO_STEPS,               /* steps, the hex the first enters, most hexes */
    EV_RET_OPTIMUM,                  /* count (3 arguments), hexes, cost, friendly hexes, ends */
    EV_RET_OPTIMUM_SATURATED,        /* hexes, cost, friendly hexes, ends */
    EV_RET_COUNT_EXACT,              /* count (3 arguments), hexes reached, levels, kept, others
                                      * streamed (1) or none, ends, hexes on a path */
    EV_RET_COUNT_SATURATED,          /* hexes reached, levels, kept, ends, hexes on a path */
    EV_RET_CHOICE,                   /* largest distance at the end */
    EV_RET_SURRENDER_HEXES,          /* hexes */
    EV_RET_SURRENDER_COMPLETE,       /* movement points */
    EV_RET_SURRENDER_DISORDER,       /* movement points */
    EV_RET_LEADER_ESCORTED,          /* leader, hex, the unit that stays with him */
    EV_RET_LEADER_CAPTURED,          /* leader, unit, hex */
    EV_RET_LEADER_LEFT,              /* leader, hex, unit, its end hex */
    EV_RET_EXACT_PATH_EXISTS,        /* hexes */
    EV_RET_FIRST_OVER_COMPLETE,      /* first hex, its cost, movement points */
    EV_RET_FIRST_OVER,               /* first hex, its cost, movement points */
    EV_RET_DISORDER_LONGEST,         /* hexes, movement points left, movement points */
    EV_RET_COMPLETE_NONE_LEFT,       /* end hex */
    EV_RET_COMPLETE_LEFT,            /* end hex, movement points left, steps; each: hex, cost */
    EV_RET_STEPS_BACK,               /* end hex, steps; each: hex */
    EV_RET_NO_ONE_HEX,               /* hexes, first hexes; each: hex, why (RET_PH_REFUSED) */
    EV_RET_PATH,                     /* hexes entered, hexes written; each: hex */
    EV_RET_COSTS,                    /* cost, terrain, hexsides and slopes, dearer steps; each:
                                      * hex, cost, terrain, hexside and slope */
    EV_RET_COSTS_TERRAIN,            /* cost */
    EV_RET_NOT_COUNTED,              /* routed enemy units, enemy units too far, the range */
    EV_RET_NEAREST_ONLY,             /* D(start), end hexes */
    EV_RET_PREFER_COVER,             /* ends in woods or built-up terrain, ends */
    EV_RET_PREFER_FARTHEST,          /* largest D, ends kept, ends */
    EV_RET_NONE_COUNTED_DISORDER,    /* movement points */
    EV_RET_IN_REFUGE,                /* hex */
    EV_RET_NO_REFUGE,                /* none */
    EV_RET_REFUGE,                   /* refuge hex, hexes of the way there, hexes moved */
    EV_RET_ENDS_SURRENDER,           /* the later move (RET_PH_KIND), ends; each: hex */
    EV_RET_CHOICE_AVOIDS,            /* the end of the automatic choice */
    EV_RET_LEADER_ATTACHED,          /* leader, hex, unit, its end hex */
    EV_RET_CHECKS,                   /* friendly unit, its hex, the unit that moves, rolls of 36
                                      * that pass its check */
    EV_RET_END
};

/* Phrase lists. */
enum retreat_phrases {
    RET_PH_KIND = RET_EV(1), /* by lb_retreat_kind */
    RET_PH_REFUSED,          /* why a first hex may not end a path (enum retreat_refused) */
    RET_PH_END
};

enum retreat_refused { RET_REFUSED_FRIEND, RET_REFUSED_NO_FURTHER };

/* The three arguments of count c, an unsigned long long. */
#define EV_COUNT(c)                                                                              \
    ev_int((c) <= (unsigned long long)LLONG_MAX ? (long long)(c) : 0),                           \
        ev_int((long long)((c) / 10)), ev_int((long long)((c) % 10))

/* Hex h of map m: its label. */
static inline lb_event_arg ev_ret_hex(const lb_map *m, lb_hex h)
{
    char label[LB_HEX_LABEL_MAX];
    return lbi_ev_label(lb_map_label(m, h, label));
}

#endif
