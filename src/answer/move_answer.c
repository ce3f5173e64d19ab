/* Movement answers (labataille move) as text and JSON: allowance, a plan checked step by step, every hex in reach, the other actions open. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "answer_int.h"
#include "ask_int.h"
#include "lb/ask.h"
#include "move_int.h"
#include "reactions_int.h"
#include "stacking_int.h"
#include "state_int.h"
#include "frac_int.h"
#include "unit_int.h"
#include "hex_int.h"

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

/* Every hex in reach into j: where the unit may end (with its cost), may only pass, must stop. */
static void reach_json(json_t *j, const lb_state *st, const lb_move_choices *ch)
{
    char buf[LB_HEX_LABEL_MAX];
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
}

/* R-MOV-17: the entry, legal or refused. */
static json_t *entry_json(const lb_state *st, const lb_move_entry *e)
{
    char buf[LB_HEX_LABEL_MAX];
    json_t *ej = json_pack("{s:s,s:b,s:o,s:s,s:o,s:b}", "hex", label(st, e->hex, buf), "legal",
                           e->legal, "cost", mp_json(e->cost), "formation",
                           lb_formation_name(e->formation), "alternatives",
                           lbi_hexes_json(st, e->alternatives, e->nalternatives), "delayed",
                           e->delayed);
    json_object_set_new(ej, "rule", e->rule ? json_string(e->rule) : json_null());
    json_object_set_new(ej, "reason", said_json(&e->why));
    return ej;
}

/* The hexes the planned move enters, in order (the hexes after each of its legal actions), as a
 * malloc'd array in *out (NULL when there is no plan); their count, or -1 out of memory. */
static int plan_hexes(const lb_answer *a, lb_hex **out)
{
    const lb_move_plan *pl = a->u.move.planned ? &a->u.move.pl : NULL;
    *out = NULL;
    if (!pl || pl->nactions == 0)
        return 0;
    lb_hex *h = malloc((size_t)pl->nactions * LB_UNIT_MAX_HEXES * sizeof *h);
    if (!h)
        return -1;
    int n = 0;
    for (int i = 0; i < pl->nactions; i++)
        for (int k = 0; pl->actions[i].legal && k < pl->actions[i].nto; k++)
            h[n++] = pl->actions[i].to[k];
    *out = h;
    return n;
}

/* R-OCH-10: the enemy cavalry that could charge the planned move in opportunity, into j. */
static int reactions_json(const lb_answer *a, json_t *j)
{
    lb_hex *path;
    int n = plan_hexes(a, &path);
    const lb_state *st = a->u.move.at;
    int rc = n < 0 ? LB_NOMEM
                   : lbi_reactions_json(st, st->units[a->u.move.unit].id, path, n, 0, j);
    free(path);
    return rc;
}

json_t *lbi_move_json(const lb_answer *a)
{
    const lb_state *st = a->u.move.at;
    const lb_unit *u = &st->units[a->u.move.unit];
    const lb_move_choices *ch = &a->u.move.ch;
    char buf[LB_HEX_LABEL_MAX];
    json_t *j = json_pack("{s:s,s:s,s:s,s:s}", "unit", u->id, "arm", lb_arm_name(u->arm), "start",
                          label(st, u->hexes[0], buf), "formation", lb_formation_name(u->formation));
    json_object_set_new(j, "facing", u->facing ? json_integer(u->facing) : json_null());
    const lb_move_plan *pl = a->u.move.planned ? &a->u.move.pl : NULL;
    json_object_set_new(j, "allowance", mp_json(pl ? pl->allowance : ch->allowance));
    json_object_set_new(j, "spent", mp_json(ch->spent));
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
    reach_json(j, st, ch);
    json_object_set_new(j, "may_step", json_boolean(ch->may_step));
    json_object_set_new(j, "no_step", ch->may_step ? json_null()
                                                   : json_pack("{s:s,s:o}", "rule", ch->rule,
                                                               "reason", said_json(&ch->why)));
    json_t *changes = json_array();
    for (int i = 0; i < ch->nchanges; i++)
        json_array_append_new(changes, outcome_json(st, &ch->changes[i], ch->changes[i].cost));
    json_object_set_new(j, "changes", changes);
    if (a->q.enter)
        json_object_set_new(j, "entry", entry_json(st, &a->u.move.entry));
    json_object_set_new(j, "stacking", stacking_json(st, &a->u.move.stack));
    json_object_set_new(j, "seed",
                        a->u.move.rolled ? json_integer((json_int_t)a->q.seed) : json_null());
    json_object_set_new(j, "trace", lbi_trace_json(&a->trace));
    if (a->u.move.planned && reactions_json(a, j) != LB_OK) {
        json_decref(j);
        return NULL;
    }
    return j;
}

