/* The Melee segment (32)-(34): the melees a charge owes first, then the assaults the phasing side may declare, each played by the melee machine on the game's state and dice, its decisions offered to their side. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game_int.h"
#include "game_events.h"
#include "rules_types.h"
#include "state_int.h"
#include "decision_int.h"
#include "frac_int.h"
#include "action_int.h"
#include "melee_int.h"
#include "unit_int.h"
#include "facing_int.h"
#include "hex_int.h"

/* ---- what the earlier segments of the turn left each attacker ------------------------------ */

/* R-MEL-2, R-MEL-25: the facts of attacker id, from this side's sequence and its charge. */
static void attacker_of(const lb_game *g, const char *id, lb_melee_attacker *a)
{
    memset(a, 0, sizeof *a);
    a->id = id;
    a->times = lb_frac_int(1);
    const unit_rec *r = lbi_game_rec_of(g, id);
    int half = g->turn_index * 2 + g->half;
    if (r && r->fired_half == half) {
        a->fired = 1;
        a->fired_at = r->fired_at;
    }
    if (r && r->df_loss_half == half)
        a->fire_loss = r->df_loss;
}

/* The melee a charge owes id (R-MEL-25), or NULL. */
static const obligation *owed(const lb_game *g, const char *id)
{
    for (int i = 0; i < g->nobligations; i++)
        if (g->obligations[i].kind == LB_OBLIGE_MELEE && strcmp(g->obligations[i].unit, id) == 0)
            return &g->obligations[i];
    return NULL;
}

/* Fills req for attackers ids (n) at target, with the charge's facts where one is owed. */
static void request(const lb_game *g, lb_hex target, const char *const *ids, int n,
                    lb_melee_req *req)
{
    memset(req, 0, sizeof *req);
    req->target = target;
    for (int i = 0; i < n && i < LB_MELEE_ATTACKERS_MAX; i++) {
        lb_melee_attacker *a = &req->attackers[req->nattackers++];
        attacker_of(g, ids[i], a);
        const obligation *o = owed(g, ids[i]);
        if (o) {
            a->charge_straight = o->charge_bonus;
            a->times = o->melee_times;
            a->charged = 1;
        }
    }
    for (int i = 0; i < g->nobligations && req->npassed < LB_MELEE_PASSED_MAX; i++)
        if (g->obligations[i].kind == LB_OBLIGE_PASSED_PREMELEE)
            req->passed[req->npassed++] = g->obligations[i].unit;
}

void lb_game_melee_request(const lb_game *g, lb_hex target, const char *const *ids, int n,
                           lb_melee_req *req)
{
    request(g, target, ids, n, req);
}

/* ---- options -------------------------------------------------------------------------------- */

/* May the units ids (n) melee target now? */
static int allowed(const lb_game *g, lb_hex target, const char *const *ids, int n, int *ok)
{
    lb_melee_req req;
    request(g, target, ids, n, &req);
    lb_melee_chance *c = malloc(sizeof *c);
    if (!c)
        return LB_NOMEM;
    int rc = lb_melee_odds(g->st, &req, c, NULL);
    *ok = rc == LB_OK && c->allowed;
    free(c);
    return rc == LB_INVALID ? LB_OK : rc;
}

/* R-MEL-25, R-CHG-29: the hex of formation e that the charging unit u melees: the one it stands
 * in (a carré) or next to, through its front when one is; e's first hex when none is near. */
static lb_hex owed_hex(const lb_unit *u, const lb_unit *e)
{
    lb_hex near = e->hexes[0];
    int found = 0;
    for (int k = 0; k < e->nhexes; k++) {
        if (lb_unit_in_hex(u, e->hexes[k]))
            return e->hexes[k];
        for (int j = 0; j < u->nhexes; j++) {
            int dir = lb_hex_dir_to(u->hexes[j], e->hexes[k]);
            if (dir < 0)
                continue;
            if (lb_facing_side(u, j, dir) == LB_SIDE_FRONT)
                return e->hexes[k];
            if (!found++)
                near = e->hexes[k];
        }
    }
    return near;
}

