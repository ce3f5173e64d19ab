/* Fuzz target: one HTTP request (method, target, body) to the server's handler without sockets, on games whose links stand in the input as @F, @A, @S (two players) and @B (hot-seat). Never a 500, always the JSON error shape, nothing changed by a refusal. */
#include <jansson.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "http_fixture.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

#define RENEW_EVERY 200 /* inputs before the store and its games are made afresh */
#define FIELD_MAX 8192

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
    http_fixture_open(&fixture, "http");
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
            n += (size_t)snprintf(out + n, FIELD_MAX - n, "%s", fixture.links[code - codes]);
            p += 2;
            continue;
        }
        out[n++] = (char)*p++;
    }
    out[n] = '\0';
    return p < end && *p == '\n' ? p + 1 : p;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (++inputs % RENEW_EVERY == 0)
        http_fixture_open(&fixture, "http");
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
    long long before[2] = {http_fixture_seq(&fixture, FIXTURE_FRENCH),
                           http_fixture_seq(&fixture, FIXTURE_BOTH)};
    lb_http_response rs = http_fixture_ask(&fixture, method, target, body, body_len);
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
    if (rs.status >= 400 && (http_fixture_seq(&fixture, FIXTURE_FRENCH) != before[0] ||
                             http_fixture_seq(&fixture, FIXTURE_BOTH) != before[1]))
        __builtin_trap();
    lb_http_response_release(&rs);
    free(body);
    return 0;
}
