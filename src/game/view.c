/* The view of a game for one role (api.md): clock, segment, score, units, objectives, the pending decision and the trace, as JSON. */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game_int.h"
#include "answer_int.h"
#include "state_int.h"
#include "decision_int.h"
#include "unit_int.h"

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

/* R-WEB-21: past this many options, a decision's moves are listed by their keys alone. */
#define VIEW_LABELLED_MAX 10000

/* The options of d as a JSON array, written straight into t ([{"key","label"?,"param"?}], the
 * same bytes jansson would write, without a value per option: a decision may list thousands). */
static int options_text(lbi_text *t, const lb_decision *d)
{
    int rc = lbi_text_add(t, "[", 1), keys_only = d->noptions > VIEW_LABELLED_MAX;
    for (int i = 0; i < d->noptions && rc == LB_OK; i++) {
        const lb_option *o = &d->options[i];
        int labelled = !(keys_only && strncmp(o->key, "move:", 5) == 0);
        rc = lbi_text_add(t, i ? ",{\"key\":" : "{\"key\":", i ? 8 : 7);
        if (rc == LB_OK)
            rc = lbi_json_string_put(t, o->key);
        if (rc == LB_OK && labelled)
            rc = lbi_text_add(t, ",\"label\":", 9);
        if (rc == LB_OK && labelled)
            rc = lbi_json_string_put(t, o->text);
        if (rc == LB_OK && o->param)
            rc = lbi_text_add(t, ",\"param\":", 9);
        if (rc == LB_OK && o->param)
            rc = lbi_json_string_put(t, o->param);
        if (rc == LB_OK)
            rc = lbi_text_add(t, "}", 1);
    }
    return rc == LB_OK ? lbi_text_add(t, "]", 1) : rc;
}

/* The JSON text j (stolen; NULL: out of memory) appended to t, its last byte left off when open
 * (to add members to an object); LB_OK or LB_NOMEM. */
static int dump_into(lbi_text *t, json_t *j, int open)
{
    char *text = j ? json_dumps(j, JSON_COMPACT) : NULL;
    json_decref(j);
    int rc = text ? lbi_text_add(t, text, strlen(text) - (open ? 1 : 0)) : LB_NOMEM;
    free(text);
    return rc;
}

/* The pending decision as JSON into t: null, or {"side","kind","subject","prompt","options",
 * "yours","retreat"?,"charge"?,"zones"?}. */
