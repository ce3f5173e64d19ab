/* The table of games in memory: found by id, held by requests and streams, grown while every game in it is held, the least recently used game nobody holds let go past its size. */
#include <stdlib.h>

#include "lb/core.h"
#include "server_int.h"

slot *table_find(const slot_table *t, long long id)
{
    for (int i = 0; i < t->n; i++)
        if (t->slots[i]->id == id)
            return t->slots[i];
    return NULL;
}

void table_hold(slot_table *t, slot *sl)
{
    sl->refs++;
    sl->used = ++t->tick;
}

/* Takes out the least recently used game nobody holds when the table is over its size: it, or
 * NULL. One is enough after each change: the table keeps at most `keep` games, or holds every
 * game it keeps. */
static slot *evict(slot_table *t)
{
    if (t->n <= t->keep)
        return NULL;
    int lru = -1;
    for (int i = 0; i < t->n; i++)
        if (t->slots[i]->refs == 0 && (lru < 0 || t->slots[i]->used < t->slots[lru]->used))
            lru = i;
    if (lru < 0)
        return NULL; /* every game is held: the table stays larger until one is let go */
    slot *gone = t->slots[lru];
    t->slots[lru] = t->slots[--t->n];
    return gone;
}

int table_insert(slot_table *t, slot *sl, slot **gone)
{
    *gone = NULL;
    slot **grown = lb_grow(t->slots, &t->cap, t->n + 1, sizeof *grown);
    if (!grown)
        return LB_NOMEM;
    t->slots = grown;
    t->slots[t->n++] = sl;
    sl->refs = 0;
    table_hold(t, sl);
    *gone = evict(t);
    return LB_OK;
}

slot *table_release(slot_table *t, slot *sl)
{
    sl->refs--;
    return evict(t);
}

void table_free(slot_table *t)
{
    free(t->slots);
    *t = (slot_table){.keep = t->keep};
}