/* ---- the text -------------------------------------------------------------------------------- */

enum { MARK_NONE, MARK_PASS, MARK_REACH, MARK_STOP, MARK_PATH, MARK_END, MARK_START };

static const char mark_chars[] = " o+s=*@";

static const char *mp_text(int halves, char *buf, size_t n)
{
    if (halves % 2)
        snprintf(buf, n, "%d/2", halves);
    else
        snprintf(buf, n, "%d", halves / 2);
    return buf;
}

static const char *said_text(const lb_said *s, char *buf, size_t n)
{
    lb_said_fmt(s, buf, n);
    return buf;
}

static void events_text(FILE *out, const lb_state *st, const lb_move_outcome *o)
{
    char buf[LB_HEX_LABEL_MAX];
    for (int i = 0; i < o->nevents; i++) {
        const lb_move_event *e = &o->events[i];
        fprintf(out, "       %s at %s:", lb_move_event_name(e->kind), label(st, e->hex, buf));
        for (int k = 0; k < e->nunits; k++)
            fprintf(out, " %s", e->units[k]);
        fprintf(out, " [%s]\n", e->rule);
    }
}

static void mark(const lb_map *m, unsigned char *marks, lb_hex h, int what)
{
    if (lb_map_contains(m, h) && marks[lb_map_cell(m, h)] < what)
        marks[lb_map_cell(m, h)] = (unsigned char)what;
}

/* One mark per cell of the map: the start, the hexes in reach, the plan (malloc'd; NULL: out of
 * memory). */
static unsigned char *marks_of(const lb_answer *a)
{
    const lb_state *st = a->u.move.at;
    const lb_map *m = &st->map;
    const lb_move_choices *ch = &a->u.move.ch;
    const lb_move_plan *pl = a->u.move.planned ? &a->u.move.pl : NULL;
    unsigned char *marks = calloc((size_t)m->cols * (size_t)m->rows, 1);
    if (!marks)
        return NULL;
    for (int i = 1; i < ch->nreach; i++) {
        const lb_move_reach *r = &ch->reach[i];
        mark(m, marks, r->hex, r->stop && r->end ? MARK_STOP : r->end ? MARK_REACH : MARK_PASS);
    }
    for (int i = 0; pl && i < pl->nactions; i++)
        if (pl->actions[i].legal)
            mark(m, marks, pl->actions[i].to[0],
                 i == pl->nactions - 1 && pl->legal ? MARK_END : MARK_PATH);
    mark(m, marks, st->units[a->u.move.unit].hexes[0], MARK_START);
    return marks;
}

/* The plan, action by action, and whether it is legal. */
static void plan_text(FILE *out, const lb_answer *a, const lb_move_plan *pl)
{
    const lb_state *st = a->u.move.at;
    char buf[LB_HEX_LABEL_MAX], mp[24], mp2[24], why[LB_MOVE_REASON_MAX];
    int total = 0;
    fprintf(out, "\nplan:\n");
    for (int i = 0; i < pl->nactions; i++) {
        const lb_move_outcome *o = &pl->actions[i];
        total += o->legal ? o->cost : 0;
        fprintf(out, "  %2d. %-8s %-6s %5s MP  total %5s  %s [%s]\n", i + 1,
                lb_move_kind_name(o->action.kind), label(st, o->to[0], buf),
                mp_text(o->cost, mp, sizeof mp), mp_text(total, mp2, sizeof mp2),
                o->legal ? "ok" : "REFUSED", o->rule ? o->rule : "");
        if (o->rolled)
            fprintf(out, "       roll %d: %s\n", o->roll, o->success ? "success" : "failure");
        events_text(out, st, o);
    }
    fprintf(out, "%s, cost %s MP", pl->legal ? "legal" : "illegal",
            mp_text(pl->cost, mp, sizeof mp));
    if (pl->stop >= 0)
        fprintf(out, "; it must stop at %s (an enemy zone of influence)",
                label(st, pl->actions[pl->stop].to[0], buf));
    fprintf(out, "\n");
    if (!pl->legal)
        fprintf(out, "refused: %s [%s]\n", said_text(&pl->why, why, sizeof why),
                pl->rule ? pl->rule : "");
    if (a->u.move.rolled)
        fprintf(out, "dice seed %llu\n", (unsigned long long)a->q.seed);
    lb_hex *path;
    int n = plan_hexes(a, &path);
    if (n >= 0) /* R-OCH-10 */
        lbi_reactions_print(out, st, st->units[a->u.move.unit].id, path, n, 0);
    free(path);
}

