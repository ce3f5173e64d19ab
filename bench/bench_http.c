/* Benchmark: the web server on loopback: reads of a game's view per second (wrk when installed), and decisions per second with their SQLite commit, with their p50 and p99 latency, over HTTP and without sockets. */
#include <curl/curl.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common.h"
#include "lb/data.h"
#include "lb/game.h"
#include "lb/server.h"

#define READ_SECONDS 5
#define DECISIONS 600

static char folder[64];
static lb_server *server;

static size_t discard(char *p, size_t size, size_t n, void *cls)
{
    (void)p;
    (void)cls;
    return size * n;
}

/* POST /api/games with body through the handler; the link of role (without "/g/"). */
static void new_game(const char *body, const char *role, char *token, size_t n)
{
    lb_http_request rq = {.method = "POST", .target = "/api/games", .body = body,
                          .body_len = strlen(body)};
    lb_http_response rs;
    lb_server_handle(server, &rq, &rs);
    json_t *j = json_loadb(rs.body, rs.len, 0, NULL);
    const char *href = json_string_value(json_object_get(json_object_get(j, "links"), role));
    if (rs.status != 201 || !href) {
        fprintf(stderr, "bench_http: no game: %.*s\n", (int)rs.len, rs.body);
        exit(1);
    }
    snprintf(token, n, "%s", href + 3);
    json_decref(j);
    lb_http_response_release(&rs);
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* ---- reads ----------------------------------------------------------------------------------- */

/* wrk's figures for url (what names it): requests per second and the 99th percentile; 0 when
 * wrk is missing. */
static int reads_wrk(const char *url, const char *what)
{
    if (system("command -v wrk >/dev/null 2>&1") != 0)
        return 0;
    char cmd[512], line[256];
    snprintf(cmd, sizeof cmd, "wrk -t2 -c32 -d%ds --latency %s 2>&1", READ_SECONDS, url);
    FILE *p = popen(cmd, "r");
    double rps = 0;
    char p99[32] = "?", p50[32] = "?";
    while (p && fgets(line, sizeof line, p)) {
        sscanf(line, " Requests/sec: %lf", &rps);
        sscanf(line, " 99%% %31s", p99);
        sscanf(line, " 50%% %31s", p50);
    }
    if (p)
        pclose(p);
    printf("read %s (wrk -t2 -c32 -d%ds): %.0f requests/s, p50 %s, p99 %s\n", what, READ_SECONDS,
           rps, p50, p99);
    return 1;
}

/* Without wrk: one keep-alive connection asking as fast as it can. */
static void reads_curl(const char *url)
{
    CURL *c = curl_easy_init();
    curl_easy_setopt(c, CURLOPT_URL, url);
    curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, discard);
    double *lat = malloc(sizeof *lat * 1000000), start = bench_now(), t;
    long n = 0;
    while ((t = bench_now()) - start < READ_SECONDS && n < 1000000) {
        curl_easy_perform(c);
        lat[n++] = bench_now() - t;
    }
    double elapsed = bench_now() - start;
    qsort(lat, (size_t)n, sizeof *lat, cmp_double);
    printf("read the view of a game (GET /api/g/TOKEN, one keep-alive connection; wrk is not "
           "installed): %.0f requests/s, p50 %.0f us, p99 %.0f us\n", n / elapsed,
           1e6 * lat[n / 2], 1e6 * lat[n * 99 / 100]);
    free(lat);
    curl_easy_cleanup(c);
}

/* ---- decisions ------------------------------------------------------------------------------- */

static lb_game *mirror_of(uint64_t seed)
{
    int nm;
    lb_load_opts o = {.modules = lb_data_modules(&nm)};
    o.nmodules = nm;
    size_t len;
    const char *name, *text = lb_data_demo(&len, &name);
    lb_game_settings s;
    lb_game_settings_init(&s);
    s.seed = seed;
    lb_errlist errs = {0};
    lb_game *g = NULL;
    if (lb_game_new(name, text, len, &o, &s, &g, &errs) != LB_OK)
        exit(1);
    return g;
}

/* DECISIONS accepted answers of the random player (R-GAME-15) to hot-seat games of the demo,
 * each a POST …/decide (over HTTP with a keep-alive connection when base is given, else straight
 * to the handler), timed one by one: the rules, the store's commit, the new view. */
