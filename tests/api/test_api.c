/* API tests against the real server (labataille serve on a free loopback port): every route and error status, per-side access, live updates, limits, the view gzip-compressed, persistence, and a game played to its end through the API equal to the same game played by the engine. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <curl/curl.h>
#include <jansson.h>
#include <microhttpd.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <strings.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <zlib.h>

#include "lb/data.h"
#include "lb/game.h"
#include "lb/lb.h"
#include "lb/core.h"

/* argv of the test: the program and the page's folder */
static const char *program, *web_root;

/* serve's options for the tests' servers: every request of the tests comes from 127.0.0.1, which
 * stands for many clients here (the per-address caps and quotas are tested in
 * tests/api/attacks.sh from several loopback addresses) */
#define LOOPBACK_ONE_CLIENT \
    "--limit address-games=100000,address-streams=100000,address-connections=100000"

/* ---- the server, as a child process ---------------------------------------------------------- */

typedef struct server {
    pid_t pid;
    FILE *out;              /* its stdout, open until it stops (its last line is written there) */
    char dir[64];
    char base[64];          /* http://127.0.0.1:PORT */
    char links[3][2][128];  /* role, token */
    int nlinks;
} server;

/* Starts labataille serve on db in dir (made when empty) and reads its address and links. */
static void start(server *sv, const char *args)
{
    if (!sv->dir[0]) {
        snprintf(sv->dir, sizeof sv->dir, "/tmp/lb-api-XXXXXX");
        assert_non_null(mkdtemp(sv->dir));
    }
    int out[2];
    assert_int_equal(pipe(out), 0);
    sv->pid = fork();
    assert_true(sv->pid >= 0);
    if (sv->pid == 0) {
        prctl(PR_SET_PDEATHSIG, SIGTERM); /* the server goes with the test, however it ends */
        char db[128], cmd[1024];
        snprintf(db, sizeof db, "%s/games.db", sv->dir);
        snprintf(cmd, sizeof cmd, "exec %s serve --db %s --port 0 --seed 7 --web %s %s", program,
                 db, web_root, args);
        dup2(out[1], 1);
        close(out[0]);
        close(out[1]);
        execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
        _exit(127);
    }
    close(out[1]);
    FILE *f = sv->out = fdopen(out[0], "r");
    char line[512];
    sv->nlinks = 0;
    while (sv->nlinks < 3 && fgets(line, sizeof line, f)) {
        char role[32], url[256], scheme[16];
        if (sscanf(line, "labataille serve: %15[^/]//%63[^/]/", scheme, url) == 2)
            snprintf(sv->base, sizeof sv->base, "http://%s", url);
        else if (sscanf(line, " %31s http://%255s", role, url) == 2) {
            snprintf(sv->links[sv->nlinks][0], sizeof sv->links[0][0], "%s", role);
            snprintf(sv->links[sv->nlinks][1], sizeof sv->links[0][1], "%s",
                     strstr(url, "/g/") + 3);
            sv->nlinks++;
        }
    }
    assert_int_equal(sv->nlinks, 3);
    assert_true(strncmp(sv->base, "http://127.0.0.1:", 17) == 0);
}

static void stop(server *sv)
{
    kill(sv->pid, SIGTERM);
    int status;
    assert_int_equal(waitpid(sv->pid, &status, 0), sv->pid);
    fclose(sv->out);
    sv->out = NULL;
    assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
}

static const char *token_of(const server *sv, const char *role)
{
    for (int i = 0; i < sv->nlinks; i++)
        if (strcmp(sv->links[i][0], role) == 0)
            return sv->links[i][1];
    fail_msg("no link for %s", role);
    return NULL;
}

/* ---- HTTP ------------------------------------------------------------------------------------ */

typedef struct reply {
    long status;
    char *body;
    size_t len;
    char type[128];
    char allow[64];
    char encoding[32];      /* Content-Encoding */
    char vary[64];
    char etag[64];
    char policy[256];       /* Content-Security-Policy */
    char nosniff[32];       /* X-Content-Type-Options */
    char referrer[32];      /* Referrer-Policy */
    char cache[32];         /* Cache-Control */
    long length;            /* Content-Length as sent (-1: none) */
    char retry_after[16];
} reply;

static size_t on_body(char *p, size_t size, size_t n, void *cls)
{
    reply *r = cls;
    char *more = realloc(r->body, r->len + size * n + 1);
    assert_non_null(more);
    r->body = more;
    memcpy(r->body + r->len, p, size * n);
    r->len += size * n;
    r->body[r->len] = '\0';
    return size * n;
}

/* The value of header line p into out when it is the header name. */
static void header_value(const char *p, const char *name, char *out, size_t n)
{
    size_t k = strlen(name);
    if (strncasecmp(p, name, k) == 0 && p[k] == ':' && p[k + 1] == ' ')
        snprintf(out, n, "%.*s", (int)strcspn(p + k + 2, "\r\n"), p + k + 2);
}

static size_t on_header(char *p, size_t size, size_t n, void *cls)
{
    reply *r = cls;
    header_value(p, "Content-Type", r->type, sizeof r->type);
    header_value(p, "Allow", r->allow, sizeof r->allow);
    header_value(p, "Content-Encoding", r->encoding, sizeof r->encoding);
    header_value(p, "Vary", r->vary, sizeof r->vary);
    header_value(p, "ETag", r->etag, sizeof r->etag);
    header_value(p, "Content-Security-Policy", r->policy, sizeof r->policy);
    header_value(p, "X-Content-Type-Options", r->nosniff, sizeof r->nosniff);
    header_value(p, "Referrer-Policy", r->referrer, sizeof r->referrer);
    header_value(p, "Cache-Control", r->cache, sizeof r->cache);
    char length[32] = "";
    header_value(p, "Content-Length", length, sizeof length);
    if (length[0])
        r->length = strtol(length, NULL, 10);
    header_value(p, "Retry-After", r->retry_after, sizeof r->retry_after);
    return size * n;
}

/* method path (after the base) with body (NULL: none, len -1: strlen) and headers (NULL-ended
 * "Name: value" lines, or NULL), from the loopback address from (NULL: 127.0.0.1); the body as
 * sent, never decoded. */
static reply http_from(const server *sv, const char *from, const char *method, const char *path,
                       const char *body, long len, const char *const *headers)
{
    reply r = {.length = -1};
    CURL *c = curl_easy_init();
    if (from)
        curl_easy_setopt(c, CURLOPT_INTERFACE, from);
    struct curl_slist *list = NULL;
    for (int i = 0; headers && headers[i]; i++)
        list = curl_slist_append(list, headers[i]);
    curl_easy_setopt(c, CURLOPT_HTTPHEADER, list);
    curl_easy_setopt(c, CURLOPT_HTTP_CONTENT_DECODING, 0L);
    size_t n = strlen(sv->base) + strlen(path) + 1;
    char *url = malloc(n);
    snprintf(url, n, "%s%s", sv->base, path);
    curl_easy_setopt(c, CURLOPT_URL, url);
    curl_easy_setopt(c, CURLOPT_CUSTOMREQUEST, method);
    if (strcmp(method, "HEAD") == 0)
        curl_easy_setopt(c, CURLOPT_NOBODY, 1L);
    if (body) {
        curl_easy_setopt(c, CURLOPT_POSTFIELDS, body);
        curl_easy_setopt(c, CURLOPT_POSTFIELDSIZE, len < 0 ? (long)strlen(body) : len);
    }
    curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, on_body);
    curl_easy_setopt(c, CURLOPT_WRITEDATA, &r);
    curl_easy_setopt(c, CURLOPT_HEADERFUNCTION, on_header);
    curl_easy_setopt(c, CURLOPT_HEADERDATA, &r);
    curl_easy_setopt(c, CURLOPT_TIMEOUT, 60L);
    CURLcode rc = curl_easy_perform(c);
    if (rc != CURLE_OK)
        fail_msg("%s %s: %s", method, path, curl_easy_strerror(rc));
    curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &r.status);
    curl_easy_cleanup(c);
    curl_slist_free_all(list);
    free(url);
    if (!r.body)
        r.body = calloc(1, 1);
    return r;
}

static reply http_h(const server *sv, const char *method, const char *path, const char *body,
                    long len, const char *const *headers)
{
    return http_from(sv, NULL, method, path, body, len, headers);
}

static reply http(const server *sv, const char *method, const char *path, const char *body)
{
    return http_h(sv, method, path, body, -1, NULL);
}

/* The reply's JSON (asserted to parse); frees the reply. */
static json_t *json_of(reply *r)
{
    json_error_t e;
    json_t *j = json_loadb(r->body, r->len, 0, &e);
    if (!j)
        fail_msg("not JSON (%s): %.300s", e.text, r->body);
    free(r->body);
    return j;
}

/* A request whose answer must have status want; its JSON. */
static json_t *call(const server *sv, const char *method, const char *path, const char *body,
                    long want)
{
    reply r = http(sv, method, path, body);
    if (r.status != want)
        fail_msg("%s %s: %ld, not %ld: %.400s", method, path, r.status, want, r.body);
    assert_string_equal(r.type, "application/json; charset=utf-8");
    return json_of(&r);
}

/* An error answer: the status and code of api.md's error shape, and its path when given. */
static void error_is(const server *sv, const char *method, const char *path, const char *body,
                     long status, const char *code, const char *where)
{
    json_t *j = call(sv, method, path, body, status);
    json_t *e = json_object_get(j, "error");
    assert_int_equal(json_integer_value(json_object_get(e, "status")), status);
    assert_string_equal(json_string_value(json_object_get(e, "code")), code);
    assert_true(json_string_length(json_object_get(e, "message")) > 0);
    if (where)
        assert_string_equal(json_string_value(json_object_get(e, "path")), where);
    json_decref(j);
}

static const char *str(json_t *o, const char *key)
{
    const char *s = json_string_value(json_object_get(o, key));
    if (!s)
        fail_msg("no text at %s", key);
    return s;
}

static long long num(json_t *o, const char *key)
{
    json_t *v = json_object_get(o, key);
    assert_true(json_is_integer(v));
    return json_integer_value(v);
}

static json_t *view(const server *sv, const char *token)
{
    char path[128];
    snprintf(path, sizeof path, "/api/g/%s", token);
    return call(sv, "GET", path, NULL, 200);
}

/* POST /api/g/TOKEN/WHAT with body; the status. */
static json_t *post(const server *sv, const char *token, const char *what, const char *body,
                    long want)
{
    char path[160];
    snprintf(path, sizeof path, "/api/g/%s/%s", token, what);
    return call(sv, "POST", path, body, want);
}

static json_t *decide(const server *sv, const char *token, long long seq, const char *key,
                      long want)
{
    char body[512];
    snprintf(body, sizeof body, "{\"seq\":%lld,\"key\":\"%s\"}", seq, key);
    return post(sv, token, "decide", body, want);
}

/* ---- fixtures -------------------------------------------------------------------------------- */

static server S; /* a server for the tests that do not stop it */

static int group_setup(void **state)
{
    (void)state;
    curl_global_init(CURL_GLOBAL_DEFAULT);
    start(&S, LOOPBACK_ONE_CLIENT);
    return 0;
}

static int group_teardown(void **state)
{
    (void)state;
    stop(&S);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", S.dir);
    return system(cmd);
}

/* A new game of the demo: its links into tokens (role order as given). */
static json_t *new_game(const char *body)
{
    json_t *g = call(&S, "POST", "/api/games", body, 201);
    assert_true(json_is_integer(json_object_get(g, "game")));
    return g;
}

static const char *link_token(json_t *game, const char *role)
{
    const char *href = str(json_object_get(game, "links"), role);
    assert_true(strncmp(href, "/g/", 3) == 0);
    return href + 3;
}

/* ---- tests ----------------------------------------------------------------------------------- */

/* GET /api/scenarios lists the demo as data/scenarios/demo.json has it, then the bundled
 * scenario as data/scenarios/wagram-russbach-1809.json has it; a game of that one starts at
 * 19:00 in the French Charge segment on its 96 x 56 map, 177 units on it (19 to come). */
static void test_api__scenarios(void **state)
{
    (void)state;
    json_t *list = call(&S, "GET", "/api/scenarios", NULL, 200);
    assert_int_equal(json_array_size(list), 2);
    json_t *demo = json_array_get(list, 0);
    assert_string_equal(str(demo, "id"), "demo");
    assert_string_equal(str(demo, "game"), "deutsch-wagram-1809");
    assert_string_equal(str(demo, "rules"), "premier-2018");
    assert_string_equal(json_string_value(json_array_get(json_object_get(demo, "sides"), 0)),
                        "french");
    assert_string_equal(json_string_value(json_array_get(json_object_get(demo, "sides"), 1)),
                        "austrian");
    assert_int_equal(num(demo, "columns"), 24);
    assert_int_equal(num(demo, "rows"), 18);
    json_t *russbach = json_array_get(list, 1);
    assert_string_equal(str(russbach, "id"), "wagram-russbach-1809");
    assert_string_equal(str(russbach, "title"),
                        "The evening assault on the Russbach heights, Wagram, 5 July 1809");
    assert_string_equal(str(russbach, "game"), "deutsch-wagram-1809");
    assert_string_equal(str(russbach, "rules"), "premier-2018");
    assert_int_equal(num(russbach, "columns"), 96);
    assert_int_equal(num(russbach, "rows"), 56);
    json_decref(list);

    json_t *g = new_game("{\"scenario\":\"wagram-russbach-1809\",\"mode\":\"hotseat\"}");
    json_t *v = view(&S, link_token(g, "both"));
    assert_string_equal(str(v, "clock"), "19:00");
    assert_string_equal(str(v, "phasing"), "french");
    assert_string_equal(str(v, "segment"), "charge");
    assert_int_equal(json_array_size(json_object_get(json_object_get(v, "map"), "hexes")),
                     96 * 56);
    assert_int_equal(json_array_size(json_object_get(v, "units")), 177);
    assert_int_equal(json_array_size(json_object_get(v, "reinforcements")), 19);
    json_decref(v);
    /* R-WEB-21: the French end their Charge segment; their Movement lists 20,319 options (the
     * count bench_game reports), under the server's default options limit of 100,000, so the
     * answer is taken; past 10,000 options a move is given by its key alone, the other options
     * keep their label */
    v = decide(&S, link_token(g, "both"), 0, "end", 200);
    assert_string_equal(str(v, "segment"), "movement");
    json_t *options = json_object_get(json_object_get(v, "pending"), "options");
    assert_int_equal(json_array_size(options), 20319);
    size_t i, moves = 0, labelled = 0;
    json_t *o;
    json_array_foreach(options, i, o) {
        int move = strncmp(str(o, "key"), "move:", 5) == 0;
        moves += (size_t)move;
        labelled += json_object_get(o, "label") != NULL;
        assert_true(move == (json_object_get(o, "label") == NULL));
    }
    assert_true(moves > 10000);
    assert_int_equal(labelled, 20319 - moves);
    assert_string_equal(str(json_array_get(options, json_array_size(options) - 1), "key"), "end");
    json_decref(v);
    json_decref(g);
}

/* serve opened a two-players game of the demo: one link per side and one to watch, each a
 * different token of 32 characters (192 bits). */
static void test_api__serve_links(void **state)
{
    (void)state;
    assert_string_equal(S.links[0][0], "french");
    assert_string_equal(S.links[1][0], "austrian");
    assert_string_equal(S.links[2][0], "spectator");
    for (int i = 0; i < 3; i++) {
        assert_int_equal(strlen(S.links[i][1]), 32);
        for (int k = 0; k < i; k++)
            assert_string_not_equal(S.links[i][1], S.links[k][1]);
    }
}

/* Each role's view: the demo at 13:00, French charge segment; the decision is the French's
 * (yours only for them); the map's 24 x 18 hexes; no token in any view. */
static void test_api__views_per_role(void **state)
{
    (void)state;
    const char *roles[] = {"french", "austrian", "spectator"};
    for (int i = 0; i < 3; i++) {
        json_t *v = view(&S, token_of(&S, roles[i]));
        assert_string_equal(str(v, "role"), roles[i]);
        assert_int_equal(num(v, "seq"), 0);
        assert_string_equal(str(v, "clock"), "13:00");
        assert_string_equal(str(v, "segment"), "charge");
        assert_string_equal(str(v, "phasing"), "french");
        assert_string_equal(str(v, "mode"), "two-players");
        json_t *p = json_object_get(v, "pending");
        assert_string_equal(str(p, "side"), "french");
        assert_int_equal(json_is_true(json_object_get(p, "yours")), i == 0);
        json_t *map = json_object_get(v, "map");
        assert_int_equal(json_array_size(json_object_get(map, "hexes")), 24 * 18);
        assert_int_equal(num(map, "columns"), 24);
        char *text = json_dumps(v, 0);
        for (int k = 0; k < 3; k++)
            assert_null(strstr(text, S.links[k][1]));
        free(text);
        json_decref(v);
    }
}

/* R-WEB-1: a wrong token, a token of another length and no game at all give the same 404. */
static void test_api__wrong_token_is_404(void **state)
{
    (void)state;
    reply a = http(&S, "GET", "/api/g/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", NULL);
    reply b = http(&S, "GET", "/api/g/short", NULL);
    reply c = http(&S, "POST", "/api/g/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/decide",
                   "{\"seq\":0,\"key\":\"end\"}");
    assert_int_equal(a.status, 404);
    assert_int_equal(b.status, 404);
    assert_int_equal(c.status, 404);
    assert_string_equal(a.body, b.body);
    assert_string_equal(a.body, c.body);
    assert_string_equal(a.body, "{\"error\":{\"status\":404,\"code\":\"not-found\",\"message\":"
                                "\"no such game or route\"}}");
    free(a.body);
    free(b.body);
    free(c.body);
}

/* Decisions (R-WEB-1): only the French may answer the French decision; a spectator never; a
 * stale seq gets 409 with the view; an illegal key 422 with the ruling; malformed bodies 400
 * with the path. None of them changes the game (same seq, same hash). Then the French end the
 * charge segment: 200, seq 1, the Movement segment. */
static void test_api__decide_errors_change_nothing(void **state)
{
    (void)state;
    json_t *g = new_game("{\"scenario\":\"demo\",\"mode\":\"two-players\",\"seed\":3}");
    const char *fr = link_token(g, "french"), *au = link_token(g, "austrian"),
               *sp = link_token(g, "spectator");
    json_t *before = view(&S, fr);
    json_t *e = decide(&S, au, 0, "end", 403);
    assert_string_equal(str(json_object_get(e, "error"), "code"), "not-yours");
    assert_string_equal(str(json_object_get(e, "error"), "rule"), "R-GAME-12");
    json_decref(e);
    e = decide(&S, sp, 0, "end", 403);
    assert_string_equal(str(json_object_get(e, "error"), "code"), "read-only");
    json_decref(e);
    e = decide(&S, fr, 5, "end", 409);
    assert_string_equal(str(json_object_get(e, "error"), "code"), "stale");
    assert_int_equal(num(json_object_get(e, "view"), "seq"), 0);
    json_decref(e);
    e = decide(&S, fr, 0, "fire:fr-26le-1:0910", 422);
    assert_string_equal(str(json_object_get(e, "error"), "code"), "illegal");
    assert_non_null(json_object_get(json_object_get(e, "error"), "rule"));
    json_decref(e);
    char path[128];
    snprintf(path, sizeof path, "/api/g/%s/decide", fr);
    error_is(&S, "POST", path, "{\"seq\":0,", 400, "bad-json", "");
    error_is(&S, "POST", path, "[1]", 400, "bad-json", "");
    error_is(&S, "POST", path, "{\"key\":\"end\"}", 400, "bad-request", "/seq");
    error_is(&S, "POST", path, "{\"seq\":\"0\",\"key\":\"end\"}", 400, "bad-request", "/seq");
    error_is(&S, "POST", path, "{\"seq\":0,\"key\":3}", 400, "bad-request", "/key");
    error_is(&S, "POST", path, "{\"seq\":0,\"key\":\"end\",\"why\":1}", 400, "bad-request",
             "/why");
    error_is(&S, "POST", path, "{\"seq\":0,\"seq\":0,\"key\":\"end\"}", 400, "bad-json", "");
    error_is(&S, "POST", path, NULL, 400, "bad-json", "");
    json_t *after = view(&S, fr);
    assert_int_equal(num(after, "seq"), 0);
    assert_string_equal(str(after, "hash"), str(before, "hash"));
    json_decref(after);
    json_t *v = decide(&S, fr, 0, "end", 200);
    assert_int_equal(num(v, "seq"), 1);
    assert_string_equal(str(v, "segment"), "movement");
    assert_string_equal(str(json_array_get(json_object_get(v, "trace"), 0), "rule"), "R-GAME-3");
    json_decref(v);
    json_decref(before);
    json_decref(g);
}

