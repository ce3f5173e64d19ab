/* Defensive Fire (27), Offensive Fire (24)-(26) and opportunity fire (28): the legal fire options, and a fire of one unit or several resolved and applied. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game_int.h"
#include "game_events.h"
#include "state_int.h"
#include "trace_int.h"
#include "unit_int.h"
#include "action_int.h"
#include "fire_int.h"
#include "frac_int.h"
#include "hex_int.h"

lb_fire_kind lbi_fire_segment_kind(const lb_game *g)
{
    return g->st->turn.segment == LB_SEG_DEFENSIVE_FIRE ? LB_FIRE_DEFENSIVE : LB_FIRE_OFFENSIVE;
}

lb_fire_kind lb_game_fire_kind(const lb_game *g)
{
    if (g->has_pending && g->pending.kind == LB_DECIDE_OPPORTUNITY)
        return LB_FIRE_OPPORTUNITY;
    return lbi_fire_segment_kind(g);
}

/* R-GAME-5: the hexes that may be fired at in this segment: every hex holding a combat unit not
 * of `side` and not fired at in this segment, each once, in the order of the units. *out is
 * malloc'd; returns how many, or -1 when out of memory. */
static int open_targets(const lb_game *g, int side, lb_hex **out)
{
    const lb_state *st = g->st;
    int step = lbi_game_step(g), n = 0;
    lb_hex *h = malloc(((size_t)st->nunits * LB_UNIT_MAX_HEXES + 1) * sizeof *h);
    unsigned char *seen = calloc((size_t)(st->map.cols * st->map.rows) + 1, 1);
    if (!h || !seen) {
        free(h);
        free(seen);
        return -1;
    }
    for (int j = 0; j < st->nunits; j++) {
        const lb_unit *e = &st->units[j];
        if (e->side == side || !lb_unit_is_combat(e))
            continue;
        for (int k = 0; k < e->nhexes; k++) {
            int cell = lb_map_cell(&st->map, e->hexes[k]);
            if (seen[cell] || g->targeted[cell] == step)
                continue;
            seen[cell] = 1;
            h[n++] = e->hexes[k];
        }
    }
    free(seen);
    *out = h;
    return n;
}

/* R-GAME-6: why a battery is offered no farther hex (traced as the segment's decision is
 * offered): its closest target, as the fire rules name it (R-FIRE-21), and whether that hex was
 * fired at in this segment, so that it fires at nothing more. farther lists the hexes refused. */
static void trace_closest(const lb_game *g, lb_trace *tr, const lb_unit *u, lb_hex nearer,
                          const char *farther)
{
    const lb_state *st = g->st;
    char label[LB_HEX_LABEL_MAX];
    lb_map_label(&st->map, nearer, label);
    int fired_at = g->targeted[lb_map_cell(&st->map, nearer)] == lbi_game_step(g);
    LBI_EVENT(tr, "R-GAME-6", "(26.1)", EV_GAME_CLOSEST, ev_unit_id(u->id), lbi_ev_label(label),
              ev_text(farther), ev_int(fired_at));
    lb_trace_text(tr, "unit", u->id);
    lb_trace_text(tr, "closest", label);
    lb_trace_bool(tr, "closest_fired_at", fired_at);
}

/* R-GAME-5, R-GAME-6: one option per unit of the side and hex it may fire at, as the fire rules
 * answer for the segment's kind of fire (range, front, sight, a battery's closest target:
 * R-FIRE-19, R-FIRE-21); then, when any, the parameterised fire of one unit or several together
 * (R-FIRE-23..27), which the fire rules check whole when it is answered. With sc->tr the offer
 * is traced: the batteries held to their closest target, and what the segment offers. */
/* The distance from unit u's nearest hex to h. */
static int nearest_hex(const lb_unit *u, lb_hex h)
{
    int best = INT_MAX;
    for (int k = 0; k < u->nhexes; k++) {
        int d = lb_hex_distance(u->hexes[k], h);
        best = d < best ? d : best;
    }
    return best;
}

