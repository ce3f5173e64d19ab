/* A unit's movement record and leader attachment as a scenario gives them (private to the loader). */
#ifndef LB_MOVE_RECORD_H
#define LB_MOVE_RECORD_H

#include <jansson.h>

#include "chart_json.h"
#include "lb/core.h"
#include "state_types.h"
#include "lbi.h"

/* Reads the values of the optional keys "attached_to" (at) and "move_record" (rec, NULL when
 * absent) of the unit object at path base into u, whose formation and state are loaded
 * already; without "move_record" the record is the one of a unit at the start of a Movement
 * segment (R-MOV-2). Strings go to arena; problems to report at scenario paths. */
LBI void lbi_move_record_load(const json_t *at, const json_t *rec, const char *base, lb_unit *u,
                              lb_arena *arena, lbi_report report, void *ctx);
/* R-MOV-14: an attached leader names a friendly combat unit standing in its hex; reports each
 * that does not at /units/i/attached_to. */
LBI void lbi_move_record_check(const lb_state *st, lbi_report report, void *ctx);

#endif