/* SQL run on the store of the tests' server (its SQLite file). */
static void store_sql(const server *sv, const char *sql)
{
    char cmd[512];
    snprintf(cmd, sizeof cmd, "sqlite3 %s/games.db \"%s\"", sv->dir, sql);
    assert_int_equal(system(cmd), 0);
}

/* A spectator's decision, undo or concession is refused (403 read-only, R-WEB-1) before its game
 * is touched: with the game's saved scenario damaged behind the server's back, so that any read
 * of the store answers 500 damaged-game, a spectator naming a journal far longer than the game's
 * (which made the server read the game again before) is still a 403, and the players are served
 * from memory. A player's seq below 0 or over 2^30 is a 400 naming /seq, in decide and undo; one
 * longer than the journal reads the store and is a 409 with the view. */
static void test_api__spectator_refused_before_the_store(void **state)
{
    (void)state;
    json_t *g = new_game("{\"scenario\":\"demo\",\"mode\":\"two-players\",\"seed\":3}");
    const char *fr = link_token(g, "french"), *sp = link_token(g, "spectator");
    char path[160], sql[160];
    static const char *const acts[] = {"decide", "undo", "concede"};
    static const char *const bad_seqs[] = {"-1", "1073741825", "1e300",
                                           "99999999999999999999999"};
    for (int i = 0; i < 2; i++)
        for (size_t k = 0; k < sizeof bad_seqs / sizeof *bad_seqs; k++) {
            char body[96];
            snprintf(path, sizeof path, "/api/g/%s/%s", fr, acts[i]);
            snprintf(body, sizeof body, "{\"seq\":%s%s}", bad_seqs[k], i ? "" : ",\"key\":\"end\"");
            error_is(&S, "POST", path, body, 400, k == 3 ? "bad-json" : "bad-request",
                     k == 3 ? "" : "/seq");
        }
    json_t *e = decide(&S, fr, 1 << 30, "end", 409);
    assert_int_equal(num(json_object_get(e, "view"), "seq"), 0);
    json_decref(e);
    snprintf(sql, sizeof sql, "UPDATE games SET scenario = '{' WHERE id = %lld", num(g, "game"));
    store_sql(&S, sql);
    for (int i = 0; i < 3; i++) {
        snprintf(path, sizeof path, "/api/g/%s/%s", sp, acts[i]);
        error_is(&S, "POST", path, "{\"seq\":1073741824}", 403, "read-only", NULL);
    }
    e = decide(&S, sp, 1 << 30, "end", 403);
    json_decref(e);
    json_t *v = view(&S, fr);
    assert_int_equal(num(v, "seq"), 0);
    json_decref(v);
    v = decide(&S, fr, 0, "end", 200);
    assert_int_equal(num(v, "seq"), 1);
    json_decref(v);
    json_decref(g);
}

/* An answer longer than the journal keeps (R-GAME-22) is a 422 "illegal" with the ruling and the
 * member that holds it: a charge through 30 hexes in the key (164 bytes) or in the parameter
 * (414 bytes, its whole length told: the server cut it at 255 before), where it was a 500 with no
 * reason. A key or parameter with a NUL inside is malformed JSON to the server (400). Nothing
 * changes. */
static void test_api__long_answers_are_refused_with_a_reason(void **state)
{
    (void)state;
    json_t *g = new_game("{\"scenario\":\"demo\",\"mode\":\"two-players\",\"seed\":3}");
    const char *fr = link_token(g, "french");
    char path[160], body[1024], thirty[160] = "0802", eighty[420] = "0802";
    snprintf(path, sizeof path, "/api/g/%s/decide", fr);
    json_t *before = view(&S, fr);
    for (int i = 1; i < 80; i++)
        strcat(i < 30 ? thirty : eighty, i % 2 ? ",0903" : ",0802");
    for (int i = 1; i < 30; i++)
        strcat(eighty, i % 2 ? ",0903" : ",0802");
    static const struct {
        const char *fmt, *where;
        int len;
    } cases[] = {
        /* 15 + 149 bytes of the 30 hexes: a charge as the page sends it, in one key */
        {"{\"seq\":0,\"key\":\"charge:fr-8chs:%s\"}", "/key", 164},
        {"{\"seq\":0,\"key\":\"charge:fr-8chs\",\"param\":\"%s\"}", "/param", 164},
        /* 80 hexes, 399 bytes: past 255, where the server cut the answer before */
        {"{\"seq\":0,\"key\":\"charge:fr-8chs\",\"param\":\"%s\"}", "/param", 414},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        snprintf(body, sizeof body, cases[i].fmt, i < 2 ? thirty : eighty);
        json_t *e = call(&S, "POST", path, body, 422);
        json_t *err = json_object_get(e, "error");
        assert_string_equal(str(err, "code"), "illegal");
        assert_string_equal(str(err, "rule"), "R-GAME-22");
        assert_string_equal(str(err, "path"), cases[i].where);
        char says[64];
        snprintf(says, sizeof says, "the answer is %d bytes long", cases[i].len);
        if (!strstr(str(err, "message"), says))
            fail_msg("case %zu: %s", i, str(err, "message"));
        json_decref(e);
    }
    error_is(&S, "POST", path, "{\"seq\":0,\"key\":\"end\\u0000more\"}", 400, "bad-json", "");
    error_is(&S, "POST", path, "{\"seq\":0,\"key\":\"charge:fr-8chs\",\"param\":\"0802\\u0000\"}",
             400, "bad-json", "");
    json_t *after = view(&S, fr);
    assert_int_equal(num(after, "seq"), 0);
    assert_string_equal(str(after, "hash"), str(before, "hash"));
    json_decref(after);
    json_decref(before);
    json_decref(g);
}

/* Undo by the two-players policy (R-GAME-14): the French take back their own "end" (200, the
 * charge segment again, the journal one longer); the Austrians have nothing of theirs to take
 * back (422); a spectator never (403); a stale seq 409. Hot-seat: the one link takes back. */
static void test_api__undo(void **state)
{
    (void)state;
    json_t *g = new_game("{\"scenario\":\"demo\",\"mode\":\"two-players\",\"seed\":3}");
    const char *fr = link_token(g, "french"), *au = link_token(g, "austrian"),
               *sp = link_token(g, "spectator");
    json_decref(decide(&S, fr, 0, "end", 200));
    json_t *e = post(&S, au, "undo", "{\"seq\":1}", 422);
    assert_string_equal(str(json_object_get(e, "error"), "rule"), "R-GAME-14");
    json_decref(e);
    json_decref(post(&S, sp, "undo", "{\"seq\":1}", 403));
    json_decref(post(&S, fr, "undo", "{\"seq\":0}", 409));
    char path[128];
    snprintf(path, sizeof path, "/api/g/%s/undo", fr);
    error_is(&S, "POST", path, "{\"seq\":1,\"keep\":\"x\"}", 400, "bad-request", "/keep");
    json_t *v = post(&S, fr, "undo", "{\"seq\":1}", 200);
    assert_int_equal(num(v, "seq"), 2);
    assert_string_equal(str(v, "segment"), "charge");
    json_decref(v);
    json_decref(g);
    g = new_game("{\"scenario\":\"demo\",\"mode\":\"hotseat\"}");
    const char *both = link_token(g, "both");
    assert_null(json_object_get(json_object_get(g, "links"), "french"));
    v = decide(&S, both, 0, "end", 200);
    assert_string_equal(str(v, "role"), "both");
    assert_string_equal(str(v, "mode"), "hotseat");
    json_decref(v);
    v = post(&S, both, "undo", "{\"seq\":1,\"keep\":0}", 200);
    assert_string_equal(str(v, "segment"), "charge");
    json_decref(v);
    json_decref(g);
}

/* A concession ends the battle: the other side wins decisively (R-VIC-5), no decision left. */
static void test_api__concede(void **state)
{
    (void)state;
    json_t *g = new_game("{\"scenario\":\"demo\",\"mode\":\"two-players\"}");
    const char *au = link_token(g, "austrian"), *sp = link_token(g, "spectator");
    json_decref(post(&S, sp, "concede", "{\"seq\":0}", 403));
    json_t *v = post(&S, au, "concede", "{\"seq\":0}", 200);
    json_t *result = json_object_get(v, "result");
    assert_string_equal(str(result, "winner"), "french");
    assert_string_equal(str(result, "outcome"), "decisive");
    assert_string_equal(str(result, "conceded"), "austrian");
    assert_true(json_is_null(json_object_get(v, "pending")));
    long long seq = num(v, "seq");
    json_decref(v);
    v = decide(&S, au, seq, "end", 422);
    assert_string_equal(str(json_object_get(v, "error"), "code"), "no-decision");
    json_decref(v);
    json_decref(g);
}

/* R-WEB-8: a rematch once the battle is over: each player takes a link to the same new game,
 * on the other side, once; the old game's view says a rematch waits; a spectator cannot make
 * one; against the computer it takes the side the player had. */
static void test_api__rematch(void **state)
{
    (void)state;
    json_t *g = new_game("{\"scenario\":\"demo\",\"mode\":\"two-players\"}");
    const char *fr = link_token(g, "french"), *au = link_token(g, "austrian"),
               *sp = link_token(g, "spectator");
    json_t *e = post(&S, fr, "rematch", "{}", 409);
    assert_string_equal(str(json_object_get(e, "error"), "code"), "not-over");
    json_decref(e);
    json_decref(post(&S, au, "concede", "{\"seq\":0}", 200));
    json_decref(post(&S, sp, "rematch", "{}", 403));
    json_t *v = view(&S, au);
    assert_false(json_is_true(json_object_get(v, "rematch")));
    json_decref(v);
    json_t *mine = post(&S, fr, "rematch", "{}", 201);
    assert_string_equal(str(mine, "role"), "austrian");
    v = view(&S, au);
    assert_true(json_is_true(json_object_get(v, "rematch")));
    json_decref(v);
    json_t *theirs = post(&S, au, "rematch", "{}", 201);
    assert_string_equal(str(theirs, "role"), "french");
    assert_int_equal(num(mine, "game"), num(theirs, "game"));
    assert_true(num(mine, "game") != num(g, "game"));
    e = post(&S, au, "rematch", "{}", 409);
    assert_string_equal(str(json_object_get(e, "error"), "code"), "taken");
    json_decref(e);
    /* the new links open the new game, at its start, in the sides swapped */
    v = view(&S, str(mine, "link") + 3);
    assert_string_equal(str(v, "role"), "austrian");
    assert_string_equal(str(v, "mode"), "two-players");
    assert_int_equal(num(v, "seq"), 0);
    json_decref(v);
    v = view(&S, str(theirs, "link") + 3);
    assert_string_equal(str(v, "role"), "french");
    json_decref(v);
    json_decref(mine);
    json_decref(theirs);
    json_decref(g);

    g = new_game("{\"scenario\":\"demo\",\"computer\":\"austrian\",\"level\":\"quick\"}");
    const char *me = link_token(g, "french");
    json_decref(post(&S, me, "concede", "{\"seq\":0}", 200));
    mine = post(&S, me, "rematch", "{}", 201);
    assert_string_equal(str(mine, "role"), "austrian");
    v = view(&S, str(mine, "link") + 3);
    assert_string_equal(str(v, "ai"), "french");
    assert_string_equal(str(v, "ai_player"), "quick");
    json_decref(v);
    json_decref(mine);
    json_decref(g);
}

/* R-GAME-23: GET /api/g/TOKEN/hint. Against the computer (the Austrians, quick) the French
 * person's hint at the start names the side, a key and a reason citing the ruling, changes
 * nothing (the view's seq and hash stay), and its key is then accepted as the French answer.
 * Between two people hints are off (403 hints-off); a spectator's link never asks (403). */
static void test_api__hint(void **state)
{
    (void)state;
    json_t *g = new_game("{\"scenario\":\"demo\",\"computer\":\"austrian\",\"level\":\"quick\"}");
    const char *me = link_token(g, "french");
    char path[160];
    snprintf(path, sizeof path, "/api/g/%s/hint", me);
    json_t *before = view(&S, me);
    json_t *h = call(&S, "GET", path, NULL, 200);
    assert_string_equal(str(h, "side"), "french");
    assert_string_equal(str(h, "rule"), "R-GAME-23");
    assert_true(strlen(str(h, "reason")) > 0);
    assert_int_equal(num(h, "seq"), 0);
    /* R-AI-16: the best options, the first the answer itself (key and reason) */
    json_t *opts = json_object_get(h, "options");
    assert_true(json_is_array(opts));
    assert_true(json_array_size(opts) >= 1 && json_array_size(opts) <= 3);
    assert_string_equal(str(json_array_get(opts, 0), "key"), str(h, "key"));
    assert_string_equal(str(json_array_get(opts, 0), "reason"), str(h, "reason"));
    for (size_t k = 0; k < json_array_size(opts); k++) {
        json_t *value = json_object_get(json_array_get(opts, k), "value");
        assert_true(json_is_real(value) || json_is_null(value));
        /* after the answer, the highest value first */
        json_t *prev = k >= 2 ? json_object_get(json_array_get(opts, k - 1), "value") : NULL;
        if (prev && json_is_real(value) && json_is_real(prev))
            assert_true(json_real_value(value) <= json_real_value(prev));
    }
    json_t *after = view(&S, me);
    assert_int_equal(num(after, "seq"), num(before, "seq"));
    assert_string_equal(str(after, "hash"), str(before, "hash"));
    json_t *v = decide(&S, me, 0, str(h, "key"), 200);
    json_decref(v);
    json_decref(h);
    json_decref(before);
    json_decref(after);
    json_decref(g);

    g = new_game("{\"scenario\":\"demo\",\"mode\":\"two-players\",\"seed\":3}");
    snprintf(path, sizeof path, "/api/g/%s/hint", link_token(g, "french"));
    error_is(&S, "GET", path, NULL, 403, "hints-off", NULL);
    snprintf(path, sizeof path, "/api/g/%s/hint", link_token(g, "spectator"));
    error_is(&S, "GET", path, NULL, 403, "read-only", NULL);
    json_decref(g);
}

/* POST /api/games refuses what is not a game: every error a 400 naming the member. */
static void test_api__create_errors(void **state)
{
    (void)state;
    error_is(&S, "POST", "/api/games", "{", 400, "bad-json", "");
    error_is(&S, "POST", "/api/games", "\"demo\"", 400, "bad-json", "");
    error_is(&S, "POST", "/api/games", "{\"scenario\":\"demo\",\"colour\":1}", 400,
             "bad-request", "/colour");
    error_is(&S, "POST", "/api/games", "{\"mode\":\"hotseat\"}", 400, "bad-request",
             "/scenario");
    error_is(&S, "POST", "/api/games", "{\"scenario\":\"austerlitz\"}", 400, "bad-request",
             "/scenario");
    error_is(&S, "POST", "/api/games", "{\"scenario\":\"demo\",\"mode\":\"solo\"}", 400,
             "bad-request", "/mode");
    error_is(&S, "POST", "/api/games", "{\"scenario\":\"demo\",\"seed\":-1}", 400, "bad-request",
             "/seed");
    error_is(&S, "POST", "/api/games", "{\"scenario\":\"demo\",\"rules\":\"premier-2099\"}", 400,
             "bad-request", "/rules");
    error_is(&S, "POST", "/api/games", "{\"scenario\":\"demo\",\"ai\":\"prussian\",\"mode\":"
             "\"two-players\"}", 400, "bad-request", "/ai");
    error_is(&S, "POST", "/api/games", "{\"scenario\":\"demo\",\"ai\":\"austrian\"}", 400,
             "bad-request", "/ai");
    error_is(&S, "POST", "/api/games", "{\"scenario\":\"demo\",\"movement_time_limit_s\":-5}",
             400, "bad-request", "/movement_time_limit_s");
    /* a scenario object the loader refuses: every problem listed, the first one's path */
    json_t *e = call(&S, "POST", "/api/games", "{\"scenario\":{\"format\":\"labataille-scenario/1\"}}",
                     400);
    json_t *err = json_object_get(e, "error");
    assert_string_equal(str(err, "code"), "invalid-scenario");
    assert_true(json_array_size(json_object_get(err, "errors")) >= 1);
    json_decref(e);
    e = call(&S, "POST", "/api/games", "{\"import\":{\"format\":\"labataille-game/1\"}}", 400);
    assert_string_equal(str(json_object_get(e, "error"), "code"), "invalid-scenario");
    json_decref(e);
}

/* The journal from an entry, the export, and an import of the export: the same game (seq and
 * state hash), with links of its own. */
static void test_api__journal_export_import(void **state)
{
    (void)state;
    json_t *g = new_game("{\"scenario\":\"demo\",\"mode\":\"hotseat\",\"seed\":11}");
    const char *both = link_token(g, "both");
    json_decref(decide(&S, both, 0, "end", 200));
    json_decref(decide(&S, both, 1, "move:fr-26le-1:0710", 200));
    char path[160];
    snprintf(path, sizeof path, "/api/g/%s/journal", both);
    json_t *j = call(&S, "GET", path, NULL, 200);
    json_t *entries = json_object_get(j, "entries");
    long long seq = num(j, "seq");
    assert_true(seq >= 2);
    assert_int_equal(json_array_size(entries), seq);
    assert_string_equal(str(json_array_get(entries, 0), "key"), "end");
    assert_string_equal(str(json_array_get(entries, 1), "key"), "move:fr-26le-1:0710");
    json_decref(j);
    snprintf(path, sizeof path, "/api/g/%s/journal?from=1", both);
    j = call(&S, "GET", path, NULL, 200);
    assert_int_equal(json_array_size(json_object_get(j, "entries")), seq - 1);
    json_decref(j);
    snprintf(path, sizeof path, "/api/g/%s/journal?from=x", both);
    error_is(&S, "GET", path, NULL, 400, "bad-query", "from");
    snprintf(path, sizeof path, "/api/g/%s/journal?from=%lld", both, seq + 1);
    error_is(&S, "GET", path, NULL, 400, "bad-query", "from");
    snprintf(path, sizeof path, "/api/g/%s/journal?to=1", both);
    error_is(&S, "GET", path, NULL, 400, "bad-query", "to");
    snprintf(path, sizeof path, "/api/g/%s/export", both);
    json_t *x = call(&S, "GET", path, NULL, 200);
    assert_string_equal(str(x, "format"), "labataille-game/1");
    json_t *v = view(&S, both);
    assert_string_equal(str(x, "hash"), str(v, "hash"));
    json_t *body = json_pack("{s:O}", "import", x);
    char *text = json_dumps(body, JSON_COMPACT);
    json_t *imported = new_game(text);
    json_t *iv = view(&S, link_token(imported, "both"));
    assert_int_equal(num(iv, "seq"), seq);
    assert_string_equal(str(iv, "hash"), str(v, "hash"));
    assert_string_equal(str(iv, "mode"), "hotseat");
    assert_true(num(iv, "game") != num(v, "game"));
    free(text);
    json_decref(body);
    json_decref(iv);
    json_decref(imported);
    json_decref(v);
    json_decref(x);
    json_decref(g);
}

/* The traces of each answer, with who answered, since a journal position. */
static void test_api__traces(void **state)
{
    (void)state;
    json_t *g = new_game("{\"scenario\":\"demo\",\"mode\":\"hotseat\"}");
    const char *both = link_token(g, "both");
    json_decref(decide(&S, both, 0, "end", 200));
    char path[160];
    snprintf(path, sizeof path, "/api/g/%s/traces?from=0", both);
    json_t *t = call(&S, "GET", path, NULL, 200);
    json_t *list = json_object_get(t, "traces");
    assert_int_equal(json_array_size(list), 1);
    json_t *one = json_array_get(list, 0);
    assert_int_equal(num(one, "seq"), 1);
    assert_string_equal(str(one, "what"), "end");
    assert_string_equal(str(one, "by"), "player");
    assert_string_equal(str(one, "role"), "both");
    assert_string_equal(str(json_array_get(json_object_get(one, "trace"), 0), "rule"),
                        "R-GAME-3");
    json_decref(t);
    snprintf(path, sizeof path, "/api/g/%s/traces?from=1", both);
    t = call(&S, "GET", path, NULL, 200);
    assert_int_equal(json_array_size(json_object_get(t, "traces")), 0);
    json_decref(t);
    json_decref(g);
}

/* The French cavalry charges au-ir20-3 (seed 3); the Austrians attempt carré and fail: the
 * column routs (PGD, R-CHG-24) and the Austrians pick where. The decision lists every end hex
 * (the charge's has no `auto`: its automatic choice is one of them), and the view draws for each
 * end, in the options' order, the path choosing it takes (R-WEB-4 revised): each from 1204, 10
 * hexes entered (the rout's length in premier-2018), ending in that option; one path per end,
 * however many thousand optimal paths there are. */