/* One unit's fire options, a hex each it may fire at (v is scratch); the batteries held to their
 * closest target traced. */
static int unit_fire_options(const lb_game *g, lb_decision *d, const opt_scope *sc, int i,
                             const lb_hex *targets, int ntargets, lb_fire_kind kind,
                             lb_fire_value *v)
{
    const lb_state *st = g->st;
    const lb_unit *u = &st->units[i];
    int rc = LB_OK, nfarther = 0;
    char farther[LB_GAME_REASON_MAX] = "";
    lb_hex nearer = {0, 0};
    /* R-FIRE-1, R-FIRE-19: the unit's range, once a check has read it (it is the unit's, the
     * same at every target): a hex farther from each of the unit's hexes is refused as out of
     * range, so it is not asked (the options and the trace as when it was) */
    int range = 0;
    for (int k = 0; k < ntargets && rc == LB_OK; k++) {
        if (range > 0 && nearest_hex(u, targets[k]) > range)
            continue;
        char label[LB_HEX_LABEL_MAX], vb[32];
        lb_map_label(&st->map, targets[k], label);
        rc = lb_fire_check(st, i, targets[k], kind, v, NULL);
        range = rc == LB_OK && v->range > 0 ? v->range : range;
        if (rc == LB_OK && !v->allowed && v->has_nearer && sc->tr) {
            size_t used = strlen(farther);
            snprintf(farther + used, sizeof farther - used, " %s", label);
            nearer = v->nearer;
            nfarther++;
        }
        if (rc != LB_OK || !v->allowed)
            continue;
        lb_action a;
        lb_action_init(&a, LB_VERB_FIRE);
        lb_action_add_unit(&a, u->id);
        lb_action_add_hex(&a, targets[k]);
        char away[24];
        if (v->distance)
            snprintf(away, sizeof away, "%d hex%s", v->distance, v->distance == 1 ? "" : "es");
        else
            snprintf(away, sizeof away, "in its own hex");
        rc = lbi_offer(d, st, &a, NULL, "%s fires at %s (fire value %s, %s)", u->id, label,
                       lb_frac_fmt(v->value, vb, sizeof vb), away);
    }
    if (rc == LB_OK && nfarther)
        trace_closest(g, sc->tr, u, nearer, farther);
    return rc;
}

/* R-GAME-5: what the segment offers, traced: how many fires of how many units. */
static void trace_fire_offer(const lb_state *st, lb_trace *tr, int side, lb_fire_kind kind,
                             int fires, int firers)
{
    LBI_EVENT(tr, "R-GAME-5", kind == LB_FIRE_DEFENSIVE ? "(27)" : "(24)", EV_GAME_FIRE_OFFER,
              ev_text(st->sides[side]), ev_text(lb_fire_kind_name(kind)), ev_int(fires),
              ev_int(firers));
    lb_trace_int(tr, "fires", fires);
    lb_trace_int(tr, "units", firers);
    lb_trace_text(tr, "kind", lb_fire_kind_name(kind));
}

int lbi_fire_options(const lb_game *g, lb_decision *d, const opt_scope *sc)
{
    const lb_state *st = g->st;
    int step = lbi_game_step(g), before = d->noptions, firers = 0;
    lb_fire_kind kind = lbi_fire_segment_kind(g);
    lb_hex *targets = NULL;
    int ntargets = open_targets(g, d->side, &targets);
    lb_fire_value *v = malloc(sizeof *v);
    int rc = ntargets >= 0 && v ? LB_OK : LB_NOMEM;
    for (int i = 0; i < st->nunits && rc == LB_OK && !(sc->any && d->noptions > before); i++) {
        const lb_unit *u = &st->units[i];
        const unit_rec *r = lbi_game_rec_of(g, u->id);
        if ((sc->unit && strcmp(sc->unit, u->id) != 0) || u->side != d->side ||
            !lb_unit_is_combat(u) || (r && r->fired_step == step))
            continue;
        int offered = d->noptions;
        rc = unit_fire_options(g, d, sc, i, targets, ntargets, kind, v);
        firers += d->noptions > offered;
    }
    lb_action all;
    lb_action_init(&all, LB_VERB_FIRE);
    if (rc == LB_OK && d->noptions > before)
        rc = lbi_offer(d, st, &all, FIRE_PARAM, "one unit or several together fire at one hex: "
                       "U1+U2+…:HEX (R-FIRE-23..27)");
    if (rc == LB_OK && d->noptions > before && sc->tr)
        trace_fire_offer(st, sc->tr, d->side, kind, d->noptions - before - 1, firers);
    free(targets);
    free(v);
    return rc;
}

