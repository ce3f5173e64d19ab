/* The owner's choice for each leader a retreating unit leaves alone (R-RET-15, R-RET-22): he goes with it to its end hex or stays where he stands. */
#include <stdio.h>
#include <string.h>

#include "game_int.h"
#include "game_events.h"
#include "state_int.h"
#include "decision_int.h"
#include "unit_int.h"
#include "hex_int.h"

int lbi_leaders_queue(lb_game *g, const lb_retreat *r, lb_hex end, int *at)
{
    int rc = LB_OK;
    for (int i = 0; i < r->nleaders && rc == LB_OK; i++) {
        if (r->leaders[i].captured)
            continue;
        task t = {.kind = TASK_LEADER, .hex = end, .event = g->tasks[0].event};
        snprintf(t.unit, sizeof t.unit, "%s", r->leaders[i].id);
        snprintf(t.why, sizeof t.why, "%s", r->unit);
        rc = lbi_task_insert(g, *at, &t);
        if (rc == LB_OK)
            ++*at;
    }
    return rc;
}

/* Moves leader l to h or leaves him, traced with how (enum game_leader_how). */
static int leader_to(lb_game *g, int l, const task *t, int goes, int how)
{
    lb_state *st = g->st;
    lb_unit *v = &st->units[l];
    if (goes)
        LBI_EVENT(g->tr, "R-RET-22", "(7), (30)", EV_GAME_LEADER_GOES, ev_unit_id(v->id),
                  ev_unit_id(t->why), ev_game_hex(st, v->hexes[0]), ev_game_hex(st, t->hex),
                  ev_phrase(GAME_PH_LEADER, how));
    else
        LBI_EVENT(g->tr, "R-RET-22", "(7), (30)", EV_GAME_LEADER_STAYS, ev_unit_id(v->id),
                  ev_game_hex(st, v->hexes[0]), ev_unit_id(t->why),
                  ev_phrase(GAME_PH_LEADER, how));
    if (!goes || lb_hex_eq(v->hexes[0], t->hex))
        return LB_OK;
    v->hexes[0] = t->hex;
    v->nhexes = 1;
    lb_state_touch(st);
    return lb_state_reindex(st);
}

int lbi_leader_run(lb_game *g, int leader, const task *t)
{
    lb_state *st = g->st;
    const lb_unit *v = &st->units[leader];
    int with = lb_state_unit_index(st, t->why);
    /* R-RET-22: gone or no longer at the end, the unit takes no one along; a what-if copy takes
     * the automatic choice (R-AI-2) */
    if (lb_hex_eq(v->hexes[0], t->hex))
        return 1;
    if (with < 0 || !lb_unit_in_hex(&st->units[with], t->hex))
        return leader_to(g, leader, t, 0, GAME_LEADER_NO_UNIT) == LB_OK ? 1 : -1;
    if (g->whatif)
        return leader_to(g, leader, t, 1, GAME_LEADER_AUTOMATIC) == LB_OK ? 1 : -1;
    char here[LB_HEX_LABEL_MAX], there[LB_HEX_LABEL_MAX];
    lb_map_label(&st->map, v->hexes[0], here);
    lb_map_label(&st->map, t->hex, there);
    lb_decision d;
    lb_decision_init(&d, LB_DECIDE_PATH, v->side, v->id, "R-RET-22",
                     "%s: %s moved from %s to %s, leaving %s with no friendly combat unit: does "
                     "he go with it or stay? (R-RET-15, R-RET-22)", st->sides[v->side], t->why,
                     here, there, v->id);
    lb_action go, stay, automatic;
    lb_action_init(&go, LB_VERB_END_AT);
    lb_action_add_hex(&go, t->hex);
    lb_action_init(&stay, LB_VERB_END_AT);
    lb_action_add_hex(&stay, v->hexes[0]);
    lb_action_init(&automatic, LB_VERB_AUTO);
    int rc = lbi_offer(&d, st, &go, NULL, "%s goes with %s to %s", v->id, t->why, there);
    if (rc == LB_OK)
        rc = lbi_offer(&d, st, &stay, NULL, "%s stays at %s, alone: enemy cavalry entering his "
                       "hex captures him (7)", v->id, here);
    if (rc == LB_OK)
        rc = lbi_offer(&d, st, &automatic, NULL, "the automatic choice: he goes with %s "
                       "(R-RET-15)", t->why);
    d.auto_choice = d.noptions - 1;
    if (rc != LB_OK) {
        lb_decision_release(&d);
        return -1;
    }
    LBI_EVENT(g->tr, "R-RET-22", "(7), (30)", EV_GAME_LEADER_ASKED, ev_text(st->sides[v->side]),
              ev_unit_id(v->id), ev_unit_id(t->why), lbi_ev_label(there), lbi_ev_label(here));
    lb_decision_move(&g->pending, &d);
    g->has_pending = 1;
    return 0;
}

int lbi_leader_answer(lb_game *g, const task *t, const lb_action *a)
{
    int l = lb_state_unit_index(g->st, t->unit);
    if (l < 0)
        return LB_INVALID;
    if (a->verb == LB_VERB_AUTO)
        return leader_to(g, l, t, 1, GAME_LEADER_AUTOMATIC);
    if (a->verb != LB_VERB_END_AT || a->nhexes != 1)
        return LB_INVALID;
    if (lb_hex_eq(a->hexes[0], t->hex))
        return leader_to(g, l, t, 1, GAME_LEADER_CHOSEN);
    if (lb_hex_eq(a->hexes[0], g->st->units[l].hexes[0]))
        return leader_to(g, l, t, 0, GAME_LEADER_CHOSEN);
    return LB_INVALID;
}
