/* labataille fire FILE UNIT TARGET [--with U2,U3] [--kind K] [--dice R]: may UNIT (with U2, U3) fire at TARGET, with what result. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "lb/rules.h"

/* UNIT and the units of --with U2,U3: the firers of one fire (R-FIRE-23). NULL after printing an
 * error (*rc says which). */
static int *firers_of(const lb_state *st, int unit, const char *with, int *n, int *rc)
{
    size_t len = with ? strlen(with) : 0, count = 1;
    for (size_t i = 0; i < len; i++)
        count += with[i] == ',';
    int *f = calloc(count + 1, sizeof *f);
    char *copy = with ? strdup(with) : NULL;
    if (!f || (with && !copy)) {
        free(f);
        free(copy);
        *rc = cli_invalid("%s", lb_err_str(LB_NOMEM));
        return NULL;
    }
    f[0] = unit;
    *n = 1;
    char *save = NULL;
    for (char *id = copy ? strtok_r(copy, ",", &save) : NULL; id; id = strtok_r(NULL, ",", &save)) {
        f[*n] = lb_state_unit_index(st, id);
        if (f[*n] < 0) {
            *rc = cli_invalid("unknown unit \"%s\" (--with)", id);
            free(copy);
            free(f);
            return NULL;
        }
        (*n)++;
    }
    free(copy);
    return f;
}

int cmd_fire(const cli_args *args)
{
    if (args->npositional != 3)
        return cli_usage(args, "expected a scenario file, a unit id and a target hex or unit");
    const char *kind_text = cli_option_value(args, "kind", NULL);
    int kind = kind_text ? lb_name_parse(LB_NAME_FIRE_KIND, kind_text) : LB_FIRE_OFFENSIVE;
    if (kind < 0)
        return cli_usage(args, "--kind: expected offensive, defensive or opportunity, found \"%s\"",
                         kind_text);
    int rolled = cli_option_value(args, "dice", NULL) || cli_option_value(args, "seed", NULL);
    int scripted = cli_option_value(args, "dice", NULL) != NULL;
    lb_dice dice;
    uint64_t seed = 0;
    int rc;
    if (rolled && (rc = cli_dice(args, &dice, &seed)) != CLI_OK)
        return rc;
    lb_state *st = cli_load(args, args->positional[0]);
    if (!st)
        return CLI_INVALID;
    const char *id = args->positional[1];
    int unit = lb_state_unit_index(st, id), tunit;
    lb_hex target;
    if (unit < 0) {
        rc = cli_unknown_unit(st, "", id);
        lb_state_free(st);
        return rc;
    }
    if (cli_hex_or_unit(st, args->positional[2], &target, &tunit) != 0) {
        lb_state_free(st);
        return CLI_INVALID;
    }
    int nfirers;
    int *firers = firers_of(st, unit, cli_option_value(args, "with", NULL), &nfirers, &rc);
    if (!firers) {
        lb_state_free(st);
        return rc;
    }
    lb_question q = {.kind = LB_ASK_FIRE, .units = firers, .nunits = nfirers, .to = target,
                     .to_unit = tunit, .fire_kind = kind, .dice = rolled ? &dice : NULL,
                     .seed = seed, .scripted = scripted};
    lb_answer *a;
    lb_err err;
    int lrc = lb_ask(st, &q, &a, &err);
    if (lrc == LB_USAGE)
        rc = cli_usage(args, "%s", err.msg);
    else if (lrc == LB_DICE)
        rc = cli_usage(args, "--dice: expected a two-dice roll 11-66 for the fire, then one for "
                             "each morale check, then single dice for leader casualties");
    else if (lrc != LB_OK)
        rc = cli_invalid("%s", lb_err_str(lrc));
    else
        rc = cli_print_asked(args, a);
    lb_answer_free(a);
    free(firers);
    lb_state_free(st);
    return rc;
}
