/* The morale checks that others' disorder sets off (W31-2, R30-18, W31-13): who checks, once per event, queued as tasks. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game_int.h"
#include "game_events.h"
#include "state_int.h"
#include "unit_int.h"
#include "hex_int.h"

int lbi_event_new(lb_game *g)
{
    return ++g->events;
}

/* Queues unit v's check for `cause` at *at unless it checked in event already (A31-3). */
static int queue(lb_game *g, const lb_unit *v, const char *by, trigger cause, int event, int *at)
{
    unit_rec *r = lbi_game_rec(g, v->id);
    if (!r || r->checked_event == event)
        return LB_OK;
    r->checked_event = event;
    task t = {.kind = TASK_TRIGGERED, .cause = cause, .event = event};
    snprintf(t.unit, sizeof t.unit, "%s", v->id);
    snprintf(t.why, sizeof t.why, "%s", by);
    if (cause == TRIGGER_PASSED)
        LBI_EVENT(g->tr, "R-MOR-16", "(30), (31)", EV_GAME_CHECK_PASSED, ev_unit_id(v->id),
                  ev_unit_id(by),
                  ev_text(lb_morale_state_name(
                      g->st->units[lb_state_unit_index(g->st, by)].state)));
    else
        LBI_EVENT(g->tr, "R-MOR-17", "(31)", EV_GAME_CHECK_FAILED, ev_unit_id(by),
                  ev_unit_id(v->id));
    int rc = lbi_task_insert(g, *at, &t);
    if (rc == LB_OK)
        ++*at;
    return rc;
}

/* The friendly combat units of the n hexes other than `by`, good-order ones only when
 * good_only, each queued once. */
static int check_hexes(lb_game *g, const char *by, int side, const lb_hex *hexes, int n,
                       int good_only, trigger cause, int event, int *at)
{
    const lb_state *st = g->st;
    int rc = LB_OK;
    for (int k = 0; k < n && rc == LB_OK; k++) {
        const int *idx;
        int m = lb_map_contains(&st->map, hexes[k]) ? lb_state_units_at(st, hexes[k], &idx) : 0;
        for (int i = 0; i < m && rc == LB_OK; i++) {
            const lb_unit *v = &st->units[idx[i]];
            if (v->side != side || !lb_unit_is_combat(v) || strcmp(v->id, by) == 0 ||
                (good_only && v->state != LB_STATE_GOOD))
                continue;
            rc = queue(g, v, by, cause, event, at);
        }
    }
    return rc;
}

/* R-MOR-16, W31-2, R30-18 */
int lbi_checks_passed(lb_game *g, const char *mover, int side, const lb_hex *hexes, int n,
                      int event, int *at)
{
    return check_hexes(g, mover, side, hexes, n, 1, TRIGGER_PASSED, event, at);
}

/* R-MOR-17, W31-13, A31-3 */
int lbi_checks_stack(lb_game *g, const char *failed, int side, const lb_hex *hexes, int n,
                     int event, int *at)
{
    unit_rec *r = lbi_game_rec(g, failed);
    if (r)
        r->checked_event = event;
    return check_hexes(g, failed, side, hexes, n, 0, TRIGGER_STACK, event, at);
}

int lbi_moved_take(const lb_game *g, moved_before *b)
{
    const lb_state *st = g->st;
    b->n = st->nunits;
    b->units = calloc((size_t)st->nunits + 1, sizeof *b->units);
    if (!b->units)
        return LB_NOMEM;
    for (int i = 0; i < st->nunits; i++) {
        const lb_unit *u = &st->units[i];
        struct moved_unit *m = &b->units[i];
        *m = (struct moved_unit){u->id, u->side, u->state, u->nhexes, {{0, 0}}};
        memcpy(m->hexes, u->hexes, sizeof m->hexes);
    }
    return LB_OK;
}

static int same_hexes(const struct moved_unit *m, const lb_unit *u)
{
    if (m->nhexes != u->nhexes)
        return 0;
    for (int k = 0; k < u->nhexes; k++)
        if (!lb_hex_eq(m->hexes[k], u->hexes[k]))
            return 0;
    return 1;
}

/* R-MOR-16: the good-order friends of the hexes unit m (now u) began in, passed through (each
 * move of it the log holds, in the order made) and ended in check, queued in that order. */
static int passed_by(lb_game *g, const struct moved_unit *m, const lb_unit *u,
                     const lbi_passed_log *passed, int event, int *at)
{
    int rc = lbi_checks_passed(g, m->id, m->side, m->hexes, m->nhexes, event, at);
    for (int i = 0; passed && i < passed->nmoves && rc == LB_OK; i++) {
        const lbi_passed *p = &passed->moves[i];
        if (strcmp(p->unit, m->id) == 0)
            rc = lbi_checks_passed(g, m->id, m->side, passed->hexes + p->first, p->n, event, at);
    }
    return rc == LB_OK ? lbi_checks_passed(g, m->id, m->side, u->hexes, u->nhexes, event, at) : rc;
}

/* R-MOR-16..18 */
int lbi_moved_settle(lb_game *g, moved_before *b, const char *const *took_part, int n,
                     const lbi_passed_log *passed)
{
    const lb_state *st = g->st;
    int event = lbi_event_new(g), at = g->ntasks, rc = LB_OK;
    for (int i = 0; i < n; i++) {
        unit_rec *r = lbi_game_rec(g, took_part[i]);
        if (r)
            r->checked_event = event;
    }
    for (int i = 0; i < b->n && rc == LB_OK; i++) {
        const struct moved_unit *m = &b->units[i];
        int now = lb_state_unit_index(st, m->id);
        if (now < 0 || !lb_unit_is_combat(&st->units[now]))
            continue;
        const lb_unit *u = &st->units[now];
        if (u->state > m->state)
            rc = lbi_checks_stack(g, m->id, m->side, m->hexes, m->nhexes, event, &at);
        if (rc == LB_OK && u->state != LB_STATE_GOOD && !same_hexes(m, u))
            rc = passed_by(g, m, u, passed, event, &at);
    }
    free(b->units);
    b->units = NULL;
    return rc;
}
