/* Every hex a unit can reach this segment with one cheapest path (a search over half MP), the other actions open to it, and whole plans checked. */
#include <stdlib.h>
#include <string.h>

#include "lb/core.h"
#include "move_int.h"
#include "formation_words_int.h"
#include "hex_int.h"
#include "trace_int.h"
#include "facing_int.h"
#include "formation_int.h"
#include "stacking_int.h"

/* The unit's hexes translated so that its first hex is h (R-MOV-7: a line moves as a whole). */
static void translate(const lb_unit *u, lb_hex h, lb_hex *out)
{
    out[0] = h;
    for (int k = 1; k < u->nhexes; k++)
        out[k] = lb_hex_neighbor(out[k - 1], lb_hex_dir_to(u->hexes[k - 1], u->hexes[k]));
}

/* A bucket queue over half MP: entries (cell, next) chained per cost. */
typedef struct queue {
    int *head;   /* budget + 1 */
    int *cell;
    int *next;
    int n, cap;
} queue;

static void push(queue *q, int cell, int cost)
{
    if (q->n == q->cap)
        return; /* cannot happen: at most one entry per relaxation, 6 per cell */
    q->cell[q->n] = cell;
    q->next[q->n] = q->head[cost];
    q->head[cost] = q->n++;
}

typedef struct search {
    int *dist;            /* half MP from the start, -1 unreached */
    signed char *dir;     /* the step into the cell */
    unsigned char *flags; /* 1 done, 2 stop, 4 end */
    unsigned char *form;  /* formation there */
    unsigned char
        *enter; /* the verdict on entering each cell, worked out once (lbi_mv_step_eval) */
    int *order;           /* cells as they were settled, cheapest first */
    int norder;
} search;

enum { F_DONE = 1, F_STOP = 2, F_END = 4 };

static int run_search(const mv_ctx *c, int first, int budget, search *s)
{
    const lb_state *st = c->st;
    const lb_unit *u = c->u;
    int cells = st->map.cols * st->map.rows;
    queue q = {malloc(((size_t)budget + 1) * sizeof(int)), malloc((6 * (size_t)cells + 1) * sizeof(int)),
               malloc((6 * (size_t)cells + 1) * sizeof(int)), 0, 6 * cells + 1};
    if (!q.head || !q.cell || !q.next) {
        free(q.head);
        free(q.cell);
        free(q.next);
        return LB_NOMEM;
    }
    for (int b = 0; b <= budget; b++)
        q.head[b] = -1;
    int start = lb_map_cell(&st->map, u->hexes[0]);
    s->dist[start] = 0;
    s->form[start] = (unsigned char)u->formation;
    push(&q, start, 0);
    for (int b = 0; b <= budget; b++) {
        while (q.head[b] >= 0) {
            int e = q.head[b];
            q.head[b] = q.next[e];
            int cell = q.cell[e];
            if (s->dist[cell] != b || (s->flags[cell] & F_DONE))
                continue;
            s->flags[cell] |= F_DONE;
            s->order[s->norder++] = cell;
            if (cell != start && (s->flags[cell] & F_STOP))
                continue;
            lb_hex from[LB_UNIT_MAX_HEXES];
            translate(u, lb_map_hex(&st->map, cell), from);
            /* R-ZOI-3 once per hex: a hex the unit may leave is as good as its first action */
            int leaves = (cell == start && first) ||
                         !lbi_mv_held_by_zone(c, from, u->nhexes);
            for (int d = 0; d < LB_DIR_COUNT; d++) {
                mv_step step;
                lbi_mv_step_eval(c, from, (lb_formation)s->form[cell], d, leaves,
                                 u->move.steps + (cell != start), s->enter, &step, 0);
                if (!step.ok || b + step.cost > budget)
                    continue;
                int to = lb_map_cell(&st->map, step.to[0]), nc = b + step.cost;
                if (s->dist[to] >= 0 && s->dist[to] <= nc)
                    continue;
                s->dist[to] = nc;
                s->dir[to] = (signed char)d;
                s->form[to] = (unsigned char)step.formation;
                s->flags[to] = (unsigned char)((step.stop ? F_STOP : 0) | (step.end ? F_END : 0));
                push(&q, to, nc);
            }
        }
    }
    free(q.head);
    free(q.cell);
    free(q.next);
    return LB_OK;
}

