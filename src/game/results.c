/* Results applied to the game: the victory tally of what an apply did, and the follow-up tasks (retreats with their owner's choice, morale checks). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game_int.h"
#include "lb/morale.h"

#define WALK_MAX 4000000 /* paths streamed to find the first path to every end (R-GAME-7) */

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

void lbi_snapshot_settle(lb_game *g, snapshot *s, const char *const *surrendered, int nsurrendered,
                     int by_fire)
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
            if (r && by_fire)
                r->fire_loss_step = step;
            if (r && by_fire && g->st->turn.segment == LB_SEG_DEFENSIVE_FIRE) { /* R-MEL-10 */
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

/* The first path to each end of a retreat, streamed in label order (R-GAME-7). */
typedef struct first_paths {
    const lb_retreat *r;
    lb_hex *paths;               /* nends * hexes */
    unsigned char *found;
    int left;
    long walked;
} first_paths;

static int keep_first(void *ctx, const lb_hex *path, int n)
{
    first_paths *f = ctx;
    const lb_retreat *r = f->r;
    for (int e = 0; e < r->nends; e++)
        if (!f->found[e] && lb_hex_eq(path[n - 1], r->ends[e])) {
            memcpy(f->paths + (size_t)e * (size_t)r->hexes, path, (size_t)n * sizeof *path);
            f->found[e] = 1;
            f->left--;
            break;
        }
    return f->left == 0 || ++f->walked >= WALK_MAX;
}

/* R-GAME-7: the first path in label order to every end of r into *paths (malloc'd, nends *
 * hexes) and found[e]; the walk stops when every end has its path (or after WALK_MAX paths: an
 * end not reached by then is not offered). LB_OK or LB_NOMEM. */
static int first_paths_of(const lb_retreat *r, lb_hex **paths, unsigned char *found)
{
    first_paths f = {r, malloc(((size_t)r->nends * (size_t)r->hexes + 1) * sizeof(lb_hex)),
                     found, r->nends, 0};
    *paths = f.paths;
    if (!f.paths)
        return LB_NOMEM;
    memset(found, 0, (size_t)r->nends);
    return r->nends ? lb_retreat_each(r, keep_first, &f) : LB_OK;
}

/* D(h): the hex distance from h to the nearest enemy combat unit of side (R-RET terms). */
static int enemy_distance(const lb_state *st, int side, lb_hex h)
{
    int best = -1;
    for (int i = 0; i < st->nunits; i++) {
        const lb_unit *e = &st->units[i];
        for (int k = 0; k < e->nhexes && e->side != side && lb_unit_is_combat(e); k++) {
            int d = lb_hex_distance(h, e->hexes[k]);
            if (best < 0 || d < best)
                best = d;
        }
    }
    return best;
}

/* Moves unit along path (NULL: r's automatic choice), counting a surrender. */
static int retreat_apply(lb_game *g, int unit, lb_retreat *r, const lb_hex *path)
{
    lb_state *st = g->st;
    const char *id = st->units[unit].id;
    snapshot s;
    int rc = lbi_snapshot_take(g, &s);
    if (rc != LB_OK)
        return rc;
    char where[LB_HEX_LABEL_MAX] = "";
    const lb_hex *along = path ? path : r->choice;
    if (!r->surrender && !r->stays && along)
        lb_map_label(&st->map, along[r->hexes - 1], where);
    /* lb_retreat_apply moves along r's choice: the chosen path stands in for it */
    lb_hex *automatic = r->choice;
    if (path)
        r->choice = (lb_hex *)path;
    rc = lb_retreat_apply(st, unit, r, -1);
    r->choice = automatic;
    if (rc == LB_OK && where[0])
        lb_trace_add(g->tr, "R-RET-4", "(30)", "%s %s to %s%s", id,
                     r->kind == LB_RETREAT_DISORDER ? "retreats" : r->kind == LB_RETREAT_ROUT
                                                                      ? "routs" : "flees",
                     where, path ? "" : " (the automatic choice)");
    lbi_snapshot_settle(g, &s, &id, r->surrender ? 1 : 0, 0);
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
    unsigned char *found = calloc((size_t)r.nends + 1, 1);
    lb_hex *paths = NULL;
    int nends = 0;
    if (!found)
        rc = LB_NOMEM;
    else if (!r.surrender && !r.stays && !g->whatif &&
             (rc = first_paths_of(&r, &paths, found)) == LB_OK)
        for (int e = 0; e < r.nends; e++)
            nends += found[e];
    if (rc != LB_OK || nends <= 1) {
        if (rc == LB_OK)
            rc = retreat_apply(g, unit, &r, NULL);
        lb_retreat_release(&r);
        free(paths);
        free(found);
        task_pop(g);
        return rc;
    }
    /* R-RET-4 (d), R-GAME-7: the owner picks the end among the optimal paths' ends */
    const lb_unit *u = &st->units[unit];
    lb_decision d;
    char count[32], from[LB_HEX_LABEL_MAX];
    if (r.count_saturated)
        snprintf(count, sizeof count, "more than %llu", r.count);
    else
        snprintf(count, sizeof count, "%llu", r.count);
    lb_decision_init(&d, LB_DECIDE_PATH, u->side, u->id, "R-RET-4",
                     "%s: where does %s's %s from %s end? (%s optimal paths of %d hexes, cost %d; "
                     "it starts %d hex%s from the nearest enemy)", st->sides[u->side], u->id,
                     lb_retreat_kind_name(r.kind), lb_map_label(&st->map, r.start, from),
                     count, r.hexes, r.cost, r.start_distance, r.start_distance == 1 ? "" : "es");
    int kept = 0;
    for (int e = 0; e < r.nends && rc == LB_OK; e++) {
        if (!found[e])
            continue;
        char label[LB_HEX_LABEL_MAX];
        int dist = enemy_distance(st, u->side, r.ends[e]);
        lb_map_label(&st->map, r.ends[e], label);
        rc = lb_decision_add(&d, label, "end the %s at %s, %d hex%s from the nearest enemy",
                             lb_retreat_kind_name(r.kind), label, dist, dist == 1 ? "" : "es");
        /* the kept paths, in the order of the options */
        memmove(paths + (size_t)kept * (size_t)r.hexes, paths + (size_t)e * (size_t)r.hexes,
                (size_t)r.hexes * sizeof *paths);
        kept++;
    }
    free(found);
    if (rc == LB_OK)
        rc = lb_decision_add(&d, "auto", "the automatic choice (farthest from the enemy, then "
                             "the first path in label order, R-RET-4 d)");
    d.auto_choice = d.noptions - 1;
    if (rc != LB_OK) {
        lb_retreat_release(&r);
        lb_decision_release(&d);
        free(paths);
        return rc;
    }
    /* the state does not change until the answer: its paths are kept for it */
    lbi_task_forget(g);
    g->offered = r;
    g->offered_paths = paths;
    g->has_offered = 1;
    lb_decision_move(&g->pending, &d);
    g->has_pending = 1;
    return LB_OK;
}

void lbi_task_forget(lb_game *g)
{
    if (g->has_offered)
        lb_retreat_release(&g->offered);
    free(g->offered_paths);
    g->offered_paths = NULL;
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

int lbi_task_answer(lb_game *g, const lb_decision *cur, const char *key)
{
    task *t = &g->tasks[0];
    lb_state *st = g->st;
    int unit = g->ntasks ? lb_state_unit_index(st, t->unit) : -1;
    if (!g->ntasks || t->kind != TASK_RETREAT || unit < 0 || !g->has_offered)
        return LB_INVALID;
    const lb_hex *path = NULL;
    int e = lb_decision_find(cur, key);
    if (strcmp(key, "auto") != 0) {
        if (e < 0 || e >= cur->noptions - 1)
            return LB_INVALID;
        path = g->offered_paths + (size_t)e * (size_t)g->offered.hexes;
    }
    /* R-GAME-7: the owner's answer, the end of the first optimal path to it in label order (the
     * path offered with it) or the automatic choice */
    const char *side = st->sides[cur->side], *kind = lb_retreat_kind_name(g->offered.kind);
    if (!path)
        lb_trace_add(g->tr, "R-GAME-7", "(30)", "%s leaves the end of %s's %s to the automatic "
                     "choice", side, t->unit, kind);
    else
        lb_trace_add(g->tr, "R-GAME-7", "(30)", "%s chooses where %s's %s ends: %s, along the "
                     "first optimal path to it in label order", side, t->unit, kind, key);
    int rc = retreat_apply(g, unit, &g->offered, path);
    lbi_task_forget(g);
    task_pop(g);
    return rc;
}
