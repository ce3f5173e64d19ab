/* The charge machine: passes over the journal, dice and decisions, events and obligations, apply, and exact odds by branch enumeration. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "charge_int.h"

static const char *const obligation_names[] = {"defensive_fire",    "melee",       "passed_premelee",
                                               "no_movement",       "no_voluntary_move",
                                               "exhausted",         "rout_in_place"};

#define PREFIX_MAX 32

const char *lb_obligation_kind_name(lb_obligation_kind k)
{
    return obligation_names[k];
}

/* ---- what a pass records ------------------------------------------------------------------ */

const char *ch_label(const run *R, lb_hex h, char *buf)
{
    return lb_map_label(&R->st->map, h, buf);
}

static const char *unit_id(const run *R, int i)
{
    return i >= 0 && i < R->st->nunits ? R->st->units[i].id : "";
}

/* The seed paragraph a charge ruling implements (rulings.md R-CHG). */
void ch_cite(run *R, const char *rule)
{
    static const char s001[] = "001_f47f61f911107fc6 (premier-2018), the results of the Carre Roll";
    static const char s002[] = "002_beb0105db6df484d (premier-2017), Cavalry Recall (42)";
    static const struct {
        const char *rule, *para;
    } map[] = {{"R-CHG-3", "Infantry Formed Carre"},   {"R-CHG-4", "Infantry Disordered (DD)"},
               {"R-CHG-5", "Infantry Routed (PGD)"},   {"R-CHG-15", "Infantry Routed (PGD)"},
               {"R-CHG-17", "Infantry Routed (PGD)"},  {"R-CHG-6", NULL},
               {"R-CHG-16", NULL},                     {"R-CHG-19", NULL},
               {"R-CHG-20", NULL}};
    char text[160];
    for (size_t i = 0; i < sizeof map / sizeof *map; i++) {
        if (strcmp(rule, map[i].rule) != 0)
            continue;
        if (map[i].para && R->st->rules == LB_RULES_2018)
            snprintf(text, sizeof text, "%s: %s", s001, map[i].para);
        else
            snprintf(text, sizeof text, "%s", s002);
        lb_trace_text(R->t, "seed", text);
        return;
    }
}

