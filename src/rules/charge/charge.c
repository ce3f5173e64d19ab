/* The charge machine's public shell: passes over the journal, answers, what a pass left, apply. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "charge_rules.h"
#include "decision_int.h"
#include "trace_int.h"
#include "state_int.h"
#include "charge_int.h"

/* ---- passes ------------------------------------------------------------------------------- */

static void reset_result(lb_charge *ch)
{
    lb_charge_result *r = &ch->result;
    lb_charge_event *events = r->events;
    lb_charge_obligation *obligations = r->obligations;
    memset(r, 0, sizeof *r);
    r->events = events;
    r->obligations = obligations;
    lbi_text_cut(&ch->summary, 0);
    r->summary = ch->summary.buf ? ch->summary.buf : "";
    lb_trace_release(&ch->trace);
    lb_trace_init(&ch->trace);
    ch->err = (lb_err){.code = LB_OK};
    lb_decision_release(&ch->pending);
    lbi_passed_clear(&ch->passed);
}

/* One pass: a fresh copy of the state, the journal replayed, the procedure to its next stop. */
static int pass(lb_charge *ch, lb_dice *dice)
{
    reset_result(ch);
    if (ch->origin->generation != ch->generation) {
        return lb_err_set(&ch->err, LB_STALE,
                          "the state changed since the charge began (generation %llu, now %llu): "
                          "make the charge again on the state as it is",
                          ch->generation, ch->origin->generation);
    }
    lb_state_free(ch->work);
    ch->work = lb_state_clone(ch->origin);
    if (!ch->work)
        return LB_NOMEM;
    ustate *us = calloc((size_t)ch->work->nunits + 1, sizeof *us);
    if (!us)
        return LB_NOMEM;
    run R;
    lbi_run_init(&R, ch, ch->work, us);
    R.dice = dice;
    R.t = &ch->trace;
    R.res = &ch->result;
    R.summary = &ch->summary;
    ch->oom = 0;
    int rc = lbi_rules_charge(&R);
    free(us);
    ch->result.summary = ch->summary.buf ? ch->summary.buf : "";
    if (ch->oom || ch->trace.failed)
        return LB_NOMEM;
    if (rc == STOP_DECIDE) {
        ch->status = LB_CHARGE_DECIDE;
        return LB_OK;
    }
    if (rc == STOP_REFUSED) {
        ch->status = LB_CHARGE_REFUSED;
        return LB_OK;
    }
    if (rc != LB_OK)
        return rc;
    if (R.cursor < ch->journal.count) {
        return lb_err_set(&ch->err, LB_INVALID,
                          "the journal holds %d entries more than the charge uses",
                          ch->journal.count - R.cursor);
    }
    ch->status = LB_CHARGE_DONE;
    LBI_EVENT(&ch->trace, "R-CHG-26", "(38)", EV_CHARGE_JOURNAL, ev_int(ch->journal.count));
    lb_trace_int(&ch->trace, "journal_entries", ch->journal.count);
    return LB_OK;
}

int lb_charge_new(const lb_state *s, const lb_charge_req *req, lb_charge **out, lb_err *err)
{
    *out = NULL;
    if (!req->cavalry)
        return lb_err_set(err, LB_INVALID, "no charging unit given");
    if (lb_state_unit_index(s, req->cavalry) < 0)
        return lb_err_set(err, LB_INVALID, "unknown unit \"%s\"", req->cavalry);
    if (req->npath < 1 || req->npath > LB_CHARGE_PATH_MAX)
        return lb_err_set(err, LB_INVALID, "the path has %d hexes: a charge plans 1 to %d",
                          req->npath, LB_CHARGE_PATH_MAX);
    /* events, decisions and the journal record unit ids in LB_SUBJECT_MAX bytes: a longer one
     * would be cut, and two ids could read alike */
    for (int i = 0; i < s->nunits; i++) {
        size_t len = strlen(s->units[i].id);
        if (len >= LB_SUBJECT_MAX)
            return lb_err_set(err, LB_INVALID,
                              "unit id \"%.24s...\" has %zu characters: a charge records unit ids "
                              "of at most %d characters",
                              s->units[i].id, len, LB_SUBJECT_MAX - 1);
    }
    lb_charge *ch = calloc(1, sizeof *ch);
    if (!ch)
        return lb_err_set(err, LB_NOMEM, "out of memory");
    ch->origin = s;
    ch->generation = s->generation;
    snprintf(ch->cavalry, sizeof ch->cavalry, "%s", req->cavalry);
    ch->req = *req;
    ch->req.cavalry = ch->cavalry;
    ch->automatic = req->automatic;
    ch->result.summary = "";
    lb_journal_init(&ch->journal);
    lb_trace_init(&ch->trace);
    *out = ch;
    return LB_OK;
}

