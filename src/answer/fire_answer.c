/* Fire answers (labataille fire) as text and JSON: the fire of one unit or several together, its value, defence, odds, exact losses, and the dice when rolled. */
#include <stdio.h>
#include <stdlib.h>

#include "answer_int.h"
#include "ask_int.h"
#include "fire_charts_int.h"
#include "fire_int.h"
#include "state_int.h"
#include "retreat_int.h"
#include "unit_int.h"
#include "frac_int.h"

static json_t *frac_json(lb_frac f)
{
    return f.den == 1 ? json_integer(f.num) : json_real(lb_frac_double(f));
}

static json_t *exact_json(lb_frac f)
{
    char buf[48];
    return json_string(lb_frac_fmt(f, buf, sizeof buf));
}

static json_t *hexes_json(const lb_state *st, const lb_fire_value *v)
{
    json_t *a = json_array();
    for (int k = 0; k < v->nhexes; k++) {
        const lb_fire_hex *h = &v->hexes[k];
        char l[LB_HEX_LABEL_MAX];
        json_array_append_new(
            a, json_pack("{s:s,s:i,s:i,s:b,s:b,s:b,s:b,s:i,s:b,s:b,s:o,s:o}", "hex",
                         lb_map_label(&st->map, h->hex, l), "increments", h->increments,
                         "distance", h->distance, "in_range", h->in_range, "front", h->front,
                         "los", h->los, "fires", h->fires, "firing", h->firing, "capped",
                         h->capped, "halved", h->halved, "value", frac_json(h->value),
                         "value_exact", exact_json(h->value)));
    }
    return a;
}

/* A distribution over 0..max (the hex's loss, or what its units take), nonzero entries. */
static json_t *outcomes_json(const lb_frac *p, int max, int exact)
{
    json_t *m = json_object();
    for (int l = 0; l <= max; l++) {
        if (!p[l].num)
            continue;
        char key[8];
        snprintf(key, sizeof key, "%d", l);
        json_object_set_new(m, key, exact ? exact_json(p[l]) : frac_json(p[l]));
    }
    return m;
}

static json_t *targets_json(const lb_state *st, const lb_fire_chance *o)
{
    json_t *a = json_array();
    for (int j = 0; j < o->nunits; j++) {
        const lb_fire_target *tu = &o->units[j];
        json_t *by_loss = json_object();
        for (int l = 0; l <= o->max_loss; l++) {
            char key[8];
            snprintf(key, sizeof key, "%d", l);
            json_object_set_new(by_loss, key, json_pack("{s:i,s:b}", "loss", tu->loss[l], "check",
                                                        tu->check[l]));
        }
        json_t *u = json_pack("{s:s,s:i,s:i,s:i,s:s,s:i,s:o,s:o,s:o,s:o,s:o}", "unit",
                              st->units[tu->unit].id, "strength", tu->strength, "in_hex",
                              tu->in_hex, "losses_before", st->units[tu->unit].losses,
                              "checks_on", tu->trigger ? lb_fire_trigger_name(tu->trigger->on)
                                                       : "every",
                              "checks_from", tu->trigger ? tu->trigger->from : 1, "p_check",
                              frac_json(tu->p_check), "p_check_exact", exact_json(tu->p_check),
                              "p_eliminated", frac_json(tu->p_eliminated), "p_eliminated_exact",
                              exact_json(tu->p_eliminated), "by_outcome", by_loss);
        json_array_append_new(a, u);
    }
    return a;
}

static json_t *morale_json(const lb_morale_result *m)
{
    json_t *j = json_pack("{s:i,s:i,s:i,s:b,s:s,s:s}", "roll", m->roll, "modifier",
                          m->odds.modifier, "modified", m->modified, "passed", m->outcome.passed,
                          "new_state", lb_morale_state_name(m->outcome.to), "new_formation",
                          lb_formation_name(m->outcome.formation));
    json_object_set_new(j, "then", m->outcome.moves
                                       ? json_string(lb_retreat_kind_name(m->outcome.move))
                                       : json_null());
    return j;
}

