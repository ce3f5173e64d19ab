/* labataille serve [SCENARIO] [--db DB] [--port N] [--host ADDR] [--webhooks HOSTS]: the web game, with a new game of the scenario and its links printed. */
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "lb/server.h"

#ifndef LB_WEB_ROOT
#define LB_WEB_ROOT "web"
#endif

static int parse_port(const cli_args *args, int *port)
{
    const char *text = cli_option_value(args, "port", NULL);
    if (!text)
        return CLI_OK;
    char *end;
    long p = strtol(text, &end, 10);
    if (!*text || *end || p < 0 || p > 65535)
        return cli_usage(args, "--port: expected a port from 0 (any free one) to 65535, found "
                         "\"%s\"", text);
    *port = (int)p;
    return CLI_OK;
}

/* Makes the game the server opens with (its dice from *seed; NULL: the server picks a seed),
 * and prints its links under base. */
static int open_game(lb_server *s, const char *base, const uint64_t *seed)
{
    json_t *request = json_pack("{s:s,s:s}", "scenario", lb_server_first_scenario(s), "mode",
                                "two-players");
    if (seed)
        json_object_set_new(request, "seed", json_integer((json_int_t)*seed));
    char *body = json_dumps(request, JSON_COMPACT);
    json_decref(request);
    if (!body)
        return cli_invalid("out of memory");
    lb_http_request rq = {.method = "POST", .target = "/api/games", .body = body,
                          .body_len = strlen(body)};
    lb_http_response rs;
    lb_server_handle(s, &rq, &rs);
    free(body);
    json_t *answer = json_loadb(rs.body, rs.len, 0, NULL);
    json_t *links = json_object_get(answer, "links");
    int rc = CLI_OK;
    if (rs.status != 201 || !links) {
        rc = cli_invalid("cannot open a game: %.*s", (int)rs.len, rs.body ? rs.body : "");
    } else {
        printf("game %lld, two players; one link per side, and one to watch:\n",
               (long long)json_integer_value(json_object_get(answer, "game")));
        const char *role;
        json_t *href;
        json_object_foreach(links, role, href)
            printf("  %-10s %s%s\n", role, base, json_string_value(href));
    }
    json_decref(answer);
    lb_http_response_release(&rs);
    return rc;
}

int cmd_serve(const cli_args *args)
{
    if (args->npositional > 1)
        return cli_usage(args, "expected at most one scenario file");
    if (cli_option_value(args, "dice", NULL))
        return cli_usage(args, "--dice: each game rolls its own dice (--seed N for the first)");
    int port = 8080, rc = parse_port(args, &port);
    if (rc != CLI_OK)
        return rc;
    /* --seed N as every command reads it (0 .. CLI_SEED_MAX), before anything starts */
    uint64_t seed = 0;
    lb_dice dice;
    int seeded = cli_option_value(args, "seed", NULL) != NULL;
    if (seeded && (rc = cli_dice(args, &dice, &seed)) != CLI_OK)
        return rc;
    const char *host = cli_option_value(args, "host", NULL);
    const char *db = cli_option_value(args, "db", NULL);
    const char *web = cli_option_value(args, "web", NULL);
    host = host ? host : "127.0.0.1";
    lb_server_limits limits;
    lb_server_limits_default(&limits);
    const char *limit = cli_option_value(args, "limit", NULL);
    char why[256];
    if (limit && lb_server_limits_parse(&limits, limit, why, sizeof why) != 0)
        return cli_usage(args, "--limit: %s", why);
    lb_server_config cfg = {.db = db ? db : "labataille.db", .web_root = web ? web : LB_WEB_ROOT,
                            .scenario_file = args->npositional ? args->positional[0] : NULL,
                            .limits = &limits,
                            .webhook_hosts = cli_option_value(args, "webhooks", NULL)};
    /* the signals that stop the server wait for the main thread alone */
    sigset_t stop;
    sigemptyset(&stop);
    sigaddset(&stop, SIGINT);
    sigaddset(&stop, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &stop, NULL);
    signal(SIGPIPE, SIG_IGN);
    lb_server *s;
    lb_err err = {0};
    if (lb_server_new(&cfg, &s, &err) != LB_OK)
        return cli_invalid("%s", err.msg);
    if (lb_server_listen(s, host, port, &err) != LB_OK) {
        lb_server_free(s);
        return err.code == LB_USAGE ? cli_usage(args, "%s", err.msg) : cli_invalid("%s", err.msg);
    }
    char base[128];
    snprintf(base, sizeof base, strchr(host, ':') ? "http://[%s]:%d" : "http://%s:%d", host,
             lb_server_port(s));
    /* the store as its messages name it: a PostgreSQL address with its passwords as *** */
    const char *where = lb_server_store_where(s);
    char shown[1024];
    printf("labataille serve: %s/ (games saved in %s; Ctrl-C stops)\n", base,
           lb_printable(where, strlen(where), shown, sizeof shown));
    rc = open_game(s, base, seeded ? &seed : NULL);
    fflush(stdout);
    if (rc == CLI_OK) {
        int sig;
        sigwait(&stop, &sig);
        printf("labataille serve: stopped\n");
    }
    lb_server_free(s);
    return rc;
}