void lb_charge_free(lb_charge *ch)
{
    if (!ch)
        return;
    lb_journal_release(&ch->journal);
    lb_decision_release(&ch->pending);
    lb_state_free(ch->work);
    lb_trace_release(&ch->trace);
    lbi_text_release(&ch->summary);
    free(ch->result.events);
    free(ch->result.obligations);
    lbi_passed_release(&ch->passed);
    free(ch);
}

const lbi_passed_log *lbi_charge_passed(const lb_charge *ch)
{
    return &ch->passed;
}

int lb_charge_resolve(lb_charge *ch, lb_dice *dice)
{
    int rc = pass(ch, dice);
    if (rc == STOP_DICE)
        rc = LB_DICE;
    if (rc != LB_OK && ch->err.code == LB_OK)
        lb_err_set(&ch->err, rc, "%s", lb_err_str(rc));
    return rc;
}

void lb_charge_set_automatic(lb_charge *ch)
{
    ch->automatic = 1;
}

lb_charge_status lb_charge_status_of(const lb_charge *ch)
{
    return ch->status;
}

const lb_decision *lb_charge_pending(const lb_charge *ch)
{
    return ch->status == LB_CHARGE_DECIDE ? &ch->pending : NULL;
}

int lb_charge_answer(lb_charge *ch, const char *key)
{
    if (ch->status != LB_CHARGE_DECIDE || !ch->pending.noptions)
        return LB_INVALID;
    int k = lb_decision_find(&ch->pending, key);
    if (k < 0)
        return LB_INVALID;
    if (lb_journal_decision(&ch->journal, &ch->pending, k, LB_BY_PLAYER) != LB_OK)
        return LB_NOMEM;
    lb_decision_release(&ch->pending);
    return LB_OK;
}

int lb_charge_answer_auto(lb_charge *ch)
{
    if (ch->status != LB_CHARGE_DECIDE || !ch->pending.noptions)
        return LB_INVALID;
    if (lb_journal_decision(&ch->journal, &ch->pending, ch->pending.auto_choice, LB_BY_AUTO) !=
        LB_OK)
        return LB_NOMEM;
    lb_decision_release(&ch->pending);
    return LB_OK;
}

const lb_charge_result *lb_charge_result_of(const lb_charge *ch)
{
    return &ch->result;
}

const lb_trace *lb_charge_trace(const lb_charge *ch)
{
    return &ch->trace;
}

const lb_journal *lb_charge_journal(const lb_charge *ch)
{
    return &ch->journal;
}

int lb_charge_load_journal(lb_charge *ch, const lb_journal *j)
{
    lb_journal copy;
    if (lb_journal_copy(&copy, j) != LB_OK)
        return LB_NOMEM;
    lb_journal_release(&ch->journal);
    ch->journal = copy;
    return LB_OK;
}

const lb_state *lb_charge_state(const lb_charge *ch)
{
    return ch->work;
}

const char *lb_charge_error(const lb_charge *ch)
{
    return ch->err.msg;
}

const lb_err *lb_charge_err(const lb_charge *ch)
{
    return &ch->err;
}

/* The charge's units, by id, into s (which it was made on, unchanged since): each unit of s
 * takes its record after the charge, or goes when the charge removed it. The working state
 * keeps the origin's units in order (the charge only removes) and their id strings, so one
 * walk pairs them. */
int lb_charge_apply(const lb_charge *ch, lb_state *s, lb_err *err)
{
    if (ch->status != LB_CHARGE_DONE || !ch->work)
        return lb_err_set(err, LB_INVALID, "the charge is not over: nothing to apply");
    if (s != ch->origin)
        return lb_err_set(err, LB_INVALID, "not the state the charge was made on");
    if (s->generation != ch->generation)
        return lb_err_set(err, LB_STALE,
                          "the state changed since the charge began (generation %llu, now %llu): "
                          "nothing applied; make the charge again on the state as it is",
                          ch->generation, s->generation);
    const lb_state *w = ch->work;
    lb_unit *before = malloc(((size_t)s->nunits + 1) * sizeof *before);
    if (!before)
        return lb_err_set(err, LB_NOMEM, "out of memory");
    memcpy(before, s->units, (size_t)s->nunits * sizeof *before);
    int n = 0, j = 0;
    for (int k = 0; k < s->nunits; k++) {
        if (j < w->nunits && w->units[j].id == before[k].id)
            s->units[n++] = w->units[j++];
    }
    int nunits = s->nunits;
    s->nunits = n;
    int rc = j == w->nunits ? lb_state_reindex(s) : LB_INVALID;
    if (rc != LB_OK) {
        memcpy(s->units, before, (size_t)nunits * sizeof *before);
        s->nunits = nunits;
        free(before);
        return lb_err_set(err, rc, rc == LB_NOMEM ? "out of memory"
                                                  : "the charge's units do not match the state's");
    }
    free(before);
    lb_state_touch(s);
    return LB_OK;
}

