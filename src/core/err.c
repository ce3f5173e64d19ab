/* Error codes, error records and error lists. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lb/core.h"
#include "printable_int.h"
#include "err_int.h"

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

int lb_err_fmt(const lb_err *e, char *buf, size_t n)
{
    char where[64] = "";
    size_t used = 0;
    if (n)
        buf[0] = '\0';
    if (e->file[0]) {
        lbi_printable_append(buf, n, &used, e->file, strlen(e->file));
        if (e->line > 0)
            snprintf(where, sizeof where, ":%d:%d", e->line, e->col);
        lbi_printable_append(buf, n, &used, where, strlen(where));
        lbi_printable_append(buf, n, &used, ": ", 2);
    }
    if (e->path[0]) {
        lbi_printable_append(buf, n, &used, e->path, strlen(e->path));
        lbi_printable_append(buf, n, &used, ": ", 2);
    }
    lbi_printable_append(buf, n, &used, e->msg, strlen(e->msg));
    return (int)used;
}

const char *lb_err_quote(const char *s, char *buf, size_t n)
{
    size_t used = 0;
    const size_t room = n - 5; /* the closing quote, "...", and NUL */
    buf[used++] = '"';
    for (const unsigned char *p = (const unsigned char *)s; *p;) {
        char piece[8];
        int kind;
        unsigned code;
        int len = lbi_char_at(p, strnlen((const char *)p, 4), &kind, &code);
        static const char short_escapes[] = "\b\f\n\r\t";
        const char *esc = kind == LBI_CHAR_CONTROL && code ? strchr(short_escapes, (int)code)
                                                            : NULL;
        if (esc)
            snprintf(piece, sizeof piece, "\\%c", "bfnrt"[esc - short_escapes]);
        else if (kind == LBI_CHAR_CONTROL)
            snprintf(piece, sizeof piece, "\\u%04X", code);
        else if (kind == LBI_CHAR_NOT_UTF8)
            snprintf(piece, sizeof piece, "\\x%02x", code);
        else if (*p == '"' || *p == '\\')
            snprintf(piece, sizeof piece, "\\%c", *p);
        else
            snprintf(piece, sizeof piece, "%.*s", len, (const char *)p);
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
