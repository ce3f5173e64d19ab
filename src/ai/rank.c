/* The coach's notes (R-AI-16): the options a decision values while the computer chooses, kept as they are valued, the best few by value. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "ai_int.h"

void lbi_ai_note(ai_ctx *c, const char *key, double value, const char *fmt, ...)
{
    ai_rank *r = c->rank;
    if (!r)
        return;
    int at = -1;
    for (int k = 0; k < r->n; k++)
        if (strcmp(r->v[k].key, key) == 0)
            at = k;
    if (at >= 0) {
        if (value <= r->v[at].value)
            return;
        memmove(&r->v[at], &r->v[at + 1], (size_t)(r->n - at - 1) * sizeof r->v[0]);
        r->n--;
    }
    /* where it goes: after every entry of at least its value (earlier notes first on ties) */
    int pos = 0;
    while (pos < r->n && r->v[pos].value >= value)
        pos++;
    if (pos >= AI_RANK_KEEP)
        return;
    int keep = r->n < AI_RANK_KEEP ? r->n : AI_RANK_KEEP - 1;
    memmove(&r->v[pos + 1], &r->v[pos], (size_t)(keep - pos) * sizeof r->v[0]);
    r->n = keep + 1;
    lb_ai_option *o = &r->v[pos];
    snprintf(o->key, sizeof o->key, "%s", key);
    o->value = value;
    o->valued = 1;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(o->reason, sizeof o->reason, fmt, ap);
    va_end(ap);
}