static void rolled_json(const lb_state *st, const lb_fire_result *r, json_t *j)
{
    json_t *hits = json_array(), *cas = json_array();
    for (int i = 0; i < r->nhits; i++) {
        const lb_fire_hit *h = &r->hits[i];
        json_t *o = json_pack("{s:s,s:i,s:b,s:b}", "unit", st->units[h->unit].id, "loss", h->loss,
                              "eliminated", h->eliminated, "check", h->check);
        json_object_set_new(o, "morale", h->check ? morale_json(&h->morale) : json_null());
        json_array_append_new(hits, o);
    }
    for (int i = 0; i < r->ncasualties; i++) {
        const lb_fire_casualty *c = &r->casualties[i];
        json_t *checks = json_array();
        for (int k = 0; k < c->nchecks; k++)
            json_array_append_new(checks, json_string(st->units[r->odds.units[k].unit].id));
        json_array_append_new(cas, json_pack("{s:s,s:i,s:i,s:s,s:s?,s:i,s:o}", "leader",
                                             st->units[c->leader].id, "die", c->die, "rerolls",
                                             c->rerolls, "result",
                                             lb_casualty_kind_name(c->entry->result), "wound",
                                             c->entry->wound, "hours", c->hours,
                                             "morale_checks_pending", checks));
    }
    json_object_set_new(j, "roll", json_integer(r->roll));
    json_object_set_new(j, "modified", json_integer(r->modified));
    json_object_set_new(j, "loss", json_integer(r->loss));
    json_object_set_new(j, "hits", hits);
    json_object_set_new(j, "leader_casualty", json_boolean(r->casualty));
    json_object_set_new(j, "leader_casualties", cas);
}

/* One firer's answer; its own fields keep the names of the lead firer's top-level ones. */
static json_t *firer_json(const lb_state *st, const lb_fire_value *v)
{
    int valued = v->allowed;
    char said[LB_FIRE_REASON_MAX];
    json_t *j = json_pack("{s:s,s:b}", "unit", st->units[v->unit].id, "allowed", v->allowed);
    json_object_set_new(j, "rule", v->rule ? json_string(v->rule) : json_null());
    if (!v->allowed)
        lb_said_fmt(&v->why, said, sizeof said);
    json_object_set_new(j, "reason", v->allowed ? json_null() : json_string(said));
    json_object_set_new(j, "fire_value", valued ? frac_json(v->value) : json_null());
    json_object_set_new(j, "fire_value_exact", valued ? exact_json(v->value) : json_null());
    if (valued)
        lb_fire_value_breakdown(v, said, sizeof said);
    json_object_set_new(j, "breakdown", valued ? json_string(said) : json_null());
    json_object_set_new(j, "increments_firing", json_integer(v->increments_firing));
    json_object_set_new(j, "printed", json_boolean(v->printed));
    json_object_set_new(j, "multiple",
                        valued && !v->printed ? frac_json(v->multiple) : json_null());
    json_object_set_new(j, "multiple_exact",
                        valued && !v->printed ? exact_json(v->multiple) : json_null());
    json_object_set_new(j, "per_hex",
                        valued && !v->printed ? json_integer(v->per_hex) : json_null());
    json_object_set_new(j, "range", v->range ? json_integer(v->range) : json_null());
    json_object_set_new(j, "distance", v->distance ? json_integer(v->distance) : json_null());
    json_object_set_new(j, "battery", json_boolean(v->battery));
    json_object_set_new(j, "canister", json_boolean(v->canister));
    json_object_set_new(j, "long_range", json_boolean(v->long_range));
    json_object_set_new(j, "in_carre", json_boolean(v->in_carre));
    json_object_set_new(j, "times_exact", exact_json(v->times));
    char nl[LB_HEX_LABEL_MAX];
    json_object_set_new(j, "nearer", v->has_nearer ? json_string(lb_map_label(&st->map, v->nearer,
                                                                              nl))
                                                   : json_null());
    json_object_set_new(j, "hexes", hexes_json(st, v));
    return j;
}