static void test_api__rout_paths_offered(void **state)
{
    (void)state;
    json_t *g = new_game("{\"scenario\":\"demo\",\"mode\":\"two-players\",\"seed\":3}");
    const char *fr = link_token(g, "french"), *au = link_token(g, "austrian");
    json_t *v = decide(&S, fr, 0, "charge:fr-8chs:0802,0903,1003,1104", 200);
    json_t *p = json_object_get(v, "pending");
    assert_string_equal(str(p, "kind"), "carre");
    assert_string_equal(str(p, "side"), "austrian");
    assert_false(json_is_true(json_object_get(p, "yours")));
    long long seq = num(v, "seq");
    json_decref(v);
    v = decide(&S, au, seq, "carre", 200);
    p = json_object_get(v, "pending");
    assert_string_equal(str(p, "kind"), "path");
    assert_string_equal(str(p, "subject"), "au-ir20-3");
    assert_true(json_is_true(json_object_get(p, "yours")));
    json_t *retreat = json_object_get(p, "retreat");
    assert_string_equal(str(retreat, "kind"), "rout");
    json_t *paths = json_object_get(retreat, "paths");
    json_t *options = json_object_get(p, "options");
    assert_true(json_array_size(paths) > 1);
    assert_int_equal(json_array_size(paths), json_array_size(options));
    size_t i;
    json_t *path;
    json_array_foreach(paths, i, path) {
        assert_int_equal(json_array_size(path), 11);
        assert_string_equal(json_string_value(json_array_get(path, 0)), "1204");
        assert_string_equal(json_string_value(json_array_get(path, 10)),
                            str(json_array_get(options, i), "key"));
    }
    json_decref(v);
    json_decref(g);
}

/* ---- live updates ---------------------------------------------------------------------------- */

typedef struct listener {
    const server *sv;
    const char *from;             /* the loopback address it connects from (NULL: 127.0.0.1) */
    char path[160];
    const char *last_event_id;    /* NULL: none */
    const char *until;            /* stop once the stream holds this text */
    const char *then;             /* and, after it, this one (NULL: nothing more) */
    long timeout_s;               /* the whole stream at most (0: 20 s) */
    char text[4096];
    size_t len;
    int done;                     /* the stream has ended, for rc */
    CURLcode rc;                  /* how it ended: CURLE_OPERATION_TIMEDOUT when the client gave up */
    pthread_mutex_t lock;
} listener;

static size_t on_event(char *p, size_t size, size_t n, void *cls)
{
    listener *l = cls;
    pthread_mutex_lock(&l->lock);
    size_t k = size * n < sizeof l->text - 1 - l->len ? size * n : sizeof l->text - 1 - l->len;
    memcpy(l->text + l->len, p, k);
    l->len += k;
    l->text[l->len] = '\0';
    const char *at = strstr(l->text, l->until);
    int done = at && (!l->then || strstr(at + strlen(l->until), l->then));
    pthread_mutex_unlock(&l->lock);
    return done ? 0 : size * n; /* 0 ends the transfer */
}

static void *listen_events(void *cls)
{
    listener *l = cls;
    CURL *c = curl_easy_init();
    char url[256], header[64];
    snprintf(url, sizeof url, "%s%s", l->sv->base, l->path);
    struct curl_slist *headers = NULL;
    if (l->last_event_id) {
        snprintf(header, sizeof header, "Last-Event-ID: %s", l->last_event_id);
        headers = curl_slist_append(headers, header);
    }
    curl_easy_setopt(c, CURLOPT_URL, url);
    curl_easy_setopt(c, CURLOPT_HTTPHEADER, headers);
    if (l->from)
        curl_easy_setopt(c, CURLOPT_INTERFACE, l->from);
    curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, on_event);
    curl_easy_setopt(c, CURLOPT_WRITEDATA, l);
    curl_easy_setopt(c, CURLOPT_TIMEOUT, l->timeout_s ? l->timeout_s : 20L);
    CURLcode rc = curl_easy_perform(c);
    pthread_mutex_lock(&l->lock);
    l->rc = rc;
    l->done = 1;
    pthread_mutex_unlock(&l->lock);
    curl_slist_free_all(headers);
    curl_easy_cleanup(c);
    return NULL;
}

/* Whether the listener's stream has ended. */
static int ended(listener *l)
{
    pthread_mutex_lock(&l->lock);
    int done = l->done;
    pthread_mutex_unlock(&l->lock);
    return done;
}

/* Waits until the listener's text holds s (seconds at most). */
static void wait_for_s(listener *l, const char *s, int seconds)
{
    for (int i = 0; i < 100 * seconds; i++) {
        pthread_mutex_lock(&l->lock);
        int found = strstr(l->text, s) != NULL;
        pthread_mutex_unlock(&l->lock);
        if (found)
            return;
        nanosleep(&(struct timespec){0, 10000000}, NULL);
    }
    fail_msg("the stream never said \"%s\": %s", s, l->text);
}

/* Waits until the listener's text holds s (5 s at most). */
static void wait_for(listener *l, const char *s)
{
    wait_for_s(l, s, 5);
}

/* R-WEB-19, R-GAME-24: between two people a hint is given only while both sides allow it. At
 * first neither has (GET …/hints: both false, not open; a hint 403 hints-off). The French allow
 * it: still 403, the other side has not. The Austrians allow it: open, and the French (whose
 * decision is pending at the start, seq 0) get their hint; the Austrians asking get 409, no
 * decision of theirs pending. Each hint given is recorded beside the journal: the export shows
 * [{"side": 0, "seq": 0}] and its seq and journal are the game's, unchanged (0 entries). The
 * Austrians withdraw: 403 again. A spectator may not set it; a body without a boolean is 400. */
static void test_api__hints_between_people(void **state)
{
    (void)state;
    json_t *g = new_game("{\"scenario\":\"demo\",\"mode\":\"two-players\",\"seed\":3}");
    const char *fr = link_token(g, "french"), *au = link_token(g, "austrian");
    char fr_hint[160], au_hint[160], fr_hints[160], au_hints[160], path[160];
    snprintf(fr_hint, sizeof fr_hint, "/api/g/%s/hint", fr);
    snprintf(au_hint, sizeof au_hint, "/api/g/%s/hint", au);
    snprintf(fr_hints, sizeof fr_hints, "/api/g/%s/hints", fr);
    snprintf(au_hints, sizeof au_hints, "/api/g/%s/hints", au);
    json_t *h = call(&S, "GET", fr_hints, NULL, 200);
    assert_false(json_is_true(json_object_get(h, "open")));
    assert_true(json_is_false(json_object_get(json_object_get(h, "allowed"), "french")));
    json_decref(h);
    error_is(&S, "GET", fr_hint, NULL, 403, "hints-off", NULL);
    h = call(&S, "POST", fr_hints, "{\"allow\": true}", 200);
    assert_true(json_is_true(json_object_get(json_object_get(h, "allowed"), "french")));
    assert_true(json_is_false(json_object_get(json_object_get(h, "allowed"), "austrian")));
    assert_false(json_is_true(json_object_get(h, "open")));
    json_decref(h);
    h = call(&S, "GET", fr_hint, NULL, 403);
    assert_non_null(strstr(str(json_object_get(h, "error"), "message"),
                           "the other side has not allowed hints"));
    json_decref(h);
    /* the French stream hears of the Austrians' allowing at once (R-WEB-19) */
    listener l = {.sv = &S, .until = "event: hints\n", .lock = PTHREAD_MUTEX_INITIALIZER};
    snprintf(l.path, sizeof l.path, "/api/g/%s/events", fr);
    pthread_t t;
    pthread_create(&t, NULL, listen_events, &l);
    wait_for(&l, "id: 0\n");
    h = call(&S, "POST", au_hints, "{\"allow\": true}", 200);
    assert_true(json_is_true(json_object_get(h, "open")));
    json_decref(h);
    pthread_join(t, NULL);
    assert_non_null(strstr(l.text, "event: hints\ndata: {}\n\n"));
    h = call(&S, "GET", fr_hint, NULL, 200);
    assert_string_equal(str(h, "side"), "french");
    assert_int_equal(num(h, "seq"), 0);
    assert_true(json_array_size(json_object_get(h, "options")) >= 1);
    json_decref(h);
    error_is(&S, "GET", au_hint, NULL, 409, "not-your-decision", NULL);
    snprintf(path, sizeof path, "/api/g/%s/export", fr);
    json_t *e = call(&S, "GET", path, NULL, 200);
    json_t *asked = json_object_get(e, "hints");
    assert_int_equal(json_array_size(asked), 1);
    assert_int_equal(num(json_array_get(asked, 0), "side"), 0);
    assert_int_equal(num(json_array_get(asked, 0), "seq"), 0);
    assert_int_equal(num(e, "seq"), 0);
    json_decref(e);
    h = call(&S, "POST", au_hints, "{\"allow\": false}", 200);
    assert_false(json_is_true(json_object_get(h, "open")));
    json_decref(h);
    error_is(&S, "GET", fr_hint, NULL, 403, "hints-off", NULL);
    error_is(&S, "POST", fr_hints, "{\"allow\": 1}", 400, "bad-request", "/allow");
    snprintf(path, sizeof path, "/api/g/%s/hints", link_token(g, "spectator"));
    error_is(&S, "POST", path, "{\"allow\": true}", 403, "read-only", NULL);
    json_decref(g);
}

/* The Austrians' page sees the French decision without asking: the stream says the journal's
 * length at once (0), then 1 when the French answer. Resumed with Last-Event-ID: 1, it says
 * nothing until the journal grows to 2. */
static void test_api__events(void **state)
{
    (void)state;
    json_t *g = new_game("{\"scenario\":\"demo\",\"mode\":\"two-players\"}");
    const char *fr = link_token(g, "french"), *au = link_token(g, "austrian");
    listener l = {.sv = &S, .until = "id: 1\n", .lock = PTHREAD_MUTEX_INITIALIZER};
    snprintf(l.path, sizeof l.path, "/api/g/%s/events", au);
    pthread_t t;
    pthread_create(&t, NULL, listen_events, &l);
    wait_for(&l, "id: 0\nevent: seq\ndata: {\"seq\":0}\n\n");
    json_decref(decide(&S, fr, 0, "end", 200));
    pthread_join(t, NULL);
    assert_non_null(strstr(l.text, "retry: 2000\n"));
    assert_non_null(strstr(l.text, "id: 1\nevent: seq\ndata: {\"seq\":1}\n\n"));
    listener r = {.sv = &S, .last_event_id = "1", .until = "id: 2\n",
                  .lock = PTHREAD_MUTEX_INITIALIZER};
    snprintf(r.path, sizeof r.path, "/api/g/%s/events", au);
    pthread_create(&t, NULL, listen_events, &r);
    wait_for(&r, "retry: 2000\n");
    json_decref(decide(&S, fr, 1, "end", 200));
    pthread_join(t, NULL);
    assert_null(strstr(r.text, "id: 1\n"));
    assert_non_null(strstr(r.text, "id: 2\nevent: seq\ndata: {\"seq\":2}\n\n"));
    json_decref(g);
}

/* Presence (api.md): the stream of a side's link makes that side present. The French stream says
 * at once that only the French are ([true,false]); a spectator's stream changes nothing; the
 * Austrian stream makes both present, and when it ends (found within a heartbeat, 15 s) the
 * French stream says the Austrians are gone. A heartbeat or a chat may come between. */
static void test_api__events_presence(void **state)
{
    (void)state;
    json_t *g = new_game("{\"scenario\":\"demo\",\"mode\":\"two-players\"}");
    const char *fr = link_token(g, "french"), *au = link_token(g, "austrian"),
               *watch = link_token(g, "spectator");
    static const char alone[] = "event: presence\ndata: {\"present\":[true,false]}\n\n",
                      both[] = "event: presence\ndata: {\"present\":[true,true]}\n\n";
    listener f = {.sv = &S, .until = both, .then = alone, .timeout_s = 40,
                  .lock = PTHREAD_MUTEX_INITIALIZER};
    snprintf(f.path, sizeof f.path, "/api/g/%s/events", fr);
    pthread_t tf, tw, ta;
    pthread_create(&tf, NULL, listen_events, &f);
    wait_for(&f, alone);
    listener w = {.sv = &S, .until = alone, .lock = PTHREAD_MUTEX_INITIALIZER};
    snprintf(w.path, sizeof w.path, "/api/g/%s/events", watch);
    pthread_create(&tw, NULL, listen_events, &w);
    pthread_join(tw, NULL);
    /* the Austrians stay until the French have seen them (presence is a state: a side that came
     * and went before the French stream was resumed would never be told), then go at a chat */
    listener a = {.sv = &S, .until = "event: chat\n", .timeout_s = 40,
                  .lock = PTHREAD_MUTEX_INITIALIZER};
    snprintf(a.path, sizeof a.path, "/api/g/%s/events", au);
    pthread_create(&ta, NULL, listen_events, &a);
    wait_for_s(&f, both, 20);
    json_decref(post(&S, au, "chat", "{\"text\":\"Adieu\"}", 201));
    pthread_join(ta, NULL);
    assert_non_null(strstr(a.text, both));
    pthread_join(tf, NULL);
    /* the spectator came and went between: the French stream said nothing of it; a heartbeat
     * may come between both and the Austrians' going, no other presence */
    const char *first = strstr(f.text, alone), *joined = strstr(f.text, both);
    assert_non_null(first);
    assert_non_null(joined);
    assert_ptr_equal(strstr(first + 1, "event: presence"), joined);
    const char *left = strstr(joined + 1, "event: presence");
    assert_non_null(left);
    assert_ptr_equal(left, strstr(joined + strlen(both), alone));
    json_decref(g);
}

/* R-WEB-9: the chat. A side's link says a line; every link reads it back by number with who
 * said it; a spectator reads and cannot say; a stream hears of each message; what is not one
 * line of text is refused and changes nothing; the chat outlives the server (test_api store). */
