/* One pass of the melee machine over its journal: its events, summary and errors, the units it names by id, its dice and decisions (R-DICE-3, R-MEL-22). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "decision_int.h"
#include "lb/core.h"
#include "melee_int.h"
#include "replay.h"
#include "trace_int.h"

/* ---- what a pass records ------------------------------------------------------------------ */

void lbi_mr_event(mrun *R, const char *kind, const char *rule, const char *section,
                  const char *unit, const char *other, lb_hex hex, int value, int ev,
                  const lb_event_arg *args, int nargs)
{
    lb_melee *m = R->m;
    lb_melee_result *res = R->res;
    lbi_trace_event(R->t, rule, section, ev, args, nargs);
    lb_melee_event *grown = lb_grow(res->events, &m->cap_events, res->nevents + 1, sizeof *grown);
    if (!grown) {
        m->oom = 1;
        return;
    }
    res->events = grown;
    lb_melee_event *e = &res->events[res->nevents++];
    memset(e, 0, sizeof *e);
    e->kind = kind;
    e->rule = rule;
    snprintf(e->unit, sizeof e->unit, "%s", unit ? unit : "");
    snprintf(e->other, sizeof e->other, "%s", other ? other : "");
    e->hex = hex;
    e->value = value;
    lbi_say(&e->said, ev, args, nargs);
}

const char *lbi_mr_id(const mrun *R, const char *id)
{
    int i = lb_state_unit_index(R->m->start, id);
    return i >= 0 ? R->m->start->units[i].id : "";
}

/* args after the two leads of a prompt (nothing answered yet) into all; their count with them. */
static int with_leads(const lb_event_arg *args, int nargs, lb_event_arg *all)
{
    int n = nargs < LB_SAID_ARGS_MAX - 2 ? nargs : LB_SAID_ARGS_MAX - 2;
    all[0] = ev_text("");
    all[1] = ev_phrase(MEL_PH_TAKEN, MEL_TAKEN_BY_PLAYER);
    memcpy(all + 2, args, (size_t)n * sizeof *args);
    return n + 2;
}

void lbi_mr_ask(lb_decision *d, lb_decision_kind kind, int side, const char *subject,
                const char *rule, int ev, const lb_event_arg *args, int nargs)
{
    lb_event_arg all[LB_SAID_ARGS_MAX];
    lb_said prompt;
    lbi_say(&prompt, ev, all, with_leads(args, nargs, all));
    lbi_decision_said_init(d, kind, side, subject, rule, &prompt);
}

int lbi_mr_option(lb_decision *d, const char *key, int ev, const lb_event_arg *args, int nargs)
{
    lb_said text;
    lbi_say(&text, ev, args, nargs);
    return lbi_decision_said_add(d, key, &text);
}

void lbi_mr_summary(mrun *R, const char *fmt, ...)
{
    char *s = R->res->summary;
    size_t used = strlen(s);
    if (used && used + 1 < LB_MELEE_SUMMARY_MAX)
        s[used++] = ' ';
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(s + used, LB_MELEE_SUMMARY_MAX - used, fmt, ap);
    va_end(ap);
}

int lbi_mr_fail(mrun *R, int code, const char *fmt, ...)
{
    char msg[LB_ERR_MSG_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return lb_err_set(&R->m->err, code, "%s", msg);
}

int lbi_mr_unit(const mrun *R, const char *id)
{
    return lb_state_unit_index(R->st, id);
}

int lbi_mr_remove(mrun *R, const char *id)
{
    int i = lbi_mr_unit(R, id);
    return i < 0 ? LB_OK : lb_state_remove_unit(R->st, i);
}

/* ---- dice and decisions ------------------------------------------------------------------- */

/* R-DICE-3: from the journal when it holds the roll, else from the caller's dice, journalled. */
int lbi_mr_roll(mrun *R, lb_die_kind die, const char *purpose, int *out)
{
    lb_melee *m = R->m;
    int rc = lbi_replay_roll(&m->journal, &R->cursor, die, purpose, "melee", &m->err, out);
    if (rc != LB_NOT_FOUND)
        return rc;
    return lbi_replay_dice(&m->journal, &R->cursor, R->dice, die, purpose, &m->err, out);
}

/* R-MEL-22: one option is no choice; else the journal, a standing answer or the automatic mode
 * answers, or the pass stops and offers the decision. */
int lbi_mr_decide(mrun *R, lb_decision *d, int *choice)
{
    lb_melee *m = R->m;
    lb_decided_by by;
    int rc = lbi_replay_answer(&m->journal, &R->cursor, d, m->req.standing, m->req.nstanding,
                               m->req.automatic, 1, &m->err, choice, &by);
    if (rc == LB_NOT_FOUND) {
        lb_decision_move(&m->pending, d);
        return MEL_STOP_DECIDE;
    }
    if (rc == LB_OK && d->noptions > 1 && by != LB_BY_PLAYER)
        LBI_EVENT(R->t, "R-MEL-22", "(33)", EV_MEL_DECIDED_BY,
                  ev_text(lb_decision_kind_name(d->kind)), ev_text(d->subject),
                  ev_int(by == LB_BY_AUTO), ev_text(d->options[*choice].key));
    if (rc == LB_OK) { /* the prompt with its answer: the leads */
        lb_said asked = d->said;
        asked.args[0] = ev_text(d->options[*choice].key);
        asked.args[1] = ev_phrase(MEL_PH_TAKEN, d->noptions == 1   ? MEL_TAKEN_ONLY
                                                : by == LB_BY_AUTO     ? MEL_TAKEN_AUTO
                                                : by == LB_BY_STANDING ? MEL_TAKEN_STANDING
                                                                       : MEL_TAKEN_BY_PLAYER);
        lbi_trace_event(R->t, d->rule, "(33)", asked.event, asked.args, asked.nargs);
        lb_trace_text(R->t, "decision", lb_decision_kind_name(d->kind));
        lb_trace_text(R->t, "key", d->options[*choice].key);
    }
    lb_decision_release(d);
    return rc;
}
