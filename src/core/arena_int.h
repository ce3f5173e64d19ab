/* Private to the library: the arena functions its files share, not offered by the API. */
#ifndef LB_ARENA_INT_H
#define LB_ARENA_INT_H

#include "lb/arena.h"
#include "lbi.h"

/* size zeroed bytes, or NULL when out of memory. */
LBI void *lb_arena_alloc(lb_arena *arena, size_t size);

/* A copy of s, or NULL. */
LBI char *lb_arena_strdup(lb_arena *arena, const char *s);

#endif
