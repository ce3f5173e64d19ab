/* The charge machine's lowest layer: what a pass records (events, obligations, summary, refusals, errors), units removed, dice and decisions. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "charge_run.h"
#include "replay.h"
#include "lb/core.h"
#include "decision_int.h"
#include "frac_int.h"
#include "trace_int.h"
#include "charge_int.h"
#include "morale_int.h"

static const char *const obligation_names[] = {
    "defensive_fire",    "melee",     "passed_premelee", "no_movement",
    "no_voluntary_move", "exhausted", "rout_in_place"};

const char *lb_obligation_kind_name(lb_obligation_kind k)
{
    return obligation_names[k];
}

/* ---- what a pass records ------------------------------------------------------------------ */

const char *lbi_ch_label(const run *R, lb_hex h, char *buf)
{
    return lb_map_label(&R->st->map, h, buf);
}

static const char *unit_id(const run *R, int i)
{
    return i >= 0 && i < R->st->nunits ? R->st->units[i].id : "";
}

/* The seed paragraph a charge ruling implements (rulings.md R-CHG). */
void lbi_ch_cite(run *R, const char *rule)
{
    static const struct {
        const char *rule;
        int seed_2018; /* the paragraph in premier-2018, -1: the recall's in both editions */
    } map[] = {{"R-CHG-3", CHARGE_SEED_2018_FORMED},
               {"R-CHG-4", CHARGE_SEED_2018_DISORDERED},
               {"R-CHG-5", CHARGE_SEED_2018_ROUTED},
               {"R-CHG-15", CHARGE_SEED_2018_ROUTED},
               {"R-CHG-17", CHARGE_SEED_2018_ROUTED},
               {"R-CHG-6", -1},
               {"R-CHG-16", -1},
               {"R-CHG-19", -1},
               {"R-CHG-20", -1}};
    for (size_t i = 0; i < sizeof map / sizeof *map; i++) {
        if (strcmp(rule, map[i].rule) != 0)
            continue;
        int y2018 = map[i].seed_2018 >= 0 && R->st->rules == LB_RULES_2018;
        lb_trace_phrase(R->t, "seed", CHARGE_PH_SEED,
                        y2018 ? map[i].seed_2018 : CHARGE_SEED_2017_RECALL);
        return;
    }
}

void lbi_ch_event(run *R, const char *kind, const char *rule, int unit, int other, lb_hex hex,
                  int value, int ev, const lb_event_arg *args, int nargs)
{
    lb_charge *ch = R->ch;
    lb_charge_result *res = R->res;
    lbi_trace_event(R->t, rule, "(38)", ev, args, nargs);
    lbi_ch_cite(R, rule);
    lb_charge_event *grown = lb_grow(res->events, &ch->cap_events, res->nevents + 1, sizeof *grown);
    if (!grown) {
        ch->oom = 1;
        return;
    }
    res->events = grown;
    lb_charge_event *e = &res->events[res->nevents++];
    memset(e, 0, sizeof *e);
    e->kind = kind;
    e->rule = rule;
    snprintf(e->unit, sizeof e->unit, "%s", unit_id(R, unit));
    snprintf(e->other, sizeof e->other, "%s", unit_id(R, other));
    e->hex = hex;
    e->value = value;
    lbi_say(&e->said, ev, args, nargs);
}

/* args after a lead (charge_events.h) into all; their count with it. */
static int with_lead(lb_event_arg lead, const lb_event_arg *args, int nargs, lb_event_arg *all)
{
    int n = nargs < LB_SAID_ARGS_MAX - 1 ? nargs : LB_SAID_ARGS_MAX - 1;
    all[0] = lead;
    memcpy(all + 1, args, (size_t)n * sizeof *args);
    return n + 1;
}