/* The leaders of the target hex and the chances of a leader casualty (R-FIRE-15, R-CAS-1). */
static void leaders_json(const lb_state *st, const lb_fire_chance *o, int defended, json_t *j)
{
    json_t *leaders = json_array();
    for (int i = 0; i < o->nleaders; i++)
        json_array_append_new(leaders, json_string(st->units[o->leaders[i]].id));
    json_object_set_new(j, "leaders", leaders);
    json_object_set_new(j, "p_leader_casualty", defended ? frac_json(o->p_casualty) : json_null());
    json_object_set_new(j, "p_leader_casualty_exact",
                        defended ? exact_json(o->p_casualty) : json_null());
    json_object_set_new(j, "p_leader_casualty_each",
                        defended ? exact_json(o->p_casualty_each) : json_null());
}

/* The fire's value: its breakdown, the firing increments, the firer's multiple, range and hexes,
 * every firer (in the answer's key order). */
static void firing_json(const lb_state *st, const lb_fire_group *g, json_t *j)
{
    const lb_fire_value *v = &g->firers[0];
    char said[LB_FIRE_REASON_MAX];
    int valued = g->allowed;
    json_object_set_new(j, "fire_value", valued ? frac_json(g->value) : json_null());
    json_object_set_new(j, "fire_value_exact", valued ? exact_json(g->value) : json_null());
    if (valued)
        lb_fire_group_breakdown(g, said, sizeof said);
    json_object_set_new(j, "breakdown", valued ? json_string(said) : json_null());
    json_object_set_new(j, "increments_firing", json_integer(g->increments_firing));
    json_object_set_new(j, "printed", json_boolean(v->printed));
    json_object_set_new(j, "multiple",
                        v->allowed && !v->printed ? frac_json(v->multiple) : json_null());
    json_object_set_new(j, "multiple_exact",
                        v->allowed && !v->printed ? exact_json(v->multiple) : json_null());
    json_object_set_new(j, "per_hex",
                        v->allowed && !v->printed ? json_integer(v->per_hex) : json_null());
    json_object_set_new(j, "range", v->range ? json_integer(v->range) : json_null());
    json_object_set_new(j, "hexes", hexes_json(st, v));
    json_t *firers = json_array();
    for (int i = 0; i < g->nfirers; i++)
        json_array_append_new(firers, firer_json(st, &g->firers[i]));
    json_object_set_new(j, "firers", firers);
}

/* The target's defence, the odds column read and its shifts, the outcomes and the units hit. */
static void defence_json(const lb_state *st, const lb_fire_chance *o, json_t *j)
{
    const lb_fire_group *g = &o->fire;
    int defended = o->allowed;
    const lb_fire_defence *d = &o->defence;
    json_object_set_new(j, "fire_defense", defended ? json_integer(d->value) : json_null());
    json_object_set_new(j, "fire_defense_detail",
                        defended ? json_pack("{s:s,s:s,s:s,s:b,s:i,s:i}", "unit",
                                             st->units[d->unit].id, "terrain",
                                             st->charts.terrain[d->terrain].id, "read", d->read,
                                             "flank", d->flank, "base", d->base, "with_artillery",
                                             d->artillery)
                                 : json_null());
    json_object_set_new(j, "odds", defended && o->column ? json_string(o->column->label)
                                                         : json_null());
    json_object_set_new(j, "odds_read", defended && o->read ? json_string(o->read->label)
                                                             : json_null());
    json_object_set_new(j, "canister_shift", json_integer(g->canister));
    json_object_set_new(j, "odds_below", json_boolean(o->below));
    json_object_set_new(j, "odds_above", json_boolean(o->above));
    json_object_set_new(j, "target_increments", json_integer(o->target_increments));
    json_object_set_new(j, "massed_modifier", json_integer(o->massed));
    json_object_set_new(j, "roll_modifier", json_integer(o->modifier));
    json_object_set_new(j, "artillery_leader", g->leader >= 0 ? json_string(st->units[g->leader].id)
                                                              : json_null());
    json_object_set_new(j, "leader_modifier", json_integer(g->leader_modifier));
    json_object_set_new(j, "outcomes",
                        defended ? outcomes_json(o->p_loss, o->max_loss, 0) : json_null());
    json_object_set_new(j, "outcomes_exact",
                        defended ? outcomes_json(o->p_loss, o->max_loss, 1) : json_null());
    json_object_set_new(j, "taken",
                        defended ? outcomes_json(o->p_taken, o->max_taken, 0) : json_null());
    json_object_set_new(j, "taken_exact",
                        defended ? outcomes_json(o->p_taken, o->max_taken, 1) : json_null());
    json_object_set_new(j, "units", defended ? targets_json(st, o) : json_array());
}