/* Is o a melee that side owes now (its unit and the other on the map, the unit not yet in a
 * melee of this step)? R-OCH-8: an opportunity charge's melee is its cavalry's side's. */
static int owes_melee(const lb_game *g, const obligation *o, int side, int step)
{
    const lb_state *st = g->st;
    int u = lb_state_unit_index(st, o->unit), e = lb_state_unit_index(st, o->other);
    const unit_rec *r = lbi_game_rec_of(g, o->unit);
    return o->kind == LB_OBLIGE_MELEE && u >= 0 && e >= 0 && !(r && r->meleed_step == step) &&
           st->units[u].side == side;
}

/* The hex the melee o owes is fought at (R-MEL-25), when o is owed now by side; 0 when it is not
 * or that hex was assaulted in this step (R-GAME-25: the owed melee lapses). */
static int owed_target(const lb_game *g, const obligation *o, int side, int step, lb_hex *target)
{
    const lb_state *st = g->st;
    if (!owes_melee(g, o, side, step))
        return 0;
    int u = lb_state_unit_index(st, o->unit), e = lb_state_unit_index(st, o->other);
    *target = owed_hex(&st->units[u], &st->units[e]);
    return g->assaulted[lb_map_cell(&st->map, *target)] != step;
}

/* Offers the melee ids (n) owe at target as one assault: "U melees E at HEX, as its charge
 * owes", or with several "U1+U2 melee HEX together, as their charges owe" (R-GAME-25). */
static int offer_owed(const lb_game *g, lb_decision *d, lb_hex target, const char *const *ids,
                      int n, const char *other)
{
    const lb_state *st = g->st;
    char label[LB_HEX_LABEL_MAX], who[LB_GAME_REASON_MAX / 2];
    lb_action a;
    lb_action_init(&a, LB_VERB_MELEE);
    lb_action_add_hex(&a, target);
    lb_map_label(&st->map, target, label);
    size_t used = 0;
    who[0] = '\0';
    for (int i = 0; i < n; i++) {
        lb_action_add_unit(&a, ids[i]);
        if (used < sizeof who)
            used += (size_t)snprintf(who + used, sizeof who - used, "%s%s", i ? "+" : "", ids[i]);
    }
    if (n == 1)
        return lbi_offer(d, st, &a, NULL, "%s melees %s at %s, as its charge owes", ids[0], other,
                         label);
    return lbi_offer(d, st, &a, NULL, "%s melee %s together, as their charges owe", who, label);
}

/* R-GAME-18: the melees a charge owes, while any can still be fought, are the only options
 * (38.10: the cavalry must melee); then one option per attacker and hex it may assault alone,
 * and per hex a parameterised option for several attackers together. A unit melees once per
 * segment, a hex is assaulted once. */
/* The melees the side's charges owe (38.10: the cavalry must melee). R-GAME-25: those owed at
 * one hex are one assault, all of its owing units together, when the melee rules allow it;
 * otherwise each alone, and once one is fought the others' lapse (the hex is assaulted). */
static int owed_options(const lb_game *g, lb_decision *d, int step)
{
    int rc = LB_OK;
    for (int i = 0; i < g->nobligations && rc == LB_OK; i++) {
        const obligation *o = &g->obligations[i];
        lb_hex target, other;
        int seen = 0, n = 0, ok = 0;
        if (!owed_target(g, o, d->side, step, &target))
            continue;
        for (int k = 0; k < i && !seen; k++)
            seen = owed_target(g, &g->obligations[k], d->side, step, &other) &&
                   lb_hex_eq(other, target);
        if (seen)
            continue;
        const char *ids[LB_MELEE_ATTACKERS_MAX];
        for (int k = i; k < g->nobligations && n < LB_MELEE_ATTACKERS_MAX; k++)
            if (owed_target(g, &g->obligations[k], d->side, step, &other) &&
                lb_hex_eq(other, target))
                ids[n++] = g->obligations[k].unit;
        if (n > 1 && (rc = allowed(g, target, ids, n, &ok)) == LB_OK && ok) {
            rc = offer_owed(g, d, target, ids, n, o->other);
            continue;
        }
        for (int k = 0; k < n && rc == LB_OK; k++)
            if ((rc = allowed(g, target, &ids[k], 1, &ok)) == LB_OK && ok)
                rc = offer_owed(g, d, target, &ids[k], 1, owed(g, ids[k])->other);
    }
    return rc;
}

