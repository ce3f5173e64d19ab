/* Private to the library: the arena allocator, many allocations freed together, one arena per loaded scenario. */
#ifndef LB_ARENA_INT_H
#define LB_ARENA_INT_H

#include <stddef.h>

#include "lbi.h"

/*
 * An arena hands out memory that is never freed piece by piece: everything allocated from it
 * goes at once with lb_arena_free. A loaded scenario's state lives in one arena (its units,
 * strings and compiled charts), so lb_state_free is one call. Allocations are 16-byte aligned,
 * zero-filled, and live until lb_arena_free; the arena is opaque and not thread-safe.
 */
typedef struct lb_arena lb_arena;

/* A new empty arena, or NULL when out of memory. */
LBI lb_arena *lb_arena_new(void);
/* Frees the arena and everything allocated from it. */
LBI void lb_arena_free(lb_arena *arena);
/* n zeroed elements of size bytes each, NULL on overflow or out of memory. */
LBI void *lb_arena_calloc(lb_arena *arena, size_t n, size_t size);

/* size zeroed bytes, or NULL when out of memory. */
LBI void *lb_arena_alloc(lb_arena *arena, size_t size);

/* A copy of s, or NULL. */
LBI char *lb_arena_strdup(lb_arena *arena, const char *s);

#endif
