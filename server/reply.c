/* Answers: JSON documents and the error shape of api.md. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "server_int.h"

static const char json_content_type[] = "application/json; charset=utf-8";

/* Lets go of the answer's body. */
static void drop_body(lb_http_response *rs)
{
    if (rs->body_free)
        rs->body_free(rs->body_owner);
    else
        free(rs->body);
    rs->body = NULL;
    rs->body_free = NULL;
    rs->body_owner = NULL;
}

void reply_bytes(lb_http_response *rs, int status, char *body, size_t len, const char *encoding)
{
    drop_body(rs);
    rs->body = body;
    rs->len = body ? len : 0;
    rs->status = body ? status : 500;
    rs->type = json_content_type;
    rs->encoding = body ? encoding : NULL;
    if (!body) {
        static const char nomem[] = "{\"error\":{\"status\":500,\"code\":\"server-fault\","
                                    "\"message\":\"out of memory\"}}";
        rs->body = strdup(nomem);
        rs->len = rs->body ? strlen(rs->body) : 0;
    }
}

void reply_shared(lb_http_response *rs, int status, shared_bytes *body, const char *encoding)
{
    if (!body) {
        reply_bytes(rs, status, NULL, 0, NULL);
        return;
    }
    reply_bytes(rs, status, body->data, body->len, encoding);
    rs->body_free = shared_release;
    rs->body_owner = body;
}

void reply_text(lb_http_response *rs, int status, char *text)
{
    reply_bytes(rs, status, text, text ? strlen(text) : 0, NULL);
}

void reply_json(lb_http_response *rs, int status, json_t *j)
{
    char *text = j ? json_dumps(j, JSON_COMPACT) : NULL;
    json_decref(j);
    reply_text(rs, status, text);
}

/* Replaces each byte of s that is not part of a well-formed UTF-8 sequence with '?': what a
 * request said may be anything, and an answer is JSON text. */
static void make_utf8(char *s)
{
    unsigned char *p = (unsigned char *)s;
    while (*p) {
        int n = *p < 0x80 ? 0 : (*p & 0xe0) == 0xc0 && *p >= 0xc2 ? 1 : (*p & 0xf0) == 0xe0 ? 2
                : (*p & 0xf8) == 0xf0 && *p <= 0xf4 ? 3 : -1;
        int ok = n >= 0;
        for (int k = 1; ok && k <= n; k++)
            ok = (p[k] & 0xc0) == 0x80;
        /* no overlong three-byte forms, no surrogates, nothing past U+10FFFF */
        if (ok && n == 2)
            ok = !(p[0] == 0xe0 && p[1] < 0xa0) && !(p[0] == 0xed && p[1] >= 0xa0);
        if (ok && n == 3)
            ok = !(p[0] == 0xf0 && p[1] < 0x90) && !(p[0] == 0xf4 && p[1] >= 0x90);
        if (!ok) {
            *p++ = '?';
            continue;
        }
        p += n + 1;
    }
}

json_t *error_object(int status, const char *code, const char *path, const char *fmt, ...)
{
    char message[1024], where[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(message, sizeof message, fmt, ap);
    va_end(ap);
    make_utf8(message);
    json_t *e = json_pack("{s:i,s:s,s:s}", "status", status, "code", code, "message", message);
    if (e && path) {
        snprintf(where, sizeof where, "%s", path);
        make_utf8(where);
        json_object_set_new(e, "path", json_string(where));
    }
    return e ? json_pack("{s:o}", "error", e) : NULL;
}

void reply_error(lb_http_response *rs, int status, const char *code, const char *path,
                 const char *fmt, ...)
{
    char message[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(message, sizeof message, fmt, ap);
    va_end(ap);
    reply_json(rs, status, error_object(status, code, path, "%s", message));
}

void reply_limit(lb_http_response *rs, int status, const char *code, const lb_server *s,
                 lb_server_limit k, const char *path, const char *fmt, ...)
{
    char message[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(message, sizeof message, fmt, ap);
    va_end(ap);
    json_t *e = error_object(status, code, path, "%s", message);
    json_object_set_new(json_object_get(e, "error"), "limit",
                        json_pack("{s:s,s:I}", "name", lb_server_limit_name(k), "max",
                                  (json_int_t)s->limits.value[k]));
    reply_json(rs, status, e);
}

void reply_store_fault(lb_http_response *rs, int rc, const char *what)
{
    if (rc == LB_IO)
        reply_error(rs, 503, "store-unavailable", NULL, "%s: the game store cannot be reached or "
                    "refuses to write; nothing changed, try again", what);
    else
        reply_error(rs, 500, "server-fault", NULL, "%s", what);
}

void lb_http_response_release(lb_http_response *rs)
{
    drop_body(rs);
    free(rs->file);
    memset(rs, 0, sizeof *rs);
}