/* R-ZOI-3 at the start: a unit that stands in a zone that stops it leaves only as its first
 * action. */
static int may_step(const mv_ctx *c, int first, lb_move_choices *out)
{
    if (c->no_step_rule) {
        out->rule = c->no_step_rule;
        out->why = c->no_step;
        return 0;
    }
    if (!first && lbi_mv_held_by_zone(c, c->u->hexes, c->u->nhexes)) {
        out->rule = "R-ZOI-3";
        LBI_SAY(&out->why, EV_MOVE_HELD_ACTED, ev_unit_id(c->u->id));
        return 0;
    }
    return 1;
}

static int add_change(lb_move_choices *out, int *cap, const lb_move_outcome *o)
{
    if (!o->legal)
        return LB_OK;
    lb_move_outcome *changes = lb_grow(out->changes, cap, out->nchanges + 1, sizeof *changes);
    if (!changes)
        return LB_NOMEM;
    out->changes = changes;
    out->changes[out->nchanges++] = *o;
    return LB_OK;
}

/* One action open now, judged quietly: the options carry no reasons (check it for them). */
static int try_action(const mv_ctx *c, const lb_move_action *a, lb_move_choices *out, int *cap)
{
    mv_ctx quiet = *c;
    quiet.quiet = 1;
    lb_move_outcome o;
    lbi_mv_action_check(&quiet, a, &o, NULL);
    return add_change(out, cap, &o);
}

/* Every facing change, formation change (each layout), prolonge, attach, detach and force march
 * open now. */
static int list_changes(const mv_ctx *c, lb_move_choices *out)
{
    const lb_state *st = c->st;
    const lb_unit *u = c->u;
    int cap = 0, rc = LB_OK;
    if (!lb_unit_is_combat(u)) {
        const int *idx;
        int n = lb_state_units_at(st, u->hexes[0], &idx);
        for (int i = 0; i < n && rc == LB_OK; i++) {
            lb_move_action a = {.kind = LB_ACT_ATTACH, .with = st->units[idx[i]].id};
            rc = try_action(c, &a, out, &cap);
        }
        lb_move_action d = {.kind = LB_ACT_DETACH};
        return rc == LB_OK ? try_action(c, &d, out, &cap) : rc;
    }
    for (int f = 1; f <= 12 && rc == LB_OK; f++) {
        lb_move_action a = {.kind = LB_ACT_FACE, .facing = f};
        if (lb_facing_valid(u->formation, f) && f != u->facing)
            rc = try_action(c, &a, out, &cap);
    }
    for (int f = 0; f < LB_FORM_MASSE && rc == LB_OK; f++) {
        const char *rule;
        if (lb_formation_allowed(st, u, (lb_formation)f, &rule) ||
            lb_formation_terrain(st, u, (lb_formation)f, u->hexes[0], &rule))
            continue; /* never open here: no need to judge each layout */
        int facing = lb_facing_default((lb_formation)f, u->facing);
        lb_formation_req lay[2 * LB_UNIT_MAX_HEXES];
        int n = lb_formation_layouts(st, c->unit, (lb_formation)f, facing ? facing : 1, lay,
                                     2 * LB_UNIT_MAX_HEXES);
        for (int k = 0; k < n && rc == LB_OK; k++) {
            lb_move_action a = {.kind = LB_ACT_FORM, .formation = (lb_formation)f,
                                .facing = facing, .nhexes = lay[k].nhexes};
            memcpy(a.hexes, lay[k].hexes, sizeof a.hexes);
            rc = try_action(c, &a, out, &cap);
        }
    }
    for (int d = 0; d < LB_DIR_COUNT && rc == LB_OK && u->formation == LB_FORM_UNLIMBERED; d++) {
        lb_move_action a = {.kind = LB_ACT_PROLONGE, .dir = d};
        rc = try_action(c, &a, out, &cap);
    }
    lb_move_action m = {.kind = LB_ACT_MARCH};
    return rc == LB_OK ? try_action(c, &m, out, &cap) : rc;
}

