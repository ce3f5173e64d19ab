/* A growing text (private): appended bytes and formatted pieces, always NUL-terminated once it exists. */
#ifndef LB_TEXT_H
#define LB_TEXT_H

#include <stdarg.h>
#include <stddef.h>

#include "lbi.h"

/* Zero-initialise; buf is NULL until the first append, then NUL-terminated; release with
 * lbi_text_release. Room grows with lb_grow (at most INT_MAX bytes). */
typedef struct lbi_text {
    char *buf;
    size_t len;
    int cap;
} lbi_text;

/* Appends n bytes of p: LB_OK, LB_NOMEM (t unchanged). */
LBI int lbi_text_add(lbi_text *t, const void *p, size_t n);
/* Appends formatted text: LB_OK, LB_NOMEM (t unchanged), LB_INVALID (a bad format). */
LBI int lbi_text_put(lbi_text *t, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* The same with a va_list. */
LBI int lbi_text_vput(lbi_text *t, const char *fmt, va_list ap)
    __attribute__((format(printf, 2, 0)));
/* Shortens t to its first len bytes (len at most t->len). */
LBI void lbi_text_cut(lbi_text *t, size_t len);
/* Frees the text and empties it. */
LBI void lbi_text_release(lbi_text *t);

#endif
