/* Private to the library: the zone in which non-phasing cavalry may react to an enemy charge or charge an enemy mover (39.1, R-RCH-1, R-OCH-1). */
#ifndef LB_CHARGE_ZONE_INT_H
#define LB_CHARGE_ZONE_INT_H

#include "state_types.h"
#include "lb/core.h"
#include "lbi.h"

/* The charge the zone is for: a reaction charge in the enemy's Charge segment (39), an
 * opportunity charge in the enemy's Movement segment (40). */
typedef enum lbi_zone_kind { LBI_ZONE_REACTION, LBI_ZONE_OPPORTUNITY } lbi_zone_kind;

/* Why a cavalry unit's zone does not hold the hex, in the order they are checked. */
typedef enum lbi_zone_why {
    LBI_ZONE_IN,          /* it does: the unit may be asked */
    LBI_ZONE_NOT_CAVALRY, /* not a combat cavalry unit of the other side */
    LBI_ZONE_NOT_GOOD,    /* not in good order (39.1) */
    LBI_ZONE_EXHAUSTED,   /* exhausted (39.3, 40.2) */
    LBI_ZONE_USED,        /* reacted this segment / charged this player turn */
    LBI_ZONE_HEXES,       /* in more than one hex: a charge is made from one (R-CHG-8) */
    LBI_ZONE_FAR,         /* beyond its extent: heavy 4 hexes, light 6 */
    LBI_ZONE_BEHIND,      /* the hex is not in front of its front hexsides */
    LBI_ZONE_UNSEEN       /* it has no line of sight to the hex */
} lbi_zone_why;

/* The answer: whether the hex is in the zone, else why, with the distance and the extent. */
typedef struct lbi_zone {
    int in;
    lbi_zone_why why;
    int distance; /* hexes from the cavalry to the hex */
    int extent;   /* 4 (heavy) or 6 (light, printed MP 13 or more, 35.4) */
} lbi_zone;

/* R-RCH-1, R-OCH-1, R-OCH-2: does the zone of cavalry `cav` (a unit index of st) hold
 * hex `at`, where a unit of mover_side stands? `used`: the game's record that the unit reacted
 * in this segment (reaction) or charged in this player turn (opportunity). Pure: the state is
 * read; the checks and their verdict go to t (NULL: none). LB_OK, or LB_NOMEM. */
LBI int lbi_charge_zone(const lb_state *st, int cav, lb_hex at, int mover_side,
                        lbi_zone_kind kind, int used, lbi_zone *out, lb_trace *t);

/* An enemy cavalry unit that could react to a charger (R-RCH-8) or charge a mover in opportunity
 * (R-OCH-10) along a planned path: the first hex of the path in its zone. */
typedef struct lbi_watcher {
    int cav;      /* its unit index */
    lb_hex at;    /* the first hex of the path its zone holds */
    int step;     /* that hex's index in the path */
    int distance; /* hexes from the cavalry to it */
} lbi_watcher;

/* R-RCH-8, R-OCH-10: the enemy cavalry of `unit` (an index of st) whose zone of `kind` holds a
 * hex of path (npath hexes, in the order entered), each once at the first such hex, in path
 * order then unit order; at most max into out, their count in *n. Pure. LB_OK, or LB_NOMEM. */
LBI int lbi_charge_watchers(const lb_state *st, int unit, const lb_hex *path, int npath,
                            lbi_zone_kind kind, lbi_watcher *out, int max, int *n);

#endif
