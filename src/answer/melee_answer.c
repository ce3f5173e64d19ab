/* Melee answers (labataille melee) as text and JSON: values with their multipliers, pre-melee checks, exact odds, and the melee as played. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "answer_int.h"
#include "ask_int.h"
#include "melee_int.h"
#include "state_int.h"
#include "unit_int.h"
#include "facing_int.h"
#include "decision_int.h"
#include "frac_int.h"
#include "hex_int.h"

/* An exact value: an integer as a number, else a fraction string "15/2". */
static json_t *exact(lb_frac f)
{
    char buf[48];
    return f.den == 1 ? json_integer(f.num) : json_string(lb_frac_fmt(f, buf, sizeof buf));
}

/* What s says, as long as the melee's texts are (LB_MELEE_TEXT_MAX). */
static json_t *said_json(const lb_said *s)
{
    char text[LB_MELEE_TEXT_MAX];
    lb_said_fmt(s, text, sizeof text);
    return json_string(text);
}

static json_t *unit_json(const lb_state *st, const lb_melee_chance *c, const lb_melee_unit *mu)
{
    const lb_unit *u = &st->units[mu->unit];
    json_t *times = json_array();
    for (int k = 0; k < mu->ntimes; k++) {
        const lb_melee_times *f = &mu->times[k];
        char rule[96];
        int chart = f->factor == LB_MELEE_BY_CHART;
        snprintf(rule, sizeof rule, "%s%s%s", f->rule, chart ? "." : "", chart ? f->what : "");
        json_t *o = json_pack("{s:s,s:s,s:o,s:s}", "rule", rule, "what", lb_melee_times_what(f),
                              "times", exact(f->times), "applies_to",
                              f->lance ? "lance_bonus" : "value");
        if (f->uncertain)
            json_object_set_new(o, "uncertain", json_string(f->uncertain));
        json_array_append_new(times, o);
    }
    int att = mu->side == LB_MELEE_ATTACKER;
    char fl[LB_HEX_LABEL_MAX];
    json_t *j = json_pack("{s:s,s:s,s:s,s:i,s:i,s:o,s:o,s:o,s:o,s:b,s:b}", "id", u->id, "side",
                          att ? "attacker" : "defender", "arm", lb_arm_name(u->arm), "increments",
                          mu->increments, "counted", mu->counted, "base", exact(mu->base),
                          "lance", exact(mu->lance), "value", exact(mu->value), "multipliers",
                          times, "preserve", mu->preserve, "checks", mu->checks);
    json_object_set_new(j, "through", att ? json_string(lb_side_class_name(mu->through))
                                          : json_null());
    json_object_set_new(j, "from", att ? json_string(lb_map_label(&st->map, mu->from, fl))
                                       : json_null());
    json_object_set_new(j, "exempt", mu->exempt != LB_MELEE_NOT_EXEMPT
                                         ? json_string(lb_melee_exemption_name(mu->exempt))
                                         : json_null());
    if (mu->checks) {
        json_object_set_new(j, "morale", json_integer(mu->chance.morale));
        json_object_set_new(j, "chart_modifier", json_integer(mu->chart_mod));
        json_object_set_new(j, "modifier", json_integer(mu->chance.modifier));
        json_object_set_new(j, "p_pass", exact(mu->chance.p_pass));
    } else {
        json_object_set_new(j, "p_pass", c->allowed ? json_integer(1) : json_null());
    }
    return j;
}

