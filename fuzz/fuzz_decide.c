/* Fuzz target: the body of POST /api/g/TOKEN/decide (and /undo) through the server's handler, the code path of every request: any body, or a key and parameter of any bytes at the journal's length, for a side's link, a spectator's or a hot-seat one. Never a 500, never a status outside 2xx-4xx, always the JSON error shape, and nothing changed by a refusal. */
#include <jansson.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lb/server.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

#define RENEW_EVERY 300 /* inputs before the store and its games are made afresh */

static lb_server *server;
static char folder[64];
static char links[4][64]; /* french, austrian, spectator (two players), both (hot-seat) */
static int inputs;

static void forget(void)
{
    if (!server)
        return;
    lb_server_free(server);
    server = NULL;
    static const char *const files[] = {"fuzz.db", "fuzz.db-wal", "fuzz.db-shm"};
    for (size_t i = 0; i < sizeof files / sizeof *files; i++) {
        char path[128];
        snprintf(path, sizeof path, "%s/%s", folder, files[i]);
        unlink(path);
    }
    rmdir(folder);
}

static lb_http_response ask(const char *method, const char *target, const char *body, size_t len)
{
    lb_http_request rq = {.method = method, .target = target, .body = body, .body_len = len};
    lb_http_response rs;
    lb_server_handle(server, &rq, &rs);
    return rs;
}

/* A new game from body: the links of roles into links[first…]. */
static void new_game(const char *body, const char *const *roles, int first)
{
    lb_http_response rs = ask("POST", "/api/games", body, strlen(body));
    json_t *j = json_loadb(rs.body, rs.len, 0, NULL);
    for (int i = 0; roles[i]; i++) {
        const char *href = json_string_value(json_object_get(json_object_get(j, "links"),
                                                             roles[i]));
        if (!href)
            __builtin_trap();
        snprintf(links[first + i], sizeof links[0], "%s", href + 3);
    }
    json_decref(j);
    lb_http_response_release(&rs);
}

static void renew(void)
{
    static const char *const two[] = {"french", "austrian", "spectator", NULL};
    static const char *const one[] = {"both", NULL};
    forget();
    snprintf(folder, sizeof folder, "/tmp/lb-fuzz-decide-XXXXXX");
    if (!mkdtemp(folder))
        __builtin_trap();
    char db[128];
    snprintf(db, sizeof db, "%s/fuzz.db", folder);
    lb_server_config cfg = {.db = db, .web_root = "web"};
    lb_err err;
    if (lb_server_new(&cfg, &server, &err) != LB_OK)
        __builtin_trap();
    new_game("{\"scenario\":\"demo\",\"mode\":\"two-players\",\"seed\":1}", two, 0);
    new_game("{\"scenario\":\"demo\",\"mode\":\"hotseat\",\"seed\":2}", one, 3);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    atexit(forget);
    renew();
    return 0;
}

/* The journal's length of the game of link k (its view's "seq", read where it stands). */
static long long seq_of(int k)
{
    char target[128];
    snprintf(target, sizeof target, "/api/g/%s", links[k]);
    lb_http_response rs = ask("GET", target, NULL, 0);
    const char *at = rs.body ? strstr(rs.body, ",\"seq\":") : NULL;
    if (rs.status != 200 || !at)
        __builtin_trap();
    long long seq = strtoll(at + 7, NULL, 10);
    lb_http_response_release(&rs);
    return seq;
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
        renew();
    int link = data[0] & 3, game = link == 3 ? 3 : 0, undo;
    long long before = seq_of(game);
    size_t len;
    char *body = body_of(data, size, before, &len, &undo);
    char target[128];
    snprintf(target, sizeof target, "/api/g/%s/%s", links[link], undo ? "undo" : "decide");
    lb_http_response rs = ask("POST", target, body, len);
    /* api.md: a 500 is a fault of the server, never an answer to an input */
    if (rs.status == 500 || rs.status < 200 || rs.status > 499)
        __builtin_trap();
    json_t *j = rs.body ? json_loadb(rs.body, rs.len, 0, NULL) : NULL;
    if (!j || (rs.status >= 400 && !json_is_object(json_object_get(j, "error"))))
        __builtin_trap();
    json_decref(j);
    /* a refusal changes nothing; an accepted answer makes the journal longer */
    long long after = seq_of(game);
    if ((rs.status >= 400 && after != before) || (rs.status == 200 && after <= before))
        __builtin_trap();
    lb_http_response_release(&rs);
    free(body);
    return 0;
}
