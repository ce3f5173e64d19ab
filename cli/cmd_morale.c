/* labataille morale FILE UNIT [--mod N] [--dice R]: a check's modifiers, odds and outcome. */
#include <stdlib.h>

#include "cli.h"

static int parse_mod(const cli_args *args, int *mod)
{
    int given;
    const char *v = cli_option_value(args, "mod", &given);
    *mod = 0;
    if (!given)
        return CLI_OK;
    char *end;
    long m = strtol(v, &end, 10);
    if (!*v || *end || m < -99 || m > 99)
        return cli_usage(args, "--mod: expected a whole number of steps -99..99, found \"%s\"", v);
    *mod = (int)m;
    return CLI_OK;
}

int cmd_morale(const cli_args *args)
{
    if (args->npositional != 2)
        return cli_usage(args, "expected a scenario file and a unit id");
    int mod, rc = parse_mod(args, &mod);
    if (rc != CLI_OK)
        return rc;
    int rolled = cli_option_value(args, "dice", NULL) || cli_option_value(args, "seed", NULL);
    int scripted = cli_option_value(args, "dice", NULL) != NULL;
    lb_dice dice;
    uint64_t seed = 0;
    if (rolled && (rc = cli_dice(args, &dice, &seed)) != CLI_OK)
        return rc;
    lb_state *st = cli_load(args, args->positional[0]);
    if (!st)
        return CLI_INVALID;
    const char *id = args->positional[1];
    int unit = lb_state_unit_index(st, id);
    if (unit < 0 || !cli_unit(st, unit).combat) {
        rc = unit < 0 ? cli_unknown_unit(st, "", id)
                      : cli_invalid("\"%s\" is a leader: only combat units check morale", id);
        lb_state_free(st);
        return rc;
    }
    lb_question q = {.kind = LB_ASK_MORALE, .unit = unit, .mod = mod,
                     .dice = rolled ? &dice : NULL, .seed = seed, .scripted = scripted};
    lb_answer *a;
    int lrc = lb_ask(st, &q, &a, NULL);
    if (lrc == LB_DICE)
        rc = cli_usage(args, "--dice: expected a two-dice roll 11-66 for the morale check");
    else if (lrc != LB_OK)
        rc = cli_invalid("%s", lb_err_str(lrc));
    else
        rc = cli_print_asked(args, a);
    lb_answer_free(a);
    lb_state_free(st);
    return rc;
}