/* May unit u of the deciding side assault hex h alone: a combat unit next to it that has not
 * meleed in this step? (The rules' own check, allowed, comes after.) */
static int may_assault(const lb_game *g, const lb_unit *u, lb_hex h, int side, int step)
{
    int near = 0;
    for (int k = 0; k < u->nhexes; k++)
        near |= lb_hex_distance(u->hexes[k], h) <= 1;
    if (u->side != side || !lb_unit_is_combat(u) || !near)
        return 0;
    const unit_rec *r = lbi_game_rec_of(g, u->id);
    return !(r && r->meleed_step == step);
}

/* The assaults of enemy hex h: one option per unit of the side that may assault it alone, and
 * a parameterised one for several together when any may. */
static int hex_options(const lb_game *g, lb_decision *d, lb_hex h, int step)
{
    const lb_state *st = g->st;
    int rc = LB_OK, any = 0;
    char label[LB_HEX_LABEL_MAX];
    lb_action a;
    for (int i = 0; i < st->nunits && rc == LB_OK; i++) {
        const lb_unit *u = &st->units[i];
        if (!may_assault(g, u, h, d->side, step))
            continue;
        const char *ids[1] = {u->id};
        int ok = 0;
        if ((rc = allowed(g, h, ids, 1, &ok)) != LB_OK || !ok)
            continue;
        any = 1;
        lb_action_init(&a, LB_VERB_MELEE);
        lb_action_add_hex(&a, h);
        lb_action_add_unit(&a, u->id);
        rc = lbi_offer(d, st, &a, NULL, "%s melees %s", u->id, lb_map_label(&st->map, h, label));
    }
    if (rc == LB_OK && any) {
        lb_action_init(&a, LB_VERB_MELEE);
        lb_action_add_hex(&a, h);
        rc = lbi_offer(d, st, &a, "attackers", "several units melee %s together: U1+U2+…",
                       label);
    }
    return rc;
}

int lbi_melee_options(const lb_game *g, lb_decision *d, const opt_scope *sc, int *compulsory)
{
    const lb_state *st = g->st;
    int step = lbi_game_step(g);
    int rc = owed_options(g, d, step);
    *compulsory = d->noptions > 0;
    if (rc != LB_OK || d->noptions)
        return rc;
    for (int c = 0; c < st->map.cols * st->map.rows && rc == LB_OK && !(sc->any && d->noptions);
         c++) {
        lb_hex h = lb_map_hex(&st->map, c);
        int top = lb_state_top_combat(st, h);
        if (top < 0 || st->units[top].side == d->side || g->assaulted[c] == step)
            continue;
        rc = hex_options(g, d, h, step);
    }
    return rc;
}

/* R-OCH-8 (36.9, 38.10): the melee an opportunity charge owes, offered at once to the side of
 * its cavalry as that side's only option (the cavalry must melee); 1 when it is now pending, 0
 * when none is owed or the melee rules refuse it (it lapses with the charge's other obligations,
 * R-GAME-20), -1 out of memory. */