/* R-MOV-2: what the rules remember of the unit within the segment; R-MOV-4: road march's rate. */
static void trace_record(const lb_unit *u, int may_step, lb_trace *t)
{
    if (u->move.spent || u->move.actions) {
        LBI_EVENT(t, "R-MOV-2", "(18)", EV_MOVE_RECORD, ev_unit_id(u->id),
                  ev_frac(u->move.spent, 2), ev_int(u->move.actions), ev_int(u->move.steps));
        lb_trace_int(t, "spent_halves", u->move.spent);
    }
    if (may_step && u->formation == LB_FORM_ROAD)
        LBI_EVENT(t, "R-MOV-4", "(18)", EV_MOVE_ROAD_MARCH, ev_unit_id(u->id));
}

static void search_release(search *s)
{
    free(s->dist);
    free(s->dir);
    free(s->flags);
    free(s->form);
    free(s->enter);
    free(s->order);
}

/* R-MOV-12: the search over half MP within what is left of the allowance, when the unit may
 * step; its start alone when it may not. */
static int search_reach(const mv_ctx *c, int may_step, int first, search *s)
{
    const lb_state *st = c->st;
    const lb_unit *u = c->u;
    size_t cells = (size_t)st->map.cols * (size_t)st->map.rows;
    *s = (search){malloc(cells * sizeof(int)), malloc(cells), calloc(cells, 1), malloc(cells),
                  calloc(cells, 1), malloc(cells * sizeof(int)), 0};
    if (!s->dist || !s->dir || !s->flags || !s->form || !s->enter || !s->order)
        return LB_NOMEM;
    for (size_t i = 0; i < cells; i++)
        s->dist[i] = -1;
    if (!may_step) {
        s->order[s->norder++] = lb_map_cell(&st->map, u->hexes[0]);
        return LB_OK;
    }
    int budget = c->allowance > u->move.spent ? c->allowance - u->move.spent : 0;
    return run_search(c, first, budget, s);
}

/* The hexes settled, cheapest first: each with its cost, the step into it and the hex before it
 * on one cheapest path. */
static int list_reach(const lb_state *st, search *s, lb_move_choices *out)
{
    if (!(out->reach = malloc((size_t)s->norder * sizeof *out->reach)))
        return LB_NOMEM;
    for (int i = 0; i < s->norder; i++) {
        int cell = s->order[i];
        lb_move_reach *r = &out->reach[out->nreach++];
        r->hex = lb_map_hex(&st->map, cell);
        r->cost = i ? s->dist[cell] : 0;
        r->dir = i ? s->dir[cell] : -1;
        r->stop = i && (s->flags[cell] & F_STOP);
        r->end = i && (s->flags[cell] & F_END);
        r->prev = -1;
        if (i) {
            lb_hex back = lb_hex_neighbor(r->hex, lb_hex_dir_opposite(r->dir));
            s->dist[cell] = -2 - i; /* settled: the cell now remembers its index */
            int pc = lb_map_cell(&st->map, back);
            r->prev = s->dist[pc] <= -2 ? -2 - s->dist[pc] : 0;
        } else {
            s->dist[cell] = -2;
        }
    }
    return LB_OK;
}

