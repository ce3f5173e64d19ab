/* Results applied to the game: the victory tally of what an apply did, and the follow-up tasks (retreats with their owner's choice, morale checks). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game_int.h"
#include "lb/morale.h"

#define ENDS_MAX 64 /* end hexes offered for one retreat; more take the first in label order */

/* ---- the tally (R-VIC-3) ------------------------------------------------------------------- */

int lbi_snapshot_take(const lb_game *g, snapshot *s)
{
    const lb_state *st = g->st;
    s->n = st->nunits;
    s->units = malloc(((size_t)st->nunits + 1) * sizeof *s->units);
    if (!s->units)
        return LB_NOMEM;
    for (int i = 0; i < st->nunits; i++) {
        const lb_unit *u = &st->units[i];
        s->units[i] = (struct snap_unit){u->id, u->side, lb_unit_strength(u),
                                         u->arm == LB_ARM_LEADER};
    }
    return LB_OK;
}

void lbi_snapshot_settle(lb_game *g, snapshot *s, const char *const *surrendered, int nsurrendered)
{
    const lb_state *st = g->st;
    int step = lbi_game_step(g);
    for (int i = 0; i < s->n; i++) {
        const struct snap_unit *was = &s->units[i];
        int now = lb_state_unit_index(st, was->id), enemy = 1 - was->side;
        if (was->leader) {
            if (now < 0) {
                g->tally_leaders[enemy]++;
                lb_trace_add(g->tr, "R-VIC-3", "(7)", "leader %s is lost to %s", was->id,
                             st->sides[enemy]);
            }
            continue;
        }
        int gave_up = 0;
        for (int k = 0; k < nsurrendered && now < 0; k++)
            gave_up |= strcmp(surrendered[k], was->id) == 0;
        int lost = now < 0 ? (gave_up ? 0 : was->strength)
                           : was->strength - lb_unit_strength(&st->units[now]);
        if (gave_up) {
            g->tally_surrendered[enemy]++;
            lb_trace_add(g->tr, "R-VIC-3", "(30)", "%s surrenders to %s", was->id,
                         st->sides[enemy]);
        }
        if (lost > 0) {
            g->tally_increments[enemy] += lost;
            unit_rec *r = lbi_game_rec(g, was->id);
            int half = g->turn_index * 2 + g->half;
            if (r)
                r->combat_step = step;
            if (r && g->st->turn.segment == LB_SEG_DEFENSIVE_FIRE) { /* the pre-melee chart */
                r->df_loss = r->df_loss_half == half ? r->df_loss + lost : lost;
                r->df_loss_half = half;
            }
            lb_trace_add(g->tr, "R-VIC-3", "(11)", "%s loses %d increment%s%s", was->id, lost,
                         lost == 1 ? "" : "s", now < 0 ? " and is eliminated" : "");
        }
    }
    free(s->units);
    s->units = NULL;
}

/* ---- tasks --------------------------------------------------------------------------------- */

int lbi_task_push(lb_game *g, const task *t)
{
    if (g->ntasks == TASKS_MAX) {
        snprintf(g->error, sizeof g->error, "more than %d follow-ups at once", TASKS_MAX);
        return LB_INVALID;
    }
    g->tasks[g->ntasks++] = *t;
    return LB_OK;
}

static void task_pop(lb_game *g)
{
    memmove(&g->tasks[0], &g->tasks[1], (size_t)(g->ntasks - 1) * sizeof *g->tasks);
    g->ntasks--;
}

/* The ends of the kept paths, distinct, in label order; returns how many. */
static int path_ends(const lb_retreat *r, lb_hex *ends, int max)
{
    int n = 0;
    for (int i = 0; i < r->nends && n < max; i++)
        for (int p = 0; p < r->npaths; p++)
            if (lb_hex_eq(r->paths[(size_t)p * (size_t)r->hexes + (size_t)r->hexes - 1],
                          r->ends[i])) {
                ends[n++] = r->ends[i];
                break;
            }
    return n;
}

/* The first kept path ending at h, or -1. */
static int path_to(const lb_retreat *r, lb_hex h)
{
    for (int p = 0; p < r->npaths; p++)
        if (lb_hex_eq(r->paths[(size_t)p * (size_t)r->hexes + (size_t)r->hexes - 1], h))
            return p;
    return -1;
}

/* Moves unit along path `choice` of r (-1: the automatic choice), counting a surrender. */
static int retreat_apply(lb_game *g, int unit, lb_retreat *r, int choice)
{
    lb_state *st = g->st;
    const char *id = st->units[unit].id;
    snapshot s;
    int rc = lbi_snapshot_take(g, &s);
    if (rc != LB_OK)
        return rc;
    char where[LB_HEX_LABEL_MAX] = "";
    if (!r->surrender && !r->stays) {
        const lb_hex *path = choice >= 0 ? r->paths + (size_t)choice * (size_t)r->hexes
                                         : r->choice;
        if (path)
            lb_map_label(&st->map, path[r->hexes - 1], where);
    }
    rc = lb_retreat_apply(st, unit, r, choice);
    if (rc == LB_OK && where[0])
        lb_trace_add(g->tr, "R-RET-4", "(30)", "%s %s to %s%s", id,
                     r->kind == LB_RETREAT_DISORDER ? "retreats" : r->kind == LB_RETREAT_ROUT
                                                                      ? "routs" : "flees",
                     where, choice < 0 ? " (the automatic choice)" : "");
    lbi_snapshot_settle(g, &s, &id, r->surrender ? 1 : 0);
    return rc;
}

