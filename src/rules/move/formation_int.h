/* Private to the library: the formation functions its files share, not offered by the API. */
#ifndef LB_FORMATION_INT_H
#define LB_FORMATION_INT_H

#include "rules_types.h"
#include "lbi.h"

/* R-FORM-2: the formation u in formation f takes on entering h from `from` (column and general
 * order swap with the terrain; a disordered unit is in one of them, R-MOR-3). */
LBI lb_formation lb_formation_auto(const lb_state *st, const lb_unit *u, lb_formation f, lb_hex h);

/* R-FORM-4, R-FORM-5: the fewest and most hexes u may stand in, in formation f. */
LBI void lb_formation_span(const lb_state *st, const lb_unit *u, lb_formation f, int *min,
                           int *max);

/* R-FORM-2..9: may unit change as req asks, as the state stands? Cost and result in *out
 * (R-FORM-3), the limber roll's exact odds (R-FORM-8). LB_OK, or LB_INVALID for a bad index. */
LBI int lb_formation_check(const lb_state *st, int unit, const lb_formation_req *req,
                           lb_formation_change *out, lb_trace *t);

/* The layouts unit may take in formation f facing `facing`: its first hex and, for several
 * hexes, each run along the line's axis to either side (R-FORM-4); writes at most max requests,
 * returns how many. */
LBI int lb_formation_layouts(const lb_state *st, int unit, lb_formation f, int facing,
                             lb_formation_req *out, int max);

/* R-FORM-5, R-FIRE-17, K19-3: a line under 5 increments, an infantry screen of 3 or fewer, a
 * cavalry line under 4 a hex stand in fewer hexes (a screen or line in its first hex, a cavalry
 * line in as many as its increments allow); no opportunity fire follows (28.6). Returns 1 when
 * the unit contracted. */
LBI int lb_formation_contract(lb_state *st, int unit);

/* R-FORM-8: rolls the limber roll of change c when it needs one ("limber roll"): one die plus
 * c->modifier, clamped to 1-6, within c->lo..c->hi succeeds. *die gets the die, *success 1 or 0
 * (1 without a roll). LB_OK or LB_DICE. */
LBI int lb_formation_limber_roll(const lb_formation_change *c, lb_dice *dice, int *die,
                                 int *success, lb_trace *t);

#endif