static json_t *chance_json(const lb_state *st, const lb_melee_chance *c)
{
    char tl[LB_HEX_LABEL_MAX];
    json_t *j = json_pack("{s:s,s:b}", "target", lb_map_label(&st->map, c->target, tl), "allowed",
                          c->allowed);
    json_object_set_new(j, "rule", c->rule ? json_string(c->rule) : json_null());
    json_object_set_new(j, "reason", c->allowed         ? json_null()
                                     : c->why.event ? said_json(&c->why)
                                                    : json_string(c->refused));
    int valued = c->allowed || c->nunits > c->nattackers;
    json_object_set_new(j, "attack_value", c->allowed ? exact(c->attack) : json_null());
    json_object_set_new(j, "defence_value", c->allowed ? exact(c->defence) : json_null());
    json_t *units = json_array();
    for (int i = 0; valued && c->allowed && i < c->nunits; i++)
        json_array_append_new(units, unit_json(st, c, &c->units[i]));
    json_object_set_new(j, "units", units);
    json_object_set_new(j, "through", c->allowed ? json_string(lb_side_class_name(c->through))
                                                 : json_null());
    json_object_set_new(j, "odds", c->allowed && c->column ? json_string(c->column->label)
                                                           : json_null());
    json_object_set_new(j, "odds_below", json_boolean(c->below));
    json_object_set_new(j, "odds_above", json_boolean(c->above));
    json_object_set_new(j, "roll_modifier", json_integer(c->modifier));
    json_t *pm = json_pack("{s:i,s:i,s:b}", "attacking", c->increments_attacking, "defending",
                           c->increments_defending, "attackers_pass", c->attackers_pass);
    json_object_set_new(pm, "odds", c->premelee ? json_string(c->premelee->label) : json_null());
    json_object_set_new(pm, "attacker_mod",
                        c->premelee ? json_integer(c->premelee->attacker_mod) : json_null());
    json_object_set_new(pm, "defender_mod",
                        c->premelee ? json_integer(c->premelee->defender_mod) : json_null());
    json_object_set_new(j, "premelee", pm);
    json_t *out = json_object();
    for (int i = 0; i < c->noutcomes; i++)
        json_object_set_new(out, c->outcomes[i].result, exact(c->outcomes[i].p));
    json_object_set_new(j, "outcomes", c->allowed ? out : (json_decref(out), json_null()));
    json_object_set_new(j, "p_melee", c->allowed ? exact(c->p_melee) : json_null());
    json_object_set_new(j, "p_attacker_casualty",
                        c->allowed ? exact(c->p_attacker_casualty) : json_null());
    json_object_set_new(j, "p_defender_casualty",
                        c->allowed ? exact(c->p_defender_casualty) : json_null());
    json_t *who = json_array(); /* R-CAS-1: each leader's chance to be the one casualty */
    for (int i = 0; c->allowed && i < c->ncasualty; i++)
        json_array_append_new(who, json_pack("{s:s,s:s,s:o}", "leader",
                                             st->units[c->casualty[i].leader].id, "side",
                                             c->casualty[i].side == LB_MELEE_ATTACKER ? "attacker"
                                                                                       : "defender",
                                             "p", exact(c->casualty[i].p)));
    json_object_set_new(j, "leader_casualties", who);
    return j;
}

static json_t *after_json(const lb_state *st, const lb_unit *u)
{
    return json_pack("{s:o,s:s,s:s,s:i,s:i,s:i,s:s,s:s}", "hexes",
                     lbi_hexes_json(st, u->hexes, u->nhexes), "state",
                     lb_morale_state_name(u->state), "formation", lb_formation_name(u->formation),
                     "losses", u->losses, "strength", lb_unit_strength(u), "facing", u->facing,
                     "readiness", lb_readiness_name(u->readiness), "hold_next",
                     lb_move_hold_name(u->move.hold_next));
}

/* The units the melee changed: before and after, or eliminated. */
static json_t *changed_json(const lb_state *before, const lb_state *after)
{
    json_t *a = json_array();
    for (int i = 0; after && i < before->nunits; i++) {
        const lb_unit *u = &before->units[i];
        int j = lb_state_unit_index(after, u->id);
        json_t *b = after_json(before, u), *x = j >= 0 ? after_json(after, &after->units[j]) : NULL;
        if (x && json_equal(b, x)) {
            json_decref(b);
            json_decref(x);
            continue;
        }
        json_t *o = json_pack("{s:s,s:o}", "id", u->id, "before", b);
        json_object_set_new(o, "after", x ? x : json_null());
        json_object_set_new(o, "removed", json_boolean(j < 0));
        json_array_append_new(a, o);
    }
    return a;
}

