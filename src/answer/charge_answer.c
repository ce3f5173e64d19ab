/* Cavalry charge answers (labataille charge), asked, as text and as JSON: the standing answers asked for, events, obligations, units changed, decisions, journal and exact odds. */
#include <stdlib.h>
#include <string.h>

#include "answer_int.h"
#include "ask_int.h"
#include "state_int.h"
#include "charge_int.h"
#include "frac_int.h"
#include "reactions_int.h"
#include "decision_int.h"
#include "unit_int.h"
#include "hex_int.h"

/* The standing answers of the question: target (a unit id, NULL: none) is the charge's target and
 * no other formation is; response ("stand", "carre", NULL: none) is the target's answer. Fills
 * out (LB_CHARGE_STANDING_MAX) with pointers to the texts; returns how many. */
static int standing_answers(const char *target, const char *response, lb_standing *out)
{
    int n = 0;
    if (target) {
        out[n++] = (lb_standing){LB_DECIDE_TARGET, target, "target"};
        out[n++] = (lb_standing){LB_DECIDE_TARGET, NULL, "not-target"};
    }
    if (response)
        out[n++] = (lb_standing){LB_DECIDE_RESPONSE, NULL, response};
    return n;
}

static json_t *unit_json(const lb_state *st, const lb_unit *u)
{
    return json_pack("{s:o,s:s,s:s,s:i,s:i,s:i,s:s}", "hexes",
                     lbi_hexes_json(st, u->hexes, u->nhexes), "state",
                     lb_morale_state_name(u->state), "formation", lb_formation_name(u->formation),
                     "losses", u->losses, "strength", lb_unit_strength(u), "facing", u->facing,
                     "readiness", lb_readiness_name(u->readiness));
}

/* Are the unit's hexes, state, formation, losses, facing and readiness the same in both (the
 * answer lists the units that changed)? */
static int unit_same(const lb_unit *a, const lb_unit *b)
{
    if (a->state != b->state || a->formation != b->formation || a->losses != b->losses ||
        a->facing != b->facing || a->readiness != b->readiness || a->nhexes != b->nhexes)
        return 0;
    for (int k = 0; k < a->nhexes; k++)
        if (!lb_hex_eq(a->hexes[k], b->hexes[k]))
            return 0;
    return 1;
}

static json_t *units_json(const lb_state *before, const lb_state *after)
{
    json_t *a = json_array();
    for (int i = 0; after && i < before->nunits; i++) {
        const lb_unit *u = &before->units[i];
        int j = lb_state_unit_index(after, u->id);
        if (j >= 0 && unit_same(u, &after->units[j]))
            continue;
        json_t *o = json_pack("{s:s,s:o}", "id", u->id, "before", unit_json(before, u));
        json_object_set_new(o, "after", j >= 0 ? unit_json(after, &after->units[j]) : json_null());
        json_object_set_new(o, "eliminated", json_boolean(j < 0));
        json_array_append_new(a, o);
    }
    return a;
}

static json_t *frac_json(lb_frac f)
{
    char buf[64];
    return json_string(lb_frac_fmt(f, buf, sizeof buf));
}

/* What s says, as long as the charge's texts are (LB_CHARGE_TEXT_MAX). */
static json_t *said_json(const lb_said *s)
{
    char text[LB_CHARGE_TEXT_MAX];
    lb_said_fmt(s, text, sizeof text);
    return json_string(text);
}

static json_t *odds_json(const lb_charge_outcomes *o)
{
    json_t *list = json_array(), *by = json_object();
    for (int i = 0; i < o->n; i++) {
        const lb_charge_outcome *c = &o->outcomes[i];
        json_array_append_new(list, json_pack("{s:s,s:o,s:f}", "summary", c->summary, "p",
                                              frac_json(c->p), "p_float", lb_frac_double(c->p)));
        json_object_set_new(by, c->summary, frac_json(c->p));
    }
    json_t *j = json_pack("{s:o,s:o,s:i,s:i,s:b}", "outcomes", list, "by_summary", by, "runs",
                          o->runs, "merged", o->merged, "exact", o->exact);
    /* R-CHG-28: odds that could not be enumerated exactly say why and what they cover */
    json_object_set_new(j, "stopped", o->exact ? json_null() : said_json(&o->stopped));
    json_object_set_new(j, "covered", lb_frac_ok(o->covered) ? frac_json(o->covered)
                                                              : json_null());
    return j;
}

