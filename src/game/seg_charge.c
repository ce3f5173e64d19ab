/* The Charge à Cheval segment (37)-(42): the charge machine run on the game's state and dice, its decisions offered to their side, its obligations kept for later segments. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game_int.h"
#include "game_events.h"
#include "effects.h"
#include "state_int.h"
#include "action_int.h"
#include "charge_int.h"
#include "decision_int.h"
#include "unit_int.h"

/* R-GAME-5, R-CHG-8: why unit u may not charge now, or NULL when it may (its path is then the
 * player's parameter, which the charge rules check). */
const char *lbi_charge_refusal(const lb_game *g, const lb_unit *u, char *why, size_t n)
{
    const lb_state *st = g->st;
    const unit_rec *r = lbi_game_rec_of(g, u->id);
    if (u->side != st->turn.phasing)
        snprintf(why, n, "%s is %s's: %s charges now", u->id, st->sides[u->side],
                 st->sides[st->turn.phasing]);
    else if (u->arm != LB_ARM_CAVALRY)
        snprintf(why, n, "%s is not cavalry: only cavalry charges (37)", u->id);
    else if (u->state != LB_STATE_GOOD)
        snprintf(why, n, "%s is %s: only cavalry in good order charges (37.1)", u->id,
                 lb_morale_state_name(u->state));
    else if (u->readiness != LB_READY_FRESH)
        snprintf(why, n, "%s is %s: tired or exhausted cavalry may not charge in the Charge "
                 "segment (36.3, 36.4)", u->id, lb_readiness_name(u->readiness));
    else if (u->nhexes != 1)
        snprintf(why, n, "%s stands in %d hexes: a charge is made from one hex (R-CHG-8)", u->id,
                 u->nhexes);
    else if (u->move.hold_next == LB_HOLD_RETREATED)
        snprintf(why, n, "%s retreated more than one hex before a melee: it may not move in its "
                 "side's next Movement segment, nor charge before it (V18-4, R-MEL-8)", u->id);
    else if (r && r->charged_step == lbi_game_step(g))
        snprintf(why, n, "%s has charged in this segment", u->id);
    else
        return NULL;
    return why;
}

int lbi_charge_options(const lb_game *g, lb_decision *d, const opt_scope *sc)
{
    const lb_state *st = g->st;
    int rc = LB_OK;
    for (int i = 0; i < st->nunits && rc == LB_OK && !(sc->any && d->noptions); i++) {
        const lb_unit *u = &st->units[i];
        char why[LB_GAME_REASON_MAX];
        if ((sc->unit && strcmp(sc->unit, u->id) != 0) || u->side != d->side ||
            lbi_charge_refusal(g, u, why, sizeof why))
            continue;
        lb_action a;
        lb_action_init(&a, LB_VERB_CHARGE);
        lb_action_add_unit(&a, u->id);
        rc = lbi_offer(d, st, &a, "path", "%s charges along a path H1,H2,… (the hexes it enters)",
                       u->id);
    }
    return rc;
}

/* R-RCH-1: the cavalry that checked to react to the charge res is not asked again in the
 * segment (step). */