int lbi_melee_owed_offer(lb_game *g)
{
    const lb_state *st = g->st;
    int side = 1 - st->turn.phasing, step = lbi_game_step(g);
    for (int i = 0; i < g->nobligations; i++) {
        const obligation *o = &g->obligations[i];
        lb_hex target;
        int ok = 0;
        if (!owed_target(g, o, side, step, &target))
            continue;
        const char *ids[1] = {o->unit};
        if (allowed(g, target, ids, 1, &ok) != LB_OK)
            return -1;
        char label[LB_HEX_LABEL_MAX];
        lb_map_label(&st->map, target, label);
        if (!ok) {
            LBI_EVENT(g->tr, "R-OCH-8", "(36)", EV_GAME_OWED_MELEE_LAPSES, ev_unit_id(o->unit),
                      ev_unit_id(o->other), lbi_ev_label(label));
            continue;
        }
        lb_decision d;
        lb_decision_init(&d, LB_DECIDE_OPPORTUNITY, side, o->unit, "R-OCH-8", "%s: %s melees "
                         "%s at %s now, as its opportunity charge owes (38.10)", st->sides[side],
                         o->unit, o->other, label);
        lb_action a;
        lb_action_init(&a, LB_VERB_MELEE);
        lb_action_add_hex(&a, target);
        lb_action_add_unit(&a, o->unit);
        if (lbi_offer(&d, st, &a, NULL, "%s melees %s at %s, as its charge owes", o->unit,
                      o->other, label) != LB_OK) {
            lb_decision_release(&d);
            return -1;
        }
        d.auto_choice = 0;
        LBI_EVENT(g->tr, "R-OCH-8", "(36)", EV_GAME_OWED_MELEE_NOW, ev_unit_id(o->unit),
                  ev_unit_id(o->other), ev_text(st->sides[st->turn.phasing]));
        lb_decision_move(&g->pending, &d);
        g->has_pending = 1;
        g->pending_lazy = 0;
        return 1;
    }
    return 0;
}

/* ---- the machine ---------------------------------------------------------------------------- */

/* Did unit id retreat before this melee (R-MEL-8)? */
static int retired(const lb_melee_result *res, const char *id)
{
    for (int i = 0; i < res->nevents; i++)
        if (strcmp(res->events[i].kind, "retreat") == 0 &&
            strcmp(res->events[i].rule, "R-MEL-8") == 0 && strcmp(res->events[i].unit, id) == 0)
            return 1;
    return 0;
}

/* Was unit id meleed after a pursuit (R-MEL-27)? */
static int pursued(const lb_melee_result *res, const char *id)
{
    for (int i = 0; i < res->nevents; i++)
        if (strcmp(res->events[i].kind, "pursuit") == 0 && strcmp(res->events[i].other, id) == 0)
            return 1;
    return 0;
}

/* R-MEL-21, R-GAME-10: what the melee leaves each unit's rest (36.6): a melee fought (the matrix
 * rolled) for those that did not retreat before it or were meleed after a pursuit (R-MEL-27),
 * and a retreat before a melee with cavalry. */
static void mark_rest(lb_game *g, const lb_melee_result *res, int cavalry_attacks)
{
    int step = lbi_game_step(g);
    for (int i = 0; i < g->nmelee_units; i++) {
        unit_rec *r = lbi_game_rec(g, g->melee_units[i]);
        if (!r)
            continue;
        r->meleed_step = step;
        int gone = retired(res, r->id);
        if (gone && cavalry_attacks)
            r->retired_step = step;
        if (res->fought && (!gone || pursued(res, r->id)))
            r->fought_step = step;
    }
}

/* R-GAME-18, R-MEL-27: is h a hex this melee assaulted: the one declared or the one meleed
 * after a pursuit? */
static int assaulted_by(const lb_game *g, const lb_melee_result *res, lb_hex h)
{
    lb_hex at;
    if (lb_map_parse_label(&g->st->map, g->melee_at, &at) == 0 && lb_hex_eq(at, h))
        return 1;
    for (int i = 0; i < res->nevents; i++)
        if (strcmp(res->events[i].kind, "pursuit") == 0 && lb_hex_eq(res->events[i].hex, h))
            return 1;
    return 0;
}

/* R-GAME-18, R-MEL-27: the hexes of the melee are assaulted in this segment: the one declared
 * and the one meleed after a pursuit. */
static void mark_assaulted(lb_game *g, const lb_melee_result *res)
{
    int step = lbi_game_step(g);
    lb_hex at;
    if (lb_map_parse_label(&g->st->map, g->melee_at, &at) == 0 && lb_map_contains(&g->st->map, at))
        g->assaulted[lb_map_cell(&g->st->map, at)] = step;
    for (int i = 0; i < res->nevents; i++)
        if (strcmp(res->events[i].kind, "pursuit") == 0 &&
            lb_map_contains(&g->st->map, res->events[i].hex))
            g->assaulted[lb_map_cell(&g->st->map, res->events[i].hex)] = step;
}

