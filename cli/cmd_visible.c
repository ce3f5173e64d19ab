/* labataille visible FILE FROM: every hex FROM sees, as a list and drawn on the map. */
#include <stdio.h>

#include "cli.h"

int cmd_visible(const cli_args *args)
{
    if (args->npositional != 2)
        return cli_usage(args, "expected a scenario file and FROM (a hex label or a unit id)");
    lb_state *st = cli_load(args, args->positional[0]);
    if (!st)
        return CLI_INVALID;
    lb_hex from;
    int unit;
    if (cli_hex_or_unit(st, args->positional[1], &from, &unit)) {
        lb_state_free(st);
        return CLI_INVALID;
    }
    lb_question q = {.kind = LB_ASK_VISIBLE, .unit = unit, .from = from};
    lb_answer *a;
    int lrc = lb_ask(st, &q, &a, NULL);
    int rc = lrc == LB_OK ? cli_print_asked(args, a) : cli_invalid("%s", lb_err_str(lrc));
    if (a && !args->json)
        printf("\nfor the reasons behind one hex (R-LOS-8): labataille los FILE %s HEX\n",
               args->positional[1]);
    lb_answer_free(a);
    lb_state_free(st);
    return rc;
}