void ch_event(run *R, const char *kind, const char *rule, int unit, int other, lb_hex hex,
              int value, const char *fmt, ...)
{
    lb_charge *ch = R->ch;
    lb_charge_result *res = R->res;
    char text[LB_CHARGE_TEXT_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    lb_trace_add(R->t, rule, "(38)", "%s", text);
    ch_cite(R, rule);
    if (res->nevents == ch->cap_events) {
        int cap = ch->cap_events ? 2 * ch->cap_events : 16;
        lb_charge_event *e = realloc(res->events, (size_t)cap * sizeof *e);
        if (!e) {
            ch->oom = 1;
            return;
        }
        res->events = e;
        ch->cap_events = cap;
    }
    lb_charge_event *e = &res->events[res->nevents++];
    memset(e, 0, sizeof *e);
    e->kind = kind;
    e->rule = rule;
    snprintf(e->unit, sizeof e->unit, "%s", unit_id(R, unit));
    snprintf(e->other, sizeof e->other, "%s", unit_id(R, other));
    e->hex = hex;
    e->value = value;
    snprintf(e->text, sizeof e->text, "%s", text);
}

lb_charge_obligation *ch_oblige(run *R, lb_obligation_kind kind, const char *rule, int unit,
                                int other, const char *fmt, ...)
{
    lb_charge *ch = R->ch;
    lb_charge_result *res = R->res;
    if (res->nobligations == ch->cap_obligations) {
        int cap = ch->cap_obligations ? 2 * ch->cap_obligations : 8;
        lb_charge_obligation *o = realloc(res->obligations, (size_t)cap * sizeof *o);
        if (!o) {
            ch->oom = 1;
            return NULL;
        }
        res->obligations = o;
        ch->cap_obligations = cap;
    }
    lb_charge_obligation *o = &res->obligations[res->nobligations++];
    memset(o, 0, sizeof *o);
    o->kind = kind;
    o->rule = rule;
    o->melee_times = lb_frac_int(1);
    snprintf(o->unit, sizeof o->unit, "%s", unit_id(R, unit));
    snprintf(o->other, sizeof o->other, "%s", unit_id(R, other));
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(o->text, sizeof o->text, fmt, ap);
    va_end(ap);
    lb_trace_add(R->t, rule, "(38)", "obligation %s: %s", obligation_names[kind], o->text);
    ch_cite(R, rule);
    return o;
}

void ch_summary(run *R, const char *fmt, ...)
{
    char *s = R->res->summary;
    size_t used = strlen(s);
    if (used && used + 1 < LB_CHARGE_SUMMARY_MAX)
        s[used++] = ' ';
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(s + used, LB_CHARGE_SUMMARY_MAX - used, fmt, ap);
    va_end(ap);
}

int ch_refuse(run *R, const char *rule, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(R->res->reason, sizeof R->res->reason, fmt, ap);
    va_end(ap);
    R->res->rule = rule;
    lb_trace_add(R->t, rule, "(37)", "the charge may not be made: %s", R->res->reason);
    lb_trace_bool(R->t, "allowed", 0);
    snprintf(R->res->summary, sizeof R->res->summary, "refused");
    return STOP_REFUSED;
}

int ch_fail(run *R, int code, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(R->ch->error, sizeof R->ch->error, fmt, ap);
    va_end(ap);
    return code;
}

int ch_remove(run *R, int i)
{
    lb_state *st = R->st;
    memmove(&st->units[i], &st->units[i + 1], (size_t)(st->nunits - i - 1) * sizeof *st->units);
    memmove(&R->us[i], &R->us[i + 1], (size_t)(st->nunits - i - 1) * sizeof *R->us);
    st->nunits--;
    int *refs[] = {&R->cav, &R->target, &R->goal, &R->melee_with};
    for (size_t k = 0; k < sizeof refs / sizeof *refs; k++) {
        if (*refs[k] == i)
            *refs[k] = -1;
        else if (*refs[k] > i)
            (*refs[k])--;
    }
    return lb_state_reindex(st);
}

/* ---- dice and decisions ------------------------------------------------------------------- */

/* R-DICE-3, R-CHG-26: a roll comes from the journal when it holds one, else from the caller's
 * dice (journalled), else (odds) from the branch being explored. */
int ch_roll(run *R, lb_die_kind die, const char *purpose, const unsigned char *classes, int *out)
{
    lb_charge *ch = R->ch;
    lb_journal *j = &ch->journal;
    if (R->cursor < j->count) {
        const lb_journal_entry *e = &j->entries[R->cursor];
        if (e->kind != LB_ENTRY_ROLL || e->die != die)
            return ch_fail(R, LB_INVALID, "the journal's entry %d is not the %s the charge rolls "
                                          "next (%s)", R->cursor + 1,
                           die == LB_DIE_TWO ? "two-dice roll" : "die", purpose);
        *out = e->value;
        R->cursor++;
        return LB_OK;
    }
    if (R->dice) {
        int rc = die == LB_DIE_TWO ? lb_dice_roll(R->dice, purpose, out)
                                   : lb_dice_d6(R->dice, purpose, out);
        if (rc != 0)
            return ch_fail(R, LB_DICE, "the dice have no %s for the %s",
                           die == LB_DIE_TWO ? "two-dice roll 11-66" : "single die 1-6", purpose);
    } else if (R->prefix_pos < ch->nprefix) {
        *out = ch->prefix[R->prefix_pos++];
    } else {
        ch->need_die = die;
        memcpy(ch->need_class, classes, die == LB_DIE_TWO ? 36 : 6);
        return STOP_DICE;
    }
    if (lb_journal_roll(j, die, *out, purpose) != LB_OK)
        return LB_NOMEM;
    R->cursor = j->count;
    return LB_OK;
}

/* R-CHG-7, R-CHG-25: a decision with one option is no choice; otherwise the journal, a standing
 * answer or the automatic mode answers it, or the pass stops and offers it. */
int ch_decide(run *R, lb_decision *d, int *choice)
{
    lb_charge *ch = R->ch;
    lb_journal *j = &ch->journal;
    int rc = LB_OK, by_entry = LB_BY_PLAYER;
    *choice = -1;
    if (d->noptions == 0) {
        rc = ch_fail(R, LB_INVALID, "the %s decision about %s has no option",
                     lb_decision_kind_name(d->kind), d->subject);
        lb_decision_release(d);
        return rc;
    }
    if (d->noptions == 1) {
        *choice = 0;
    } else if (R->cursor < j->count) {
        const lb_journal_entry *e = &j->entries[R->cursor];
        if (e->kind != LB_ENTRY_DECISION || e->decision != d->kind ||
            strcmp(e->subject, d->subject) != 0 || (*choice = lb_decision_find(d, e->key)) < 0) {
            rc = ch_fail(R, LB_INVALID, "the journal's entry %d does not answer the %s decision "
                                        "about %s", R->cursor + 1, lb_decision_kind_name(d->kind),
                         d->subject);
        } else {
            by_entry = e->by;
            R->cursor++;
        }
    } else {
        by_entry = LB_BY_STANDING;
        *choice = lb_decision_standing(d, ch->req.standing, ch->req.nstanding);
        if (*choice < 0 && ch->req.automatic) {
            *choice = d->auto_choice;
            by_entry = LB_BY_AUTO;
        }
        if (*choice < 0) {
            lb_decision_move(&ch->pending, d);
            return STOP_DECIDE;
        }
        if (lb_journal_decision(j, d, *choice, (lb_decided_by)by_entry) != LB_OK)
            rc = LB_NOMEM;
        R->cursor = j->count;
    }
    if (rc == LB_OK && by_entry != LB_BY_PLAYER)
        lb_trace_add(R->t, "R-CHG-25", "(38)", "%s decision about %s taken %s: %s",
                     lb_decision_kind_name(d->kind), d->subject,
                     by_entry == LB_BY_AUTO ? "automatically" : "by a standing answer",
                     d->options[*choice].key);
    if (rc == LB_OK)
        lb_trace_add(R->t, d->rule, "(38)", "%s: %s", d->prompt, d->options[*choice].key);
    lb_decision_release(d);
    return rc;
}

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
    run R = {.ch = ch, .st = ch->work, .dice = dice, .t = &ch->trace, .res = &ch->result,
             .us = us, .cav = lb_state_unit_index(ch->work, ch->cavalry), .cap = -1, .goal = -1,
             .target = -1, .melee_with = -1};
    ch->oom = 0;
    int rc = rules_charge(&R);
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
        snprintf(ch->error, sizeof ch->error, "the journal holds %d entries more than the charge "
                                              "uses", ch->journal.count - R.cursor);
        return LB_INVALID;
    }
    ch->status = LB_CHARGE_DONE;
    lb_trace_add(&ch->trace, "R-CHG-26", "(38)", "the journal holds the charge's %d decisions and "
                 "rolls, in order: replaying it rebuilds this answer", ch->journal.count);
    lb_trace_int(&ch->trace, "journal_entries", ch->journal.count);
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
} tally;

static int add_outcome(tally *T, const char *summary, lb_frac p)
{
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
 * share of the 36 or 6 values. */
static int explore(lb_charge *ch, int *prefix, int depth, lb_frac weight, tally *T)
{
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
        snprintf(ch->error, sizeof ch->error, "more than %d rolls in one charge", PREFIX_MAX);
        return LB_INVALID;
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

/* R-DICE-4, R-CHG-25 */
void lb_charge_odds_trace(const lb_charge_outcomes *o, lb_trace *t)
{
    lb_trace_add(t, "R-DICE-4", "(38)", "exact odds: every roll of every branch enumerated (36 or 6 "
                 "values), %d passes, %d ends of the charge", o->runs, o->n);
    lb_trace_int(t, "runs", o->runs);
    lb_trace_int(t, "ends", o->n);
    lb_trace_add(t, "R-CHG-25", "(38)", "the odds fix the decisions given as standing answers and "
                 "take the automatic choice for the others");
}