/* R-GAME-25: the melees still owed at a hex this melee assaulted lapse (a hex is assaulted once
 * in a segment, R-GAME-18); their cavalry's obligations end with the segment's (R-GAME-20). */
static void lapse_owed(lb_game *g, const lb_melee_result *res)
{
    const lb_state *st = g->st;
    int step = lbi_game_step(g);
    for (int i = 0; i < g->nobligations; i++) {
        const obligation *o = &g->obligations[i];
        int u = lb_state_unit_index(st, o->unit), e = lb_state_unit_index(st, o->other);
        if (u < 0 || !owes_melee(g, o, st->units[u].side, step))
            continue;
        lb_hex target = owed_hex(&st->units[u], &st->units[e]);
        if (!assaulted_by(g, res, target))
            continue;
        LBI_EVENT(g->tr, "R-GAME-25", "(38.10)", EV_GAME_OWED_MELEE_ASSAULTED, ev_unit_id(o->unit),
                  ev_unit_id(o->other), ev_game_hex(st, target));
    }
}

/* R-RCH-7 (36): cavalry that charged and meleed is exhausted; the melee engine exhausts the
 * charging attacker, this the reacting cavalry it met, which defended: the melee made it tired
 * (summary "tired:ID"; kept by 36.5, or exhausted already, it is left). */
static void reactor_exhausted(lb_game *g, const char *id, const char *summary)
{
    int u = lb_state_unit_index(g->st, id);
    size_t n = strlen(id);
    const char *at = summary;
    while ((at = strstr(at, "tired:")) != NULL &&
           !(strncmp(at + 6, id, n) == 0 && (at[6 + n] == ' ' || at[6 + n] == '\0')))
        at += 6;
    if (u < 0 || !at)
        return;
    g->st->units[u].readiness = LB_READY_EXHAUSTED;
    LBI_EVENT(g->tr, "R-RCH-7", "(36)", EV_GAME_REACTOR_EXHAUSTED, ev_unit_id(id));
    lb_state_touch(g->st);
}

/* The melee is over: applied, tallied, its units and hex marked; a charge's melee done. */
static int finish(lb_game *g)
{
    lb_melee *m = g->melee;
    const lb_melee_result *res = lb_melee_result_of(m);
    const char *surrendered[64];
    int nsur = 0, cavalry_attacks = 0;
    for (int i = 0; i < res->nevents && nsur < 64; i++)
        if (strcmp(res->events[i].kind, "surrender") == 0)
            surrendered[nsur++] = res->events[i].unit;
    for (int i = 0; i < g->nmelee_attackers; i++) {
        int u = lb_state_unit_index(g->st, g->melee_units[i]);
        cavalry_attacks |= u >= 0 && g->st->units[u].arm == LB_ARM_CAVALRY;
    }
    snapshot s;
    moved_before mb;
    int rc = lbi_snapshot_take(g, &s);
    if (rc != LB_OK)
        return rc;
    if ((rc = lbi_moved_take(g, &mb)) != LB_OK) {
        free(s.units);
        return rc;
    }
    rc = lb_melee_apply(m, g->st);
    lbi_snapshot_settle(g, &s, surrendered, nsur, 0);
    /* R-MOR-18: the melee's units made its own checks; R-MOR-16, R-MOR-17 reach the others */
    const char *took_part[MELEE_UNITS_MAX];
    for (int i = 0; i < g->nmelee_units; i++)
        took_part[i] = g->melee_units[i];
    int mrc = rc == LB_OK ? lbi_moved_settle(g, &mb, took_part, g->nmelee_units,
                                                 lbi_melee_passed(m)) : LB_OK;
    free(mb.units);
    rc = rc == LB_OK ? mrc : rc;
    LBI_EVENT(g->tr, "R-GAME-18", "(34)", EV_GAME_MELEE_OVER, lbi_ev_label(g->melee_at),
              ev_text(res->summary));
    mark_rest(g, res, cavalry_attacks);
    int n = 0;
    /* R-MEL-25: the melee a charge owed is fought; its exhaustion came with it (R-MEL-20) */
    for (int i = 0; i < g->nobligations; i++) {
        const obligation *o = &g->obligations[i];
        int done = 0;
        for (int k = 0; k < g->nmelee_units && !done; k++)
            done = strcmp(o->unit, g->melee_units[k]) == 0 &&
                   (o->kind == LB_OBLIGE_MELEE || o->kind == LB_OBLIGE_EXHAUSTED);
        if (done && o->reactor)
            reactor_exhausted(g, o->unit, res->summary);
        if (!done)
            g->obligations[n++] = *o;
    }
    g->nobligations = n;
    mark_assaulted(g, res);
    lapse_owed(g, res);
    lb_melee_free(m);
    g->melee = NULL;
    return rc;
}

