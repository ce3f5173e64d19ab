/* The over-stacking check in play (W31-3, V18-7; R-STACK-6..8): at the end of the phasing side's Movement segment each of its hexes over its limit rolls once for all its units, then units displace until it is legal. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game_int.h"
#include "game_events.h"
#include "state_int.h"
#include "stacking_int.h"
#include "retreat_int.h"

/* One hex: rolled with the game's dice, applied, the failing units' moves queued. */
static int check_hex(lb_game *g, lb_hex h)
{
    lb_state *st = g->st;
    if (lb_state_top_enemy(st, h, st->turn.phasing) >= 0)
        return LB_OK; /* cavalry on a carré (38): two sides, no stack; the charge's rules rule */
    lb_stack_count count;
    lb_stack_count_hex(st, h, -1, &count);
    const char *rule;
    lb_said over;
    if (lb_stack_fits(st, h, &count, &rule, &over))
        return LB_OK; /* within its limit: nothing to roll, nothing to say */
    lb_stack_check c;
    lb_dice dice;
    lbi_dice_begin(g, &dice);
    int rc = lb_stack_overstack_resolve(st, h, &dice, &c, g->tr);
    int drc = lbi_dice_end(g, &dice);
    if (rc != LB_OK || drc != LB_OK)
        return rc != LB_OK ? rc : drc;
    if (!c.over)
        return LB_OK;
    char label[LB_HEX_LABEL_MAX], why[LB_GAME_REASON_MAX];
    lb_map_label(&st->map, h, label);
    lb_said_fmt(&c.why, why, sizeof why);
    LBI_EVENT(g->tr, "R-STACK-7", "(31)", EV_GAME_OVERSTACKED, lbi_ev_label(label), ev_text(why),
              ev_int(c.nunits), ev_roll(c.roll));
    /* R-MOR-18: the one roll is every unit's check in this event: no stack-mate checks again */
    int event = lbi_event_new(g);
    for (int i = 0; i < c.nunits; i++) {
        unit_rec *r = lbi_game_rec(g, c.units[i].unit);
        if (r)
            r->checked_event = event;
        LBI_EVENT(g->tr, "R-STACK-6", "(31)", EV_GAME_OVERSTACK_CHECK, ev_unit_id(c.units[i].unit),
                  ev_int(c.units[i].odds.morale), ev_int(c.units[i].odds.modifier),
                  ev_int(c.units[i].fails));
    }
    if ((rc = lb_stack_overstack_apply(st, &c)) != LB_OK)
        return rc;
    for (int i = 0; i < c.nunits && rc == LB_OK; i++) {
        if (!c.units[i].fails || !c.units[i].outcome.moves)
            continue;
        task t = {.kind = TASK_RETREAT, .retreat = c.units[i].outcome.move, .event = event};
        snprintf(t.unit, sizeof t.unit, "%s", c.units[i].unit);
        rc = lbi_task_push(g, &t);
    }
    /* R-STACK-8: once the failing units have gone, the hex displaces units until legal */
    task d = {.kind = TASK_DISPLACE, .hex = h, .event = event};
    snprintf(d.unit, sizeof d.unit, "%s", c.nunits ? c.units[0].unit : "");
    return rc == LB_OK ? lbi_task_push(g, &d) : rc;
}

/* R-STACK-8: unit i moves one hex away from the enemy along the retreat rules' automatic path
 * r, in its state; leaders it leaves alone are asked about (R-RET-22) and a unit out of good
 * order sets off its friends' checks (R-MOR-16), queued after the task. */
static int displace(lb_game *g, int i, lb_retreat *r, const char *label, const char *why,
                    int event)
{
    lb_state *st = g->st;
    char id[LB_SUBJECT_MAX];
    snprintf(id, sizeof id, "%s", st->units[i].id);
    int side = st->units[i].side, out_of_order = st->units[i].state != LB_STATE_GOOD;
    lb_hex moved[2] = {st->units[i].hexes[0], r->choice[r->hexes - 1]};
    LBI_EVENT(g->tr, "R-STACK-8", "(31)", EV_GAME_OVERSTACK_MOVES, lbi_ev_label(label),
              ev_text(why), ev_unit_id(id), ev_game_hex(st, moved[1]));
    r->leaders_stay = 1;
    int rc = lb_retreat_apply(st, i, r, -1), at = 1;
    if (rc == LB_OK)
        rc = lbi_leaders_queue(g, r, moved[1], &at);
    if (rc == LB_OK && out_of_order)
        rc = lbi_checks_passed(g, id, side, moved, 2, event, &at);
    return rc;
}

/* R-STACK-8 */
int lbi_overstack_displace(lb_game *g, const task *t, int *done)
{
    lb_state *st = g->st;
    lb_hex h = t->hex;
    char label[LB_HEX_LABEL_MAX], why[LB_GAME_REASON_MAX];
    lb_map_label(&st->map, h, label);
    lb_stack_count count;
    lb_stack_count_hex(st, h, -1, &count);
    const char *rule;
    lb_said over;
    *done = 1;
    if (lb_stack_fits(st, h, &count, &rule, &over)) {
        LBI_EVENT(g->tr, "R-STACK-8", "(31)", EV_GAME_OVERSTACK_WITHIN, lbi_ev_label(label));
        return LB_OK;
    }
    lb_said_fmt(&over, why, sizeof why);
    const int *idx;
    int n = lb_map_contains(&st->map, h) ? lb_state_units_at(st, h, &idx) : 0;
    for (int k = n - 1; k >= 0; k--) {
        int i = idx[k];
        if (!lb_unit_is_combat(&st->units[i]))
            continue;
        lb_retreat r;
        lb_retreat_req req = {.kind = LB_RETREAT_DISORDER, .hexes = 1, .max_paths = 1};
        int rc = lb_retreat_paths(st, i, &req, &r, NULL);
        if (rc != LB_OK)
            return rc;
        if (!r.surrender && !r.stays && r.hexes == 1 && r.choice) {
            *done = 0;
            rc = displace(g, i, &r, label, why, t->event);
            lb_retreat_release(&r);
            return rc;
        }
        lb_retreat_release(&r);
    }
    LBI_EVENT(g->tr, "R-STACK-8", "(31)", EV_GAME_OVERSTACK_STAYS, lbi_ev_label(label),
              ev_text(why));
    return LB_OK;
}

/* R-STACK-7 */
int lbi_overstack_end_movement(lb_game *g)
{
    const lb_state *st = g->st;
    int side = st->turn.phasing, cells = st->map.cols * st->map.rows, rc = LB_OK;
    unsigned char *seen = calloc((size_t)cells + 1, 1);
    if (!seen)
        return LB_NOMEM;
    lb_hex *hexes = malloc(((size_t)cells + 1) * sizeof *hexes);
    int n = 0;
    for (int i = 0; i < st->nunits && hexes; i++) {
        const lb_unit *u = &st->units[i];
        for (int k = 0; k < u->nhexes && u->side == side && lb_unit_is_combat(u); k++) {
            if (!lb_map_contains(&st->map, u->hexes[k]))
                continue;
            int cell = lb_map_cell(&st->map, u->hexes[k]);
            if (!seen[cell]) {
                seen[cell] = 1;
                hexes[n++] = u->hexes[k];
            }
        }
    }
    /* hexes before any change: a failing unit's retreat comes after, as a task */
    for (int i = 0; i < n && hexes && rc == LB_OK; i++)
        rc = check_hex(g, hexes[i]);
    rc = hexes ? rc : LB_NOMEM;
    free(seen);
    free(hexes);
    return rc;
}
