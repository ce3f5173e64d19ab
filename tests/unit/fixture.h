/* What the unit tests of the game share: a game of a scenario text or of the embedded demo, its load errors printed. */
#ifndef LB_TEST_FIXTURE_H
#define LB_TEST_FIXTURE_H

#include <stdint.h>
#include "lb/game.h"

/* A game of the scenario text (name for messages) on the embedded charts, its dice from seed,
 * undo policy undo; a scenario that does not load prints its errors and fails the test. */
lb_game *fixture_game(const char *name, const char *text, uint64_t seed, lb_undo_policy undo);
/* A game of the embedded demo (as fixture_game). */
lb_game *fixture_demo(uint64_t seed, lb_undo_policy undo);

#endif
