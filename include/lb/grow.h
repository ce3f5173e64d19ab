/* Growing arrays: the one helper every growable array of the library uses to make room. */
#ifndef LB_GROW_H
#define LB_GROW_H

#include <stddef.h>

/*
 * An array of `size`-byte elements with capacity *cap, allocated with malloc (or NULL with
 * *cap 0). lb_grow makes room for at least `need` elements: it returns the array, moved and
 * larger when needed (the capacity at least doubles, from 8, so n appends cost O(n)), with *cap
 * updated; or NULL when memory runs out or the size overflows, leaving the array and *cap as they
 * were (the caller still frees the old array). Usage:
 *
 *     lb_err *items = lb_grow(list->items, &list->cap, list->count + 1, sizeof *items);
 *     if (!items)
 *         return LB_NOMEM;
 *     list->items = items;
 */
void *lb_grow(void *items, int *cap, int need, size_t size);

#endif