static int pending_text(lbi_text *t, const lb_game *g, int role)
{
    const lb_decision *d = lb_game_pending(g);
    if (!d)
        return lbi_text_add(t, "null", 4);
    int rc = dump_into(t, json_pack("{s:s,s:s,s:s,s:s}", "side", g->st->sides[d->side], "kind",
                                    lb_decision_kind_name(d->kind), "subject", d->subject,
                                    "prompt", d->prompt), 1);
    if (rc == LB_OK)
        rc = lbi_text_add(t, ",\"options\":", 11);
    if (rc == LB_OK)
        rc = options_text(t, d);
    if (rc == LB_OK)
        rc = lbi_text_put(t, ",\"yours\":%s", lb_game_may_decide(g, role) ? "true" : "false");
    json_t *retreat = rc == LB_OK ? lbi_view_retreat(g, d) : NULL;
    if (retreat && (rc = lbi_text_add(t, ",\"retreat\":", 11)) == LB_OK)
        rc = dump_into(t, retreat, 0);
    else
        json_decref(retreat);
    json_t *charge = rc == LB_OK ? lbi_view_charge(g) : NULL;
    if (charge && (rc = lbi_text_add(t, ",\"charge\":", 10)) == LB_OK)
        rc = dump_into(t, charge, 0);
    else
        json_decref(charge);
    json_t *zones = rc == LB_OK ? lbi_view_zones(g, d) : NULL; /* R-WEB-18 */
    if (zones && (rc = lbi_text_add(t, ",\"zones\":", 9)) == LB_OK)
        rc = dump_into(t, zones, 0);
    else
        json_decref(zones);
    return rc == LB_OK ? lbi_text_add(t, "}", 1) : rc;
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
                            json_pack("{s:i,s:i,s:i,s:i,s:i}", "objectives", sc.objectives[s],
                                      "increments", sc.increments[s], "surrendered",
                                      sc.surrendered[s], "leaders", sc.leaders[s],
                                      "morale_levels", sc.levels[s]));
    }
    json_t *result = sc.over ? json_pack("{s:o,s:s,s:o}", "winner",
                                         sc.winner >= 0 ? json_string(st->sides[sc.winner])
                                                        : json_null(),
                                         "outcome", lb_outcome_name(sc.outcome), "conceded",
                                         sc.conceded >= 0 ? json_string(st->sides[sc.conceded])
                                                          : json_null())
                             : json_null();
    /* R-VIC-3, R-VIC-4: the scenario's key, so that a page says where each point comes from */
    const lb_victory *v = &g->origin->battle.victory;
    json_t *margins = json_object();
    for (int l = 0; l < LB_VICTORY_LEVELS; l++)
        json_object_set_new(margins, lb_outcome_name((lb_outcome)(LB_OUTCOME_MARGINAL + l)),
                            json_integer(v->margin[l]));
    json_t *levels = json_array();
    for (int k = 0; k < v->nlevel_awards; k++) /* R-VIC-6 */
        json_array_append_new(levels, json_pack("{s:s,s:i,s:i}", "organisation",
                                                g->origin->battle.orgs[v->level_awards[k].org].id,
                                                "level", v->level_awards[k].level, "points",
                                                v->level_awards[k].points));
    json_t *per = json_pack("{s:i,s:i,s:i,s:o}", "increment", v->per_increment, "surrendered",
                            v->per_surrender, "leader", v->per_leader, "morale_levels", levels);
    return json_pack("{s:o,s:o,s:o,s:o,s:o}", "points", points, "detail", detail, "result", result,
                     "per", per, "margins", margins);
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
        "{s:s,s:s,s:i,s:s,s:s,s:i,s:o,s:s,s:s,s:o,s:o,s:o,s:o,s:o,s:o,s:b}", "role",
        role >= 0 ? st->sides[role] : role == LB_ROLE_BOTH ? "both" : "spectator", "title",
        st->title ? st->title : "", "seq", g->journal.count, "rules", lb_edition_name(st->rules),
        "clock", clock, "turn", g->turn_index + 1, "last_turn",
        last >= 0 ? json_string(last_clock) : json_null(), "phasing", st->sides[st->turn.phasing],
        "segment", lb_segment_name(st->turn.segment), "score", score, "result", result, "units",
        units, "reinforcements", reserve, "objectives", objectives, "morale_levels", orgs, "undo",
        lbi_game_may_undo(g, role));
    json_t *never = root ? lbi_never_ask_json(g, role) : NULL; /* R-OCH-9, R-OCH-13 */
    if (never)
        json_object_set_new(root, "never_ask", never);
    /* then "pending", whose options are written as text, "trace" and "hash" */
    lbi_text t = {0};
    int rc = dump_into(&t, root, 1);
    if (rc == LB_OK)
        rc = lbi_text_add(&t, ",\"pending\":", 11);
    if (rc == LB_OK)
        rc = pending_text(&t, g, role);
    if (rc == LB_OK)
        rc = lbi_text_add(&t, ",\"trace\":", 9);
    if (rc == LB_OK)
        rc = dump_into(&t, lbi_trace_json(&g->trace), 0);
    if (rc == LB_OK)
        rc = lbi_text_put(&t, ",\"hash\":\"%s\",\"dice\":", hash);
    /* R-DICE-3: where the dice come from; a secret only once the battle is over */
    if (rc == LB_OK)
        rc = dump_into(&t, lbi_dice_json(g), 0);
    if (rc == LB_OK)
        rc = lbi_text_add(&t, "}", 1);
    if (rc != LB_OK) {
        lbi_text_release(&t);
        return LB_NOMEM;
    }
    *out = t.buf;
    return LB_OK;
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