static json_t *fire_answer(const lb_state *st, const lb_fire_result *r, int rolled, uint64_t seed,
                           int scripted, const lb_trace *t)
{
    const lb_fire_chance *o = &r->odds;
    const lb_fire_group *g = &o->fire;
    const lb_fire_value *v = &g->firers[0];
    char tl[LB_HEX_LABEL_MAX];
    json_t *j = json_pack("{s:s,s:s,s:s,s:b}", "unit", st->units[v->unit].id, "target",
                          lb_map_label(&st->map, g->target, tl), "kind",
                          lb_fire_kind_name(g->kind), "allowed", o->allowed);
    json_object_set_new(j, "rule", o->rule ? json_string(o->rule) : json_null());
    char said[LB_FIRE_REASON_MAX];
    if (!o->allowed)
        lb_said_fmt(&o->why, said, sizeof said);
    json_object_set_new(j, "reason", o->allowed ? json_null() : json_string(said));
    firing_json(st, g, j);
    defence_json(st, o, j);
    int defended = o->allowed;
    leaders_json(st, o, defended, j);
    if (rolled && o->allowed) {
        rolled_json(st, r, j);
        if (!scripted)
            json_object_set_new(j, "seed", json_integer((json_int_t)seed));
    } else {
        json_object_set_new(j, "roll", json_null());
    }
    json_object_set_new(j, "trace", lbi_trace_json(t));
    return j;
}

json_t *lbi_fire_json(const lb_answer *a)
{
    return fire_answer(a->st, a->u.fire.r, a->q.dice != NULL, a->q.seed, a->q.scripted,
                       &a->trace);
}

static void hexes_text(FILE *out, const lb_state *st, const lb_fire_value *v)
{
    for (int k = 0; k < v->nhexes; k++) {
        const lb_fire_hex *h = &v->hexes[k];
        char l[LB_HEX_LABEL_MAX], vb[32];
        fprintf(out, "    %s: %d increment%s, %d hex%s away: ",
                lb_map_label(lb_state_map(st), h->hex, l), h->increments,
                h->increments == 1 ? "" : "s", h->distance, h->distance == 1 ? "" : "es");
        if (!h->in_range)
            fprintf(out, "out of range (range %d)\n", v->range);
        else if (!h->front)
            fprintf(out, "not in front (R-FIRE-8)\n");
        else if (!h->los)
            fprintf(out, "no line of sight\n");
        else if (v->printed)
            fprintf(out, "fires\n");
        else
            fprintf(out, "%d fire%s, %s\n", h->firing, h->halved ? " (halved at 2 hexes)" : "",
                    lb_frac_fmt(h->value, vb, sizeof vb));
    }
}