static json_t *charge_answer(const lb_state *st, const lb_charge *ch, const lb_charge_req *req,
                       const lb_charge_outcomes *odds, uint64_t seed, int scripted)
{
    const lb_charge_result *r = lb_charge_result_of(ch);
    char label[LB_HEX_LABEL_MAX];
    json_t *path = json_array(), *events = json_array(), *obligations = json_array(),
           *decisions = json_array();
    for (int i = 0; i < req->npath; i++)
        json_array_append_new(path, json_string(lb_map_label(&st->map, req->path[i], label)));
    for (int i = 0; i < r->nevents; i++) {
        const lb_charge_event *e = &r->events[i];
        json_t *o = json_pack("{s:s,s:s,s:s,s:i,s:o}", "kind", e->kind, "rule", e->rule, "unit",
                              e->unit, "value", e->value, "text", said_json(&e->said));
        json_object_set_new(o, "other", e->other[0] ? json_string(e->other) : json_null());
        json_object_set_new(o, "hex", e->hex.col ? json_string(lb_map_label(&st->map, e->hex, label))
                                                 : json_null());
        json_array_append_new(events, o);
    }
    for (int i = 0; i < r->nobligations; i++) {
        const lb_charge_obligation *o = &r->obligations[i];
        json_t *j = json_pack("{s:s,s:s,s:s,s:o}", "kind", lb_obligation_kind_name(o->kind), "rule",
                              o->rule, "unit", o->unit, "text", said_json(&o->said));
        json_object_set_new(j, "other", o->other[0] ? json_string(o->other) : json_null());
        if (o->kind == LB_OBLIGE_MELEE) {
            json_object_set_new(j, "melee_times", frac_json(o->melee_times));
            json_object_set_new(j, "charge_bonus", json_boolean(o->charge_bonus));
        }
        if (o->kind == LB_OBLIGE_DEFENSIVE_FIRE) {
            json_object_set_new(j, "passing", json_boolean(o->passing));
            if (o->fire_known) {
                json_t *why = o->fire_allowed ? NULL : said_json(&o->fire_why);
                json_object_set_new(j, "fire", json_pack("{s:b,s:o,s:o,s:o?}", "allowed",
                                                         o->fire_allowed, "fire_value",
                                                         frac_json(o->fire_value), "p_hit",
                                                         frac_json(o->p_hit), "reason", why));
            }
        }
        json_array_append_new(obligations, j);
    }
    const lb_journal *jr = lb_charge_journal(ch);
    for (int i = 0; i < jr->count; i++) {
        const lb_journal_entry *e = &jr->entries[i];
        if (e->kind == LB_ENTRY_DECISION)
            json_array_append_new(decisions, json_pack("{s:s,s:s,s:s,s:s,s:s}", "decision",
                                                       lb_decision_kind_name(e->decision), "side",
                                                       st->sides[e->side], "subject", e->subject,
                                                       "key", e->key, "by",
                                                       lb_decided_by_name(e->by)));
    }
    char *text = NULL;
    json_t *journal = NULL;
    if (lb_journal_to_json(jr, &text) == LB_OK)
        journal = json_loads(text, 0, NULL);
    free(text);
    int allowed = lb_charge_status_of(ch) != LB_CHARGE_REFUSED;
    json_t *j = json_pack("{s:s,s:s,s:o,s:b,s:i,s:i,s:b,s:s}", "cavalry", req->cavalry, "rules",
                          lb_edition_name(st->rules), "path", path, "allowed", allowed, "mp_total",
                          r->mp_total, "mp_spent", r->mp_spent, "contact", r->contact, "summary",
                          r->summary);
    json_object_set_new(j, "rule", allowed ? json_null() : json_string(r->rule));
    json_object_set_new(j, "reason", allowed ? json_null() : said_json(&r->why));
    json_object_set_new(j, "target", r->target[0] ? json_string(r->target) : json_null());
    json_object_set_new(j, "events", events);
    json_object_set_new(j, "obligations", obligations);
    json_object_set_new(j, "units", units_json(st, lb_charge_state(ch)));
    json_object_set_new(j, "decisions", decisions);
    json_object_set_new(j, "journal", journal ? journal : json_null());
    if (!scripted)
        json_object_set_new(j, "seed", json_integer((json_int_t)seed));
    if (odds)
        json_object_set_new(j, "odds", odds_json(odds));
    json_t *trace = lbi_trace_json(lb_charge_trace(ch));
    if (odds) {
        lb_trace ot;
        lb_trace_init(&ot);
        lb_charge_odds_trace(odds, &ot);
        json_t *more = lbi_trace_json(&ot);
        json_array_extend(trace, more);
        json_decref(more);
        lb_trace_release(&ot);
    }
    json_object_set_new(j, "trace", trace);
    if (lbi_reactions_json(st, req->cavalry, req->path, req->npath, 1, j) != LB_OK) {
        json_decref(j); /* R-RCH-8 */
        return NULL;
    }
    return j;
}

