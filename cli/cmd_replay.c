/* labataille replay: steps through a saved game's journal, entry by entry, to its end or to entry N. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "lb/data.h"
#include "lb/store.h"

/* Who took a decision of side: "the computer, quick" when the settings name the computer as that
 * side's player (play --ai), else how it was decided (player, standing, auto). */
static const char *decider(const lb_game_settings *set, const lb_journal_entry *e, char *buf,
                           size_t n)
{
    const char *who = e->side >= 0 && e->side < 2 ? set->players[e->side] : "";
    if (e->by == LB_BY_PLAYER && strncmp(who, "computer:", 9) == 0) {
        char level[LB_GAME_NAME_MAX * 4];
        snprintf(buf, n, "the computer, %s", lb_printable(who + 9, strlen(who + 9), level,
                                                          sizeof level));
        return buf;
    }
    return lb_name(LB_NAME_DECIDED_BY, e->by);
}

/* A journal entry: what a store held, shown as printable text. */
static void print_entry(const lb_game *g, int i, const lb_journal_entry *e)
{
    const lb_state *st = lb_game_state(g);
    char subject[sizeof e->subject * 4], key[sizeof e->key * 4], purpose[sizeof e->purpose * 4];
    char by[LB_GAME_NAME_MAX * 4 + 16];
    if (e->kind == LB_ENTRY_DECISION)
        printf("%5d  %s: %s%s%s -> %s (%s)\n", i, lb_state_side_name(st, e->side),
               lb_name(LB_NAME_DECISION_KIND, e->decision), e->subject[0] ? " about " : "",
               lb_printable(e->subject, strlen(e->subject), subject, sizeof subject),
               lb_printable(e->key, strlen(e->key), key, sizeof key),
               decider(lb_game_settings_of(g), e, by, sizeof by));
    else if (e->kind == LB_ENTRY_ROLL)
        printf("%5d    %s %d for %s\n", i, e->die == LB_DIE_TWO ? "roll" : "die", e->value,
               lb_printable(e->purpose, strlen(e->purpose), purpose, sizeof purpose));
    else
        printf("%5d  %s: undo, back to %d entries\n", i, lb_state_side_name(st, e->side), e->value);
}

int cmd_replay(const cli_args *args)
{
    if (args->npositional != 1)
        return cli_usage(args, "expected a game number (labataille games lists them)");
    char *end;
    long long id = strtoll(args->positional[0], &end, 10);
    if (!*args->positional[0] || *end)
        return cli_usage(args, "expected a game number, found \"%s\"", args->positional[0]);
    const char *db = cli_option_value(args, "db", NULL),
               *to_text = cli_option_value(args, "to", NULL);
    lb_store *s;
    lb_err err = {0};
    int orc = cli_store_open_existing(db ? db : "labataille.db", &s);
    if (orc != CLI_OK)
        return orc;
    int nmodules;
    const lb_module *modules = lb_data_modules(&nmodules);
    lb_load_opts opts = {.modules = modules, .nmodules = nmodules, .strict = args->strict};
    lb_game *g;
    int rc = lb_store_open_game(s, id, &opts, &g, &err);
    lb_store_close(s);
    if (rc != LB_OK)
        return cli_invalid("%s", err.msg);
    lb_journal all;
    lb_journal_copy(&all, lb_game_journal(g));
    int to = all.count;
    if (to_text) {
        to = (int)strtol(to_text, &end, 10);
        if (!*to_text || *end || to < 0 || to > all.count) {
            int count = all.count; /* released below, with the count it says */
            lb_journal_release(&all);
            lb_game_free(g);
            return cli_usage(args, "--to: expected an entry from 0 to %d, found \"%s\"", count,
                             to_text);
        }
        /* a decision's dice go with it: stop after them */
        while (to < all.count && all.entries[to].kind == LB_ENTRY_ROLL)
            to++;
    }
    lb_journal part = all;
    part.count = to;
    rc = lb_game_load_journal(g, &part, &err);
    if (rc != LB_OK) {
        lb_journal_release(&all);
        lb_game_free(g);
        return cli_invalid("game %lld: %s", id, err.msg);
    }
    const lb_state *st = lb_game_state(g);
    if (args->json) {
        char *view = NULL;
        lb_game_view_json(g, LB_ROLE_SPECTATOR, &view);
        cli_print_json(json_loads(view ? view : "null", JSON_DECODE_ANY, NULL));
        free(view);
    } else {
        printf("game %lld: %s, journal %d of %d entries\n", id, lb_state_title(st), to, all.count);
        for (int i = 0; i < to; i++)
            print_entry(g, i, &all.entries[i]);
        char summary[LB_STORE_TEXT_MAX];
        lb_game_summary(g, summary, sizeof summary);
        lb_game_score sc;
        lb_game_score_of(g, &sc);
        printf("at entry %d: %s; score %s %d, %s %d; state %016" PRIx64 "\n", to, summary,
               lb_state_side_name(st, 0), sc.points[0], lb_state_side_name(st, 1), sc.points[1],
               lb_game_hash(g));
    }
    lb_journal_release(&all);
    lb_game_free(g);
    return CLI_OK;
}
