/* The answer of a question whose decisions the command line took (charge, melee): printed, or the error that stopped it. */
#include "cli.h"

int cli_ask_decided(const cli_args *args, const lb_state *st, const lb_question *q,
                    const int *decider_rc)
{
    lb_answer *a;
    lb_err err;
    int lrc = lb_ask(st, q, &a, &err), rc;
    if (lrc == LB_OK)
        rc = cli_print_asked(args, a);
    else if (*decider_rc != CLI_OK)
        rc = *decider_rc;
    else if (lrc == LB_DICE)
        rc = cli_usage(args, "--dice: %s", err.msg);
    else
        rc = cli_invalid("%s", err.msg);
    lb_answer_free(a);
    return rc;
}