/* The facing and formation changes, prolonge, attach, detach and force march open now. */
static void changes_text(FILE *out, const lb_state *st, const lb_move_choices *ch)
{
    char buf[LB_HEX_LABEL_MAX], mp[24];
    fprintf(out, "\nother actions open now:\n");
    for (int i = 0; i < ch->nchanges; i++) {
        const lb_move_outcome *o = &ch->changes[i];
        fprintf(out, "  %-8s %-10s", lb_move_kind_name(o->action.kind),
                o->action.kind == LB_ACT_FORM ? lb_formation_name(o->formation) : "");
        if (o->facing)
            fprintf(out, " facing %2d", o->facing);
        for (int k = 0; o->action.kind == LB_ACT_FORM && k < o->nto; k++)
            fprintf(out, "%s%s", k ? "+" : " in ", label(st, o->to[k], buf));
        if (o->action.kind == LB_ACT_PROLONGE || o->action.kind == LB_ACT_ATTACH)
            fprintf(out, " %s",
                    o->action.kind == LB_ACT_ATTACH ? o->action.with : label(st, o->to[0], buf));
        fprintf(out, "  %s MP", mp_text(o->cost, mp, sizeof mp));
        if (o->roll_needed) {
            char p[48];
            fprintf(out, ", succeeds %s", lb_frac_fmt(o->p_success, p, sizeof p));
        }
        if (o->nevents)
            fprintf(out, ", opportunity fire");
        fprintf(out, "\n");
    }
}

int lbi_move_text(const lb_answer *a, FILE *out)
{
    const lb_state *st = a->u.move.at;
    const lb_unit *u = &st->units[a->u.move.unit];
    const lb_move_choices *ch = &a->u.move.ch;
    char buf[LB_HEX_LABEL_MAX], mp[24], mp2[24], why[LB_MOVE_REASON_MAX];
    fprintf(out, "move of %s (%s, %s", u->id, lb_arm_name(u->arm), lb_formation_name(u->formation));
    if (u->facing)
        fprintf(out, ", facing %d", u->facing);
    fprintf(out, ") from %s: allowance %s MP, %s spent\n", label(st, u->hexes[0], buf),
            mp_text(ch->allowance, mp, sizeof mp), mp_text(ch->spent, mp2, sizeof mp2));
    if (a->q.enter) {
        const lb_move_entry *e = &a->u.move.entry;
        fprintf(out, "entry at %s: %s\n", label(st, e->hex, buf),
                e->legal ? "legal" : said_text(&e->why, why, sizeof why));
    }
    if (!ch->may_step)
        fprintf(out, "no step: %s [%s]\n", said_text(&ch->why, why, sizeof why), ch->rule);
    if (a->u.move.planned)
        plan_text(out, a, &a->u.move.pl);
    int ends = 0;
    for (int i = 1; i < ch->nreach; i++)
        ends += ch->reach[i].end;
    fprintf(out, "\n%d hex%s where %s may end its move (%d more it may only pass)\n\n", ends,
            ends == 1 ? "" : "es", u->id, ch->nreach - 1 - ends);
    unsigned char *marks = marks_of(a);
    if (!marks)
        return LB_NOMEM;
    lb_map_print(out, st, marks, mark_chars,
                 "@ start, + may end, s must stop there, o pass only, = plan, * plan's end");
    free(marks);
    if (ch->nchanges)
        changes_text(out, st, ch);
    fprintf(out, "\ntrace:\n");
    /* the stacking check's steps, last, are the JSON's alone */
    lb_trace shown = a->trace;
    shown.count = a->u.move.text_steps;
    lb_trace_print(out, &shown);
    return LB_OK;
}

int lbi_move_svg(const lb_answer *a, char **out)
{
    const lb_map *m = &a->u.move.at->map;
    unsigned char *marks = marks_of(a);
    if (!marks) {
        *out = NULL;
        return LB_NOMEM;
    }
    for (int c = 0; c < m->cols * m->rows; c++)
        marks[c] = marks[c] != MARK_NONE;
    *out = lb_svg_map(a->u.move.at, marks);
    free(marks);
    return *out ? LB_OK : LB_NOMEM;
}

/* ---- the question ---------------------------------------------------------------------------- */

/* R-MOV-17: the unit taken off the map and brought in at q.from as its first step, on a copy of
 * the state kept in the answer when the entry is legal. */