json_t *lbi_charge_json(const lb_answer *a)
{
    return charge_answer(a->st, a->u.charge.ch, &a->u.charge.req,
                         a->u.charge.with_odds ? &a->u.charge.odds : NULL, a->q.seed,
                         a->q.scripted);
}

/* ---- the text ------------------------------------------------------------------------------ */

/* What s says, as long as the charge's texts are (LB_CHARGE_TEXT_MAX), into buf. */
static const char *said_text(const lb_said *s, char buf[LB_CHARGE_TEXT_MAX])
{
    lb_said_fmt(s, buf, LB_CHARGE_TEXT_MAX);
    return buf;
}

static void unit_text(FILE *out, const lb_state *st, const lb_unit *u)
{
    char label[LB_HEX_LABEL_MAX];
    fprintf(out, "%s %s %s", lb_map_label(lb_state_map(st), u->hexes[0], label),
            lb_formation_name(u->formation), lb_morale_state_name(u->state));
    if (u->nhexes > 1)
        fprintf(out, " (+%d hexes)", u->nhexes - 1);
    fprintf(out, " %d/%d increments", lb_unit_strength(u), u->increments);
    if (u->arm == LB_ARM_CAVALRY)
        fprintf(out, " %s", lb_readiness_name(u->readiness));
}

static void obligations_text(FILE *out, const lb_charge_result *r)
{
    char buf[64], label[LB_HEX_LABEL_MAX], text[LB_CHARGE_TEXT_MAX];
    fprintf(out, "obligations:%s\n", r->nobligations ? "" : " none");
    for (int i = 0; i < r->nobligations; i++) {
        const lb_charge_obligation *o = &r->obligations[i];
        fprintf(out, "  - %-17s %s  [%s]\n", lb_obligation_kind_name(o->kind),
                said_text(&o->said, text), o->rule);
        if (o->fire_known && o->fire_allowed)
            fprintf(out, "    %-17s fire value %s; at least one increment lost: %s\n", "",
                    lb_frac_fmt(o->fire_value, buf, sizeof buf),
                    lb_frac_fmt(o->p_hit, label, sizeof label));
        else if (o->fire_known)
            fprintf(out, "    %-17s the fire rules answer no: %s\n", "",
                    said_text(&o->fire_why, text));
    }
}

