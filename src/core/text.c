/* A growing text: bytes and formatted pieces appended, room made by lb_grow. */
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lb/core.h"
#include "text.h"

/* Room for n more bytes and the NUL after them. */
static int reserve(lbi_text *t, size_t n)
{
    if (n > (size_t)INT_MAX - 1 - t->len)
        return LB_NOMEM;
    char *buf = lb_grow(t->buf, &t->cap, (int)(t->len + n + 1), 1);
    if (!buf)
        return LB_NOMEM;
    t->buf = buf;
    return LB_OK;
}

int lbi_text_add(lbi_text *t, const void *p, size_t n)
{
    if (reserve(t, n) != LB_OK)
        return LB_NOMEM;
    memcpy(t->buf + t->len, p, n);
    t->len += n;
    t->buf[t->len] = '\0';
    return LB_OK;
}

int lbi_text_vput(lbi_text *t, const char *fmt, va_list ap)
{
    va_list again;
    va_copy(again, ap);
    int n = vsnprintf(NULL, 0, fmt, ap);
    int rc = n < 0 ? LB_INVALID : reserve(t, (size_t)n);
    if (rc == LB_OK) {
        vsnprintf(t->buf + t->len, (size_t)n + 1, fmt, again);
        t->len += (size_t)n;
    }
    va_end(again);
    return rc;
}

int lbi_text_put(lbi_text *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int rc = lbi_text_vput(t, fmt, ap);
    va_end(ap);
    return rc;
}

void lbi_text_cut(lbi_text *t, size_t len)
{
    t->len = len;
    if (t->buf)
        t->buf[len] = '\0';
}

void lbi_text_release(lbi_text *t)
{
    free(t->buf);
    *t = (lbi_text){0};
}
