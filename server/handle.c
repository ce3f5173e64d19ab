/* One request answered without sockets: the target's limits, the routes of api.md, the link that gives a game and a role. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "server_int.h"

#define PATH_MAX_BYTES 512

size_t lb_server_body_limit(const char *method, const char *target)
{
    /* a scenario object or an export may be larger than any other body */
    if (strcmp(method, "POST") == 0 && strncmp(target, "/api/games", 10) == 0 &&
        (target[10] == '\0' || target[10] == '?'))
        return LB_SERVER_SCENARIO_BODY_MAX;
    if (strcmp(method, "POST") == 0 && strncmp(target, "/api/scenario/check", 19) == 0 &&
        (target[19] == '\0' || target[19] == '?'))
        return LB_SERVER_SCENARIO_BODY_MAX;
    return LB_SERVER_BODY_MAX;
}

/* Is method one of the route's ("GET" also answers HEAD)? Else a 405 naming them. */
static int method_is(const lb_http_request *rq, lb_http_response *rs, const char *allowed)
{
    const char *m = rq->method;
    if (strcmp(m, allowed) == 0 || (strcmp(allowed, "GET") == 0 && strcmp(m, "HEAD") == 0))
        return 1;
    reply_error(rs, 405, "method-not-allowed", NULL, "%s takes %s only", "this route", allowed);
    rs->allow = strcmp(allowed, "GET") == 0 ? "GET, HEAD" : allowed;
    return 0;
}

/* Refuses query parameters a route does not take. */
static int no_params(const query *q, lb_http_response *rs, const char *const *known)
{
    const char *bad = query_unknown(q, known);
    if (!bad)
        return 1;
    reply_error(rs, 400, "bad-query", bad, "unknown parameter \"%s\"", bad);
    return 0;
}

typedef void (*game_route)(game_request *r, lb_http_response *rs);

static const struct {
    const char *name;      /* after /api/g/TOKEN */
    const char *method;
    game_route run;
    const char *params[3]; /* the query parameters it takes */
    int acts;              /* it answers for a side: never a spectator's */
} game_routes[] = {
    {"", "GET", route_view, {NULL}, 0},
    {"/decide", "POST", route_decide, {NULL}, 1},
    {"/undo", "POST", route_undo, {NULL}, 1},
    {"/concede", "POST", route_concede, {NULL}, 1},
    {"/never_ask", "POST", route_never_ask, {NULL}, 1},
    {"/hint", "GET", route_hint, {NULL}, 1},
    {"/hints", "GET", route_hints, {NULL}, 1},
    {"/hints", "POST", route_set_hints, {NULL}, 1},
    {"/rematch", "POST", route_rematch, {NULL}, 1},
    {"/journal", "GET", route_journal, {"from", NULL}, 0},
    {"/export", "GET", route_export, {NULL}, 0},
    {"/events", "GET", route_events, {NULL}, 0},
    {"/traces", "GET", route_traces, {"from", NULL}, 0},
    {"/chat", "GET", route_chat, {"from", NULL}, 0},
    {"/chat", "POST", route_say, {NULL}, 1},
    {"/webhook", "GET", route_webhook, {NULL}, 1},
    {"/webhook", "POST", route_set_webhook, {NULL}, 1},
};

/* A game the store cannot give: logged with the store's reason; a 503 while the store is down,
 * else the game is damaged: a 500 naming it (the other games are still served). */
static void game_fault(lb_http_response *rs, long long id, int rc, const lb_err *err)
{
    fprintf(stderr, "labataille serve: game %lld: %s\n", id, err->msg);
    if (rc == LB_IO || rc == LB_NOMEM)
        reply_store_fault(rs, LB_IO, "the game cannot be opened");
    else
        reply_error(rs, 500, "damaged-game", NULL, "game %lld cannot be opened: its saved "
                    "journal no longer replays (%s); the other games are served", id,
                    lb_err_str(rc));
}

