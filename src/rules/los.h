/* Line of sight (rule 23): exact, with every intervening hex and the reason it blocks or not. */
#ifndef LB_LOS_H
#define LB_LOS_H

#include "lb/core.h"
#include "state_types.h"

/*
 * lb_los_check answers whether hex F sees hex T (R-LOS-1..12): the exact sight line between the
 * two centres, every hex whose interior it crosses, every pair of hexes along whose shared edge
 * it runs, and every hexside feature it crosses, runs along or touches at a corner, each with
 * what it holds and what it does to the line (R-LOS-8). The result owns its items; release it
 * with lb_los_result_release. lb_los_visible (src/rules/los/los_int.h, behind lb_ask) marks
 * every hex F sees, without traces; for every hex it gives the same answer as lb_los_check.
 *
 * The firer's side matters only for R-LOS-6 (a friendly unit next to a higher target): pass the
 * firing unit's side, or -1 to take the side of the top combat unit of F; with no combat unit in
 * F there is no friendly unit (R-LOS-7). F and T should be on the map; other hexes on the line
 * may be off it.
 */

/* What an intervening hex (or hexside) does to the line. */
typedef enum lb_los_verdict {
    LB_LOS_OPEN,           /* nothing here blocks */
    LB_LOS_OFF_MAP,        /* off the map: never blocks (R-LOS-3) */
    LB_LOS_BLOCK_DWELLING, /* R-LOS-3: dwelling, never seen over */
    LB_LOS_BLOCK_HIGHER,   /* R-LOS-5: higher than both ends, never seen over */
    LB_LOS_BLOCK_TERRAIN,  /* R-LOS-3: woods, wall hexes or other blocking terrain */
    LB_LOS_BLOCK_UNIT,     /* R-LOS-3: a non-routed combat unit */
    LB_LOS_BLOCK_WALL,     /* R-LOS-3, R-LOS-9: a wall hexside crossed or run along */
    LB_LOS_BLOCK_FRIENDLY, /* R-LOS-6: a unit friendly to the firer next to a higher target */
    LB_LOS_SEEN_OVER,      /* R-LOS-6: the terrain or units here are seen over */
    LB_LOS_OWN_SIDE,       /* R-LOS-3: a hexside of F or T: never a screen */
    LB_LOS_CORNER          /* R-LOS-3, R-LOS-9: a wall touched only at an end corner */
} lb_los_verdict;

typedef enum lb_los_item_kind {
    LB_LOS_ITEM_HEX,  /* the line crosses the hex's interior */
    LB_LOS_ITEM_EDGE, /* the line runs along the edge this hex shares with `pair` (R-LOS-4) */
    LB_LOS_ITEM_SIDE  /* the hexside feature between hex and pair, crossed, run along or touched */
} lb_los_item_kind;

/* Why a unit in an intervening hex does not block. */
typedef enum lb_los_passive {
    LB_LOS_PASSIVE_NONE,
    LB_LOS_PASSIVE_ROUTED, /* R-LOS-3 */
    LB_LOS_PASSIVE_LEADER, /* R-LOS-3: leaders and aides-de-camp */
    LB_LOS_PASSIVE_IN_F,   /* R-LOS-7: it stands in F too */
    LB_LOS_PASSIVE_IN_T    /* R-LOS-7: it stands in T too */
} lb_los_passive;

typedef struct lb_los_item {
    lb_los_item_kind kind;
    lb_hex hex;
    lb_hex pair;           /* EDGE and SIDE items: the other hex; HEX items: hex again */
    int on_map;
    int terrain;           /* terrain type index, or -1 off the map; SIDE: hexside type */
    int elevation;         /* 0 off the map */
    int unit;              /* the non-routed combat unit that counts here, or -1 */
    int passive;           /* a unit here that does not block, or -1 */
    lb_los_passive passive_why;
    int dist_from;         /* hex distance to F */
    int dist_to;           /* hex distance to T */
    lb_los_verdict verdict;
    const char *rule;      /* the ruling behind the verdict */
} lb_los_item;

typedef struct lb_los_result {
    lb_hex from;
    lb_hex to;
    int firer_side;        /* -1 when there is no friendly side (R-LOS-7) */
    int visible;
    int adjacent;          /* R-LOS-2: adjacent, or the same hex */
    int blocked_by;        /* index of the first blocking item, or -1 */
    int not_target;        /* R-LOS-12: cavalry in T standing in an enemy carre's hex, which is
                              not a target for other units' fire whatever the line; or -1 */
    lb_los_item *items;    /* in order from F to T */
    int nitems;
} lb_los_result;


#endif