/* The retreats and leader-casualty checks a fire leaves, by unit id (indexes shift when the
 * fire is applied); *n gets how many. NULL when out of memory. */
static task *follow_ups(const lb_state *st, const lb_fire_result *r, int *n)
{
    int max = r->nhits;
    for (int i = 0; i < r->ncasualties; i++)
        max += r->casualties[i].nchecks;
    task *tasks = calloc((size_t)max + 1, sizeof *tasks);
    *n = 0;
    if (!tasks)
        return NULL;
    for (int i = 0; i < r->nhits; i++) {
        const lb_fire_hit *h = &r->hits[i];
        if (!h->check || h->eliminated || !h->morale.outcome.moves)
            continue;
        task *t = &tasks[(*n)++];
        t->kind = TASK_RETREAT;
        t->retreat = h->morale.outcome.move;
        t->failed = 1; /* R-MOR-17 */
        snprintf(t->unit, sizeof t->unit, "%s", st->units[h->unit].id);
    }
    /* R-GAME-8, (7): a leader killed or wounded makes his hex check, less his morale bonus; the
     * units that check are the first nchecks of the target hex's units */
    for (int i = 0; i < r->ncasualties; i++) {
        const lb_fire_casualty *c = &r->casualties[i];
        const lb_unit *leader = &st->units[c->leader];
        for (int k = 0; k < c->nchecks && k < r->odds.nunits; k++) {
            task *t = &tasks[(*n)++];
            t->kind = TASK_MORALE;
            t->modifier = -lb_unit_bonus(leader, "morale");
            snprintf(t->unit, sizeof t->unit, "%s", st->units[r->odds.units[k].unit].id);
            snprintf(t->why, sizeof t->why, "%s", leader->id);
        }
    }
    return tasks;
}

/* R-GAME-5: the game's records of the fire a for side, of which the first `units` units are
 * read: its hex on the map and not fired at in this segment, each unit on the map, of the side
 * that fires, and not fired in this segment (opportunity fire is outside the segments' records,
 * R-GAME-17). Their indexes into firers (room for `units`); a refusal in out when one is not. */
static void fire_records(const lb_game *g, const lb_action *a, int units, lb_fire_kind kind,
                         int side, int *firers, lb_game_answer *out)
{
    const lb_state *st = g->st;
    char label[LB_HEX_LABEL_MAX];
    lb_hex target = a->hexes[0];
    lb_map_label(&st->map, target, label);
    if (!lb_map_contains(&st->map, target)) {
        lbi_game_refuse(out, LB_REFUSED_ILLEGAL, "R-GAME-3", "\"%s\" is not a hex of the map",
                        label);
        return;
    }
    if (kind != LB_FIRE_OPPORTUNITY &&
        g->targeted[lb_map_cell(&st->map, target)] == lbi_game_step(g)) {
        lbi_game_refuse(out, LB_REFUSED_ILLEGAL, "R-GAME-5", "%s was fired at in this segment: the "
                    "units that fire at a hex fire together, once (R-FIRE-23)", label);
        return;
    }
    for (int i = 0; i < units && out->verdict == LB_ACCEPTED; i++) {
        const char *id = lb_action_unit(a, i);
        int u = lb_state_unit_index(st, id);
        const unit_rec *r = lbi_game_rec_of(g, id);
        if (u < 0)
            lbi_game_refuse(out, LB_REFUSED_ILLEGAL, "R-GAME-5", "no unit \"%s\" on the map", id);
        else if (st->units[u].side != side)
            lbi_game_refuse(out, LB_REFUSED_ILLEGAL, "R-GAME-5", "%s is %s's: %s fires now", id,
                        st->sides[st->units[u].side], st->sides[side]);
        else if (kind != LB_FIRE_OPPORTUNITY && r && r->fired_step == lbi_game_step(g))
            lbi_game_refuse(out, LB_REFUSED_ILLEGAL, "R-GAME-5", "%s has fired in this segment",
                            id);
        else
            firers[i] = u;
    }
}

