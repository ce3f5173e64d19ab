/* Growing arrays: capacity doubling with overflow checks, for every growable array. */
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>

#include "lb/core.h"

void *lb_grow(void *items, int *cap, int need, size_t size)
{
    if (need <= *cap)
        return items;
    if (need < 0 || size == 0)
        return NULL;
    int next = *cap < 8 ? 8 : *cap;
    while (next < need)
        next = next > INT_MAX / 2 ? INT_MAX : 2 * next;
    if ((size_t)next > SIZE_MAX / size)
        return NULL;
    void *grown = realloc(items, (size_t)next * size);
    if (!grown)
        return NULL;
    *cap = next;
    return grown;
}
