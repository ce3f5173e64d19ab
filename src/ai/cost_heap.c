/* The computer player's searches' open list: a binary heap of (cost, state), the cheapest first and, among equals, the lowest state. */
#include "ai_int.h"

void lbi_ai_heap_push(ai_heap *h, int cost, int state)
{
    long long x = (long long)cost << 32 | (unsigned)state;
    int i = h->n++;
    while (i > 0 && h->v[(i - 1) / 2] > x) {
        h->v[i] = h->v[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    h->v[i] = x;
}

int lbi_ai_heap_pop(ai_heap *h, int *cost)
{
    long long top = h->v[0], x = h->v[--h->n];
    int i = 0;
    for (;;) {
        int k = 2 * i + 1;
        if (k >= h->n)
            break;
        if (k + 1 < h->n && h->v[k + 1] < h->v[k])
            k++;
        if (h->v[k] >= x)
            break;
        h->v[i] = h->v[k];
        i = k;
    }
    if (h->n)
        h->v[i] = x;
    *cost = (int)(top >> 32);
    return (int)(top & 0xffffffff);
}
