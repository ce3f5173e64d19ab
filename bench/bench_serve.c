/* Benchmark: the games a client may send the server at its default limits (api.md, Limits): made (POST /api/games) and their first view read, plain and gzip-compressed, through the server's handler without sockets — the most moves one decision may list on the largest map, the most units, imports of a whole game and of the longest journal (CPU time, best of 5; the options listed, the view's bytes, the memory a game in play holds). */
#include <jansson.h>
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common.h"
#include "lb/game.h"
#include "lb/server.h"

#define RUNS 5
#define SIDE 64     /* the map at the limits: 64 x 64 = 4,096 hexes */
#define MP 20       /* the most movement points */
#define UNITS 200   /* the most units */
#define JOURNAL 10000

static lb_server *server;
static char folder[64];

/* A server on the bench's store, with the default limits but for the quota of all clients' games
 * (the bench makes more games than an hour's). */
static void start(void)
{
    char db[128];
    snprintf(db, sizeof db, "%s/bench.db", folder);
    lb_server_limits limits;
    lb_server_limits_default(&limits);
    limits.value[LB_LIMIT_GAMES] = 100000;
    lb_server_config cfg = {.db = db, .web_root = "web", .limits = &limits};
    lb_err err;
    if (lb_server_new(&cfg, &server, &err) != LB_OK) {
        fprintf(stderr, "bench_serve: %s\n", err.msg);
        exit(1);
    }
}

/* An open field SIDE x SIDE: n French hussars of MP movement points two hexes apart (their ids
 * padded to id_len bytes, the longest an id may be is 63), an Austrian one in the far corner,
 * the French to play segment. The body of POST /api/games, malloc'd. */
static char *field(int n, int id_len, const char *segment)
{
    json_t *terrain = json_array(), *units = json_array();
    char row[SIDE + 1];
    memset(row, '.', SIDE);
    row[SIDE] = '\0';
    for (int r = 0; r < SIDE; r++)
        json_array_append_new(terrain, json_string(row));
    for (int i = 0; i <= n; i++) {
        char id[64], label[8];
        int per_row = SIDE / 2, c = i < n ? 1 + 2 * (i % per_row) : SIDE,
            r = i < n ? 1 + (i / per_row) * 2 : SIDE;
        snprintf(id, sizeof id, "%s-%0*d", i < n ? "fr-hussar" : "au-hussar",
                 id_len > 10 ? id_len - 10 : 1, i);
        snprintf(label, sizeof label, "%02d%02d", c, r);
        json_array_append_new(units, json_pack("{s:s,s:s,s:s,s:s,s:s,s:i,s:i,s:i,s:i,s:s,s:s,"
                                               "s:s,s:[s],s:i}", "id", id, "side",
                                               i < n ? "french" : "austrian", "arm", "cavalry",
                                               "nation", i < n ? "french" : "austrian", "class",
                                               "hussar", "increments", 8, "fire", 0, "melee",
                                               16, "movement", MP, "morale", "33", "formation",
                                               "column", "state", "good", "hexes", label,
                                               "facing", 2));
    }
    json_t *body = json_pack("{s:s,s:{s:s,s:s,s:s,s:s,s:[ss],s:{s:s,s:s,s:s},s:{s:i,s:i,s:o,"
                             "s:{s:s}},s:o}}", "mode", "hotseat", "scenario", "format",
                             "labataille-scenario/1", "title", "the limits", "game",
                             "deutsch-wagram-1809", "rules", "premier-2018", "sides", "french",
                             "austrian", "turn", "time", "13:00", "phasing", "french", "segment",
                             segment, "map", "columns", SIDE, "rows", SIDE, "terrain", terrain,
                             "legend", ".", "clear", "units", units);
    char *text = json_dumps(body, JSON_COMPACT);
    json_decref(body);
    return text;
}

static lb_http_response ask(const char *method, const char *target, const char *body,
                            const char *accept_encoding)
{
    lb_http_request rq = {.method = method, .target = target, .body = body,
                          .body_len = body ? strlen(body) : 0, .accept_encoding = accept_encoding};
    lb_http_response rs;
    lb_server_handle(server, &rq, &rs);
    return rs;
}

typedef struct figures {
    double create, view, gzip;    /* seconds, the best run */
    size_t view_bytes, gzip_bytes;
    long long held;               /* bytes in use more after the first run: its game in memory */
    int options, status;
} figures;

/* Makes a game of body RUNS times on a new server and reads each one's first view, plain then
 * gzip; the best of each. status is the creation's (the figures are worth something only when it
 * is 201). */