/* The pending decision d in words: its prompt (option -1) or an option's text, said as an event
 * or written already. */
static json_t *decision_text(const lb_decision *d, int option)
{
    const lb_said *said = option < 0      ? &d->said
                          : d->option_said ? &d->option_said[option]
                                           : NULL;
    if (said && said->event) {
        char text[LB_DECISION_PROMPT_MAX];
        lb_said_fmt(said, text, option < 0 ? sizeof text : LB_OPTION_TEXT_MAX);
        return json_string(text);
    }
    return json_string(option < 0 ? d->prompt : d->options[option].text);
}

static json_t *decision_json(const lb_state *st, const lb_decision *d)
{
    json_t *opts = json_array();
    for (int i = 0; i < d->noptions; i++)
        json_array_append_new(opts, json_pack("{s:s,s:o}", "key", d->options[i].key, "text",
                                              decision_text(d, i)));
    return json_pack("{s:s,s:s,s:s,s:s,s:o,s:o,s:s}", "kind", lb_decision_kind_name(d->kind),
                     "side", st->sides[d->side], "subject", d->subject, "rule", d->rule, "prompt",
                     decision_text(d, -1), "options", opts, "auto",
                     d->options[d->auto_choice].key);
}

static json_t *played_json(const lb_state *st, const lb_melee *m)
{
    static const char *const status[] = {"refused", "decide", "done"};
    const lb_melee_result *r = lb_melee_result_of(m);
    json_t *j = json_pack("{s:s,s:s,s:b}", "status", status[lb_melee_status_of(m)], "summary",
                          r->summary, "fought", r->fought);
    json_t *ev = json_array();
    for (int i = 0; i < r->nevents; i++) {
        const lb_melee_event *e = &r->events[i];
        char hl[LB_HEX_LABEL_MAX];
        json_t *o = json_pack("{s:s,s:s,s:s,s:s,s:i,s:o}", "kind", e->kind, "rule", e->rule,
                              "unit", e->unit, "other", e->other, "value", e->value, "text",
                              said_json(&e->said));
        json_object_set_new(o, "hex", lb_map_contains(&st->map, e->hex)
                                          ? json_string(lb_map_label(&st->map, e->hex, hl))
                                          : json_null());
        json_array_append_new(ev, o);
    }
    json_object_set_new(j, "events", ev);
    if (r->fought) {
        json_object_set_new(j, "roll", json_integer(r->roll));
        json_object_set_new(j, "modified", json_integer(r->modified));
        json_object_set_new(j, "column", json_string(r->column));
        json_object_set_new(j, "result", json_string(r->cell));
        json_object_set_new(j, "melee_attack", exact(r->attack));
        json_object_set_new(j, "melee_defence", exact(r->defence));
    } else {
        json_object_set_new(j, "roll", json_null());
        json_object_set_new(j, "result", json_null());
    }
    const lb_decision *d = lb_melee_pending(m);
    json_object_set_new(j, "pending", d ? decision_json(st, d) : json_null());
    json_object_set_new(j, "changed", changed_json(st, lb_melee_state(m)));
    return j;
}

json_t *lbi_melee_json(const lb_answer *a)
{
    const lb_melee *m = a->u.melee.m;
    json_t *j = chance_json(a->st, a->u.melee.c);
    if (m) {
        json_object_set_new(j, "played", played_json(a->st, m));
        if (!a->q.scripted)
            json_object_set_new(j, "seed", json_integer((json_int_t)a->q.seed));
    } else {
        json_object_set_new(j, "played", json_null());
    }
    json_t *trace = lbi_trace_json(&a->trace);
    if (m) {
        json_t *more = lbi_trace_json(lb_melee_trace(m));
        json_array_extend(trace, more);
        json_decref(more);
    }
    json_object_set_new(j, "trace", trace);
    return j;
}

