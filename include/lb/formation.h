/* Tactical organisation (15), (16): the formations each arm takes, where, in which hexes, at what cost, and the limber roll. */
#ifndef LB_FORMATION_H
#define LB_FORMATION_H

#include "dice.h"
#include "frac.h"
#include "modifiers.h"
#include "state.h"
#include "trace.h"

/*
 * R-FORM-2..9. Infantry: column, line (one or two hexes), carré, skirmish order (one or two
 * hexes by increments), road march; cavalry: column, line (one hex per 4 increments or more),
 * skirmish (light cavalry, two hexes), road march; artillery: limbered or unlimbered. General
 * order is never chosen: column and road march (off a road) take it in general-order terrain
 * and leave it outside, at no cost (T15-17). These functions say what a change is and costs;
 * whether the unit has the MP, and what its new hexes hold, is the move action's (move.h).
 */

/* A formation change asked for: the formation, the facing after (0: R-FORM-9's default) and the
 * hexes after (nhexes 0: the fewest it needs, from the unit's first hex, extended to the
 * right of the facing). */
typedef struct lb_formation_req {
    lb_formation to;
    int facing;
    lb_hex hexes[LB_UNIT_MAX_HEXES];
    int nhexes;
} lb_formation_req;

/* The answer: legal or not (rule, why), and what the unit becomes. */
typedef struct lb_formation_change {
    int legal;
    const char *rule;
    const char *section;
    lb_said why;                        /* why not, when not legal (lb_said_fmt) */
    int cost;                           /* half MP */
    lb_formation to;
    int facing;
    lb_hex hexes[LB_UNIT_MAX_HEXES];
    int nhexes;
    int roll_needed;                    /* limber or unlimber with a chart range (R-FORM-8) */
    int lo, hi;                         /* the die range */
    int modifier;                       /* limber_modifiers */
    lb_frac p_success;                  /* 1 without a roll */
} lb_formation_change;

/* R-FORM-2: may u (its arm, class, state) ever take formation f? NULL, or why not (*rule set). */
const char *lb_formation_allowed(const lb_state *st, const lb_unit *u, lb_formation f,
                                 const char **rule);
/* R-FORM-2: may u stand in formation f in hex h (terrain)? NULL, or why not (*rule set). */
const char *lb_formation_terrain(const lb_state *st, const lb_unit *u, lb_formation f, lb_hex h,
                                 const char **rule);
/* R-FORM-2: the formation u in formation f takes on entering h from `from` (column and general
 * order swap with the terrain; a disordered unit is in one of them, R-MOR-3). */
lb_formation lb_formation_auto(const lb_state *st, const lb_unit *u, lb_formation f, lb_hex h);
/* R-FORM-4, R-FORM-5: the fewest and most hexes u may stand in, in formation f. */
void lb_formation_span(const lb_state *st, const lb_unit *u, lb_formation f, int *min, int *max);
/* R-FORM-2..9: may unit change as req asks, as the state stands? Cost and result in *out
 * (R-FORM-3), the limber roll's exact odds (R-FORM-8). LB_OK, or LB_INVALID for a bad index. */
int lb_formation_check(const lb_state *st, int unit, const lb_formation_req *req,
                       lb_formation_change *out, lb_trace *t);
/* The layouts unit may take in formation f facing `facing`: its first hex and, for several
 * hexes, each run along the line's axis to either side (R-FORM-4); writes at most max requests,
 * returns how many. */
int lb_formation_layouts(const lb_state *st, int unit, lb_formation f, int facing,
                         lb_formation_req *out, int max);
/* R-FORM-5, R-FIRE-17, K19-3: a line under 5 increments, an infantry screen of 3 or fewer, a
 * cavalry line under 4 a hex stand in fewer hexes (a screen or line in its first hex, a cavalry
 * line in as many as its increments allow); no opportunity fire follows (28.6). Returns 1 when
 * the unit contracted. */
int lb_formation_contract(lb_state *st, int unit);
/* R-FORM-8: rolls the limber roll of change c when it needs one ("limber roll"): one die plus
 * c->modifier, clamped to 1-6, within c->lo..c->hi succeeds. *die gets the die, *success 1 or 0
 * (1 without a roll). LB_OK or LB_DICE. */
int lb_formation_limber_roll(const lb_formation_change *c, lb_dice *dice, int *die, int *success,
                             lb_trace *t);

#endif