/* R-FIRE-13: what the units lose, and the hex's loss when they take less of it */
static void losses_text(FILE *out, const lb_fire_chance *o)
{
    char pb[32];
    fprintf(out, "  increments lost:\n");
    for (int l = 0; l <= o->max_taken; l++)
        if (o->p_taken[l].num)
            fprintf(out, "    %2d  %-7s %5.1f%%\n", l, lb_frac_fmt(o->p_taken[l], pb, sizeof pb),
                    100.0 * lb_frac_double(o->p_taken[l]));
    if (lb_fire_chance_takes_less(o)) {
        fprintf(out, "  the hex's loss by the fire table, of which its units take less "
                "(R-FIRE-13):\n");
        for (int l = 0; l <= o->max_loss; l++)
            if (o->p_loss[l].num)
                fprintf(out, "    %2d  %-7s %5.1f%%  its units take %d\n", l,
                        lb_frac_fmt(o->p_loss[l], pb, sizeof pb),
                        100.0 * lb_frac_double(o->p_loss[l]), o->taken[l]);
    }
}

/* Each unit's morale check and elimination, the leaders' casualty check. */
static void targets_text(FILE *out, const lb_state *st, const lb_fire_chance *o)
{
    char vb[32], pb[32];
    for (int j = 0; j < o->nunits; j++) {
        const lb_fire_target *tu = &o->units[j];
        const lb_unit *u = lb_state_unit(st, tu->unit);
        fprintf(out, "  %s (%d lost before): morale check on %s loss%s: %s; eliminated: %s\n",
                u->id, u->losses, tu->trigger ? lb_fire_trigger_name(tu->trigger->on) : "every",
                tu->trigger && tu->trigger->from > 1 ? " (from a later one)" : "",
                lb_frac_fmt(tu->p_check, pb, sizeof pb),
                lb_frac_fmt(tu->p_eliminated, vb, sizeof vb));
    }
    if (o->nleaders == 1)
        fprintf(out, "  leader casualty check (1 leader in the hex): %s\n",
                lb_frac_fmt(o->p_casualty, pb, sizeof pb));
    else if (o->nleaders) {
        char each[32];
        fprintf(out, "  leader casualty check (%d leaders in the hex): %s, one of them, each %s "
                "(R-CAS-1)\n", o->nleaders, lb_frac_fmt(o->p_casualty, pb, sizeof pb),
                lb_frac_fmt(o->p_casualty_each, each, sizeof each));
    }
}

static void odds_text(FILE *out, const lb_state *st, const lb_fire_chance *o)
{
    const lb_fire_defence *d = &o->defence;
    char vb[32];
    fprintf(out, "  fire defence %d: %s (%s) in %s", d->value, lb_state_unit(st, d->unit)->id,
            d->read, lb_state_charts(st)->terrain[d->terrain].id);
    if (d->flank)
        fprintf(out, ", fired on through a flank hexside");
    if (d->artillery)
        fprintf(out, ", %d %+d with artillery", d->base, d->artillery);
    fprintf(out, "\n  odds %s : %d -> %s%s\n", lb_frac_fmt(o->fire.value, vb, sizeof vb),
            d->value, o->read ? o->read->label : "no effect (below the lowest column)",
            o->read && o->below ? " (below the lowest column)"
            : o->above          ? " (above the highest column)"
                                : "");
    if (o->fire.canister)
        fprintf(out, "  canister: %d column%s right -> %s\n", o->fire.canister,
                o->fire.canister == 1 ? "" : "s", o->column ? o->column->label : "no effect");
    fprintf(out, "  target hex: %d increments, roll modifier %+d (massed target)",
            o->target_increments, o->massed);
    if (o->modifier != o->massed)
        fprintf(out, ", %+d in all", o->modifier);
    fprintf(out, "\n");
    losses_text(out, o);
    targets_text(out, st, o);
}