static void test_api__chat(void **state)
{
    (void)state;
    json_t *g = new_game("{\"scenario\":\"demo\",\"mode\":\"two-players\"}");
    const char *fr = link_token(g, "french"), *au = link_token(g, "austrian"),
               *sp = link_token(g, "spectator");
    listener l = {.sv = &S, .until = "event: chat\n", .lock = PTHREAD_MUTEX_INITIALIZER};
    snprintf(l.path, sizeof l.path, "/api/g/%s/events", au);
    pthread_t t;
    pthread_create(&t, NULL, listen_events, &l);
    wait_for(&l, "id: 0\n");
    json_t *said = post(&S, fr, "chat", "{\"text\":\"Bonne chance, mon g\u00e9n\u00e9ral\"}", 201);
    assert_int_equal(num(said, "n"), 1);
    json_decref(said);
    pthread_join(t, NULL);
    assert_non_null(strstr(l.text, "event: chat\ndata: {}\n\n"));
    said = post(&S, au, "chat", "{\"text\":\"Viel Gl\u00fcck\"}", 201);
    assert_int_equal(num(said, "n"), 2);
    json_decref(said);
    json_decref(post(&S, sp, "chat", "{\"text\":\"hello\"}", 403));
    static const char *const bad[] = {"{\"text\":\"\"}", "{\"text\":\"two\\nlines\"}",
                                      "{\"text\":\"a\\u0000b\"}", "{\"text\":\"\\u001b[2J\"}",
                                      "{\"text\":5}", "{\"words\":\"x\"}"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        json_decref(post(&S, fr, "chat", bad[i], 400));
    char long_text[LB_CHAT_TEXT_MAX + 32];
    snprintf(long_text, sizeof long_text, "{\"text\":\"%0*d\"}", LB_CHAT_TEXT_MAX + 1, 0);
    json_decref(post(&S, fr, "chat", long_text, 400));
    char path[160];
    snprintf(path, sizeof path, "/api/g/%s/chat", sp);
    json_t *c = call(&S, "GET", path, NULL, 200);
    json_t *list = json_object_get(c, "messages");
    assert_int_equal(json_array_size(list), 2);
    assert_int_equal(num(json_array_get(list, 0), "n"), 1);
    assert_string_equal(str(json_array_get(list, 0), "role"), "french");
    assert_string_equal(str(json_array_get(list, 0), "text"), "Bonne chance, mon g\u00e9n\u00e9ral");
    assert_string_equal(str(json_array_get(list, 1), "role"), "austrian");
    assert_int_equal(strlen(str(json_array_get(list, 1), "at")), 19);
    json_decref(c);
    snprintf(path, sizeof path, "/api/g/%s/chat?from=1", fr);
    c = call(&S, "GET", path, NULL, 200);
    assert_int_equal(json_array_size(json_object_get(c, "messages")), 1);
    assert_string_equal(str(json_array_get(json_object_get(c, "messages"), 0), "text"),
                        "Viel Gl\u00fcck");
    json_decref(c);
    snprintf(path, sizeof path, "/api/g/%s/chat?from=x", fr);
    json_decref(call(&S, "GET", path, NULL, 400));
    snprintf(path, sizeof path, "/api/g/%s/chat", fr);
    json_decref(call(&S, "DELETE", path, NULL, 405));
    json_decref(g);
}

/* ---- a webhook's receiver (R-WEB-16) --------------------------------------------------------- */

#define HOOKS_HEARD_MAX 16

/* The POSTs a receiver on a loopback port heard: path and body of each. */
typedef struct hooks_heard {
    pthread_mutex_t lock;
    pthread_cond_t more;
    int n;
    char path[HOOKS_HEARD_MAX][64];
    char body[HOOKS_HEARD_MAX][1024];
    char type[HOOKS_HEARD_MAX][64];
} hooks_heard;

static enum MHD_Result on_hook(void *cls, struct MHD_Connection *c, const char *url,
                               const char *method, const char *version, const char *data,
                               size_t *size, void **con_cls)
{
    (void)version;
    hooks_heard *h = cls;
    if (!*con_cls) { /* the request's first call: its body follows */
        *con_cls = calloc(1, 1024);
        return MHD_YES;
    }
    char *body = *con_cls;
    if (*size) {
        size_t have = strlen(body), take = *size < 1023 - have ? *size : 1023 - have;
        memcpy(body + have, data, take);
        *size = 0;
        return MHD_YES;
    }
    pthread_mutex_lock(&h->lock);
    if (h->n < HOOKS_HEARD_MAX && strcmp(method, "POST") == 0) {
        snprintf(h->path[h->n], sizeof h->path[0], "%s", url);
        snprintf(h->body[h->n], sizeof h->body[0], "%s", body);
        const char *type = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Content-Type");
        snprintf(h->type[h->n], sizeof h->type[0], "%s", type ? type : "");
        h->n++;
        pthread_cond_broadcast(&h->more);
    }
    pthread_mutex_unlock(&h->lock);
    free(body);
    *con_cls = NULL;
    struct MHD_Response *r = MHD_create_response_from_buffer(0, "", MHD_RESPMEM_PERSISTENT);
    enum MHD_Result rc = MHD_queue_response(c, 204, r);
    MHD_destroy_response(r);
    return rc;
}

/* Waits (at most 10 s) until the receiver has heard n POSTs. */
static void hooks_wait(hooks_heard *h, int n)
{
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_sec += 10;
    pthread_mutex_lock(&h->lock);
    while (h->n < n && pthread_cond_timedwait(&h->more, &h->lock, &until) == 0)
        ;
    int heard = h->n;
    pthread_mutex_unlock(&h->lock);
    assert_int_equal(heard, n);
}

/* Is the pending decision side's in token's view? *seq its journal's length. */
static int pending_is(const server *sv, const char *token, const char *side, long long *seq)
{
    json_t *v = view(sv, token);
    *seq = num(v, "seq");
    int is = strcmp(str(json_object_get(v, "pending"), "side"), side) == 0;
    json_decref(v);
    return is;
}

/* R-WEB-16: webhooks. On a server started with --webhooks 127.0.0.1, each side's link sets its
 * own address (a spectator's cannot; an address that is not http(s), names another host, or is
 * not a string is refused and changes nothing); the receiver hears "webhook-set" at once, the
 * Austrian webhook "your-turn" once when the French end their turn's segments (not at each French
 * answer: the French webhook hears nothing more), with the Austrian prompt, and nothing else;
 * forgotten (null), nothing. A server started without --webhooks refuses to keep one (403). */
static void test_api__webhooks(void **state)
{
    (void)state;
    hooks_heard h = {.lock = PTHREAD_MUTEX_INITIALIZER, .more = PTHREAD_COND_INITIALIZER};
    struct MHD_Daemon *d = MHD_start_daemon(MHD_USE_INTERNAL_POLLING_THREAD, 0, NULL, NULL,
                                            on_hook, &h, MHD_OPTION_SOCK_ADDR, NULL,
                                            MHD_OPTION_END);
    assert_non_null(d);
    int port = MHD_get_daemon_info(d, MHD_DAEMON_INFO_BIND_PORT)->port;
    server T = {0};
    start(&T, LOOPBACK_ONE_CLIENT " --webhooks 127.0.0.1");
    json_t *g = call(&T, "POST", "/api/games", "{\"scenario\":\"demo\",\"mode\":\"two-players\"}",
                     201);
    const char *fr = link_token(g, "french"), *au = link_token(g, "austrian"),
               *sp = link_token(g, "spectator");
    char path[160], body[256];
    snprintf(path, sizeof path, "/api/g/%s/webhook", fr);
    json_t *w = call(&T, "GET", path, NULL, 200);
    assert_true(json_is_null(json_object_get(w, "url")));
    assert_true(json_is_true(json_object_get(w, "sends")));
    json_decref(w);
    static const char *const refused[] = {"{\"url\":\"ftp://127.0.0.1/x\"}",
                                          "{\"url\":\"http://192.0.2.1/x\"}",
                                          "{\"url\":\"http://127.0.0.1/a b\"}",
                                          "{\"url\":5}", "{\"url\":\"not an address\"}"};
    for (size_t i = 0; i < sizeof refused / sizeof *refused; i++)
        json_decref(post(&T, fr, "webhook", refused[i], 422));
    json_decref(post(&T, fr, "webhook", "{\"link\":\"x\"}", 400));
    json_decref(post(&T, sp, "webhook", "{\"url\":null}", 403));
    w = call(&T, "GET", path, NULL, 200);
    assert_true(json_is_null(json_object_get(w, "url")));
    json_decref(w);
    snprintf(body, sizeof body, "{\"url\":\"http://127.0.0.1:%d/french\"}", port);
    json_decref(post(&T, fr, "webhook", body, 200));
    hooks_wait(&h, 1);
    assert_string_equal(h.path[0], "/french");
    assert_string_equal(h.type[0], "application/json");
    json_t *m = json_loads(h.body[0], 0, NULL);
    assert_string_equal(str(m, "event"), "webhook-set");
    assert_string_equal(str(m, "side"), "french");
    json_decref(m);
    snprintf(body, sizeof body, "{\"url\":\"http://127.0.0.1:%d/austrian\"}", port);
    json_decref(post(&T, au, "webhook", body, 200));
    hooks_wait(&h, 2);
    w = call(&T, "GET", path, NULL, 200);
    snprintf(body, sizeof body, "http://127.0.0.1:%d/french", port);
    assert_string_equal(str(w, "url"), body);
    json_decref(w);
    /* the French answer until the decision is the Austrians': one POST, to them */
    long long seq;
    int french_answers = 0;
    for (; pending_is(&T, fr, "french", &seq); french_answers++)
        json_decref(decide(&T, fr, seq, "end", 200));
    assert_true(french_answers >= 2);
    hooks_wait(&h, 3);
    assert_string_equal(h.path[2], "/austrian");
    m = json_loads(h.body[2], 0, NULL);
    assert_string_equal(str(m, "event"), "your-turn");
    assert_string_equal(str(m, "side"), "austrian");
    assert_true(strlen(str(m, "prompt")) > 0);
    assert_int_equal(num(m, "game"), num(g, "game"));
    json_decref(m);
    /* forgotten: the Austrians answer and the French turn comes unheard */
    json_decref(post(&T, fr, "webhook", "{\"url\":null}", 200));
    while (pending_is(&T, au, "austrian", &seq))
        json_decref(decide(&T, au, seq, "end", 200));
    nanosleep(&(struct timespec){.tv_nsec = 300 * 1000 * 1000}, NULL);
    pthread_mutex_lock(&h.lock);
    assert_int_equal(h.n, 3);
    pthread_mutex_unlock(&h.lock);
    json_decref(g);
    stop(&T);
    /* without --webhooks: refused, and said so in GET */
    start(&T, LOOPBACK_ONE_CLIENT);
    g = call(&T, "POST", "/api/games", "{\"scenario\":\"demo\",\"mode\":\"two-players\"}", 201);
    snprintf(body, sizeof body, "{\"url\":\"http://127.0.0.1:%d/french\"}", port);
    json_decref(post(&T, link_token(g, "french"), "webhook", body, 403));
    snprintf(path, sizeof path, "/api/g/%s/webhook", link_token(g, "french"));
    w = call(&T, "GET", path, NULL, 200);
    assert_true(json_is_false(json_object_get(w, "sends")));
    json_decref(w);
    json_decref(g);
    stop(&T);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", T.dir);
    assert_int_equal(system(cmd), 0);
    MHD_stop_daemon(d);
}

#define MANY_STREAMS 64 /* more than the server's threads on 2 cores (8): an idle stream holds none */

/* MANY_STREAMS streams open on one game at once: reads are still answered while every stream is
 * still open (no stream holds a thread while it waits: were it otherwise, a view would wait for
 * streams to end), every stream gets the French decision
 * (id: 1), and the heartbeat 15 s after it (api.md), after which each client closes its stream. */
static void test_api__events_many_streams(void **state)
{
    (void)state;
    json_t *g = new_game("{\"scenario\":\"demo\",\"mode\":\"two-players\"}");
    const char *fr = link_token(g, "french"), *au = link_token(g, "austrian");
    static listener l[MANY_STREAMS];
    pthread_t t[MANY_STREAMS];
    for (int i = 0; i < MANY_STREAMS; i++) {
        l[i] = (listener){.sv = &S, .until = ": heartbeat\n", .timeout_s = 40,
                          .lock = PTHREAD_MUTEX_INITIALIZER};
        snprintf(l[i].path, sizeof l[i].path, "/api/g/%s/events", au);
        pthread_create(&t[i], NULL, listen_events, &l[i]);
    }
    for (int i = 0; i < MANY_STREAMS; i++)
        wait_for_s(&l[i], "id: 0\nevent: seq\ndata: {\"seq\":0}\n\n", 20);
    for (int i = 0; i < 20; i++) {
        json_t *v = view(&S, au);
        assert_int_equal(num(v, "seq"), 0);
        json_decref(v);
    }
    for (int i = 0; i < MANY_STREAMS; i++)
        if (ended(&l[i]))
            fail_msg("stream %d ended before the views were answered: %s", i, l[i].text);
    json_decref(decide(&S, fr, 0, "end", 200));
    for (int i = 0; i < MANY_STREAMS; i++)
        wait_for(&l[i], "id: 1\nevent: seq\ndata: {\"seq\":1}\n\n");
    for (int i = 0; i < MANY_STREAMS; i++) {
        pthread_join(t[i], NULL);
        const char *beat = strstr(l[i].text, ": heartbeat\n\n");
        if (!beat || beat < strstr(l[i].text, "id: 1\n"))
            fail_msg("stream %d: no heartbeat after the decision: %s", i, l[i].text);
    }
    json_decref(g);
}

/* A server stopped (SIGTERM) with MANY_STREAMS streams open ends them all itself (no client waits
 * for its own time limit) and exits (0); before that, streams the clients closed left nothing behind that holds the stop up. */
static void test_api__events_end_when_the_server_stops(void **state)
{
    (void)state;
    server T = {0};
    start(&T, LOOPBACK_ONE_CLIENT);
    const char *fr = token_of(&T, "french");
    static listener l[MANY_STREAMS], closed[MANY_STREAMS];
    pthread_t t[MANY_STREAMS];
    for (int i = 0; i < MANY_STREAMS; i++) {
        closed[i] = (listener){.sv = &T, .until = "id: 0\n", .lock = PTHREAD_MUTEX_INITIALIZER};
        snprintf(closed[i].path, sizeof closed[i].path, "/api/g/%s/events", fr);
        pthread_create(&t[i], NULL, listen_events, &closed[i]);
    }
    for (int i = 0; i < MANY_STREAMS; i++) {
        pthread_join(t[i], NULL);
        assert_non_null(strstr(closed[i].text, "id: 0\n"));
    }
    for (int i = 0; i < MANY_STREAMS; i++) {
        l[i] = (listener){.sv = &T, .until = "never said", .timeout_s = 60,
                          .lock = PTHREAD_MUTEX_INITIALIZER};
        snprintf(l[i].path, sizeof l[i].path, "/api/g/%s/events", fr);
        pthread_create(&t[i], NULL, listen_events, &l[i]);
    }
    for (int i = 0; i < MANY_STREAMS; i++)
        wait_for_s(&l[i], "id: 0\n", 20);
    stop(&T);
    for (int i = 0; i < MANY_STREAMS; i++) {
        pthread_join(t[i], NULL);
        if (l[i].rc == CURLE_OPERATION_TIMEDOUT)
            fail_msg("stream %d was not ended by the server's stop: %s", i, l[i].text);
    }
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", T.dir);
    assert_int_equal(system(cmd), 0);
}

#define KEPT_GAMES 64 /* the games the server keeps in memory while nobody holds them */

/* Every game in memory held by a live stream (KEPT_GAMES of them, the server's own game one
 * more), then another game: it is made (201) and served, the held games go on (a decision on the
 * first reaches its stream), and the server stops cleanly with them all open. (It used to write
 * past its table of 64 games and die.) */
static void test_api__games_all_held_then_one_more(void **state)
{
    (void)state;
    server T = {0};
    start(&T, LOOPBACK_ONE_CLIENT);
    static listener l[KEPT_GAMES];
    static char tokens[KEPT_GAMES][64];
    pthread_t t[KEPT_GAMES];
    for (int i = 0; i < KEPT_GAMES; i++) {
        json_t *g = call(&T, "POST", "/api/games", "{\"scenario\":\"demo\",\"mode\":\"hotseat\"}",
                         201);
        snprintf(tokens[i], sizeof tokens[i], "%s", link_token(g, "both"));
        json_decref(g);
        l[i] = (listener){.sv = &T, .until = i == 0 ? "id: 1\n" : "never said", .timeout_s = 60,
                          .lock = PTHREAD_MUTEX_INITIALIZER};
        snprintf(l[i].path, sizeof l[i].path, "/api/g/%s/events", tokens[i]);
        pthread_create(&t[i], NULL, listen_events, &l[i]);
        wait_for_s(&l[i], "id: 0\n", 20);
    }
    json_t *g = call(&T, "POST", "/api/games", "{\"scenario\":\"demo\",\"mode\":\"hotseat\"}", 201);
    json_t *v = view(&T, link_token(g, "both"));
    assert_int_equal(num(v, "seq"), 0);
    json_decref(v);
    json_decref(decide(&T, link_token(g, "both"), 0, "end", 200));
    json_decref(g);
    json_decref(decide(&T, tokens[0], 0, "end", 200));
    wait_for(&l[0], "id: 1\nevent: seq\ndata: {\"seq\":1}\n\n");
    v = view(&T, tokens[KEPT_GAMES - 1]);
    assert_int_equal(num(v, "seq"), 0);
    json_decref(v);
    stop(&T);
    for (int i = 0; i < KEPT_GAMES; i++)
        pthread_join(t[i], NULL);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", T.dir);
    assert_int_equal(system(cmd), 0);
}

/* With nothing but a stream open, the movement clock still runs out (R-WEB-2): the stream sends
 * the segment's end (id: 2, the clock's "end") with no request made. And the computer's answers
 * reach a stream: after the French end their Movement, the Austrian Defensive Fire and its roll
 * leave the journal 4 long (as in test_api__computer_player), and the stream says so. */
static void test_api__events_clock_and_computer(void **state)
{
    (void)state;
    json_t *g = new_game("{\"scenario\":\"demo\",\"mode\":\"hotseat\","
                         "\"movement_time_limit_s\":1}");
    const char *both = link_token(g, "both");
    listener l = {.sv = &S, .until = "id: 2\n", .lock = PTHREAD_MUTEX_INITIALIZER};
    snprintf(l.path, sizeof l.path, "/api/g/%s/events", both);
    pthread_t t;
    pthread_create(&t, NULL, listen_events, &l);
    wait_for(&l, "id: 0\n");
    json_decref(decide(&S, both, 0, "end", 200));
    wait_for(&l, "id: 2\nevent: seq\ndata: {\"seq\":2}\n\n");
    pthread_join(t, NULL);
    char path[128];
    snprintf(path, sizeof path, "/api/g/%s/traces?from=1", both);
    json_t *tr = call(&S, "GET", path, NULL, 200);
    json_t *first = json_array_get(json_object_get(tr, "traces"), 0);
    assert_string_equal(str(first, "by"), "clock");
    json_decref(tr);
    json_decref(g);
    g = new_game("{\"scenario\":\"demo\",\"computer\":\"austrian\",\"level\":\"quick\","
                 "\"seed\":1}");
    const char *fr = link_token(g, "french");
    listener c = {.sv = &S, .until = "id: 4\n", .lock = PTHREAD_MUTEX_INITIALIZER};
    snprintf(c.path, sizeof c.path, "/api/g/%s/events", fr);
    pthread_create(&t, NULL, listen_events, &c);
    wait_for(&c, "id: 0\n");
    json_decref(decide(&S, fr, 0, "end", 200));
    json_decref(decide(&S, fr, 1, "end", 200));
    wait_for(&c, "id: 4\nevent: seq\ndata: {\"seq\":4}\n\n");
    pthread_join(t, NULL);
    json_decref(g);
}

/* ---- previews -------------------------------------------------------------------------------- */

/* The command line's --json answer to args on the demo file. */
static json_t *cli_json(const char *args)
{
    char cmd[512];
    snprintf(cmd, sizeof cmd, "%s %s --json", program, args);
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    json_error_t e;
    json_t *j = json_loadf(p, 0, &e);
    pclose(p);
    if (!j)
        fail_msg("%s: %s", cmd, e.text);
    return j;
}

/* Each preview on the game at its start is the command line's --json on the scenario, to the
 * letter (a fire's kind is the one the game would make now, offensive in the French Charge
 * segment, unless the preview names one); a preview changes nothing (the journal stays empty). */
static void test_api__previews_are_the_cli_answers(void **state)
{
    (void)state;
    static const struct {
        const char *query, *cli;
    } cases[] = {
        {"los?from=fr-26le-1&to=1204", "los data/scenarios/demo.json fr-26le-1 1204"},
        {"visible?from=fr-26le-1", "visible data/scenarios/demo.json fr-26le-1"},
        {"fire?unit=fr-26le-1&target=0910", "fire data/scenarios/demo.json fr-26le-1 0910"},
        {"fire?unit=fr-26le-1&target=0910&with=fr-art-5-4",
         "fire data/scenarios/demo.json fr-26le-1 0910 --with fr-art-5-4"},
        {"fire?unit=fr-26le-1&target=0910&kind=defensive",
         "fire data/scenarios/demo.json fr-26le-1 0910 --kind defensive"},
        {"fire?unit=fr-art-5-4&target=0910", "fire data/scenarios/demo.json fr-art-5-4 0910"},
        {"move?unit=fr-26le-1", "move data/scenarios/demo.json fr-26le-1"},
        {"move?unit=fr-26le-1&path=0710,0610", "move data/scenarios/demo.json fr-26le-1 --path "
                                              "0710,0610"},
        {"retreat?unit=au-ir20-3&kind=rout", "retreat data/scenarios/demo.json au-ir20-3 --kind "
                                             "rout --auto"},
        {"charge?unit=fr-8chs&path=0802,0903,1003,1104", "charge data/scenarios/demo.json fr-8chs "
                                                         "--path 0802,0903,1003,1104 --auto --odds "
                                                         "--seed 1"},
        {"melee?attackers=fr-26le-1&target=au-ir4-1", "melee data/scenarios/demo.json fr-26le-1 "
                                                      "au-ir4-1"},
        {"melee?attackers=fr-26le-1,fr-ldr-legrand&target=0910",
         "melee data/scenarios/demo.json fr-26le-1 fr-ldr-legrand 0910"},
        {"charge?unit=fr-8chs&path=0802,0903,1003,1104&response=stand",
         "charge data/scenarios/demo.json fr-8chs --path 0802,0903,1003,1104 --response stand "
         "--auto --odds --seed 1"},
    };
    const char *fr = token_of(&S, "spectator");
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char path[256];
        snprintf(path, sizeof path, "/api/g/%s/preview/%s", fr, cases[i].query);
        json_t *api = call(&S, "GET", path, NULL, 200), *cli = cli_json(cases[i].cli);
        if (!json_equal(api, cli))
            fail_msg("preview %s differs from labataille %s", cases[i].query, cases[i].cli);
        json_decref(api);
        json_decref(cli);
    }
    json_t *v = view(&S, fr);
    assert_int_equal(num(v, "seq"), 0);
    json_decref(v);
}

/* The charge's odds: its outcomes add up to 1, exactly (3/4 + 1/6 + 1/12 for the carré roll of
 * au-ir20-3, R-CHG-25; it rolls while it is not the target and stays so: no contact after any
 * of them, R-CHG-4 as revised). */
static void test_api__charge_odds_add_up(void **state)
{
    (void)state;
    char path[256];
    snprintf(path, sizeof path, "/api/g/%s/preview/charge?unit=fr-8chs&path=0802,0903,1003,1104",
             token_of(&S, "french"));
    json_t *c = call(&S, "GET", path, NULL, 200);
    json_t *by = json_object_get(json_object_get(c, "odds"), "by_summary");
    assert_int_equal(json_object_size(by), 3);
    assert_string_equal(str(by, "carre[au-ir20-3]:CARRE no-contact"), "3/4");
    assert_string_equal(str(by, "carre[au-ir20-3]:PGD no-contact"), "1/6");
    assert_string_equal(str(by, "carre[au-ir20-3]:DD no-contact"), "1/12");
    assert_true(json_is_true(json_object_get(json_object_get(c, "odds"), "exact")));
    json_decref(c);
}

/* Previews refuse what they cannot answer with a 400 naming the parameter, an unknown kind with
 * a 404. */
static void test_api__preview_errors(void **state)
{
    (void)state;
    static const struct {
        const char *query;
        long status;
        const char *where;
    } cases[] = {
        {"los?from=fr-26le-1", 400, "to"},
        {"los?from=fr-26le-1&to=9999", 400, "to"},
        {"los?from=nobody&to=0101", 400, "from"},
        {"los?from=0101&to=0102&colour=red", 400, "colour"},
        {"fire?unit=0810&target=0910", 400, "unit"},
        {"fire?unit=fr-26le-1&target=au-ir4-1", 400, "target"},
        {"fire?unit=fr-26le-1&target=0910&with=nobody", 400, "with"},
        {"fire?unit=fr-26le-1&target=0910&kind=volley", 400, "kind"},
        {"move?unit=fr-26le-1&path=0710,,0610", 400, "path"},
        {"retreat?unit=fr-ldr-legrand&kind=rout", 400, "unit"},
        {"retreat?unit=fr-26le-1&kind=panic", 400, "kind"},
        {"charge?unit=fr-8chs&path=0802&response=flee", 400, "response"},
        {"charge?unit=fr-8chs&path=0802&target=nobody", 400, "target"},
        {"melee?attackers=fr-26le-1", 400, "target"},
        {"melee?attackers=fr-26le-1,nobody&target=0910", 400, "attackers"},
        {"melee?attackers=,&target=0910", 400, "attackers"},
        {"assault?attackers=fr-26le-1&target=0910", 404, NULL},
        {"", 404, NULL},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char path[256];
        snprintf(path, sizeof path, "/api/g/%s/preview/%s", token_of(&S, "french"),
                 cases[i].query);
        error_is(&S, "GET", path, NULL, cases[i].status,
                 cases[i].status == 404 ? "not-found" : "bad-query", cases[i].where);
    }
}

/* ---- limits, methods, the page --------------------------------------------------------------- */

static char *filled(size_t n, char c)
{
    char *s = malloc(n + 1);
    memset(s, c, n);
    s[n] = '\0';
    return s;
}

/* A target over 4096 bytes or a query over 2048 gets 414; a body over 1 MiB 413, a game's
 * over 4 MiB (2 MiB is read, and refused as JSON); a bad query 400; a method a route does not
 * take 405 with Allow; an unknown route 404. */
static void test_api__limits_and_methods(void **state)
{
    (void)state;
    char *a = filled(5000, 'a'), *path = malloc(6000);
    snprintf(path, 6000, "/%s", a);
    error_is(&S, "GET", path, NULL, 414, "uri-too-long", NULL);
    snprintf(path, 6000, "/api/scenarios?x=%.2100s", a);
    error_is(&S, "GET", path, NULL, 414, "uri-too-long", NULL);
    snprintf(path, 6000, "/api/scenarios?x=%.2000s", a);
    error_is(&S, "GET", path, NULL, 400, "bad-query", "x");
    free(a);
    free(path);
    char decide_path[128];
    snprintf(decide_path, sizeof decide_path, "/api/g/%s/decide", token_of(&S, "french"));
    char *big = filled((1u << 20) + 1, ' ');
    error_is(&S, "POST", decide_path, big, 413, "too-large", NULL);
    free(big);
    big = filled(2u << 20, ' ');
    error_is(&S, "POST", "/api/games", big, 400, "bad-json", "");
    free(big);
    big = filled((4u << 20) + 1, ' ');
    error_is(&S, "POST", "/api/games", big, 413, "too-large", NULL);
    free(big);
    error_is(&S, "GET", "/api/scenarios?a=%zz", NULL, 400, "bad-query", NULL);
    error_is(&S, "GET", "/api/scenarios?a=1&a=2", NULL, 400, "bad-query", NULL);
    reply r = http(&S, "GET", "/api/games", NULL);
    assert_int_equal(r.status, 405);
    assert_string_equal(r.allow, "POST");
    free(r.body);
    r = http(&S, "DELETE", "/api/scenarios", NULL);
    assert_int_equal(r.status, 405);
    assert_string_equal(r.allow, "GET, HEAD");
    free(r.body);
    snprintf(decide_path, sizeof decide_path, "/api/g/%s", token_of(&S, "french"));
    error_is(&S, "POST", decide_path, "{}", 405, "method-not-allowed", NULL);
    error_is(&S, "GET", "/api/nothing", NULL, 404, "not-found", NULL);
    snprintf(decide_path, sizeof decide_path, "/api/g/%s/nothing", token_of(&S, "french"));
    error_is(&S, "GET", decide_path, NULL, 404, "not-found", NULL);
}

