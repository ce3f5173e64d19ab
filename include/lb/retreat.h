/* Paths of retreat, rout and flight (30): every optimal legal path, its end hexes, or surrender. */
#ifndef LB_RETREAT_H
#define LB_RETREAT_H

#include "state.h"
#include "trace.h"

/*
 * D(h) is the hex distance from h to the nearest hex holding an enemy combat unit (R-RET-1).
 * A path is the list of hexes ENTERED, in order; the start hex (the unit's first hex, R-RET-7)
 * is not part of it. lb_retreat_paths finds every legal path (R-RET-1, R-RET-2) of the right
 * length (R-RET-3) that is best by R-RET-4 (a)-(c): all of them have the same number of hexes,
 * cost and count of friendly hexes. It works without listing every path: a layered dynamic
 * programme over (hex, hexes still to move) gives a lower bound for every prefix, a
 * branch-and-bound search finds the optimum among paths without repeated hexes, and a second
 * search lists only the prefixes that can still reach it. The result owns its memory; release it
 * with lb_retreat_release.
 */

typedef enum lb_retreat_kind {
    LB_RETREAT_DISORDER, /* on becoming disordered: 3 MP, at least one hex */
    LB_RETREAT_ROUT,     /* on becoming routed */
    LB_RETREAT_FLIGHT    /* a routed unit's flight in the Morale Recovery Segment */
} lb_retreat_kind;

typedef struct lb_retreat_req {
    lb_retreat_kind kind;
    int die;       /* premier-2017 charge-caused rout: the die rolled (1-6); 0 otherwise */
    int hexes;     /* a fixed count of hexes, whatever the kind (the premier-2017 carré's
                    * disorder moves 3 hexes, R-CHG-6); 0 otherwise */
    int max_paths; /* most paths to keep in the result (0: LB_RETREAT_KEEP) */
} lb_retreat_req;

#define LB_RETREAT_KEEP 1000

typedef struct lb_retreat {
    lb_retreat_kind kind;
    int by_hexes;            /* 1: exactly `length` hexes; 0: at most `length` MP (R-RET-3) */
    int length;              /* hexes, or movement points */
    lb_hex start;
    int start_distance;      /* D(start); -1 when the unit stays */
    int stays;               /* R-RET-8: no enemy combat unit, nothing to retreat from */
    int surrender;           /* R-RET-5: no legal path */
    int hexes;               /* hexes entered by each optimal path */
    int cost;                /* terrain plus hexside cost of each optimal path */
    int friendly;            /* hexes holding friendly combat units on each optimal path */
    unsigned long long count;/* optimal paths in all */
    int npaths;              /* paths kept: the first max_paths in label order */
    lb_hex *paths;           /* npaths * hexes, path i at paths + i * hexes */
    lb_hex *ends;            /* every end hex of an optimal path, in label order */
    int nends;
    lb_hex *via;             /* every hex entered by some optimal path, in label order */
    int nvia;
    lb_hex *choice;          /* `hexes` hexes: the automatic choice (R-RET-4 d), or NULL */
    int choice_distance;     /* D at the end of the choice */
} lb_retreat;

/* Name of a kind ("disorder", "rout", "flight") and its parser (-1 when unknown). */
const char *lb_retreat_kind_name(lb_retreat_kind kind);
int lb_retreat_kind_parse(const char *s);
/* Every optimal path of unit for req (R-RET-1..7); out is filled (release it after LB_OK).
 * LB_INVALID for a leader or a bad die, LB_NOMEM. */
int lb_retreat_paths(const lb_state *s, int unit, const lb_retreat_req *req, lb_retreat *out,
                     lb_trace *t);
/* Frees what a result owns. */
void lb_retreat_release(lb_retreat *r);
/* Moves unit to the end of path `choice` of r (-1: the automatic choice) in column or general
 * order by its terrain, facing its last step (R-RET-11); on surrender removes the unit
 * (indexes after it shift down by one); leaves it where it is when it stays (R-RET-8).
 * Reindexes the state. LB_OK, LB_INVALID, LB_NOMEM. */
int lb_retreat_apply(lb_state *s, int unit, const lb_retreat *r, int choice);

#endif