static figures measure(const char *body)
{
    figures f = {1e9, 1e9, 1e9, 0, 0, 0, 0, 0};
    start();
    for (int run = 0; run < RUNS; run++) {
        long long before = (long long)mallinfo2().uordblks;
        double t0 = bench_cpu_now();
        lb_http_response rs = ask("POST", "/api/games", body, NULL);
        double t1 = bench_cpu_now();
        f.status = rs.status;
        json_t *j = json_loadb(rs.body, rs.len, 0, NULL);
        lb_http_response_release(&rs);
        if (f.status != 201) {
            json_decref(j);
            break;
        }
        char target[128];
        snprintf(target, sizeof target, "/api/g/%s",
                 json_string_value(json_object_get(json_object_get(j, "links"), "both")) + 3);
        json_decref(j);
        double t2 = bench_cpu_now();
        rs = ask("GET", target, NULL, NULL);
        double t3 = bench_cpu_now();
        f.view_bytes = rs.len;
        json_t *view = json_loadb(rs.body, rs.len, 0, NULL);
        f.options = (int)json_array_size(json_object_get(json_object_get(view, "pending"),
                                                         "options"));
        json_decref(view);
        lb_http_response_release(&rs);
        double t4 = bench_cpu_now();
        rs = ask("GET", target, NULL, "gzip");
        double t5 = bench_cpu_now();
        f.gzip_bytes = rs.len;
        lb_http_response_release(&rs);
        if (run == 0) /* the server keeps it, and lets go of none before it */
            f.held = (long long)mallinfo2().uordblks - before;
        f.create = t1 - t0 < f.create ? t1 - t0 : f.create;
        f.view = t3 - t2 < f.view ? t3 - t2 : f.view;
        f.gzip = t5 - t4 < f.gzip ? t5 - t4 : f.gzip;
    }
    lb_server_free(server);
    return f;
}

static void report(const char *what, const figures *f)
{
    printf("%s: made in %.1f ms; its view %.1f ms (%zu bytes, %d options), gzip-compressed "
           "%.1f ms more (%zu bytes); the game in memory with its views %.1f MB\n", what,
           f->create * 1e3, f->view * 1e3, f->view_bytes, f->options, f->gzip * 1e3,
           f->gzip_bytes, (double)f->held / (1 << 20));
}

/* The most hussars whose Movement decision stays within the options limit (R-WEB-6), found by
 * making their games; their figures. */
static void most_moves(int id_len, const char *what)
{
    figures best = {0};
    int n = 1;
    for (;; n++) {
        char *body = field(n, id_len, "movement");
        figures f = measure(body);
        free(body);
        if (f.status != 201)
            break;
        best = f;
    }
    char line[160];
    snprintf(line, sizeof line, "%s: %d hussars of %d MP on %dx%d, in their Movement segment "
             "(%d refused: past the options limit)", what, n - 1, MP, SIDE, SIDE, n);
    report(line, &best);
}

/* An import: the export of a game of the demo with its journal, made by the random player to its
 * end, or of `undos` pairs of "end" and an undo of it (the longest journal an import may have,
 * of a short game). */
static char *import_body(int undos)
{
    lb_game *g = bench_demo_game(11);
    lb_pcg32 rng;
    lb_pcg32_seed(&rng, 5, 5);
    for (int i = 0; undos ? i < undos : lb_game_pending(g) != NULL; i++) {
        char key[LB_OPTION_KEY_MAX];
        lb_game_answer a;
        const lb_decision *d = lb_game_pending(g);
        if (undos) {
            lb_game_decide(g, d->side, lb_game_seq(g), "end", &a);
            lb_game_undo(g, LB_ROLE_BOTH, lb_game_seq(g), 0, &a);
        } else if (lb_game_random_key(g, &rng, key, sizeof key) == LB_OK) {
            lb_game_decide(g, d->side, lb_game_seq(g), key, &a);
        }
    }
    char *export = NULL;
    lb_game_export(g, &export);
    size_t n = strlen(export) + 32;
    char *body = malloc(n);
    snprintf(body, n, "{\"import\":%s}", export);
    printf("(the import's journal: %d entries)\n", lb_game_seq(g));
    free(export);
    lb_game_free(g);
    return body;
}

int main(void)
{
    snprintf(folder, sizeof folder, "/tmp/lb-bench-serve-XXXXXX");
    if (!mkdtemp(folder))
        return 1;
    printf("games a client may send, at the default limits (CPU time, best of %d)\n", RUNS);
    if (bench_only("moves")) {
        most_moves(12, "the most moves, ids of 12 bytes");
        most_moves(63, "the most moves, ids of 63 bytes (the longest)");
    }
    if (bench_only("units")) {
        char *body = field(UNITS - 1, 63, "charge");
        figures f = measure(body);
        free(body);
        report("200 units (ids of 63 bytes) on 64x64, in their Charge segment", &f);
    }
    if (bench_only("import")) {
        for (int undos = 0; undos <= JOURNAL / 2; undos += JOURNAL / 2) {
            char *body = import_body(undos);
            figures f = measure(body);
            free(body);
            report(undos ? "an import of 10,000 entries (end and its undo, again and again)"
                         : "an import of a whole game of the demo", &f);
        }
    }
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", folder);
    return system(cmd) == 0 ? 0 : 1;
}