static int run_retreat(lb_game *g, int unit, const task *t)
{
    lb_state *st = g->st;
    lb_retreat r;
    lb_retreat_req req = {.kind = t->retreat};
    int rc = lb_retreat_paths(st, unit, &req, &r, g->tr);
    if (rc != LB_OK)
        return rc;
    lb_hex ends[ENDS_MAX];
    int nends = r.surrender || r.stays ? 0 : path_ends(&r, ends, ENDS_MAX);
    if (nends <= 1) {
        rc = retreat_apply(g, unit, &r, -1);
        lb_retreat_release(&r);
        task_pop(g);
        return rc;
    }
    /* R-RET-4 (d), R-GAME-7: the owner picks the end among the optimal paths */
    const lb_unit *u = &st->units[unit];
    lb_decision d;
    lb_decision_init(&d, LB_DECIDE_PATH, u->side, u->id, "R-RET-4",
                     "%s: where does %s's %s end? (%d optimal paths of %d hexes, cost %d)",
                     st->sides[u->side], u->id, lb_retreat_kind_name(r.kind),
                     (int)(r.count > 1000000 ? 1000000 : r.count), r.hexes, r.cost);
    for (int i = 0; i < nends && rc == LB_OK; i++) {
        char label[LB_HEX_LABEL_MAX];
        lb_map_label(&st->map, ends[i], label);
        rc = lb_decision_add(&d, label, "end the %s at %s", lb_retreat_kind_name(r.kind), label);
    }
    if (rc == LB_OK)
        rc = lb_decision_add(&d, "auto", "the automatic choice (farthest from the enemy, R-RET-4)");
    d.auto_choice = d.noptions - 1;
    if (rc != LB_OK) {
        lb_retreat_release(&r);
        lb_decision_release(&d);
        return rc;
    }
    /* the state does not change until the answer: its paths are kept for it */
    lbi_task_forget(g);
    g->offered = r;
    g->has_offered = 1;
    lb_decision_move(&g->pending, &d);
    g->has_pending = 1;
    return LB_OK;
}

void lbi_task_forget(lb_game *g)
{
    if (g->has_offered)
        lb_retreat_release(&g->offered);
    g->has_offered = 0;
}

/* A morale check of the task's unit: roll, apply, and its retreat next when it must move. */
static int run_check(lb_game *g, int unit, task *t)
{
    lb_state *st = g->st;
    lb_morale_mod mod = {"R-GAME-8", t->why, t->modifier};
    lb_morale_kind kind = t->kind == TASK_RECOVERY ? LB_CHECK_RECOVERY : LB_CHECK_ORDINARY;
    lb_dice dice;
    lbi_dice_begin(g, &dice);
    lb_morale_result m;
    int rc = lb_morale_resolve(st, unit, kind, &mod, t->kind == TASK_MORALE, &dice, &m,
                               g->tr);
    int drc = lbi_dice_end(g, &dice);
    if (rc != LB_OK)
        return rc;
    if (drc != LB_OK)
        return drc;
    lb_trace_add(g->tr, kind == LB_CHECK_RECOVERY ? "R-MOR-8" : "R-MOR-7", "(31)",
                 "%s checks morale: roll %d %+d = %d, %s: %s", st->units[unit].id, m.roll,
                 m.odds.modifier, m.modified, m.outcome.passed ? "passed" : "failed",
                 lb_morale_state_name(m.outcome.to));
    if ((rc = lb_morale_apply(st, unit, &m.outcome)) != LB_OK)
        return rc;
    if (!m.outcome.moves) {
        task_pop(g);
        return LB_OK;
    }
    t->kind = TASK_RETREAT;
    t->retreat = m.outcome.move;
    return LB_OK;
}

int lbi_task_run(lb_game *g)
{
    task *t = &g->tasks[0];
    int unit = lb_state_unit_index(g->st, t->unit);
    if (unit < 0) {
        task_pop(g);
        return LB_OK;
    }
    if (t->kind == TASK_RETREAT)
        return run_retreat(g, unit, t);
    return run_check(g, unit, t);
}

int lbi_task_answer(lb_game *g, const char *key)
{
    task *t = &g->tasks[0];
    lb_state *st = g->st;
    int unit = lb_state_unit_index(st, t->unit);
    if (!g->ntasks || t->kind != TASK_RETREAT || unit < 0)
        return LB_INVALID;
    if (!g->has_offered)
        return LB_INVALID;
    lb_retreat r = g->offered;
    g->has_offered = 0;
    int rc = LB_OK, choice = -1;
    lb_hex h;
    if (strcmp(key, "auto") != 0) {
        if (lb_map_parse_label(&st->map, key, &h) != 0 || (choice = path_to(&r, h)) < 0) {
            lb_retreat_release(&r);
            return LB_INVALID;
        }
    }
    rc = retreat_apply(g, unit, &r, choice);
    lb_retreat_release(&r);
    task_pop(g);
    return rc;
}
