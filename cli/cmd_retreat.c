/* labataille retreat FILE UNIT --kind K [--die N] [--auto] [--all]: the optimal paths, or surrender. */
#include "cli.h"
#include "lb/lb.h"

/* Paths kept for the text form without --all (R-RET-12: the count is always given). */
#define TEXT_PATHS 5

int cmd_retreat(const cli_args *args)
{
    if (args->npositional != 2)
        return cli_usage(args, "expected a scenario file and a unit id");
    const char *kind = cli_option_value(args, "kind", NULL);
    if (!kind)
        return cli_usage(args, "--kind disorder|rout|flight is required");
    int k = lb_name_parse(LB_NAME_RETREAT_KIND, kind);
    if (k < 0)
        return cli_usage(args, "--kind: expected disorder, rout or flight, found \"%s\"", kind);
    lb_question q = {.kind = LB_ASK_RETREAT, .retreat_kind = k};
    int given;
    const char *die = cli_option_value(args, "die", &given);
    if (given) {
        if (!die[0] || die[1] || die[0] < '1' || die[0] > '6')
            return cli_usage(args, "--die: expected one die 1-6, found \"%s\"", die);
        if (k != LB_RETREAT_ROUT)
            return cli_usage(args, "--die is the length of a premier-2017 charge-caused rout; "
                                   "it needs --kind rout");
        q.die = die[0] - '0';
    }
    cli_option_value(args, "auto", &q.automatic);
    cli_option_value(args, "all", &q.all);
    if (!q.all && !args->json)
        q.paths = TEXT_PATHS;
    lb_state *st = cli_load(args, args->positional[0]);
    if (!st)
        return CLI_INVALID;
    const char *id = args->positional[1];
    int unit = lb_state_unit_index(st, id), rc;
    if (unit < 0 || !cli_unit(st, unit).combat) {
        rc = unit < 0 ? cli_unknown_unit(st, "", id)
                      : cli_invalid("\"%s\" is a leader: only combat units retreat", id);
        lb_state_free(st);
        return rc;
    }
    q.unit = unit;
    lb_answer *a;
    int lrc = lb_ask(st, &q, &a, NULL);
    rc = lrc == LB_OK ? cli_print_asked(args, a) : cli_invalid("%s", lb_err_str(lrc));
    lb_answer_free(a);
    lb_state_free(st);
    return rc;
}
