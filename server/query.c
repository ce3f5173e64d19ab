/* Query strings: name=value pairs split at '&', '+' and %-escapes decoded, refused when malformed. */
#include <stdlib.h>
#include <string.h>

#include "server_int.h"

static int hex_digit(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* Decodes s in place; -1 on a bad escape or an escaped NUL. */
static int decode(char *s)
{
    char *w = s;
    for (const char *r = s; *r; r++) {
        if (*r == '+') {
            *w++ = ' ';
        } else if (*r == '%') {
            int hi = hex_digit(r[1]), lo = hi >= 0 ? hex_digit(r[2]) : -1;
            if (hi < 0 || lo < 0 || (hi | lo) == 0)
                return -1;
            *w++ = (char)(hi << 4 | lo);
            r += 2;
        } else {
            *w++ = *r;
        }
    }
    *w = '\0';
    return 0;
}

int query_parse(const char *raw, query *q)
{
    memset(q, 0, sizeof *q);
    if (!raw || !*raw)
        return 0;
    q->buf = strdup(raw);
    if (!q->buf)
        return -1;
    for (char *p = q->buf; p;) {
        char *next = strchr(p, '&');
        if (next)
            *next++ = '\0';
        if (*p) {
            char *eq = strchr(p, '=');
            if (eq)
                *eq = '\0';
            const char *value = eq ? eq + 1 : "";
            if (q->n == QUERY_PARAMS_MAX || decode(p) || (eq && decode(eq + 1)) ||
                query_get(q, p))
                return -1;
            q->name[q->n] = p;
            q->value[q->n++] = value;
        }
        p = next;
    }
    return 0;
}

const char *query_get(const query *q, const char *name)
{
    for (int i = 0; i < q->n; i++)
        if (strcmp(q->name[i], name) == 0)
            return q->value[i];
    return NULL;
}

const char *query_unknown(const query *q, const char *const *known)
{
    for (int i = 0; i < q->n; i++) {
        int found = 0;
        for (int k = 0; known[k] && !found; k++)
            found = strcmp(q->name[i], known[k]) == 0;
        if (!found)
            return q->name[i];
    }
    return NULL;
}

void query_release(query *q)
{
    free(q->buf);
    memset(q, 0, sizeof *q);
}
