/* Rule answers as JSON: the documents of the command line's --json, shared with the HTTP API's previews. */
#ifndef LB_ANSWER_H
#define LB_ANSWER_H

#include <stdint.h>
#include <stdio.h>

#include "fire.h"
#include "los.h"
#include "melee.h"
#include "retreat.h"
#include "stacking.h"
#include "state.h"
#include "trace.h"

/*
 * Each lb_…_json function writes one rules answer as the JSON document cli.md and api.md
 * describe, as compact UTF-8 text into *out, malloc'd: the caller frees it. It returns LB_OK, or
 * LB_NOMEM with *out NULL. The command line prints the document (indented); the server sends
 * it as it is. Nothing here decides anything: the answer is the rules' own.
 *
 * The documents are text so that no JSON library's type is part of this API: the library makes
 * them with jansson, and a caller reads them with whatever it likes (the command line and the
 * server load them with jansson when they add to them). Like lb_game_view_json and
 * lb_journal_to_json, which the game's documents come from.
 *
 * Hex labels are the map's; units are named by id.
 */

/* The trace: [{"rule","section","text","values",{…},"dice"?:[…]}]. */
int lb_trace_json(const lb_trace *t, char **out);
/* The trace as the command line writes it on out: one line per step, "  [RULE SECTION] text". */
void lb_trace_print(FILE *out, const lb_trace *t);

/* Writes the map of st as text on out (R-GRID-2 staggered columns: odd columns on a row's first
 * line, even ones half a hex lower), a cell per hex: terrain symbol, elevation digit (blank on a
 * flat map), side mark of the top combat unit (lower case: leaders only); then its key. With
 * marks (one per cell, NULL: none), a fourth character per hex shows mark_chars[marks[cell]],
 * explained by mark_key in the key. */
void lb_map_print(FILE *out, const lb_state *st, const unsigned char *marks,
                  const char *mark_chars, const char *mark_key);

/* A hex label or a unit id (the unit's first hex) of st into *hex; *unit is the unit's index or
 * -1. Returns 0, or -1 when s is neither. */
int lb_answer_hex_or_unit(const lb_state *st, const char *s, lb_hex *hex, int *unit);


#endif
