/* Bytes several answers send at once (a kept view): reference counted, freed by whoever lets go last. */
#include <stdlib.h>
#include <string.h>

#include "server_int.h"

shared_bytes *shared_new(size_t len)
{
    shared_bytes *b = malloc(sizeof *b + len + 1);
    if (!b)
        return NULL;
    atomic_init(&b->refs, 1);
    b->len = len;
    b->data[len] = '\0';
    return b;
}

shared_bytes *shared_copy(const char *bytes, size_t len)
{
    shared_bytes *b = shared_new(len);
    if (b)
        memcpy(b->data, bytes, len);
    return b;
}

shared_bytes *shared_hold(shared_bytes *b)
{
    atomic_fetch_add_explicit(&b->refs, 1, memory_order_relaxed);
    return b;
}

void shared_release(void *bytes)
{
    shared_bytes *b = bytes;
    if (b && atomic_fetch_sub_explicit(&b->refs, 1, memory_order_acq_rel) == 1)
        free(b);
}