static void mark_reactors(lb_game *g, const lb_charge_result *res, int step)
{
    for (int i = 0; i < res->nevents; i++) {
        unit_rec *r = strcmp(res->events[i].kind, "reaction-check") == 0
                          ? lbi_game_rec(g, res->events[i].unit)
                          : NULL;
        if (r)
            r->reacted_step = step;
    }
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
    /* R-MOR-18: the cavalry and the units its events name made the charge's own checks */
    const char *took_part[65] = {g->charging};
    int npart = 1;
    for (int i = 0; i < res->nevents && npart < 65; i++)
        if (res->events[i].unit[0])
            took_part[npart++] = res->events[i].unit;
    snapshot s;
    moved_before mb;
    int rc = lbi_snapshot_take(g, &s);
    if (rc != LB_OK)
        return rc;
    if ((rc = lbi_moved_take(g, &mb)) != LB_OK) {
        free(s.units);
        return rc;
    }
    /* the charge was made on this state, and nothing was applied since (R-GAME-19) */
    lb_err err = {0};
    rc = lb_charge_apply(ch, g->st, &err);
    lbi_snapshot_settle(g, &s, surrendered, nsur, 0);
    if (rc != LB_OK)
        snprintf(g->error, sizeof g->error, "the charge could not be applied: %s", err.msg);
    int mrc =
        rc == LB_OK ? lbi_moved_settle(g, &mb, took_part, npart, lbi_charge_passed(ch)) : LB_OK;
    free(mb.units);
    rc = rc == LB_OK ? mrc : rc;
    int step = lbi_game_step(g);
    mark_reactors(g, res, step);
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
        ob->reactor = o->kind == LB_OBLIGE_EXHAUSTED && strcmp(o->rule, "R-RCH-3") == 0;
        snprintf(ob->unit, sizeof ob->unit, "%s", o->unit);
        snprintf(ob->other, sizeof ob->other, "%s", o->other);
        /* R-GAME-10: a unit barred from moving keeps still in its side's next Movement */
        int u = lb_state_unit_index(g->st, o->unit);
        if (u >= 0 && (o->kind == LB_OBLIGE_NO_MOVEMENT || o->kind == LB_OBLIGE_NO_VOLUNTARY_MOVE))
            g->st->units[u].move.hold_next = LB_HOLD_CHARGE;
    }
    /* 35.1: the cavalry that charged does not move in this turn's Movement segment (an
     * opportunity charge is made in the enemy's, R-OCH-3) */
    int cav = lb_state_unit_index(g->st, g->charging);
    if (cav >= 0 && !g->charge_opportunity)
        g->st->units[cav].move.hold_next = LB_HOLD_CHARGED;
    lb_state_touch(g->st); /* R-GAME-19: the holds written after the charge's own apply */
    lb_charge_free(ch);
    g->charge = NULL;
    if (rc == LB_OK && g->charge_opportunity && lbi_melee_owed_offer(g) < 0)
        rc = LB_NOMEM; /* R-OCH-8: its melee at once */
    return rc;
}

/* After a pass of the charge (rc) with dice: its dice kept, then what it stopped at. */
static int settle(lb_game *g, int rc, lb_dice *dice)
{
    const lb_charge *ch = g->charge;
    char why[LB_CHARGE_TEXT_MAX];
    lb_said_fmt(&lb_charge_result_of(ch)->why, why, sizeof why);
    machine_pass p = {"charge", lb_charge_status_of(ch), LB_CHARGE_DECIDE, LB_CHARGE_DONE,
                      lb_charge_error(ch), lb_charge_trace(ch), lb_charge_pending(ch), why,
                      finish};
    return lbi_machine_settle(g, rc, dice, &p);
}

/* One pass of the charge with the game's dice. */
static int run(lb_game *g)
{
    lb_dice dice;
    lbi_dice_begin(g, &dice);
    int rc = lb_charge_resolve(g->charge, &dice);
    return settle(g, rc, &dice);
}

int lbi_charge_check(const lb_game *g, const parsed *p, lb_game_answer *out)
{
    const lb_state *st = g->st;
    char id[LB_SUBJECT_MAX], why[LB_GAME_REASON_MAX];
    if (p->act.nunits)
        snprintf(id, sizeof id, "%s", lb_action_unit(&p->act, 0));
    else /* the unit that did not read, as much of it as an id holds */
        snprintf(id, sizeof id, "%.*s", p->found_len, p->found);
    int u = lb_state_unit_index(st, id);
    if (u < 0)
        lbi_game_refuse(out, LB_REFUSED_ILLEGAL, "R-CHG-8", "no unit \"%s\" on the map", id);
    else if (lbi_charge_refusal(g, &st->units[u], why, sizeof why))
        lbi_game_refuse(out, LB_REFUSED_ILLEGAL, "R-CHG-8", "%s", why);
    else
        lbi_game_refuse(out, LB_REFUSED_ILLEGAL, "R-CHG-9", "expected charge:%s:H1,H2,… (the hexes "
                    "it enters)", id);
    return 0;
}