/* ---- the text ------------------------------------------------------------------------------ */

/* What s says, as long as the melee's texts are (LB_MELEE_TEXT_MAX), into buf. */
static const char *said_text(const lb_said *s, char buf[LB_MELEE_TEXT_MAX])
{
    lb_said_fmt(s, buf, LB_MELEE_TEXT_MAX);
    return buf;
}

void lb_melee_chance_print(FILE *out, const lb_state *st, const lb_melee_chance *c)
{
    char tl[LB_HEX_LABEL_MAX], vb[32], db[32], why[LB_MELEE_TEXT_MAX];
    fprintf(out, "melee on %s: %s\n", lb_map_label(lb_state_map(st), c->target, tl),
            c->allowed ? "allowed" : "not allowed");
    if (!c->allowed) {
        fprintf(out, "  %s [%s]\n", c->why.event ? said_text(&c->why, why) : c->refused, c->rule);
        return;
    }
    for (int i = 0; i < c->nunits; i++) {
        const lb_melee_unit *mu = &c->units[i];
        const lb_unit *u = lb_state_unit(st, mu->unit);
        fprintf(out, "  %-8s %-14s %2d incr (%d counted) melee %s",
                mu->side == LB_MELEE_ATTACKER ? "attacker" : "defender", u->id, mu->increments,
                mu->counted, lb_frac_fmt(mu->value, vb, sizeof vb));
        if (mu->side == LB_MELEE_ATTACKER)
            fprintf(out, " through the %s", lb_side_class_name(mu->through));
        fprintf(out, "\n");
        for (int k = 0; k < mu->ntimes; k++)
            fprintf(out, "      x%s %s%s%s\n", lb_frac_fmt(mu->times[k].times, vb, sizeof vb),
                    mu->times[k].lance ? "(lance bonus) " : "", lb_melee_times_what(&mu->times[k]),
                    mu->times[k].uncertain ? " (uncertain)" : "");
        if (mu->checks)
            fprintf(out, "      pre-melee check: morale %d, modifier %+d (chart %+d), passes %s\n",
                    mu->chance.morale, mu->chance.modifier, mu->chart_mod,
                    lb_frac_fmt(mu->chance.p_pass, vb, sizeof vb));
        else
            fprintf(out, "      no pre-melee check: %s\n", lb_melee_exemption_name(mu->exempt));
    }
    fprintf(out, "  pre-melee odds %d : %d -> %s\n", c->increments_attacking,
            c->increments_defending, c->premelee ? c->premelee->label : "none");
    fprintf(out, "  melee %s : %s -> %s, roll modifier %+d\n",
            lb_frac_fmt(c->attack, vb, sizeof vb), lb_frac_fmt(c->defence, db, sizeof db),
            c->column ? c->column->label : "no effect", c->modifier);
    fprintf(out, "  outcomes:\n");
    for (int i = 0; i < c->noutcomes; i++)
        fprintf(out, "    %-16s %-10s %5.1f%%\n", c->outcomes[i].result,
                lb_frac_fmt(c->outcomes[i].p, vb, sizeof vb),
                100.0 * lb_frac_double(c->outcomes[i].p));
}

