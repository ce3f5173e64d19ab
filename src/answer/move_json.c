/* Movement answers as JSON (labataille move): allowance, a plan checked step by step, every hex in reach, the other actions open. */
#include <stdio.h>

#include "answer_int.h"
#include "lb/stacking.h"
#include "state_int.h"
#include "frac_int.h"

static const char *label(const lb_state *st, lb_hex h, char *buf)
{
    return lb_map_label(&st->map, h, buf);
}

/* Costs in half MP as cli.md writes them: a number, or an exact fraction string ("5/2"). */
static json_t *mp_json(int halves)
{
    if (halves % 2 == 0)
        return json_integer(halves / 2);
    char buf[24];
    snprintf(buf, sizeof buf, "%d/2", halves);
    return json_string(buf);
}

/* A reason as the answers write it (at most LB_MOVE_REASON_MAX - 1 bytes). */
static json_t *said_json(const lb_said *s)
{
    char buf[LB_MOVE_REASON_MAX];
    lb_said_fmt(s, buf, sizeof buf);
    return json_string(buf);
}

static json_t *events_json(const lb_state *st, const lb_move_outcome *o)
{
    json_t *a = json_array();
    char buf[LB_HEX_LABEL_MAX];
    for (int i = 0; i < o->nevents; i++) {
        const lb_move_event *e = &o->events[i];
        json_t *units = json_array();
        for (int k = 0; k < e->nunits; k++)
            json_array_append_new(units, json_string(e->units[k]));
        json_array_append_new(a, json_pack("{s:s,s:s,s:s,s:o}", "kind", lb_move_event_name(e->kind),
                                           "rule", e->rule, "hex", label(st, e->hex, buf), "units",
                                           units));
    }
    return a;
}

static json_t *frac_json(lb_frac f)
{
    if (f.den == 1)
        return json_integer(f.num);
    char buf[48];
    return json_string(lb_frac_fmt(f, buf, sizeof buf));
}

/* One action's answer; total is the plan's running cost. */
static json_t *outcome_json(const lb_state *st, const lb_move_outcome *o, int total)
{
    char buf[LB_HEX_LABEL_MAX];
    json_t *j = json_pack("{s:s,s:s,s:o,s:o,s:b,s:s,s:o}", "action", lb_move_kind_name(o->action.kind),
                          "hex", label(st, o->to[0], buf), "cost", mp_json(o->cost), "total",
                          mp_json(total), "legal", o->legal, "rule", o->rule ? o->rule : "",
                          "reason", said_json(&o->why));
    json_object_set_new(j, "hexes", lbi_hexes_json(st, o->to, o->nto));
    json_object_set_new(j, "formation", json_string(lb_formation_name(o->formation)));
    json_object_set_new(j, "facing", o->facing ? json_integer(o->facing) : json_null());
    json_object_set_new(j, "stop", json_boolean(o->stop));
    if (o->action.kind == LB_ACT_ATTACH)
        json_object_set_new(j, "with", json_string(o->action.with ? o->action.with : ""));
    if (o->roll_needed) {
        json_object_set_new(j, "p_success", frac_json(o->p_success));
        json_object_set_new(j, "roll", o->rolled ? json_integer(o->roll) : json_null());
        json_object_set_new(j, "success", o->rolled ? json_boolean(o->success) : json_null());
    }
    json_object_set_new(j, "events", events_json(st, o));
    return j;
}

/* R-STACK-6: the unit's hex against its limit, and each unit's chance to fail the check. */
static json_t *stacking_json(const lb_state *st, const lb_stack_check *c)
{
    char buf[LB_HEX_LABEL_MAX];
    json_t *j = json_pack("{s:s,s:b}", "hex", label(st, c->hex, buf), "over", c->over);
    json_object_set_new(j, "rule", c->over ? json_string(c->rule) : json_null());
    json_object_set_new(j, "reason", c->over ? said_json(&c->why) : json_null());
    json_t *units = json_array();
    for (int i = 0; i < c->nunits; i++)
        json_array_append_new(units, json_pack("{s:s,s:o}", "unit", c->units[i].unit, "p_fail",
                                               frac_json(lb_frac_sub(lb_frac_int(1),
                                                                     c->units[i].odds.p_pass))));
    json_object_set_new(j, "units", units);
    return j;
}