int lb_move_options(const lb_state *st, const char *id, lb_move_choices *out, lb_trace *t)
{
    memset(out, 0, sizeof *out);
    int unit = id ? lb_state_unit_index(st, id) : -1;
    if (unit < 0)
        return LB_NOT_FOUND;
    mv_ctx c;
    if (lbi_mv_ctx_init(&c, st, unit, t) != LB_OK)
        return LB_NOMEM;
    const lb_unit *u = c.u;
    out->unit = u->id;
    out->allowance = c.allowance;
    out->spent = u->move.spent;
    int first = u->move.actions == 0;
    out->may_step = may_step(&c, first, out);
    trace_record(u, out->may_step, t);
    search s;
    int rc = search_reach(&c, out->may_step, first, &s);
    if (rc == LB_OK)
        rc = list_reach(st, &s, out);
    if (rc == LB_OK)
        rc = list_changes(&c, out);
    int ends = 0;
    for (int i = 0; i < out->nreach; i++)
        ends += out->reach[i].end;
    LBI_EVENT(t, "R-MOV-12", "(18)", EV_MOVE_REACH, ev_unit_id(u->id), ev_int(out->nreach - 1),
              ev_int(ends), ev_int(out->nchanges));
    search_release(&s);
    lbi_mv_ctx_release(&c);
    if (rc != LB_OK)
        lb_move_choices_release(out);
    return rc;
}

void lb_move_choices_release(lb_move_choices *o)
{
    free(o->reach);
    free(o->changes);
    o->reach = NULL;
    o->changes = NULL;
    o->nreach = o->nchanges = 0;
}

int lb_move_choices_path(const lb_move_choices *o, int i, int *dirs, int max)
{
    int n = 0;
    for (int k = i; k > 0 && o->reach[k].prev >= 0; k = o->reach[k].prev)
        n++;
    int len = n;
    for (int k = i; k > 0 && o->reach[k].prev >= 0; k = o->reach[k].prev)
        if (--n < max)
            dirs[n] = o->reach[k].dir;
    return len;
}

/* ---- whole plans ------------------------------------------------------------------------- */

/* R-STACK-5: where a move ends, the limits hold for every unit of each hex the unit shares with
 * friends (a hex it holds alone needs no word, but for road march's own limit, R-STACK-3); fits:
 * the end check passed, so each hex's fit is traced too (a refusal is traced by the caller). */
static void trace_end(const mv_ctx *c, int fits, lb_trace *t)
{
    const lb_state *w = c->st;
    const lb_unit *u = c->u;
    if (!t || !lb_unit_is_combat(u))
        return;
    for (int k = 0; k < u->nhexes; k++) {
        const int *idx;
        int n = lb_state_units_at(w, u->hexes[k], &idx), friends = 0, enemies = 0;
        for (int i = 0; i < n; i++) {
            const lb_unit *x = &w->units[idx[i]];
            enemies += x->side != u->side;
            friends += x != u && x->side == u->side && lb_unit_is_combat(x);
        }
        if (enemies)
            continue; /* cavalry on a carré: a melee, not a stack (R-MOV-8) */
        if (friends)
            LBI_EVENT(t, "R-STACK-5", "(16)", EV_MOVE_END_STACKED, ev_unit_id(u->id),
                      mv_ev_hex(w, u->hexes[k]), ev_int(friends));
        if (fits && (friends || u->formation == LB_FORM_ROAD || u->battalions > 1))
            lb_stack_trace(w, u->hexes[k], t);
    }
}

