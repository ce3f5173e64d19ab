/* Movement's private parts: the mover's context, one step judged, the fit of a position, the allowance, one action checked, a formation's reasons. */
#ifndef LB_MOVE_INT_H
#define LB_MOVE_INT_H

#include <stddef.h>

#include "rules_types.h"
#include "lb/core.h"
#include "state_types.h"
#include "stacking.h"
#include "zoi.h"
#include "lbi.h"
#include "move_events.h"

_Static_assert(MOVE_HEXES_MAX == LB_UNIT_MAX_HEXES, "the words list every hex of a unit");
_Static_assert(MOVE_UNITS_MAX == LB_MOVE_EVENT_UNITS, "the words list every unit of an event");

/* R-MOV-18 (R-RET-7): an enemy formation counts within this many hexes. */
#define MOVE_FOES_RANGE 15

/* The mover, as the state stands: built once per question and read by every step. */
typedef struct mv_ctx {
    const lb_state *st;
    const lb_move_charts *mc;
    int unit;
    const lb_unit *u;
    unsigned char *zoi;         /* lb_zoi_map for the mover's side (owned) */
    int allowance;              /* halves (R-MOV-3) */
    const char *allow_rule;     /* why the allowance is 0, or NULL */
    lb_said allow_why;
    const char *no_step_rule;   /* why the unit takes no step at all, or NULL */
    lb_said no_step;
    int quiet;                  /* answers without reasons or trace (the options' other actions) */
    int *foes;                  /* R-MOV-18: the enemy formations a disordered mover may not
                                 * step nearer to (unit indexes, owned), or NULL */
    int nfoes;
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
    lb_said why;
    const char *pass_rule;      /* explained steps: the ruling that let it pass friends there */
    lb_said pass_why;
    int hex_cost[LB_UNIT_MAX_HEXES]; /* explained steps: each hex's own step, halves (R-MOV-7) */
    int capture;                /* it enters a hex of enemy leaders alone */
    int carre;                  /* cavalry entering an enemy carré's hex */
} mv_step;

/* The unit standing in from[] (its hexes) in formation f steps across hexside dir; first: this is
 * its first action of the segment; steps: hexes it entered before. explain 0 leaves the reasons
 * out (the search). cache (NULL, or map cells bytes zeroed, the search's): the verdict on each hex
 * entered by a one-hex unit, which depends on that hex alone, is worked out once. */
LBI void lbi_mv_step_eval(const mv_ctx *c, const lb_hex *from, lb_formation f, int dir, int first,
                      int steps, unsigned char *cache, mv_step *out, int explain);
/* May the unit stand in hexes[] (n) in formation f, as it passes (ending 0) or ends its move
 * (ending 1), for the units there and the stacking rules? carre_step: a carré's one step (T16-5).
 * 1, or 0 with *rule and the reason in why (or NULL). Passing friends, 1 sets *rule to R-STACK-4
 * and says in why how it passes them. *capture, *carre as in mv_step (may be NULL). */
LBI int lbi_mv_fits(const mv_ctx *c, const lb_hex *hexes, int n, lb_formation f, int ending,
                    int carre_step, const char **rule, lb_said *why, int *capture, int *carre);
/* R-MOV-16: a force-marching unit ends no adjacent to an enemy combat unit. 1 when it may, else
 * 0 with the reason in why (or NULL). */
LBI int lbi_mv_march_end_ok(const mv_ctx *c, const lb_hex *hexes, int n, lb_said *why);
/* The zone bits of the unit's hexes, or-ed. */
LBI unsigned lbi_mv_zone(const mv_ctx *c, const lb_hex *hexes, int n);
/* R-MOV-3: u's allowance in halves; form_first: the action being judged is a formation change
 * that is its first action (a carré's full allowance, T15-12). *rule, why: why it is 0 (either
 * may be NULL). */
LBI int lbi_mv_allowance(const lb_state *st, const lb_unit *u, int form_first, const char **rule,
                         lb_said *why, lb_trace *t);
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
/* R-FORM-2, R-FORM-5: may u (its arm, class, state) ever take formation f? MOVE_FORM_ALLOWED, or
 * why not (*rule set); lb_formation_allowed in words. */
LBI enum move_not_allowed lbi_formation_not_allowed(const lb_state *st, const lb_unit *u,
                                                    lb_formation f, const char **rule);
/* R-FORM-2: may u stand in formation f in hex h (terrain)? MOVE_TERRAIN_OK, or why not (*rule
 * set); lb_formation_terrain in words. */
LBI enum move_terrain lbi_formation_bad_terrain(const lb_state *st, const lb_unit *u,
                                                lb_formation f, lb_hex h, const char **rule);

/* The library's own, not offered by the API (declared in include/lb/move.h before). */

/* Cost for arm (infantry, cavalry or artillery) to step from h across hexside dir, in whole MP. */
LBI int lb_move_step_cost(const lb_state *st, lb_hex h, int dir, lb_arm arm);
/* R-FORM-2, R-MOV-4 (T15-20): the road-march rate of the map's cell, in halves, or -1 when no
 * road runs through it: a terrain with a `road_march_move` that is not general-order terrain (a
 * road hex), or general-order terrain (a hamlet, village or town) that `map.roads` names. Road
 * march stands and steps only on such hexes. */