static json_t *move_answer(const lb_move_answer *A, const lb_trace *t)
{
    const lb_state *st = A->st;
    const lb_unit *u = &st->units[A->unit];
    const lb_move_choices *ch = A->ch;
    char buf[LB_HEX_LABEL_MAX];
    json_t *j = json_pack("{s:s,s:s,s:s,s:s}", "unit", u->id, "arm", lb_arm_name(u->arm), "start",
                          label(st, u->hexes[0], buf), "formation", lb_formation_name(u->formation));
    json_object_set_new(j, "facing", u->facing ? json_integer(u->facing) : json_null());
    json_object_set_new(j, "allowance", mp_json(A->pl ? A->pl->allowance : ch->allowance));
    json_object_set_new(j, "spent", mp_json(ch->spent));
    const lb_move_plan *pl = A->pl;
    int legal = pl ? pl->legal : 1;
    json_object_set_new(j, "legal", json_boolean(legal));
    json_object_set_new(j, "rule", pl && !legal && pl->rule ? json_string(pl->rule) : json_null());
    json_object_set_new(j, "reason", pl && !legal ? said_json(&pl->why) : json_null());
    json_object_set_new(j, "cost", mp_json(pl ? pl->cost : 0));
    json_object_set_new(j, "stop", pl && pl->stop >= 0
                                       ? json_string(label(st, pl->actions[pl->stop].to[0], buf))
                                       : json_null());
    json_t *steps = json_array();
    int total = 0;
    for (int i = 0; pl && i < pl->nactions; i++) {
        total += pl->actions[i].legal ? pl->actions[i].cost : 0;
        json_array_append_new(steps, outcome_json(st, &pl->actions[i], total));
    }
    json_object_set_new(j, "steps", steps);
    json_object_set_new(j, "refused", pl && !legal ? json_integer(pl->refused) : json_null());
    json_t *reach = json_object(), *pass = json_array(), *stops = json_array();
    for (int i = 1; i < ch->nreach; i++) {
        const lb_move_reach *r = &ch->reach[i];
        label(st, r->hex, buf);
        if (r->end)
            json_object_set_new(reach, buf, mp_json(r->cost));
        else
            json_array_append_new(pass, json_string(buf));
        if (r->stop)
            json_array_append_new(stops, json_string(buf));
    }
    json_object_set_new(j, "reachable", reach);
    json_object_set_new(j, "reachable_count", json_integer((json_int_t)json_object_size(reach)));
    json_object_set_new(j, "pass_only", pass);
    json_object_set_new(j, "must_stop", stops);
    json_object_set_new(j, "may_step", json_boolean(ch->may_step));
    json_object_set_new(j, "no_step", ch->may_step ? json_null()
                                                   : json_pack("{s:s,s:o}", "rule", ch->rule,
                                                               "reason", said_json(&ch->why)));
    json_t *changes = json_array();
    for (int i = 0; i < ch->nchanges; i++)
        json_array_append_new(changes, outcome_json(st, &ch->changes[i], ch->changes[i].cost));
    json_object_set_new(j, "changes", changes);
    if (A->entry) {
        const lb_move_entry *e = A->entry;
        json_t *ej = json_pack("{s:s,s:b,s:o,s:s,s:o,s:b}", "hex", label(st, e->hex, buf), "legal",
                               e->legal, "cost", mp_json(e->cost), "formation",
                               lb_formation_name(e->formation), "alternatives",
                               lbi_hexes_json(st, e->alternatives, e->nalternatives), "delayed",
                               e->delayed);
        json_object_set_new(ej, "rule", e->rule ? json_string(e->rule) : json_null());
        json_object_set_new(ej, "reason", said_json(&e->why));
        json_object_set_new(j, "entry", ej);
    }
    json_object_set_new(j, "stacking", stacking_json(st, A->stack));
    json_object_set_new(j, "seed", A->rolled ? json_integer((json_int_t)A->seed) : json_null());
    json_object_set_new(j, "trace", lbi_trace_json(t));
    return j;
}

int lb_move_json(const lb_move_answer *a, const lb_trace *t, char **out)
{
    return lbi_answer_text(move_answer(a, t), out);
}