static void decisions(const char *base)
{
    CURL *c = base ? curl_easy_init() : NULL;
    if (c)
        curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, discard);
    double *lat = malloc(sizeof *lat * DECISIONS), total = 0;
    int n = 0, games = 0;
    lb_pcg32 rng;
    lb_pcg32_seed(&rng, 7, 7);
    while (n < DECISIONS) {
        char token[64], body[64], target[256];
        snprintf(body, sizeof body, "{\"scenario\":\"demo\",\"mode\":\"hotseat\",\"seed\":%d}",
                 games + 1);
        new_game(body, "both", token, sizeof token);
        lb_game *g = mirror_of((uint64_t)games + 1);
        games++;
        snprintf(target, sizeof target, "/api/g/%s/decide", token);
        while (lb_game_pending(g) && n < DECISIONS) {
            char key[LB_OPTION_KEY_MAX];
            lb_game_random_key(g, &rng, key, sizeof key);
            lb_game_answer a;
            int seq = lb_game_seq(g);
            lb_game_decide(g, LB_ROLE_BOTH, seq, key, &a);
            json_t *jb = json_pack("{s:i,s:s}", "seq", seq, "key", key);
            char *text = json_dumps(jb, JSON_COMPACT);
            double t = bench_now();
            long status;
            if (c) {
                char url[512];
                snprintf(url, sizeof url, "%s%s", base, target);
                curl_easy_setopt(c, CURLOPT_URL, url);
                curl_easy_setopt(c, CURLOPT_POSTFIELDS, text);
                curl_easy_perform(c);
                curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &status);
            } else {
                lb_http_request rq = {.method = "POST", .target = target, .body = text,
                                      .body_len = strlen(text)};
                lb_http_response rs;
                lb_server_handle(server, &rq, &rs);
                status = rs.status;
                lb_http_response_release(&rs);
            }
            double dt = bench_now() - t;
            if (status != (a.verdict == LB_ACCEPTED ? 200 : 422)) {
                fprintf(stderr, "bench_http: %s answered %ld\n", key, status);
                exit(1);
            }
            if (a.verdict == LB_ACCEPTED) {
                lat[n++] = dt;
                total += dt;
            }
            free(text);
            json_decref(jb);
        }
        lb_game_free(g);
    }
    qsort(lat, DECISIONS, sizeof *lat, cmp_double);
    printf("decide (POST /api/g/TOKEN/decide %s, the demo's random games, %d decisions in %d "
           "games, each with its SQLite commit and the new view): %.0f decisions/s, p50 %.2f ms, "
           "p99 %.2f ms\n", c ? "over HTTP" : "to the handler, no sockets", DECISIONS, games,
           DECISIONS / total, 1e3 * lat[DECISIONS / 2], 1e3 * lat[DECISIONS * 99 / 100]);
    free(lat);
    if (c)
        curl_easy_cleanup(c);
}

int main(void)
{
    snprintf(folder, sizeof folder, "/tmp/lb-bench-http-XXXXXX");
    if (!mkdtemp(folder))
        return 1;
    char db[128];
    snprintf(db, sizeof db, "%s/bench.db", folder);
    lb_server_config cfg = {.db = db, .web_root = "web"};
    lb_err err;
    if (lb_server_new(&cfg, &server, &err) != LB_OK ||
        lb_server_listen(server, "127.0.0.1", 0, &err) != LB_OK) {
        fprintf(stderr, "bench_http: %s\n", err.msg);
        return 1;
    }
    curl_global_init(CURL_GLOBAL_DEFAULT);
    char base[64], token[64], url[256];
    snprintf(base, sizeof base, "http://127.0.0.1:%d", lb_server_port(server));
    new_game("{\"scenario\":\"demo\",\"mode\":\"two-players\",\"seed\":1}", "spectator", token,
             sizeof token);
    snprintf(url, sizeof url, "%s/api/g/%s", base, token);
    if (!reads_wrk(url, "the view of a game, 48 KB with its map (GET /api/g/TOKEN)"))
        reads_curl(url);
    snprintf(url, sizeof url, "%s/api/g/%s/journal?from=0", base, token);
    reads_wrk(url, "the journal of a game (GET /api/g/TOKEN/journal?from=0)");
    decisions(base);
    decisions(NULL);
    lb_server_free(server);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", folder);
    return system(cmd) == 0 ? 0 : 1;
}
