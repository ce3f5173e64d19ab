/* The game's queue of follow-up tasks (retreats, morale checks, leaders' choices): put in at the end or at a place. */
#include <stdio.h>
#include <string.h>

#include "game_int.h"

int lbi_task_insert(lb_game *g, int at, const task *t)
{
    if (g->ntasks == TASKS_MAX) {
        snprintf(g->error, sizeof g->error, "more than %d follow-ups at once", TASKS_MAX);
        return LB_INVALID;
    }
    memmove(&g->tasks[at + 1], &g->tasks[at], (size_t)(g->ntasks - at) * sizeof *g->tasks);
    g->tasks[at] = *t;
    g->ntasks++;
    return LB_OK;
}

int lbi_task_push(lb_game *g, const task *t)
{
    return lbi_task_insert(g, g->ntasks, t);
}