/* R-CHG-9: the first hex of a's path that is not on the map, from 0; -1 when all are. */
static int off_map(const lb_state *st, const lb_action *a)
{
    for (int i = 0; i < a->nhexes; i++)
        if (!lb_map_contains(&st->map, a->hexes[i]))
            return i;
    return -1;
}

/* Refuses a charge whose path's entry bad (from 0) is no hex of the map; returns LB_OK. */
static int refuse_path(lb_game_answer *out, int bad)
{
    return lbi_game_refuse(out, LB_REFUSED_ILLEGAL, "R-CHG-9", "the path's entry %d is not a hex "
                       "of the map (expected H1,H2,… of at most %d hexes)", bad + 1,
                       LB_CHARGE_PATH_MAX);
}

int lbi_charge_refuse(const lb_game *g, const parsed *p, lb_game_answer *out)
{
    int bad = off_map(g->st, &p->act);
    return refuse_path(out, bad >= 0 ? bad : p->entry);
}

/* R-RCH-1, R-OCH-4, R-OCH-9, R-OCH-13: the other side is asked about reaction charges when it asked to
 * be, never about the units it said not to ask about, and the cavalry that checked to react in
 * this segment is not asked again. */
static void reactions(const lb_game *g, lb_charge_req *req)
{
    const lb_state *st = g->st;
    int other = 1 - (int)st->turn.phasing, step = lbi_game_step(g);
    req->reactions = g->settings.charge_questions[other];
    for (int k = 0; k < g->settings.nnever_ask && req->nnever < LB_CHARGE_REACTED_MAX; k++)
        snprintf(req->never[req->nnever++], LB_SUBJECT_MAX, "%s", g->settings.never_ask[k]);
    for (int k = 0; k < g->nnever_play && req->nnever < LB_CHARGE_REACTED_MAX; k++) /* R-OCH-13 */
        snprintf(req->never[req->nnever++], LB_SUBJECT_MAX, "%s", g->never_play[k]);
    for (int i = 0; i < st->nunits && req->nreacted < LB_CHARGE_REACTED_MAX; i++) {
        const unit_rec *r = lbi_game_rec_of(g, st->units[i].id);
        if (r && r->reacted_step == step && st->units[i].side == other)
            snprintf(req->reacted[req->nreacted++], LB_SUBJECT_MAX, "%s", st->units[i].id);
    }
}

int lbi_charge_start(lb_game *g, const lb_action *a, lb_game_answer *out)
{
    lb_state *st = g->st;
    if (a->nhexes == 0)
        return lbi_game_refuse(out, LB_REFUSED_ILLEGAL, "R-CHG-9", "expected charge:UNIT:H1,H2,…");
    int bad = off_map(st, a);
    if (bad >= 0)
        return refuse_path(out, bad);
    lb_charge_req req;
    memset(&req, 0, sizeof req);
    req.cavalry = lb_action_unit(a, 0);
    req.npath = a->nhexes;
    memcpy(req.path, a->hexes, (size_t)a->nhexes * sizeof *a->hexes);
    reactions(g, &req);
    return lbi_charge_launch(g, &req, out);
}

