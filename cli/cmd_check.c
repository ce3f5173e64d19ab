/* labataille check FILE: is the scenario valid; every error with its position. */
#include <stdio.h>

#include "cli.h"

static json_t *errors_json(const lb_errlist *errs)
{
    json_t *list = json_array();
    for (int i = 0; i < errs->count; i++) {
        const lb_err *e = &errs->items[i];
        char line[LB_ERR_FILE_MAX + LB_ERR_PATH_MAX + LB_ERR_MSG_MAX + 64];
        lb_err_fmt(e, line, sizeof line);
        json_array_append_new(list, json_pack("{s:s,s:i,s:i,s:s,s:s,s:s}", "file", e->file, "line",
                                              e->line, "col", e->col, "path", e->path, "message",
                                              e->msg, "text", line));
    }
    return list;
}

int cmd_check(const cli_args *args)
{
    if (args->npositional != 1)
        return cli_usage(args, "expected one scenario file");
    const char *file = args->positional[0];
    lb_errlist errs = {0};
    lb_state *st = cli_load_keep(args, file, &errs);
    cli_print_errors(&errs);
    if (!st) {
        if (args->json)
            cli_print_json(json_pack("{s:s,s:b,s:o}", "file", file, "valid", 0, "errors",
                                     errors_json(&errs)));
        lb_errlist_release(&errs);
        return CLI_INVALID;
    }
    lb_errlist_release(&errs);
    int combat = 0;
    for (int i = 0; i < lb_state_unit_count(st); i++)
        combat += cli_unit(st, i).combat;
    int cols, rows;
    lb_map_size(lb_state_map(st), &cols, &rows);
    if (args->json) {
        cli_print_json(json_pack("{s:s,s:b,s:s?,s:s,s:i,s:i,s:i,s:i,s:[]}", "file", file, "valid",
                                 1, "game", lb_state_game(st), "rules",
                                 lb_name(LB_NAME_EDITION, lb_state_rules(st)), "columns",
                                 cols, "rows", rows, "units",
                                 lb_state_unit_count(st), "combat_units", combat, "errors"));
    } else {
        printf("%s: valid: %s map, %d units (%d combat), game %s, rules %s\n", file,
               cli_map_size(st, (char[CLI_MAP_SIZE_MAX]){0}), lb_state_unit_count(st), combat,
               lb_state_game(st) ? lb_state_game(st) : "(inline)",
               lb_name(LB_NAME_EDITION, lb_state_rules(st)));
    }
    lb_state_free(st);
    return CLI_OK;
}
