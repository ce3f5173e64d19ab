/* Defensive Fire (27) and Offensive Fire (24)-(26) segments: the legal fire options and a fire resolved and applied. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game_int.h"
#include "lb/fire.h"

#define CANDIDATES_MAX 256

typedef struct candidate {
    lb_hex hex;
    int distance;
    lb_frac value;
} candidate;

/* Least distance from a hex of unit to h. */
static int distance_to(const lb_unit *u, lb_hex h)
{
    int best = -1;
    for (int k = 0; k < u->nhexes; k++) {
        int d = lb_hex_distance(u->hexes[k], h);
        if (best < 0 || d < best)
            best = d;
    }
    return best;
}

/* Every hex unit may fire at now (R-GAME-5): an enemy combat unit's hex not fired at in this
 * segment (R-FIRE-6), adjacent in Defensive Fire (27.2), allowed by the fire rules. */
static int targets_of(const lb_game *g, int unit, candidate *out, lb_fire_value *v)
{
    const lb_state *st = g->st;
    const lb_unit *u = &st->units[unit];
    int step = game_step(g), n = 0;
    int defensive = st->turn.segment == LB_SEG_DEFENSIVE_FIRE;
    for (int j = 0; j < st->nunits; j++) {
        const lb_unit *e = &st->units[j];
        if (e->side == u->side || !lb_unit_is_combat(e))
            continue;
        for (int k = 0; k < e->nhexes && n < CANDIDATES_MAX; k++) {
            lb_hex h = e->hexes[k];
            int seen = g->targeted[lb_map_cell(&st->map, h)] == step;
            for (int c = 0; c < n && !seen; c++)
                seen = lb_hex_eq(out[c].hex, h);
            int d = distance_to(u, h);
            if (seen || (defensive && d > 1))
                continue;
            if (lb_fire_check(st, unit, h, v, NULL) != LB_OK || !v->allowed)
                continue;
            out[n++] = (candidate){h, d, v->value};
        }
    }
    return n;
}

int fire_options(const lb_game *g, lb_decision *d, const opt_scope *sc)
{
    const lb_state *st = g->st;
    int side = d->side, step = game_step(g);
    candidate *c = malloc(CANDIDATES_MAX * sizeof *c);
    lb_fire_value *v = malloc(sizeof *v);
    int rc = c && v ? LB_OK : LB_NOMEM;
    for (int i = 0; i < st->nunits && rc == LB_OK && !(sc->any && d->noptions); i++) {
        const lb_unit *u = &st->units[i];
        const unit_rec *r = game_rec_of(g, u->id);
        if ((sc->unit && strcmp(sc->unit, u->id) != 0) || u->side != side ||
            !lb_unit_is_combat(u) || (r && r->fired_step == step))
            continue;
        int n = targets_of(g, i, c, v), closest = -1;
        /* R-GAME-6, 26.1: a battery fires at the closest of its targets */
        for (int k = 0; k < n && u->arm == LB_ARM_ARTILLERY; k++)
            if (closest < 0 || c[k].distance < closest)
                closest = c[k].distance;
        for (int k = 0; k < n && rc == LB_OK; k++) {
            if (closest >= 0 && c[k].distance != closest)
                continue;
            char key[LB_OPTION_KEY_MAX], label[LB_HEX_LABEL_MAX], vb[32];
            lb_map_label(&st->map, c[k].hex, label);
            snprintf(key, sizeof key, "fire:%s:%s", u->id, label);
            rc = lb_decision_add(d, key, "%s fires at %s (fire value %s, %d hex%s)", u->id, label,
                                 lb_frac_fmt(c[k].value, vb, sizeof vb), c[k].distance,
                                 c[k].distance == 1 ? "" : "es");
        }
    }
    free(c);
    free(v);
    return rc;
}

/* The retreats and leader-casualty checks a fire leaves, by unit id (indexes shift when the
 * fire is applied). */