/* /api/g/TOKEN[/…]: the link's game, held and locked, then the route. */
static void on_game(lb_server *s, const lb_http_request *rq, const char *rest, const query *q,
                    lb_http_response *rs)
{
    char token[TOKEN_CHARS + 2];
    size_t n = strcspn(rest, "/");
    const char *tail = rest + n;
    int known = -1, preview = strncmp(tail, "/preview/", 9) == 0;
    /* the route of that name and method; of that name only, its method refused below (405) */
    for (size_t i = 0; i < sizeof game_routes / sizeof *game_routes; i++)
        if (strcmp(tail, game_routes[i].name) == 0 &&
            (known < 0 || strcmp(rq->method, game_routes[i].method) == 0))
            known = (int)i;
    /* R-WEB-1: a wrong token, one of another length and no game give the same 404 */
    long long id;
    int role;
    if (n > TOKEN_CHARS || (known < 0 && !preview)) {
        reply_error(rs, 404, "not-found", NULL, "no such game or route");
        return;
    }
    snprintf(token, sizeof token, "%.*s", (int)n, rest);
    int rc = links_find(s->links, token, &id, &role);
    if (rc != LB_OK) {
        if (rc == LB_NOT_FOUND)
            reply_error(rs, 404, "not-found", NULL, "no such game or route");
        else
            reply_store_fault(rs, rc, "the link cannot be looked up");
        return;
    }
    if (!method_is(rq, rs, preview ? "GET" : game_routes[known].method))
        return;
    if (!preview && !no_params(q, rs, game_routes[known].params))
        return;
    if (!preview && game_routes[known].acts && role == LB_ROLE_SPECTATOR) {
        /* R-WEB-1: refused before the game is loaded or brought up to date, so that a
         * spectator's requests cost the game's players nothing */
        reply_error(rs, 403, "read-only", NULL, "a spectator's link only watches");
        return;
    }
    slot *sl;
    lb_err err = {0};
    rc = slot_get(s, id, &sl, &err);
    if (rc == LB_NOT_FOUND) {
        reply_error(rs, 404, "not-found", NULL, "no such game or route");
        return;
    }
    if (rc != LB_OK) {
        game_fault(rs, id, rc, &err);
        return;
    }
    game_request r = {s, sl, role, rq, q};
    pthread_mutex_lock(&sl->lock);
    if ((rc = slot_saved(s, sl, -1, &err)) != LB_OK) {
        pthread_mutex_unlock(&sl->lock);
        slot_put(s, sl);
        game_fault(rs, id, rc, &err);
        return;
    }
    clock_run(s, sl);
    if (preview)
        route_preview(&r, tail + 9, rs);
    else
        game_routes[known].run(&r, rs);
    clock_run(s, sl);
    pthread_mutex_unlock(&sl->lock);
    slot_put(s, sl);
}

/* The page's own routes: /, /g/TOKEN, /web/FILE. */
static int on_page(lb_server *s, const lb_http_request *rq, const char *path, const query *q,
                   lb_http_response *rs)
{
    static const char *const none[] = {NULL};
    const char *file = NULL;
    if (strcmp(path, "/") == 0)
        file = "index.html";
    else if (strncmp(path, "/g/", 3) == 0 && path[3] && !strchr(path + 3, '/'))
        file = "game.html"; /* the page asks the API, which tells a wrong token */
    else if (strncmp(path, "/web/", 5) == 0)
        file = path + 5;
    if (!file)
        return 0;
    if (method_is(rq, rs, "GET") && no_params(q, rs, none))
        reply_file(rs, s, rq, file);
    return 1;
}

/* The routes of /api/ that name no game: 1 when path is one of them (answered), else 0. */
static int on_api(lb_server *s, const lb_http_request *rq, const char *path, const query *q,
                  lb_http_response *rs)
{
    static const char *const none[] = {NULL};
    if (strcmp(path, "/api/scenarios") == 0) {
        if (method_is(rq, rs, "GET") && no_params(q, rs, none))
            route_scenarios(s, rs);
    } else if (strncmp(path, "/api/scenarios/", 15) == 0) {
        if (method_is(rq, rs, "GET") && no_params(q, rs, none))
            route_scenario_text(s, path + 15, rs);
    } else if (strcmp(path, "/api/charts") == 0) {
        if (method_is(rq, rs, "GET") && no_params(q, rs, none))
            route_charts(s, rs);
    } else if (strcmp(path, "/api/scenario/check") == 0) {
        if (method_is(rq, rs, "POST") && no_params(q, rs, none))
            route_check(s, rq, rs);
    } else if (strcmp(path, "/api/games") == 0) {
        if (method_is(rq, rs, "POST") && no_params(q, rs, none))
            route_create(s, rq, rs);
    } else {
        return 0;
    }
    return 1;
}

void lb_server_handle(lb_server *s, const lb_http_request *rq, lb_http_response *rs)
{
    memset(rs, 0, sizeof *rs);
    const char *target = rq->target ? rq->target : "";
    size_t len = strlen(target), plen = strcspn(target, "?");
    if (len > LB_SERVER_URI_MAX || (target[plen] && len - plen - 1 > LB_SERVER_QUERY_MAX)) {
        reply_error(rs, 414, "uri-too-long", NULL, "the request target is over %d bytes, or "
                    "its query over %d", LB_SERVER_URI_MAX, LB_SERVER_QUERY_MAX);
        return;
    }
    if (rq->body_len > lb_server_body_limit(rq->method, target)) {
        reply_error(rs, 413, "too-large", NULL, "the body is over %zu bytes",
                    lb_server_body_limit(rq->method, target));
        return;
    }
    char path[PATH_MAX_BYTES];
    if (target[0] != '/' || plen >= sizeof path) {
        reply_error(rs, 404, "not-found", NULL, "no such route");
        return;
    }
    snprintf(path, sizeof path, "%.*s", (int)plen, target);
    query q;
    if (query_parse(target[plen] ? target + plen + 1 : NULL, &q) != 0) {
        query_release(&q);
        reply_error(rs, 400, "bad-query", NULL, "the query string is malformed (an escape, a "
                    "repeated name, or more than %d parameters)", QUERY_PARAMS_MAX);
        return;
    }
    if (strncmp(path, "/api/g/", 7) == 0)
        on_game(s, rq, path + 7, &q, rs);
    else if (!on_api(s, rq, path, &q, rs) && !on_page(s, rq, path, &q, rs))
        reply_error(rs, 404, "not-found", NULL, "no such route");
    query_release(&q);
}