/* After a pass of the melee (rc) with dice: its dice kept, then what it stopped at. */
static int settle(lb_game *g, int rc, lb_dice *dice)
{
    const lb_melee *m = g->melee;
    char why[LB_MELEE_TEXT_MAX];
    lb_said_fmt(&lb_melee_result_of(m)->why, why, sizeof why);
    machine_pass p = {"melee", lb_melee_status_of(m), LB_MELEE_DECIDE, LB_MELEE_DONE,
                      lb_melee_error(m), lb_melee_trace(m), lb_melee_pending(m), why, finish};
    return lbi_machine_settle(g, rc, dice, &p);
}

int lbi_melee_resume(lb_game *g)
{
    lb_dice dice;
    lbi_dice_begin(g, &dice);
    int rc = lb_melee_resolve(g->melee, &dice);
    return settle(g, rc, &dice);
}

/* An assault: its hex and attackers (the ids of the action it was read from). */
typedef struct assault {
    char hex[LB_HEX_LABEL_MAX];
    lb_hex target;
    const char *ids[LB_MELEE_ATTACKERS_MAX];
    int n;
} assault;

/* The assault a, of which the first `units` attackers are read, into as: refused in out
 * (returns -1) when its hex is not on the map or an attacker not on it, or the game's records
 * bar it (R-GAME-18: a hex assaulted, a unit that meleed in this segment, R-MEL-1: too many
 * attackers). */
static int assault_of(const lb_game *g, const lb_action *a, int units, assault *as,
                      lb_game_answer *out)
{
    const lb_state *st = g->st;
    as->target = a->hexes[0];
    as->n = 0;
    lb_map_label(&st->map, as->target, as->hex);
    if (!lb_map_contains(&st->map, as->target)) {
        lbi_game_refuse(out, LB_REFUSED_ILLEGAL, "R-MEL-1", "%s is not a hex of the map", as->hex);
        return -1;
    }
    if (g->assaulted[lb_map_cell(&st->map, as->target)] == lbi_game_step(g)) {
        lbi_game_refuse(out, LB_REFUSED_ILLEGAL, "R-GAME-18", "%s was assaulted in this segment",
                    as->hex);
        return -1;
    }
    for (int i = 0; i < units; i++) {
        const char *t = lb_action_unit(a, i);
        const unit_rec *r = lbi_game_rec_of(g, t);
        if (as->n == LB_MELEE_ATTACKERS_MAX) {
            lbi_game_refuse(out, LB_REFUSED_ILLEGAL, "R-MEL-1", "at most %d attackers",
                        LB_MELEE_ATTACKERS_MAX);
            return -1;
        }
        if (lb_state_unit_index(st, t) < 0) {
            lbi_game_refuse(out, LB_REFUSED_ILLEGAL, "R-MEL-1", "no unit \"%s\" on the map", t);
            return -1;
        }
        if (r && r->meleed_step == lbi_game_step(g)) {
            lbi_game_refuse(out, LB_REFUSED_ILLEGAL, "R-GAME-18", "%s has meleed in this segment",
                        t);
            return -1;
        }
        as->ids[as->n++] = t;
    }
    return 0;
}

/* Refuses an assault in words that are not one: "expected melee:HEX:U1+U2+…"; returns LB_OK. */
static int refuse_shape(lb_game_answer *out)
{
    return lbi_game_refuse(out, LB_REFUSED_ILLEGAL, "R-MEL-1", "expected melee:HEX:U1+U2+…");
}

