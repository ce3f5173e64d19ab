/* The log of hexes a melee's or a charge's retreats and routs passed through (R-MOR-16). */
#include <stdio.h>
#include <stdlib.h>

#include "lb/core.h"
#include "passed_int.h"

int lbi_passed_add(lbi_passed_log *log, const char *unit, lb_hex start, const lb_hex *path, int n)
{
    lbi_passed *moves = lb_grow(log->moves, &log->cap_moves, log->nmoves + 1, sizeof *moves);
    if (!moves)
        return LB_NOMEM;
    log->moves = moves;
    lb_hex *hexes = lb_grow(log->hexes, &log->cap_hexes, log->nhexes + n + 1, sizeof *hexes);
    if (!hexes)
        return LB_NOMEM;
    log->hexes = hexes;
    lbi_passed *m = &log->moves[log->nmoves++];
    snprintf(m->unit, sizeof m->unit, "%s", unit);
    m->first = log->nhexes;
    m->n = n + 1;
    log->hexes[log->nhexes++] = start;
    for (int k = 0; k < n; k++)
        log->hexes[log->nhexes++] = path[k];
    return LB_OK;
}

void lbi_passed_clear(lbi_passed_log *log)
{
    log->nmoves = 0;
    log->nhexes = 0;
}

void lbi_passed_release(lbi_passed_log *log)
{
    free(log->moves);
    free(log->hexes);
    *log = (lbi_passed_log){0};
}