static void hit_text(FILE *out, const lb_state *st, const lb_fire_hit *h)
{
    fprintf(out, "    %s loses %d%s", lb_state_unit(st, h->unit)->id, h->loss,
            h->eliminated ? ": eliminated" : "");
    if (h->check) {
        const lb_morale_result *m = &h->morale;
        fprintf(out, "; morale check: roll %d %+d = %d, %s -> %s", m->roll, m->odds.modifier,
                m->modified, m->outcome.passed ? "passed" : "failed",
                lb_morale_state_name(m->outcome.to));
        if (m->outcome.moves)
            fprintf(out, ", then %s", lb_retreat_kind_name(m->outcome.move));
    }
    fprintf(out, "\n");
}

static void rolled_text(FILE *out, const lb_state *st, const lb_fire_result *r, uint64_t seed,
                        int scripted)
{
    const lb_fire_chance *o = &r->odds;
    if (!scripted)
        fprintf(out, "  seed %llu\n", (unsigned long long)seed);
    fprintf(out, "  roll %d %+d = %d in column %s: %d increment%s lost\n", r->roll, o->modifier,
            r->modified, o->column ? o->column->label : "none", r->loss, r->loss == 1 ? "" : "s");
    for (int i = 0; i < r->nhits; i++)
        if (r->hits[i].loss)
            hit_text(out, st, &r->hits[i]);
    for (int i = 0; i < r->ncasualties; i++) {
        const lb_fire_casualty *c = &r->casualties[i];
        fprintf(out, "    leader %s: die %d, %s%s%s", lb_state_unit(st, c->leader)->id, c->die,
                lb_casualty_kind_name(c->entry->result), c->entry->wound ? ", " : "",
                c->entry->wound ? c->entry->wound : "");
        if (c->hours)
            fprintf(out, ", out %d hours", c->hours);
        if (c->nchecks)
            fprintf(out, "; the units of his hex must check morale");
        fprintf(out, "\n");
    }
}

/* Each firer's value (or why it may not fire) and the hexes it fires from. */
static void firers_text(FILE *out, const lb_state *st, const lb_fire_group *g)
{
    char said[LB_FIRE_REASON_MAX];
    for (int i = 0; i < g->nfirers; i++) {
        const lb_fire_value *v = &g->firers[i];
        if (v->allowed)
            lb_fire_value_breakdown(v, said, sizeof said);
        else
            lb_said_fmt(&v->why, said, sizeof said);
        if (g->nfirers > 1)
            fprintf(out, "  %s: %s\n", lb_state_unit(st, v->unit)->id, said);
        else if (v->allowed)
            fprintf(out, "  %s\n", said);
        if (v->allowed)
            hexes_text(out, st, v);
    }
    if (g->allowed && g->nfirers > 1) {
        lb_fire_group_breakdown(g, said, sizeof said);
        fprintf(out, "  together: %s\n", said);
    }
}

int lbi_fire_text(const lb_answer *a, FILE *out)
{
    const lb_state *st = a->st;
    const lb_fire_result *r = a->u.fire.r;
    const lb_fire_chance *o = &r->odds;
    const lb_fire_group *g = &o->fire;
    char tl[LB_HEX_LABEL_MAX];
    fprintf(out, "%s fires at %s%s%s%s: %s\n", lb_state_unit(st, a->q.units[0])->id,
            lb_map_label(lb_state_map(st), a->u.fire.target, tl),
            g->kind != LB_FIRE_OFFENSIVE ? " (" : "",
            g->kind != LB_FIRE_OFFENSIVE ? lb_fire_kind_name(g->kind) : "",
            g->kind != LB_FIRE_OFFENSIVE ? " fire)" : "", o->allowed ? "allowed" : "not allowed");
    firers_text(out, st, g);
    if (!o->allowed) {
        char said[LB_FIRE_REASON_MAX];
        lb_said_fmt(&o->why, said, sizeof said);
        fprintf(out, "  %s [%s]\n", said, o->rule);
    }
    if (o->allowed) {
        odds_text(out, st, o);
        if (a->q.dice)
            rolled_text(out, st, r, a->q.seed, a->q.scripted);
        else
            fprintf(out, "  (give --dice ROLL or --seed N to roll)\n");
    }
    fprintf(out, "trace:\n");
    lb_trace_print(out, &a->trace);
    return LB_OK;
}