/* text with its first `from` replaced by `to` (malloc'd); the test fails when from is not there. */
static char *replaced(const char *text, const char *from, const char *to)
{
    const char *at = strstr(text, from);
    assert_non_null(at);
    size_t n = strlen(text) - strlen(from) + strlen(to) + 1;
    char *out = malloc(n);
    snprintf(out, n, "%.*s%s%s", (int)(at - text), text, to, at + strlen(from));
    return out;
}

/* POST /api/scenario/check (R-WEB-12): the demo passes; a bad map character is located at its
 * line, column and hex; a file that loads but goes past a limit of the server is a problem too;
 * bad JSON, no body and binary are problems, never a crash; GET is refused, and so is a body past
 * the scenario body's size. */
static void test_api__scenario_check(void **state)
{
    (void)state;
    size_t len;
    const char *name, *demo = lb_data_demo(&len, &name);
    json_t *j = call(&S, "POST", "/api/scenario/check", demo, 200);
    assert_true(json_is_true(json_object_get(j, "ok")));
    assert_int_equal(json_array_size(json_object_get(j, "problems")), 0);
    json_decref(j);
    /* row 1 (line 13) is 6 spaces, the quote at column 7, then the row: its 6th character "Z" is
     * at column 7 + 6 = 13, the hex of column 6, row 1 */
    char *bad = replaced(demo, "\"........................\",", "\".....Z..................\",");
    j = call(&S, "POST", "/api/scenario/check", bad, 200);
    free(bad);
    assert_true(json_is_false(json_object_get(j, "ok")));
    json_t *p = json_array_get(json_object_get(j, "problems"), 0);
    assert_int_equal(json_array_size(json_object_get(j, "problems")), 1);
    assert_string_equal(str(p, "path"), "/map/terrain/0");
    assert_int_equal(num(p, "line"), 13);
    assert_int_equal(num(p, "col"), 13);
    assert_string_equal(str(p, "hex"), "0601");
    assert_non_null(strstr(str(p, "message"), "\"Z\""));
    json_decref(j);
    /* the first unit's morale out of range: located at the unit's first hex, 0810 */
    bad = replaced(demo, "\"morale\": \"34\"", "\"morale\": \"70\"");
    j = call(&S, "POST", "/api/scenario/check", bad, 200);
    free(bad);
    p = json_array_get(json_object_get(j, "problems"), 0);
    assert_string_equal(str(p, "path"), "/units/0/morale");
    assert_string_equal(str(p, "hex"), "0810");
    json_decref(j);
    /* 21 movement points load (0-999) but are over the server's 20: a problem at the value */
    bad = replaced(demo, "\"movement\": 6,", "\"movement\": 21,");
    j = call(&S, "POST", "/api/scenario/check", bad, 200);
    free(bad);
    assert_true(json_is_false(json_object_get(j, "ok")));
    assert_int_equal(json_array_size(json_object_get(j, "problems")), 1);
    p = json_array_get(json_object_get(j, "problems"), 0);
    assert_string_equal(str(p, "path"), "/units/0/movement");
    assert_non_null(strstr(str(p, "message"), "at most 20"));
    json_decref(j);
    static const struct {
        const char *body, *path;
        int line, col;
    } broken[] = {
        {"{\"format\":", "/format", 1, 10}, /* the end, after the last token, the ':' */
        {"", "/", 1, 1},
        {"\x01\xff\xfe", "/", 1, 1},
        {"[1,2]", "/", 1, 1},
        {"{\"format\":\"labataille-scenario/1\",\"format\":1}", "/", 1, 35},  /* the second key */
    };
    for (size_t i = 0; i < sizeof broken / sizeof *broken; i++) {
        j = call(&S, "POST", "/api/scenario/check", broken[i].body, 200);
        assert_true(json_is_false(json_object_get(j, "ok")));
        p = json_array_get(json_object_get(j, "problems"), 0);
        assert_string_equal(str(p, "path"), broken[i].path);
        assert_int_equal(num(p, "line"), broken[i].line);
        assert_int_equal(num(p, "col"), broken[i].col);
        assert_null(json_object_get(p, "hex"));
        json_decref(j);
    }
    error_is(&S, "GET", "/api/scenario/check", NULL, 405, "method-not-allowed", NULL);
    error_is(&S, "POST", "/api/scenario/check?strict=0", demo, 400, "bad-query", "strict");
    char *big = filled((4u << 20) + 1, ' ');
    error_is(&S, "POST", "/api/scenario/check", big, 413, "too-large", NULL);
    free(big);
}

/* GET /api/charts: the editor's choices from each game module, as data/games has them; GET
 * /api/scenarios/ID: the text of one offered. */
static void test_api__charts(void **state)
{
    (void)state;
    json_t *list = call(&S, "GET", "/api/charts", NULL, 200);
    json_t *dw = NULL, *c;
    size_t i;
    json_array_foreach(list, i, c)
        if (strcmp(str(c, "id"), "deutsch-wagram-1809") == 0)
            dw = c;
    assert_non_null(dw);
    assert_string_equal(str(dw, "title"), "La Bataille de Deutsch-Wagram 1809");
    json_t *woods = json_array_get(json_object_get(dw, "terrain"), 3);
    assert_string_equal(str(woods, "id"), "woods");
    assert_true(json_is_null(json_object_get(json_object_get(woods, "move"), "artillery")));
    assert_string_equal(str(json_array_get(json_object_get(dw, "hexsides"), 0), "id"), "stream");
    json_t *legere = json_object_get(json_object_get(json_object_get(json_object_get(
        dw, "nations"), "french"), "classes"), "legere");
    assert_string_equal(str(legere, "arm"), "infantry");
    json_decref(list);
    /* a scenario offered, as its text: the demo, which the editor may start from */
    size_t len;
    const char *name, *demo = lb_data_demo(&len, &name);
    reply r = http(&S, "GET", "/api/scenarios/demo", NULL);
    assert_int_equal(r.status, 200);
    assert_int_equal(r.len, len);
    assert_memory_equal(r.body, demo, len);
    free(r.body);
    error_is(&S, "GET", "/api/scenarios/austerlitz", NULL, 404, "not-found", NULL);
}

/* The page: / and /g/TOKEN are HTML, /web/ files by their type; nothing outside web/. */
static void test_api__page_files(void **state)
{
    (void)state;
    static const struct {
        const char *path;
        long status;
        const char *type;
    } cases[] = {
        {"/", 200, "text/html; charset=utf-8"},
        {"/g/anything", 200, "text/html; charset=utf-8"},
        {"/web/game.js", 200, "text/javascript; charset=utf-8"},
        {"/web/style.css", 200, "text/css; charset=utf-8"},
        {"/web/nothing.js", 404, "application/json; charset=utf-8"},
        {"/web/../CMakeLists.txt", 404, "application/json; charset=utf-8"},
        {"/web/.hidden.js", 404, "application/json; charset=utf-8"},
        {"/web/sub/game.js", 404, "application/json; charset=utf-8"},
        {"/g/a/b", 404, "application/json; charset=utf-8"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        reply r = http(&S, "GET", cases[i].path, NULL);
        if (r.status != cases[i].status)
            fail_msg("%s: %ld", cases[i].path, r.status);
        assert_string_equal(r.type, cases[i].type);
        if (r.status == 200 && strstr(r.type, "html"))
            assert_non_null(strstr(r.body, "<!DOCTYPE html>"));
        free(r.body);
    }
    reply r = http(&S, "HEAD", "/web/game.js", NULL);
    assert_int_equal(r.status, 200);
    assert_int_equal(r.len, 0);
    free(r.body);
}

/* ---- limits, quotas and caps (api.md, Limits) ------------------------------------------------ */

/* A posted game of an open field cols x rows: `units` French hussars of movement mp spread two
 * hexes apart, an Austrian one in the far corner, the French about to play segment; extra
 * members of the scenario as JSON text after them (or ""). The body, malloc'd. */
static char *open_field(int cols, int rows, int units, int mp, const char *segment,
                        const char *extra)
{
    json_t *terrain = json_array(), *list = json_array();
    char *row = filled((size_t)cols, '.'), label[16];
    for (int r = 0; r < rows; r++)
        json_array_append_new(terrain, json_string(row));
    free(row);
    int wide = cols > 99 || rows > 99 ? 3 : 2, per_row = cols / 4 > 0 ? cols / 4 : 1;
    for (int i = 0; i <= units; i++) {
        int c = i < units ? 1 + 2 * (i % per_row) : cols, r = i < units ? 1 + 2 * (i / per_row)
                                                                         : rows;
        char id[16];
        snprintf(label, sizeof label, "%0*d%0*d", wide, c, wide, r);
        snprintf(id, sizeof id, i < units ? "fr-h%d" : "au-h", i);
        json_array_append_new(list, json_pack("{s:s,s:s,s:s,s:s,s:s,s:i,s:i,s:i,s:i,s:s,s:s,s:s,"
                                              "s:[s],s:i}", "id", id, "side",
                                              i < units ? "french" : "austrian", "arm", "cavalry",
                                              "nation", i < units ? "french" : "austrian",
                                              "class", "hussar", "increments", 8, "fire", 0,
                                              "melee", 16, "movement", mp, "morale", "33",
                                              "formation", "column", "state", "good", "hexes",
                                              label, "facing", 2));
    }
    json_t *sc = json_pack("{s:s,s:s,s:s,s:s,s:[ss],s:{s:s,s:s,s:s},s:{s:i,s:i,s:o,s:{s:s}},"
                           "s:o}", "format", "labataille-scenario/1", "title", "open field",
                           "game", "deutsch-wagram-1809", "rules", "premier-2018", "sides",
                           "french", "austrian", "turn", "time", "13:00", "phasing", "french",
                           "segment", segment, "map", "columns", cols, "rows", rows, "terrain",
                           terrain, "legend", ".", "clear", "units", list);
    char *text = json_dumps(sc, JSON_COMPACT);
    json_decref(sc);
    size_t n = strlen(text) + strlen(extra) + 64;
    char *body = malloc(n);
    text[strlen(text) - 1] = '\0';
    snprintf(body, n, "{\"mode\":\"hotseat\",\"scenario\":%s%s%s}}", text, *extra ? "," : "",
             extra);
    free(text);
    return body;
}

/* An error answer past a limit: the status, code and path, and the limit's name and most. */
static void over_limit_is(const server *sv, const char *path, const char *body, long status,
                          const char *code, const char *where, const char *limit, long long max)
{
    json_t *j = call(sv, "POST", path, body, status);
    json_t *e = json_object_get(j, "error");
    assert_string_equal(str(e, "code"), code);
    if (where)
        assert_string_equal(str(e, "path"), where);
    assert_string_equal(str(json_object_get(e, "limit"), "name"), limit);
    assert_int_equal(num(json_object_get(e, "limit"), "max"), max);
    json_decref(j);
}

/* A posted scenario past the server's limits (the defaults: 128 columns or rows, 4,096 hexes,
 * 200 units, 20 movement points, 512 KiB kept, 100,000 options, R-WEB-6, R-WEB-21) is refused before it is
 * loaded, with the path and the limit; its unknown keys are refused (400, each at its path); an
 * import is held to the same and to 10,000 journal entries. A field within them is made, and the
 * answer that would open a Movement segment of more than 100,000 moves is refused (422
 * over-limit, R-WEB-6): nothing changed. (A 999 x 999 map took 35 s and 1.2 GB to make.) */
static void test_api__posted_scenario_limits(void **state)
{
    (void)state;
    static const struct {
        int cols, rows, units, mp;
        const char *extra, *where, *limit;
        long long max;
    } cases[] = {
        {999, 999, 1, 14, "", "/scenario/map/columns", "map-side", 128},
        {40, 200, 1, 14, "", "/scenario/map/rows", "map-side", 128},
        {100, 100, 1, 14, "", "/scenario/map", "map-hexes", 4096},
        {64, 64, 201, 14, "", "/scenario/units", "units", 200},
        {20, 20, 3, 21, "", "/scenario/units/0/movement", "movement", 20},
        {20, 20, 3, 14, "\"charts\":{\"movement\":{\"leader_allowance\":99}}",
         "/scenario/charts/movement/leader_allowance", "movement", 20},
        {64, 64, 199, 20, "", "/scenario", "options", 100000},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char *body = open_field(cases[i].cols, cases[i].rows, cases[i].units, cases[i].mp,
                                "movement", cases[i].extra);
        over_limit_is(&S, "/api/games", body, 422, "over-limit", cases[i].where, cases[i].limit,
                      cases[i].max);
        free(body);
    }
    char *big = filled(600 << 10, 'x'), *extra = malloc((600 << 10) + 32);
    snprintf(extra, (600 << 10) + 32, "\"junk\":\"%s\"", big);
    char *body = open_field(10, 10, 2, 14, "movement", extra);
    over_limit_is(&S, "/api/games", body, 413, "too-large", "/scenario", "scenario-bytes",
                  512 << 10);
    free(body);
    body = open_field(10, 10, 2, 14, "movement", "\"junk\":\"xyz\",\"notes\":[1,2]");
    json_t *j = call(&S, "POST", "/api/games", body, 400);
    json_t *e = json_object_get(j, "error");
    assert_string_equal(str(e, "code"), "invalid-scenario");
    assert_string_equal(str(e, "path"), "/junk");
    assert_string_equal(str(json_array_get(json_object_get(e, "errors"), 1), "path"), "/notes/0");
    json_decref(j);
    free(body);
    free(big);
    free(extra);
    /* an import: its scenario and its journal */
    body = open_field(300, 10, 1, 14, "movement", "");
    char *scenario = strstr(body, "\"scenario\":") + 11;
    body[strlen(body) - 1] = '\0';
    char *export = malloc(strlen(scenario) + 256);
    sprintf(export, "{\"import\":{\"format\":\"labataille-game/1\",\"scenario_name\":\"x\","
                    "\"scenario\":%s,\"settings\":{},\"journal\":{},\"hash\":\"0\"}}", scenario);
    over_limit_is(&S, "/api/games", export, 422, "over-limit", "/import/scenario/map/columns",
                  "map-side", 128);
    free(export);
    free(body);
    char *zeros = malloc(10001 * 2 + 1);
    for (int i = 0; i < 10001; i++)
        memcpy(zeros + 2 * i, i ? ",0" : "00", 2);
    zeros[10001 * 2] = '\0';
    zeros[0] = ' ';
    char *journal = malloc(strlen(zeros) + 512);
    sprintf(journal, "{\"import\":{\"format\":\"labataille-game/1\",\"scenario_name\":\"x\","
                     "\"scenario\":{},\"settings\":{},\"journal\":{\"entries\":[%s]},"
                     "\"hash\":\"0\"}}", zeros);
    over_limit_is(&S, "/api/games", journal, 422, "over-limit", "/import/journal/entries",
                  "journal", 10000);
    free(journal);
    free(zeros);
    /* within the limits: made; its Charge segment's end would open 199 x 20 MP of moves */
    body = open_field(64, 64, 199, 20, "charge", "");
    json_t *g = call(&S, "POST", "/api/games", body, 201);
    free(body);
    const char *both = link_token(g, "both");
    json_t *before = view(&S, both);
    j = decide(&S, both, 0, "end", 422);
    e = json_object_get(j, "error");
    assert_string_equal(str(e, "code"), "over-limit");
    assert_string_equal(str(e, "rule"), "R-WEB-6");
    assert_string_equal(str(json_object_get(e, "limit"), "name"), "options");
    json_decref(j);
    json_t *after = view(&S, both);
    assert_int_equal(num(after, "seq"), 0);
    assert_string_equal(str(after, "hash"), str(before, "hash"));
    json_decref(after);
    json_decref(before);
    json_decref(g);
}

/* The port of a server's base address. */
static int port_of(const server *sv)
{
    return atoi(strrchr(sv->base, ':') + 1);
}

/* A connection to sv from the loopback address from (NULL: 127.0.0.1) that sends text (NULL:
 * nothing) and no more: its socket. */
static int raw_open(const server *sv, const char *from, const char *text)
{
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    assert_true(fd >= 0);
    struct sockaddr_in a = {.sin_family = AF_INET};
    if (from) {
        inet_pton(AF_INET, from, &a.sin_addr);
        assert_int_equal(bind(fd, (struct sockaddr *)&a, sizeof a), 0);
    }
    a.sin_port = htons((uint16_t)port_of(sv));
    inet_pton(AF_INET, "127.0.0.1", &a.sin_addr);
    assert_int_equal(connect(fd, (struct sockaddr *)&a, sizeof a), 0);
    if (text)
        assert_int_equal(write(fd, text, strlen(text)), (ssize_t)strlen(text));
    return fd;
}

/* Is the server's side of fd closed within seconds (0: now; what it sent before read and
 * dropped)? */
static int raw_closed_within(int fd, int seconds)
{
    char buf[4096];
    for (int waited = 0; waited == 0 || waited < seconds * 10; waited++) {
        struct pollfd p = {.fd = fd, .events = POLLIN};
        if (poll(&p, 1, 100) == 1) {
            ssize_t n = read(fd, buf, sizeof buf);
            if (n <= 0)
                return 1;
        }
    }
    return 0;
}

/* Which of the n connections fds the server closes first within about seconds: its index, or
 * -1 when none is closed. */
static int raw_first_closed_within(const int *fds, int n, int seconds)
{
    char buf[4096];
    struct pollfd p[16];
    for (int waited = 0; waited == 0 || waited < seconds * 10; waited++) {
        for (int i = 0; i < n && i < 16; i++)
            p[i] = (struct pollfd){.fd = fds[i], .events = POLLIN};
        if (poll(p, (nfds_t)(n < 16 ? n : 16), 100) > 0)
            for (int i = 0; i < n && i < 16; i++)
                if ((p[i].revents & (POLLIN | POLLHUP | POLLERR)) && read(fds[i], buf, sizeof buf) <= 0)
                    return i;
    }
    return -1;
}

/* Quotas of new games (api.md): with 3 games an hour in all (the one serve makes counts) and 2
 * from one address, the third game from 127.0.0.1 is a 429 "quota" naming address-games, with a
 * Retry-After, and one from 127.0.0.2 is made; the next from anyone a 429 naming games. A game
 * refused for what it is counts nothing. */
static void test_api__quotas(void **state)
{
    (void)state;
    server T = {0};
    start(&T, "--limit games=4,address-games=2");
    const char *demo = "{\"scenario\":\"demo\",\"mode\":\"hotseat\"}";
    json_decref(call(&T, "POST", "/api/games", "{\"scenario\":\"nothing\"}", 400));
    json_decref(call(&T, "POST", "/api/games", demo, 201));
    json_decref(call(&T, "POST", "/api/games", demo, 201));
    static const struct {
        const char *from, *limit;
        long status;
    } cases[] = {
        {NULL, "address-games", 429},
        {"127.0.0.2", NULL, 201},
        {"127.0.0.3", "games", 429},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        reply r = http_from(&T, cases[i].from, "POST", "/api/games", demo, -1, NULL);
        if (r.status != cases[i].status)
            fail_msg("game %zu: %ld: %s", i, r.status, r.body);
        if (cases[i].limit) {
            int wait = atoi(r.retry_after);
            assert_true(wait > 0 && wait <= 3600);
            json_t *j = json_of(&r);
            json_t *e = json_object_get(j, "error");
            assert_string_equal(str(e, "code"), "quota");
            assert_string_equal(str(json_object_get(e, "limit"), "name"), cases[i].limit);
            json_decref(j);
        } else {
            free(r.body);
        }
    }
    stop(&T);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", T.dir);
    assert_int_equal(system(cmd), 0);
}

/* Caps on live updates streams: with 3 in all and 2 from one address, the third from 127.0.0.1 is
 * a 429 "too-many-streams", and the game it named is let go; from 127.0.0.2 it is taken; a
 * fourth from anyone is a 503 "busy", each with a Retry-After of 15 s. Once a stream's client has
 * gone (found at its next heartbeat, within 15 s) another is taken. */
static void test_api__streams_capped(void **state)
{
    (void)state;
    server T = {0};
    start(&T, "--limit streams=3,address-streams=2");
    char path[128];
    snprintf(path, sizeof path, "/api/g/%s/events", token_of(&T, "spectator"));
    static const char *const from[] = {NULL, NULL, "127.0.0.2"};
    static listener l[3];
    pthread_t t[3];
    for (int i = 0; i < 3; i++) {
        l[i] = (listener){.sv = &T, .from = from[i], .until = i ? "never said" : "id: 1\n",
                          .timeout_s = 60, .lock = PTHREAD_MUTEX_INITIALIZER};
        snprintf(l[i].path, sizeof l[i].path, "%s", path);
        pthread_create(&t[i], NULL, listen_events, &l[i]);
        wait_for_s(&l[i], "id: 0\n", 20);
        if (i == 1) { /* a third from 127.0.0.1 */
            reply r = http_from(&T, NULL, "GET", path, NULL, -1, NULL);
            assert_int_equal(r.status, 429);
            assert_string_equal(r.retry_after, "15");
            json_t *j = json_of(&r);
            assert_string_equal(str(json_object_get(j, "error"), "code"), "too-many-streams");
            json_decref(j);
        }
    }
    reply r = http_from(&T, "127.0.0.4", "GET", path, NULL, -1, NULL);
    assert_int_equal(r.status, 503);
    assert_string_equal(r.retry_after, "15");
    json_t *j = json_of(&r);
    assert_string_equal(str(json_object_get(j, "error"), "code"), "busy");
    json_decref(j);
    /* the first stream ends once the French answer: a new one is taken */
    json_decref(decide(&T, token_of(&T, "french"), 0, "end", 200));
    pthread_join(t[0], NULL);
    listener again = {.sv = &T, .from = "127.0.0.4", .until = "id: 1\n",
                      .lock = PTHREAD_MUTEX_INITIALIZER};
    snprintf(again.path, sizeof again.path, "%s", path);
    for (int tries = 0; tries < 300 && !strstr(again.text, "id: 1\n"); tries++) {
        /* an ended stream waits suspended: its connection is found closed and let go at its
         * next heartbeat, 15 s at most */
        again.len = 0;
        again.text[0] = '\0';
        listen_events(&again);
        if (!strstr(again.text, "id: 1\n"))
            nanosleep(&(struct timespec){0, 50000000}, NULL);
    }
    if (!strstr(again.text, "id: 1\nevent: seq\ndata: {\"seq\":1}\n\n"))
        fail_msg("no stream after the first ended: %s", again.text);
    stop(&T);
    for (int i = 1; i < 3; i++)
        pthread_join(t[i], NULL);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", T.dir);
    assert_int_equal(system(cmd), 0);
}

/* Slow clients are cut off, and reads served (api.md, Limits): with 2 s for a request, a client
 * sending its headers a byte at a time is closed (well within 15 s) without an answer; with 8
 * other connections at most, 8 idle ones and then a read: the read is answered and the connection
 * that waited longest is closed; with 4 connections an address, a fifth from 127.0.0.1 is closed
 * at once and one from 127.0.0.2 answered. A body sent in chunks past 1 MiB is a 413. */
static void test_api__slow_clients_cut_off(void **state)
{
    (void)state;
    server T = {0};
    start(&T, "--limit request-seconds=2,requests=8,address-connections=9");
    int slow = raw_open(&T, NULL, "GET /api/scenarios HTTP/1.1\r\nHost: x\r\n");
    int closed = 0;
    for (int i = 0; i < 150 && !closed; i++) {
        closed = raw_closed_within(slow, 0) || send(slow, "X", 1, MSG_NOSIGNAL) != 1;
        nanosleep(&(struct timespec){0, 100000000}, NULL);
    }
    assert_true(closed);
    close(slow);
    stop(&T);
    start(&T, "--limit request-seconds=60,requests=8,address-connections=100");
    int idle[8];
    for (int i = 0; i < 8; i++) {
        idle[i] = raw_open(&T, NULL, i % 2 ? "GET / HTTP/1.1\r\n" : NULL);
        nanosleep(&(struct timespec){0, 20000000}, NULL);
    }
    json_decref(call(&T, "GET", "/api/scenarios", NULL, 200));
    /* the ninth request cuts one of the eight waiting: the first opened, unless the server's
     * threads took them in another order under load; never more than one */
    int gone = raw_first_closed_within(idle, 8, 15);
    assert_true(gone >= 0);
    for (int i = 0; i < 8; i++)
        if (i != gone)
            assert_false(raw_closed_within(idle[i], 0));
    for (int i = 0; i < 8; i++)
        close(idle[i]);
    stop(&T);
    start(&T, "--limit address-connections=4");
    int held[4];
    for (int i = 0; i < 4; i++)
        held[i] = raw_open(&T, NULL, NULL);
    int fifth = raw_open(&T, NULL, "GET /api/scenarios HTTP/1.0\r\n\r\n");
    assert_true(raw_closed_within(fifth, 15));
    close(fifth);
    reply r = http_from(&T, "127.0.0.2", "GET", "/api/scenarios", NULL, -1, NULL);
    assert_int_equal(r.status, 200);
    free(r.body);
    for (int i = 0; i < 4; i++)
        close(held[i]);
    char decide_path[128];
    snprintf(decide_path, sizeof decide_path, "/api/g/%s/decide", token_of(&T, "french"));
    char *big = filled((1u << 20) + 1, ' ');
    const char *chunked[] = {"Transfer-Encoding: chunked", NULL};
    /* from another address: the server may not have seen the four held ones close yet */
    r = http_from(&T, "127.0.0.3", "POST", decide_path, big, (long)(1u << 20) + 1, chunked);
    assert_int_equal(r.status, 413);
    free(r.body);
    free(big);
    stop(&T);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", T.dir);
    assert_int_equal(system(cmd), 0);
}

/* ---- gzip ------------------------------------------------------------------------------------ */

/* The inflated bytes of a gzip body (asserted to be one whole gzip member); *len bytes, with a
 * NUL after them. */
static char *gunzip(const reply *r, size_t *len)
{
    assert_true(r->len > 18);
    assert_int_equal((unsigned char)r->body[0], 0x1f); /* RFC 1952's magic, deflate */
    assert_int_equal((unsigned char)r->body[1], 0x8b);
    assert_int_equal((unsigned char)r->body[2], 8);
    z_stream z = {0};
    assert_int_equal(inflateInit2(&z, 15 + 16), Z_OK);
    size_t cap = 1u << 20;
    unsigned char *out = malloc(cap + 1);
    z.next_in = (unsigned char *)r->body;
    z.avail_in = (uInt)r->len;
    z.next_out = out;
    z.avail_out = (uInt)cap;
    assert_int_equal(inflate(&z, Z_FINISH), Z_STREAM_END);
    assert_int_equal(z.avail_in, 0); /* nothing after the member */
    *len = z.total_out;
    out[*len] = '\0';
    inflateEnd(&z);
    return (char *)out;
}

/* GET path with one Accept-Encoding header (NULL: none); the reply, asserted a 200 of JSON. */
static reply get_accepting(const char *path, const char *accept)
{
    char line[160];
    snprintf(line, sizeof line, "Accept-Encoding: %s", accept ? accept : "");
    /* curl sends "Name;" as the header with an empty value */
    if (accept && !*accept)
        snprintf(line, sizeof line, "Accept-Encoding;");
    const char *headers[] = {line, NULL};
    reply r = http_h(&S, "GET", path, NULL, -1, accept ? headers : NULL);
    assert_int_equal(r.status, 200);
    assert_string_equal(r.type, "application/json; charset=utf-8");
    return r;
}

/* The view to a client that takes gzip is gzip whose inflated bytes are the plain view's, byte
 * for byte (47,630 bytes of the demo's view to about 6,900: under a quarter); both vary with
 * Accept-Encoding. */
static void test_api__view_gzip_inflates_to_plain(void **state)
{
    (void)state;
    char path[128];
    snprintf(path, sizeof path, "/api/g/%s", token_of(&S, "austrian"));
    reply plain = get_accepting(path, NULL);
    assert_string_equal(plain.encoding, "");
    assert_string_equal(plain.vary, "Accept-Encoding");
    assert_true(plain.len > 40000);
    /* twice: the first makes the kept gzip, the second is sent from it */
    for (int i = 0; i < 2; i++) {
        reply gz = get_accepting(path, "gzip");
        assert_string_equal(gz.encoding, "gzip");
        assert_string_equal(gz.vary, "Accept-Encoding");
        assert_true(gz.len < plain.len / 4);
        size_t n;
        char *inflated = gunzip(&gz, &n);
        assert_int_equal(n, plain.len);
        assert_memory_equal(inflated, plain.body, n);
        free(inflated);
        free(gz.body);
    }
    free(plain.body);
}

/* Accept-Encoding as RFC 9110 12.5.3 reads it: q=0 refuses, a coding named is answered by its
 * own weight and "*" stands for the others; names and "q" in any case; x-gzip is gzip; a
 * malformed weight (over 1, four decimals) refuses; no header or an empty one is the plain
 * view. */
static void test_api__view_gzip_accept_encoding(void **state)
{
    (void)state;
    static const struct {
        const char *accept; /* NULL: no header */
        int gzip;
    } cases[] = {
        {NULL, 0},
        {"", 0},
        {"gzip", 1},
        {"gzip, deflate, br, zstd", 1}, /* chromium's */
        {"GZip;Q=0.5", 1},
        {"x-gzip", 1},
        {"deflate , *", 1},
        {"*;q=0.001", 1},
        {"*;q=0, gzip;q=0.1", 1},
        {"gzip;q=1.000", 1},
        {"gzip;q=0", 0},
        {"gzip;q=0.000", 0},
        {"gzip ; q=0 , deflate", 0},
        {"gzip;q=0, *", 0},
        {"identity", 0},
        {"deflate, br", 0},
        {"*;q=0", 0},
        {"gzip;q=1.5", 0},
        {"gzip;q=0.0001", 0},
        {"gzip;q=", 0},
        {"gzip deflate", 0},
    };
    char path[128];
    snprintf(path, sizeof path, "/api/g/%s", token_of(&S, "spectator"));
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        reply r = get_accepting(path, cases[i].accept);
        if (strcmp(r.encoding, cases[i].gzip ? "gzip" : "") != 0)
            fail_msg("Accept-Encoding \"%s\": Content-Encoding \"%s\"",
                     cases[i].accept ? cases[i].accept : "(none)", r.encoding);
        assert_string_equal(r.vary, "Accept-Encoding");
        assert_int_equal((unsigned char)r.body[0], cases[i].gzip ? 0x1f : '{');
        free(r.body);
    }
    /* a list may come in several headers: "br" then "gzip" take gzip */
    const char *two[] = {"Accept-Encoding: br", "Accept-Encoding: gzip", NULL};
    reply r = http_h(&S, "GET", path, NULL, -1, two);
    assert_int_equal(r.status, 200);
    assert_string_equal(r.encoding, "gzip");
    free(r.body);
}

