/* Results applied to the game: the victory tally of what an apply did, and the follow-up tasks (retreats with their owner's choice, morale checks). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game_int.h"
#include "game_events.h"
#include "rules_types.h"
#include "state_int.h"
#include "decision_int.h"
#include "morale_int.h"
#include "retreat_int.h"
#include "hex_int.h"
#include "unit_int.h"

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
                LBI_EVENT(g->tr, "R-VIC-3", "(7)", EV_GAME_LEADER_LOST, ev_unit_id(was->id),
                          ev_text(st->sides[enemy]));
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
            LBI_EVENT(g->tr, "R-VIC-3", "(30)", EV_GAME_SURRENDERS, ev_unit_id(was->id),
                      ev_text(st->sides[enemy]));
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
            LBI_EVENT(g->tr, "R-VIC-3", "(11)", EV_GAME_LOSES, ev_unit_id(was->id), ev_int(lost),
                      ev_int(now < 0));
        }
    }
    free(s->units);
    s->units = NULL;
}

/* ---- tasks --------------------------------------------------------------------------------- */

static void task_pop(lb_game *g)
{
    memmove(&g->tasks[0], &g->tasks[1], (size_t)(g->ntasks - 1) * sizeof *g->tasks);
    g->ntasks--;
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

/* R-MOR-16: the hexes unit began in (before it moves) and those r's path to end (NULL: the
 * automatic choice) enters, into out (room for LB_UNIT_MAX_HEXES + r->hexes); their count, or
 * -1 out of memory or when it does not move. */
static int hexes_moved(const lb_state *st, int unit, const lb_retreat *r, const lb_hex *end,
                       lb_hex *out)
{
    if (r->surrender || r->stays || r->hexes < 1)
        return -1;
    const lb_unit *u = &st->units[unit];
    int n = 0;
    for (int k = 0; k < u->nhexes; k++)
        out[n++] = u->hexes[k];
    if (!end) {
        memcpy(out + n, r->choice, (size_t)r->hexes * sizeof *out);
        return n + r->hexes;
    }
    return lb_retreat_path_to(r, *end, NULL, NULL, out + n) == LB_OK ? n + r->hexes : -1;
}

/* Moves unit to end, along the first optimal path to it (NULL: r's automatic choice), counting
 * a surrender; the good-order friends it began, passed or ended with check, their checks queued
 * after the task now (R-MOR-16). */
static int retreat_apply(lb_game *g, int unit, const lb_retreat *r, const lb_hex *end)
{
    lb_state *st = g->st;
    const char *id = st->units[unit].id;
    int side = st->units[unit].side;
    lb_hex *moved = malloc(((size_t)r->hexes + LB_UNIT_MAX_HEXES + 1) * sizeof *moved);
    if (!moved)
        return LB_NOMEM;
    int nmoved = hexes_moved(st, unit, r, end, moved);
    snapshot s;
    int rc = lbi_snapshot_take(g, &s);
    if (rc != LB_OK) {
        free(moved);
        return rc;
    }
    char where[LB_HEX_LABEL_MAX] = "";
    if (!r->surrender && !r->stays)
        lb_map_label(&st->map, end ? *end : r->choice[r->hexes - 1], where);
    /* R-RET-22: the leaders it leaves alone stay until their owner says (queued below) */
    lb_retreat left = *r;
    left.leaders_stay = !r->surrender;
    rc = end ? lb_retreat_apply_to(st, unit, &left, *end)
             : lb_retreat_apply(st, unit, &left, -1);
    if (rc == LB_OK && where[0])
        LBI_EVENT(g->tr, "R-RET-4", "(30)", EV_GAME_RETREATS, ev_unit_id(id),
                  ev_phrase(GAME_PH_FLIGHT, r->kind == LB_RETREAT_DISORDER ? GAME_RETREATS
                                            : r->kind == LB_RETREAT_ROUT   ? GAME_ROUTS
                                                                           : GAME_FLEES),
                  lbi_ev_label(where), ev_int(end != NULL));
    lbi_snapshot_settle(g, &s, &id, r->surrender ? 1 : 0, 0);
    int at = 1;
    if (rc == LB_OK && nmoved > 0)
        rc = lbi_leaders_queue(g, r, moved[nmoved - 1], &at);
    if (rc == LB_OK && nmoved > 0 && (unit = lb_state_unit_index(st, r->unit)) >= 0)
        rc = lbi_checks_passed(g, st->units[unit].id, side, moved, nmoved, g->tasks[0].event,
                               &at);
    free(moved);
    return rc;
}

static int run_retreat(lb_game *g, int unit, task *t)
{
    lb_state *st = g->st;
    int rc = LB_OK, at = 1;
    if (t->failed) { /* R-MOR-17: its stack-mates check once it has gone */
        t->failed = 0;
        const lb_unit *u = &st->units[unit];
        rc = lbi_checks_stack(g, u->id, u->side, u->hexes, u->nhexes, t->event, &at);
        if (rc != LB_OK)
            return rc;
    }
    lb_retreat r;
    lb_retreat_req req = {.kind = t->retreat, .max_paths = 1};
    rc = lb_retreat_paths(st, unit, &req, &r, g->tr);
    if (rc != LB_OK)
        return rc;
    lb_retreat_checks(st, unit, &r, g->tr); /* R-MOR-16: who will check */
    /* R-AI-2: a what-if copy takes the automatic end without offering it */
    if (r.surrender || r.stays || r.nends <= 1 || g->whatif) {
        rc = retreat_apply(g, unit, &r, NULL);
        lb_retreat_release(&r);
        task_pop(g);
        return rc;
    }
    /* R-RET-4 (f), R-GAME-7: the owner picks the end among the optimal paths' ends */
    const lb_unit *u = &st->units[unit];
    lb_decision d;
    char count[32], from[LB_HEX_LABEL_MAX];
    if (r.count_saturated)
        snprintf(count, sizeof count, "more than %llu", r.count);
    else
        snprintf(count, sizeof count, "%llu", r.count);
    lb_decision_init(&d, LB_DECIDE_PATH, u->side, u->id, "R-RET-4",
                     "%s: where does %s's %s from %s end? (%s optimal paths of %d hexes, cost %d; "
                     "it starts %d hex%s from the nearest enemy; R-GAME-7)", st->sides[u->side], u->id,
                     lb_retreat_kind_name(r.kind), lb_map_label(&st->map, r.start, from),
                     count, r.hexes, r.cost, r.start_distance, r.start_distance == 1 ? "" : "es");
    for (int e = 0; e < r.nends && rc == LB_OK; e++) {
        char label[LB_HEX_LABEL_MAX];
        int dist = enemy_distance(st, u->side, r.ends[e]);
        lb_action a;
        lb_action_init(&a, LB_VERB_END_AT);
        lb_action_add_hex(&a, r.ends[e]);
        /* R-RET-8: the owner is warned of an end that means surrender later */
        rc = lbi_offer(&d, st, &a, NULL, "end the %s at %s, %d hex%s from the nearest enemy%s",
                       lb_retreat_kind_name(r.kind), lb_map_label(&st->map, r.ends[e], label),
                       dist, dist == 1 ? "" : "es",
                       r.end_surrenders && r.end_surrenders[e]
                           ? "; surrender later: a failed recovery there would have no "
                             "complete path (R-RET-8)"
                           : "");
    }
    lb_action automatic;
    lb_action_init(&automatic, LB_VERB_AUTO);
    if (rc == LB_OK)
        rc = lbi_offer(&d, st, &automatic, NULL, "the automatic choice (the first path in label "
                       "order whose end does not mean surrender later, R-RET-4 f, R-RET-8)");
    d.auto_choice = d.noptions - 1;
    if (rc != LB_OK) {
        lb_retreat_release(&r);
        lb_decision_release(&d);
        return rc;
    }
    LBI_EVENT(g->tr, "R-GAME-7", "(30)", EV_GAME_RETREAT_ASKED, ev_text(st->sides[u->side]),
              ev_unit_id(u->id), ev_text(lb_retreat_kind_name(r.kind)), ev_int(r.nends));
    /* the state does not change until the answer: the search is kept for it */
    lbi_task_forget(g);
    g->offered = r;
    g->offered_req = req;
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
    /* R-MOR-18: the unit checks once in the event */
    unit_rec *rec = lbi_game_rec(g, t->unit);
    if (rec)
        rec->checked_event = t->event;
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
    const char *rule = kind == LB_CHECK_RECOVERY ? "R-MOR-8" : "R-MOR-7";
    if (t->kind == TASK_TRIGGERED)
        rule = t->cause == TRIGGER_PASSED ? "R-MOR-16" : "R-MOR-17";
    /* R-MOR-16, R-MOR-17: what the check the rules set off needed */
    int triggered = t->kind == TASK_TRIGGERED;
    LBI_EVENT(g->tr, rule, "(31)", EV_GAME_MORALE_CHECK, ev_unit_id(st->units[unit].id),
              ev_roll(m.roll), ev_int(m.odds.modifier), ev_int(m.modified),
              ev_int(m.outcome.passed), ev_text(lb_morale_state_name(m.outcome.to)),
              ev_int(triggered), ev_int(m.odds.morale),
              ev_int(triggered ? (int)(m.odds.p_pass.num * 36 / m.odds.p_pass.den) : 0));
    if ((rc = lb_morale_apply(st, unit, &m.outcome)) != LB_OK)
        return rc;
    /* R-MOR-17: a failure makes the rest of its stack check (W31-13), after its own move */
    const lb_unit *u = &st->units[unit];
    int at = 1;
    if (!m.outcome.passed && lb_unit_is_combat(u))
        rc = lbi_checks_stack(g, u->id, u->side, u->hexes, u->nhexes, t->event, &at);
    if (rc != LB_OK)
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
    if (unit < 0 && t->kind != TASK_DISPLACE) {
        task_pop(g);
        return LB_OK;
    }
    if (!t->event) /* R-MOR-18: a task of no event starts one */
        t->event = lbi_event_new(g);
    if (t->kind == TASK_DISPLACE) { /* R-STACK-8: the hex, whoever is left in it */
        int done = 0, rc = lbi_overstack_displace(g, t, &done);
        if (rc == LB_OK && done)
            task_pop(g);
        return rc;
    }
    if (t->kind == TASK_RETREAT)
        return run_retreat(g, unit, t);
    if (t->kind == TASK_LEADER) {
        int done = lbi_leader_run(g, unit, t);
        if (done > 0)
            task_pop(g);
        return done < 0 ? LB_NOMEM : LB_OK;
    }
    return run_check(g, unit, t);
}

int lbi_task_answer(lb_game *g, const lb_decision *cur, const lb_action *a)
{
    task *t = &g->tasks[0];
    lb_state *st = g->st;
    int unit = g->ntasks ? lb_state_unit_index(st, t->unit) : -1;
    if (g->ntasks && t->kind == TASK_LEADER) {
        int rc = lbi_leader_answer(g, t, a);
        if (rc == LB_OK)
            task_pop(g);
        return rc;
    }
    if (!g->ntasks || t->kind != TASK_RETREAT || unit < 0 || !g->has_offered)
        return LB_INVALID;
    const lb_hex *end = NULL;
    char key[LB_OPTION_KEY_MAX];
    if (a->verb != LB_VERB_AUTO) {
        int e = -1;
        for (int i = 0; i < g->offered.nends && e < 0; i++)
            if (a->verb == LB_VERB_END_AT && lb_hex_eq(a->hexes[0], g->offered.ends[i]))
                e = i;
        if (e < 0)
            return LB_INVALID;
        end = &g->offered.ends[e]; /* the options are the ends, in their order */
        lb_map_label(&st->map, *end, key);
    }
    /* R-GAME-7: the owner's answer, the end of the first optimal path to it in label order (the
     * path offered with it) or the automatic choice */
    const char *side = st->sides[cur->side], *kind = lb_retreat_kind_name(g->offered.kind);
    if (!end)
        LBI_EVENT(g->tr, "R-GAME-7", "(30)", EV_GAME_RETREAT_AUTOMATIC, ev_text(side),
                  ev_unit_id(t->unit), ev_text(kind));
    else
        LBI_EVENT(g->tr, "R-GAME-7", "(30)", EV_GAME_RETREAT_CHOSEN, ev_text(side),
                  ev_unit_id(t->unit), ev_text(kind), lbi_ev_label(key));
    int rc = retreat_apply(g, unit, &g->offered, end);
    lbi_task_forget(g);
    task_pop(g);
    return rc;
}