int lbi_melee_refuse(const lb_game *g, const parsed *p, lb_game_answer *out)
{
    assault as;
    if (assault_of(g, &p->act, p->act.nunits, &as, out) != 0)
        return LB_OK;
    if (p->entry == LB_MELEE_ATTACKERS_MAX)
        return lbi_game_refuse(out, LB_REFUSED_ILLEGAL, "R-MEL-1", "at most %d attackers",
                           LB_MELEE_ATTACKERS_MAX);
    if (p->found_len == 0)
        return refuse_shape(out);
    return lbi_game_refuse(out, LB_REFUSED_ILLEGAL, "R-MEL-1", "no unit \"%.*s\" on the map",
                       p->found_len, p->found);
}

/* The melees a charge owes that are still to fight, as "U at HEX, " in buf; how many. */
static int owed_now(const lb_game *g, char *buf, size_t n)
{
    lb_decision d;
    lb_decision_init(&d, LB_DECIDE_ACTION, g->st->turn.phasing, "", "R-GAME-18", "owed");
    opt_scope all = {NULL, 0, NULL};
    int compulsory = 0, count = 0;
    size_t used = 0;
    buf[0] = '\0';
    if (lbi_melee_options(g, &d, &all, &compulsory) == LB_OK && compulsory)
        for (int i = 0; i < d.noptions && used < n; i++, count++)
            used += (size_t)snprintf(buf + used, n - used, "%s%s", i ? ", " : "",
                                     d.options[i].key);
    lb_decision_release(&d);
    return count;
}

/* Do the words of p fail to be an assault's "melee:HEX:U1+U2+…" before its hex is read: "end",
 * no attackers, or a hex too long for a label with no attackers after it? */
static int not_an_assault(const parsed *p)
{
    const lb_action *a = &p->act;
    if (a->verb != LB_VERB_MELEE)
        return 1;
    if (p->bad == KEY_HEX)
        return p->missing || p->found_len >= LB_HEX_LABEL_MAX || !p->followed;
    return p->bad == KEY_WHOLE ? a->nunits == 0 : p->bad == KEY_UNITS && !p->param;
}

int lbi_melee_check(const lb_game *g, const parsed *p, lb_game_answer *out)
{
    char owed[LB_GAME_REASON_MAX / 2];
    if (owed_now(g, owed, sizeof owed)) {
        lbi_game_refuse(out, LB_REFUSED_ILLEGAL, "R-GAME-18", "the melees a charge owes come first, "
                    "and must be fought (38.10): %s", owed);
        return 0;
    }
    if (not_an_assault(p)) {
        refuse_shape(out);
        return 0;
    }
    if (p->bad == KEY_HEX) {
        lbi_game_refuse(out, LB_REFUSED_ILLEGAL, "R-MEL-1", "%.*s is not a hex of the map",
                    p->found_len, p->found);
        return 0;
    }
    if (p->bad != KEY_WHOLE) {
        lbi_melee_refuse(g, p, out);
        return 0;
    }
    assault as;
    if (assault_of(g, &p->act, p->act.nunits, &as, out) != 0)
        return 0;
    lb_melee_req req;
    request(g, as.target, as.ids, as.n, &req);
    lb_melee_chance *c = malloc(sizeof *c);
    if (!c) {
        lbi_game_refuse(out, LB_REFUSED_ILLEGAL, "R-GAME-3", "out of memory");
        return 0;
    }
    int rc = lb_melee_odds(g->st, &req, c, NULL), ok = rc == LB_OK && c->allowed;
    if (rc == LB_OK && !c->allowed) {
        char why[LB_MELEE_TEXT_MAX];
        lb_said_fmt(&c->why, why, sizeof why);
        lbi_game_refuse(out, LB_REFUSED_ILLEGAL, c->rule, "%s", why);
    }
    else if (rc != LB_OK)
        lbi_game_refuse(out, LB_REFUSED_ILLEGAL, "R-MEL-1", "not a melee the rules know: %s",
                    p->key + strlen("melee:"));
    free(c);
    return ok;
}