lb_charge_obligation *lbi_ch_oblige(run *R, lb_obligation_kind kind, const char *rule, int unit,
                                    int other, int ev, const lb_event_arg *args, int nargs)
{
    lb_charge *ch = R->ch;
    lb_charge_result *res = R->res;
    lb_charge_obligation *grown =
        lb_grow(res->obligations, &ch->cap_obligations, res->nobligations + 1, sizeof *grown);
    if (!grown) {
        ch->oom = 1;
        return NULL;
    }
    res->obligations = grown;
    lb_charge_obligation *o = &res->obligations[res->nobligations++];
    memset(o, 0, sizeof *o);
    o->kind = kind;
    o->rule = rule;
    o->melee_times = lb_frac_int(1);
    snprintf(o->unit, sizeof o->unit, "%s", unit_id(R, unit));
    snprintf(o->other, sizeof o->other, "%s", unit_id(R, other));
    lb_event_arg all[LB_SAID_ARGS_MAX];
    int n = with_lead(ev_text(""), args, nargs, all);
    lbi_say(&o->said, ev, all, n);
    all[0] = ev_text(obligation_names[kind]);
    lbi_trace_event(R->t, rule, "(38)", ev, all, n);
    lbi_ch_cite(R, rule);
    return o;
}
void lbi_ch_summary(run *R, const char *fmt, ...)
{
    char code[LB_CHARGE_TEXT_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(code, sizeof code, fmt, ap);
    va_end(ap);
    if (lbi_text_put(R->summary, "%s%s", R->summary->len ? " " : "", code) != LB_OK)
        R->ch->oom = 1;
}

int lbi_ch_refuse(run *R, const char *rule, int ev, const lb_event_arg *args, int nargs)
{
    lb_event_arg all[LB_SAID_ARGS_MAX];
    int n = with_lead(ev_int(0), args, nargs, all);
    lbi_say(&R->res->why, ev, all, n);
    R->res->rule = rule;
    all[0] = ev_int(1);
    lbi_trace_event(R->t, rule, "(37)", ev, all, n);
    lb_trace_bool(R->t, "allowed", 0);
    lbi_text_cut(R->summary, 0);
    if (lbi_text_put(R->summary, "refused") != LB_OK)
        R->ch->oom = 1;
    return STOP_REFUSED;
}

int lbi_ch_fail(run *R, int code, const char *fmt, ...)
{
    char msg[LB_ERR_MSG_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return lb_err_set(&R->ch->err, code, "%s", msg);
}

int lbi_ch_remove(run *R, int i)
{
    lb_state *st = R->st;
    int rc = lb_state_remove_unit(st, i);
    if (rc != LB_OK)
        return rc;
    memmove(&R->us[i], &R->us[i + 1], (size_t)(st->nunits - i) * sizeof *R->us);
    int *refs[] = {&R->cav, &R->target, &R->goal, &R->melee_with};
    for (size_t k = 0; k < sizeof refs / sizeof *refs; k++) {
        if (*refs[k] == i)
            *refs[k] = -1;
        else if (*refs[k] > i)
            (*refs[k])--;
    }
    return LB_OK;
}

void lbi_run_init(run *R, lb_charge *ch, lb_state *st, ustate *us)
{
    *R = (run){.ch = ch,
               .st = st,
               .us = us,
               .inject = -1,
               .cav = lb_state_unit_index(st, ch->cavalry),
               .cap = -1,
               .goal = -1,
               .target = -1,
               .melee_with = -1};
    ch->oom = 0;
}

int lbi_ch_option(const run *R, lb_decision *d, const char *key, int ev,
                  const lb_event_arg *args, int nargs)
{
    if (R->odds)
        return lb_decision_add(d, key, "%s", "");
    lb_said text;
    lbi_say(&text, ev, args, nargs);
    return lbi_decision_said_add(d, key, &text);
}

/* ---- dice and decisions ------------------------------------------------------------------- */

/* R-DICE-3, R-CHG-26: a roll comes from the journal when it holds one, else from the caller's
 * dice (journalled); in odds mode the pass stops at it (STOP_DICE, the values grouped in
 * need_class), and takes it up again with the value of one group (inject). */
int lbi_ch_roll(run *R, lb_die_kind die, const char *purpose, const unsigned char *classes,
                int *out)
{
    lb_charge *ch = R->ch;
    int rc = lbi_replay_roll(&ch->journal, &R->cursor, die, purpose, "charge", &ch->err, out);
    if (rc != LB_NOT_FOUND)
        return rc;
    if (R->dice)
        return lbi_replay_dice(&ch->journal, &R->cursor, R->dice, die, purpose, &ch->err, out);
    if (R->inject >= 0) {
        *out = R->inject;
        R->inject = -1;
        return LB_OK;
    }
    R->need_die = die;
    memcpy(R->need_class, classes, die == LB_DIE_TWO ? 36 : 6);
    return STOP_DICE;
}

int lbi_ch_morale_check(run *R, int i, const lb_morale_mod *extra, int n, pending p,
                        const char *purpose, lb_trace *t, lb_morale_chance *chance, int *roll,
                        lb_morale_result *mr)
{
    int rc = lb_morale_odds(R->st, i, extra, n, chance, NULL);
    if (rc != LB_OK)
        return rc;
    R->pend = p;
    if ((rc = lbi_ch_roll(R, LB_DIE_TWO, purpose, chance->passes, roll)) != LB_OK)
        return rc;
    lb_dice one;
    char script[4];
    snprintf(script, sizeof script, "%d", *roll);
    lb_dice_init_script(&one, script, NULL);
    return lb_morale_resolve(R->st, i, LB_CHECK_ORDINARY, extra, n, &one, mr, t);
}

/* R-CHG-7, R-CHG-25: a decision with one option is no choice; otherwise the journal, a standing
 * answer or the automatic mode answers it, or the pass stops and offers it. */
/* R-CHG-25: in the odds, the next of the req's answers for a decision that the standing answers
 * leave open (one of several options): its option, or -1 (an answer that is not one of them
 * is used up, and the automatic choice is taken). */
static int answer_given(run *R, const lb_decision *d)
{
    const lb_charge_req *req = &R->ch->req;
    if (!R->odds || d->noptions < 2 || R->answered >= req->nanswers ||
        lb_decision_standing(d, req->standing, req->nstanding) >= 0)
        return -1;
    return lb_decision_find(d, req->answers[R->answered++]);
}

int lbi_ch_decide(run *R, lb_decision *d, int *choice)
{
    lb_charge *ch = R->ch;
    lb_decided_by by = LB_BY_STANDING;
    int given = answer_given(R, d), rc = LB_OK;
    if (given >= 0)
        *choice = given;
    else
        rc = lbi_replay_answer(&ch->journal, &R->cursor, d, ch->req.standing, ch->req.nstanding,
                               ch->automatic, !R->odds, &ch->err, choice, &by);
    if (rc == LB_NOT_FOUND) {
        lb_decision_move(&ch->pending, d);
        return STOP_DECIDE;
    }
    if (rc == LB_OK && by != LB_BY_PLAYER)
        LBI_EVENT(R->t, "R-CHG-25", "(38)", EV_CHARGE_DECIDED_BY,
                  ev_text(lb_decision_kind_name(d->kind)), ev_unit_id(d->subject),
                  ev_int(by == LB_BY_AUTO), ev_text(d->options[*choice].key));
    if (rc == LB_OK && lbi_trace_on(R->t)) { /* the prompt with its answer (the lead) */
        lb_said asked = d->said;
        asked.args[0] = ev_text(d->options[*choice].key);
        lbi_trace_event(R->t, d->rule, "(38)", asked.event, asked.args, asked.nargs);
    }
    lb_decision_release(d);
    return rc;
}