/* R-MOV-12: where the move ends, the unit must be allowed to end it. */
static int end_ok(const lb_state *w, const char *id, lb_move_plan *out, lb_trace *t)
{
    int unit = lb_state_unit_index(w, id);
    mv_ctx c;
    if (unit < 0 || lbi_mv_ctx_init(&c, w, unit, NULL) != LB_OK)
        return LB_NOMEM;
    const lb_unit *u = c.u;
    const char *rule = NULL;
    lb_said why;
    int ok = lbi_mv_fits(&c, u->hexes, u->nhexes, u->formation, 1, u->formation == LB_FORM_CARRE,
                         &rule, &why, NULL, NULL);
    if (ok && u->move.march == LB_MARCH_ON && !lbi_mv_march_end_ok(&c, u->hexes, u->nhexes, &why)) {
        ok = 0;
        rule = "R-MOV-16";
    }
    if (!ok) {
        out->legal = 0;
        out->rule = rule;
        out->section = "(16)";
        lb_event_arg a[LB_SAID_ARGS_MAX] = {ev_unit_id(u->id)};
        lbi_say(&out->why, EV_MOVE_NO_END, a, mv_ev_said(a, 1, &why));
    }
    trace_end(&c, ok, t);
    lbi_mv_ctx_release(&c);
    return LB_OK;
}

int lb_move_check(const lb_state *st, const char *id, const lb_move_action *plan, int n,
                  lb_dice *dice, lb_move_plan *out, lb_trace *t)
{
    memset(out, 0, sizeof *out);
    int unit = id ? lb_state_unit_index(st, id) : -1;
    if (unit < 0)
        return LB_NOT_FOUND;
    out->unit = st->units[unit].id;
    out->legal = 1;
    out->refused = out->stop = -1;
    out->allowance = lbi_mv_allowance(st, &st->units[unit], 0, NULL, NULL, NULL);
    lb_state *w = lb_state_clone(st);
    out->actions = calloc(n > 0 ? (size_t)n : 1, sizeof *out->actions);
    if (!w || !out->actions) {
        lb_state_free(w);
        lb_move_plan_release(out);
        return LB_NOMEM;
    }
    int rc = LB_OK, moved = 0;
    for (int i = 0; i < n && rc == LB_OK; i++) {
        lb_move_outcome *o = &out->actions[out->nactions++];
        rc = dice ? lb_move_action_resolve(w, id, &plan[i], dice, o, t)
                  : lb_move_action_check(w, id, &plan[i], o, t);
        if (rc != LB_OK)
            break;
        if (!o->legal) {
            out->legal = 0;
            out->refused = i;
            out->rule = o->rule;
            out->section = o->section;
            out->why = o->why;
            break;
        }
        out->cost += o->cost;
        out->allowance = o->allowance;
        if (o->stop && out->stop < 0)
            out->stop = i;
        moved |= o->action.kind == LB_ACT_STEP || o->action.kind == LB_ACT_PROLONGE ||
                 o->action.kind == LB_ACT_FORM;
        rc = lb_move_action_apply(w, o);
    }
    if (rc == LB_OK && out->legal && moved) {
        rc = end_ok(w, id, out, t);
        if (!out->legal) {
            out->refused = n;
            mv_trace_said(t, out->rule, out->section, &out->why);
            lb_trace_bool(t, "legal", 0);
        }
    }
    int now = lb_state_unit_index(w, id);
    if (rc == LB_OK && now >= 0)
        out->allowance = lbi_mv_allowance(w, &w->units[now], 0, NULL, NULL, NULL);
    lb_state_free(w);
    if (rc != LB_OK)
        lb_move_plan_release(out);
    return rc;
}

void lb_move_plan_unreached(const char *id, const char *to, int allowance, lb_move_plan *out,
                            lb_trace *t)
{
    memset(out, 0, sizeof *out);
    out->unit = id;
    out->refused = out->stop = -1;
    out->allowance = allowance;
    out->rule = "R-MOV-12";
    out->section = "(18)";
    LBI_SAY(&out->why, EV_MOVE_NO_PATH, ev_unit_id(id), ev_text(to));
    mv_trace_said(t, out->rule, out->section, &out->why);
}

void lb_move_plan_release(lb_move_plan *p)
{
    free(p->actions);
    p->actions = NULL;
    p->nactions = 0;
}
