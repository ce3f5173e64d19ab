/* Private to the library: the `reactions` of the charge and move answers (R-RCH-8, R-OCH-10). */
#ifndef LB_REACTIONS_INT_H
#define LB_REACTIONS_INT_H

#include <jansson.h>
#include <stdio.h>

#include "state_types.h"
#include "lbi.h"

/* Sets "reactions": [{unit, at, kind}] in the answer object: the enemy cavalry that could react
 * to unit id's charge along path (charge 1, kind "reaction") or charge its move in opportunity
 * (charge 0, kind "opportunity"), each at the first hex of the path in its zone; and appends a
 * step per unit (one when none) to the answer's "trace" array. LB_OK, or LB_NOMEM. */
LBI int lbi_reactions_json(const lb_state *st, const char *id, const lb_hex *path, int npath,
                           int charge, json_t *answer);
/* "reactions:" then a line per such unit, at its hex, written to out (the answers' text).
 * LB_OK, or LB_NOMEM. */
LBI int lbi_reactions_print(FILE *out, const lb_state *st, const char *id, const lb_hex *path,
                            int npath, int charge);

#endif