/* An accepted decision answers the new view gzip-compressed too, and the next read's gzip is of
 * the new view, not the one kept before (seq 0 -> 1); other answers (the journal) stay plain. */
static void test_api__view_gzip_follows_the_journal(void **state)
{
    (void)state;
    json_t *g = new_game("{\"scenario\":\"demo\",\"mode\":\"hotseat\",\"seed\":5}");
    const char *both = link_token(g, "both");
    char path[128], decide_path[160];
    snprintf(path, sizeof path, "/api/g/%s", both);
    snprintf(decide_path, sizeof decide_path, "/api/g/%s/decide", both);
    size_t n;
    reply r = get_accepting(path, "gzip");
    char *text = gunzip(&r, &n);
    json_t *v = json_loads(text, 0, NULL);
    assert_int_equal(num(v, "seq"), 0);
    json_decref(v);
    free(text);
    free(r.body);
    const char *headers[] = {"Accept-Encoding: gzip", NULL};
    r = http_h(&S, "POST", decide_path, "{\"seq\":0,\"key\":\"end\"}", -1, headers);
    assert_int_equal(r.status, 200);
    assert_string_equal(r.encoding, "gzip");
    assert_string_equal(r.vary, "Accept-Encoding");
    text = gunzip(&r, &n);
    json_t *answered = json_loads(text, 0, NULL);
    assert_int_equal(num(answered, "seq"), 1);
    free(text);
    free(r.body);
    r = get_accepting(path, "gzip");
    text = gunzip(&r, &n);
    v = json_loads(text, 0, NULL);
    assert_int_equal(num(v, "seq"), 1);
    assert_true(json_equal(v, answered));
    reply plain = get_accepting(path, NULL);
    assert_int_equal(plain.len, n);
    assert_memory_equal(plain.body, text, n);
    free(plain.body);
    json_decref(v);
    json_decref(answered);
    free(text);
    free(r.body);
    char journal[192];
    snprintf(journal, sizeof journal, "%s/journal", path);
    r = get_accepting(journal, "gzip");
    assert_string_equal(r.encoding, "");
    assert_string_equal(r.vary, "");
    json_t *j = json_of(&r);
    assert_int_equal(num(j, "seq"), 1);
    json_decref(j);
    json_decref(g);
}

/* ---- the random player, the movement clock, persistence -------------------------------------- */

/* Against the random player (R-WEB-3): no link for its side; while the French end their
 * segments (pass on opportunity fire, leave their retreats' ends to the automatic choice) it
 * answers every Austrian decision, so each decision the French see is theirs. */
static void test_api__random_player(void **state)
{
    (void)state;
    json_t *g = new_game("{\"scenario\":\"demo\",\"mode\":\"two-players\",\"ai\":\"austrian\","
                         "\"seed\":5}");
    json_t *links = json_object_get(g, "links");
    assert_null(json_object_get(links, "austrian"));
    const char *fr = link_token(g, "french");
    json_t *v = view(&S, fr);
    assert_string_equal(str(v, "ai"), "austrian");
    for (int i = 0; i < 12 && !json_is_null(json_object_get(v, "pending")); i++) {
        json_t *p = json_object_get(v, "pending");
        assert_string_equal(str(p, "side"), "french");
        const char *kind = str(p, "kind");
        /* any other question (a carré to attempt, a charge's answer, a retreat end): "auto"
         * when offered, else its first option */
        json_t *options = json_object_get(p, "options");
        const char *key = str(json_array_get(options, 0), "key");
        for (size_t k = 0; k < json_array_size(options); k++)
            if (strcmp(str(json_array_get(options, k), "key"), "auto") == 0)
                key = "auto";
        key = strcmp(kind, "opportunity") == 0 ? "pass" : strcmp(kind, "action") == 0 ? "end" : key;
        long long seq = num(v, "seq");
        char chosen[64];
        snprintf(chosen, sizeof chosen, "%s", key);
        json_decref(v);
        v = decide(&S, fr, seq, chosen, 200);
    }
    char path[128];
    snprintf(path, sizeof path, "/api/g/%s/traces", fr);
    json_t *t = call(&S, "GET", path, NULL, 200);
    int random = 0;
    size_t i;
    json_t *one;
    json_array_foreach(json_object_get(t, "traces"), i, one) {
        if (strcmp(str(one, "by"), "random") == 0) {
            random++;
            assert_string_equal(str(one, "role"), "austrian");
        }
    }
    assert_true(random > 0);
    json_decref(t);
    json_decref(v);
    json_decref(g);
}

/* Against the computer (R-WEB-5, R-AI-1), the demo with seed 1 and the computer's quick level
 * playing the Austrians: no link for its side; the view says who plays it. The French end their
 * Charge and Movement segments (journal 0 and 1); the Austrian Defensive Fire is the computer's,
 * answered by the server before the French's answer returns. As worked in the case
 * game-R-AI-1-computer-answers: au-ir4-1 (line in 0910+0911) at 0810 fires 4 + 4 increments x 3
 * = 24 against fr-26le-1's fire defence 9 (line in clear), the 2.5:1 column: no loss on 11/36
 * rolls, 1 on 22/36, 2 on 3/36 (7/9 = 0.8 expected); a check on an even loss (1/12), failed on
 * 14 of 36 rolls (morale 34, Legrand +2): disordered with chance 1/12 x 7/18 = 7/216. So the
 * computer fires at 0810 (journal 2, a player's answer of side 1, its roll journal 3), and the
 * French Offensive Fire is pending. Its reason is the first step of that answer's trace, by
 * "computer". The create errors: a level without a computer, an unknown level, both players. */
static void test_api__computer_player(void **state)
{
    (void)state;
    error_is(&S, "POST", "/api/games", "{\"scenario\":\"demo\",\"level\":\"quick\"}", 400,
             "bad-request", "/level");
    error_is(&S, "POST", "/api/games", "{\"scenario\":\"demo\",\"computer\":\"austrian\","
             "\"level\":\"expert\"}", 400, "bad-request", "/level");
    error_is(&S, "POST", "/api/games", "{\"scenario\":\"demo\",\"computer\":\"austrian\","
             "\"ai\":\"austrian\",\"mode\":\"two-players\"}", 400, "bad-request", "/computer");
    error_is(&S, "POST", "/api/games", "{\"scenario\":\"demo\",\"computer\":\"austrian\","
             "\"mode\":\"hotseat\"}", 400, "bad-request", "/computer");
    error_is(&S, "POST", "/api/games", "{\"scenario\":\"demo\",\"computer\":\"prussian\"}",
             400, "bad-request", "/computer");
    json_t *g = new_game("{\"scenario\":\"demo\",\"computer\":\"austrian\",\"level\":"
                         "\"quick\",\"seed\":1}");
    json_t *links = json_object_get(g, "links");
    assert_null(json_object_get(links, "austrian"));
    const char *fr = link_token(g, "french");
    json_t *v = view(&S, fr);
    assert_string_equal(str(v, "mode"), "two-players");
    assert_string_equal(str(v, "ai"), "austrian");
    assert_string_equal(str(v, "ai_player"), "quick");
    json_decref(v);
    v = decide(&S, fr, 0, "end", 200);
    assert_string_equal(str(v, "segment"), "movement");
    json_decref(v);
    v = decide(&S, fr, 1, "end", 200);
    assert_string_equal(str(v, "segment"), "offensive_fire");
    assert_string_equal(str(json_object_get(v, "pending"), "side"), "french");
    assert_int_equal(num(v, "seq"), 4);
    json_decref(v);
    char path[128];
    snprintf(path, sizeof path, "/api/g/%s/journal?from=2", fr);
    json_t *j = call(&S, "GET", path, NULL, 200);
    json_t *e = json_array_get(json_object_get(j, "entries"), 0);
    assert_string_equal(str(e, "key"), "fire:au-ir4-1:0810");
    assert_int_equal(num(e, "side"), 1);
    assert_string_equal(str(e, "by"), "player");
    assert_string_equal(str(json_array_get(json_object_get(j, "entries"), 1), "purpose"), "fire");
    json_decref(j);
    snprintf(path, sizeof path, "/api/g/%s/traces?from=2", fr);
    json_t *t = call(&S, "GET", path, NULL, 200);
    json_t *one = json_array_get(json_object_get(t, "traces"), 0);
    assert_non_null(one);
    assert_int_equal(num(one, "seq"), 4);
    assert_string_equal(str(one, "by"), "computer");
    assert_string_equal(str(one, "role"), "austrian");
    assert_string_equal(str(one, "what"), "fire:au-ir4-1:0810");
    json_t *why = json_array_get(json_object_get(one, "trace"), 0);
    assert_string_equal(str(why, "rule"), "R-AI-1");
    assert_string_equal(str(why, "section"), "ai");
    assert_string_equal(str(why, "text"), "au-ir4-1 fires at 0810: 11/36 no loss, expected 0.8 "
                        "increments, 7/216 chance fr-26le-1 is disordered (1.4 points)");
    json_decref(t);
    json_decref(g);
}

/* R-OCH-12: a web game made with "charge_questions": true asks both sides their cavalry's
 * charges in the enemy's turn. A 10 x 12 clear map: fr-a, a French column in 0510, moves north to
 * 0507, 4 hexes due south of au-hvy (Austrian cuirassiers, heavy: zone 4 hexes, in 0503 facing
 * 6, so the hexes due south lie in front, seen): after the step into 0507 the Austrians are
 * asked (R-OCH-1), an opportunity decision offering charge:au-hvy or pass. */