/* The melee as played: its events, then each unit it changed. */
static void played_text(FILE *out, const lb_state *st, const lb_melee *m)
{
    const lb_melee_result *r = lb_melee_result_of(m);
    char text[LB_MELEE_TEXT_MAX];
    if (lb_melee_status_of(m) == LB_MELEE_REFUSED) {
        fprintf(out, "  refused: %s [%s]\n", said_text(&r->why, text), r->rule);
        return;
    }
    fprintf(out, "played:\n");
    for (int i = 0; i < r->nevents; i++)
        fprintf(out, "  %-10s %s [%s]\n", r->events[i].kind, said_text(&r->events[i].said, text),
                r->events[i].rule);
    const lb_state *after = lb_melee_state(m);
    for (int i = 0; after && i < lb_state_unit_count(st); i++) {
        const lb_unit *u = lb_state_unit(st, i);
        int j = lb_state_unit_index(after, u->id);
        if (j < 0) {
            fprintf(out, "  %s: removed\n", u->id);
            continue;
        }
        const lb_unit *a = lb_state_unit(after, j);
        char hl[LB_HEX_LABEL_MAX];
        int moved = !lb_hex_eq(a->hexes[0], u->hexes[0]);
        if (!lb_unit_is_combat(u) && moved)
            fprintf(out, "  %s: in %s\n", u->id,
                    lb_map_label(lb_state_map(after), a->hexes[0], hl));
        else if (a->losses != u->losses || a->state != u->state || moved ||
                 a->readiness != u->readiness)
            fprintf(out, "  %s: %s, %s, %d lost, %s, in %s\n", u->id,
                    lb_morale_state_name(a->state), lb_formation_name(a->formation), a->losses,
                    lb_readiness_name(a->readiness),
                    lb_map_label(lb_state_map(after), a->hexes[0], hl));
    }
}

int lbi_melee_text(const lb_answer *a, FILE *out)
{
    const lb_melee *m = a->u.melee.m;
    lb_melee_chance_print(out, a->st, a->u.melee.c);
    if (m) {
        if (!a->q.scripted)
            fprintf(out, "  seed %llu\n", (unsigned long long)a->q.seed);
        played_text(out, a->st, m);
    } else if (a->u.melee.c->allowed) {
        fprintf(out, "  (give --dice ROLLS or --seed N to play it)\n");
    }
    fprintf(out, "trace:\n");
    lb_trace_print(out, m ? lb_melee_trace(m) : &a->trace);
    return LB_OK;
}

/* ---- the question -------------------------------------------------------------------------- */

/* R-MEL-22: the pending decision answered by the question's decide (automatic without one). */
static int decide(const lb_answer *a, lb_melee *m)
{
    const lb_decision *d = lb_melee_pending(m);
    int k = a->q.decide ? a->q.decide(a->q.decide_ctx, a->st, d) : LB_ASK_AUTOMATIC;
    if (k == LB_ASK_AUTOMATIC)
        return lb_melee_answer_auto(m) == LB_OK ? LB_OK : LB_NOMEM;
    if (k < 0 || k >= d->noptions)
        return LB_USAGE;
    return lb_melee_answer(m, d->options[k].key);
}

/* The melee played with the question's dice to its end, each decision answered. */
static int play(lb_answer *a, lb_err *err)
{
    int rc = lb_melee_new(a->st, a->q.melee, &a->u.melee.m);
    while (rc == LB_OK) {
        rc = lb_melee_resolve(a->u.melee.m, a->q.dice);
        if (rc != LB_OK)
            return lb_err_set(err, rc, "%s", lb_melee_error(a->u.melee.m));
        if (lb_melee_status_of(a->u.melee.m) != LB_MELEE_DECIDE)
            return LB_OK;
        rc = decide(a, a->u.melee.m);
    }
    return rc;
}

int lbi_melee_ask(lb_answer *a, lb_err *err)
{
    if (!a->q.melee)
        return LB_USAGE;
    a->u.melee.c = calloc(1, sizeof *a->u.melee.c);
    int rc = a->u.melee.c ? lb_melee_odds(a->st, a->q.melee, a->u.melee.c, &a->trace) : LB_NOMEM;
    if (rc == LB_INVALID)
        lb_err_set(err, rc, "more pre-melee checks than the exact odds enumerate");
    if (rc == LB_OK && a->q.dice && a->u.melee.c->allowed)
        rc = play(a, err);
    if (rc != LB_OK)
        lbi_melee_release(a);
    return rc;
}

void lbi_melee_release(lb_answer *a)
{
    lb_melee_free(a->u.melee.m);
    free(a->u.melee.c);
    a->u.melee.m = NULL;
    a->u.melee.c = NULL;
}
