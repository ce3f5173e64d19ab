/* Cavalry charge answers as JSON (labataille charge): the standing answers asked for, events, obligations, units changed, decisions, journal and exact odds. */
#include <stdlib.h>

#include "answer_int.h"
#include "reactions_int.h"
#include "state_int.h"

int lb_charge_standing(const char *target, const char *response, lb_standing *out)
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

int lb_charge_unit_same(const lb_unit *a, const lb_unit *b)
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
        if (j >= 0 && lb_charge_unit_same(u, &after->units[j]))
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

int lb_charge_json(const lb_state *st, const lb_charge *ch, const lb_charge_req *req,
                   const lb_charge_outcomes *odds, uint64_t seed, int scripted, char **out)
{
    return lbi_answer_text(charge_answer(st, ch, req, odds, seed, scripted), out);
}

