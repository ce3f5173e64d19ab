/* The charge machine's public shell: passes over the journal, answers, apply, and exact odds by branch enumeration. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "charge_rules.h"

#define PREFIX_MAX 32

/* ---- passes ------------------------------------------------------------------------------- */

static void reset_result(lb_charge *ch)
{
    lb_charge_result *r = &ch->result;
    lb_charge_event *events = r->events;
    lb_charge_obligation *obligations = r->obligations;
    memset(r, 0, sizeof *r);
    r->events = events;
    r->obligations = obligations;
    lb_trace_release(&ch->trace);
    lb_trace_init(&ch->trace);
    ch->error[0] = '\0';
    lb_decision_release(&ch->pending);
}

/* One pass: a fresh copy of the state, the journal replayed, the procedure to its next stop. */
static int pass(lb_charge *ch, lb_dice *dice)
{
    reset_result(ch);
    lb_state_free(ch->work);
    ch->work = lb_state_clone(ch->origin);
    if (!ch->work)
        return LB_NOMEM;
    ustate *us = calloc((size_t)ch->work->nunits + 1, sizeof *us);
    if (!us)
        return LB_NOMEM;
    run R = {.ch = ch,
             .st = ch->work,
             .dice = dice,
             .t = &ch->trace,
             .res = &ch->result,
             .us = us,
             .cav = lb_state_unit_index(ch->work, ch->cavalry),
             .cap = -1,
             .goal = -1,
             .target = -1,
             .melee_with = -1};
    ch->oom = 0;
    int rc = lbi_rules_charge(&R);
    free(us);
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
        snprintf(ch->error, sizeof ch->error,
                 "the journal holds %d entries more than the charge "
                 "uses",
                 ch->journal.count - R.cursor);
        return LB_INVALID;
    }
    ch->status = LB_CHARGE_DONE;
    return LB_OK;
}

int lb_charge_new(const lb_state *s, const lb_charge_req *req, lb_charge **out)
{
    *out = NULL;
    if (!req->cavalry || lb_state_unit_index(s, req->cavalry) < 0 || req->npath < 1 ||
        req->npath > LB_CHARGE_PATH_MAX || strlen(req->cavalry) >= LB_SUBJECT_MAX)
        return LB_INVALID;
    lb_charge *ch = calloc(1, sizeof *ch);
    if (!ch)
        return LB_NOMEM;
    ch->origin = s;
    snprintf(ch->cavalry, sizeof ch->cavalry, "%s", req->cavalry);
    ch->req = *req;
    ch->req.cavalry = ch->cavalry;
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
    free(ch->result.events);
    free(ch->result.obligations);
    free(ch);
}

int lb_charge_resolve(lb_charge *ch, lb_dice *dice)
{
    ch->prefix = NULL;
    ch->nprefix = 0;
    int rc = pass(ch, dice);
    return rc == STOP_DICE ? LB_DICE : rc;
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
    return ch->error;
}

int lb_charge_apply(const lb_charge *ch, lb_state *s)
{
    if (ch->status != LB_CHARGE_DONE || s != ch->origin || !ch->work ||
        ch->work->nunits > s->nunits)
        return LB_INVALID;
    memcpy(s->units, ch->work->units, (size_t)ch->work->nunits * sizeof *s->units);
    s->nunits = ch->work->nunits;
    return lb_state_reindex(s);
}

/* ---- odds --------------------------------------------------------------------------------- */

typedef struct tally {
    lb_charge_outcome *items;
    int n, cap;
    int runs;
    int overflowed; /* branches whose probability does not fit 64-bit fractions */
    int too_deep;   /* branches with more than PREFIX_MAX rolls */
    int budget_hit; /* the enumeration stopped at LB_CHARGE_ODDS_BUDGET passes */
} tally;

static int add_outcome(tally *T, const char *summary, lb_frac p)
{
    if (!lb_frac_ok(p)) {
        T->overflowed++;
        return LB_OK;
    }
    for (int i = 0; i < T->n; i++)
        if (strcmp(T->items[i].summary, summary) == 0) {
            T->items[i].p = lb_frac_add(T->items[i].p, p);
            return LB_OK;
        }
    if (T->n == T->cap) {
        int cap = T->cap ? 2 * T->cap : 8;
        lb_charge_outcome *o = realloc(T->items, (size_t)cap * sizeof *o);
        if (!o)
            return LB_NOMEM;
        T->items = o;
        T->cap = cap;
    }
    lb_charge_outcome *o = &T->items[T->n++];
    snprintf(o->summary, sizeof o->summary, "%s", summary);
    o->p = p;
    return LB_OK;
}

