/* The Charge à Cheval segment (37)-(42): the charge machine run on the game's state and dice, its decisions offered to their side, its obligations kept for later segments. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game_int.h"
#include "lb/effects.h"

/* R-GAME-5, R-CHG-8: cavalry that may charge now; the path is the player's parameter. */
int charge_options(const lb_game *g, lb_decision *d, const opt_scope *sc)
{
    const lb_state *st = g->st;
    int step = game_step(g), rc = LB_OK;
    for (int i = 0; i < st->nunits && rc == LB_OK && !(sc->any && d->noptions); i++) {
        const lb_unit *u = &st->units[i];
        const unit_rec *r = game_rec_of(g, u->id);
        if ((sc->unit && strcmp(sc->unit, u->id) != 0) || u->side != d->side || u->arm != LB_ARM_CAVALRY || u->state != LB_STATE_GOOD ||
            u->readiness != LB_READY_FRESH || u->nhexes != 1 || (r && r->charged_step == step))
            continue;
        char key[LB_OPTION_KEY_MAX];
        snprintf(key, sizeof key, "charge:%s", u->id);
        rc = lb_decision_add_param(d, key, "path", "%s charges along a path H1,H2,… (the hexes "
                                   "it enters)", u->id);
    }
    return rc;
}

/* Appends the steps of src from `from` on to the game's trace. */
static void trace_copy(lb_trace *t, const lb_trace *src, int from)
{
    for (int i = from; i < src->count; i++) {
        const lb_trace_step *s = &src->steps[i];
        lb_trace_add(t, s->rule, s->section, "%s", s->text);
        for (int k = 0; k < s->nvalues; k++) {
            const lb_trace_value *v = &s->values[k];
            switch (v->kind) {
            case LB_TV_INT:
                lb_trace_int(t, v->key, v->num);
                break;
            case LB_TV_FRAC:
                lb_trace_frac(t, v->key, v->num, v->den);
                break;
            case LB_TV_TEXT:
                lb_trace_text(t, v->key, v->text);
                break;
            case LB_TV_BOOL:
                lb_trace_bool(t, v->key, (int)v->num);
                break;
            case LB_TV_ROLL:
                lb_trace_roll(t, v->key, (int)v->num);
                break;
            case LB_TV_DIE:
                lb_trace_die(t, v->key, (int)v->num);
                break;
            }
        }
    }
}

/* The charge's pending decision as the game's. */
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

/* The charge is over: applied, with its obligations kept and the tally made. */
static int finish(lb_game *g)
{
    lb_charge *ch = g->charge;
    const lb_charge_result *res = lb_charge_result_of(ch);
    const char *surrendered[64];
    int nsur = 0;
    for (int i = 0; i < res->nevents && nsur < 64; i++)
        if (strcmp(res->events[i].kind, "surrender") == 0)
            surrendered[nsur++] = res->events[i].unit;
    snapshot s;
    int rc = snapshot_take(g, &s);
    if (rc != LB_OK)
        return rc;
    rc = lb_charge_apply(ch, g->st);
    snapshot_settle(g, &s, surrendered, nsur);
    int step = game_step(g);
    for (int i = 0; i < res->nobligations && rc == LB_OK; i++) {
        const lb_charge_obligation *o = &res->obligations[i];
        if (g->nobligations == OBLIGATIONS_MAX) {
            snprintf(g->error, sizeof g->error, "more than %d obligations", OBLIGATIONS_MAX);
            rc = LB_INVALID;
            break;
        }
        obligation *ob = &g->obligations[g->nobligations++];
        ob->kind = o->kind;
        ob->step = step;
        ob->melee_times = o->melee_times;
        ob->charge_bonus = o->charge_bonus;
        snprintf(ob->unit, sizeof ob->unit, "%s", o->unit);
        snprintf(ob->other, sizeof ob->other, "%s", o->other);
        /* R-GAME-10: a unit barred from moving keeps still in its side's next Movement */
        int u = lb_state_unit_index(g->st, o->unit);
        if (u >= 0 && (o->kind == LB_OBLIGE_NO_MOVEMENT || o->kind == LB_OBLIGE_NO_VOLUNTARY_MOVE))
            g->st->units[u].move.hold_next = LB_HOLD_CHARGE;
    }
    /* 35.1: the cavalry that charged does not move in this turn's Movement segment */
    int cav = lb_state_unit_index(g->st, g->charging);
    if (cav >= 0)
        g->st->units[cav].move.hold_next = LB_HOLD_CHARGED;
    lb_charge_free(ch);
    g->charge = NULL;
    return rc;
}

