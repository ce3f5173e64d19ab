/* labataille morale FILE UNIT [--mod N] [--dice R]: a check's modifiers, odds and outcome. */
#include <stdio.h>
#include <stdlib.h>

#include "cli.h"
#include "lb/morale.h"

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

static json_t *mods_json(const lb_morale_chance *o)
{
    json_t *a = json_array();
    for (int i = 0; i < o->nmods; i++)
        json_array_append_new(a, json_pack("{s:s,s:s,s:i}", "rule", o->mods[i].rule, "reason",
                                           o->mods[i].reason, "value", o->mods[i].value));
    return a;
}

static json_t *answer_json(const lb_state *st, int unit, lb_morale_kind kind,
                           const lb_morale_result *r, int rolled, uint64_t seed, int scripted,
                           const lb_trace *t)
{
    const lb_morale_chance *o = &r->odds;
    char exact[48];
    json_t *j = json_pack("{s:s,s:s,s:s,s:i,s:i,s:o,s:s?,s:f,s:s}", "unit",
                          lb_state_unit(st, unit)->id, "check", lb_morale_kind_name(kind), "state",
                          lb_morale_state_name(lb_state_unit(st, unit)->state), "morale", o->morale,
                          "modifier", o->modifier, "modifiers", mods_json(o), "leader",
                          o->leader >= 0 ? lb_state_unit(st, o->leader)->id : NULL, "p_pass",
                          lb_frac_double(o->p_pass), "p_pass_exact",
                          lb_frac_fmt(o->p_pass, exact, sizeof exact));
    json_object_set_new(j, "need", o->need ? json_integer(o->need) : json_null());
    json_object_set_new(j, "auto_pass", o->auto_pass ? json_integer(o->auto_pass) : json_null());
    json_object_set_new(j, "auto_fail", o->auto_fail ? json_integer(o->auto_fail) : json_null());
    if (rolled) {
        const lb_morale_outcome *oc = &r->outcome;
        json_object_set_new(j, "roll", json_integer(r->roll));
        json_object_set_new(j, "modified", json_integer(r->modified));
        json_object_set_new(j, "automatic", json_boolean(r->automatic != 0));
        json_object_set_new(j, "passed", json_boolean(oc->passed));
        json_object_set_new(j, "new_state", json_string(lb_morale_state_name(oc->to)));
        json_object_set_new(j, "new_formation", json_string(lb_formation_name(oc->formation)));
        json_object_set_new(j, "then",
                            oc->moves ? json_string(lb_retreat_kind_name(oc->move)) : json_null());
        if (!scripted)
            json_object_set_new(j, "seed", json_integer((json_int_t)seed));
    } else {
        const char *keys[] = {"roll", "modified", "passed", "new_state", "new_formation", "then"};
        for (size_t i = 0; i < sizeof keys / sizeof *keys; i++)
            json_object_set_new(j, keys[i], json_null());
    }
    json_object_set_new(j, "trace", cli_trace_json(t));
    return j;
}

static void print_text(const lb_state *st, int unit, lb_morale_kind kind,
                       const lb_morale_result *r, int rolled, uint64_t seed, int scripted,
                       const lb_trace *t)
{
    const lb_unit *u = lb_state_unit(st, unit);
    const lb_morale_chance *o = &r->odds;
    char exact[48];
    printf("%s check of %s (%s %s, %s, morale %d)\n", lb_morale_kind_name(kind), u->id,
           lb_state_side_name(st, u->side), lb_arm_name(u->arm), lb_morale_state_name(u->state),
           u->morale);
    for (int i = 0; i < o->nmods; i++)
        printf("  %+3d  %s%s%s  [%s]\n", o->mods[i].value, o->mods[i].reason,
               i == 0 && o->leader >= 0 ? " " : "",
               i == 0 && o->leader >= 0 ? lb_state_unit(st, o->leader)->id : "", o->mods[i].rule);
    printf("  modifier %+d: passes when the modified roll is greater than %d", o->modifier,
           o->morale);
    if (o->need)
        printf(" (natural %d or more)", o->need);
    printf("\n  chance to pass: %s = %.1f%%\n", lb_frac_fmt(o->p_pass, exact, sizeof exact),
           100.0 * lb_frac_double(o->p_pass));
    if (rolled) {
        const lb_morale_outcome *oc = &r->outcome;
        if (!scripted)
            printf("  seed %llu\n", (unsigned long long)seed);
        printf("  roll %d %+d = %d: %s%s; %s -> %s in %s", r->roll, o->modifier, r->modified,
               oc->passed ? "passed" : "failed",
               r->automatic ? " (automatic natural roll)" : "", lb_morale_state_name(oc->from),
               lb_morale_state_name(oc->to), lb_formation_name(oc->formation));
        if (oc->moves)
            printf(", then %s (labataille retreat --kind %s)", lb_retreat_kind_name(oc->move),
                   lb_retreat_kind_name(oc->move));
        printf("\n");
    } else {
        printf("  (give --dice ROLL or --seed N to roll)\n");
    }
    printf("trace:\n");
    cli_trace_print(t);
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
    if (unit < 0 || !lb_unit_is_combat(lb_state_unit(st, unit))) {
        rc = unit < 0 ? cli_unknown_unit(st, "", id)
                      : cli_invalid("\"%s\" is a leader: only combat units check morale", id);
        lb_state_free(st);
        return rc;
    }
    lb_morale_mod extra = {"R-MOR-1", "caller's modifier (--mod)", mod};
    lb_morale_kind kind = lb_morale_kind_for(st, unit);
    lb_morale_result r;
    lb_trace t;
    lb_trace_init(&t);
    int lrc = rolled ? lb_morale_resolve(st, unit, kind, &extra, mod != 0, &dice, &r, &t)
                     : lb_morale_odds(st, unit, &extra, mod != 0, &r.odds, &t);
    if (lrc == LB_DICE) {
        rc = cli_usage(args, "--dice: expected a two-dice roll 11-66 for the morale check");
    } else if (lrc != LB_OK) {
        rc = cli_invalid("%s", lb_err_str(lrc));
    } else if (args->json) {
        cli_print_json(answer_json(st, unit, kind, &r, rolled, seed, scripted, &t));
    } else {
        print_text(st, unit, kind, &r, rolled, seed, scripted, &t);
    }
    lb_trace_release(&t);
    lb_state_free(st);
    return rc;
}