/* The fire rolled with the game's dice into r; a fire the rules refuse when rolled is an error. */
static int fire_roll(lb_game *g, const lb_fire_request *rq, const char *hex, lb_fire_result *r)
{
    lb_dice dice;
    lbi_dice_begin(g, &dice);
    int rc = lb_fire_resolve(g->st, rq, &dice, r, g->tr);
    int drc = lbi_dice_end(g, &dice);
    if (rc == LB_OK && drc != LB_OK)
        rc = drc;
    if (rc == LB_OK && !r->odds.allowed) {
        char why[LB_FIRE_REASON_MAX];
        lb_said_fmt(&r->odds.why, why, sizeof why);
        snprintf(g->error, sizeof g->error, "the fire at %s was refused when rolled: %s", hex, why);
        rc = LB_INVALID;
    }
    return rc;
}

/* The rolled fire applied to the state, its losses traced (R-FIRE-7, or R-FIRE-13 when lone
 * unlimbered guns take only the even-numbered increments). */
static int fire_settle(lb_game *g, const lb_fire_request *rq, const lb_fire_result *r,
                       const char *who, const char *hex)
{
    snapshot s;
    int rc = lbi_snapshot_take(g, &s);
    if (rc != LB_OK)
        return rc;
    int taken = 0;
    for (int i = 0; i < r->nhits; i++)
        taken += r->hits[i].loss;
    rc = lb_fire_apply(g->st, r);
    if (taken == r->loss)
        LBI_EVENT(g->tr, "R-FIRE-7", "(21)", EV_GAME_FIRE_LOST, ev_text(who),
                  ev_int(rq->nfirers > 1), lbi_ev_label(hex), ev_roll(r->roll), ev_int(r->loss));
    else
        LBI_EVENT(g->tr, "R-FIRE-13", "(21)", EV_GAME_FIRE_TAKEN, ev_text(who),
                  ev_int(rq->nfirers > 1), lbi_ev_label(hex), ev_roll(r->roll), ev_int(r->loss),
                  ev_int(taken));
    lbi_snapshot_settle(g, &s, NULL, 0, 1);
    return rc;
}

/* R-GAME-5: outside opportunity fire, the segment's records of the firers and of the hex. */
static void fire_record(lb_game *g, const lb_fire_request *rq, const lb_action *a,
                        const char *who, const char *hex)
{
    if (rq->kind == LB_FIRE_OPPORTUNITY)
        return;
    for (int i = 0; i < rq->nfirers; i++) {
        unit_rec *rec = lbi_game_rec(g, lb_action_unit(a, i));
        if (rec) {
            rec->fired_step = lbi_game_step(g);
            rec->fired_half = g->turn_index * 2 + g->half;
            rec->fired_at = rq->target;
        }
    }
    g->targeted[lb_map_cell(&g->st->map, rq->target)] = lbi_game_step(g);
    LBI_EVENT(g->tr, "R-GAME-5", "(21)", EV_GAME_FIRED, ev_text(who), lbi_ev_label(hex),
              ev_int(rq->nfirers > 1));
}

/* The fire rolled and applied: its losses tallied, its follow-ups queued, and outside
 * opportunity fire the segment's records of its firers and its hex (R-GAME-5). */