int lbi_charge_launch(lb_game *g, const lb_charge_req *req, lb_game_answer *out)
{
    const char *id = req->cavalry;
    lb_charge *ch;
    lb_err err = {0};
    int rc = lb_charge_new(g->st, req, &ch, &err);
    if (rc == LB_INVALID && req->opportunity) { /* R-OCH-7: the cavalry stays where it is */
        LBI_EVENT(g->tr, "R-OCH-7", "(40)", EV_GAME_OPP_CHARGE_ILLEGAL, ev_unit_id(id),
                  ev_text(err.msg));
        return LB_OK;
    }
    if (rc != LB_OK)
        return rc == LB_INVALID ? lbi_game_refuse(out, LB_REFUSED_ILLEGAL, "R-CHG-9", "%s may not "
                                              "charge along that path: %s", id, err.msg)
                                : rc;
    lb_dice dice;
    lbi_dice_begin(g, &dice);
    rc = lb_charge_resolve(ch, &dice);
    if (rc == LB_OK && lb_charge_status_of(ch) == LB_CHARGE_REFUSED) {
        const lb_charge_result *res = lb_charge_result_of(ch);
        char why[LB_CHARGE_TEXT_MAX];
        lb_said_fmt(&res->why, why, sizeof why);
        if (req->opportunity) /* R-OCH-7: the cavalry stays where it is */
            LBI_EVENT(g->tr, "R-OCH-7", "(40)", EV_GAME_OPP_CHARGE_REFUSED, ev_text(why));
        else
            lbi_game_refuse(out, LB_REFUSED_ILLEGAL, res->rule, "%s", why);
        lb_charge_free(ch);
        return LB_OK; /* nothing rolled is kept: the game's generator was not moved */
    }
    /* the charge is legal: it goes on, its dice journalled */
    g->charge = ch;
    g->charge_opportunity = req->opportunity;
    g->shown = 0;
    snprintf(g->charging, sizeof g->charging, "%s", id);
    unit_rec *r = lbi_game_rec(g, id);
    if (r)
        r->charged_step = r->fought_step = lbi_game_step(g);
    return settle(g, rc, &dice);
}

int lbi_charge_resume(lb_game *g)
{
    return run(g);
}

int lbi_charge_answer(lb_game *g, const lb_decision *cur, const lb_action *a)
{
    char key[LB_OPTION_KEY_MAX];
    if (lb_action_fmt(g->st, a, key, sizeof key) != LB_OK)
        return LB_INVALID;
    LBI_EVENT(g->tr, "R-CHG-7", "(38)", EV_GAME_ANSWERS, ev_text(g->st->sides[cur->side]),
              ev_text(lb_decision_kind_name(cur->kind)), ev_text(key));
    return lb_charge_answer(g->charge, key) == LB_OK ? LB_OK : LB_INVALID;
}

/* R-GAME-10: after all melees of the side's Melee segment, cavalry that failed its recall routs
 * in place (R-CHG-6); a charge's exhaustion that is still owed here belongs to a melee that was
 * never fought (its cavalry routed or gone, its target gone): it lapses, for only cavalry that
 * charges and melees is exhausted (36.4, R-GAME-20); the charge's other obligations lapse, but
 * units barred from their next voluntary move keep it one more sequence. */
int lbi_charge_after_melee(lb_game *g)
{
    lb_state *st = g->st;
    int side_start = lbi_game_step(g) - (int)LB_SEG_MELEE, n = 0;
    for (int i = 0; i < g->nobligations; i++) {
        obligation *o = &g->obligations[i];
        int u = lb_state_unit_index(st, o->unit);
        if (o->kind == LB_OBLIGE_EXHAUSTED && u >= 0) {
            LBI_EVENT(g->tr, "R-GAME-20", "(36)", EV_GAME_CHARGED_NO_MELEE, ev_unit_id(o->unit),
                      ev_text(lb_readiness_name(st->units[u].readiness)));
        } else if (o->kind == LB_OBLIGE_ROUT_IN_PLACE && u >= 0) {
            st->units[u].state = LB_STATE_ROUTED;
            st->units[u].formation = lb_effects_formation(st, &st->units[u], st->units[u].hexes[0]);
            LBI_EVENT(g->tr, "R-GAME-10", "(42)", EV_GAME_ROUTS_IN_PLACE, ev_unit_id(o->unit));
        }
        int keep = o->kind == LB_OBLIGE_NO_VOLUNTARY_MOVE && o->step >= side_start;
        if (keep)
            g->obligations[n++] = *o;
    }
    g->nobligations = n;
    lb_state_touch(st); /* R-GAME-19 */
    return lb_state_reindex(st);
}
