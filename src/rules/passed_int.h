/* The hexes the retreats and routs of a melee or a charge passed through, kept for the game's morale checks (R-MOR-16). */
#ifndef LB_PASSED_INT_H
#define LB_PASSED_INT_H

#include "rules_types.h"
#include "lb/core.h"
#include "lbi.h"

/*
 * A melee or a charge moves its units on a working copy and the game sees only where each began
 * and ended. Each retreat or rout of a unit that is not in good order as it moves is logged here
 * by the machine that makes it, in the order made: the unit, the hex it began in, then every hex
 * its path entered (the last one its end). The log is emptied at the start of each pass, so
 * after the last pass it holds the moves of the result that is applied.
 */
typedef struct lbi_passed {
    char unit[LB_SUBJECT_MAX];
    int first, n; /* the move's hexes: log->hexes[first .. first + n - 1] */
} lbi_passed;

typedef struct lbi_passed_log {
    lbi_passed *moves;
    int nmoves, cap_moves;
    lb_hex *hexes;
    int nhexes, cap_hexes;
} lbi_passed_log;

/* Appends unit's move: start, then the n hexes of path. LB_OK or LB_NOMEM (nothing added). */
LBI int lbi_passed_add(lbi_passed_log *log, const char *unit, lb_hex start, const lb_hex *path,
                       int n);
/* Empties the log, keeping its room. */
LBI void lbi_passed_clear(lbi_passed_log *log);
/* Frees the log's room; it is empty after. */
LBI void lbi_passed_release(lbi_passed_log *log);

#endif
