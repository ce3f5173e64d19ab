/* Movement's private parts: the mover's context, one step judged, the fit of a position, the allowance, one action checked. */
#ifndef LB_MOVE_INT_H
#define LB_MOVE_INT_H

#include <stddef.h>

#include "lb/move.h"
#include "lb/err.h"
#include "lb/move_charts.h"
#include "lb/stacking.h"
#include "lb/zoi.h"
#include "lbi.h"

/* The mover, as the state stands: built once per question and read by every step. */
typedef struct mv_ctx {
    const lb_state *st;
    const lb_move_charts *mc;
    int unit;
    const lb_unit *u;
    unsigned char *zoi;         /* lb_zoi_map for the mover's side (owned) */
    int allowance;              /* halves (R-MOV-3) */
    const char *allow_rule;     /* why the allowance is 0, or NULL */
    char allow_why[LB_MOVE_REASON_MAX];
    const char *no_step_rule;   /* why the unit takes no step at all, or NULL */
    char no_step[LB_MOVE_REASON_MAX];
    int quiet;                  /* answers without reasons or trace (the options' other actions) */
} mv_ctx;

/* Builds the context of unit (tracing the allowance into t). LB_OK or LB_NOMEM. */
LBI int lbi_mv_ctx_init(mv_ctx *c, const lb_state *st, int unit, lb_trace *t);
LBI void lbi_mv_ctx_release(mv_ctx *c);

/* One step judged: may the unit enter, what it costs, where it must stop, where it may end. */
typedef struct mv_step {
    int ok;                     /* it may enter (and pass) */
    int end;                    /* it may end its move there */
    int stop;                   /* it must stop there */
    int cost;                   /* halves */
    lb_formation formation;     /* its formation there */
    lb_hex to[LB_UNIT_MAX_HEXES];
    const char *rule;           /* the refusal, when not ok */
    char why[LB_MOVE_REASON_MAX];
    const char *end_rule;       /* why it may not end there */
    char end_why[LB_MOVE_REASON_MAX];
    const char *pass_rule;      /* explained steps: the ruling that let it pass friends there */
    char pass_why[LB_MOVE_REASON_MAX];
    int hex_cost[LB_UNIT_MAX_HEXES]; /* explained steps: each hex's own step, halves (R-MOV-7) */
    int capture;                /* it enters a hex of enemy leaders alone */
    int carre;                  /* cavalry entering an enemy carré's hex */
} mv_step;

/* The unit standing in from[] (its hexes) in formation f steps across hexside dir; first: this is
 * its first action of the segment; steps: hexes it entered before. explain 0 leaves the texts out
 * (the search). cache (NULL, or map cells bytes zeroed, the search's): the verdict on each hex
 * entered by a one-hex unit, which depends on that hex alone, is worked out once. */
LBI void lbi_mv_step_eval(const mv_ctx *c, const lb_hex *from, lb_formation f, int dir, int first,
                      int steps, unsigned char *cache, mv_step *out, int explain);
/* May the unit stand in hexes[] (n) in formation f, as it passes (ending 0) or ends its move
 * (ending 1), for the units there and the stacking rules? carre_step: a carré's one step (T16-5).
 * 1, or 0 with *rule and the reason in why (LB_MOVE_REASON_MAX bytes, or NULL). Passing friends,
 * 1 sets *rule to R-STACK-4 and says in why how it passes them. *capture, *carre as in mv_step
 * (may be NULL). */
LBI int lbi_mv_fits(const mv_ctx *c, const lb_hex *hexes, int n, lb_formation f, int ending,
                int carre_step, const char **rule, char *why, int *capture, int *carre);
/* R-MOV-16: a force-marching unit ends no adjacent to an enemy combat unit. 1 when it may. */
LBI int lbi_mv_march_end_ok(const mv_ctx *c, const lb_hex *hexes, int n, char *why, size_t nwhy);
/* The zone bits of the unit's hexes, or-ed. */
LBI unsigned lbi_mv_zone(const mv_ctx *c, const lb_hex *hexes, int n);
/* R-MOV-3: u's allowance in halves; form_first: the action being judged is a formation change
 * that is its first action (a carré's full allowance, T15-12). *rule, why: why it is 0. */
LBI int lbi_mv_allowance(const lb_state *st, const lb_unit *u, int form_first, const char **rule,
                     char *why, size_t n, lb_trace *t);
/* Checks one action against context c (no dice). */
LBI void lbi_mv_action_check(const mv_ctx *c, const lb_move_action *a, lb_move_outcome *out,
                             lb_trace *t);
/* R-ZOI-3: true when u, standing in hexes[] (n), may step out only as its first action:
 * infantry and foot artillery in an enemy zone (cavalry and horse artillery leave freely). */
LBI int lbi_mv_held_by_zone(const mv_ctx *c, const lb_hex *hexes, int n);
/* lb_move_step_cost between two cells of the map (dir from the first to the second). */
LBI int lbi_mv_step_cost_cells(const lb_state *st, int from, int to, int dir, lb_arm arm);
/* The arm whose costs a unit pays: a leader rides (R-MOV-13). */
LBI lb_arm lbi_mv_cost_arm(const lb_unit *u);

#endif
