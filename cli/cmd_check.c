/* labataille check FILE: is the scenario valid; every error with its position. */
#include <stdio.h>

#include "cli.h"

int cmd_check(const cli_args *args)
{
    if (args->npositional != 1)
        return cli_usage(args, "expected one scenario file");
    const char *file = args->positional[0];
    lb_state *st = cli_load(args, file);
    if (!st) {
        if (args->json)
            cli_print_json(json_pack("{s:s,s:b}", "file", file, "valid", 0));
        return CLI_INVALID;
    }
    int combat = 0;
    for (int i = 0; i < st->nunits; i++)
        combat += lb_unit_is_combat(&st->units[i]);
    if (args->json) {
        cli_print_json(json_pack("{s:s,s:b,s:s?,s:s,s:i,s:i,s:i,s:i}", "file", file, "valid", 1,
                                 "game", st->game, "rules", lb_edition_name(st->rules), "columns",
                                 st->map.cols, "rows", st->map.rows, "units", st->nunits,
                                 "combat_units", combat));
    } else {
        printf("%s: valid: %dx%d map, %d units (%d combat), game %s, rules %s\n", file,
               st->map.cols, st->map.rows, st->nunits, combat, st->game ? st->game : "(inline)",
               lb_edition_name(st->rules));
    }
    lb_state_free(st);
    return CLI_OK;
}