static void test_api__charge_questions(void **state)
{
    (void)state;
    json_t *g = new_game(
        "{\"scenario\":{\"format\":\"labataille-scenario/1\",\"title\":\"quest"
        "ions\",\"game\":\"deutsch-wagram-1809\",\"rules\":\"premier-2018\",\"t"
        "urn\":{\"time\":\"13:00\",\"phasing\":\"french\",\"segment\":\"movement\""
        "},\"sides\":[\"french\",\"austrian\"],\"map\":{\"columns\":10,\"rows\":1"
        "2,\"terrain\":[\"..........\",\"..........\",\"..........\",\"......."
        "...\",\"..........\",\"..........\",\"..........\",\"..........\",\".."
        "........\",\"..........\",\"..........\",\"..........\"],\"legend\":{"
        "\".\":\"clear\"}},\"units\":[{\"id\":\"fr-a\",\"side\":\"french\",\"arm\":\"i"
        "nfantry\",\"nation\":\"french\",\"class\":\"ligne\",\"increments\":8,\"f"
        "ire\":8,\"melee\":24,\"movement\":6,\"morale\":\"35\",\"formation\":\"co"
        "lumn\",\"state\":\"good\",\"facing\":12,\"hexes\":[\"0510\"]},{\"id\":\"au"
        "-hvy\",\"side\":\"austrian\",\"arm\":\"cavalry\",\"nation\":\"austrian\","
        "\"class\":\"kuerassier\",\"increments\":4,\"fire\":0,\"melee\":16,\"mov"
        "ement\":10,\"morale\":\"44\",\"formation\":\"column\",\"state\":\"good\","
        "\"facing\":6,\"hexes\":[\"0503\"]}]},\"mode\":\"hotseat\",\"seed\":3,\"ch"
        "arge_questions\":true}");
    const char *both = link_token(g, "both");
    json_t *v = decide(&S, both, 0, "move:fr-a:0507", 200);
    json_t *p = json_object_get(v, "pending");
    assert_string_equal(str(p, "side"), "austrian");
    assert_string_equal(str(p, "kind"), "opportunity");
    assert_string_equal(str(json_array_get(json_object_get(p, "options"), 0), "key"),
                        "charge:au-hvy");
    json_decref(v);
    json_decref(g);
    json_t *e = call(&S, "POST", "/api/games", "{\"scenario\":\"demo\",\"charge_questions\":1}",
                     400);
    json_decref(e);
}

/* R-OCH-13: "don't ask me again" from a side's link. The map of test_api__charge_questions
 * (fr-a, a French column in 0510; au-hvy, Austrian heavy cavalry in 0503 facing 6, its zone 4
 * hexes to its front) and au-inf, an Austrian column far off in 0101, between two players. fr-a
 * moves to 0506: after its step into 0507 the Austrians are asked. Refused, nothing changed: the
 * spectator (403 read-only), the French about au-hvy and the Austrians about fr-a (403
 * not-yours), au-inf (422: not cavalry), an unknown unit (422), a unit that is no text (400).
 * Accepted from the Austrian link: the view lists au-hvy, the question stays as asked; said
 * again it is refused (422); the Austrians pass, fr-a steps into 0506, still in the zone, and
 * is not asked: the French act on. The French view lists nothing, the export both sides. The
 * page's button sends this request (R-WEB-17). The question carries au-hvy's zone (R-WEB-18):
 * 0507, 4 hexes due south, in front; 0502, due north, behind its fronts, not. */
static void test_api__never_ask(void **state)
{
    (void)state;
    json_t *g = new_game(
        "{\"scenario\":{\"format\":\"labataille-scenario/1\",\"title\":\"never\",\"game\":\"d"
        "eutsch-wagram-1809\",\"rules\":\"premier-2018\",\"turn\":{\"time\":\"13:00\",\"phasi"
        "ng\":\"french\",\"segment\":\"movement\"},\"sides\":[\"french\",\"austrian\"],\"map\""
        ":{\"columns\":10,\"rows\":12,\"terrain\":[\"..........\",\"..........\",\".........."
        "\",\"..........\",\"..........\",\"..........\",\"..........\",\"..........\",\"...."
        "......\",\"..........\",\"..........\",\"..........\"],\"legend\":{\".\":\"clear\"}}"
        ",\"units\":[{\"id\":\"fr-a\",\"side\":\"french\",\"arm\":\"infantry\",\"nation\":\"f"
        "rench\",\"class\":\"ligne\",\"increments\":8,\"fire\":8,\"melee\":24,\"movement\":6,"
        "\"morale\":\"35\",\"formation\":\"column\",\"state\":\"good\",\"facing\":12,\"hexes\""
        ":[\"0510\"]},{\"id\":\"au-hvy\",\"side\":\"austrian\",\"arm\":\"cavalry\",\"nation\""
        ":\"austrian\",\"class\":\"kuerassier\",\"increments\":4,\"fire\":0,\"melee\":16,\"mo"
        "vement\":10,\"morale\":\"44\",\"formation\":\"column\",\"state\":\"good\",\"facing\""
        ":6,\"hexes\":[\"0503\"]},{\"id\":\"au-inf\",\"side\":\"austrian\",\"arm\":\"infantry"
        "\",\"nation\":\"austrian\",\"class\":\"linie\",\"increments\":8,\"fire\":8,\"melee\""
        ":24,\"movement\":6,\"morale\":\"35\",\"formation\":\"column\",\"state\":\"good\",\"f"
        "acing\":12,\"hexes\":[\"0101\"]}]},\"mode\":\"two-players\",\"seed\":3,\"charge_ques"
        "tions\":true}");
    const char *fr = link_token(g, "french"), *au = link_token(g, "austrian"),
               *sp = link_token(g, "spectator");
    json_t *v = decide(&S, fr, 0, "move:fr-a:0506", 200);
    assert_string_equal(str(json_object_get(v, "pending"), "kind"), "opportunity");
    json_t *zone = json_object_get(json_object_get(json_object_get(v, "pending"), "zones"),
                                   "au-hvy");
    assert_int_equal(json_array_size(zone), 28);
    int in_front = 0, behind = 0;
    for (size_t k = 0; k < json_array_size(zone); k++) {
        in_front += strcmp(json_string_value(json_array_get(zone, k)), "0507") == 0;
        behind += strcmp(json_string_value(json_array_get(zone, k)), "0502") == 0;
    }
    assert_int_equal(in_front, 1);
    assert_int_equal(behind, 0);
    long long seq = num(v, "seq");
    json_decref(v);
    char body[128], path[160];
    snprintf(path, sizeof path, "/api/g/%s/never_ask", au);
    snprintf(body, sizeof body, "{\"seq\":%lld,\"unit\":\"au-hvy\"}", seq);
    json_decref(post(&S, sp, "never_ask", body, 403));
    json_t *e = post(&S, fr, "never_ask", body, 403);
    assert_string_equal(str(json_object_get(e, "error"), "code"), "not-yours");
    assert_string_equal(str(json_object_get(e, "error"), "rule"), "R-OCH-13");
    json_decref(e);
    snprintf(body, sizeof body, "{\"seq\":%lld,\"unit\":\"fr-a\"}", seq);
    error_is(&S, "POST", path, body, 403, "not-yours", NULL);
    snprintf(body, sizeof body, "{\"seq\":%lld,\"unit\":\"au-inf\"}", seq);
    error_is(&S, "POST", path, body, 422, "illegal", "/unit");
    snprintf(body, sizeof body, "{\"seq\":%lld,\"unit\":\"au-none\"}", seq);
    error_is(&S, "POST", path, body, 422, "illegal", "/unit");
    snprintf(body, sizeof body, "{\"seq\":%lld,\"unit\":5}", seq);
    error_is(&S, "POST", path, body, 400, "bad-request", "/unit");
    v = view(&S, au);
    assert_int_equal(num(v, "seq"), seq);
    assert_null(json_object_get(v, "never_ask"));
    json_decref(v);
    snprintf(body, sizeof body, "{\"seq\":%lld,\"unit\":\"au-hvy\"}", seq);
    v = post(&S, au, "never_ask", body, 200);
    assert_int_equal(num(v, "seq"), seq + 1);
    json_t *never = json_object_get(json_object_get(v, "never_ask"), "austrian");
    assert_int_equal(json_array_size(never), 1);
    assert_string_equal(json_string_value(json_array_get(never, 0)), "au-hvy");
    assert_string_equal(str(json_object_get(v, "pending"), "kind"), "opportunity");
    json_decref(v);
    snprintf(body, sizeof body, "{\"seq\":%lld,\"unit\":\"au-hvy\"}", seq + 1);
    error_is(&S, "POST", path, body, 422, "illegal", "/unit");
    v = decide(&S, au, seq + 1, "pass", 200);
    json_t *p = json_object_get(v, "pending");
    assert_string_equal(str(p, "kind"), "action");
    assert_string_equal(str(p, "side"), "french");
    json_decref(v);
    v = view(&S, fr);
    assert_null(json_object_get(v, "never_ask"));
    json_decref(v);
    snprintf(path, sizeof path, "/api/g/%s/export", fr);
    v = call(&S, "GET", path, NULL, 200);
    never = json_object_get(json_object_get(v, "never_ask"), "austrian");
    assert_string_equal(json_string_value(json_array_get(never, 0)), "au-hvy");
    json_t *entry = json_array_get(json_object_get(json_object_get(v, "journal"), "entries"), 1);
    assert_string_equal(str(entry, "decision"), "never_ask");
    assert_string_equal(str(entry, "subject"), "au-hvy");
    json_decref(v);
    json_decref(g);
}

/* R-OCH-11: the clock stands while the other side answers. An 8 x 8 clear map: fr-a, a French
 * column in 0506, moves to 0504, next to au-b (an Austrian column in 0503 facing 6), inside its
 * zone of influence; its next action, a facing change, raises an opportunity-fire event (R-ZOI-4),
 * so the Austrians are offered their fire (R-GAME-17) in the French timed Movement segment: the
 * clock is paused and its time left stands still (the same after 300 ms); the Austrians pass,
 * and it runs again. */
static void test_api__movement_clock_stands(void **state)
{
    (void)state;
    json_t *g = new_game(
        "{\"scenario\":{\"format\":\"labataille-scenario/1\",\"title\":\"clock"
        "\",\"game\":\"deutsch-wagram-1809\",\"rules\":\"premier-2018\",\"turn\""
        ":{\"time\":\"13:00\",\"phasing\":\"french\",\"segment\":\"movement\"},\"s"
        "ides\":[\"french\",\"austrian\"],\"map\":{\"columns\":8,\"rows\":8,\"ter"
        "rain\":[\"........\",\"........\",\"........\",\"........\",\"........"
        "\",\"........\",\"........\",\"........\"],\"legend\":{\".\":\"clear\"}},"
        "\"units\":[{\"id\":\"fr-a\",\"side\":\"french\",\"arm\":\"infantry\",\"nati"
        "on\":\"french\",\"class\":\"ligne\",\"increments\":8,\"fire\":8,\"melee\""
        ":24,\"movement\":6,\"morale\":\"35\",\"formation\":\"column\",\"state\":"
        "\"good\",\"facing\":12,\"hexes\":[\"0506\"]},{\"id\":\"au-b\",\"side\":\"au"
        "strian\",\"arm\":\"infantry\",\"nation\":\"austrian\",\"class\":\"linie\""
        ",\"increments\":8,\"fire\":8,\"melee\":24,\"movement\":6,\"morale\":\"3"
        "5\",\"formation\":\"column\",\"state\":\"good\",\"facing\":6,\"hexes\":[\""
        "0503\"]}]},\"mode\":\"hotseat\",\"seed\":1,\"movement_time_limit_s\":"
        "60}");
    const char *both = link_token(g, "both");
    json_t *v = decide(&S, both, 0, "move:fr-a:0504", 200);
    assert_false(json_is_true(json_object_get(json_object_get(v, "movement_clock"), "paused")));
    json_decref(v);
    v = decide(&S, both, 1, "face:fr-a:2", 200);
    assert_string_equal(str(json_object_get(v, "pending"), "side"), "austrian");
    json_t *clock = json_object_get(v, "movement_clock");
    assert_string_equal(str(clock, "side"), "french");
    assert_true(json_is_true(json_object_get(clock, "paused")));
    long long left = num(clock, "left_ms");
    json_decref(v);
    nanosleep(&(struct timespec){0, 300000000}, NULL);
    v = view(&S, both);
    clock = json_object_get(v, "movement_clock");
    assert_true(json_is_true(json_object_get(clock, "paused")));
    assert_int_equal(num(clock, "left_ms"), left);
    json_decref(v);
    v = decide(&S, both, 2, "pass", 200);
    clock = json_object_get(v, "movement_clock");
    assert_false(json_is_true(json_object_get(clock, "paused")));
    assert_true(num(clock, "left_ms") <= left);
    json_decref(v);
    json_decref(g);
}

/* Timed movement (17, R-WEB-2): with 1 s each, the view shows the clock in the Movement segment,
 * and once it runs out the server ends the segment itself. */
static void test_api__movement_clock(void **state)
{
    (void)state;
    json_t *g = new_game("{\"scenario\":\"demo\",\"mode\":\"hotseat\","
                         "\"movement_time_limit_s\":1}");
    const char *both = link_token(g, "both");
    json_t *v = decide(&S, both, 0, "end", 200);
    assert_string_equal(str(v, "segment"), "movement");
    json_t *clock = json_object_get(v, "movement_clock");
    assert_int_equal(num(clock, "limit_s"), 1);
    assert_true(num(clock, "left_ms") <= 1000);
    assert_string_equal(str(clock, "side"), "french");
    json_decref(v);
    nanosleep(&(struct timespec){1, 300000000}, NULL);
    v = view(&S, both);
    assert_string_not_equal(str(v, "segment"), "movement");
    assert_true(json_is_null(json_object_get(v, "movement_clock")));
    json_decref(v);
    char path[128];
    snprintf(path, sizeof path, "/api/g/%s/traces?from=1", both);
    json_t *t = call(&S, "GET", path, NULL, 200);
    json_t *first = json_array_get(json_object_get(t, "traces"), 0);
    assert_string_equal(str(first, "by"), "clock");
    assert_string_equal(str(first, "what"), "end");
    json_decref(t);
    json_decref(g);
}

/* A game outlives its server: restarted on the same store, the old links open the same game
 * where it was, with the rulings of the answers made before (the computer's reasons too). */
static void test_api__restart_keeps_games(void **state)
{
    (void)state;
    server a = {0};
    start(&a, "");
    char fr[64];
    snprintf(fr, sizeof fr, "%s", token_of(&a, "french"));
    json_t *v = decide(&a, fr, 0, "end", 200);
    char hash[32];
    snprintf(hash, sizeof hash, "%s", str(v, "hash"));
    json_decref(v);
    /* a game against the computer (R-WEB-5): its level is kept with the game's hosting */
    json_t *g = call(&a, "POST", "/api/games", "{\"scenario\":\"demo\",\"computer\":"
                     "\"austrian\",\"level\":\"quick\",\"seed\":1}", 201);
    char cfr[64];
    snprintf(cfr, sizeof cfr, "%s", link_token(g, "french"));
    json_decref(g);
    json_decref(decide(&a, cfr, 0, "end", 200));
    char path[160];
    snprintf(path, sizeof path, "/api/g/%s/traces?from=0", cfr);
    json_t *before = call(&a, "GET", path, NULL, 200);
    stop(&a);
    start(&a, "");
    /* the rulings outlive the server: the same records */
    json_t *after = call(&a, "GET", path, NULL, 200);
    assert_int_equal(json_array_size(json_object_get(before, "traces")), 1);
    assert_true(json_equal(json_object_get(before, "traces"), json_object_get(after, "traces")));
    json_decref(before);
    json_decref(after);
    v = view(&a, fr);
    assert_int_equal(num(v, "seq"), 1);
    assert_string_equal(str(v, "hash"), hash);
    assert_string_equal(str(v, "role"), "french");
    json_decref(v);
    v = view(&a, cfr);
    assert_string_equal(str(v, "ai_player"), "quick");
    json_decref(v);
    /* after the restart the computer still answers the Austrian Defensive Fire (as in
     * test_api__computer_player: its fire and roll make the journal 4 long) */
    v = decide(&a, cfr, 1, "end", 200);
    assert_int_equal(num(v, "seq"), 4);
    assert_string_equal(str(v, "segment"), "offensive_fire");
    json_decref(v);
    /* and once more: the French answer and the computer's, its reason with it (R-AI-1) */
    before = call(&a, "GET", path, NULL, 200);
    stop(&a);
    start(&a, "");
    after = call(&a, "GET", path, NULL, 200);
    json_t *list = json_object_get(after, "traces");
    assert_int_equal(json_array_size(list), 3);
    assert_true(json_equal(json_object_get(before, "traces"), list));
    assert_string_equal(str(json_array_get(list, 1), "by"), "player");
    json_t *last = json_array_get(list, 2);
    assert_string_equal(str(last, "by"), "computer");
    assert_string_equal(str(last, "role"), "austrian");
    assert_string_equal(str(json_array_get(json_object_get(last, "trace"), 0), "rule"),
                        "R-AI-1");
    json_decref(before);
    json_decref(after);
    stop(&a);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", a.dir);
    assert_int_equal(system(cmd), 0);
}

/* ---- the page's headers and files ------------------------------------------------------------ */

static const char page_policy[] =
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

/* The headers every answer has: the page's Content-Security-Policy (no inline script or style,
 * nothing from elsewhere, no frame around it), nosniff, and no Referer sent on (the page's
 * address holds its secret token). */
static void headers_are_the_page_s(const reply *r, const char *what)
{
    if (strcmp(r->policy, page_policy) != 0)
        fail_msg("%s: Content-Security-Policy \"%s\"", what, r->policy);
    assert_string_equal(r->nosniff, "nosniff");
    assert_string_equal(r->referrer, "no-referrer");
}

/* GET path with the headers given (NULL-ended), asserted to answer status. */
static reply get_h(const server *sv, const char *path, long status, const char *const *headers)
{
    reply r = http_h(sv, "GET", path, NULL, -1, headers);
    if (r.status != status)
        fail_msg("GET %s: %ld, not %ld", path, r.status, status);
    return r;
}

/* /, /g/TOKEN, a script, a style sheet, an API answer and an error: each with the page's policy
 * and the other two headers; the page's files with an entity tag, asked again each time
 * (no-cache: the tag answers), a view never kept (no-store). */
static void test_api__page_headers(void **state)
{
    (void)state;
    char game[64], api[80];
    snprintf(game, sizeof game, "/g/%s", token_of(&S, "french"));
    snprintf(api, sizeof api, "/api/g/%s", token_of(&S, "french"));
    const char *files[] = {"/", game, "/web/game.js", "/web/style.css"};
    for (size_t i = 0; i < sizeof files / sizeof *files; i++) {
        reply r = get_h(&S, files[i], 200, NULL);
        headers_are_the_page_s(&r, files[i]);
        assert_int_equal(r.etag[0], '"');
        assert_int_equal(r.etag[strlen(r.etag) - 1], '"');
        assert_string_equal(r.cache, "no-cache");
        assert_string_equal(r.vary, "Accept-Encoding");
        assert_int_equal(r.length, (long)r.len);
        free(r.body);
    }
    reply r = get_h(&S, api, 200, NULL);
    headers_are_the_page_s(&r, api);
    assert_string_equal(r.etag, "");
    assert_string_equal(r.cache, "no-store");
    free(r.body);
    r = get_h(&S, "/web/nothing.js", 404, NULL);
    headers_are_the_page_s(&r, "a 404");
    free(r.body);
    /* / and /g/TOKEN are the page's two HTML files: no inline script, handler or style in them */
    for (size_t i = 0; i < 2; i++) {
        r = get_h(&S, files[i], 200, NULL);
        assert_null(strstr(r.body, "<script>"));
        assert_null(strstr(r.body, " style="));
        assert_null(strstr(r.body, " onclick="));
        assert_null(strstr(r.body, " onload="));
        free(r.body);
    }
}

/* If-None-Match naming the file's tag: 304, no body, the 200's length declared; weakly compared
 * (W/ either side), "*", a list holding it; another tag, or a malformed field, gets the file. */
static void test_api__page_not_modified(void **state)
{
    (void)state;
    reply plain = get_h(&S, "/web/game.js", 200, NULL);
    char tag[64], line[160];
    snprintf(tag, sizeof tag, "%s", plain.etag);
    const char *matching[] = {"%s", "W/%s", "\"other\", %s", "*", " \"a\" ,W/%s"};
    for (size_t i = 0; i < sizeof matching / sizeof *matching; i++) {
        char field[128];
        snprintf(field, sizeof field, matching[i], tag);
        snprintf(line, sizeof line, "If-None-Match: %s", field);
        const char *headers[] = {line, NULL};
        reply r = get_h(&S, "/web/game.js", 304, headers);
        assert_int_equal(r.len, 0);
        assert_string_equal(r.etag, tag);
        assert_int_equal(r.length, (long)plain.len);
        assert_string_equal(r.cache, "no-cache");
        headers_are_the_page_s(&r, "a 304");
        free(r.body);
    }
    const char *other[] = {"\"other\"", "\"6f44-1\"", "nonsense", "W/"};
    for (size_t i = 0; i < sizeof other / sizeof *other; i++) {
        snprintf(line, sizeof line, "If-None-Match: %s", other[i]);
        const char *headers[] = {line, NULL};
        reply r = get_h(&S, "/web/game.js", 200, headers);
        assert_int_equal(r.len, plain.len);
        free(r.body);
    }
    /* HEAD too */
    snprintf(line, sizeof line, "If-None-Match: %s", tag);
    const char *headers[] = {line, NULL};
    reply r = http_h(&S, "HEAD", "/web/game.js", NULL, -1, headers);
    assert_int_equal(r.status, 304);
    free(r.body);
    free(plain.body);
}

