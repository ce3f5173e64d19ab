/* labataille games: the games saved in a store, newest first, with their dice (a secret's commitment, or a seed). */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "lb/store.h"

/* R-DICE-3: {"mode": "secret", "commitment"}, {"mode": "seeded", "seed"}, or null (settings
 * unreadable). */
static json_t *dice_json(const lb_store_info *g)
{
    if (g->dice == LB_DICE_SECRET)
        return json_pack("{s:s,s:s}", "mode", "secret", "commitment", g->commitment);
    char seed[24];
    snprintf(seed, sizeof seed, "%" PRIu64, g->seed);
    if (g->dice == LB_DICE_SEEDED) /* a seed above 2^63 - 1 as its decimal string */
        return json_pack("{s:s,s:o,s:s}", "mode", "seeded", "seed",
                         g->seed <= INT64_MAX ? json_integer((json_int_t)g->seed)
                                              : json_string(seed),
                         "note", "seeded: not for play");
    return json_null();
}

/* Who plays each side when the settings name a player: "players: side 1 a person, side 2 the
 * computer (quick)" (the listing reads no scenario, so the sides go by their order in it). */
static void print_players(const lb_store_info *g)
{
    if (!g->players[0][0] && !g->players[1][0])
        return;
    printf("%5s  players:", "");
    for (int side = 0; side < 2; side++) {
        char who[LB_GAME_NAME_MAX * 4];
        const char *name = g->players[side];
        size_t skip = strncmp(name, "computer:", 9) == 0 ? 9 : 0;
        lb_printable(name + skip, strlen(name + skip), who, sizeof who);
        printf("%s side %d %s%s%s", side ? "," : "", side + 1,
               skip ? "the computer (" : name[0] ? "" : "a person", who, skip ? ")" : "");
    }
    printf("\n");
}

static void print_dice(const lb_store_info *g)
{
    if (g->dice == LB_DICE_SECRET)
        printf("%5s  dice: secret, commitment %s\n", "", g->commitment);
    else if (g->dice == LB_DICE_SEEDED)
        printf("%5s  dice: seed %" PRIu64 " (seeded: not for play)\n", "", g->seed);
    else
        printf("%5s  dice: unknown (the settings are unreadable)\n", "");
}

int cmd_games(const cli_args *args)
{
    if (args->npositional)
        return cli_usage(args, "expected no arguments");
    const char *db = cli_option_value(args, "db", NULL);
    lb_store *s;
    lb_err err = {0};
    int orc = cli_store_open_existing(db ? db : "labataille.db", &s);
    if (orc != CLI_OK)
        return orc;
    lb_store_info *games;
    int n, rc = lb_store_list(s, &games, &n, &err);
    lb_store_close(s);
    if (rc != LB_OK)
        return cli_invalid("%s", err.msg);
    if (args->json) {
        json_t *a = json_array();
        for (int i = 0; i < n; i++)
            json_array_append_new(a, json_pack("{s:I,s:s,s:s,s:i,s:s,s:s,s:s,s:o,s:[s,s]}", "game",
                                               (json_int_t)games[i].id, "title", games[i].title,
                                               "scenario", games[i].scenario_name, "seq",
                                               games[i].seq, "summary", games[i].summary,
                                               "created", games[i].created, "updated",
                                               games[i].updated, "dice", dice_json(&games[i]),
                                               "players", games[i].players[0],
                                               games[i].players[1]));
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
            print_dice(&games[i]);
            print_players(&games[i]);
        }
    }
    free(games);
    return CLI_OK;
}
