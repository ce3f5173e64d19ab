/* Fire's insides (private): hexside geometry, event arguments, refusals and the two stages of one unit's answer, shared by fire.c, fire_group.c, fire_odds.c and the breakdown. */
#ifndef LB_FIRE_INT_H
#define LB_FIRE_INT_H

#include "event.h"
#include "fire_events.h"
#include "rules_types.h"
#include "lbi.h"

/* Bit of hexside direction dir (taken modulo 6). */
LBI unsigned lbi_fi_bit(int dir);
/* Hex h as an event's argument. */
LBI lb_event_arg lbi_fi_hex(const lb_state *s, lb_hex h);
/* A fraction as an event's argument. */
static inline lb_event_arg fi_frac(lb_frac v)
{
    return ev_frac(v.num, v.den);
}
/* A fraction as a trace value. */
LBI void lbi_fi_trace_frac(lb_trace *t, const char *key, lb_frac v);
/* R-FIRE-3, R-FIRE-12: a unit's increments in its k-th hex, as even as possible, the odd ones
 * in its first hexes. */
LBI int lbi_fi_share(const lb_unit *u, int k);
/* The index of h among u's hexes, or -1. */
LBI int lbi_fi_hex_of(const lb_unit *u, lb_hex h);
/* The hexsides of a through which the line from a's centre to b's leaves a: one, or the two
 * that meet at the corner it passes; returns how many. */
LBI int lbi_fi_exit_sides(lb_hex a, lb_hex b, int sides[2]);
/* The k-th of n hexsides as an event's argument ("N"), nothing when there is no k-th: the
 * words write one hexside or the corner of two. */
LBI lb_event_arg lbi_fi_side(const int *sides, int n, int k);
/* True when the terrain of h is `open` in the charts (charts-format 4.1): clear for the rules
 * that demand clear terrain. */
LBI int lbi_fi_open_terrain(const lb_state *s, lb_hex h);
/* u's troop, "French" "Légère": the charts' names of its nation (else its id, else its arm) and
 * of its class (else its id, else none). */
LBI void lbi_fi_troop(const lb_state *s, const lb_unit *u, const char *troop[2]);

/* A refusal said into why: kind and its own arguments after the two that frame it (unset). */
#define FIRE_SAY(why, kind, ...) LBI_SAY((why), (kind), ev_int(0), ev_int(0), __VA_ARGS__)
#define FIRE_SAY0(why, kind) LBI_SAY((why), (kind), ev_int(0), ev_int(0))
/* The step of refusal why, framed (enum fire_frame: "may not fire: …"). */
LBI void lbi_fi_trace_refusal(lb_trace *t, const char *rule, const char *section,
                              const lb_said *why, int frame);

/* The first stage of one unit's answer: may it fire at all, from which hexes (range, front,
 * LOS) and with what multiple; v->allowed is 1 when nothing refused it so far. LB_OK, LB_INVALID,
 * LB_NOMEM. */
LBI int lbi_fi_unit_judge(const lb_state *s, int unit, lb_hex target, lb_fire_kind kind,
                          lb_fire_value *v, lb_trace *t);
/* The second stage: the value of a judged unit. caps (one per hex of the unit, or NULL) holds
 * the increments a group rule lets fire from each hex, -1 for no limit (R-FIRE-24). Refuses a
 * unit whose value is 0 (R-FIRE-16). */
LBI void lbi_fi_unit_value(const lb_state *s, lb_fire_value *v, const int *caps, lb_trace *t);

/* The breakdown of a valued unit's fire value: its event's kind, and its FIRE_BREAKDOWN_ARGS
 * arguments into args. */
LBI int lbi_fi_breakdown(const lb_fire_value *v, lb_event_arg *args);
/* The sum of a fire together (EV_FIRE_SUM): its FIRE_SUM_ARGS arguments into args, with the
 * count of firers when traced (the trace's step) or without (the sum alone). */
LBI void lbi_fi_sum(const lb_fire_group *g, int traced, lb_event_arg *args);

/* The library's own, not offered by the API (declared in include/lb/fire.h before). */

