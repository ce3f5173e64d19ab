/* Paths of retreat, rout and flight (30): every optimal legal path, its end hexes, or surrender. */
#ifndef LB_RETREAT_H
#define LB_RETREAT_H

#include "rules_types.h" /* lb_retreat_kind: the move a change of morale calls for */
#include "state_types.h"
#include "lb/core.h"

/*
 * An enemy formation is an enemy combat unit, not routed, within 15 hexes of the start (R-RET-7;
 * a unit of several hexes is one formation); d(h, F) is the hex distance from h to F's nearest
 * hex and D(h) the least d(h, F) (R-RET terms).
 * A path is the list of hexes ENTERED, in order; the start hex (the unit's first hex, R-RET-18)
 * is not part of it (answers write it first, R-RET-14). lb_retreat_paths finds the legal paths
 * (R-RET-1: no step closer to any formation; R-RET-2; R-RET-3 length; R-RET-5 completeness) that
 * are best by R-RET-4 (a)-(e): all of them have the same number of hexes, cost, count of
 * friendly hexes and D at the end. With no formation counted (R-RET-7) the few paths are listed
 * instead (a disorder's step, a rout's way toward its refuge, R-RET-19). It counts them exactly without listing them (R-RET-12), by dynamic programming
 * over (hex, movement points or hexes left) in the DAG of the distance classes (see
 * src/rules/retreat_int.h): time and memory grow with the hexes reached times the budget, never
 * with the number of paths. It keeps the first max_paths in label order; lb_retreat_each streams
 * every one; lb_retreat_path_to finds the first to one end hex from the same tables. A search over more than 16,777,216 (hex, level) states is refused with LB_NOMEM.
 * The result owns its memory, the search's tables included (lb_retreat_each walks them; it
 * does not read the state); release it with lb_retreat_release. It names its unit by id and the
 * generation of the state it was found on: lb_retreat_apply refuses it once the state has
 * changed (LB_STALE).
 */

typedef struct lb_retreat_req {
    lb_retreat_kind kind;
    int die;       /* premier-2017 charge-caused rout: the die rolled (1-6); 0 otherwise */
    int hexes;     /* a fixed count of hexes, whatever the kind (the premier-2017 carré's
                    * disorder moves 3 hexes, R-CHG-6); 0 otherwise */
    int max_paths; /* most paths to keep in the result (0: LB_RETREAT_KEEP) */
    int choice_only; /* 1: with no trace, R-RET-8 is checked only as far as the automatic choice
                      * needs (the odds, which offer no end): end_surrenders is then NULL when
                      * the choice's end does not mean surrender */
} lb_retreat_req;

#define LB_RETREAT_KEEP 1000

/* R-RET-15: a leader left alone in a hex the unit leaves (no other friendly combat unit there). */
typedef struct lb_retreat_leader {
    const char *id; /* the leader's unit id (owned by the state) */
    lb_hex hex;     /* where he stands */
    int captured;   /* the unit surrenders: he is captured with it (L7-6); else he may go with
                     * it to its end hex (the automatic choice) or stay */
} lb_retreat_leader;

struct lb_retreat_search;

typedef struct lb_retreat {
    const char *unit;        /* id of the unit that retreats (the state's string) */
    unsigned long long generation; /* the state's when the paths were found */
    lb_retreat_kind kind;
    int by_hexes;            /* 1: exactly `length` hexes; 0: at most `length` MP (R-RET-3) */
    int length;              /* hexes, or movement points */
    lb_hex start;
    int start_distance;      /* D(start); -1 when the unit stays */
    int stays;               /* R-RET-19: no formation counts and it stands in its refuge or
                              * can reach none: it stays */
    int surrender;           /* R-RET-5: no legal path */
    int hexes;               /* hexes entered by each optimal path */
    int cost;                /* terrain plus hexside cost of each optimal path */
    int friendly;            /* hexes holding friendly combat units on each optimal path */
    unsigned long long count;/* optimal paths in all, exact unless count_saturated */
    int count_saturated;     /* 1: there are at least 2^64 - 1 (count holds 2^64 - 1) */
    int npaths;              /* paths kept: the first max_paths in label order */
    lb_hex *paths;           /* npaths * hexes, path i at paths + i * hexes */
    lb_hex *ends;            /* every end hex of an optimal path, in label order */
    int nends;
    int *end_surrenders;     /* R-RET-8: per end, 1 when a failed recovery there would have no
                              * complete path (surrender later); NULL when there is no end */
    lb_hex *via;             /* every hex entered by some optimal path, in label order */
    int nvia;
    lb_hex *choice;          /* `hexes` hexes: the automatic choice (R-RET-4 f, avoiding the ends
                              * that mean surrender later, R-RET-8), or NULL */
    int choice_distance;     /* D at the end of every optimal path (R-RET-4 e; R-RET-7: over every
                              * enemy when no formation counts) */
    lb_retreat_leader *leaders; /* R-RET-15: leaders the unit leaves alone */
    int nleaders;
    int leaders_stay;        /* the caller sets it before lb_retreat_apply to leave them */
    struct lb_retreat_search *search; /* private: for lb_retreat_each */
} lb_retreat;

/* The most one hex may weigh for lb_retreat_path_to. */
#define LB_RETREAT_WEIGHT_MAX 63



#endif