static int enter(lb_answer *a)
{
    lb_state *w = lb_state_clone(a->st);
    if (!w)
        return LB_NOMEM;
    lb_unit u = *lb_state_unit(w, a->q.unit);
    int rc = lb_state_remove_unit(w, a->q.unit);
    if (rc == LB_OK)
        rc = lb_move_entry_check(w, &u, a->q.from, &a->u.move.entry, &a->trace);
    if (rc == LB_OK && a->u.move.entry.legal)
        rc = lb_move_entry_apply(w, &u, &a->u.move.entry);
    if (rc != LB_OK || !a->u.move.entry.legal) {
        /* refused, the answer is the refusal: the unit stands where the scenario put it */
        lb_state_free(w);
        return rc;
    }
    a->u.move.entered = w;
    a->u.move.at = w;
    a->u.move.unit = lb_state_unit_index(w, u.id);
    return LB_OK;
}

/* R-MOV-17: a refused entry is the plan's answer; the unit stays off the map. */
static void entry_refused(const char *id, const lb_move_entry *e, lb_move_plan *pl)
{
    memset(pl, 0, sizeof *pl);
    pl->unit = id;
    pl->stop = -1;
    pl->rule = e->rule;
    pl->section = e->section;
    pl->why = e->why;
}

/* The plan asked, checked: q's actions, then the cheapest path to q.to when asked (refused
 * before any action when no path within the allowance reaches it). */
static int check_plan(lb_answer *a, const char *id)
{
    const lb_question *q = &a->q;
    const lb_move_choices *ch = &a->u.move.ch;
    int target = -1;
    for (int i = 1; q->to_label && i < ch->nreach && target < 0; i++)
        if (lb_hex_eq(ch->reach[i].hex, q->to))
            target = i;
    if (q->to_label && target < 0) {
        lb_move_plan_unreached(id, q->to_label, ch->allowance, &a->u.move.pl, &a->trace);
        return LB_OK;
    }
    int npath = target < 0 ? 0 : lb_move_choices_path(ch, target, NULL, 0);
    lb_move_action *plan = calloc((size_t)q->nactions + (size_t)npath + 1, sizeof *plan);
    int *dirs = calloc((size_t)npath + 1, sizeof *dirs);
    int rc = plan && dirs ? LB_OK : LB_NOMEM;
    if (rc == LB_OK) {
        if (q->nactions)
            memcpy(plan, q->actions, (size_t)q->nactions * sizeof *plan);
        if (target >= 0)
            lb_move_choices_path(ch, target, dirs, npath);
        for (int i = 0; i < npath; i++)
            plan[q->nactions + i] = (lb_move_action){.kind = LB_ACT_STEP, .dir = dirs[i]};
        rc = lb_move_check(a->u.move.at, id, plan, q->nactions + npath, q->dice, &a->u.move.pl,
                           &a->trace);
    }
    free(plan);
    free(dirs);
    return rc;
}

int lbi_move_ask(lb_answer *a, lb_err *err)
{
    (void)err; /* its errors have no words of their own */
    const lb_question *q = &a->q;
    const lb_map *m = lb_state_map(a->st);
    if (q->nactions < 0 || (q->nactions && !q->actions) ||
        (q->enter && !lb_map_contains(m, q->from)) || (q->to_label && !lb_map_contains(m, q->to)))
        return LB_USAGE;
    if (q->unit < 0 || q->unit >= lb_state_unit_count(a->st))
        return LB_INVALID;
    a->u.move.at = a->st;
    a->u.move.unit = q->unit;
    int rc = q->enter ? enter(a) : LB_OK;
    int refused = q->enter && !a->u.move.entry.legal;
    const char *id = lb_state_unit(a->u.move.at, a->u.move.unit)->id;
    if (rc == LB_OK)
        rc = lb_move_options(a->u.move.at, id, &a->u.move.ch, &a->trace);
    a->u.move.planned = q->nactions > 0 || q->to_label || refused;
    a->u.move.rolled = q->dice && a->u.move.planned && !refused;
    if (rc == LB_OK && refused)
        entry_refused(id, &a->u.move.entry, &a->u.move.pl);
    else if (rc == LB_OK && a->u.move.planned)
        rc = check_plan(a, id);
    if (rc == LB_OK) {
        /* R-STACK-6: the unit's hex against its limit */
        a->u.move.text_steps = a->trace.count;
        const lb_unit *u = lb_state_unit(a->u.move.at, a->u.move.unit);
        rc = lb_stack_overstack_odds(a->u.move.at, u->hexes[0], &a->u.move.stack, &a->trace);
    }
    if (rc != LB_OK)
        lbi_move_release(a);
    return rc;
}

void lbi_move_release(lb_answer *a)
{
    lb_move_plan_release(&a->u.move.pl);
    lb_move_choices_release(&a->u.move.ch);
    lb_state_free(a->u.move.entered);
    a->u.move.entered = NULL;
}
