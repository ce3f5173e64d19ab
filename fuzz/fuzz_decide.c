/* Fuzz target: the body of POST /api/g/TOKEN/decide (and /undo) through the server's handler, the code path of every request: any body, or a key and parameter of any bytes at the journal's length, for a side's link, a spectator's or a hot-seat one. Never a 500, never a status outside 2xx-4xx, always the JSON error shape, and nothing changed by a refusal. */
#include <jansson.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "http_fixture.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

#define RENEW_EVERY 300 /* inputs before the store and its games are made afresh */

static http_fixture fixture;
static int inputs;

static void close_fixture(void)
{
    http_fixture_close(&fixture);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    atexit(close_fixture);
    http_fixture_open(&fixture, "decide");
    return 0;
}

/* n bytes as a JSON string's inside: quotes, backslashes and control characters escaped, the
 * other bytes as they are (not UTF-8: the server's JSON reader refuses them). */
static void put_escaped(char *out, size_t *len, const uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (p[i] == '"' || p[i] == '\\') {
            out[(*len)++] = '\\';
            out[(*len)++] = (char)p[i];
        } else if (p[i] < 0x20) {
            *len += (size_t)sprintf(out + *len, "\\u%04x", p[i]);
        } else {
            out[(*len)++] = (char)p[i];
        }
    }
}

/* The body an input stands for (malloc'd, *len bytes): its first byte's bits 2-3 say how: the
 * rest as it is; {"seq", "key"} with the rest as the key; {"seq", "key", "param"} with the rest
 * split at its first newline; {"seq", "keep"} (an undo) with the rest's first bytes as keep. The
 * seq is the journal's length, give or take the second byte. */
static char *body_of(const uint8_t *data, size_t size, long long seq, size_t *len, int *undo)
{
    int form = data[0] >> 2 & 3;
    const uint8_t *rest = data + (size > 1 ? 2 : 1);
    size_t n = size > 1 ? size - 2 : 0;
    char *body = malloc(6 * n + 128);
    if (!body)
        __builtin_trap();
    *undo = form == 3;
    if (form == 0) {
        memcpy(body, rest, n);
        *len = n;
        return body;
    }
    int shift = size > 1 ? (int8_t)data[1] : 0;
    long long at = shift > 100 ? seq + (1LL << 40) : shift < -100 ? -seq - 1 : seq + shift % 3;
    *len = (size_t)sprintf(body, "{\"seq\":%lld", at);
    if (form == 3) {
        long long keep = n ? (long long)(int8_t)rest[0] * (n > 1 ? rest[1] : 1) : -1;
        *len += (size_t)sprintf(body + *len, ",\"keep\":%lld}", keep);
        return body;
    }
    const uint8_t *newline = form == 2 ? memchr(rest, '\n', n) : NULL;
    size_t klen = newline ? (size_t)(newline - rest) : n;
    *len += (size_t)sprintf(body + *len, ",\"key\":\"");
    put_escaped(body, len, rest, klen);
    body[(*len)++] = '"';
    if (newline) {
        *len += (size_t)sprintf(body + *len, ",\"param\":\"");
        put_escaped(body, len, newline + 1, n - klen - 1);
        body[(*len)++] = '"';
    }
    body[(*len)++] = '}';
    return body;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    if (++inputs % RENEW_EVERY == 0)
        http_fixture_open(&fixture, "decide");
    int link = data[0] & 3, game = link == FIXTURE_BOTH ? FIXTURE_BOTH : FIXTURE_FRENCH, undo;
    long long before = http_fixture_seq(&fixture, game);
    size_t len;
    char *body = body_of(data, size, before, &len, &undo);
    char target[128];
    snprintf(target, sizeof target, "/api/g/%s/%s", fixture.links[link], undo ? "undo" : "decide");
    lb_http_response rs = http_fixture_ask(&fixture, "POST", target, body, len);
    /* api.md: a 500 is a fault of the server, never an answer to an input */
    if (rs.status == 500 || rs.status < 200 || rs.status > 499)
        __builtin_trap();
    json_t *j = rs.body ? json_loadb(rs.body, rs.len, 0, NULL) : NULL;
    if (!j || (rs.status >= 400 && !json_is_object(json_object_get(j, "error"))))
        __builtin_trap();
    json_decref(j);
    /* a refusal changes nothing; an accepted answer makes the journal longer */
    long long after = http_fixture_seq(&fixture, game);
    if ((rs.status >= 400 && after != before) || (rs.status == 200 && after <= before))
        __builtin_trap();
    lb_http_response_release(&rs);
    free(body);
    return 0;
}
