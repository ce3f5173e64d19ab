/* The charge's movement (private): step costs, facing, the plan, forced steps, zones of influence, the situation at contact. */
#ifndef LB_CHARGE_MOVE_H
#define LB_CHARGE_MOVE_H

#include "charge_run.h"

/* Light cavalry: printed movement 13 or more (35.4). */
LBI int lbi_mv_is_light(const lb_unit *u);
/* Hex distance from h to the nearest hex of unit. */
LBI int lbi_mv_distance(const lb_state *s, lb_hex h, int unit);
/* True when h is next to a hex of unit through a hexside cavalry may cross (R-CHG-30). */
LBI int lbi_mv_adjacent(const lb_state *s, lb_hex h, int unit);
/* R-CHG-9: refuses (STOP_REFUSED) a plan that is not legal as the map stands. */
LBI int lbi_mv_check_plan(run *R);
/* The next planned step into *dir, -1 when the plan is over or blocked (R-CHG-14). */
LBI int lbi_mv_plan_step(run *R, int *dir);
/* A forced step nearer unit (or hex when unit < 0) until within want hexes (R-CHG-14). */
LBI int lbi_mv_forced_step(run *R, int unit, lb_hex hex, int want, int *dir);
/* Takes the step: costs, facing, the cavalry and its riders moved, passing fire owed. */
LBI int lbi_mv_step(run *R, int dir);
/* R-CHG-29: at contact the cavalry turns in place to face unit through a front hexside (the
 * fewest hexsides, 2 MP each, counted as spent whatever is left); nothing when it faces it
 * already or stands in its hex. */
LBI void lbi_mv_face(run *R, int unit);
/* 37.7: the last three steps straight and facing unit. */
LBI int lbi_mv_straight(const run *R, int unit);
/* The situation of a roll about defender (attacker: the cavalry where it stands now). */
LBI void lbi_mv_context(const run *R, int defender, lb_modifier_ctx *x);
/* h lies in the zone of influence of a combat unit of `side` (14, R-CHG-27). */
LBI int lbi_mv_in_zoi(const lb_state *s, lb_hex h, int side);

#endif