/* May unit fire at target in a fire of this kind, and its fire value with the breakdown
 * (R-FIRE-1..6, R-FIRE-8, R-FIRE-9, R-FIRE-16, R-FIRE-19..21, R-FIRE-24, R-FIRE-25). LB_OK (an
 * answer, allowed or not); LB_INVALID for a bad unit index, kind or a target off the map;
 * LB_NOMEM. */
LBI int lb_fire_check(const lb_state *s, int unit, lb_hex target, lb_fire_kind kind,
                      lb_fire_value *out, lb_trace *t);

/* May the request's firers fire together at its target: each firer's answer, the combination
 * rules (R-FIRE-23..27) and the fire value they sum to. Returns as lb_fire_check (LB_INVALID
 * also for a request without firers). */
LBI int lb_fire_group_check(const lb_state *s, const lb_fire_request *rq, lb_fire_group *out,
                            lb_trace *t);

/* Frees what a group owns. */
LBI void lb_fire_group_release(lb_fire_group *g);

/* Applies a fire resolved on s as it stands: losses, morale states (their retreats are
 * lb_retreat's), lines and screens closing up (R-FIRE-17), eliminated units and fallen leaders
 * removed (lb_state_remove_unit: the indexes after a removed unit shift down); reindexes and marks
 * s changed (lb_state_touch). A fire that was not allowed changes nothing. LB_OK; LB_STALE (s
 * changed since the fire was resolved) or LB_INVALID (a unit of the result is not in s), nothing
 * changed; LB_NOMEM. */
LBI int lb_fire_apply(lb_state *s, const lb_fire_result *r);

/* An allowed unit's fire value, broken down, into buf (n bytes, NUL-terminated, cut short when
 * too small), like snprintf: "line, 2 hexes: 4 + 4 increments × 3 (French Ligne, line) = 24". */
LBI int lb_fire_value_breakdown(const lb_fire_value *v, char *buf, size_t n);
/* 1 when on some roll the units of the target hex take less than the hex's loss (R-FIRE-13:
 * lone unlimbered guns, a loss beyond the hex's strength): p_taken then differs from p_loss. */
LBI int lb_fire_chance_takes_less(const lb_fire_chance *o);

/* Rolls: the fire ("fire"), each due fire-loss morale check top first ("morale check"), then each
 * leader's casualty die ("leader casualty") and hours out ("leader hours out"). When the fire is
 * not allowed nothing is rolled. LB_OK, LB_INVALID, LB_NOMEM, or LB_DICE (scripted dice short or
 * of the wrong kind). */
LBI int lb_fire_resolve(const lb_state *s, const lb_fire_request *rq, lb_dice *dice,
                        lb_fire_result *out, lb_trace *t);

/* Frees what a result owns. */
LBI void lb_fire_result_release(lb_fire_result *r);

/* "offensive", "defensive", "opportunity", and the parser (-1 when unknown). */
LBI const char *lb_fire_kind_name(lb_fire_kind k);
LBI int lb_fire_kind_parse(const char *s);

/* The library's own, not offered by the API (declared in include/lb/fire.h before). */

/* Frees what a chance owns. */
LBI void lb_fire_chance_release(lb_fire_chance *o);
/* The same for an allowed group: its one firer's breakdown, or "fr-a 12 + fr-b 8 = 20". */
LBI int lb_fire_group_breakdown(const lb_fire_group *g, char *buf, size_t n);
/* The whole answer before the dice: fire value, fire defence, odds column, roll modifiers and
 * the exact distributions (R-FIRE-7, R-FIRE-10..15, R-FIRE-20, R-FIRE-27, R-DICE-4). Returns as
 * lb_fire_group_check. */
LBI int lb_fire_odds(const lb_state *s, const lb_fire_request *rq, lb_fire_chance *out, lb_trace *t);
/* R-FIRE-22: the hex of target_unit the request's firers may fire at (rq->target is ignored):
 * LB_OK with *hex when the unit stands in one hex (*nallowed 0, not counted), or when exactly one
 * of its hexes may be fired at (*nallowed 1); LB_USAGE when several or none may (*nallowed says
 * how many; *hex is its first hex), for the caller to ask which. The choice among several hexes
 * is traced into t. LB_INVALID, LB_NOMEM as lb_fire_group_check. */
LBI int lb_fire_target_hex(const lb_state *s, const lb_fire_request *rq, int target_unit, lb_hex *hex,
                       int *nallowed, lb_trace *t);

#endif
