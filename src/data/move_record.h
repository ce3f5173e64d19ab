/* A unit's movement record and leader attachment as a scenario gives them (private to the loader). */
#ifndef LB_MOVE_RECORD_H
#define LB_MOVE_RECORD_H

#include <jansson.h>

#include "lb/err.h"
#include "lb/state.h"

/* Reports one problem at a scenario path (the loader's callback). */
typedef void (*lb_move_record_report)(void *ctx, const char *path, const char *msg);

/* Reads the optional keys "move_record" and "attached_to" of unit object uj (at path base) into
 * u, whose formation and state are loaded already; without "move_record" the record is the one of
 * a unit at the start of a Movement segment (R-MOV-2). Strings go to arena. */
void lb_move_record_load(const json_t *uj, const char *base, lb_unit *u, lb_arena *arena,
                         lb_move_record_report report, void *ctx);
/* R-MOV-14: an attached leader names a friendly combat unit standing in its hex; reports each
 * that does not at /units/i/attached_to. */
void lb_move_record_check(const lb_state *st, lb_move_record_report report, void *ctx);

#endif
