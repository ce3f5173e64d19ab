/* The loader's hook for the battle keys: victory, reinforcements, organisation, timed movement (library-internal). */
#ifndef LB_SCENARIO_BATTLE_H
#define LB_SCENARIO_BATTLE_H

#include <jansson.h>
#include "state_types.h"
#include "lbi.h"

/* The top-level keys it reads, for the loader's strict mode. */
#define SCN_BATTLE_KEYS "victory", "reinforcements", "organisation", "movement_time_limit_s"

/* Reads the battle keys of root into st->battle (the organisations' levels from the merged
 * charts), after the units are loaded and before their placement is checked, and takes the
 * reinforcements off the map (they are never on it with the units that start there). Every problem goes to report(ctx, scenario path, "expected …, found
 * …"); strict reports unknown keys; whole_battle reports a scenario with no `victory.last_turn`
 * (R-GAME-4, `check --strict`). Returns 0, or -1 when out of memory. */
LBI int lbi_scn_battle_load(const json_t *root, const json_t *charts, lb_state *st, int strict,
                            int whole_battle,
                            void (*report)(void *ctx, const char *path, const char *msg), void *ctx);

#endif