/* R-GAME-21: the odds of an assault as the game would declare it now */
int lb_game_melee_odds(const lb_game *g, const lb_action *a, lb_melee_chance *out, lb_trace *t)
{
    lb_game_answer refusal;
    lbi_game_answer_init(g, &refusal);
    assault as;
    memset(out, 0, sizeof *out);
    if (a->verb != LB_VERB_MELEE || a->nhexes != 1 || a->nunits == 0)
        refuse_shape(&refusal);
    else
        assault_of(g, a, a->nunits, &as, &refusal);
    if (refusal.verdict != LB_ACCEPTED) {
        out->rule = refusal.rule;
        snprintf(out->refused, sizeof out->refused, "%s", refusal.reason);
        return LB_OK;
    }
    lb_melee_req req;
    request(g, as.target, as.ids, as.n, &req);
    return lb_melee_odds(g->st, &req, out, t);
}

/* The assault a declared; refused with the melee rules' reason when it may not be made (nothing
 * rolled is kept). */
int lbi_melee_start(lb_game *g, const lb_action *a, lb_game_answer *out)
{
    const lb_state *st = g->st;
    assault as;
    if (a->nunits == 0)
        return refuse_shape(out);
    if (assault_of(g, a, a->nunits, &as, out) != 0)
        return LB_OK;
    const char *const *ids = as.ids;
    lb_hex target = as.target;
    int n = as.n;
    lb_melee_req req;
    request(g, target, ids, n, &req);
    lb_melee *m;
    int rc = lb_melee_new(st, &req, &m);
    if (rc != LB_OK) {
        char key[LB_OPTION_KEY_MAX];
        lb_action_fmt(st, a, key, sizeof key);
        return rc == LB_INVALID ? lbi_game_refuse(out, LB_REFUSED_ILLEGAL, "R-MEL-1", "not a melee "
                                              "the rules know: %s", key + strlen("melee:"))
                                : rc;
    }
    lb_dice dice;
    lbi_dice_begin(g, &dice);
    rc = lb_melee_resolve(m, &dice);
    if (rc == LB_OK && lb_melee_status_of(m) == LB_MELEE_REFUSED) {
        char why[LB_MELEE_TEXT_MAX];
        lb_said_fmt(&lb_melee_result_of(m)->why, why, sizeof why);
        lbi_game_refuse(out, LB_REFUSED_ILLEGAL, lb_melee_result_of(m)->rule, "%s", why);
        lb_melee_free(m);
        return LB_OK;
    }
    int owing = 0;
    for (int i = 0; i < n; i++)
        owing += owed(g, ids[i]) != NULL;
    if (owing > 1)
        LBI_EVENT(g->tr, "R-GAME-25", "(38.10)", EV_GAME_ONE_ASSAULT, ev_int(owing),
                  lbi_ev_label(as.hex));
    g->melee = m;
    g->shown = 0;
    snprintf(g->melee_at, sizeof g->melee_at, "%s", as.hex);
    g->nmelee_units = 0;
    for (int i = 0; i < n; i++)
        snprintf(g->melee_units[g->nmelee_units++], sizeof g->melee_units[0], "%s", ids[i]);
    g->nmelee_attackers = n;
    const int *idx;
    int nd = lb_state_units_at(st, target, &idx);
    for (int i = 0; i < nd && g->nmelee_units < MELEE_UNITS_MAX; i++)
        if (lb_unit_is_combat(&st->units[idx[i]]))
            snprintf(g->melee_units[g->nmelee_units++], sizeof g->melee_units[0], "%s",
                     st->units[idx[i]].id);
    return settle(g, rc, &dice);
}

int lbi_melee_answer(lb_game *g, const lb_decision *cur, const lb_action *a)
{
    char key[LB_OPTION_KEY_MAX];
    if (lb_action_fmt(g->st, a, key, sizeof key) != LB_OK)
        return LB_INVALID;
    LBI_EVENT(g->tr, "R-MEL-22", "(33)", EV_GAME_ANSWERS, ev_text(g->st->sides[cur->side]),
              ev_text(lb_decision_kind_name(cur->kind)), ev_text(key));
    return lb_melee_answer(g->melee, key) == LB_OK ? LB_OK : LB_INVALID;
}
