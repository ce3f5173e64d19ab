/* The Melee segment (32)-(34): the melees a charge owes first, then the assaults the phasing side may declare, each played by the melee machine on the game's state and dice, its decisions offered to their side. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game_int.h"
#include "lb/melee.h"

/* ---- what the earlier segments of the turn left each attacker ------------------------------ */

/* R-MEL-2, R-MEL-25: the facts of attacker id, from this side's sequence and its charge. */
static void attacker_of(const lb_game *g, const char *id, lb_melee_attacker *a)
{
    memset(a, 0, sizeof *a);
    a->id = id;
    a->times = lb_frac_int(1);
    const unit_rec *r = game_rec_of(g, id);
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

/* R-GAME-18: the melees a charge owes, while any can still be fought, are the only options
 * (38.10: the cavalry must melee); then one option per attacker and hex it may assault alone,
 * and per hex a parameterised option for several attackers together. A unit melees once per
 * segment, a hex is assaulted once. */
int melee_options(const lb_game *g, lb_decision *d, const opt_scope *sc, int *compulsory)
{
    const lb_state *st = g->st;
    int step = game_step(g), rc = LB_OK;
    char key[LB_OPTION_KEY_MAX], label[LB_HEX_LABEL_MAX];
    for (int i = 0; i < g->nobligations && rc == LB_OK; i++) {
        const obligation *o = &g->obligations[i];
        int u = lb_state_unit_index(st, o->unit), e = lb_state_unit_index(st, o->other);
        const unit_rec *r = game_rec_of(g, o->unit);
        if (o->kind != LB_OBLIGE_MELEE || u < 0 || e < 0 || (r && r->meleed_step == step))
            continue;
        const char *ids[1] = {o->unit};
        int ok = 0;
        lb_hex target = st->units[e].hexes[0];
        if ((rc = allowed(g, target, ids, 1, &ok)) != LB_OK || !ok)
            continue;
        snprintf(key, sizeof key, "melee:%s:%s", lb_map_label(&st->map, target, label), o->unit);
        rc = lb_decision_add(d, key, "%s melees %s at %s, as its charge owes", o->unit, o->other,
                             label);
    }
    *compulsory = d->noptions > 0;
    if (rc != LB_OK || d->noptions)
        return rc;
    for (int c = 0; c < st->map.cols * st->map.rows && rc == LB_OK && !(sc->any && d->noptions);
         c++) {
        lb_hex h = lb_map_hex(&st->map, c);
        int top = lb_state_top_combat(st, h);
        if (top < 0 || st->units[top].side == d->side || g->assaulted[c] == step)
            continue;
        int any = 0;
        for (int i = 0; i < st->nunits && rc == LB_OK; i++) {
            const lb_unit *u = &st->units[i];
            const unit_rec *r = game_rec_of(g, u->id);
            int near = 0;
            for (int k = 0; k < u->nhexes; k++)
                near |= lb_hex_distance(u->hexes[k], h) <= 1;
            if (u->side != d->side || !lb_unit_is_combat(u) || !near ||
                (r && r->meleed_step == step))
                continue;
            const char *ids[1] = {u->id};
            int ok = 0;
            if ((rc = allowed(g, h, ids, 1, &ok)) != LB_OK || !ok)
                continue;
            any = 1;
            snprintf(key, sizeof key, "melee:%s:%s", lb_map_label(&st->map, h, label), u->id);
            rc = lb_decision_add(d, key, "%s melees %s", u->id, label);
        }
        if (rc == LB_OK && any) {
            snprintf(key, sizeof key, "melee:%s", label);
            rc = lb_decision_add_param(d, key, "attackers", "several units melee %s together: "
                                       "U1+U2+…", label);
        }
    }
    return rc;
}

/* ---- the machine ---------------------------------------------------------------------------- */

static int offer(lb_game *g, const lb_decision *src)
{
    lb_decision d;
    lb_decision_init(&d, src->kind, src->side, src->subject, src->rule, "%s", src->prompt);
    int rc = LB_OK;
    for (int i = 0; i < src->noptions && rc == LB_OK; i++)
        rc = lb_decision_add(&d, src->options[i].key, "%s", src->options[i].text);
    d.auto_choice = src->auto_choice;
    if (rc != LB_OK) {
        lb_decision_release(&d);
        return rc;
    }
    lb_decision_move(&g->pending, &d);
    g->has_pending = 1;
    return LB_OK;
}

/* The melee is over: applied, tallied, its attackers and hex marked; a charge's melee done. */
static int finish(lb_game *g)
{
    lb_melee *m = g->melee;
    const lb_melee_result *res = lb_melee_result_of(m);
    const char *surrendered[64];
    int nsur = 0;
    for (int i = 0; i < res->nevents && nsur < 64; i++)
        if (strcmp(res->events[i].kind, "surrender") == 0)
            surrendered[nsur++] = res->events[i].unit;
    snapshot s;
    int rc = snapshot_take(g, &s);
    if (rc != LB_OK)
        return rc;
    rc = lb_melee_apply(m, g->st);
    snapshot_settle(g, &s, surrendered, nsur);
    lb_trace_add(g->tr, "R-GAME-18", "(34)", "the melee at %s: %s", g->melee_at,
                 res->summary);
    int step = game_step(g), n = 0;
    for (int i = 0; i < g->nmelee_units; i++) {
        unit_rec *r = game_rec(g, g->melee_units[i]);
        if (r)
            r->meleed_step = r->combat_step = step;
    }
    /* R-MEL-25: the melee a charge owed is fought; its exhaustion came with it (R-MEL-20) */
    for (int i = 0; i < g->nobligations; i++) {
        const obligation *o = &g->obligations[i];
        int done = 0;
        for (int k = 0; k < g->nmelee_units && !done; k++)
            done = strcmp(o->unit, g->melee_units[k]) == 0 &&
                   (o->kind == LB_OBLIGE_MELEE || o->kind == LB_OBLIGE_EXHAUSTED);
        if (!done)
            g->obligations[n++] = *o;
    }
    g->nobligations = n;
    lb_hex at;
    if (lb_map_parse_label(&g->st->map, g->melee_at, &at) == 0 && lb_map_contains(&g->st->map, at))
        g->assaulted[lb_map_cell(&g->st->map, at)] = step;
    lb_melee_free(m);
    g->melee = NULL;
    return rc;
}

static int settle(lb_game *g, int rc, lb_dice *dice)
{
    lb_melee *m = g->melee;
    int drc = dice_end(g, dice);
    if (rc == LB_OK && drc != LB_OK)
        rc = drc;
    if (rc != LB_OK) {
        if (lb_melee_error(m)[0])
            snprintf(g->error, sizeof g->error, "the melee: %s", lb_melee_error(m));
        return rc;
    }
    switch (lb_melee_status_of(m)) {
    case LB_MELEE_DECIDE:
        return offer(g, lb_melee_pending(m));
    case LB_MELEE_DONE:
        return finish(g);
    default:
        snprintf(g->error, sizeof g->error, "the melee was refused after it began: %s",
                 lb_melee_result_of(m)->reason);
        return LB_INVALID;
    }
}

int melee_resume(lb_game *g)
{
    lb_dice dice;
    dice_begin(g, &dice);
    int rc = lb_melee_resolve(g->melee, &dice);
    return settle(g, rc, &dice);
}

/* "melee:HEX:U1+U2+…": the assault declared; refused with the melee rules' reason when it may
 * not be made (nothing rolled is kept). */
int melee_start(lb_game *g, const char *key, lb_game_answer *out)
{
    const lb_state *st = g->st;
    char hex[LB_HEX_LABEL_MAX], list[LB_OPTION_KEY_MAX];
    const char *a = key + 6, *b = strchr(a, ':');
    if (!b || b - a >= LB_HEX_LABEL_MAX || !b[1])
        return game_refuse(out, LB_REFUSED_ILLEGAL, "R-MEL-1", "expected melee:HEX:U1+U2+…");
    snprintf(hex, sizeof hex, "%.*s", (int)(b - a), a);
    snprintf(list, sizeof list, "%s", b + 1);
    lb_hex target;
    if (lb_map_parse_label(&st->map, hex, &target) != 0 || !lb_map_contains(&st->map, target))
        return game_refuse(out, LB_REFUSED_ILLEGAL, "R-MEL-1", "%s is not a hex of the map", hex);
    if (g->assaulted[lb_map_cell(&st->map, target)] == game_step(g))
        return game_refuse(out, LB_REFUSED_ILLEGAL, "R-GAME-18", "%s was assaulted in this "
                           "segment", hex);
    const char *ids[LB_MELEE_ATTACKERS_MAX];
    int n = 0;
    char *save = NULL; /* strtok_r: games may be played in several threads at once */
    for (char *t = strtok_r(list, "+", &save); t && n < LB_MELEE_ATTACKERS_MAX;
         t = strtok_r(NULL, "+", &save)) {
        const unit_rec *r = game_rec_of(g, t);
        if (lb_state_unit_index(st, t) < 0)
            return game_refuse(out, LB_REFUSED_ILLEGAL, "R-MEL-1", "no unit \"%s\"", t);
        if (r && r->meleed_step == game_step(g))
            return game_refuse(out, LB_REFUSED_ILLEGAL, "R-GAME-18", "%s has meleed in this "
                               "segment", t);
        ids[n++] = t;
    }
    lb_melee_req req;
    request(g, target, ids, n, &req);
    lb_melee *m;
    int rc = lb_melee_new(st, &req, &m);
    if (rc != LB_OK)
        return rc == LB_INVALID ? game_refuse(out, LB_REFUSED_ILLEGAL, "R-MEL-1", "not a melee "
                                              "the rules know: %s", key + 6)
                                : rc;
    lb_dice dice;
    dice_begin(g, &dice);
    rc = lb_melee_resolve(m, &dice);
    if (rc == LB_OK && lb_melee_status_of(m) == LB_MELEE_REFUSED) {
        const lb_melee_result *res = lb_melee_result_of(m);
        game_refuse(out, LB_REFUSED_ILLEGAL, res->rule, "%s", res->reason);
        lb_melee_free(m);
        return LB_OK;
    }
    g->melee = m;
    snprintf(g->melee_at, sizeof g->melee_at, "%s", hex);
    g->nmelee_units = 0;
    for (int i = 0; i < n; i++)
        snprintf(g->melee_units[g->nmelee_units++], sizeof g->melee_units[0], "%s", ids[i]);
    const int *idx;
    int nd = lb_state_units_at(st, target, &idx);
    for (int i = 0; i < nd && g->nmelee_units < MELEE_UNITS_MAX; i++)
        if (lb_unit_is_combat(&st->units[idx[i]]))
            snprintf(g->melee_units[g->nmelee_units++], sizeof g->melee_units[0], "%s",
                     st->units[idx[i]].id);
    return settle(g, rc, &dice);
}

int melee_answer(lb_game *g, const char *key)
{
    lb_trace_add(g->tr, "R-MEL-22", "(33)", "%s answers %s: %s", g->st->sides[g->pending.side],
                 lb_decision_kind_name(g->pending.kind), key);
    return lb_melee_answer(g->melee, key) == LB_OK ? LB_OK : LB_INVALID;
}

int lb_game_melee_odds(const lb_game *g, const char *key, lb_melee_chance *out)
{
    const lb_state *st = g->st;
    char hex[LB_HEX_LABEL_MAX], list[LB_OPTION_KEY_MAX];
    const char *a = strncmp(key, "melee:", 6) == 0 ? key + 6 : NULL, *b = a ? strchr(a, ':') : NULL;
    lb_hex target;
    if (!b || b - a >= LB_HEX_LABEL_MAX || !b[1])
        return LB_INVALID;
    snprintf(hex, sizeof hex, "%.*s", (int)(b - a), a);
    snprintf(list, sizeof list, "%s", b + 1);
    if (lb_map_parse_label(&st->map, hex, &target) != 0 || !lb_map_contains(&st->map, target))
        return LB_INVALID;
    const char *ids[LB_MELEE_ATTACKERS_MAX];
    int n = 0;
    char *save = NULL;
    for (char *t = strtok_r(list, "+", &save); t && n < LB_MELEE_ATTACKERS_MAX;
         t = strtok_r(NULL, "+", &save)) {
        if (lb_state_unit_index(st, t) < 0)
            return LB_INVALID;
        ids[n++] = t;
    }
    lb_melee_req req;
    request(g, target, ids, n, &req);
    return lb_melee_odds(st, &req, out, NULL);
}