/* A client that takes gzip gets the page's text files gzip-compressed, inflating to the file byte
 * for byte, under a tag of their own (the plain tag does not answer it, nor the other way
 * round); twice (the second from the kept gzip); an image type is sent as it is. */
static void test_api__page_gzip(void **state)
{
    (void)state;
    const char *accept[] = {"Accept-Encoding: gzip, deflate, br", NULL};
    const char *names[] = {"/web/game.js", "/", "/web/style.css"};
    for (size_t f = 0; f < sizeof names / sizeof *names; f++) {
        reply plain = get_h(&S, names[f], 200, NULL);
        assert_string_equal(plain.encoding, "");
        for (int i = 0; i < 2; i++) {
            reply gz = get_h(&S, names[f], 200, accept);
            assert_string_equal(gz.encoding, "gzip");
            assert_string_equal(gz.vary, "Accept-Encoding");
            assert_int_equal(gz.length, (long)gz.len);
            assert_true(gz.len < plain.len);
            size_t n;
            char *inflated = gunzip(&gz, &n);
            assert_int_equal(n, plain.len);
            assert_memory_equal(inflated, plain.body, n);
            free(inflated);
            /* the gzip's tag is the plain one's with -gzip before the closing quote */
            char want[80];
            snprintf(want, sizeof want, "%.*s-gzip\"", (int)strlen(plain.etag) - 1, plain.etag);
            assert_string_equal(gz.etag, want);
            char line[160];
            snprintf(line, sizeof line, "If-None-Match: %s", gz.etag);
            const char *both[] = {accept[0], line, NULL};
            reply again = get_h(&S, names[f], 304, both);
            assert_int_equal(again.len, 0);
            assert_int_equal(again.length, (long)gz.len);
            free(again.body);
            /* the gzip's tag does not answer for the plain file */
            const char *only_tag[] = {line, NULL};
            again = get_h(&S, names[f], 200, only_tag);
            assert_string_equal(again.encoding, "");
            free(again.body);
            free(gz.body);
        }
        free(plain.body);
    }
}

/* A file changed on disk gets a new tag and its new text, plain and gzip-compressed: nothing
 * stale is kept. The page's folder here is a copy the test writes. */
static void test_api__page_file_changed(void **state)
{
    (void)state;
    server a = {0};
    snprintf(a.dir, sizeof a.dir, "/tmp/lb-api-XXXXXX");
    assert_non_null(mkdtemp(a.dir));
    char js[128], args[160];
    snprintf(js, sizeof js, "%s/tool.js", a.dir);
    snprintf(args, sizeof args, "--web %s", a.dir);
    FILE *f = fopen(js, "w");
    assert_non_null(f);
    fputs("export const version = 1; // the first version of the file, long enough to gzip\n", f);
    assert_int_equal(fclose(f), 0);
    start(&a, args);
    const char *accept[] = {"Accept-Encoding: gzip", NULL};
    reply first = get_h(&a, "/web/tool.js", 200, NULL);
    reply first_gz = get_h(&a, "/web/tool.js", 200, accept);
    /* a new version, of another length: a new tag whatever the clock's resolution */
    f = fopen(js, "w");
    assert_non_null(f);
    fputs("export const version = 2; // the second version of the file, of another length\n", f);
    assert_int_equal(fclose(f), 0);
    char line[160];
    snprintf(line, sizeof line, "If-None-Match: %s", first.etag);
    const char *stale[] = {line, NULL};
    reply second = get_h(&a, "/web/tool.js", 200, stale);
    assert_string_not_equal(second.etag, first.etag);
    assert_non_null(strstr(second.body, "version = 2"));
    reply second_gz = get_h(&a, "/web/tool.js", 200, accept);
    assert_string_not_equal(second_gz.etag, first_gz.etag);
    size_t n;
    char *inflated = gunzip(&second_gz, &n);
    assert_int_equal(n, second.len);
    assert_memory_equal(inflated, second.body, n);
    free(inflated);
    free(first.body);
    free(first_gz.body);
    free(second.body);
    free(second_gz.body);
    stop(&a);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", a.dir);
    assert_int_equal(system(cmd), 0);
}

/* ---- a whole game ---------------------------------------------------------------------------- */

/* The demo played to its end through the API, each side by its own link with the random
 * player's choices (R-GAME-15), and the same answers given to the engine: every answer gets the
 * same verdict, and at the end the journals and the state hashes are the same. */
static void test_api__whole_game_equals_engine(void **state)
{
    (void)state;
    json_t *g = new_game("{\"scenario\":\"demo\",\"mode\":\"two-players\",\"seed\":2024}");
    const char *tokens[2] = {link_token(g, "french"), link_token(g, "austrian")};
    int n;
    lb_load_opts opts = {.modules = lb_data_modules(&n)};
    opts.nmodules = n;
    size_t len;
    const char *name, *text = lb_data_demo(&len, &name);
    lb_game_settings set;
    lb_game_settings_init(&set);
    set.seed = 2024;
    set.undo = LB_UNDO_TWO_PLAYERS;
    lb_game *mirror = NULL;
    lb_errlist errs = {0};
    assert_int_equal(lb_game_new(name, text, len, &opts, &set, &mirror, &errs), LB_OK);
    lb_pcg32 rng;
    lb_pcg32_seed(&rng, 99, 1);
    int steps = 0, refused = 0;
    while (lb_game_pending(mirror) && steps < 20000) {
        char key[LB_OPTION_KEY_MAX];
        assert_int_equal(lb_game_random_key(mirror, &rng, key, sizeof key), 0);
        int side = lb_game_pending(mirror)->side, seq = lb_game_seq(mirror);
        lb_game_answer a;
        assert_int_equal(lb_game_decide(mirror, side, seq, key, &a), LB_OK);
        json_t *body = json_pack("{s:i,s:s}", "seq", seq, "key", key);
        char *btext = json_dumps(body, JSON_COMPACT);
        char path[128];
        snprintf(path, sizeof path, "/api/g/%s/decide", tokens[side]);
        reply r = http(&S, "POST", path, btext);
        if (r.status != (a.verdict == LB_ACCEPTED ? 200 : 422))
            fail_msg("%s: %ld, the engine %s: %.300s", key, r.status,
                     lb_name(LB_NAME_VERDICT, a.verdict), r.body);
        refused += a.verdict != LB_ACCEPTED;
        free(r.body);
        free(btext);
        json_decref(body);
        steps++;
    }
    assert_null(lb_game_pending(mirror));
    json_t *v = view(&S, tokens[0]);
    char hash[20];
    snprintf(hash, sizeof hash, "%016llx", (unsigned long long)lb_game_hash(mirror));
    assert_string_equal(str(v, "hash"), hash);
    assert_int_equal(num(v, "seq"), lb_game_seq(mirror));
    assert_false(json_is_null(json_object_get(v, "result")));
    char path[128];
    snprintf(path, sizeof path, "/api/g/%s/export", tokens[1]);
    json_t *x = call(&S, "GET", path, NULL, 200);
    char *mine = NULL;
    assert_int_equal(lb_journal_to_json(lb_game_journal(mirror), &mine), LB_OK);
    json_t *journal = json_loads(mine, 0, NULL);
    assert_true(json_equal(json_object_get(x, "journal"), journal));
    fprintf(stderr, "whole game: %d answers (%d refused), journal %d\n", steps, refused,
            lb_game_seq(mirror));
    free(mine);
    json_decref(journal);
    json_decref(x);
    json_decref(v);
    lb_game_free(mirror);
    json_decref(g);
}

/* ---- fair dice ------------------------------------------------------------------------------- */

/* The tokens of a two-players game by side index, from POST /api/games's answer. */
typedef struct two_links {
    const char *side[2];
    json_t *game;
} two_links;

static two_links two_players(const char *body)
{
    two_links l;
    l.game = new_game(body);
    l.side[0] = link_token(l.game, "french");
    l.side[1] = link_token(l.game, "austrian");
    return l;
}

/* The pending decision of the game (a view's "pending"), or NULL; *side its side's index. */
static json_t *pending_of(json_t *v, int *side)
{
    json_t *p = json_object_get(v, "pending");
    if (json_is_null(p) || !p)
        return NULL;
    json_t *sides = json_object_get(v, "sides");
    *side = strcmp(str(p, "side"), json_string_value(json_array_get(sides, 0))) == 0 ? 0 : 1;
    return p;
}

static int has_option(json_t *p, const char *key)
{
    size_t i;
    json_t *o;
    json_array_foreach(json_object_get(p, "options"), i, o)
        if (strcmp(str(o, "key"), key) == 0)
            return 1;
    return 0;
}

/* Answers every pending decision of g that is not an action (a retreat's end: "auto", else its
 * first option) by its side's link, so that an action decision, or the end, is pending. */
static void settle(const two_links *g)
{
    for (int n = 0; n < 32; n++) {
        json_t *v = view(&S, g->side[0]);
        int side = -1;
        json_t *p = pending_of(v, &side);
        if (!p || strcmp(str(p, "kind"), "action") == 0) {
            json_decref(v);
            return;
        }
        const char *key = has_option(p, "auto")
                              ? "auto"
                              : str(json_array_get(json_object_get(p, "options"), 0), "key");
        json_decref(decide(&S, g->side[side], num(v, "seq"), key, 200));
        json_decref(v);
    }
    fail_msg("a game keeps asking decisions that are not actions");
}

/* The values of the ROLL entries of g's whole journal from its k-th roll on, into values (at
 * most n); how many. */
static int rolls_from(const two_links *g, int k, int *values, int n)
{
    char path[160];
    snprintf(path, sizeof path, "/api/g/%s/journal", g->side[0]);
    json_t *j = call(&S, "GET", path, NULL, 200);
    size_t i;
    json_t *e;
    int seen = 0, got = 0;
    json_array_foreach(json_object_get(j, "entries"), i, e) {
        if (!json_object_get(e, "die"))
            continue;
        if (seen++ >= k && got < n)
            values[got++] = (int)num(e, "value");
    }
    json_decref(j);
    return got;
}

/* GET …/export of g's link of side 0, as JSON. */
static json_t *export_of(const two_links *g)
{
    char path[160];
    snprintf(path, sizeof path, "/api/g/%s/export", g->side[0]);
    return call(&S, "GET", path, NULL, 200);
}

#define ATTACK_ROLLS 6

/* Plays g on, its rules' decisions settled, each action answered by the first fire of one unit
 * offered, else "end", else its first option, until it has rolled want dice since its from-th
 * roll (or 300 answers, or the end). Two games that agree get the same answers. */
static void play_on(const two_links *g, int from, int want)
{
    int values[ATTACK_ROLLS];
    for (int n = 0; n < 300 && rolls_from(g, from, values, ATTACK_ROLLS) < want; n++) {
        settle(g);
        json_t *v = view(&S, g->side[0]);
        int side = -1;
        json_t *p = pending_of(v, &side);
        if (!p) {
            json_decref(v);
            return;
        }
        const char *key = NULL;
        size_t i;
        json_t *o;
        json_array_foreach(json_object_get(p, "options"), i, o)
            if (!key && strncmp(str(o, "key"), "fire:", 5) == 0 && !json_object_get(o, "param"))
                key = str(o, "key");
        if (!key)
            key = has_option(p, "end") ? "end"
                                       : str(json_array_get(json_object_get(p, "options"), 0),
                                             "key");
        json_decref(decide(&S, g->side[side], num(v, "seq"), key, 200));
        json_decref(v);
    }
}

/* R-DICE-3: the export/import attack. A two-players game without a seed has secret dice: its
 * views and its export in play show the commitment, never a seed nor the secret. The export
 * imported makes a copy with a new secret (another commitment; its rolls so far, first_draw,
 * kept as history) and the same state; both played on by one policy (the same decisions while
 * they agree), the copy's 6 rolls after the export are not the game's 6 (all alike by chance once
 * in 36^6): the copy does not tell the game's next rolls. On main the export held settings.seed
 * and the copy rolled the game's next rolls exactly (6 of 6 alike, every time). */
static void test_api__export_import_tells_no_dice(void **state)
{
    (void)state;
    two_links a = two_players("{\"scenario\":\"demo\",\"mode\":\"two-players\"}");
    json_decref(decide(&S, a.side[0], 0, "end", 200));
    json_decref(decide(&S, a.side[0], 1, "end", 200));
    json_decref(decide(&S, a.side[1], 2, "fire:au-ir4-1:0810", 200));
    settle(&a);
    const char *roles[] = {a.side[0], a.side[1], link_token(a.game, "spectator")};
    json_t *v = view(&S, a.side[0]);
    json_t *dice = json_object_get(v, "dice");
    assert_string_equal(str(dice, "mode"), "secret");
    char commitment[65];
    snprintf(commitment, sizeof commitment, "%s", str(dice, "commitment"));
    assert_int_equal(strlen(commitment), 64);
    json_decref(v);
    for (int r = 0; r < 3; r++) {
        v = view(&S, roles[r]);
        dice = json_object_get(v, "dice");
        assert_string_equal(str(dice, "commitment"), commitment);
        assert_null(json_object_get(dice, "secret"));
        assert_null(json_object_get(dice, "seed"));
        json_decref(v);
    }
    json_t *x = export_of(&a);
    json_t *settings = json_object_get(x, "settings");
    assert_null(json_object_get(settings, "seed"));
    assert_string_equal(str(json_object_get(settings, "dice"), "commitment"), commitment);
    assert_null(json_object_get(json_object_get(x, "dice"), "secret"));
    assert_string_equal(str(json_object_get(x, "dice"), "mode"), "secret");
    int drawn = rolls_from(&a, 0, (int[64]){0}, 64);
    assert_true(drawn >= 1);

    json_t *body = json_pack("{s:O}", "import", x);
    char *text = json_dumps(body, JSON_COMPACT);
    two_links b = two_players(text);
    free(text);
    json_decref(body);
    json_t *va = view(&S, a.side[0]), *vb = view(&S, b.side[0]);
    assert_string_equal(str(vb, "hash"), str(va, "hash"));
    assert_string_equal(str(vb, "mode"), "two-players");
    json_t *db = json_object_get(vb, "dice");
    assert_string_equal(str(db, "mode"), "secret");
    assert_string_not_equal(str(db, "commitment"), commitment);
    assert_int_equal(num(db, "first_draw"), drawn);
    json_decref(va);
    json_decref(vb);

    /* both played on by one policy: the same decisions as long as the games agree */
    int ra[ATTACK_ROLLS], rb[ATTACK_ROLLS];
    play_on(&a, drawn, ATTACK_ROLLS);
    play_on(&b, drawn, ATTACK_ROLLS);
    int n = rolls_from(&a, drawn, ra, ATTACK_ROLLS), same = 0;
    assert_int_equal(n, ATTACK_ROLLS);
    assert_int_equal(rolls_from(&b, drawn, rb, ATTACK_ROLLS), ATTACK_ROLLS);
    for (int k = 0; k < n; k++)
        same += ra[k] == rb[k];
    /* all the same by chance once in 36^6 (or 6^k for single dice among them) */
    assert_true(same < n);
    json_decref(x);
    json_decref(a.game);
    json_decref(b.game);
}

/* R-DICE-3, R-DICE-5: a seeded game says it is not for play; a finished game with secret dice
 * reveals its secret in its view and its export, which labataille verify then verifies. */
static void test_api__dice_seeded_and_revealed(void **state)
{
    (void)state;
    json_t *g = new_game("{\"scenario\":\"demo\",\"seed\":12}");
    json_t *v = view(&S, link_token(g, "both"));
    json_t *dice = json_object_get(v, "dice");
    assert_string_equal(str(dice, "mode"), "seeded");
    assert_int_equal(num(dice, "seed"), 12);
    assert_string_equal(str(dice, "note"), "seeded: not for play");
    json_decref(v);
    json_decref(g);

    two_links a = two_players("{\"scenario\":\"demo\",\"mode\":\"two-players\"}");
    json_decref(decide(&S, a.side[0], 0, "end", 200));
    json_decref(decide(&S, a.side[0], 1, "end", 200));
    json_decref(decide(&S, a.side[1], 2, "fire:au-ir4-1:0810", 200));
    v = view(&S, a.side[1]);
    assert_null(json_object_get(json_object_get(v, "dice"), "secret"));
    char body[32];
    snprintf(body, sizeof body, "{\"seq\":%lld}", num(v, "seq"));
    json_decref(v);
    json_decref(post(&S, a.side[1], "concede", body, 200));
    v = view(&S, a.side[0]);
    dice = json_object_get(v, "dice");
    const char *secret = str(dice, "secret");
    assert_int_equal(strlen(secret), 64);
    json_t *x = export_of(&a);
    assert_string_equal(str(json_object_get(x, "dice"), "secret"), secret);
    json_decref(v);
    /* the export verifies, by the program on its own */
    char file[128], cmd[400];
    snprintf(file, sizeof file, "%s/finished.json", S.dir);
    assert_int_equal(json_dump_file(x, file, JSON_COMPACT), 0);
    snprintf(cmd, sizeof cmd, "%s verify %s > /dev/null", program, file);
    assert_int_equal(system(cmd), 0);
    json_decref(x);
    json_decref(a.game);
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: test_api LABATAILLE WEB_ROOT (from the source tree)\n");
        return 2;
    }
    program = argv[1];
    web_root = argv[2];
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_api__scenarios),
        cmocka_unit_test(test_api__hint),
        cmocka_unit_test(test_api__hints_between_people),
        cmocka_unit_test(test_api__serve_links),
        cmocka_unit_test(test_api__views_per_role),
        cmocka_unit_test(test_api__wrong_token_is_404),
        cmocka_unit_test(test_api__decide_errors_change_nothing),
        cmocka_unit_test(test_api__undo),
        cmocka_unit_test(test_api__concede),
        cmocka_unit_test(test_api__create_errors),
        cmocka_unit_test(test_api__journal_export_import),
        cmocka_unit_test(test_api__traces),
        cmocka_unit_test(test_api__rout_paths_offered),
        cmocka_unit_test(test_api__events),
        cmocka_unit_test(test_api__events_presence),
        cmocka_unit_test(test_api__rematch),
        cmocka_unit_test(test_api__chat),
        cmocka_unit_test(test_api__webhooks),
        cmocka_unit_test(test_api__previews_are_the_cli_answers),
        cmocka_unit_test(test_api__charge_odds_add_up),
        cmocka_unit_test(test_api__preview_errors),
        cmocka_unit_test(test_api__limits_and_methods),
        cmocka_unit_test(test_api__scenario_check),
        cmocka_unit_test(test_api__charts),
        cmocka_unit_test(test_api__page_files),
        cmocka_unit_test(test_api__view_gzip_inflates_to_plain),
        cmocka_unit_test(test_api__view_gzip_accept_encoding),
        cmocka_unit_test(test_api__view_gzip_follows_the_journal),
        cmocka_unit_test(test_api__page_headers),
        cmocka_unit_test(test_api__page_not_modified),
        cmocka_unit_test(test_api__page_gzip),
        cmocka_unit_test(test_api__page_file_changed),
        cmocka_unit_test(test_api__random_player),
        cmocka_unit_test(test_api__computer_player),
        cmocka_unit_test(test_api__movement_clock),
        cmocka_unit_test(test_api__movement_clock_stands),
        cmocka_unit_test(test_api__charge_questions),
        cmocka_unit_test(test_api__never_ask),
        cmocka_unit_test(test_api__restart_keeps_games),
        cmocka_unit_test(test_api__whole_game_equals_engine),
        /* last: the random player's dice follow the game's id, which earlier games set */
        cmocka_unit_test(test_api__events_many_streams),
        cmocka_unit_test(test_api__events_end_when_the_server_stops),
        cmocka_unit_test(test_api__events_clock_and_computer),
        cmocka_unit_test(test_api__export_import_tells_no_dice),
        cmocka_unit_test(test_api__dice_seeded_and_revealed),
        /* the attacks of issue 23 */
        cmocka_unit_test(test_api__spectator_refused_before_the_store),
        cmocka_unit_test(test_api__long_answers_are_refused_with_a_reason),
        cmocka_unit_test(test_api__games_all_held_then_one_more),
        cmocka_unit_test(test_api__posted_scenario_limits),
        cmocka_unit_test(test_api__quotas),
        cmocka_unit_test(test_api__streams_capped),
        cmocka_unit_test(test_api__slow_clients_cut_off),
    };
    if (getenv("LB_TEST_FILTER")) /* one test while working on it: LB_TEST_FILTER=*quotas */
        cmocka_set_test_filter(getenv("LB_TEST_FILTER"));
    return cmocka_run_group_tests(tests, group_setup, group_teardown);
}
