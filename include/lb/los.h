/* Line of sight (rule 23): exact, with every intervening hex and the reason it blocks or not. */
#ifndef LB_LOS_H
#define LB_LOS_H

#include "hex.h"
#include "state.h"
#include "trace.h"

/*
 * lb_los_check answers whether hex F sees hex T (R-LOS-1..8): the exact sight line between the
 * two centres, every hex whose interior it crosses and every pair of hexes along whose shared edge
 * it runs, each with what it holds and what it does to the line. The result owns its items;
 * release it with lb_los_result_release. lb_los_visible marks every hex F sees, without traces.
 */

/* What an intervening hex (or hexside) does to the line. */
typedef enum lb_los_verdict {
    LB_LOS_OPEN,           /* nothing here blocks */
    LB_LOS_OFF_MAP,        /* off the map: never blocks */
    LB_LOS_BLOCK_DWELLING, /* R-LOS-3: dwelling, never seen over */
    LB_LOS_BLOCK_HIGHER,   /* R-LOS-5: higher than both ends, never seen over */
    LB_LOS_BLOCK_TERRAIN,  /* R-LOS-3: woods or other blocking terrain */
    LB_LOS_BLOCK_UNIT,     /* R-LOS-3: a non-routed combat unit */
    LB_LOS_BLOCK_WALL,     /* R-LOS-3: a wall hexside crossed or run along */
    LB_LOS_BLOCK_FRIENDLY, /* R-LOS-6: a unit friendly to the firer next to a higher target */
    LB_LOS_SEEN_OVER       /* R-LOS-6: terrain or units here are seen over */
} lb_los_verdict;

typedef enum lb_los_item_kind {
    LB_LOS_ITEM_HEX,  /* the line crosses the hex's interior */
    LB_LOS_ITEM_EDGE, /* the line runs along the edge this hex shares with `pair` (R-LOS-4) */
    LB_LOS_ITEM_SIDE  /* the hexside between hex and pair, crossed or run along (walls) */
} lb_los_item_kind;

typedef struct lb_los_item {
    lb_los_item_kind kind;
    lb_hex hex;
    lb_hex pair;           /* EDGE and SIDE items: the other hex */
    int on_map;
    int terrain;           /* terrain type index, or -1 off the map; SIDE: hexside type, or -1 */
    int elevation;
    int unit;              /* the non-routed combat unit considered here, or -1 */
    int dist_from;         /* hex distance to F */
    int dist_to;           /* hex distance to T */
    lb_los_verdict verdict;
    const char *rule;      /* the ruling behind the verdict */
} lb_los_item;

typedef struct lb_los_result {
    lb_hex from;
    lb_hex to;
    int firer_side;        /* -1 when F holds no combat unit (R-LOS-7) */
    int visible;
    int adjacent;          /* R-LOS-2 */
    int blocked_by;        /* index of the first blocking item, or -1 */
    lb_los_item *items;
    int nitems;
} lb_los_result;

/* Checks LOS from F to T; firer_side is the firing unit's side, or -1 to take the top combat unit
 * of F (R-LOS-7). Appends the reasons to trace when not NULL. LB_OK or LB_NOMEM. */
int lb_los_check(const lb_state *st, lb_hex from, lb_hex to, int firer_side, lb_los_result *out,
                 lb_trace *trace);
/* Frees the items. */
void lb_los_result_release(lb_los_result *r);
/* Marks visible[cell] = 1 for every hex of the map F sees (0 otherwise); visible has cols*rows
 * entries. firer_side as in lb_los_check. LB_OK or LB_NOMEM. */
int lb_los_visible(const lb_state *st, lb_hex from, int firer_side, unsigned char *visible);
/* Name of a verdict ("blocks: dwelling", "seen over", …). */
const char *lb_los_verdict_name(lb_los_verdict v);

#endif
