/* labataille games: the games saved in a store, newest first. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "lb/store.h"

int cmd_games(const cli_args *args)
{
    if (args->npositional)
        return cli_usage(args, "expected no arguments");
    const char *db = cli_option_value(args, "db", NULL);
    lb_store *s;
    lb_err err = {0};
    if (lb_store_open(db ? db : "labataille.db", &s, &err) != LB_OK)
        return cli_invalid("%s", err.msg);
    lb_store_info *games;
    int n, rc = lb_store_list(s, &games, &n, &err);
    lb_store_close(s);
    if (rc != LB_OK)
        return cli_invalid("%s", err.msg);
    if (args->json) {
        json_t *a = json_array();
        for (int i = 0; i < n; i++)
            json_array_append_new(a, json_pack("{s:I,s:s,s:s,s:i,s:s,s:s,s:s}", "game",
                                               (json_int_t)games[i].id, "title", games[i].title,
                                               "scenario", games[i].scenario_name, "seq",
                                               games[i].seq, "summary", games[i].summary,
                                               "created", games[i].created, "updated",
                                               games[i].updated));
        cli_print_json(a);
    } else if (n == 0) {
        char where[256];
        printf("no saved games in %s\n", lb_store_printable(db ? db : "labataille.db", where,
                                                            sizeof where));
    } else {
        printf("%5s  %7s  %-36s  %-19s  %s\n", "game", "journal", "where it stands", "updated",
               "title");
        /* the rows are the store's: shown as printable text, whatever a file or a database holds */
        for (int i = 0; i < n; i++) {
            char summary[LB_STORE_TEXT_MAX * 4], updated[sizeof games[i].updated * 4],
                title[LB_STORE_TEXT_MAX * 4];
            printf("%5lld  %7d  %-36s  %-19s  %s\n", games[i].id, games[i].seq,
                   lb_printable(games[i].summary, strlen(games[i].summary), summary,
                                sizeof summary),
                   lb_printable(games[i].updated, strlen(games[i].updated), updated,
                                sizeof updated),
                   lb_printable(games[i].title, strlen(games[i].title), title, sizeof title));
        }
    }
    free(games);
    return CLI_OK;
}
