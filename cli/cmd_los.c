/* labataille los FILE FROM TO: can FROM see TO; each intervening hex and the rule behind it. */
#include "cli.h"

int cmd_los(const cli_args *args)
{
    if (args->npositional != 3)
        return cli_usage(args, "expected a scenario file, FROM and TO (hex labels or unit ids)");
    lb_state *st = cli_load(args, args->positional[0]);
    if (!st)
        return CLI_INVALID;
    lb_hex from, to;
    int unit_from, unit_to;
    if (cli_hex_or_unit(st, args->positional[1], &from, &unit_from) ||
        cli_hex_or_unit(st, args->positional[2], &to, &unit_to)) {
        lb_state_free(st);
        return CLI_INVALID;
    }
    lb_question q = {.kind = LB_ASK_LOS, .unit = unit_from, .from = from, .to = to};
    lb_answer *a;
    int lrc = lb_ask(st, &q, &a, NULL);
    int rc = lrc == LB_OK ? cli_print_asked(args, a) : cli_invalid("%s", lb_err_str(lrc));
    lb_answer_free(a);
    lb_state_free(st);
    return rc;
}
