/* Arena allocator: chained blocks, freed all at once. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "arena_int.h"

#define BLOCK_SIZE 65536
#define ALIGN 16

typedef struct block {
    struct block *next;
    size_t used;
    size_t size;
    _Alignas(ALIGN) unsigned char data[];
} block;

struct lb_arena {
    block *head;
};

lb_arena *lb_arena_new(void)
{
    return calloc(1, sizeof(lb_arena));
}

void lb_arena_free(lb_arena *arena)
{
    if (!arena)
        return;
    for (block *b = arena->head, *next; b; b = next) {
        next = b->next;
        free(b);
    }
    free(arena);
}

void *lb_arena_alloc(lb_arena *arena, size_t size)
{
    size_t need = (size + ALIGN - 1) & ~(size_t)(ALIGN - 1);
    if (need < size)
        return NULL;
    block *b = arena->head;
    if (!b || b->size - b->used < need) {
        size_t cap = need > BLOCK_SIZE ? need : BLOCK_SIZE;
        if (cap > SIZE_MAX - sizeof(block))
            return NULL;
        block *nb = malloc(sizeof(block) + cap);
        if (!nb)
            return NULL;
        nb->size = cap;
        nb->used = 0;
        /* a large allocation goes behind the current block so its free space stays usable */
        if (b && need > BLOCK_SIZE) {
            nb->next = b->next;
            b->next = nb;
        } else {
            nb->next = b;
            arena->head = nb;
        }
        b = nb;
    }
    void *p = b->data + b->used;
    b->used += need;
    memset(p, 0, size);
    return p;
}

void *lb_arena_calloc(lb_arena *arena, size_t n, size_t size)
{
    if (size && n > SIZE_MAX / size)
        return NULL;
    size_t total = n * size;
    return lb_arena_alloc(arena, total ? total : 1);
}

char *lb_arena_strdup(lb_arena *arena, const char *s)
{
    size_t n = strlen(s) + 1;
    char *p = lb_arena_alloc(arena, n);
    if (p)
        memcpy(p, s, n);
    return p;
}