static int fire_apply(lb_game *g, const lb_fire_request *rq, const lb_action *a)
{
    char hex[LB_HEX_LABEL_MAX];
    lb_map_label(&g->st->map, rq->target, hex);
    lb_fire_result r;
    memset(&r, 0, sizeof r);
    int rc = fire_roll(g, rq, hex, &r);
    int ntasks = 0;
    task *tasks = rc == LB_OK ? follow_ups(g->st, &r, &ntasks) : NULL;
    if (rc == LB_OK && !tasks)
        rc = LB_NOMEM;
    char who[LB_GAME_REASON_MAX] = "";
    size_t used = 0;
    for (int i = 0; i < rq->nfirers && used < sizeof who; i++)
        used += (size_t)snprintf(who + used, sizeof who - used, "%s%s",
                                 i == 0 ? "" : i == rq->nfirers - 1 ? " and " : ", ",
                                 lb_action_unit(a, i));
    if (rc == LB_OK)
        rc = fire_settle(g, rq, &r, who, hex);
    if (rc == LB_OK)
        fire_record(g, rq, a, who, hex);
    for (int i = 0; i < ntasks && rc == LB_OK; i++)
        rc = lbi_task_push(g, &tasks[i]);
    free(tasks);
    lb_fire_result_release(&r);
    return rc;
}

int lbi_fire_run(lb_game *g, const lb_action *a, lb_fire_kind kind, int side, lb_game_answer *out)
{
    const lb_state *st = g->st;
    if (a->nunits == 0)
        return lbi_game_refuse(out, LB_REFUSED_ILLEGAL, "R-GAME-3", "expected fire:U1+U2+…:HEX");
    int *firers = malloc((size_t)a->nunits * sizeof *firers);
    if (!firers)
        return LB_NOMEM;
    int rc = LB_OK;
    lb_fire_request rq = {kind, a->hexes[0], firers, a->nunits};
    lb_fire_group grp;
    memset(&grp, 0, sizeof grp);
    fire_records(g, a, a->nunits, kind, side, firers, out);
    if (out->verdict == LB_ACCEPTED)
        rc = lb_fire_group_check(st, &rq, &grp, NULL);
    /* R-FIRE-1..27: a fire the fire rules refuse is refused with their ruling and reason */
    if (rc == LB_OK && out->verdict == LB_ACCEPTED && !grp.allowed) {
        char why[LB_FIRE_REASON_MAX];
        lb_said_fmt(&grp.why, why, sizeof why);
        lbi_game_refuse(out, LB_REFUSED_ILLEGAL, grp.rule, "%s", why);
    }
    lb_fire_group_release(&grp);
    if (rc == LB_OK && out->verdict == LB_ACCEPTED)
        rc = fire_apply(g, &rq, a);
    free(firers);
    return rc;
}

int lbi_fire_refuse(const lb_game *g, const parsed *p, lb_fire_kind kind, int side,
                    lb_game_answer *out)
{
    if (p->bad == KEY_SHAPE)
        return lbi_game_refuse(out, LB_REFUSED_ILLEGAL, "R-GAME-3", "expected fire:U1+U2+…:HEX");
    if (p->bad == KEY_HEX)
        return lbi_game_refuse(out, LB_REFUSED_ILLEGAL, "R-GAME-3", "\"%.*s\" is not a hex of the "
                           "map", p->found_len, p->found);
    /* the units before the one that did not read, as the game's records have them */
    int firers[LB_ACTION_UNITS_MAX];
    fire_records(g, &p->act, p->act.nunits, kind, side, firers, out);
    if (out->verdict != LB_ACCEPTED)
        return LB_OK;
    if (p->found_len == 0)
        return lbi_game_refuse(out, LB_REFUSED_ILLEGAL, "R-GAME-3", "expected fire:U1+U2+…:HEX");
    return lbi_game_refuse(out, LB_REFUSED_ILLEGAL, "R-GAME-5", "no unit \"%.*s\" on the map",
                       p->found_len, p->found);
}