LBI int lb_move_road_rate(const lb_state *st, int cell);

/* R-MOV-2: starts a Movement segment for side: every unit of it gets a fresh record (its hold
 * for the segment is its hold_next; a force march of the last segment counts as a consecutive
 * turn) and the state is marked changed (lb_state_touch). The game engine calls it when the
 * segment begins. */
LBI void lb_move_segment_begin(lb_state *st, int side);

/* R-MOV-3: unit's allowance this segment in half MP, traced; *rule and why say why it is 0 when
 * it is (either may be NULL). */
LBI int lb_move_allowance(const lb_state *st, int unit, const char **rule, lb_said *why,
                          lb_trace *t);

/* Checks one action of the unit named id as the state stands, without dice. LB_OK with the answer
 * in *out (an illegal action is an answer: legal 0, rule, why); LB_NOT_FOUND for an unknown id. */
LBI int lb_move_action_check(const lb_state *st, const char *id, const lb_move_action *a,
                             lb_move_outcome *out, lb_trace *t);

/* The check, then the roll the action needs (R-DICE-3, purpose "limber roll" or "morale
 * check"). LB_OK, LB_NOT_FOUND, LB_DICE. */
LBI int lb_move_action_resolve(const lb_state *st, const char *id, const lb_move_action *a,
                               lb_dice *dice, lb_move_outcome *out, lb_trace *t);

/* Applies a legal outcome checked or resolved on this state as it stands (an unrolled roll counts
 * as a success): moves the unit and its attached leaders, changes its formation or facing,
 * removes captured leaders (lb_state_remove_unit), updates the record, and marks the state
 * changed (lb_state_touch). LB_OK; LB_STALE when the state changed since the outcome was worked
 * out, LB_INVALID when the outcome is illegal or does not fit the state (nothing changes either
 * way); LB_NOMEM. */
LBI int lb_move_action_apply(lb_state *st, const lb_move_outcome *o);

/* The library's own, not offered by the API (declared in include/lb/move.h before): lb_ask
 * answers a move. */

/* R-MOV-12: checks plan (n actions) for the unit named id: each action in turn (rolls taken
 * from dice, or assumed to succeed when dice is NULL), then the end of the move (stacking, a
 * force march's end, R-STACK-5, R-MOV-16). LB_OK, LB_NOT_FOUND, LB_DICE, LB_NOMEM. Release with
 * lb_move_plan_release. */
LBI int lb_move_check(const lb_state *st, const char *id, const lb_move_action *plan, int n,
                      lb_dice *dice, lb_move_plan *out, lb_trace *t);
/* R-MOV-12: the answer to a plan for the unit named id ending at hex `to` (its label, as the
 * caller was given it) that no path within its allowance (halves) reaches: refused before any
 * action, with why, traced into t. It owns nothing; its texts are id's and to's. */
LBI void lb_move_plan_unreached(const char *id, const char *to, int allowance, lb_move_plan *out,
                                lb_trace *t);
/* Frees what a plan owns (its actions); a zeroed or released plan is fine. */
LBI void lb_move_plan_release(lb_move_plan *p);
/* The path to reach[i] as directions from the start into dirs (at most max); returns its length. */
LBI int lb_move_choices_path(const lb_move_choices *o, int i, int *dirs, int max);
/* May u (not on the map: its hexes are ignored) enter the map at hex `at` as its first step?
 * Its formation and facing are u's own. LB_OK with the answer in *out. */
LBI int lb_move_entry_check(const lb_state *st, const lb_unit *u, lb_hex at, lb_move_entry *out,
                            lb_trace *t);
/* Adds u to the state at the entry hex with the entry's cost spent (a legal entry checked on the
 * state as it stands): its strings are copied into the state's arena; marks the state changed
 * (lb_state_touch). LB_OK; LB_STALE (the state changed since the check), LB_INVALID (an id already
 * used, an illegal entry), nothing changed; LB_NOMEM. */
LBI int lb_move_entry_apply(lb_state *st, const lb_unit *u, const lb_move_entry *e);
/* Names: "step", "face", …; "opportunity_fire", "capture", … */
LBI const char *lb_move_kind_name(lb_move_kind k);
LBI const char *lb_move_event_name(lb_move_event_kind k);

/* The library's own, not offered by the API (declared in include/lb/move.h before). */

/* Every hex the unit named id can reach this segment with its least cost and one cheapest path,
 * where it must stop and where it may end, and every other action open to it now with its cost.
 * LB_OK, LB_NOT_FOUND, LB_NOMEM. Release with lb_move_choices_release. */
LBI int lb_move_options(const lb_state *st, const char *id, lb_move_choices *out, lb_trace *t);
/* Frees what the choices own (reach, changes); zeroed or released choices are fine. */
LBI void lb_move_choices_release(lb_move_choices *o);

#endif