static void changed_text(FILE *out, const lb_state *st, const lb_state *after)
{
    fprintf(out, "units changed:\n");
    for (int i = 0; after && i < lb_state_unit_count(st); i++) {
        const lb_unit *u = lb_state_unit(st, i);
        int j = lb_state_unit_index(after, u->id);
        if (j >= 0 && unit_same(u, lb_state_unit(after, j)))
            continue;
        fprintf(out, "  %-12s ", u->id);
        unit_text(out, st, u);
        fprintf(out, "  ->  ");
        if (j >= 0)
            unit_text(out, after, lb_state_unit(after, j));
        else
            fprintf(out, "eliminated");
        fprintf(out, "\n");
    }
}

static void decisions_text(FILE *out, const lb_state *st, const lb_journal *jr)
{
    fprintf(out, "decisions:\n");
    for (int i = 0; i < jr->count; i++) {
        const lb_journal_entry *e = &jr->entries[i];
        if (e->kind == LB_ENTRY_DECISION)
            fprintf(out, "  %-8s %-10s about %-12s %-14s (%s)\n", lb_state_side_name(st, e->side),
                    lb_decision_kind_name(e->decision), e->subject, e->key,
                    lb_decided_by_name(e->by));
        else
            fprintf(out, "  dice     %-10s %d\n", e->purpose, e->value);
    }
}

static void odds_text(FILE *out, const lb_charge_outcomes *odds)
{
    char buf[64], text[LB_CHARGE_TEXT_MAX];
    fprintf(out, "odds (every dice branch; decisions as given, the others automatic; %d passes, "
                 "%d branches merged):\n",
            odds->runs, odds->merged);
    if (!odds->exact)
        fprintf(out, "  not exact: %s; the ends below cover %s\n", said_text(&odds->stopped, text),
                lb_frac_ok(odds->covered) ? lb_frac_fmt(odds->covered, buf, sizeof buf)
                                           : "more than 64-bit fractions can say");
    for (int i = 0; i < odds->n; i++)
        fprintf(out, "  %9s  %5.1f%%  %s\n", lb_frac_fmt(odds->outcomes[i].p, buf, sizeof buf),
                100.0 * lb_frac_double(odds->outcomes[i].p), odds->outcomes[i].summary);
}

int lbi_charge_text(const lb_answer *a, FILE *out)
{
    const lb_state *st = a->st;
    const lb_charge *ch = a->u.charge.ch;
    const lb_charge_req *req = &a->u.charge.req;
    const lb_charge_outcomes *odds = a->u.charge.with_odds ? &a->u.charge.odds : NULL;
    const lb_charge_result *r = lb_charge_result_of(ch);
    char label[LB_HEX_LABEL_MAX], text[LB_CHARGE_TEXT_MAX];
    fprintf(out, "charge of %s (%s), path", req->cavalry, lb_edition_name(lb_state_rules(st)));
    for (int i = 0; i < req->npath; i++)
        fprintf(out, "%s%s", i ? "," : " ", lb_map_label(lb_state_map(st), req->path[i], label));
    fprintf(out, "\n");
    if (!a->q.scripted)
        fprintf(out, "  seed %llu\n", (unsigned long long)a->q.seed);
    if (lb_charge_status_of(ch) == LB_CHARGE_REFUSED) {
        fprintf(out, "not allowed [%s]: %s\n", r->rule, said_text(&r->why, text));
    } else {
        fprintf(out, "movement points: %d spent of %d\n", r->mp_spent, r->mp_total);
        fprintf(out, "events:\n");
        for (int i = 0; i < r->nevents; i++)
            fprintf(out, "  %2d. %-15s %s  [%s]\n", i + 1, r->events[i].kind,
                    said_text(&r->events[i].said, text), r->events[i].rule);
        obligations_text(out, r);
        changed_text(out, st, lb_charge_state(ch));
        decisions_text(out, st, lb_charge_journal(ch));
    }
    fprintf(out, "summary: %s\n", r->summary);
    if (odds)
        odds_text(out, odds);
    lbi_reactions_print(out, st, req->cavalry, req->path, req->npath, 1); /* R-RCH-8 */
    fprintf(out, "trace:\n");
    lb_trace_print(out, lb_charge_trace(ch));
    if (odds) {
        lb_trace ot;
        lb_trace_init(&ot);
        lb_charge_odds_trace(odds, &ot);
        lb_trace_print(out, &ot);
        lb_trace_release(&ot);
    }
    return LB_OK;
}

