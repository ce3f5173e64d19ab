/* Private to the library: the unit functions its files share, not offered by the API. */
#ifndef LB_UNIT_INT_H
#define LB_UNIT_INT_H

#include "state_types.h"
#include "lbi.h"

/* Names as written in scenarios, and their parsers (-1 when unknown). */
LBI int lb_arm_parse(const char *s);

/* Names as written in scenarios, and their parsers (-1 when unknown). */
LBI int lb_morale_state_parse(const char *s);

/* Names as written in scenarios, and their parsers (-1 when unknown). */
LBI int lb_readiness_parse(const char *s);

/* Names as written in scenarios, and their parsers (-1 when unknown). */
LBI const char *lb_move_hold_name(lb_move_hold h);

/* Names as written in scenarios, and their parsers (-1 when unknown). */
LBI int lb_move_hold_parse(const char *s);

/* Names as written in scenarios, and their parsers (-1 when unknown). */
LBI const char *lb_force_march_name(lb_force_march m);

/* Names as written in scenarios, and their parsers (-1 when unknown). */
LBI int lb_force_march_parse(const char *s);

/* True when the unit stands in hex h (any of its hexes). */
LBI int lb_unit_in_hex(const lb_unit *u, lb_hex h);

/* The leader bonus named key, or 0. */
LBI int lb_unit_bonus(const lb_unit *u, const char *key);

/* Names as written in scenarios, and their parsers (-1 when unknown). */
LBI const char *lb_arm_name(lb_arm arm);
LBI const char *lb_formation_name(lb_formation f);
LBI int lb_formation_parse(const char *s);
LBI const char *lb_morale_state_name(lb_morale_state s);
LBI const char *lb_readiness_name(lb_readiness r);

#endif
