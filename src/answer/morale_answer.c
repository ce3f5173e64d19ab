/* Morale check answers (labataille morale): the modifiers, exact odds and outcome, as text and JSON. */
#include "answer_int.h"
#include "ask_int.h"
#include "morale_int.h"
#include "retreat_int.h"
#include "unit_int.h"
#include "frac_int.h"

static json_t *mods_json(const lb_morale_chance *o)
{
    json_t *a = json_array();
    for (int i = 0; i < o->nmods; i++)
        json_array_append_new(a, json_pack("{s:s,s:s,s:i}", "rule", o->mods[i].rule, "reason",
                                           o->mods[i].reason, "value", o->mods[i].value));
    return a;
}

json_t *lbi_morale_json(const lb_answer *a)
{
    const lb_state *st = a->st;
    int unit = a->q.unit, rolled = a->q.dice != NULL;
    const lb_morale_result *r = &a->u.morale.r;
    const lb_morale_chance *o = &r->odds;
    char exact[48];
    json_t *j = json_pack("{s:s,s:s,s:s,s:i,s:i,s:o,s:s?,s:f,s:s}", "unit",
                          lb_state_unit(st, unit)->id, "check",
                          lb_morale_kind_name(a->u.morale.kind), "state",
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
        if (!a->q.scripted)
            json_object_set_new(j, "seed", json_integer((json_int_t)a->q.seed));
    } else {
        const char *keys[] = {"roll", "modified", "passed", "new_state", "new_formation", "then"};
        for (size_t i = 0; i < sizeof keys / sizeof *keys; i++)
            json_object_set_new(j, keys[i], json_null());
    }
    json_object_set_new(j, "trace", lbi_trace_json(&a->trace));
    return j;
}

/* The roll and the state, formation and move it leads to. */
static void outcome_text(FILE *out, const lb_answer *a)
{
    const lb_morale_result *r = &a->u.morale.r;
    const lb_morale_outcome *oc = &r->outcome;
    if (!a->q.scripted)
        fprintf(out, "  seed %llu\n", (unsigned long long)a->q.seed);
    fprintf(out, "  roll %d %+d = %d: %s%s; %s -> %s in %s", r->roll, r->odds.modifier,
            r->modified, oc->passed ? "passed" : "failed",
            r->automatic ? " (automatic natural roll)" : "", lb_morale_state_name(oc->from),
            lb_morale_state_name(oc->to), lb_formation_name(oc->formation));
    if (oc->moves)
        fprintf(out, ", then %s (labataille retreat --kind %s)", lb_retreat_kind_name(oc->move),
                lb_retreat_kind_name(oc->move));
    fprintf(out, "\n");
}

int lbi_morale_text(const lb_answer *a, FILE *out)
{
    const lb_state *st = a->st;
    const lb_unit *u = lb_state_unit(st, a->q.unit);
    const lb_morale_chance *o = &a->u.morale.r.odds;
    char exact[48];
    fprintf(out, "%s check of %s (%s %s, %s, morale %d)\n",
            lb_morale_kind_name(a->u.morale.kind), u->id, lb_state_side_name(st, u->side),
            lb_arm_name(u->arm), lb_morale_state_name(u->state), u->morale);
    for (int i = 0; i < o->nmods; i++)
        fprintf(out, "  %+3d  %s%s%s  [%s]\n", o->mods[i].value, o->mods[i].reason,
                i == 0 && o->leader >= 0 ? " " : "",
                i == 0 && o->leader >= 0 ? lb_state_unit(st, o->leader)->id : "",
                o->mods[i].rule);
    fprintf(out, "  modifier %+d: passes when the modified roll is greater than %d", o->modifier,
            o->morale);
    if (o->need)
        fprintf(out, " (natural %d or more)", o->need);
    fprintf(out, "\n  chance to pass: %s = %.1f%%\n", lb_frac_fmt(o->p_pass, exact, sizeof exact),
            100.0 * lb_frac_double(o->p_pass));
    if (a->q.dice)
        outcome_text(out, a);
    else
        fprintf(out, "  (give --dice ROLL or --seed N to roll)\n");
    fprintf(out, "trace:\n");
    lb_trace_print(out, &a->trace);
    return LB_OK;
}

int lbi_morale_ask(lb_answer *a, lb_err *err)
{
    (void)err; /* its errors have no words of their own */
    const lb_state *st = a->st;
    int unit = a->q.unit, mod = a->q.mod;
    lb_morale_mod extra = {"R-MOR-1", "caller's modifier (--mod)", mod};
    lb_morale_result *r = &a->u.morale.r;
    if (unit < 0 || unit >= lb_state_unit_count(st))
        return LB_INVALID;
    a->u.morale.kind = lb_morale_kind_for(st, unit);
    return a->q.dice ? lb_morale_resolve(st, unit, a->u.morale.kind, &extra, mod != 0, a->q.dice,
                                         r, &a->trace)
                     : lb_morale_odds(st, unit, &extra, mod != 0, &r->odds, &a->trace);
}
