/* Error codes, error records and error lists. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lb/err.h"
#include "lb/grow.h"

static const char *const names[] = {
#define LB_ERR_NAME(name, text) "LB_" #name,
    LB_ERRORS(LB_ERR_NAME)
#undef LB_ERR_NAME
};

static const char *const texts[] = {
#define LB_ERR_TEXT(name, text) text,
    LB_ERRORS(LB_ERR_TEXT)
#undef LB_ERR_TEXT
};

const char *lb_err_name(int code)
{
    return code >= 0 && code < LB_ERR_COUNT ? names[code] : "LB_UNKNOWN";
}

const char *lb_err_str(int code)
{
    return code >= 0 && code < LB_ERR_COUNT ? texts[code] : "unknown error";
}

int lb_err_set(lb_err *e, int code, const char *fmt, ...)
{
    if (!e)
        return code;
    memset(e, 0, sizeof *e);
    e->code = code;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(e->msg, sizeof e->msg, fmt, ap);
    va_end(ap);
    return code;
}

/* Length of the control character at s (a C0 byte, DEL, or a C1 code point in UTF-8), or 0. */
static int control_at(const unsigned char *s, unsigned *code)
{
    if (s[0] < 0x20 || s[0] == 0x7F) {
        *code = s[0];
        return 1;
    }
    if (s[0] == 0xC2 && s[1] >= 0x80 && s[1] <= 0x9F) {
        *code = s[1];
        return 2;
    }
    return 0;
}

/* Appends s with its control characters as \u00XX; *used counts the whole length. */
static void append_safe(char *buf, size_t n, size_t *used, const char *s)
{
    for (const unsigned char *p = (const unsigned char *)s; *p;) {
        char piece[8];
        unsigned code;
        int len = control_at(p, &code);
        if (len) {
            snprintf(piece, sizeof piece, "\\u%04X", code);
            p += len;
        } else {
            piece[0] = (char)*p++;
            piece[1] = '\0';
        }
        for (const char *q = piece; *q; q++, (*used)++)
            if (*used + 1 < n)
                buf[*used] = *q;
    }
    if (n)
        buf[*used < n ? *used : n - 1] = '\0';
}

int lb_err_fmt(const lb_err *e, char *buf, size_t n)
{
    char where[64] = "";
    size_t used = 0;
    if (n)
        buf[0] = '\0';
    if (e->file[0]) {
        append_safe(buf, n, &used, e->file);
        if (e->line > 0)
            snprintf(where, sizeof where, ":%d:%d", e->line, e->col);
        append_safe(buf, n, &used, where);
        append_safe(buf, n, &used, ": ");
    }
    if (e->path[0]) {
        append_safe(buf, n, &used, e->path);
        append_safe(buf, n, &used, ": ");
    }
    append_safe(buf, n, &used, e->msg);
    return (int)used;
}

/* Bytes in the UTF-8 sequence at s, or 0 when it is not one. */
static int utf8_sequence(const unsigned char *s)
{
    int len = s[0] < 0x80 ? 1 : (s[0] & 0xE0) == 0xC0 ? 2 : (s[0] & 0xF0) == 0xE0 ? 3
                            : (s[0] & 0xF8) == 0xF0 ? 4 : 0;
    if (len == 2 && s[0] < 0xC2)
        return 0; /* overlong */
    for (int i = 1; i < len; i++)
        if ((s[i] & 0xC0) != 0x80)
            return 0;
    return len;
}

const char *lb_err_quote(const char *s, char *buf, size_t n)
{
    size_t used = 0;
    const size_t room = n - 5; /* the closing quote, "...", and NUL */
    buf[used++] = '"';
    for (const unsigned char *p = (const unsigned char *)s; *p;) {
        char piece[8];
        unsigned code;
        int len = control_at(p, &code), seq = len ? 0 : utf8_sequence(p);
        static const char short_escapes[] = "\b\f\n\r\t";
        const char *esc = len == 1 && code ? strchr(short_escapes, (int)code) : NULL;
        if (esc) {
            snprintf(piece, sizeof piece, "\\%c", "bfnrt"[esc - short_escapes]);
        } else if (len) {
            snprintf(piece, sizeof piece, "\\u%04X", code);
        } else if (*p == '"' || *p == '\\') {
            snprintf(piece, sizeof piece, "\\%c", *p);
            len = 1;
        } else if (!seq) {
            snprintf(piece, sizeof piece, "\\x%02x", *p);
            len = 1;
        } else {
            memcpy(piece, p, (size_t)seq);
            piece[seq] = '\0';
            len = seq;
        }
        size_t plen = strlen(piece);
        if (used + plen > room) {
            memcpy(buf + used, "...", 3);
            used += 3;
            break;
        }
        memcpy(buf + used, piece, plen);
        used += plen;
        p += len;
    }
    buf[used++] = '"';
    buf[used] = '\0';
    return buf;
}

int lb_errlist_push(lb_errlist *list, const lb_err *e)
{
    lb_err *items = lb_grow(list->items, &list->cap, list->count + 1, sizeof *items);
    if (!items)
        return LB_NOMEM;
    list->items = items;
    list->items[list->count++] = *e;
    return LB_OK;
}

typedef struct sort_key {
    int file; /* rank of the file, in order of first appearance */
    int line;
    int col;
    int index;
} sort_key;

static int key_order(const void *a, const void *b)
{
    const sort_key *x = a, *y = b;
    if (x->file != y->file)
        return x->file < y->file ? -1 : 1;
    if (x->line != y->line)
        return x->line < y->line ? -1 : 1;
    if (x->col != y->col)
        return x->col < y->col ? -1 : 1;
    return x->index < y->index ? -1 : x->index > y->index; /* stable */
}

void lb_errlist_sort(lb_errlist *list)
{
    if (list->count < 2)
        return;
    sort_key *keys = malloc((size_t)list->count * sizeof *keys);
    lb_err *sorted = malloc((size_t)list->count * sizeof *sorted);
    int *firsts = malloc((size_t)list->count * sizeof *firsts); /* first item of each file */
    if (!keys || !sorted || !firsts) {
        free(keys);
        free(sorted);
        free(firsts);
        return; /* out of memory: left in the order found */
    }
    int nfiles = 0;
    for (int i = 0; i < list->count; i++) {
        /* files are few (a scenario and its game module) */
        int rank = 0;
        while (rank < nfiles && strcmp(list->items[firsts[rank]].file, list->items[i].file))
            rank++;
        if (rank == nfiles)
            firsts[nfiles++] = i;
        keys[i] = (sort_key){rank, list->items[i].line, list->items[i].col, i};
    }
    qsort(keys, (size_t)list->count, sizeof *keys, key_order);
    for (int i = 0; i < list->count; i++)
        sorted[i] = list->items[keys[i].index];
    memcpy(list->items, sorted, (size_t)list->count * sizeof *sorted);
    free(firsts);
    free(sorted);
    free(keys);
}

void lb_errlist_release(lb_errlist *list)
{
    free(list->items);
    list->items = NULL;
    list->count = list->cap = 0;
}