static int follow_ups(lb_game *g, const lb_fire_result *r, task *tasks, int max)
{
    const lb_state *st = g->st;
    int n = 0;
    for (int i = 0; i < r->nhits && n < max; i++) {
        const lb_fire_hit *h = &r->hits[i];
        if (!h->check || h->eliminated || !h->morale.outcome.moves)
            continue;
        task *t = &tasks[n++];
        memset(t, 0, sizeof *t);
        t->kind = TASK_RETREAT;
        t->retreat = h->morale.outcome.move;
        snprintf(t->unit, sizeof t->unit, "%s", st->units[h->unit].id);
    }
    /* R-GAME-8, (7): a leader killed or wounded makes his hex check, less his morale bonus */
    for (int i = 0; i < r->ncasualties; i++) {
        const lb_fire_casualty *c = &r->casualties[i];
        const lb_unit *leader = &st->units[c->leader];
        for (int k = 0; k < c->nchecks && n < max; k++) {
            task *t = &tasks[n++];
            memset(t, 0, sizeof *t);
            t->kind = TASK_MORALE;
            t->modifier = -lb_unit_bonus(leader, "morale");
            snprintf(t->unit, sizeof t->unit, "%s", st->units[c->checks[k]].id);
            snprintf(t->why, sizeof t->why, "%s", leader->id);
        }
    }
    return n;
}

int fire_run(lb_game *g, const char *key, int opportunity)
{
    lb_state *st = g->st;
    char id[LB_SUBJECT_MAX];
    const char *colon = strrchr(key, ':');
    lb_hex target;
    if (!colon || colon - key - 5 <= 0 || colon - key - 5 >= LB_SUBJECT_MAX ||
        lb_map_parse_label(&st->map, colon + 1, &target) != 0)
        return LB_INVALID;
    snprintf(id, sizeof id, "%.*s", (int)(colon - key - 5), key + 5);
    int unit = lb_state_unit_index(st, id);
    if (unit < 0)
        return LB_INVALID;
    lb_fire_result *r = calloc(1, sizeof *r);
    task *tasks = calloc(2 * LB_FIRE_UNITS_MAX * LB_FIRE_UNITS_MAX, sizeof *tasks);
    if (!r || !tasks) {
        free(r);
        free(tasks);
        return LB_NOMEM;
    }
    lb_dice dice;
    dice_begin(g, &dice);
    int rc = lb_fire_resolve(st, unit, target, &dice, r, g->tr);
    int drc = dice_end(g, &dice);
    if (rc == LB_OK && drc != LB_OK)
        rc = drc;
    if (rc == LB_OK && !r->odds.allowed)
        rc = LB_INVALID;
    int ntasks = rc == LB_OK ? follow_ups(g, r, tasks, 2 * LB_FIRE_UNITS_MAX * LB_FIRE_UNITS_MAX)
                             : 0;
    snapshot s = {0};
    if (rc == LB_OK)
        rc = snapshot_take(g, &s);
    if (rc == LB_OK) {
        rc = lb_fire_apply(st, r);
        lb_trace_add(g->tr, "R-FIRE-7", "(21)", "%s fires at %s: roll %d, %d increment%s "
                     "lost", id, colon + 1, r->roll, r->loss, r->loss == 1 ? "" : "s");
        snapshot_settle(g, &s, NULL, 0);
    }
    if (rc == LB_OK && !opportunity) {
        unit_rec *rec = game_rec(g, id);
        if (rec) {
            rec->fired_step = game_step(g);
            rec->fired_half = g->turn_index * 2 + g->half;
            rec->fired_at = target;
        }
        g->targeted[lb_map_cell(&st->map, target)] = game_step(g);
    }
    for (int i = 0; i < ntasks && rc == LB_OK; i++)
        rc = task_push(g, &tasks[i]);
    free(r);
    free(tasks);
    return rc;
}
