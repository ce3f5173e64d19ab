/* The view of a game for one role (api.md): clock, segment, score, units, objectives, the pending decision and the trace, as JSON. */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>

#include "game_int.h"
#include "answer_int.h"

static json_t *hexes_json(const lb_state *st, const lb_unit *u)
{
    json_t *a = json_array();
    for (int k = 0; k < u->nhexes; k++) {
        char label[LB_HEX_LABEL_MAX];
        json_array_append_new(a, json_string(lb_map_label(&st->map, u->hexes[k], label)));
    }
    return a;
}

static json_t *unit_json(const lb_state *st, const lb_unit *u)
{
    json_t *o = json_pack("{s:s,s:s,s:s,s:o}", "id", u->id, "side", st->sides[u->side], "arm",
                          lb_arm_name(u->arm), "hexes", hexes_json(st, u));
    if (u->name)
        json_object_set_new(o, "name", json_string(u->name));
    if (lb_unit_is_combat(u)) {
        json_object_set_new(o, "strength", json_integer(lb_unit_strength(u)));
        json_object_set_new(o, "losses", json_integer(u->losses));
        json_object_set_new(o, "formation", json_string(lb_formation_name(u->formation)));
        json_object_set_new(o, "state", json_string(lb_morale_state_name(u->state)));
        json_object_set_new(o, "readiness", json_string(lb_readiness_name(u->readiness)));
    }
    json_object_set_new(o, "facing", u->facing ? json_integer(u->facing) : json_null());
    return o;
}

static json_t *pending_json(const lb_game *g, int role)
{
    const lb_decision *d = lb_game_pending(g);
    if (!d)
        return json_null();
    json_t *options = json_array();
    for (int i = 0; i < d->noptions; i++) {
        json_t *o = json_pack("{s:s,s:s}", "key", d->options[i].key, "label", d->options[i].text);
        if (d->options[i].param)
            json_object_set_new(o, "param", json_string(d->options[i].param));
        json_array_append_new(options, o);
    }
    json_t *p = json_pack("{s:s,s:s,s:s,s:s,s:o,s:b}", "side", g->st->sides[d->side], "kind",
                          lb_decision_kind_name(d->kind), "subject", d->subject, "prompt",
                          d->prompt, "options", options, "yours", lb_game_may_decide(g, role));
    json_t *retreat = lbi_view_retreat(g, d);
    if (retreat)
        json_object_set_new(p, "retreat", retreat);
    return p;
}

static json_t *score_json(const lb_game *g)
{
    lb_game_score sc;
    lb_game_score_of(g, &sc);
    const lb_state *st = g->st;
    json_t *points = json_object(), *detail = json_object();
    for (int s = 0; s < 2; s++) {
        json_object_set_new(points, st->sides[s], json_integer(sc.points[s]));
        json_object_set_new(detail, st->sides[s],
                            json_pack("{s:i,s:i,s:i,s:i}", "objectives", sc.objectives[s],
                                      "increments", sc.increments[s], "surrendered",
                                      sc.surrendered[s], "leaders", sc.leaders[s]));
    }
    json_t *result = sc.over ? json_pack("{s:o,s:s,s:o}", "winner",
                                         sc.winner >= 0 ? json_string(st->sides[sc.winner])
                                                        : json_null(),
                                         "outcome", lb_outcome_name(sc.outcome), "conceded",
                                         sc.conceded >= 0 ? json_string(st->sides[sc.conceded])
                                                          : json_null())
                             : json_null();
    return json_pack("{s:o,s:o,s:o}", "points", points, "detail", detail, "result", result);
}

int lb_game_view_json(const lb_game *g, int role, char **out)
{
    const lb_state *st = g->st;
    const lb_battle *b = &g->origin->battle;
    char clock[8], hash[20], label[LB_HEX_LABEL_MAX];
    snprintf(clock, sizeof clock, "%02d:%02d", st->turn.minutes / 60, st->turn.minutes % 60);
    snprintf(hash, sizeof hash, "%016llx", (unsigned long long)lb_game_hash(g));
    json_t *units = json_array(), *reserve = json_array(), *objectives = json_array(),
           *orgs = json_array();
    for (int i = 0; i < st->nunits; i++)
        json_array_append_new(units, unit_json(st, &st->units[i]));
    for (int k = 0; k < b->nreinforcements; k++)
        if (!g->entered[k]) {
            const lb_reinforcement *r = &b->reinforcements[k];
            char when[8];
            snprintf(when, sizeof when, "%02d:%02d", r->minutes / 60, r->minutes % 60);
            json_array_append_new(reserve, json_pack("{s:s,s:s,s:s,s:o}", "id", r->unit.id,
                                                     "side", st->sides[r->unit.side], "time",
                                                     when, "hexes", hexes_json(st, &r->unit)));
        }
    for (int k = 0; k < b->victory.nobjectives; k++)
        json_array_append_new(
            objectives,
            json_pack("{s:s,s:i,s:o}", "hex",
                      lb_map_label(&st->map, b->victory.objectives[k].hex, label), "points",
                      b->victory.objectives[k].points, "holder",
                      g->holder[k] >= 0 ? json_string(st->sides[g->holder[k]]) : json_null()));
    for (int k = 0; k < b->norgs; k++)
        json_array_append_new(orgs, json_pack("{s:s,s:s,s:i}", "id", b->orgs[k].id, "side",
                                              st->sides[b->orgs[k].side], "level",
                                              g->org_level[k]));
    int last = b->victory.last_turn;
    char last_clock[8];
    snprintf(last_clock, sizeof last_clock, "%02d:%02d", last / 60, last % 60);
    json_t *score = score_json(g);
    json_t *result = json_incref(json_object_get(score, "result"));
    json_t *root = json_pack(
        "{s:s,s:s,s:i,s:s,s:s,s:i,s:o,s:s,s:s,s:o,s:o,s:o,s:o,s:o,s:o,s:o,s:o,s:s}", "role",
        role >= 0 ? st->sides[role] : role == LB_ROLE_BOTH ? "both" : "spectator", "title",
        st->title ? st->title : "", "seq", g->journal.count, "rules", lb_edition_name(st->rules),
        "clock", clock, "turn", g->turn_index + 1, "last_turn",
        last >= 0 ? json_string(last_clock) : json_null(), "phasing", st->sides[st->turn.phasing],
        "segment", lb_segment_name(st->turn.segment), "score", score, "result", result, "units",
        units, "reinforcements", reserve, "objectives", objectives, "morale_levels", orgs,
        "pending", pending_json(g, role), "trace", lbi_trace_json(&g->trace), "hash", hash);
    /* R-DICE-3: where the dice come from; a secret only once the battle is over */
    if (root && json_object_set_new(root, "dice", lbi_dice_json(g)) != 0) {
        json_decref(root);
        root = NULL;
    }
    if (!root)
        return LB_NOMEM;
    *out = json_dumps(root, JSON_COMPACT);
    json_decref(root);
    return *out ? LB_OK : LB_NOMEM;
}

void lb_game_summary(const lb_game *g, char *buf, size_t n)
{
    const lb_state *st = g->st;
    if (g->over) {
        lb_game_score sc;
        lb_game_score_of(g, &sc);
        if (sc.winner >= 0)
            snprintf(buf, n, "over: %s, %s victory", st->sides[sc.winner],
                     lb_outcome_name(sc.outcome));
        else
            snprintf(buf, n, "over: a draw");
        return;
    }
    snprintf(buf, n, "%02d:%02d %s %s", st->turn.minutes / 60, st->turn.minutes % 60,
             st->sides[st->turn.phasing], lb_segment_name(st->turn.segment));
}