/* R-FIRE-22: a target unit stands for the one of its hexes the fire may be made at; when it may
 * be made at several, or at none, the player names the hex (LB_USAGE, err listing them). */
static int pick_hex(const lb_state *st, lb_fire_request *rq, int tunit, lb_trace *t, lb_err *err)
{
    int n;
    int lrc = lb_fire_target_hex(st, rq, tunit, &rq->target, &n, t);
    if (lrc != LB_USAGE)
        return lrc;
    const lb_unit *u = lb_state_unit(st, tunit);
    char hexes[LB_UNIT_MAX_HEXES * (LB_HEX_LABEL_MAX + 2)] = "", l[LB_HEX_LABEL_MAX];
    size_t used = 0;
    for (int k = 0; k < u->nhexes; k++)
        used += (size_t)snprintf(hexes + used, sizeof hexes - used, "%s%s",
                                 k == 0 ? "" : k == u->nhexes - 1 ? " and " : ", ",
                                 lb_map_label(lb_state_map(st), u->hexes[k], l));
    const char *which = n == 0 ? (u->nhexes == 2 ? "neither" : "none of them")
                        : n == u->nhexes ? (u->nhexes == 2 ? "both" : "all of them")
                                         : "several of them";
    char who[512] = "";
    used = 0;
    for (int i = 0; i < rq->nfirers && used < sizeof who; i++)
        used += (size_t)snprintf(who + used, sizeof who - used, "%s%s",
                                 i == 0 ? "" : i == 1 ? " with " : ", ",
                                 lb_state_unit(st, rq->firers[i])->id);
    return lb_err_set(err, LB_USAGE, "%s stands in %s and %s may fire at %s: give the hex to "
                      "fire at (R-FIRE-22)", u->id, hexes, who, which);
}

int lbi_fire_question_check(const lb_answer *a)
{
    const lb_state *st = a->st;
    const lb_question *q = &a->q;
    if (q->nunits < 1 || q->fire_kind < LB_FIRE_OFFENSIVE || q->fire_kind > LB_FIRE_OPPORTUNITY)
        return LB_USAGE;
    for (int i = 0; i < q->nunits; i++)
        if (q->units[i] < 0 || q->units[i] >= lb_state_unit_count(st))
            return LB_INVALID;
    if (q->to_unit < -1 || q->to_unit >= lb_state_unit_count(st))
        return LB_INVALID;
    if (q->to_unit < 0 && !lb_map_contains(lb_state_map(st), q->to))
        return LB_USAGE;
    return LB_OK;
}

int lbi_fire_ask(lb_answer *a, lb_err *err)
{
    const lb_state *st = a->st;
    const lb_question *q = &a->q;
    int checked = lbi_fire_question_check(a);
    if (checked != LB_OK)
        return checked;
    lb_fire_request rq = {(lb_fire_kind)q->fire_kind, q->to, q->units, q->nunits};
    int rc = q->to_unit >= 0 ? pick_hex(st, &rq, q->to_unit, &a->trace, err) : LB_OK;
    if (rc != LB_OK)
        return rc;
    a->u.fire.target = rq.target;
    lb_fire_result *r = a->u.fire.r = calloc(1, sizeof *r);
    if (!r)
        return LB_NOMEM;
    rc = q->dice ? lb_fire_resolve(st, &rq, q->dice, r, &a->trace)
                 : lb_fire_odds(st, &rq, &r->odds, &a->trace);
    if (rc != LB_OK)
        lbi_fire_release(a);
    return rc;
}

void lbi_fire_release(lb_answer *a)
{
    if (a->u.fire.r)
        lb_fire_result_release(a->u.fire.r);
    free(a->u.fire.r);
    a->u.fire.r = NULL;
}
