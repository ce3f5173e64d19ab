/* Fire answers as JSON (labataille fire): the fire of one unit or several together, its value, defence, odds, exact losses, and the dice when rolled. */
#include <stdio.h>

#include "answer_int.h"
#include "state_int.h"

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
    const lb_fire_defence *d = &o->defence;
    int defended = o->allowed;
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

int lb_fire_json(const lb_state *st, const lb_fire_result *r, int rolled, uint64_t seed,
                 int scripted, const lb_trace *t, char **out)
{
    return lbi_answer_text(fire_answer(st, r, rolled, seed, scripted, t), out);
}
