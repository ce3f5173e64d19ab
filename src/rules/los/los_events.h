/* The events of line of sight (23): what lb_los_check and lb_los_visible_trace record; their sentences are in src/answer/words/los.c. */
#ifndef LB_LOS_EVENTS_H
#define LB_LOS_EVENTS_H

#include "event.h"

#define LOS_EV(i) LBI_EVENT_KIND(LBI_EVA_LOS, i)

enum los_event {
    EV_LOS_LINE = LOS_EV(1),     /* from, to, distance, elevation of F, elevation of T */
    EV_LOS_NO_SIDE,              /* F: no combat unit there */
    EV_LOS_SIDE_GIVEN,           /* side */
    EV_LOS_SIDE_OF_TOP,          /* side, top unit, F */
    EV_LOS_HEXSIDE,              /* hex, pair, hexside type, how (LOS_PH_SIDE_HOW) */
    EV_LOS_EDGE_ITEM,            /* hex, pair, terrain, elevation, unit?, passive why?, passive
                                  * unit?, verdict, from F, from T */
    EV_LOS_HEX_ITEM,             /* hex, terrain, elevation, unit?, passive why?, passive unit?,
                                  * verdict, from F, from T */
    EV_LOS_ABOVE_ONE_END,        /* hex, elevation, F is lower (1) or T, lower, higher */
    EV_LOS_DWELLING,             /* hex */
    EV_LOS_LEVEL_ENDS,           /* hex, elevation */
    EV_LOS_TIE,                  /* hex, from F, from T */
    EV_LOS_NEARER_LOWER,         /* hex, from F, from T, F is the lower end (1) or T */
    EV_LOS_PAIR,                 /* first, second, first's verdict, second's verdict */
    EV_LOS_ADJACENT,             /* F, T */
    EV_LOS_SELF,                 /* F, T */
    EV_LOS_CLEAR,                /* F, T */
    EV_LOS_BLOCKED,              /* F, T, verdict, hex, pair (a hexside's) or "" */
    EV_LOS_IN_CARRE,             /* cavalry, its hex */
    EV_LOS_MAP_LINES,            /* F, hexes on the map, elevation of F */
    EV_LOS_MAP_SIDE,             /* side */
    EV_LOS_MAP_NEAR,             /* F, neighbours */
    EV_LOS_MAP_PLAIN,            /* count, first */
    EV_LOS_MAP_SEEN_PAST,        /* count, what (LOS_PH_SEEN_PAST), first */
    EV_LOS_MAP_HIDDEN,           /* count, verdict, first */
    EV_LOS_END
};

/* Phrase lists. */
enum los_phrases {
    LOS_PH_VERDICT = LOS_EV(1),  /* by lb_los_verdict */
    LOS_PH_PASSIVE,              /* by lb_los_passive */
    LOS_PH_SIDE_HOW,             /* what a hexside did (enum los_side_how) */
    LOS_PH_SEEN_PAST,            /* what a line that is not stopped passed (enum los_seen_past) */
    LOS_PH_END
};

enum los_side_how { LOS_SIDE_BLOCKS, LOS_SIDE_OWN, LOS_SIDE_CORNER, LOS_SIDE_OPEN, LOS_SIDE_BOTH };
enum los_seen_past { LOS_PAST_OVER, LOS_PAST_CORNER, LOS_PAST_OWN_SIDE, LOS_PAST_UNIT };

#endif
