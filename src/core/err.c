/* Error codes, error records and error lists. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lb/err.h"

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
    char where[LB_ERR_FILE_MAX + 32] = "";
    if (e->file[0] && e->line > 0)
        snprintf(where, sizeof where, "%s:%d:%d: ", e->file, e->line, e->col);
    else if (e->file[0])
        snprintf(where, sizeof where, "%s: ", e->file);
    if (e->path[0])
        return snprintf(buf, n, "%s%s: %s", where, e->path, e->msg);
    return snprintf(buf, n, "%s%s", where, e->msg);
}

int lb_errlist_push(lb_errlist *list, const lb_err *e)
{
    if (list->count == list->cap) {
        int cap = list->cap ? 2 * list->cap : 8;
        lb_err *items = realloc(list->items, (size_t)cap * sizeof *items);
        if (!items)
            return LB_NOMEM;
        list->items = items;
        list->cap = cap;
    }
    list->items[list->count++] = *e;
    return LB_OK;
}

void lb_errlist_sort(lb_errlist *list)
{
    /* insertion sort: stable, and lists are short */
    for (int i = 1; i < list->count; i++) {
        lb_err key = list->items[i];
        int j = i - 1;
        while (j >= 0 && strcmp(list->items[j].file, key.file) == 0 &&
               (list->items[j].line > key.line ||
                (list->items[j].line == key.line && list->items[j].col > key.col))) {
            list->items[j + 1] = list->items[j];
            j--;
        }
        list->items[j + 1] = key;
    }
}

void lb_errlist_release(lb_errlist *list)
{
    free(list->items);
    list->items = NULL;
    list->count = list->cap = 0;
}