/* ---- the question -------------------------------------------------------------------------- */

/* R-CHG-7: the pending decision answered by the question's decide (automatic without one). */
static int decide(const lb_answer *a, lb_charge *ch)
{
    const lb_decision *d = lb_charge_pending(ch);
    if (!a->q.decide)
        return lb_charge_answer_auto(ch);
    int k = a->q.decide(a->q.decide_ctx, a->st, d);
    if (k == LB_ASK_AUTOMATIC) {
        /* R-CHG-25: every decision left takes its automatic option: one more run to the end */
        lb_charge_set_automatic(ch);
        return LB_OK;
    }
    if (k < 0 || k >= d->noptions)
        return LB_USAGE;
    lb_charge_answer(ch, d->options[k].key);
    return LB_OK;
}

/* The charge run with the question's dice to its end, each decision answered. */
static int run(lb_answer *a, lb_err *err)
{
    lb_charge *ch = a->u.charge.ch;
    for (;;) {
        int rc = lb_charge_resolve(ch, a->q.dice);
        if (rc != LB_OK)
            return lb_err_set(err, rc, "%s",
                              lb_charge_error(ch)[0] ? lb_charge_error(ch) : lb_err_str(rc));
        if (lb_charge_status_of(ch) != LB_CHARGE_DECIDE)
            return LB_OK;
        if ((rc = decide(a, ch)) != LB_OK)
            return rc;
    }
}

/* The charge's request from the question: the cavalry, its path, the standing answers. */
static int request(lb_answer *a)
{
    const lb_question *q = &a->q;
    lb_charge_req *req = &a->u.charge.req;
    if (!q->dice || q->npath < 1 || q->npath > LB_CHARGE_PATH_MAX || q->unit < 0 ||
        q->unit >= lb_state_unit_count(a->st) || q->to_unit >= lb_state_unit_count(a->st))
        return LB_USAGE;
    req->cavalry = lb_state_unit(a->st, q->unit)->id;
    memcpy(req->path, q->path, (size_t)q->npath * sizeof *q->path);
    req->npath = q->npath;
    const char *target = q->to_unit >= 0 ? lb_state_unit(a->st, q->to_unit)->id : NULL;
    req->nstanding = standing_answers(target, q->response, a->u.charge.standing);
    req->standing = a->u.charge.standing;
    req->answers = q->answers; /* the odds follow them too (R-CHG-25) */
    req->nanswers = q->nanswers;
    req->automatic = !q->decide;
    return LB_OK;
}

int lbi_charge_ask(lb_answer *a, lb_err *err)
{
    int rc = request(a);
    if (rc != LB_OK)
        return rc;
    rc = lb_charge_new(a->st, &a->u.charge.req, &a->u.charge.ch, err);
    if (rc == LB_OK)
        rc = run(a, err);
    int refused = rc == LB_OK && lb_charge_status_of(a->u.charge.ch) == LB_CHARGE_REFUSED;
    if (rc == LB_OK && (a->q.odds == 1 || (a->q.odds == 2 && !refused))) {
        a->u.charge.with_odds = 1;
        rc = lb_charge_odds(a->st, &a->u.charge.req, &a->u.charge.odds);
        if (rc != LB_OK)
            lb_err_set(err, rc, "odds: %s",
                       a->u.charge.odds.error.msg[0] ? a->u.charge.odds.error.msg
                                                     : lb_err_str(rc));
    }
    if (rc != LB_OK)
        lbi_charge_release(a);
    return rc;
}

void lbi_charge_release(lb_answer *a)
{
    lb_charge_outcomes_release(&a->u.charge.odds);
    lb_charge_free(a->u.charge.ch);
    a->u.charge.ch = NULL;
    a->u.charge.with_odds = 0;
}
