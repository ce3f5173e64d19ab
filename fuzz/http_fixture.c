/* The server the HTTP fuzz targets speak to: its store made and removed, its two games, a request, a game's journal length. */
#include "http_fixture.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void http_fixture_close(http_fixture *f)
{
    if (!f->server)
        return;
    lb_server_free(f->server);
    f->server = NULL;
    static const char *const files[] = {"fuzz.db", "fuzz.db-wal", "fuzz.db-shm"};
    for (size_t i = 0; i < sizeof files / sizeof *files; i++) {
        char path[128];
        snprintf(path, sizeof path, "%s/%s", f->folder, files[i]);
        unlink(path);
    }
    rmdir(f->folder);
}

lb_http_response http_fixture_ask(http_fixture *f, const char *method, const char *target,
                                  const char *body, size_t len)
{
    lb_http_request rq = {.method = method, .target = target, .body = body, .body_len = len};
    lb_http_response rs;
    lb_server_handle(f->server, &rq, &rs);
    if (rs.events)
        lb_server_release_game(f->server, rs.events_game);
    return rs;
}

/* A new game from body: the links of roles into links[first…]. */
static void new_game(http_fixture *f, const char *body, const char *const *roles, int first)
{
    lb_http_response rs = http_fixture_ask(f, "POST", "/api/games", body, strlen(body));
    json_t *j = json_loadb(rs.body, rs.len, 0, NULL);
    for (int i = 0; roles[i]; i++) {
        const char *href =
            json_string_value(json_object_get(json_object_get(j, "links"), roles[i]));
        if (!href)
            __builtin_trap();
        snprintf(f->links[first + i], sizeof f->links[0], "%s", href + 3);
    }
    json_decref(j);
    lb_http_response_release(&rs);
}

void http_fixture_open(http_fixture *f, const char *name)
{
    static const char *const two[] = {"french", "austrian", "spectator", NULL};
    static const char *const one[] = {"both", NULL};
    http_fixture_close(f);
    snprintf(f->folder, sizeof f->folder, "/tmp/lb-fuzz-%s-XXXXXX", name);
    if (!mkdtemp(f->folder))
        __builtin_trap();
    char db[128];
    snprintf(db, sizeof db, "%s/fuzz.db", f->folder);
    lb_server_config cfg = {.db = db, .web_root = "web"};
    lb_err err;
    if (lb_server_new(&cfg, &f->server, &err) != LB_OK)
        __builtin_trap();
    new_game(f, "{\"scenario\":\"demo\",\"mode\":\"two-players\",\"seed\":1}", two, FIXTURE_FRENCH);
    new_game(f, "{\"scenario\":\"demo\",\"mode\":\"hotseat\",\"seed\":2}", one, FIXTURE_BOTH);
}

long long http_fixture_seq(http_fixture *f, int k)
{
    char target[128];
    snprintf(target, sizeof target, "/api/g/%s", f->links[k]);
    lb_http_response rs = http_fixture_ask(f, "GET", target, NULL, 0);
    /* the view is large: its "seq" member is read where it stands, not parsed whole */
    const char *at = rs.body ? strstr(rs.body, ",\"seq\":") : NULL;
    if (rs.status != 200 || !at)
        __builtin_trap();
    long long seq = strtoll(at + 7, NULL, 10);
    lb_http_response_release(&rs);
    return seq;
}