/* R-DICE-4: one pass per branch; a roll the pass cannot take splits the branch by the results
 * its values lead to (values with the same result continue the same way), each weighted by its
 * share of the 36 or 6 values. R-CHG-28: a branch whose weight does not fit is left out, and the
 * enumeration stops at its budget. */
static int explore(lb_charge *ch, int *prefix, int depth, lb_frac weight, tally *T)
{
    if (!lb_frac_ok(weight)) {
        T->overflowed++;
        return LB_OK;
    }
    if (T->runs >= LB_CHARGE_ODDS_BUDGET) {
        T->budget_hit = 1;
        return LB_OK;
    }
    lb_journal_release(&ch->journal);
    ch->prefix = prefix;
    ch->nprefix = depth;
    int rc = pass(ch, NULL);
    T->runs++;
    if (rc == LB_OK)
        return add_outcome(T, ch->result.summary, weight);
    if (rc != STOP_DICE)
        return rc;
    if (depth == PREFIX_MAX) {
        T->too_deep++;
        return LB_OK;
    }
    int n = ch->need_die == LB_DIE_TWO ? 36 : 6;
    unsigned char classes[36];
    memcpy(classes, ch->need_class, (size_t)n);
    unsigned char seen[256] = {0};
    for (int i = 0; i < n; i++) {
        if (seen[classes[i]])
            continue;
        seen[classes[i]] = 1;
        int count = 0;
        for (int k = i; k < n; k++)
            count += classes[k] == classes[i];
        prefix[depth] = n == 36 ? lb_roll_from_index(i) : i + 1;
        rc = explore(ch, prefix, depth + 1, lb_frac_mul(weight, lb_frac_make(count, n)), T);
        if (rc != LB_OK)
            return rc;
    }
    return LB_OK;
}

static int by_chance(const void *a, const void *b)
{
    const lb_charge_outcome *x = a, *y = b;
    int c = lb_frac_cmp(y->p, x->p);
    return c ? c : strcmp(x->summary, y->summary);
}

/* Appends to a text of `size` bytes, cutting what does not fit. */
static void append(char *text, size_t size, const char *fmt, ...)
{
    size_t used = strlen(text);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text + used, size - used, fmt, ap);
    va_end(ap);
}

/* R-CHG-28: whether the odds are exact, and if not why, and what the listed ends cover. */
static void conclude(tally *T, lb_charge_outcomes *out)
{
    int dropped = 0; /* ends whose sum of exact probabilities does not fit */
    for (int i = 0; i < T->n; i++) {
        if (!lb_frac_ok(T->items[i].p))
            dropped++;
        else
            T->items[i - dropped] = T->items[i];
    }
    T->n -= dropped;
    out->covered = lb_frac_int(0);
    for (int i = 0; i < T->n; i++)
        out->covered = lb_frac_add(out->covered, T->items[i].p);
    out->exact = !T->overflowed && !T->too_deep && !T->budget_hit && !dropped;
    size_t size = sizeof out->stopped;
    if (T->overflowed || dropped)
        append(out->stopped, size, "%d branch%s and %d end%s left out: their probability needs "
                                   "more than 64-bit fractions",
               T->overflowed, T->overflowed == 1 ? "" : "es", dropped, dropped == 1 ? "" : "s");
    if (T->too_deep)
        append(out->stopped, size, "%s%d branch%s left out: more than %d rolls",
               out->stopped[0] ? "; " : "", T->too_deep, T->too_deep == 1 ? "" : "es",
               PREFIX_MAX);
    if (T->budget_hit)
        append(out->stopped, size, "%sthe enumeration stopped at its budget of %d passes",
               out->stopped[0] ? "; " : "", LB_CHARGE_ODDS_BUDGET);
}

int lb_charge_odds(const lb_state *s, const lb_charge_req *req, lb_charge_outcomes *out)
{
    memset(out, 0, sizeof *out);
    lb_charge_req auto_req = *req;
    auto_req.automatic = 1;
    lb_charge *ch;
    int rc = lb_charge_new(s, &auto_req, &ch);
    if (rc != LB_OK)
        return rc;
    int prefix[PREFIX_MAX];
    tally T = {0};
    rc = explore(ch, prefix, 0, lb_frac_int(1), &T);
    snprintf(out->error, sizeof out->error, "%s", ch->error);
    lb_charge_free(ch);
    if (rc != LB_OK) {
        free(T.items);
        return rc;
    }
    conclude(&T, out);
    qsort(T.items, (size_t)T.n, sizeof *T.items, by_chance);
    out->outcomes = T.items;
    out->n = T.n;
    out->runs = T.runs;
    return LB_OK;
}

void lb_charge_outcomes_release(lb_charge_outcomes *o)
{
    if (!o)
        return;
    free(o->outcomes);
    memset(o, 0, sizeof *o);
}
