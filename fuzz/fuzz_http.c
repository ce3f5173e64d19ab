/* Fuzz target: one HTTP request (method, target, body) to the server's handler without sockets, on games whose links stand in the input as @F, @A, @S (two players) and @B (hot-seat). Never a 500, always the JSON error shape, nothing changed by a refusal. */
#include <jansson.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lb/server.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

#define RENEW_EVERY 200 /* inputs before the store and its games are made afresh */
#define FIELD_MAX 8192

static lb_server *server;
static char folder[64];
static char links[4][64]; /* @F, @A, @S, @B: "/g/TOKEN" */
static int inputs;

static void forget(void)
{
    if (!server)
        return;
    lb_server_free(server);
    server = NULL;
    char path[128];
    snprintf(path, sizeof path, "%s/fuzz.db", folder);
    unlink(path);
    snprintf(path, sizeof path, "%s/fuzz.db-wal", folder);
    unlink(path);
    snprintf(path, sizeof path, "%s/fuzz.db-shm", folder);
    unlink(path);
    rmdir(folder);
}

static lb_http_response ask(const char *method, const char *target, const char *body, size_t len)
{
    lb_http_request rq = {.method = method, .target = target, .body = body, .body_len = len};
    lb_http_response rs;
    lb_server_handle(server, &rq, &rs);
    if (rs.events)
        lb_server_release_game(server, rs.events_game);
    return rs;
}

/* A new game: its links into links[first…]. */
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

/* A new store in a new folder, with a game of each mode. */
static void renew(void)
{
    static const char *const two[] = {"french", "austrian", "spectator", NULL};
    static const char *const one[] = {"both", NULL};
    forget();
    snprintf(folder, sizeof folder, "/tmp/lb-fuzz-http-XXXXXX");
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

/* The input's field up to '\n', with @F, @A, @S, @B replaced by tokens. */
static const uint8_t *field(const uint8_t *p, const uint8_t *end, char *out)
{
    size_t n = 0;
    static const char codes[] = "FASB";
    while (p < end && *p != '\n' && n < FIELD_MAX - 64) {
        const char *code = *p == '@' && p + 1 < end && p[1] ? strchr(codes, p[1]) : NULL;
        if (code) {
            n += (size_t)snprintf(out + n, FIELD_MAX - n, "%s", links[code - codes]);
            p += 2;
            continue;
        }
        out[n++] = (char)*p++;
    }
    out[n] = '\0';
    return p < end && *p == '\n' ? p + 1 : p;
}

/* The journal length of the game behind link k. */
static long long seq_of(int k)
{
    char target[128];
    snprintf(target, sizeof target, "/api/g/%s", links[k]);
    lb_http_response rs = ask("GET", target, NULL, 0);
    /* the view is large: its "seq" member is read where it stands, not parsed whole */
    const char *at = rs.body ? strstr(rs.body, ",\"seq\":") : NULL;
    if (rs.status != 200 || !at)
        __builtin_trap();
    long long seq = strtoll(at + 7, NULL, 10);
    lb_http_response_release(&rs);
    return seq;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (++inputs % RENEW_EVERY == 0)
        renew();
    static char method[FIELD_MAX], target[FIELD_MAX];
    const uint8_t *end = data + size, *p = field(data, end, method);
    p = field(p, end, target);
    char *body = NULL;
    size_t body_len = 0;
    if (p < end) {
        body_len = (size_t)(end - p);
        body = malloc(body_len);
        memcpy(body, p, body_len);
    }
    long long before[2] = {seq_of(0), seq_of(3)};
    lb_http_response rs = ask(method, target, body, body_len);
    /* api.md: a server fault only, never an answer to an input */
    if (rs.status == 500 || rs.status < 200 || rs.status > 422)
        __builtin_trap();
    if (rs.body) {
        json_error_t e;
        json_t *j = json_loadb(rs.body, rs.len, 0, &e);
        if (!j || (rs.status >= 400 && !json_is_object(json_object_get(j, "error"))))
            __builtin_trap();
        json_decref(j);
    }
    /* a refusal changes nothing */
    if (rs.status >= 400 && (seq_of(0) != before[0] || seq_of(3) != before[1]))
        __builtin_trap();
    lb_http_response_release(&rs);
    free(body);
    return 0;
}