/* After a pass of the charge (rc) with dice: its dice kept, then what it stopped at. */
static int settle(lb_game *g, int rc, lb_dice *dice)
{
    lb_charge *ch = g->charge;
    int drc = dice_end(g, dice);
    if (rc == LB_OK && drc != LB_OK)
        rc = drc;
    if (rc != LB_OK) {
        if (lb_charge_error(ch)[0])
            snprintf(g->error, sizeof g->error, "the charge: %s", lb_charge_error(ch));
        return rc;
    }
    switch (lb_charge_status_of(ch)) {
    case LB_CHARGE_DECIDE:
        return offer(g, lb_charge_pending(ch));
    case LB_CHARGE_DONE:
        trace_copy(g->tr, lb_charge_trace(ch), 0);
        return finish(g);
    default:
        snprintf(g->error, sizeof g->error, "the charge was refused after it began: %s",
                 lb_charge_result_of(ch)->reason);
        return LB_INVALID;
    }
}

/* One pass of the charge with the game's dice. */
static int run(lb_game *g)
{
    lb_dice dice;
    dice_begin(g, &dice);
    int rc = lb_charge_resolve(g->charge, &dice);
    return settle(g, rc, &dice);
}

int charge_start(lb_game *g, const char *key, lb_game_answer *out)
{
    lb_state *st = g->st;
    const char *rest = key + 7, *colon = strchr(rest, ':');
    lb_charge_req req;
    memset(&req, 0, sizeof req);
    char id[LB_SUBJECT_MAX];
    if (!colon || colon - rest >= LB_SUBJECT_MAX)
        return game_refuse(out, LB_REFUSED_ILLEGAL, "R-CHG-9", "expected charge:UNIT:H1,H2,…");
    snprintf(id, sizeof id, "%.*s", (int)(colon - rest), rest);
    int bad = -1;
    req.cavalry = id;
    req.npath = lb_map_parse_labels(&st->map, colon + 1, req.path, LB_CHARGE_PATH_MAX, &bad);
    if (req.npath <= 0)
        return game_refuse(out, LB_REFUSED_ILLEGAL, "R-CHG-9", "the path's entry %d is not a hex "
                           "of the map (expected H1,H2,… of at most %d hexes)", bad + 1,
                           LB_CHARGE_PATH_MAX);
    lb_charge *ch;
    int rc = lb_charge_new(st, &req, &ch);
    if (rc != LB_OK)
        return rc == LB_INVALID ? game_refuse(out, LB_REFUSED_ILLEGAL, "R-CHG-9", "%s may not "
                                              "charge along that path", id)
                                : rc;
    lb_dice dice;
    dice_begin(g, &dice);
    rc = lb_charge_resolve(ch, &dice);
    if (rc == LB_OK && lb_charge_status_of(ch) == LB_CHARGE_REFUSED) {
        const lb_charge_result *res = lb_charge_result_of(ch);
        game_refuse(out, LB_REFUSED_ILLEGAL, res->rule, "%s", res->reason);
        lb_charge_free(ch);
        return LB_OK; /* nothing rolled is kept: the game's generator was not moved */
    }
    /* the charge is legal: it goes on, its dice journalled */
    g->charge = ch;
    snprintf(g->charging, sizeof g->charging, "%s", id);
    unit_rec *r = game_rec(g, id);
    if (r)
        r->charged_step = r->combat_step = game_step(g);
    return settle(g, rc, &dice);
}

int charge_resume(lb_game *g)
{
    return run(g);
}

int charge_answer(lb_game *g, const char *key)
{
    lb_trace_add(g->tr, "R-CHG-7", "(38)", "%s answers %s: %s", g->st->sides[g->pending.side],
                 lb_decision_kind_name(g->pending.kind), key);
    return lb_charge_answer(g->charge, key) == LB_OK ? LB_OK : LB_INVALID;
}

/* R-GAME-10: after all melees of the side's Melee segment, cavalry that charged to contact is
 * exhausted (38.10) and cavalry that failed its recall routs in place (R-CHG-6); the charge's
 * other obligations lapse, but units barred from their next voluntary move keep it one more
 * sequence. */
int charge_after_melee(lb_game *g)
{
    lb_state *st = g->st;
    int side_start = game_step(g) - (int)LB_SEG_MELEE, n = 0;
    for (int i = 0; i < g->nobligations; i++) {
        obligation *o = &g->obligations[i];
        int u = lb_state_unit_index(st, o->unit);
        if (o->kind == LB_OBLIGE_EXHAUSTED && u >= 0) {
            st->units[u].readiness = LB_READY_EXHAUSTED;
            lb_trace_add(g->tr, "R-GAME-10", "(36)", "%s is exhausted after its charge",
                         o->unit);
        } else if (o->kind == LB_OBLIGE_ROUT_IN_PLACE && u >= 0) {
            st->units[u].state = LB_STATE_ROUTED;
            st->units[u].formation = lb_effects_formation(st, &st->units[u], st->units[u].hexes[0]);
            lb_trace_add(g->tr, "R-GAME-10", "(42)", "%s routs in place: its recall failed",
                         o->unit);
        }
        int keep = o->kind == LB_OBLIGE_NO_VOLUNTARY_MOVE && o->step >= side_start;
        if (keep)
            g->obligations[n++] = *o;
    }
    g->nobligations = n;
    return lb_state_reindex(st);
}
